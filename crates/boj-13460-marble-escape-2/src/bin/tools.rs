//! This problem's tools binary (stress, worst input, trace), run by `scripts/stress`,
//! `scripts/bench-process` and `scripts/trace`.

problem_harness::tools_main!(
    boj_13460_marble_escape_2::stress::MarbleEscape,
    boj_13460_marble_escape_2::trace::MarbleEscape
);
