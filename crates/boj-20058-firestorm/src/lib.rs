//! Baekjoon 20058 Wizard Shark and Firestorm: the ice left and the largest ice chunk after `Q`
//! firestorms on a `2^N x 2^N` board.
//!
//! A firestorm of level `L` turns every aligned `2^L x 2^L` tile a quarter turn clockwise, then
//! every icy cell with fewer than 3 icy 4-neighbours loses one ice, all cells decided at once
//! from the turned board.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The storms drawn one by one (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Grid, InputError, Scanner};

/// Smallest `N` (the board side is `2^N`).
pub const MIN_N: usize = 2;
/// Largest `N`.
pub const MAX_N: usize = 6;
/// Largest number of firestorms.
pub const MAX_Q: usize = 1000;
/// Largest ice amount of one cell in the input.
pub const MAX_ICE: u32 = 100;
/// A cell keeps its ice only with at least this many icy neighbours.
pub const ICY_NEIGHBOURS_TO_KEEP: usize = 3;

/// One judge input: the ice board and the levels of the firestorms, in casting order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Storms {
    /// Ice amount of every cell (0 = no ice), `2^N x 2^N`.
    pub ice: Grid<u32>,
    /// Level of each firestorm, each in `0..=N`.
    pub levels: Vec<usize>,
}

/// Parses `N Q`, `2^N` lines of `2^N` ice amounts in `0..=100`, then `Q` levels in `0..=N`.
pub fn parse(input: &str) -> Result<Storms, InputError> {
    let mut scanner = Scanner::new(input);
    let n: usize = scanner.next_in("N", MIN_N..=MAX_N)?;
    let q: usize = scanner.next_in("Q", 1..=MAX_Q)?;
    let side = 1 << n;
    let mut cells = Vec::with_capacity(side * side);
    for r in 1..=side {
        for c in 1..=side {
            cells.push(
                scanner.next_in(format_args!("the ice at row {r}, column {c}"), 0..=MAX_ICE)?,
            );
        }
    }
    let mut levels = Vec::with_capacity(q);
    for k in 1..=q {
        levels.push(scanner.next_in(format_args!("level {k} of {q}"), 0..=n)?);
    }
    scanner.finish()?;
    Ok(Storms {
        ice: Grid::from_vec(side, side, cells),
        levels,
    })
}

/// Melts, all at once, one ice from every icy cell with fewer than [`ICY_NEIGHBOURS_TO_KEEP`]
/// icy neighbours (off the board is no ice); returns how many cells melted.
///
/// ```
/// let mut ice = grid_core::Grid::from_rows(vec![vec![1, 2], vec![2, 0]]).unwrap();
/// assert_eq!(boj_20058_firestorm::melt(&mut ice), 3);
/// assert_eq!(ice.to_string(), "0 1\n1 0\n");
/// ```
pub fn melt(ice: &mut Grid<u32>) -> usize {
    let mut melted = 0;
    // Decided from the board before this step: melting one cell must not change its neighbours'
    // count in the same step, so the new board is built from the old one, not updated in place.
    let next = ice.map_indexed(|pos, &v| {
        let icy = ice.neighbors(pos).filter(|&n| ice[n] > 0).count();
        if v > 0 && icy < ICY_NEIGHBOURS_TO_KEEP {
            melted += 1;
            v - 1
        } else {
            v
        }
    });
    *ice = next;
    melted
}

/// Casts one firestorm of `level`: every `2^level` tile turned clockwise, then [`melt`].
/// Returns how many cells melted.
///
/// # Panics
/// When `2^level` does not divide the board's side.
///
/// ```
/// let mut ice = grid_core::Grid::from_rows(vec![vec![5, 5], vec![5, 0]]).unwrap();
/// boj_20058_firestorm::cast(&mut ice, 1);
/// assert_eq!(ice.to_string(), "4 4\n0 4\n");
/// ```
pub fn cast(ice: &mut Grid<u32>, level: usize) -> usize {
    cast_observed(ice, 0, level, &mut |_| {})
}

/// [`cast`] as firestorm `storm`, telling `observe` about the turn and the melting.
fn cast_observed(
    ice: &mut Grid<u32>,
    storm: usize,
    level: usize,
    observe: &mut impl FnMut(StormEvent<'_>),
) -> usize {
    // A tile of side 1 is a single cell: level 0 turns nothing.
    if level > 0 {
        ice.rotate_tiles_cw(1 << level);
    }
    observe(StormEvent::Turned { storm, level, ice });
    let melted = melt(ice);
    observe(StormEvent::Melted { storm, melted, ice });
    melted
}

/// Cells in the largest 4-connected chunk of icy cells; 0 when no cell holds ice.
///
/// ```
/// let ice = grid_core::Grid::from_rows(vec![vec![1, 0, 3], vec![2, 0, 4], vec![0, 5, 6]]).unwrap();
/// assert_eq!(boj_20058_firestorm::largest_chunk(&ice), 4);
/// ```
pub fn largest_chunk(ice: &Grid<u32>) -> usize {
    // Components join equal cells, and a chunk joins any amounts of ice: label "has ice".
    let chunks = ice.map(|&v| v > 0).label_components(|&icy| icy);
    (0..chunks.count())
        .map(|k| chunks.size(k))
        .max()
        .unwrap_or(0)
}

/// The answer: total ice left and the largest chunk, after every firestorm in order.
pub fn solve(input: &Storms) -> (u64, usize) {
    solve_observed(input, &mut |_| {})
}

/// A moment of the firestorms, as [`solve_observed`] reports it.
#[derive(Clone, Copy, Debug)]
pub enum StormEvent<'a> {
    /// Firestorm `storm` (0-based) of `level` turned its tiles: the board after the turn.
    Turned {
        /// Which firestorm, 0-based.
        storm: usize,
        /// Its level: tiles of side `2^level` turned.
        level: usize,
        /// The board after the turn.
        ice: &'a Grid<u32>,
    },
    /// The same firestorm then melted `melted` cells: the board after.
    Melted {
        /// Which firestorm, 0-based.
        storm: usize,
        /// How many cells lost one ice.
        melted: usize,
        /// The board after the melting.
        ice: &'a Grid<u32>,
    },
}

/// [`solve`], telling `observe` about every turn and every melting (free when `observe` does
/// nothing).
pub fn solve_observed(input: &Storms, observe: &mut impl FnMut(StormEvent<'_>)) -> (u64, usize) {
    let mut ice = input.ice.clone();
    for (storm, &level) in input.levels.iter().enumerate() {
        cast_observed(&mut ice, storm, level, observe);
    }
    let total = ice.iter().map(|&v| u64::from(v)).sum();
    (total, largest_chunk(&ice))
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    let (total, chunk) = solve(&parse(input)?);
    Ok(format!("{total}\n{chunk}\n"))
}
