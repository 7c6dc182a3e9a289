//! The whole in-process program (parse, solve, format) on this problem's worst valid input.

problem_tools::bench_main!(boj_23289_warm_air::stress::WarmAir);
