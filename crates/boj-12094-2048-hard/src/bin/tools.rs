//! This problem's tools binary (stress, worst input), run by `scripts/stress` and `scripts/bench-process`.

problem_tools::tools_main!(boj_12094_2048_hard::stress::Game2048Hard);
