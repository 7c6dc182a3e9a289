//! Baekjoon 12094 2048 (Hard): the largest tile on an N x N board after at most ten moves.
//!
//! **Budget.** The judge allows 1 s. The plain search over all 4^10 move sequences
//! (`stress::plain_best`, what the pruned search is tested against on large boards) takes about
//! 3.1 s on the worst input known (`stress::WORST_CASE`), so it cannot pass; the search below
//! takes 17 to 23 ms there (criterion, `benches/solve.rs`, on a 2-core machine; quiet and busy).
//! Small boards are checked against a breadth-first search over every distinct board
//! (`stress::reference_best`) by `scripts/stress`. How the search got there: NOTES.md.
//!
//! The board's parser and the rules are 12100's (`boj_12100_2048_easy`: its tilt is what this
//! crate's own, faster tilt is tested equal to); ten moves need a stronger search than 12100's
//! five do. It tries every sequence of tilts depth first, and:
//! - does not follow a tilt that changes nothing (it leads to a board already searched), nor,
//!   after a tilt that merged nothing, another along the same axis (the same way changes
//!   nothing; the way back makes the board the parent makes that way, searched there); nor
//!   makes the same tilt again when the board it made has nothing more to merge that way (a
//!   tilt knows, from the lines it packs, whether it would change its board again);
//! - counts the tiles a tilt would leave without making it ([`merges`]): a tilt and its
//!   opposite leave the same tiles, so two scans give the largest tile of all four children, and
//!   the last move is never made;
//! - cuts a branch that cannot beat the best tile found: within `k` tilts a tile can only be
//!   merged from tiles of at least a `2^k`-th of its value, each tilt merging a tile at most once
//!   ([`can_build`]); this bound also covers "the largest tile doubles at most once per move";
//! - with two or three moves left, checks each child before making it (the search's `may_reach`):
//!   the child's tiles large enough to matter are placed from the few lines that make them, the
//!   other lines only by how many tiles they keep, so the merges of the child's next tilt among
//!   those tiles are exact, and with them the tiles after it; most children there are cut
//!   without being made (most of the work before). A line's tiles are placed with bit masks
//!   (`packed`): which tiles merge away, each way, from the mask of tiles equal to the one
//!   before, and a tile's place as a population count;
//! - searches a board made again (with four or more moves left) only if it now has more moves
//!   left than before (`seen`): tilts in another order often make the same board (a quarter of
//!   those with three or four moves left on the worst input), and the first search of it found
//!   every tile in reach that beats the best known then, which only grows;
//! - on a board that is its own mirror image (across its middle column or row, or a diagonal),
//!   leaves out the tilts whose boards mirror another tilt's ([`planes::Symmetry`]): mirror
//!   images reach the same tiles (a symmetric input is searched two to four times faster);
//! - tries first the pair of tilts whose tiles look most promising;
//! - counts only the merges that can still matter: with `k` moves left nothing under a `2^k`-th
//!   of the target helps, so deep in the search a scan counts a handful of merges, not all.
//!
//! Boards are one byte a cell, and a tilt moves every line at once, a cell per step, in vector
//! lanes; it writes one layout (rows or columns), the other being made only when a tilt needs
//! it ([`planes`]).

mod packed;
pub mod planes;
mod search;
mod seen;
/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// A best move sequence drawn move by move (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

pub use boj_12100_2048_easy::{parse, tilt, MAX_N, MAX_TILE};
use grid_core::{Grid, InputError};
use planes::{Planes, Scan};

/// How many moves the player may make.
pub const MOVES: usize = 10;

/// Tiles counted by value: entry `l` counts the tiles of value `2^l`.
pub type Tally = [u32; 32];

/// The merges that tilting `board` would make, counted by the value merged (entry `l` counts
/// pairs of `2^l`): `[along its rows (left or right), along its columns (up or down)]`. The board
/// is not changed: both directions of an axis merge the same number of equal tiles in every line
/// (a run of `m` equal tiles, zeros aside, makes `m / 2` merges from either end), so one pass
/// serves all four tilts.
///
/// ```
/// use boj_12094_2048_hard::merges;
/// use grid_core::Grid;
/// let b = Grid::from_rows(vec![vec![2, 2, 2], vec![4, 0, 4], vec![4, 8, 0]]).unwrap();
/// let [rows, cols] = merges(&b);
/// assert_eq!((rows[1], rows[2]), (1, 1)); // 2 2 in the first row, 4 . 4 in the second
/// assert_eq!((cols[1], cols[2]), (0, 1)); // 4 4 at the foot of the first column
/// ```
///
/// # Panics
/// When the board has more than [`planes::MAX_SIDE`] rows or columns.
pub fn merges(board: &Grid<u32>) -> [Tally; 2] {
    let mut scan = Scan::default();
    Planes::from_grid(board).scan(0, &mut scan);
    scan.merged
}

/// The tiles of `board` counted by value.
pub fn count_tiles(board: &Grid<u32>) -> Tally {
    let mut tally = [0; 32];
    for &v in board.iter().filter(|&&v| v != 0) {
        tally[v.trailing_zeros() as usize] += 1;
    }
    tally
}

/// The tiles `tally` leaves after the merges counted in `merged` (see [`merges`]).
pub fn after_merges(tally: &Tally, merged: &Tally) -> Tally {
    let mut after = [0; 32];
    // Level by level with no carry from one to the next, so that it runs as vector code.
    for l in 0..32 {
        let lost = if l < 31 { 2 * merged[l] } else { 0 };
        let made = if l > 0 { merged[l - 1] } else { 0 };
        after[l] = tally[l] - lost + made;
    }
    after
}

/// The largest tile counted in `tally` (0 for none).
pub fn largest(tally: &Tally) -> u32 {
    tally.iter().rposition(|&c| c > 0).map_or(0, |l| 1 << l)
}

/// How promising tiles look for making a large one: the largest tile, then the tiles weighed by
/// their squared values (fewer, larger tiles first). The search and the trace try the most
/// promising child first.
///
/// ```
/// use boj_12094_2048_hard::{promise, Tally};
/// let mut two_eights: Tally = [0; 32];
/// two_eights[3] = 2;
/// let mut four_fours: Tally = [0; 32];
/// four_fours[2] = 4;
/// assert!(promise(&two_eights) > promise(&four_fours));
/// ```
pub fn promise(tally: &Tally) -> (u32, u128) {
    let weight = (0..32).map(|l| u128::from(tally[l]) << (2 * l)).sum();
    (largest(tally), weight)
}

/// Whether a tile of value `target` (a power of two, larger than every tile counted) could be
/// merged within `moves` tilts from the tiles in `tally`, wherever they stand.
///
/// A tile made in `k` tilts is a binary tree of merges `k` deep at most, whose leaves are tiles
/// of today; so it needs one tile of `target`, or two of half, or one of half and two of a
/// quarter, ... down to `target / 2^k`. Using the largest tiles first is best, so this is exact
/// for the counts, and a sound bound for the board.
///
/// ```
/// use boj_12094_2048_hard::{can_build, Tally};
/// let mut tally: Tally = [0; 32];
/// tally[3] = 3; // three 8s
/// tally[2] = 2; // two 4s
/// assert!(can_build(&tally, 32, 3)); // ((8 + 8) + (8 + (4 + 4)))
/// assert!(!can_build(&tally, 32, 2)); // only 8s and larger can help, and there are three
/// assert!(!can_build(&tally, 64, 9)); // 32 in all
/// ```
pub fn can_build(tally: &Tally, target: u32, moves: usize) -> bool {
    can_build_from(|level| tally[level], target, moves)
}

/// [`can_build`] on the tiles `tally` leaves after the merges `merged` ([`after_merges`]),
/// working out only the levels it reads.
pub(crate) fn can_build_after(tally: &Tally, merged: &Tally, target: u32, moves: usize) -> bool {
    let after = |level: usize| {
        // `can_build` reads no level under 1, and a merge of level 31 makes no tile counted.
        let lost = if level < 31 { 2 * merged[level] } else { 0 };
        tally[level] - lost + merged[level - 1]
    };
    can_build_from(after, target, moves)
}

/// [`can_build`] on the tiles `count` gives by level.
fn can_build_from(count: impl Fn(usize) -> u32, target: u32, moves: usize) -> bool {
    let mut need: u32 = 1;
    let mut level = target.trailing_zeros() as usize;
    for _ in 0..=moves {
        let have = count(level);
        if have >= need {
            return true;
        }
        // No board holds this many tiles.
        if level == 1 || need > 1024 {
            return false;
        }
        need = 2 * (need - have);
        level -= 1;
    }
    false
}

/// The largest tile reachable from `board` in at most `moves` tilts (zero tilts included).
///
/// # Complexity
/// At most `4^moves` tilts of O(N^2) each, far fewer in practice (see the crate's notes).
pub fn best_tile(board: &Grid<u32>, moves: usize) -> u32 {
    best_tile_and_boards(board, moves).0
}

/// [`best_tile`], and how many boards the search made (tilts, unchanged ones included): a
/// measure of its work on `board` that does not depend on the machine.
///
/// ```
/// use boj_12094_2048_hard::best_tile_and_boards;
/// use grid_core::Grid;
/// let b = Grid::from_rows(vec![vec![2, 2, 2], vec![4, 4, 4], vec![8, 8, 8]]).unwrap();
/// let (best, boards) = best_tile_and_boards(&b, 10);
/// assert_eq!(best, 16);
/// assert!(boards < 4 * 4 * 4);
/// ```
pub fn best_tile_and_boards(board: &Grid<u32>, moves: usize) -> (u32, u64) {
    let tally = count_tiles(board);
    if largest(&tally) == 0 {
        return (0, 0);
    }
    search::best_and_boards(Planes::from_grid(board), &tally, moves)
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    Ok(format!("{}\n", best_tile(&parse(input)?, MOVES)))
}
