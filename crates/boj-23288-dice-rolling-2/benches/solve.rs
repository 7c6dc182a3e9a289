//! The whole in-process program (parse, solve, format) on this problem's worst valid input.

problem_harness::bench_main!(boj_23288_dice_rolling_2::stress::DiceRolling);
