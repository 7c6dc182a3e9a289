//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_23288_dice_rolling_2::stress::DiceRolling,
    boj_23288_dice_rolling_2::trace::DiceRolling
);
