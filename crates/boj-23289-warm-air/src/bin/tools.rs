//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_23289_warm_air::stress::WarmAir,
    boj_23289_warm_air::trace::WarmAir
);
