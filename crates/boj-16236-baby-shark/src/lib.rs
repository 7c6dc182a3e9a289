//! Baekjoon 16236 Baby Shark: the seconds a growing shark spends eating fish, always the
//! nearest edible one by walking distance, ties broken by row then column.
//!
//! Each round is one [`Grid::nearest`]: a breadth-first search through the cells the shark may
//! enter (empty, or a fish no larger than it) for the nearest fish smaller than it.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The meals drawn one by one (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Grid, InputError, Pos, Scanner};

/// Smallest board side.
pub const MIN_N: usize = 2;
/// Largest board side.
pub const MAX_N: usize = 20;
/// Largest fish in the input.
pub const MAX_FISH: u8 = 6;
/// The input's mark of the shark's starting cell.
pub const SHARK: u8 = 9;
/// The shark's size at the start.
pub const START_SIZE: u32 = 2;

/// One judge input: the fish and where the shark starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sea {
    /// The size of the fish in every cell, 0 for none; the shark's cell is 0 (an empty cell).
    pub fish: Grid<u8>,
    /// The shark's starting cell.
    pub shark: Pos,
}

/// Parses `N` in `2..=20`, then `N x N` cells from `0 1 2 3 4 5 6 9`, exactly one `9`.
///
/// ```
/// let sea = boj_16236_baby_shark::parse("2\n9 1\n0 3\n").unwrap();
/// assert_eq!((sea.shark, sea.fish.to_string()), ((0, 0), "0 1\n0 3\n".to_string()));
/// ```
pub fn parse(input: &str) -> Result<Sea, InputError> {
    let mut scanner = Scanner::new(input);
    let n: usize = scanner.next_in("N", MIN_N..=MAX_N)?;
    let mut cells = Vec::with_capacity(n * n);
    let mut shark = None;
    for r in 1..=n {
        for c in 1..=n {
            let at = scanner.skip_whitespace();
            let v: u8 = scanner.next_if(
                format_args!("the cell at row {r}, column {c}: one of 0 1 2 3 4 5 6 9"),
                |&v| v <= MAX_FISH || v == SHARK,
            )?;
            if v == SHARK {
                if shark.is_some() {
                    return Err(scanner.error_at(at, "exactly one 9 (the shark)", "a second `9`"));
                }
                shark = Some((r - 1, c - 1));
                cells.push(0);
            } else {
                cells.push(v);
            }
        }
    }
    scanner.finish()?;
    let shark = shark
        .ok_or_else(|| InputError::new("expected one 9 (the shark) on the board, found none"))?;
    Ok(Sea {
        fish: Grid::from_vec(n, n, cells),
        shark,
    })
}

/// The shark between rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shark {
    /// Where it stands.
    pub at: Pos,
    /// Its size: it eats fish smaller than this and walks through fish up to this.
    pub size: u32,
    /// Fish eaten since it last grew (always below `size`).
    pub eaten: u32,
    /// Seconds spent so far.
    pub time: usize,
}

impl Shark {
    /// The shark at the start: on `at`, size 2, nothing eaten, no time spent.
    ///
    /// ```
    /// let shark = boj_16236_baby_shark::Shark::new((1, 2));
    /// assert_eq!((shark.size, shark.eaten, shark.time), (2, 0, 0));
    /// ```
    pub fn new(at: Pos) -> Shark {
        Shark {
            at,
            size: START_SIZE,
            eaten: 0,
            time: 0,
        }
    }

    /// Whether the shark may enter a cell holding `fish` (0: empty): a fish up to its size.
    ///
    /// ```
    /// let shark = boj_16236_baby_shark::Shark::new((0, 0));
    /// assert!(shark.can_enter(0) && shark.can_enter(2) && !shark.can_enter(3));
    /// ```
    pub fn can_enter(&self, fish: u8) -> bool {
        u32::from(fish) <= self.size
    }

    /// Whether the shark may eat a fish of size `fish` (0: no fish): only a smaller one.
    ///
    /// ```
    /// let shark = boj_16236_baby_shark::Shark::new((0, 0));
    /// assert!(shark.can_eat(1) && !shark.can_eat(2) && !shark.can_eat(0));
    /// ```
    pub fn can_eat(&self, fish: u8) -> bool {
        fish > 0 && u32::from(fish) < self.size
    }
}

/// A fish the shark ate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meal {
    /// The fish's cell, where the shark now stands.
    pub at: Pos,
    /// The steps the shark walked to it (the seconds it took).
    pub distance: usize,
    /// The fish's size.
    pub fish: u8,
}

/// One round: the nearest edible fish, eaten (the shark walks onto its cell, then maybe
/// grows). `None`, changing nothing, when no edible fish is reachable: the shark stops.
///
/// ```
/// use boj_16236_baby_shark::{eat_nearest, parse, Shark};
/// let sea = parse("3\n1 0 1\n0 0 0\n0 9 0\n").unwrap();
/// let (mut fish, mut shark) = (sea.fish, Shark::new(sea.shark));
/// // Both fish are 3 steps away: the left one wins (same row).
/// assert_eq!(eat_nearest(&mut fish, &mut shark).map(|m| (m.at, m.distance)), Some(((0, 0), 3)));
/// assert_eq!((shark.time, shark.size, shark.eaten), (3, 2, 1));
/// assert_eq!(eat_nearest(&mut fish, &mut shark).map(|m| (m.at, m.distance)), Some(((0, 2), 2)));
/// assert_eq!((shark.time, shark.size, shark.eaten), (5, 3, 0)); // 2 eaten at size 2: grows
/// assert_eq!(eat_nearest(&mut fish, &mut shark), None);
/// ```
pub fn eat_nearest(fish: &mut Grid<u8>, shark: &mut Shark) -> Option<Meal> {
    let s = *shark;
    let (at, distance) = fish.nearest([s.at], |&v| s.can_enter(v), |&v| s.can_eat(v))?;
    let meal = Meal {
        at,
        distance,
        fish: fish[at],
    };
    fish[at] = 0;
    shark.at = at;
    shark.time += distance;
    shark.eaten += 1;
    if shark.eaten == shark.size {
        shark.size += 1;
        shark.eaten = 0;
    }
    Some(meal)
}

/// The answer: the seconds until the shark finds no edible fish it can reach.
pub fn solve(sea: &Sea) -> usize {
    solve_observed(sea, &mut |_, _, _| {})
}

/// [`solve`], telling `observe` after every meal what was eaten, the shark after it and the
/// board left (free when `observe` does nothing).
pub fn solve_observed(sea: &Sea, observe: &mut impl FnMut(&Meal, &Shark, &Grid<u8>)) -> usize {
    let mut fish = sea.fish.clone();
    let mut shark = Shark::new(sea.shark);
    while let Some(meal) = eat_nearest(&mut fish, &mut shark) {
        observe(&meal, &shark, &fish);
    }
    shark.time
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    parse(input).map(|sea| format!("{}\n", solve(&sea)))
}
