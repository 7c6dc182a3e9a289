//! grid-core at judge scale (1000 x 1000 and 4000 x 4000): labelling, rotation and gravity.
//! What they are measured against (imageproc's labelling, image's rotate90, a plain copy) is
//! `reference-bench/`, on the same boards: `scripts/bench grid-core` runs both.

mod boards;

use boards::{gravity_board, labelling_board, rotation_board, sides};
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use grid_core::Dir;

fn labelling(c: &mut Criterion) {
    let mut group = c.benchmark_group("label_5_colours");
    group.sample_size(10);
    for &side in sides() {
        let board = labelling_board(side);
        group.throughput(Throughput::Elements((side * side) as u64));
        // Labels only: the same product as imageproc's label image.
        group.bench_with_input(
            BenchmarkId::new("grid_core_labels", side),
            &board,
            |b, g| b.iter(|| g.label_components(|_| true)),
        );
        // Labels plus every component's cell list, as the problems use it.
        group.bench_with_input(
            BenchmarkId::new("grid_core_components", side),
            &board,
            |b, g| b.iter(|| g.components(|_| true)),
        );
    }
    group.finish();
}

fn rotation(c: &mut Criterion) {
    let mut group = c.benchmark_group("rotate_cw_u8");
    group.sample_size(10);
    for &side in sides() {
        let board = rotation_board(side);
        group.throughput(Throughput::Bytes((side * side) as u64));
        group.bench_with_input(BenchmarkId::new("grid_core", side), &board, |b, g| {
            b.iter(|| g.rotated_cw())
        });
    }
    group.finish();
}

fn gravity(c: &mut Criterion) {
    let mut group = c.benchmark_group("gravity_down_u8");
    group.sample_size(10);
    for &side in sides() {
        let board = gravity_board(side);
        group.throughput(Throughput::Bytes((side * side) as u64));
        // Down first; Up sweeps like Down, Left and Right by rows.
        for (name, dir) in [
            ("grid_core_settle", Dir::Down),
            ("grid_core_settle_up", Dir::Up),
            ("grid_core_settle_left", Dir::Left),
            ("grid_core_settle_right", Dir::Right),
        ] {
            group.bench_with_input(BenchmarkId::new(name, side), &board, |b, g| {
                b.iter_batched_ref(
                    || g.clone(),
                    |g| g.settle(dir, |&v| v == 0),
                    BatchSize::LargeInput,
                )
            });
        }
    }
    group.finish();
}

criterion_group!(benches, labelling, rotation, gravity);
criterion_main!(benches);
