//! Helpers for this crate's exhaustive tests (compiled for tests only).

use super::grid::Grid;

/// Every board of the given shape over `symbols` values (`symbols ^ (rows * cols)` boards).
pub fn all_boards(rows: usize, cols: usize, symbols: u32) -> impl Iterator<Item = Grid<u8>> {
    let n = rows * cols;
    (0..symbols.pow(n as u32)).map(move |code| {
        let cells = (0..n as u32)
            .map(|i| (code / symbols.pow(i) % symbols) as u8)
            .collect();
        Grid::from_vec(rows, cols, cells)
    })
}

/// The board shapes exhaustive tests enumerate: square, wide, tall, single lines, and empty ones.
pub const SMALL_SHAPES: [(usize, usize); 8] = [
    (3, 3),
    (2, 4),
    (4, 2),
    (1, 6),
    (6, 1),
    (2, 2),
    (0, 3),
    (3, 0),
];
