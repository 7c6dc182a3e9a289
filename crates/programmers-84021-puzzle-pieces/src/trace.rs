//! Puzzle Pieces drawn placement by placement from [`crate::filled_cells_observed`]: the table's
//! pieces numbered, the board's holes, then each piece put into a hole of its shape (marked).
//! For each shape the solver matched `count` times, its first `count` holes (in board order)
//! take its first `count` pieces (in table order).

use grid_core::{Components, Grid, Pos, Shape};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{filled_cells_observed, parse, Matched, FILLED};

/// Palette colour of filled board cells (`#`); pieces take the others.
const WALL: u32 = 11;

/// The Puzzle Pieces trace.
pub struct PuzzlePieces;

impl Trace for PuzzlePieces {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let (board, table) = parse(input).map_err(|e| e.to_string())?;
        let pieces = table.components(|&v| v == FILLED);
        // Piece number (1-based) of every table cell.
        let mut numbers: Grid<usize> = Grid::new(table.rows(), table.cols(), 0);
        for k in 0..pieces.count() {
            for pos in pieces.cells(k) {
                numbers[pos] = k + 1;
            }
        }
        let mut frames = vec![
            Frame {
                title: "table".to_string(),
                caption: format!("{} pieces, numbered", pieces.count()),
                board: cells(&numbers),
            },
            Frame {
                title: "board".to_string(),
                caption: "holes (.) to fill; a piece may be turned, never flipped".to_string(),
                board: wall_cells(&board),
            },
        ];
        // Piece number placed on every board cell so far (0: none).
        let mut placed: Grid<usize> = Grid::new(board.rows(), board.cols(), 0);
        let mut count = 0;
        // (hole cells, piece number) of every placement.
        let mut placements: Vec<(Vec<Pos>, usize)> = Vec::new();
        let answer = filled_cells_observed(&board, &table, &mut |m: Matched<'_>| {
            let holes = regions_of(m.holes, m.shape);
            let pieces = regions_of(m.pieces, m.shape);
            for (h, p) in holes.into_iter().zip(pieces).take(m.count) {
                placements.push((region_cells(m.holes, h), p));
            }
        });
        for (hole, piece_region) in placements {
            count += 1;
            let piece = region_cells(&pieces, piece_region);
            for &pos in &hole {
                placed[pos] = piece_region + 1;
            }
            let mut shown = wall_cells(&board);
            for (pos, &n) in placed.indexed() {
                if n > 0 {
                    shown[pos.0][pos.1] = piece_cell(n).marked_if(hole.contains(&pos));
                }
            }
            frames.push(Frame {
                title: format!("placement {count}: piece {}", piece_region + 1),
                caption: format!(
                    "piece {} ({} cells, on the table from {}) fills the hole at {}",
                    piece_region + 1,
                    piece.len(),
                    at(piece[0]),
                    at(hole[0])
                ),
                board: shown,
            });
        }
        let last = frames.last_mut().expect("the board frame");
        last.caption = format!(
            "{}; no other piece fits a hole: the answer is {answer} cells",
            last.caption
        );
        Ok(frames)
    }
}

/// The regions of `regions` of shape `shape` (canonical), in order.
fn regions_of(regions: &Components, shape: &Shape) -> Vec<usize> {
    (0..regions.count())
        .filter(|&k| Shape::new(regions.cells(k)).canonical() == *shape)
        .collect()
}

/// The cells of region `k`, sorted (top row first).
fn region_cells(regions: &Components, k: usize) -> Vec<Pos> {
    let mut cells: Vec<Pos> = regions.cells(k).collect();
    cells.sort_unstable();
    cells
}

/// `(row, col)`, 1-based.
fn at(pos: Pos) -> String {
    format!("({}, {})", pos.0 + 1, pos.1 + 1)
}

/// Piece `n` (1-based) as a cell.
fn piece_cell(n: usize) -> Cell {
    Cell::new(n.to_string(), Some((n as u32 - 1) % WALL))
}

/// Numbered pieces (0: empty).
fn cells(numbers: &Grid<usize>) -> Vec<Vec<Cell>> {
    (0..numbers.rows())
        .map(|r| {
            (0..numbers.cols())
                .map(|c| match numbers[(r, c)] {
                    0 => Cell::plain("."),
                    n => piece_cell(n),
                })
                .collect()
        })
        .collect()
}

/// The board: filled cells `#`, holes `.`.
fn wall_cells(board: &Grid<i32>) -> Vec<Vec<Cell>> {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| {
                    if board[(r, c)] == FILLED {
                        Cell::new("#", Some(WALL))
                    } else {
                        Cell::plain(".")
                    }
                })
                .collect()
        })
        .collect()
}
