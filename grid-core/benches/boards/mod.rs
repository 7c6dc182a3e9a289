//! The boards the grid bench and the reference bench measure, shared so that both time the same
//! cells (the reference bench includes this file by path).

use grid_core::Grid;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The sides measured. Criterion's test mode (`cargo test --benches`, no `--bench` argument)
/// only checks that each bench runs, and the 4000 x 4000 boards took most of its 5 s.
pub fn sides() -> &'static [usize] {
    if std::env::args().any(|a| a == "--bench") {
        &[1000, 4000]
    } else {
        &[1000]
    }
}

/// A deterministic random board of `values` distinct values (0..values).
pub fn random_board(side: usize, values: u8, seed: u64) -> Grid<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    Grid::from_vec(
        side,
        side,
        (0..side * side).map(|_| rng.gen_range(0..values)).collect(),
    )
}

/// The labelling board: five colours, every cell part of some component.
pub fn labelling_board(side: usize) -> Grid<u8> {
    random_board(side, 5, 1)
}

/// The rotation board: any byte.
pub fn rotation_board(side: usize) -> Grid<u8> {
    random_board(side, 255, 2)
}

/// The gravity board: half the cells empty (0), the rest in four colours.
pub fn gravity_board(side: usize) -> Grid<u8> {
    let mut board = random_board(side, 8, 3);
    for v in board.as_mut_slice() {
        if *v >= 4 {
            *v = 0;
        }
    }
    board
}
