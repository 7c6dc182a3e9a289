//! The whole in-process program (parse, solve, format) on this problem's worst valid input.

problem_harness::bench_main!(programmers_84021_puzzle_pieces::stress::Puzzle::default());
