//! This problem's tools binary (stress, worst input), run by `scripts/stress` and `scripts/bench-process`.

problem_tools::tools_main!(boj_12100_2048_easy::stress::Game2048::default());
