//! Baekjoon 23289 Goodbye, Warm Air Heater!: how many chocolates are eaten before every
//! inspected cell is at least `K` warm (101 when more than 100 would be needed).
//!
//! Walls stand between cells: grid-core's [`Walls`]. A heater's wedge of wind steps straight
//! ahead or one side then ahead ([`Walls::walk`]), each step stopped by a wall; walls never
//! change, so the warmth of one round of all heaters is computed once. Heat evens out with
//! [`Grid::spread`] (never across a wall), and the outer ring is [`Rect::ring`].

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The rounds drawn one by one (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Dir, Grid, InputError, Pos, Rect, Scanner, Walls};

/// Fewest rows or columns.
pub const MIN_SIDE: usize = 2;
/// Most rows or columns.
pub const MAX_SIDE: usize = 20;
/// Largest `K`.
pub const MAX_K: i32 = 1000;
/// The most chocolates counted; one more is printed when they do not suffice.
pub const MAX_CHOCOLATES: usize = 100;
/// The warmth of the cell in front of a heater; each column further is one less.
pub const FRONT_WARMTH: i32 = 5;
/// Map value of an inspected cell.
pub const INSPECTED: u8 = 5;

/// The direction a heater of map value `1..=4` blows: right, left, up, down.
///
/// ```
/// use grid_core::Dir;
/// assert_eq!(boj_23289_warm_air::heater_dir(3), Some(Dir::Up));
/// assert_eq!(boj_23289_warm_air::heater_dir(5), None);
/// ```
pub fn heater_dir(value: u8) -> Option<Dir> {
    match value {
        1 => Some(Dir::Right),
        2 => Some(Dir::Left),
        3 => Some(Dir::Up),
        4 => Some(Dir::Down),
        _ => None,
    }
}

/// One judge input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Office {
    /// The map values (0 ordinary, 1..=4 heaters, 5 inspected), `R x C`.
    pub map: Grid<u8>,
    /// Every heater and the way it blows, row by row.
    pub heaters: Vec<(Pos, Dir)>,
    /// Every inspected cell, row by row.
    pub inspected: Vec<Pos>,
    /// The walls between cells.
    pub walls: Walls,
    /// `K`, the temperature every inspected cell must reach.
    pub k: i32,
}

/// Parses `R C K`, the map, `W` and `W` walls `x y t`, checking every bound of the statement and
/// its guarantees (a heater's front cell is on the board and no wall stands before it; there is
/// a heater and an inspected cell).
pub fn parse(text: &str) -> Result<Office, InputError> {
    let mut scanner = Scanner::new(text);
    let rows: usize = scanner.next_in("R", MIN_SIDE..=MAX_SIDE)?;
    let cols: usize = scanner.next_in("C", MIN_SIDE..=MAX_SIDE)?;
    let k: i32 = scanner.next_in("K", 1..=MAX_K)?;
    let mut cells = Vec::with_capacity(rows * cols);
    let mut heaters = Vec::new();
    let mut inspected = Vec::new();
    let board = Grid::new(rows, cols, ());
    for r in 0..rows {
        for c in 0..cols {
            let at = scanner.skip_whitespace();
            let (row, col) = (r + 1, c + 1);
            let value: u8 =
                scanner.next_in(format_args!("the map at row {row}, column {col}"), 0..=5)?;
            if let Some(dir) = heater_dir(value) {
                if board.step((r, c), dir).is_none() {
                    return Err(scanner.error_at(
                        at,
                        format_args!(
                            "a heater at row {row}, column {col} whose front cell is on the board"
                        ),
                        format_args!("`{value}` (blowing {} off the board)", dir.name()),
                    ));
                }
                heaters.push(((r, c), dir));
            } else if value == INSPECTED {
                inspected.push((r, c));
            }
            cells.push(value);
        }
    }
    let after_map = scanner.skip_whitespace();
    if heaters.is_empty() || inspected.is_empty() {
        let missing = if heaters.is_empty() {
            "a heater (1..=4)"
        } else {
            "an inspected cell (5)"
        };
        return Err(scanner.error_at(
            after_map,
            format_args!("at least {missing} on the map"),
            "none",
        ));
    }
    let count: usize = scanner.next_in("W", 0..=rows * cols)?;
    let mut walls = Walls::new(rows, cols);
    for w in 1..=count {
        let x_at = scanner.skip_whitespace();
        let x: usize = scanner.next_in(format_args!("x of wall {w}"), 1..=rows)?;
        let y_at = scanner.skip_whitespace();
        let y: usize = scanner.next_in(format_args!("y of wall {w}"), 1..=cols)?;
        let t: u8 = scanner.next_in(format_args!("t of wall {w}"), 0..=1)?;
        let (pos, dir) = ((x - 1, y - 1), if t == 0 { Dir::Up } else { Dir::Right });
        if t == 0 && x < 2 {
            return Err(scanner.error_at(
                x_at,
                format_args!("x of wall {w} in 2..={rows} (t = 0: a wall above row x)"),
                format_args!("`{x}`"),
            ));
        }
        if t == 1 && y == cols {
            return Err(scanner.error_at(
                y_at,
                format_args!(
                    "y of wall {w} in 1..={} (t = 1: a wall right of column y)",
                    cols - 1
                ),
                format_args!("`{y}`"),
            ));
        }
        let other = board.step(pos, dir).expect("checked above");
        let before_heater = heaters
            .iter()
            .any(|&(h, d)| (h == pos && d == dir) || (h == other && d == dir.reverse()));
        if before_heater {
            return Err(scanner.error_at(
                x_at,
                format_args!("wall {w} not between a heater and the cell it blows into"),
                format_args!(
                    "a wall between ({x}, {y}) and the cell {}",
                    if t == 0 { "above it" } else { "right of it" }
                ),
            ));
        }
        walls.insert(pos, dir);
    }
    scanner.finish()?;
    Ok(Office {
        map: Grid::from_vec(rows, cols, cells),
        heaters,
        inspected,
        walls,
        k,
    })
}

/// The cells one blow of the heater at `heater` blowing toward `dir` warms, each once, with
/// its warmth: 5 in front, then 4, 3, 2, 1 column by column (toward `dir`), the wind moving on
/// straight ahead or one step sideways then ahead, every step stopped by a wall or the board's
/// edge. Listed by distance from the heater.
///
/// ```
/// use grid_core::{Dir, Walls};
/// let mut walls = Walls::new(5, 4);
/// walls.insert((1, 1), Dir::Down); // between (1, 1) and (2, 1)
/// let warmed = boj_23289_warm_air::blow(&walls, (2, 0), Dir::Right);
/// // (1, 2) is not warmed: the wind would go up from (2, 1) to (1, 1) first, across the wall.
/// // Column 4 is off the board.
/// assert_eq!(
///     warmed,
///     vec![
///         ((2, 1), 5),
///         ((2, 2), 4), ((3, 2), 4),
///         ((1, 3), 3), ((2, 3), 3), ((3, 3), 3), ((4, 3), 3),
///     ]
/// );
/// ```
pub fn blow(walls: &Walls, heater: Pos, dir: Dir) -> Vec<(Pos, i32)> {
    let mut warmed = Vec::new();
    let mut layer: Vec<Pos> = walls.step(heater, dir).into_iter().collect();
    let mut warmth = FRONT_WARMTH;
    while warmth > 0 && !layer.is_empty() {
        warmed.extend(layer.iter().map(|&p| (p, warmth)));
        let mut next: Vec<Pos> = Vec::new();
        for &p in &layer {
            let ahead = [
                walls.walk(p, [dir.turn_ccw(), dir]),
                walls.step(p, dir),
                walls.walk(p, [dir.turn_cw(), dir]),
            ];
            for to in ahead.into_iter().flatten() {
                if !next.contains(&to) {
                    next.push(to);
                }
            }
        }
        layer = next;
        warmth -= 1;
    }
    warmed
}

/// What all heaters together add to every cell in one round (walls never change, so this is the
/// same every round).
pub fn warmth_per_round(office: &Office) -> Grid<i32> {
    let mut warmth = Grid::new(office.map.rows(), office.map.cols(), 0);
    for &(heater, dir) in &office.heaters {
        for (pos, w) in blow(&office.walls, heater, dir) {
            warmth[pos] += w;
        }
    }
    warmth
}

/// Temperatures even out, all at once: across every edge without a wall, the warmer of the two
/// cells gives a quarter of the difference (rounded down) to the cooler. Returns whether any
/// heat moved.
///
/// ```
/// use grid_core::{Dir, Grid, Walls};
/// let mut t = Grid::from_rows(vec![vec![40, 0, 0]]).unwrap();
/// let mut walls = Walls::new(1, 3);
/// walls.insert((0, 1), Dir::Right);
/// boj_23289_warm_air::even_out(&mut t, &walls);
/// assert_eq!(t.to_string(), "30 10 0\n");
/// ```
pub fn even_out(temps: &mut Grid<i32>, walls: &Walls) -> bool {
    temps.spread(|old, from, dir, to| {
        let (a, b) = (old[from], old[to]);
        if a > b && walls.passable(from, dir) {
            (a - b) / 4
        } else {
            0
        }
    })
}

/// Every cell of the outer ring (row 1, row R, column 1, column C) at 1 or more loses 1; a
/// corner too loses only 1. Returns how many cells cooled.
///
/// ```
/// use grid_core::Grid;
/// let mut t = Grid::from_rows(vec![vec![3, 0, 1], vec![2, 9, 0], vec![1, 1, 1]]).unwrap();
/// // 3 x 3: every cell but the middle is on the ring.
/// assert_eq!(boj_23289_warm_air::cool_ring(&mut t), 6);
/// assert_eq!(t.to_string(), "2 0 0\n1 9 0\n0 0 0\n");
/// ```
pub fn cool_ring(temps: &mut Grid<i32>) -> usize {
    let board = Rect {
        top: 0,
        left: 0,
        height: temps.rows(),
        width: temps.cols(),
    };
    let mut cooled = 0;
    for pos in board.ring() {
        if temps[pos] >= 1 {
            temps[pos] -= 1;
            cooled += 1;
        }
    }
    cooled
}

/// A moment of a round, as [`solve_observed`] reports it.
#[derive(Clone, Copy, Debug)]
pub enum RoundEvent<'a> {
    /// Round `round` (1-based: the chocolate it ends with) began: every heater blew once.
    Blown {
        /// Which round, 1-based.
        round: usize,
        /// The temperatures after.
        temps: &'a Grid<i32>,
    },
    /// The temperatures evened out.
    Evened {
        /// Which round, 1-based.
        round: usize,
        /// The temperatures after.
        temps: &'a Grid<i32>,
    },
    /// The outer ring cooled, a chocolate was eaten and the inspected cells checked.
    Checked {
        /// Which round, 1-based: the chocolates eaten so far.
        round: usize,
        /// Ring cells that lost 1.
        cooled: usize,
        /// Whether every inspected cell is at `K` or more.
        warm_enough: bool,
        /// The temperatures after cooling.
        temps: &'a Grid<i32>,
    },
}

/// The answer: the chocolates eaten when every inspected cell first reaches `K` after a round,
/// or `MAX_CHOCOLATES + 1` when 100 rounds do not suffice.
pub fn solve(office: &Office) -> usize {
    solve_observed(office, &mut |_| {})
}

/// [`solve`], telling `observe` about every step of every round (free when `observe` does
/// nothing).
pub fn solve_observed(office: &Office, observe: &mut impl FnMut(RoundEvent<'_>)) -> usize {
    let warmth = warmth_per_round(office);
    let mut temps = Grid::new(office.map.rows(), office.map.cols(), 0);
    for round in 1..=MAX_CHOCOLATES {
        for (t, w) in temps.iter_mut().zip(warmth.iter()) {
            *t += w;
        }
        observe(RoundEvent::Blown {
            round,
            temps: &temps,
        });
        even_out(&mut temps, &office.walls);
        observe(RoundEvent::Evened {
            round,
            temps: &temps,
        });
        let cooled = cool_ring(&mut temps);
        let warm_enough = office.inspected.iter().all(|&p| temps[p] >= office.k);
        observe(RoundEvent::Checked {
            round,
            cooled,
            warm_enough,
            temps: &temps,
        });
        if warm_enough {
            return round;
        }
    }
    MAX_CHOCOLATES + 1
}

/// The answer as the judge expects it.
pub fn format(answer: usize) -> String {
    format!("{answer}\n")
}

/// The whole program: judge input in, judge output out.
pub fn run(text: &str) -> Result<String, InputError> {
    parse(text).map(|office| format(solve(&office)))
}
