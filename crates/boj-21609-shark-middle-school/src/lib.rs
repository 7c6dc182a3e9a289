//! Baekjoon 21609 Shark Middle School: the total score of the block-group auto-play on an
//! `N x N` board of black, rainbow and coloured blocks.
//!
//! While a block group exists: remove the best one (largest; then most rainbow blocks; then the
//! standard block with the largest row, then column), score its size squared, let every
//! non-black block fall, turn the board a quarter turn counter-clockwise, and let blocks fall
//! again.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The auto-play drawn round by round (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{CellClass, Dir, Grid, InputError, Pos, Scanner, WildcardGroup};

/// Largest side of the board.
pub const MAX_N: usize = 20;
/// Largest number of colours.
pub const MAX_M: i32 = 5;
/// A black block: never moves, never joins a group.
pub const BLACK: i32 = -1;
/// A rainbow block: joins the group of every colour it touches.
pub const RAINBOW: i32 = 0;
/// A cell whose block was removed (never in the input).
pub const EMPTY: i32 = -2;
/// Smallest number of blocks in a group.
pub const MIN_GROUP: usize = 2;

/// Parses `N M` and `N` lines of `N` blocks, each `-1` (black), `0` (rainbow) or a colour `1..=M`.
pub fn parse(input: &str) -> Result<Grid<i32>, InputError> {
    let mut scanner = Scanner::new(input);
    let n: usize = scanner.next_in("N", 1..=MAX_N)?;
    let m: i32 = scanner.next_in("M", 1..=MAX_M)?;
    let mut cells = Vec::with_capacity(n * n);
    for r in 1..=n {
        for c in 1..=n {
            cells.push(
                scanner.next_in(format_args!("the block at row {r}, column {c}"), BLACK..=m)?,
            );
        }
    }
    scanner.finish()?;
    Ok(Grid::from_vec(n, n, cells))
}

/// How a cell takes part in a block group: rainbow blocks are wildcards, black blocks and empty
/// cells separate groups.
pub fn classify(&cell: &i32) -> CellClass<i32> {
    match cell {
        RAINBOW => CellClass::Wildcard,
        BLACK | EMPTY => CellClass::Blocked,
        colour => CellClass::Colour(colour),
    }
}

/// The group auto-play removes next, or `None` when no block group exists.
///
/// Groups are maximal (every same-colour and rainbow block reachable), hold at least one normal
/// block and at least [`MIN_GROUP`] blocks. The best is the largest, then the one with the most
/// rainbow blocks, then the one whose standard block has the largest row, then column.
///
/// ```
/// let board = boj_21609_shark_middle_school::parse("3 2\n1 0 2\n1 -1 2\n-1 -1 2\n").unwrap();
/// let best = boj_21609_shark_middle_school::best_group(&board).unwrap();
/// let standard = boj_21609_shark_middle_school::standard_block(&board, &best);
/// assert_eq!((best.colour, best.size(), best.wildcards, standard), (2, 4, 1, (0, 2)));
/// ```
pub fn best_group(board: &Grid<i32>) -> Option<WildcardGroup<i32>> {
    // Every normal block is in exactly one group, so no two groups share a standard block and
    // the key never ties.
    board
        .wildcard_groups(classify)
        .into_iter()
        .filter(|g| g.size() >= MIN_GROUP)
        .map(|g| (standard_block(board, &g), g))
        .max_by_key(|(standard, g)| (g.size(), g.wildcards, standard.0, standard.1))
        .map(|(_, g)| g)
}

/// A group's standard block: of its normal (not rainbow) blocks, the one with the smallest row,
/// then the smallest column.
///
/// # Panics
/// When the group holds no normal block on `board` (every group of [`best_group`] holds one).
///
/// ```
/// let board = boj_21609_shark_middle_school::parse("3 2\n0 2 1\n2 2 -1\n-1 -1 -1\n").unwrap();
/// let best = boj_21609_shark_middle_school::best_group(&board).unwrap();
/// // The rainbow block at (0, 0) comes first in the row, but it is not a normal block.
/// assert_eq!(boj_21609_shark_middle_school::standard_block(&board, &best), (0, 1));
/// ```
pub fn standard_block(board: &Grid<i32>, group: &WildcardGroup<i32>) -> Pos {
    group
        .cells
        .iter()
        .copied()
        .filter(|&pos| board[pos] != RAINBOW)
        .min()
        .expect("a block group holds a normal block")
}

/// Gravity: every block but the black ones falls until it meets a block, a black block or the
/// bottom; black blocks hold up what lands on them. Returns whether anything moved.
///
/// ```
/// use grid_core::Grid;
/// let mut board = Grid::from_rows(vec![vec![1, 2], vec![-2, -1], vec![-2, -2]]).unwrap();
/// assert!(boj_21609_shark_middle_school::fall(&mut board));
/// assert_eq!(board.to_string(), "-2 2\n-2 -1\n1 -2\n");
/// ```
pub fn fall(board: &mut Grid<i32>) -> bool {
    board.settle_with_fixed(Dir::Down, |&v| v == EMPTY, |&v| v == BLACK)
}

/// One round of auto-play: remove the best group, fall, turn counter-clockwise, fall. Returns
/// the number of blocks removed, or `None` (and the board untouched) when no group exists.
///
/// ```
/// use grid_core::Grid;
/// let mut board = Grid::from_rows(vec![vec![1, 1], vec![2, -1]]).unwrap();
/// assert_eq!(boj_21609_shark_middle_school::play_round(&mut board), Some(2));
/// // The 1s go; the turn takes the right column (empty, black) to the top row.
/// assert_eq!(board.to_string(), "-2 -1\n-2 2\n");
/// ```
pub fn play_round(board: &mut Grid<i32>) -> Option<usize> {
    play_round_observed(board, 0, &mut |_| {})
}

/// A moment of the auto-play, as [`total_score_observed`] reports it.
#[derive(Clone, Copy, Debug)]
pub enum RoundEvent<'a> {
    /// Round `round` (0-based) chose `group` on `board`, before removing it.
    Chosen {
        /// Which round, 0-based.
        round: usize,
        /// The group to remove.
        group: &'a WildcardGroup<i32>,
        /// The board before the removal.
        board: &'a Grid<i32>,
    },
    /// The group was removed and the blocks fell: the board after.
    Fell {
        /// Which round, 0-based.
        round: usize,
        /// The board after the fall.
        board: &'a Grid<i32>,
    },
    /// The board was turned counter-clockwise and the blocks fell again: the board after.
    Turned {
        /// Which round, 0-based.
        round: usize,
        /// The board after the turn and the second fall.
        board: &'a Grid<i32>,
    },
}

/// [`play_round`] as round `round`, telling `observe` about each step.
fn play_round_observed(
    board: &mut Grid<i32>,
    round: usize,
    observe: &mut impl FnMut(RoundEvent<'_>),
) -> Option<usize> {
    let group = best_group(board)?;
    observe(RoundEvent::Chosen {
        round,
        group: &group,
        board,
    });
    for &pos in &group.cells {
        board[pos] = EMPTY;
    }
    fall(board);
    observe(RoundEvent::Fell { round, board });
    board.rotate_ccw();
    fall(board);
    observe(RoundEvent::Turned { round, board });
    Some(group.size())
}

/// The total score of the auto-play: the sum of `B * B` over the groups removed.
pub fn total_score(board: &Grid<i32>) -> u64 {
    total_score_observed(board, &mut |_| {})
}

/// [`total_score`], telling `observe` about every round's steps (free when `observe` does
/// nothing).
pub fn total_score_observed(board: &Grid<i32>, observe: &mut impl FnMut(RoundEvent<'_>)) -> u64 {
    let mut board = board.clone();
    let mut score = 0;
    let mut round = 0;
    while let Some(removed) = play_round_observed(&mut board, round, observe) {
        score += (removed * removed) as u64;
        round += 1;
    }
    score
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    Ok(format!("{}\n", total_score(&parse(input)?)))
}
