//! Every problem's whole in-process run (parse, solve, format) on its worst valid input.

use criterion::{criterion_group, criterion_main, Criterion};
use judge_kit::stress::worst;

/// A problem's whole in-process program: input text to output text.
type Run = fn(&str) -> Result<String, grid_core::InputError>;

fn problems(c: &mut Criterion) {
    let mut group = c.benchmark_group("worst_input");
    let cases: [(&str, String, Run); 5] = [
        (
            "puyo_longest_chain",
            worst::puyo(),
            boj_11559_puyo_puyo::run,
        ),
        (
            "2048_n20_fours_and_a_lone_1024",
            worst::game_2048(),
            boj_12100_2048_easy::run,
        ),
        (
            "new_game_2_n12_k10_1000_turns",
            worst::new_game_2(),
            boj_17837_new_game_2::run,
        ),
        (
            "block_game_n50_packed",
            worst::block_game(),
            programmers_42894_block_game::run,
        ),
        (
            "puzzle_n50_most_regions",
            worst::puzzle(),
            programmers_84021_puzzle_pieces::run,
        ),
    ];
    for (name, input, run) in cases {
        // A worst input must be a valid one.
        run(&input).expect("the worst input is valid");
        group.bench_function(name, |b| b.iter(|| run(&input).expect("valid")));
    }
    group.finish();
}

criterion_group!(benches, problems);
criterion_main!(benches);
