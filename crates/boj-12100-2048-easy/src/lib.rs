//! Baekjoon 12100 2048 (Easy): the largest tile on an N x N board after at most five moves.
//!
//! Every sequence of up to five tilts is tried (4^5 = 1024 leaves); a tilt that changes
//! nothing is not followed, since it leads to a board already searched, and a branch that cannot
//! beat the best tile found so far is cut.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The best move sequence drawn move by move (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Dir, Grid, InputError, Scanner};

/// How many moves the player may make.
pub const MOVES: usize = 5;
/// Largest side of the board.
pub const MAX_N: usize = 20;
/// Largest tile value in the input.
pub const MAX_TILE: u32 = 1024;

/// Parses `N` and `N` lines of `N` tiles (0 or a power of two from 2 to 1024, at least one tile).
pub fn parse(input: &str) -> Result<Grid<u32>, InputError> {
    let mut scanner = Scanner::new(input);
    let n = scanner.next_in("N", 1..=MAX_N)?;
    let mut cells = Vec::with_capacity(n * n);
    for r in 1..=n {
        for c in 1..=n {
            let tile = scanner.next_if(
                format_args!(
                    "the tile at row {r}, column {c} (0 or a power of two from 2 to {MAX_TILE})"
                ),
                |&v: &u32| is_tile(v),
            )?;
            cells.push(tile);
        }
    }
    scanner.finish()?;
    if cells.iter().all(|&v| v == 0) {
        return Err(InputError::new(
            "expected at least one tile on the board, found only zeros",
        ));
    }
    Ok(Grid::from_vec(n, n, cells))
}

fn is_tile(v: u32) -> bool {
    v == 0 || (2..=MAX_TILE).contains(&v) && v.is_power_of_two()
}

/// Tilts the whole board toward `dir`, merging equal tiles once each, nearest the wall first.
/// Returns whether anything changed.
///
/// ```
/// use grid_core::{Dir, Grid};
/// let mut b = Grid::from_rows(vec![vec![2, 2, 2], vec![0, 4, 4], vec![8, 0, 8]]).unwrap();
/// assert!(boj_12100_2048_easy::tilt(&mut b, Dir::Left));
/// assert_eq!(b.to_string(), "4 2 0\n8 0 0\n16 0 0\n");
/// ```
pub fn tilt(board: &mut Grid<u32>, dir: Dir) -> bool {
    board.slide_merge(dir, 0, |a, b| if a == b { Some(a + b) } else { None })
}

/// The largest tile reachable from `board` in at most `moves` tilts (zero tilts included).
///
/// A branch is cut when its largest tile, doubled once per remaining move (no move can do more),
/// cannot beat the best tile already found; the whole search stops once the best tile is the
/// largest power of two within the board's total, which merges never change.
pub fn best_tile(board: &Grid<u32>, moves: usize) -> u32 {
    best_tile_observed(board, moves, &mut |_| {})
}

/// A moment of the search, as [`best_tile_observed`] reports it.
#[derive(Clone, Copy, Debug)]
pub enum SearchEvent<'a> {
    /// A tilt toward the direction changed the board (shown after it): the search goes one move
    /// deeper.
    Tilted(Dir, &'a Grid<u32>),
    /// The search comes back from the last `Tilted` not yet matched by a `Back`.
    Back,
    /// The board reached by the moves not yet backed out of holds a new largest tile.
    Best(u32),
}

/// [`best_tile`], telling `observe` how the search walks (free when `observe` does nothing):
/// the moves of the last `Best` event still open form a best sequence.
pub fn best_tile_observed(
    board: &Grid<u32>,
    moves: usize,
    observe: &mut impl FnMut(SearchEvent<'_>),
) -> u32 {
    let total: u64 = board.iter().map(|&v| u64::from(v)).sum();
    let ceiling = if total == 0 {
        0
    } else {
        1u64 << (63 - total.leading_zeros())
    };
    let mut best = 0;
    // One scratch board per depth, reused by every branch at that depth.
    let mut scratch = vec![board.clone(); moves];
    search(board, &mut scratch, &mut best, ceiling, observe);
    best
}

fn search(
    board: &Grid<u32>,
    scratch: &mut [Grid<u32>],
    best: &mut u32,
    ceiling: u64,
    observe: &mut impl FnMut(SearchEvent<'_>),
) {
    let here = board.iter().copied().max().unwrap_or(0);
    if here > *best {
        observe(SearchEvent::Best(here));
    }
    *best = (*best).max(here);
    let moves_left = scratch.len();
    if moves_left == 0
        || u64::from(*best) >= ceiling
        || u64::from(here) << moves_left <= u64::from(*best)
    {
        return;
    }
    let (next, deeper) = scratch.split_first_mut().expect("moves are left");
    // On the last move only the largest tile matters, and a tilt and its opposite make the same
    // tiles: each run of k equal tiles in a line gives k / 2 merged ones from either side.
    let dirs: &[Dir] = if deeper.is_empty() {
        &[Dir::Left, Dir::Up]
    } else {
        &Dir::ALL
    };
    for &dir in dirs {
        next.clone_from(board);
        if tilt(next, dir) {
            observe(SearchEvent::Tilted(dir, next));
            search(next, deeper, best, ceiling, observe);
            observe(SearchEvent::Back);
        }
    }
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    Ok(format!("{}\n", best_tile(&parse(input)?, MOVES)))
}
