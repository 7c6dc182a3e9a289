//! The whole in-process program (parse, solve, format) on this problem's worst valid input.

problem_harness::bench_main!(boj_13460_marble_escape_2::stress::MarbleEscape);
