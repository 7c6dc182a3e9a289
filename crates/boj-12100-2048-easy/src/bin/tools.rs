//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_12100_2048_easy::stress::Game2048::default(),
    boj_12100_2048_easy::trace::Easy2048
);
