//! The whole in-process program (parse, solve, format) on this problem's worst valid input.

problem_harness::bench_main!(boj_12100_2048_easy::stress::Game2048::default());
