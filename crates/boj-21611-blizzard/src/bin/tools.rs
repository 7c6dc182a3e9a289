//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_21611_blizzard::stress::Blizzard,
    boj_21611_blizzard::trace::Blizzard
);
