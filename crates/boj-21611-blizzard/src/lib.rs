//! Baekjoon 21611 Wizard Shark and Blizzard: the score of the marbles exploded by `M` blizzard
//! spells on an `N x N` board read as one line along a spiral from the centre.
//!
//! The marbles lie along [`grid_core::spiral_from_centre`] (left, down, right, up, legs
//! growing). A spell destroys the marbles in one direction from the shark, closes the gaps
//! ([`grid_core::Grid::compact_along`]), explodes every run of 4 or more at once until none is
//! left ([`grid_core::pop_long_runs`]), then rewrites each run as two marbles, its length and
//! its number ([`grid_core::runs_of`]), cut to the board's `N * N - 1` cells.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The spells drawn step by step (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{pop_long_runs, runs_of, spiral_from_centre, Dir, Grid, InputError, Pos, Scanner};

/// Smallest board side.
pub const MIN_N: usize = 3;
/// Largest board side.
pub const MAX_N: usize = 49;
/// Largest number of spells.
pub const MAX_M: usize = 100;
/// Largest marble number (0 is no marble).
pub const MAX_MARBLE: u8 = 3;
/// Runs of at least this many equal marbles explode.
pub const EXPLODING_RUN: usize = 4;

/// One blizzard spell: a direction and a reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spell {
    /// Where the blizzard goes from the shark (input: 1 up, 2 down, 3 left, 4 right).
    pub dir: Dir,
    /// How many cells it destroys, `1..=(N - 1) / 2`.
    pub reach: usize,
}

/// One judge input: the board and the spells in casting order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// Marble numbers (0 = none), `N x N`, the shark's centre cell 0.
    pub board: Grid<u8>,
    /// The spells, in casting order.
    pub spells: Vec<Spell>,
}

/// The direction numbered `code` in the input (1 up, 2 down, 3 left, 4 right: the order of
/// [`Dir::ALL`]), or `None` outside `1..=4`.
///
/// ```
/// assert_eq!(boj_21611_blizzard::dir_from_code(3), Some(grid_core::Dir::Left));
/// assert_eq!(boj_21611_blizzard::dir_from_code(0), None);
/// ```
pub fn dir_from_code(code: u8) -> Option<Dir> {
    usize::from(code)
        .checked_sub(1)
        .and_then(|i| Dir::ALL.get(i).copied())
}

/// Parses `N M` (`N` odd), the `N x N` marbles in `0..=3` (the centre 0), then `M` lines `d s`.
///
/// ```
/// let input = boj_21611_blizzard::parse("3 1\n1 2 0\n0 0 0\n0 0 0\n4 1\n").unwrap();
/// assert_eq!(input.board.to_string(), "1 2 0\n0 0 0\n0 0 0\n");
/// assert_eq!(input.spells[0].dir, grid_core::Dir::Right);
/// ```
pub fn parse(text: &str) -> Result<Input, InputError> {
    let mut scanner = Scanner::new(text);
    let n: usize = scanner.next_if(
        format_args!("N, odd, in {MIN_N}..={MAX_N}"),
        |&n: &usize| (MIN_N..=MAX_N).contains(&n) && n % 2 == 1,
    )?;
    let m: usize = scanner.next_in("M", 1..=MAX_M)?;
    let centre = n / 2;
    let mut cells = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let marble = if (r, c) == (centre, centre) {
                scanner.next_in(
                    format_args!("0 at the shark's cell, row {}, column {}", r + 1, c + 1),
                    0..=0,
                )?
            } else {
                scanner.next_in(
                    format_args!("the marble at row {}, column {}", r + 1, c + 1),
                    0..=MAX_MARBLE,
                )?
            };
            cells.push(marble);
        }
    }
    let mut spells = Vec::with_capacity(m);
    for k in 1..=m {
        let code: u8 = scanner.next_in(format_args!("the direction of spell {k}"), 1..=4)?;
        let reach = scanner.next_in(format_args!("the reach of spell {k}"), 1..=(n - 1) / 2)?;
        let dir = dir_from_code(code).expect("checked to be 1..=4");
        spells.push(Spell { dir, reach });
    }
    scanner.finish()?;
    Ok(Input {
        board: Grid::from_vec(n, n, cells),
        spells,
    })
}

/// The cells `1, 2, ..., N * N - 1` of an `n x n` board in number order: the spiral from the
/// centre going left, down, right, up, without the centre.
///
/// ```
/// let track = boj_21611_blizzard::track(3);
/// assert_eq!(track[..4], [(1, 0), (2, 0), (2, 1), (2, 2)]);
/// assert_eq!(track[7], (0, 0));
/// ```
pub fn track(n: usize) -> Vec<Pos> {
    let mut order = spiral_from_centre(n, Dir::Left, Dir::Down);
    order.remove(0);
    order
}

/// Explodes every run of [`EXPLODING_RUN`] or more at once, closes up, and repeats until none
/// is left; returns the score: each exploded marble scores its number.
///
/// ```
/// let mut line = vec![1, 1, 1, 2, 2, 2, 2, 1, 3, 3, 3, 3, 1];
/// // 2222 and 3333 together, then the five 1s they brought together.
/// assert_eq!(boj_21611_blizzard::explode(&mut line), 8 + 12 + 5);
/// assert!(line.is_empty());
/// ```
pub fn explode(line: &mut Vec<u8>) -> u64 {
    explode_observed(line, 0, &mut |_| {})
}

/// [`explode`] within spell `spell`, telling `observe` about every round.
fn explode_observed(
    line: &mut Vec<u8>,
    spell: usize,
    observe: &mut impl FnMut(SpellEvent<'_>),
) -> u64 {
    let mut score = 0;
    let mut popped: Vec<(u8, usize)> = Vec::new();
    let mut round = 0;
    while pop_long_runs(line, EXPLODING_RUN, |&b, count| popped.push((b, count))) {
        score += popped
            .iter()
            .map(|&(b, count)| u64::from(b) * count as u64)
            .sum::<u64>();
        observe(SpellEvent::Exploded {
            spell,
            round,
            popped: &popped,
            line,
        });
        popped.clear();
        round += 1;
    }
    score
}

/// Rewrites every run of `c` marbles numbered `b` as the two marbles `c, b`, in run order, cut
/// to `capacity` marbles.
///
/// ```
/// // The statement's example: 7 runs of 1 on a 3 x 3 board (8 cells).
/// let line = boj_21611_blizzard::change(&[1, 2, 3, 1, 3, 1, 2], 8);
/// assert_eq!(line, vec![1, 1, 1, 2, 1, 3, 1, 1]);
/// ```
pub fn change(line: &[u8], capacity: usize) -> Vec<u8> {
    let mut changed = Vec::with_capacity(2 * line.len());
    for run in runs_of(line) {
        // After the explosions no run is longer than 3, but a run of any length is written
        // as its length, kept to what a cell may hold.
        changed.push(run.len.min(usize::from(u8::MAX)) as u8);
        changed.push(line[run.start]);
    }
    changed.truncate(capacity);
    changed
}

/// A moment of a spell, as [`solve_observed`] reports it.
#[derive(Clone, Copy, Debug)]
pub enum SpellEvent<'a> {
    /// The blizzard of spell `spell` (0-based) emptied `destroyed`: the board after.
    Blizzard {
        /// Which spell, 0-based.
        spell: usize,
        /// The cells it reached, nearest the shark first (empty ones too).
        destroyed: &'a [Pos],
        /// The board with those cells emptied.
        board: &'a Grid<u8>,
    },
    /// The marbles closed the gaps: the line, cell 1 first.
    Moved {
        /// Which spell, 0-based.
        spell: usize,
        /// The marbles in cell order.
        line: &'a [u8],
    },
    /// Explosion round `round` (0-based) popped `popped` (number, count) together: the line
    /// after, closed up.
    Exploded {
        /// Which spell, 0-based.
        spell: usize,
        /// Which round of this spell, 0-based.
        round: usize,
        /// Every run that exploded in this round, as (number, count), in line order.
        popped: &'a [(u8, usize)],
        /// The marbles after, closed up.
        line: &'a [u8],
    },
    /// Every run became two marbles: the line, cut to the board's cells.
    Changed {
        /// Which spell, 0-based.
        spell: usize,
        /// The marbles in cell order.
        line: &'a [u8],
    },
}

/// The answer: the score of every explosion of every spell.
pub fn solve(input: &Input) -> u64 {
    solve_observed(input, &mut |_| {})
}

/// [`solve`], telling `observe` about every step of every spell (the observed lines and boards
/// are the solution's own; observing costs a few small vectors per spell).
pub fn solve_observed(input: &Input, observe: &mut impl FnMut(SpellEvent<'_>)) -> u64 {
    let mut board = input.board.clone();
    let n = board.rows();
    let centre = (n / 2, n / 2);
    let track = track(n);
    let mut score = 0;
    for (spell, s) in input.spells.iter().enumerate() {
        // 1. The blizzard: the reach never leaves the board, (N - 1) / 2 at most.
        let mut destroyed = Vec::with_capacity(s.reach);
        let mut pos = centre;
        for _ in 0..s.reach {
            pos = board
                .step(pos, s.dir)
                .expect("the reach stays on the board");
            board[pos] = 0;
            destroyed.push(pos);
        }
        observe(SpellEvent::Blizzard {
            spell,
            destroyed: &destroyed,
            board: &board,
        });
        // 2. The marbles roll forward along the track to close the gaps.
        board.compact_along(&track, |&b| b == 0);
        let mut line = board.read_along(&track);
        let marbles = line.iter().position(|&b| b == 0).unwrap_or(line.len());
        line.truncate(marbles);
        observe(SpellEvent::Moved { spell, line: &line });
        // 3. Explosions, all long runs of a round at once, until none.
        score += explode_observed(&mut line, spell, observe);
        // 4. Each run becomes (count, number), cut to the board.
        let changed = change(&line, track.len());
        observe(SpellEvent::Changed {
            spell,
            line: &changed,
        });
        board.write_along(&track, &changed, 0);
    }
    score
}

/// The answer as the judge expects it.
pub fn format(answer: u64) -> String {
    format!("{answer}\n")
}

/// The whole judge program over text: parse, solve, format.
pub fn run(text: &str) -> Result<String, InputError> {
    parse(text).map(|input| format(solve(&input)))
}
