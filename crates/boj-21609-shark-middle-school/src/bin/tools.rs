//! This problem's tools binary (stress, worst input), run by `scripts/stress` and `scripts/bench-process`.

problem_tools::tools_main!(boj_21609_shark_middle_school::stress::SharkSchool);
