//! The implementations grid-core's primitives are measured against, on the grid bench's boards
//! and under its group names, so that criterion's figures sit side by side: imageproc's
//! labelling, image's `rotate90`, a plain copy of the board. Each first checks that it gives
//! grid-core's answer.

#[path = "../../grid-core/benches/boards/mod.rs"]
mod boards;

use boards::{gravity_board, labelling_board, rotation_board, sides};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grid_core::Grid;
use image::{GrayImage, Luma};
use imageproc::region_labelling::{connected_components, Connectivity};

fn as_image(g: &Grid<u8>) -> GrayImage {
    GrayImage::from_raw(g.cols() as u32, g.rows() as u32, g.as_slice().to_vec())
        .expect("sizes match")
}

fn labelling(c: &mut Criterion) {
    let mut group = c.benchmark_group("label_5_colours");
    group.sample_size(10);
    for &side in sides() {
        let board = labelling_board(side);
        let image = as_image(&board);
        // Same answer first: both count the same components.
        let ours = board.label_components(|_| true).count();
        let theirs = connected_components(&image, Connectivity::Four, Luma([255u8]));
        assert_eq!(
            ours as u32,
            theirs.pixels().map(|p| p.0[0]).max().unwrap_or(0)
        );
        group.throughput(Throughput::Elements((side * side) as u64));
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
        let board = rotation_board(side);
        let image = as_image(&board);
        assert_eq!(
            board.rotated_cw().as_slice(),
            image::imageops::rotate90(&image).as_raw().as_slice()
        );
        group.throughput(Throughput::Bytes((side * side) as u64));
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
        let board = gravity_board(side);
        group.throughput(Throughput::Bytes((side * side) as u64));
        // What moving every byte once costs: the floor under any gravity.
        group.bench_with_input(BenchmarkId::new("plain_copy", side), &board, |b, g| {
            let mut target = g.as_slice().to_vec();
            b.iter(|| target.copy_from_slice(g.as_slice()))
        });
    }
    group.finish();
}

criterion_group!(benches, labelling, rotation, gravity);
criterion_main!(benches);
