//! Baekjoon 20056 Wizard Shark and Fireball: the total mass of the fireballs left after `K`
//! commands on an `N x N` board whose edges wrap around.
//!
//! One command: every fireball moves `s` cells in its direction (one of eight), wrapping at the
//! edges ([`grid_core::Torus`]); then every cell holding two or more fireballs
//! ([`grid_core::Buckets`]) merges them and splits them into four of mass `floor(sum / 5)` and
//! speed `floor(sum of speeds / count)`, going straight if the merged directions were all
//! straight or all diagonal and diagonally otherwise; a split of mass 0 leaves nothing.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The commands drawn one by one (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Buckets, Dir8, Grid, InputError, Pos, Scanner, Torus};

/// Smallest board side.
pub const MIN_N: usize = 4;
/// Largest board side.
pub const MAX_N: usize = 50;
/// Largest number of commands.
pub const MAX_K: usize = 1000;
/// Largest mass of an input fireball.
pub const MAX_MASS: u32 = 1000;
/// Largest speed of an input fireball.
pub const MAX_SPEED: u32 = 1000;
/// A merge's total mass is divided by this for each of its four new fireballs.
pub const MASS_DIVISOR: u32 = 5;
/// The directions of a split whose merged fireballs all went straight or all diagonally.
pub const STRAIGHT: [Dir8; 4] = [Dir8::Up, Dir8::Right, Dir8::Down, Dir8::Left];
/// The directions of a split whose merged fireballs mixed straight and diagonal directions.
pub const DIAGONAL: [Dir8; 4] = [Dir8::UpRight, Dir8::DownRight, Dir8::DownLeft, Dir8::UpLeft];

/// One fireball.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fireball {
    /// Its cell, 0-based `(row, col)`.
    pub pos: Pos,
    /// Its mass, at least 1.
    pub mass: u32,
    /// Cells it moves per command, at least 1.
    pub speed: u32,
    /// Its direction; the input's `d` is [`Dir8::index`] (0 up, clockwise).
    pub dir: Dir8,
}

/// One judge input: the board side, the fireballs and the number of commands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The board is `n x n`.
    pub n: usize,
    /// The fireballs, in input order, each on a cell of its own.
    pub fireballs: Vec<Fireball>,
    /// How many commands the wizard gives.
    pub commands: usize,
}

/// Parses `N M K` and `M` lines `r c m s d` (1-based cells, distinct), with the statement's
/// bounds.
///
/// ```
/// let input = boj_20056_fireball::parse("4 1 2\n1 4 7 1 6\n").unwrap();
/// assert_eq!(input.fireballs[0].pos, (0, 3));
/// assert_eq!(input.fireballs[0].dir, grid_core::Dir8::Left);
/// ```
pub fn parse(text: &str) -> Result<Input, InputError> {
    let mut scanner = Scanner::new(text);
    let n: usize = scanner.next_in("N", MIN_N..=MAX_N)?;
    let m: usize = scanner.next_in("M", 0..=n * n)?;
    let commands: usize = scanner.next_in("K", 1..=MAX_K)?;
    let mut taken = Grid::new(n, n, 0usize);
    let mut fireballs = Vec::with_capacity(m);
    for i in 1..=m {
        let start = scanner.skip_whitespace();
        let r: usize = scanner.next_in(format_args!("the row of fireball {i}"), 1..=n)?;
        let c: usize = scanner.next_in(format_args!("the column of fireball {i}"), 1..=n)?;
        let mass = scanner.next_in(format_args!("the mass of fireball {i}"), 1..=MAX_MASS)?;
        let speed = scanner.next_in(format_args!("the speed of fireball {i}"), 1..=MAX_SPEED)?;
        let d: usize = scanner.next_in(format_args!("the direction of fireball {i}"), 0..=7)?;
        let pos = (r - 1, c - 1);
        if taken[pos] > 0 {
            return Err(scanner.error_at(
                start,
                format_args!("fireball {i} on a cell of its own"),
                format_args!("fireball {} already at {r} {c}", taken[pos]),
            ));
        }
        taken[pos] = i;
        let dir = Dir8::from_index(d).expect("checked to be 0..=7");
        fireballs.push(Fireball {
            pos,
            mass,
            speed,
            dir,
        });
    }
    scanner.finish()?;
    Ok(Input {
        n,
        fireballs,
        commands,
    })
}

/// A merge of one command: the cell, how many fireballs met there, and the four it split into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merge {
    /// The cell.
    pub pos: Pos,
    /// Fireballs that met there, at least 2.
    pub count: usize,
    /// The mass of each new fireball (0: the cell became empty).
    pub mass: u32,
    /// The speed of each new fireball.
    pub speed: u32,
    /// The four new directions: [`STRAIGHT`] or [`DIAGONAL`].
    pub dirs: [Dir8; 4],
}

/// Merges the `k >= 2` fireballs of one cell: the four new fireballs' common mass, speed and
/// directions.
///
/// ```
/// use boj_20056_fireball::{merge, Fireball, STRAIGHT};
/// use grid_core::Dir8;
/// let a = Fireball { pos: (0, 2), mass: 5, speed: 2, dir: Dir8::Right };
/// let b = Fireball { pos: (0, 2), mass: 7, speed: 1, dir: Dir8::Left };
/// let m = merge((0, 2), &[a, b]);
/// assert_eq!((m.mass, m.speed, m.dirs), (2, 1, STRAIGHT));
/// ```
pub fn merge(pos: Pos, here: &[Fireball]) -> Merge {
    let count = here.len();
    let mass: u32 = here.iter().map(|f| f.mass).sum();
    let speed: u32 = here.iter().map(|f| f.speed).sum();
    let diagonal = here.iter().filter(|f| f.dir.is_diagonal()).count();
    let dirs = if diagonal == 0 || diagonal == count {
        STRAIGHT
    } else {
        DIAGONAL
    };
    Merge {
        pos,
        count,
        mass: mass / MASS_DIVISOR,
        speed: speed / count as u32,
        dirs,
    }
}

/// The board after one command: every fireball moved, then every cell of two or more merged
/// and split. The fireballs come out grouped by cell, cells row by row.
///
/// ```
/// use boj_20056_fireball::{command, Fireball};
/// use grid_core::Dir8;
/// // Sample 1's command: both reach (0, 2) and split into four of mass 12 / 5 = 2.
/// let balls = vec![
///     Fireball { pos: (0, 0), mass: 5, speed: 2, dir: Dir8::Right },
///     Fireball { pos: (0, 3), mass: 7, speed: 1, dir: Dir8::Left },
/// ];
/// let after = command(4, &balls);
/// assert_eq!(after.len(), 4);
/// assert!(after.iter().all(|f| f.pos == (0, 2) && f.mass == 2 && f.speed == 1));
/// ```
pub fn command(n: usize, fireballs: &[Fireball]) -> Vec<Fireball> {
    let mut sky = Sky::new(n, fireballs.to_vec());
    sky.command(0, &mut |_| {});
    sky.fireballs
}

/// What a command did, as [`solve_observed`] reports it.
#[derive(Clone, Copy, Debug)]
pub enum FireballEvent<'a> {
    /// Command `command` (0-based) moved every fireball: where they all are now.
    Moved {
        /// Which command, 0-based.
        command: usize,
        /// Every fireball after the move.
        fireballs: &'a [Fireball],
    },
    /// The same command merged and split: the merges, and every fireball after.
    Split {
        /// Which command, 0-based.
        command: usize,
        /// Every cell that held two or more, row by row.
        merges: &'a [Merge],
        /// Every fireball after the command.
        fireballs: &'a [Fireball],
    },
}

/// The fireballs in flight, with the buffers every command reuses.
struct Sky {
    torus: Torus,
    /// `speed mod n` for every speed up to [`MAX_SPEED`]: a move divides nothing.
    hops: Vec<usize>,
    fireballs: Vec<Fireball>,
    cells: Buckets<Fireball>,
    merges: Vec<Merge>,
}

impl Sky {
    fn new(n: usize, fireballs: Vec<Fireball>) -> Sky {
        Sky {
            torus: Torus::new(n, n),
            hops: (0..=MAX_SPEED as usize).map(|s| s % n).collect(),
            fireballs,
            cells: Buckets::new(n, n),
            merges: Vec::new(),
        }
    }

    /// One command, number `index`, telling `observe` about the move and the split.
    fn command(&mut self, index: usize, observe: &mut impl FnMut(FireballEvent<'_>)) {
        let (torus, hops) = (self.torus, &self.hops);
        for f in self.fireballs.iter_mut() {
            // A speed past the table (not from a judge input) is reduced by the torus itself.
            let speed = f.speed as usize;
            let hop = hops.get(speed).copied().unwrap_or(speed);
            f.pos = torus.step(f.pos, f.dir.delta(), hop);
        }
        observe(FireballEvent::Moved {
            command: index,
            fireballs: &self.fireballs,
        });
        self.cells.regroup(self.fireballs.drain(..), |f| f.pos);
        self.merges.clear();
        for (pos, here) in self.cells.occupied() {
            if here.len() == 1 {
                self.fireballs.extend_from_slice(here);
                continue;
            }
            let m = merge(pos, here);
            if m.mass > 0 {
                self.fireballs.extend(m.dirs.iter().map(|&dir| Fireball {
                    pos,
                    mass: m.mass,
                    speed: m.speed,
                    dir,
                }));
            }
            self.merges.push(m);
        }
        observe(FireballEvent::Split {
            command: index,
            merges: &self.merges,
            fireballs: &self.fireballs,
        });
    }
}

/// The answer: the total mass of the fireballs left after every command.
pub fn solve(input: &Input) -> u64 {
    solve_observed(input, &mut |_| {})
}

/// [`solve`], telling `observe` about every move and split (free when `observe` does nothing).
pub fn solve_observed(input: &Input, observe: &mut impl FnMut(FireballEvent<'_>)) -> u64 {
    let mut sky = Sky::new(input.n, input.fireballs.clone());
    for k in 0..input.commands {
        if sky.fireballs.is_empty() {
            // Nothing left to move: every later command changes nothing.
            break;
        }
        sky.command(k, observe);
    }
    sky.fireballs.iter().map(|f| u64::from(f.mass)).sum()
}

/// The answer as the judge expects it.
pub fn format(answer: u64) -> String {
    format!("{answer}\n")
}

/// The whole judge program over text: parse, solve, format.
pub fn run(text: &str) -> Result<String, InputError> {
    parse(text).map(|input| format(solve(&input)))
}
