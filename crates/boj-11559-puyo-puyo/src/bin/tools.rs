//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_11559_puyo_puyo::stress::Puyo,
    boj_11559_puyo_puyo::trace::Puyo
);
