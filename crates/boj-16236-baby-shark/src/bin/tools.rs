//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_16236_baby_shark::stress::BabyShark,
    boj_16236_baby_shark::trace::BabyShark
);
