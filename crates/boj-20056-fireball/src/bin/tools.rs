//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_20056_fireball::stress::Fireball,
    boj_20056_fireball::trace::Fireball
);
