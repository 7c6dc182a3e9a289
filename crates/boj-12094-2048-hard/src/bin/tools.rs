//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_12094_2048_hard::stress::Game2048Hard,
    boj_12094_2048_hard::trace::Hard2048
);
