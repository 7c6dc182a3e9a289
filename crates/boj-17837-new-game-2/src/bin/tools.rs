//! This problem's tools binary (stress, worst input), run by `scripts/stress` and `scripts/bench-process`.

problem_tools::tools_main!(boj_17837_new_game_2::stress::NewGame2);
