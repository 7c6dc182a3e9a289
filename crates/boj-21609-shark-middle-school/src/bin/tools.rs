//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_21609_shark_middle_school::stress::SharkSchool,
    boj_21609_shark_middle_school::trace::SharkMiddleSchool
);
