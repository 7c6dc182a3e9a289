//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_17780_new_game::stress::NewGame,
    boj_17780_new_game::trace::NEW_GAME
);
