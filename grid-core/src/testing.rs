//! Helpers for this crate's exhaustive tests (compiled for tests only).

use super::dir::Dir;
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

/// Every line of `board` along `toward` (columns for up and down, rows for left and right), each
/// read starting from the wall `toward` points at.
pub fn lines_from_wall(board: &Grid<u8>, toward: Dir) -> Vec<Vec<u8>> {
    let (rows, cols) = (board.rows(), board.cols());
    let (lines, len) = if toward.is_vertical() {
        (cols, rows)
    } else {
        (rows, cols)
    };
    (0..lines)
        .map(|k| {
            (0..len)
                .map(|i| match toward {
                    Dir::Down => board[(rows - 1 - i, k)],
                    Dir::Up => board[(i, k)],
                    Dir::Left => board[(k, i)],
                    Dir::Right => board[(k, cols - 1 - i)],
                })
                .collect()
        })
        .collect()
}
