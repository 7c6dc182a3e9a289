//! What a problem crate offers the workspace tools, behind its `tools` feature so that the judge
//! binary and the bundle stay std-only.
//!
//! A problem crate implements [`Stress`] (a generator, an independent reference, a shrinker and
//! its worst valid input) in `src/stress.rs`, declared in `lib.rs` as
//! `#[cfg(feature = "tools")] pub mod stress;`, and gets two thin entry points:
//!
//! - `src/bin/tools.rs` (binary `<crate>-tools`, `required-features = ["tools"]`):
//!   `problem_harness::tools_main!(my_crate::stress::MyProblem);` — what `scripts/stress` and
//!   `scripts/bench-process` run (`stress`, `worst` subcommands);
//!   With a trace (a [`trace::Trace`] in `src/trace.rs`, `#[cfg(feature = "tools")] pub mod
//!   trace;`): `problem_harness::tools_main!(my_crate::stress::MyProblem, my_crate::trace::MyTrace);`
//!   adds `trace [FILE] [--no-color] [--json] [--html FILE]` (what `scripts/trace` runs);
//! - `benches/solve.rs` (criterion as a dev-dependency):
//!   `problem_harness::bench_main!(my_crate::stress::MyProblem);` — the worst input, in-process.
//!
//! The runner ([`run`]) is generic: seeds, worker threads, a per-case time limit, shrinking,
//! progress and saving are the same for every problem.

pub mod bench;
pub mod browser;
mod case;
pub mod cli;
mod erased;
pub mod hunt;
pub mod planted;
pub mod runner;
pub mod save;
mod shrink;
pub mod trace;

pub use erased::{AnyCase, Erased};
pub use runner::{assert_agrees, case_rng, run, Failure, Outcome, Report, Rng, Settings, Stress};
pub use shrink::shrink;

/// Criterion, for a bench that measures more than [`bench_main!`] does (the problem crates
/// reach it through here, so it is one dependency, compiled once).
pub use criterion;
/// Re-exported so generators need no rand dependency of their own.
pub use rand;
