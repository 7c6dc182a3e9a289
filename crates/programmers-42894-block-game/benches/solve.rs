//! The whole in-process program (parse, solve, format) on this problem's worst valid input.

problem_harness::bench_main!(programmers_42894_block_game::stress::BlockGame::default());
