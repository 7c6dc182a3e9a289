//! The plain-text trace of every sample (`samples/<crate>/*.in`), one snapshot per case
//! (`trace@<case>`, the input in its description), so that every rule change shows in review.

problem_harness::trace_snapshots!(boj_23289_warm_air::trace::WarmAir);
