//! Baekjoon 23288 Dice Rolling 2: the total score of `K` moves of a die over a fixed map, each
//! move bouncing off the border, scoring the landing cell's value times the size of its region
//! of equal values, and turning by comparing the die's bottom face with that value.
//!
//! The die is grid-core's [`Die`], the bounce [`Grid::step_bouncing`], and the regions are
//! labelled once with [`Grid::label_components`] (the map never changes).

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The moves drawn one by one (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use std::cmp::Ordering;

use grid_core::{Die, Dir, Grid, InputError, Pos, Scanner};

/// Smallest number of rows and of columns.
pub const MIN_SIDE: usize = 2;
/// Largest number of rows and of columns.
pub const MAX_SIDE: usize = 20;
/// Largest number of moves.
pub const MAX_K: usize = 1000;
/// Largest value of a cell (the smallest is 1).
pub const MAX_VALUE: u8 = 9;

/// One judge input: the map and the number of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The value of every cell, `1..=9`.
    pub map: Grid<u8>,
    /// How many moves the die makes.
    pub moves: usize,
}

/// Parses `N M K` (`N`, `M` in `2..=20`, `K` in `1..=1000`) and `N` lines of `M` values in `1..=9`.
///
/// ```
/// let game = boj_23288_dice_rolling_2::parse("2 2 5\n1 2\n3 4\n").unwrap();
/// assert_eq!((game.moves, game.map.to_string()), (5, "1 2\n3 4\n".to_string()));
/// ```
pub fn parse(input: &str) -> Result<Game, InputError> {
    let mut scanner = Scanner::new(input);
    let rows: usize = scanner.next_in("N", MIN_SIDE..=MAX_SIDE)?;
    let cols: usize = scanner.next_in("M", MIN_SIDE..=MAX_SIDE)?;
    let moves: usize = scanner.next_in("K", 1..=MAX_K)?;
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 1..=rows {
        for c in 1..=cols {
            cells.push(scanner.next_in(
                format_args!("the value at row {r}, column {c}"),
                1..=MAX_VALUE,
            )?);
        }
    }
    scanner.finish()?;
    Ok(Game {
        map: Grid::from_vec(rows, cols, cells),
        moves,
    })
}

/// The die between moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roller {
    /// The cell it stands on.
    pub at: Pos,
    /// Its faces.
    pub die: Die<u8>,
    /// The direction of its next roll.
    pub heading: Dir,
}

impl Roller {
    /// The start: on the top-left cell, the standard die (1 on top, 3 east), heading east.
    ///
    /// ```
    /// let start = boj_23288_dice_rolling_2::Roller::start();
    /// assert_eq!((start.at, start.die.top, start.die.east), ((0, 0), 1, 3));
    /// assert_eq!(start.heading, grid_core::Dir::Right);
    /// ```
    pub fn start() -> Roller {
        Roller {
            at: (0, 0),
            die: Die::standard(),
            heading: Dir::Right,
        }
    }
}

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The direction it rolled (the heading, reversed if the border was ahead).
    pub rolled: Dir,
    /// Whether the heading was reversed at the border first.
    pub bounced: bool,
    /// The value `B` of the cell it landed on.
    pub value: u8,
    /// The size `C` of the region of equal values around that cell.
    pub region: usize,
    /// The score `B * C`.
    pub score: u64,
}

/// The heading after a move: clockwise when the bottom face is larger than the cell's value,
/// counter-clockwise when smaller, unchanged when equal.
///
/// ```
/// use boj_23288_dice_rolling_2::turn;
/// use grid_core::Dir;
/// assert_eq!(turn(Dir::Right, 3, 1), Dir::Down);
/// assert_eq!(turn(Dir::Right, 1, 3), Dir::Up);
/// assert_eq!(turn(Dir::Right, 2, 2), Dir::Right);
/// ```
pub fn turn(heading: Dir, bottom: u8, value: u8) -> Dir {
    match bottom.cmp(&value) {
        Ordering::Greater => heading.turn_cw(),
        Ordering::Less => heading.turn_ccw(),
        Ordering::Equal => heading,
    }
}

/// The size of every cell's region of equal values (4-connected), computed once.
///
/// ```
/// let map = grid_core::Grid::from_rows(vec![vec![1, 1, 2], vec![2, 1, 2]]).unwrap();
/// assert_eq!(boj_23288_dice_rolling_2::region_sizes(&map).to_string(), "3 3 2\n1 3 2\n");
/// ```
pub fn region_sizes(map: &Grid<u8>) -> Grid<usize> {
    let labels = map.label_components(|_| true);
    map.map_indexed(|pos, _| labels.label(pos).map_or(0, |k| labels.size(k)))
}

/// One move: roll (bouncing at the border), score, turn. `regions` is [`region_sizes`] of `map`.
///
/// # Panics
/// On a map with a single row or column (the die could not move; the input never has one).
///
/// ```
/// use boj_23288_dice_rolling_2::{parse, region_sizes, step, Roller};
/// let game = parse("2 2 1\n1 1\n2 1\n").unwrap();
/// let mut roller = Roller::start();
/// let m = step(&game.map, &region_sizes(&game.map), &mut roller);
/// // Rolled east onto a 1 in a region of three: 3 points; bottom 3 > 1: turns south.
/// assert_eq!((m.value, m.region, m.score), (1, 3, 3));
/// assert_eq!((roller.at, roller.die.bottom, roller.heading), ((0, 1), 3, grid_core::Dir::Down));
/// ```
pub fn step(map: &Grid<u8>, regions: &Grid<usize>, roller: &mut Roller) -> Move {
    let heading = roller.heading;
    let (at, rolled) = map
        .step_bouncing(roller.at, heading)
        .expect("a map of at least 2 x 2");
    roller.die.roll(rolled);
    roller.at = at;
    let value = map[at];
    let region = regions[at];
    roller.heading = turn(rolled, roller.die.bottom, value);
    Move {
        rolled,
        bounced: rolled != heading,
        value,
        region,
        score: u64::from(value) * region as u64,
    }
}

/// The answer: the sum of the scores of all the moves.
pub fn solve(game: &Game) -> u64 {
    solve_observed(game, &mut |_, _| {})
}

/// [`solve`], telling `observe` about every move and the die after it (free when `observe`
/// does nothing).
pub fn solve_observed(game: &Game, observe: &mut impl FnMut(&Move, &Roller)) -> u64 {
    let regions = region_sizes(&game.map);
    let mut roller = Roller::start();
    let mut total = 0;
    for _ in 0..game.moves {
        let m = step(&game.map, &regions, &mut roller);
        total += m.score;
        observe(&m, &roller);
    }
    total
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    parse(input).map(|game| format!("{}\n", solve(&game)))
}
