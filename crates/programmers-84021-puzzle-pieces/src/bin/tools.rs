//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    programmers_84021_puzzle_pieces::stress::Puzzle::default(),
    programmers_84021_puzzle_pieces::trace::PuzzlePieces
);
