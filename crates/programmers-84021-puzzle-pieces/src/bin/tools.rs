//! This problem's tools binary (stress, worst input), run by `scripts/stress` and `scripts/bench-process`.

problem_tools::tools_main!(programmers_84021_puzzle_pieces::stress::Puzzle::default());
