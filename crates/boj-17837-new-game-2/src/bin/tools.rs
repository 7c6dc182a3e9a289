//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_17837_new_game_2::stress::NewGame2,
    boj_17837_new_game_2::trace::NewGame2
);
