//! grid-core at judge scale (1000 x 1000 and 4000 x 4000), side by side with the reference
//! implementations people reach for: imageproc's labelling, image's rotate90, a plain copy.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use grid_core::{Dir, Grid};
use image::{GrayImage, Luma};
use imageproc::region_labelling::{connected_components, Connectivity};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The sides measured. Criterion's test mode (`cargo test --benches`, no `--bench` argument)
/// only checks that each bench runs, and the 4000 x 4000 boards took most of its 5 s.
fn sides() -> &'static [usize] {
    if std::env::args().any(|a| a == "--bench") {
        &[1000, 4000]
    } else {
        &[1000]
    }
}

/// A deterministic random board of `values` distinct values (0..values).
fn random_board(side: usize, values: u8, seed: u64) -> Grid<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    Grid::from_vec(
        side,
        side,
        (0..side * side).map(|_| rng.gen_range(0..values)).collect(),
    )
}

fn as_image(g: &Grid<u8>) -> GrayImage {
    GrayImage::from_raw(g.cols() as u32, g.rows() as u32, g.as_slice().to_vec())
        .expect("sizes match")
}

fn labelling(c: &mut Criterion) {
    let mut group = c.benchmark_group("label_5_colours");
    group.sample_size(10);
    for &side in sides() {
        let board = random_board(side, 5, 1);
        let image = as_image(&board);
        // Same answer first: both count the same components.
        let ours = board.label_components(|_| true).count();
        let theirs = connected_components(&image, Connectivity::Four, Luma([255u8]));
        assert_eq!(
            ours as u32,
            theirs.pixels().map(|p| p.0[0]).max().unwrap_or(0)
        );
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
        group.bench_with_input(BenchmarkId::new("imageproc", side), &image, |b, img| {
            b.iter(|| connected_components(img, Connectivity::Four, Luma([255u8])))
        });
    }
    group.finish();
}

fn rotation(c: &mut Criterion) {
    let mut group = c.benchmark_group("rotate_cw_u8");
    group.sample_size(10);
    for &side in sides() {
        let board = random_board(side, 255, 2);
        let image = as_image(&board);
        assert_eq!(
            board.rotated_cw().as_slice(),
            image::imageops::rotate90(&image).as_raw().as_slice()
        );
        group.throughput(Throughput::Bytes((side * side) as u64));
        group.bench_with_input(BenchmarkId::new("grid_core", side), &board, |b, g| {
            b.iter(|| g.rotated_cw())
        });
        group.bench_with_input(
            BenchmarkId::new("image_rotate90", side),
            &image,
            |b, img| b.iter(|| image::imageops::rotate90(img)),
        );
    }
    group.finish();
}

fn gravity(c: &mut Criterion) {
    let mut group = c.benchmark_group("gravity_down_u8");
    group.sample_size(10);
    for &side in sides() {
        // Half the cells empty (0), the rest in four colours.
        let mut board = random_board(side, 8, 3);
        for v in board.as_mut_slice() {
            if *v >= 4 {
                *v = 0;
            }
        }
        group.throughput(Throughput::Bytes((side * side) as u64));
        group.bench_with_input(
            BenchmarkId::new("grid_core_settle", side),
            &board,
            |b, g| {
                b.iter_batched_ref(
                    || g.clone(),
                    |g| g.settle(Dir::Down, |&v| v == 0),
                    BatchSize::LargeInput,
                )
            },
        );
        // The other directions, for comparison: Up sweeps like Down, Left and Right by rows.
        for (name, dir) in [
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
        group.bench_with_input(BenchmarkId::new("plain_copy", side), &board, |b, g| {
            let mut target = g.as_slice().to_vec();
            b.iter(|| target.copy_from_slice(g.as_slice()))
        });
    }
    group.finish();
}

criterion_group!(benches, labelling, rotation, gravity);
criterion_main!(benches);
