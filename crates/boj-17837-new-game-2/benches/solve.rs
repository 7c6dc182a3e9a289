//! The whole in-process program (parse, solve, format) on this problem's worst valid input.

problem_harness::bench_main!(boj_17837_new_game_2::stress::NewGame2);
