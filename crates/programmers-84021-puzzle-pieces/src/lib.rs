//! Programmers 84021 Puzzle Piece Filling: fit the table's pieces into the board's holes.
//!
//! No empty cell may touch a placed piece, so a piece fits only a hole of exactly its shape
//! (up to rotation, never mirrored). Each shape is then its own matching problem whose best
//! answer is `min(holes, pieces)` of that shape.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The placements drawn one by one (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use std::collections::BTreeMap;

use grid_core::{Components, Grid, InputError, Scanner, Shape};

/// An empty board cell, and a table cell without a piece.
pub const OPEN: i32 = 0;
/// A filled board cell, and a table cell of a piece.
pub const FILLED: i32 = 1;

/// The judge's entry point: the most board cells the pieces can fill.
///
/// # Panics
/// When the rows are ragged (the judge never passes such a board).
///
/// ```
/// use programmers_84021_puzzle_pieces::solution;
/// // Official example 2: the only piece is the mirror image of the only hole.
/// let board = vec![vec![0, 0, 0], vec![1, 1, 0], vec![1, 1, 1]];
/// let table = vec![vec![1, 1, 1], vec![1, 0, 0], vec![0, 0, 0]];
/// assert_eq!(solution(board, table), 0);
/// ```
pub fn solution(game_board: Vec<Vec<i32>>, table: Vec<Vec<i32>>) -> i32 {
    let board = Grid::from_rows(game_board).expect("the judge passes equally long rows");
    let table = Grid::from_rows(table).expect("the judge passes equally long rows");
    filled_cells(&board, &table) as i32
}

/// Parses the two literals: square 0/1 boards of the same side in 3..=50.
pub fn parse(input: &str) -> Result<(Grid<i32>, Grid<i32>), InputError> {
    let mut scanner = Scanner::new(input);
    let board = scanner.square_int_grid_literal("game_board", 3..=50, OPEN..=FILLED)?;
    let table_start = scanner.skip_whitespace();
    let table = scanner.square_int_grid_literal("table", 3..=50, OPEN..=FILLED)?;
    if table.rows() != board.rows() {
        return Err(scanner.error_at(
            table_start,
            format_args!("table to be {0}x{0} like game_board", board.rows()),
            format_args!("{0}x{0}", table.rows()),
        ));
    }
    scanner.finish()?;
    Ok((board, table))
}

/// How many regions of `regions` there are of each shape (up to rotation).
fn shape_counts(regions: &Components) -> BTreeMap<Shape, usize> {
    let mut counts = BTreeMap::new();
    for k in 0..regions.count() {
        *counts
            .entry(Shape::new(regions.cells(k)).canonical())
            .or_insert(0) += 1;
    }
    counts
}

/// The most cells of `board`'s holes that `table`'s pieces can fill.
pub fn filled_cells(board: &Grid<i32>, table: &Grid<i32>) -> usize {
    filled_cells_observed(board, table, &mut |_| {})
}

/// A shape that holes and pieces share, as [`filled_cells_observed`] reports it: `count` of
/// its pieces go into `count` of its holes.
#[derive(Clone, Copy, Debug)]
pub struct Matched<'a> {
    /// The shape, in canonical rotation ([`Shape::canonical`]).
    pub shape: &'a Shape,
    /// How many pieces of it fill how many holes of it: `min(holes, pieces)`.
    pub count: usize,
    /// The board's holes.
    pub holes: &'a Components,
    /// The table's pieces.
    pub pieces: &'a Components,
}

/// [`filled_cells`], telling `observe` each shape that holes and pieces share and how many of
/// them match (free when it does nothing).
pub fn filled_cells_observed(
    board: &Grid<i32>,
    table: &Grid<i32>,
    observe: &mut impl FnMut(Matched<'_>),
) -> usize {
    let hole_regions = board.components(|&v| v == OPEN);
    let piece_regions = table.components(|&v| v == FILLED);
    let holes = shape_counts(&hole_regions);
    let pieces = shape_counts(&piece_regions);
    holes
        .iter()
        .filter_map(|(shape, &h)| {
            pieces.get(shape).map(|&p| {
                observe(Matched {
                    shape,
                    count: h.min(p),
                    holes: &hole_regions,
                    pieces: &piece_regions,
                });
                shape.len() * h.min(p)
            })
        })
        .sum()
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    let (board, table) = parse(input)?;
    Ok(format!("{}\n", filled_cells(&board, &table)))
}
