//! Baekjoon 17144 Goodbye, Fine Dust!: the dust left in an `R x C` room after `T` seconds, each
//! second a simultaneous spread to the side neighbours and then two loops of wind from the air
//! purifier in column 1.
//!
//! The spread is grid-core's [`Grid::spread`] (every cell sends a fifth, rounded down, to each
//! neighbour in the room that is not the purifier, all from the amounts at the start of the
//! second); each loop of wind is one turn of a rectangle's border ring ([`Grid::rotate_ring_ccw`]
//! above the purifier, [`Grid::rotate_ring_cw`] below), the purifier cell on the ring's corner
//! blowing clean air out and taking in what reaches it.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The seconds drawn one by one (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Grid, InputError, Pos, Rect, Scanner};

/// Fewest rows or columns of the room.
pub const MIN_SIDE: usize = 6;
/// Most rows or columns of the room.
pub const MAX_SIDE: usize = 50;
/// Most seconds.
pub const MAX_SECONDS: usize = 1000;
/// Largest dust amount of one cell in the input.
pub const MAX_DUST: i32 = 1000;
/// The purifier's cells in the input.
pub const PURIFIER: i32 = -1;
/// A cell sends `A / SHARE` (rounded down) to each neighbour it spreads to.
pub const SHARE: i32 = 5;

/// One judge input: the room, where the purifier stands, and how many seconds pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Dust of every cell; the two purifier cells hold 0.
    pub dust: Grid<i32>,
    /// Row (0-based) of the purifier's upper cell; its lower cell is the row below, both in
    /// column 0.
    pub purifier: usize,
    /// `T`, the seconds to simulate.
    pub seconds: usize,
}

impl Room {
    /// The purifier's upper and lower cells.
    pub fn purifier_cells(&self) -> [Pos; 2] {
        purifier_cells(self.purifier)
    }
}

/// The purifier's cells when its upper cell is in row `upper` (0-based): `(upper, 0)` and
/// `(upper + 1, 0)`.
pub fn purifier_cells(upper: usize) -> [Pos; 2] {
    [(upper, 0), (upper + 1, 0)]
}

/// Parses `R C T`, then `R` rows of `C` amounts in `0..=1000`, with `-1` in exactly two cells of
/// column 1, one above the other, the upper one in rows `3..=R-3` (1-based).
///
/// ```
/// let text = "6 6 1\n0 0 0 0 0 0\n0 0 0 0 0 0\n-1 0 0 0 0 0\n-1 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 7\n";
/// let room = boj_17144_fine_dust::parse(text).unwrap();
/// assert_eq!((room.purifier, room.seconds, room.dust[(5, 5)]), (2, 1, 7));
/// ```
pub fn parse(text: &str) -> Result<Room, InputError> {
    let mut scanner = Scanner::new(text);
    let rows: usize = scanner.next_in("R", MIN_SIDE..=MAX_SIDE)?;
    let cols: usize = scanner.next_in("C", MIN_SIDE..=MAX_SIDE)?;
    let seconds: usize = scanner.next_in("T", 1..=MAX_SECONDS)?;
    // 1-based rows 3..=R-3 for the upper cell: two rows of room above it and below the lower.
    let upper_rows = 3..=rows - 3;
    let mut cells = Vec::with_capacity(rows * cols);
    let mut purifier = None;
    for r in 0..rows {
        let row = r + 1;
        for col in 1..=cols {
            let value = if col > 1 {
                scanner.next_in(
                    format_args!("the dust at row {row}, column {col}"),
                    0..=MAX_DUST,
                )?
            } else {
                match purifier {
                    Some(upper) if upper + 1 == r => scanner.next_if(
                        format_args!(
                            "-1 at row {row}, column 1 (the purifier's lower cell, under its \
                             upper cell at row {r})"
                        ),
                        |&v: &i32| v == PURIFIER,
                    )?,
                    Some(_) => scanner.next_in(
                        format_args!("the dust at row {row}, column 1 (the purifier is above)"),
                        0..=MAX_DUST,
                    )?,
                    None => {
                        let at = scanner.skip_whitespace();
                        let v = scanner.next_in(
                            format_args!("the dust at row {row}, column 1 (or -1, the purifier)"),
                            PURIFIER..=MAX_DUST,
                        )?;
                        if v == PURIFIER {
                            if !upper_rows.contains(&row) {
                                return Err(scanner.error_at(
                                    at,
                                    format_args!(
                                        "the purifier's upper cell in rows {}..={}",
                                        upper_rows.start(),
                                        upper_rows.end()
                                    ),
                                    format_args!("`-1` at row {row}"),
                                ));
                            }
                            purifier = Some(r);
                        }
                        v
                    }
                }
            };
            cells.push(value.max(0));
        }
    }
    let purifier = match purifier {
        Some(upper) => upper,
        None => {
            let end = scanner.skip_whitespace();
            return Err(scanner.error_at(
                end,
                "the purifier: -1 in two cells of column 1",
                "no -1 in the room",
            ));
        }
    };
    scanner.finish()?;
    Ok(Room {
        dust: Grid::from_vec(rows, cols, cells),
        purifier,
        seconds,
    })
}

/// Spreads the dust once, all cells at once from the amounts before: every cell holding `A`
/// sends `A / 5` to each side neighbour in the room that is not a purifier cell and keeps the
/// rest. Returns whether any dust moved.
///
/// ```
/// use grid_core::Grid;
/// let mut dust = Grid::new(6, 6, 0);
/// dust[(3, 1)] = 8; // right of the purifier's lower cell (3, 0)
/// boj_17144_fine_dust::spread_dust(&mut dust, 2);
/// assert_eq!((dust[(3, 1)], dust[(2, 1)], dust[(4, 1)], dust[(3, 2)], dust[(3, 0)]), (5, 1, 1, 1, 0));
/// ```
pub fn spread_dust(dust: &mut Grid<i32>, purifier: usize) -> bool {
    let [upper, lower] = purifier_cells(purifier);
    dust.spread(|old, from, _, to| {
        if to == upper || to == lower || from == upper || from == lower {
            0
        } else {
            old[from] / SHARE
        }
    })
}

/// The two loops of wind: the border of rows `0..=purifier` turned one cell counter-clockwise,
/// the border of the rows below turned one cell clockwise. The purifier cells (on the loops'
/// corners) blow out 0 and swallow what the wind brings them. Returns the dust swallowed.
///
/// # Panics
/// When the purifier's rows do not fit the board (`purifier + 2 > rows`).
///
/// ```
/// use grid_core::Grid;
/// let mut dust = Grid::new(6, 6, 0);
/// dust[(1, 0)] = 9; // above the upper purifier cell (2, 0): blown into it
/// dust[(2, 1)] = 4; // right of it: blown one cell right
/// assert_eq!(boj_17144_fine_dust::blow(&mut dust, 2), 9);
/// assert_eq!((dust[(2, 1)], dust[(2, 2)], dust[(1, 0)]), (0, 4, 0));
/// ```
pub fn blow(dust: &mut Grid<i32>, purifier: usize) -> i32 {
    let (rows, cols) = (dust.rows(), dust.cols());
    let [upper, lower] = purifier_cells(purifier);
    let above = Rect {
        top: 0,
        left: 0,
        height: purifier + 1,
        width: cols,
    };
    let below = Rect {
        top: purifier + 1,
        left: 0,
        height: rows - purifier - 1,
        width: cols,
    };
    let mut swallowed = 0;
    for (rect, cell, clockwise) in [(above, upper, false), (below, lower, true)] {
        // The purifier holds no dust: it blows out clean air.
        dust[cell] = 0;
        if clockwise {
            dust.rotate_ring_cw(rect);
        } else {
            dust.rotate_ring_ccw(rect);
        }
        swallowed += dust[cell];
        dust[cell] = 0;
    }
    swallowed
}

/// A moment of the simulation, as [`solve_observed`] reports it.
#[derive(Clone, Copy, Debug)]
pub enum DustEvent<'a> {
    /// Second `second` (0-based) spread the dust: the room after.
    Spread {
        /// Which second, 0-based.
        second: usize,
        /// The room after the spread (purifier cells hold 0).
        dust: &'a Grid<i32>,
    },
    /// The same second's wind blew: the room after, and the dust the purifier swallowed.
    Blown {
        /// Which second, 0-based.
        second: usize,
        /// Dust that entered the purifier.
        swallowed: i32,
        /// The room after the wind.
        dust: &'a Grid<i32>,
    },
}

/// The answer: the total dust in the room after `T` seconds.
pub fn solve(room: &Room) -> i64 {
    solve_observed(room, &mut |_| {})
}

/// [`solve`], telling `observe` about every spread and every wind (free when `observe` does
/// nothing).
pub fn solve_observed(room: &Room, observe: &mut impl FnMut(DustEvent<'_>)) -> i64 {
    let mut dust = room.dust.clone();
    for second in 0..room.seconds {
        spread_dust(&mut dust, room.purifier);
        observe(DustEvent::Spread {
            second,
            dust: &dust,
        });
        let swallowed = blow(&mut dust, room.purifier);
        observe(DustEvent::Blown {
            second,
            swallowed,
            dust: &dust,
        });
    }
    total(&dust)
}

/// The dust in the room (the purifier cells hold none).
pub fn total(dust: &Grid<i32>) -> i64 {
    dust.iter().map(|&v| i64::from(v)).sum()
}

/// The answer as the judge expects it.
pub fn format(answer: i64) -> String {
    format!("{answer}\n")
}

/// The whole program: judge input in, judge output out.
pub fn run(text: &str) -> Result<String, InputError> {
    parse(text).map(|room| format(solve(&room)))
}
