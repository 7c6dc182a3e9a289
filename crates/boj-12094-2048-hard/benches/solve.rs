//! The whole in-process program (parse, solve, format) on this problem's worst valid input, and
//! beside it the plain search over all 4^10 move sequences of the same board, for the ratio.

use std::time::Duration;

use boj_12094_2048_hard::stress::{plain_best, Game2048Hard};
use boj_12094_2048_hard::{parse, MOVES};
use problem_harness::bench::{black_box, measuring, valid_worst_input};
use problem_harness::criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use problem_harness::Stress;

fn pruned_and_plain(c: &mut Criterion) {
    let input = valid_worst_input(env!("CARGO_PKG_NAME"), &Game2048Hard);
    c.bench_function(concat!(env!("CARGO_PKG_NAME"), "/worst"), |b| {
        b.iter(|| Game2048Hard.real(black_box(&input)))
    });
    // About 1.4 million tilts per run, seconds each: ten runs of one iteration, and none in
    // criterion's test mode (the stress tests check plain_best against the reference).
    if !measuring() {
        return;
    }
    let board = parse(&input).expect("the worst input is valid");
    let mut plain = c.benchmark_group(concat!(env!("CARGO_PKG_NAME"), "/plain-search"));
    plain
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(30));
    plain.bench_function("worst", |b| b.iter(|| plain_best(black_box(&board), MOVES)));
    plain.finish();
}

criterion_group!(benches, pruned_and_plain);
criterion_main!(benches);
