//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    programmers_42894_block_game::stress::BlockGame::default(),
    programmers_42894_block_game::trace::BlockGame
);
