//! The whole in-process program (parse, solve, format) on this problem's worst valid input.

problem_harness::bench_main!(boj_21609_shark_middle_school::stress::SharkSchool);
