//! Programmers 42894 Block Game: drop 1x1 black blocks from the top to complete 2x3 or 3x2
//! rectangles around J, L and T blocks; count the blocks that can be removed.
//!
//! Removing a block only ever empties cells, so a block removable now stays removable: removing
//! every removable block, pass after pass until none is left, reaches the maximum.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The removals drawn one by one (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Grid, InputError, Rect, Scanner, Shape};

/// Empty cell value.
pub const EMPTY: i32 = 0;
/// Largest block id.
pub const MAX_ID: i32 = 200;

/// The judge's entry point: the maximum number of removable blocks.
///
/// # Panics
/// When the rows are ragged (the judge never passes such a board).
///
/// ```
/// use programmers_42894_block_game::solution;
/// // An L lying on the floor: its two missing cells are open to the sky.
/// let board = vec![vec![0, 0, 0, 0], vec![0, 0, 0, 0], vec![5, 0, 0, 0], vec![5, 5, 5, 0]];
/// assert_eq!(solution(board), 1);
/// ```
pub fn solution(board: Vec<Vec<i32>>) -> i32 {
    let board = Grid::from_rows(board).expect("the judge passes equally long rows");
    removable_blocks(&board) as i32
}

/// Parses the board literal: square, side 4..=50, values 0..=200, every id one J, L or T block.
pub fn parse(input: &str) -> Result<Grid<i32>, InputError> {
    let mut scanner = Scanner::new(input);
    let board = scanner.square_int_grid_literal("board", 4..=50, EMPTY..=MAX_ID)?;
    scanner.finish()?;
    check_blocks(&board)?;
    Ok(board)
}

/// Every id must form exactly one 4-cell J, L or T tetromino.
fn check_blocks(board: &Grid<i32>) -> Result<(), InputError> {
    // The 12 orientations of J, L and T: a block must be one of them exactly.
    let mut allowed: Vec<Shape> = Vec::with_capacity(12);
    for cells in [
        [(0, 0), (1, 0), (2, 0), (2, 1)], // L
        [(0, 1), (1, 1), (2, 1), (2, 0)], // J
        [(0, 0), (0, 1), (0, 2), (1, 1)], // T
    ] {
        let mut shape = Shape::new(cells);
        for _ in 0..4 {
            shape = shape.rotated_cw();
            allowed.push(shape.clone());
        }
    }
    let blocks = board.components(|&v| v != EMPTY);
    let mut seen = vec![false; MAX_ID as usize + 1];
    for k in 0..blocks.count() {
        let first = blocks.cells(k).next().expect("components are not empty");
        let id = board[first];
        let place = format!(
            "block {id} (first cell at row {}, column {})",
            first.0 + 1,
            first.1 + 1
        );
        if std::mem::replace(&mut seen[id as usize], true) {
            return Err(InputError::new(format!(
                "{place}: expected one connected block per id, found a second part"
            )));
        }
        if !allowed.contains(&Shape::new(blocks.cells(k))) {
            return Err(InputError::new(format!(
                "{place}: expected 4 cells shaped J, L or T, found {} cells of another shape",
                blocks.size(k)
            )));
        }
    }
    Ok(())
}

/// The cells of `block`'s bounding rectangle it does not cover, if that rectangle is 2x3 or 3x2.
fn missing_cells(block: &[(usize, usize)]) -> Option<Vec<(usize, usize)>> {
    let rect = Rect::bounding(block.iter().copied())?;
    if rect.area() != 6 {
        return None;
    }
    Some(rect.positions().filter(|p| !block.contains(p)).collect())
}

/// The first filled row of each column (the board's height when the column is empty): a black
/// block dropped into column `c` can reach row `r` exactly when `r < top[c]`.
fn column_tops(board: &Grid<i32>) -> Vec<usize> {
    (0..board.cols())
        .map(|c| {
            (0..board.rows())
                .find(|&r| board[(r, c)] != EMPTY)
                .unwrap_or(board.rows())
        })
        .collect()
}

/// A block's own cells and the two cells black blocks must fill to complete its rectangle.
struct Block {
    cells: Vec<(usize, usize)>,
    missing: Vec<(usize, usize)>,
}

/// The maximum number of blocks that can be removed from `board`.
pub fn removable_blocks(board: &Grid<i32>) -> usize {
    removable_blocks_observed(board, &mut |_| {})
}

/// One removal, as [`removable_blocks_observed`] reports it (just before the block goes).
#[derive(Clone, Copy, Debug)]
pub struct Removal<'a> {
    /// The block's cells.
    pub cells: &'a [(usize, usize)],
    /// The two cells black blocks dropped from the top fill to complete its rectangle.
    pub filled: &'a [(usize, usize)],
    /// The board with the block still on it.
    pub board: &'a Grid<i32>,
}

/// [`removable_blocks`], telling `observe` about every removal (free when it does nothing).
pub fn removable_blocks_observed(
    board: &Grid<i32>,
    observe: &mut impl FnMut(Removal<'_>),
) -> usize {
    let mut board = board.clone();
    let blocks = board.components(|&v| v != EMPTY);
    // Blocks never move, so each one's missing cells are known up front; one that is not a
    // 2x3 or 3x2 rectangle minus two cells can never go.
    let mut pending: Vec<Block> = (0..blocks.count())
        .filter_map(|k| {
            let cells: Vec<(usize, usize)> = blocks.cells(k).collect();
            missing_cells(&cells).map(|missing| Block { cells, missing })
        })
        .collect();
    let mut top = column_tops(&board);
    let mut removed = 0;
    loop {
        let before = pending.len();
        pending.retain(|block| {
            if !block.missing.iter().all(|&(r, c)| r < top[c]) {
                return true;
            }
            observe(Removal {
                cells: &block.cells,
                filled: &block.missing,
                board: &board,
            });
            for &p in &block.cells {
                board[p] = EMPTY;
            }
            for &(_, c) in &block.cells {
                top[c] = (top[c]..board.rows())
                    .find(|&r| board[(r, c)] != EMPTY)
                    .unwrap_or(board.rows());
            }
            false
        });
        removed += before - pending.len();
        if pending.len() == before {
            return removed;
        }
    }
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    Ok(format!("{}\n", removable_blocks(&parse(input)?)))
}
