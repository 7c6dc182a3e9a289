//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_17144_fine_dust::stress::FineDust,
    boj_17144_fine_dust::trace::FineDust
);
