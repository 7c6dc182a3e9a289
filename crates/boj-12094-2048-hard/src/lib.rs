//! Baekjoon 12094 2048 (Hard): the largest tile on an N x N board after at most ten moves.
//!
//! The board, its parser and the tilt are 12100's (`boj_12100_2048_easy`); ten moves need a
//! stronger search than 12100's five do. It tries every sequence of tilts depth first, and:
//! - does not follow a tilt that changes nothing (it leads to a board already searched);
//! - counts the tiles a tilt would leave without making it ([`merges`]): a tilt and its
//!   opposite leave the same tiles, so two scans give the largest tile of all four children, and
//!   the last move is never made;
//! - cuts a branch that cannot beat the best tile found: within `k` tilts a tile can only be
//!   merged from tiles of at least a `2^k`-th of its value, each tilt merging a tile at most once
//!   ([`can_build`]); this bound also covers "the largest tile doubles at most once per move";
//! - with two or three moves left, checks each child before making it ([`Search::may_reach`]):
//!   the child's tiles large enough to matter are placed from the few lines that make them, the
//!   other lines only by how many tiles they keep, so the merges of the child's next tilt among
//!   those tiles are exact, and with them the tiles after it; most children there are cut
//!   without being made (most of the work before);
//! - tries first the pair of tilts whose tiles look most promising.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;

pub use boj_12100_2048_easy::{parse, tilt, MAX_N, MAX_TILE};
use grid_core::{Dir, Grid, InputError};

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
pub fn merges(board: &Grid<u32>) -> [Tally; 2] {
    let mut along_rows = [0; 32];
    let mut along_cols = [0; 32];
    // The last tile of each column (and of the current row) while it may still take a merge; on
    // the stack for judge-sized boards, since this runs once per board searched.
    let mut small = [0; MAX_N];
    let mut large = Vec::new();
    let open_in_col: &mut [u32] = if board.cols() <= MAX_N {
        &mut small[..board.cols()]
    } else {
        large.resize(board.cols(), 0);
        &mut large
    };
    for r in 0..board.rows() {
        let mut open_in_row = 0;
        for (&v, open_here) in board.row(r).iter().zip(open_in_col.iter_mut()) {
            if v == 0 {
                continue;
            }
            if v == open_in_row {
                along_rows[v.trailing_zeros() as usize] += 1;
                open_in_row = 0;
            } else {
                open_in_row = v;
            }
            if v == *open_here {
                along_cols[v.trailing_zeros() as usize] += 1;
                *open_here = 0;
            } else {
                *open_here = v;
            }
        }
    }
    [along_rows, along_cols]
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
    let mut after = *tally;
    for l in 0..31 {
        after[l] -= 2 * merged[l];
        after[l + 1] += merged[l];
    }
    after
}

/// The largest tile counted in `tally` (0 for none).
pub fn largest(tally: &Tally) -> u32 {
    tally.iter().rposition(|&c| c > 0).map_or(0, |l| 1 << l)
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
    let mut need: u32 = 1;
    let mut level = target.trailing_zeros() as usize;
    for _ in 0..=moves {
        let have = tally[level];
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
    let best = largest(&tally);
    if moves == 0 || best == 0 || !can_build(&tally, 2 * best, moves) {
        return (best, 0);
    }
    let mut search = Search {
        best,
        boards: 0,
        out: Vec::with_capacity(board.rows().max(board.cols())),
        big: Vec::new(),
        open_in_col: Vec::with_capacity(board.cols()),
    };
    // One frame per depth, reused by every branch at that depth.
    let frame = Frame {
        lines: [LineFacts::new(board.rows()), LineFacts::new(board.cols())],
        child: board.clone(),
    };
    let mut frames = vec![frame; moves];
    search.node(board, &tally, moves, &mut frames);
    (search.best, search.boards)
}

/// Children are checked without being made ([`Search::may_reach`]) from boards with at most this
/// many moves left: there the check is exact or nearly so and cuts most children; higher up, it
/// rarely cuts and costs about as much as making the child.
const CHECK_BELOW: usize = 3;

/// What a board's lines of one axis do in a tilt along them, for checking its children without
/// making them.
#[derive(Clone)]
struct LineFacts {
    /// Tiles each line keeps after a tilt along it (its tiles less its merges).
    kept: Vec<usize>,
    /// Half the largest tile each line holds after a tilt along it, 0 for an empty line.
    top: Vec<u32>,
}

impl LineFacts {
    fn new(lines: usize) -> LineFacts {
        LineFacts {
            kept: vec![0; lines],
            top: vec![0; lines],
        }
    }
}

/// One depth of the search: the facts of the board searched there (rows, then columns) and the
/// board its children are made in.
#[derive(Clone)]
struct Frame {
    lines: [LineFacts; 2],
    child: Grid<u32>,
}

/// The search's state: the best tile found, its work, and scratch space for [`Search::may_reach`].
struct Search {
    best: u32,
    boards: u64,
    /// One line after a tilt, nearest the wall first.
    out: Vec<u32>,
    /// Large tiles of a child: (position from the wall, line, level).
    big: Vec<(usize, usize, u32)>,
    /// [`scan`]'s open tile in each column.
    open_in_col: Vec<u32>,
}

/// [`merges`], and each line's facts (rows, then columns) into `lines`.
fn scan(board: &Grid<u32>, lines: &mut [LineFacts; 2], open_in_col: &mut Vec<u32>) -> [Tally; 2] {
    let mut along_rows = [0; 32];
    let mut along_cols = [0; 32];
    let [row_facts, col_facts] = lines;
    // The last tile of each column while it may still take a merge.
    open_in_col.clear();
    open_in_col.resize(board.cols(), 0);
    col_facts.kept.iter_mut().for_each(|k| *k = 0);
    col_facts.top.iter_mut().for_each(|t| *t = 0);
    for r in 0..board.rows() {
        let mut open_in_row = 0;
        let mut kept = 0;
        let mut top = 0;
        let cells = board.row(r).iter().zip(open_in_col.iter_mut());
        let facts = cells.zip(col_facts.kept.iter_mut().zip(col_facts.top.iter_mut()));
        for ((&v, open_here), (col_kept, col_top)) in facts {
            if v == 0 {
                continue;
            }
            if v == open_in_row {
                // The merged tile is the line's largest if any is.
                top = top.max(v);
                along_rows[v.trailing_zeros() as usize] += 1;
                open_in_row = 0;
            } else {
                top = top.max(v / 2);
                open_in_row = v;
                kept += 1;
            }
            if v == *open_here {
                *col_top = (*col_top).max(v);
                along_cols[v.trailing_zeros() as usize] += 1;
                *open_here = 0;
            } else {
                *col_top = (*col_top).max(v / 2);
                *open_here = v;
                *col_kept += 1;
            }
        }
        row_facts.kept[r] = kept;
        row_facts.top[r] = top;
    }
    [along_rows, along_cols]
}

impl Search {
    /// Improves `best` with every board reachable from `board` (whose tiles are `tally`) in
    /// `moves` (at least 1) tilts; `frames` holds `moves` frames.
    fn node(&mut self, board: &Grid<u32>, tally: &Tally, moves: usize, frames: &mut [Frame]) {
        let (frame, deeper) = frames.split_first_mut().expect("a frame per move");
        let [rows, cols] = scan(board, &mut frame.lines, &mut self.open_in_col);
        let mut axes = [
            ([Dir::Left, Dir::Right], after_merges(tally, &rows)),
            ([Dir::Up, Dir::Down], after_merges(tally, &cols)),
        ];
        // Tiles weighed by their squared value: fewer, larger tiles first.
        let promise = |tally: &Tally| {
            let weight: u128 = (0..32).map(|l| u128::from(tally[l]) << (2 * l)).sum();
            (largest(tally), weight)
        };
        if promise(&axes[1].1) > promise(&axes[0].1) {
            axes.swap(0, 1);
        }
        for (_, after) in &axes {
            self.best = self.best.max(largest(after));
        }
        if moves == 1 {
            return;
        }
        for (dirs, after) in &axes {
            for &dir in dirs {
                // `best` may have grown in the first pair's branches.
                if !can_build(after, 2 * self.best, moves - 1) {
                    break;
                }
                if moves <= CHECK_BELOW
                    && !self.may_reach(board, &frame.lines, dir, after, moves - 2)
                {
                    continue;
                }
                frame.child.clone_from(board);
                self.boards += 1;
                if tilt(&mut frame.child, dir) {
                    self.node(&frame.child, after, moves - 1, deeper);
                }
            }
        }
    }

    /// Whether the child made by tilting `board` toward `dir` (its tiles `child`) could have,
    /// after one more tilt, tiles from which `2 * best` can be built in `moves_after` more
    /// tilts ([`can_build`]). The child is not made: its tiles large enough to matter are placed
    /// from the lines that hold them, and every other line only needs its length.
    fn may_reach(
        &mut self,
        board: &Grid<u32>,
        lines: &[LineFacts; 2],
        dir: Dir,
        child: &Tally,
        moves_after: usize,
    ) -> bool {
        let target = 2 * self.best;
        let top = target.trailing_zeros() as usize;
        if top < moves_after + 2 {
            return true;
        }
        // Levels `lo` and up of the child decide, and they come from tiles of `lo - 1` and up.
        let lo = top - moves_after - 1;
        let (facts, line_len, stride, count) = if dir.is_vertical() {
            (&lines[1], board.rows(), board.cols(), board.cols())
        } else {
            (&lines[0], board.cols(), 1, board.rows())
        };
        let cells = board.as_slice();
        let mut along = [0u32; 32];
        let mut across = [0u32; 32];
        self.big.clear();
        for line in 0..count {
            if (facts.top[line] as usize) < (1 << lo) / 2 {
                continue;
            }
            // The line's cells from the wall its tiles move toward.
            let (first, step) = match dir {
                Dir::Left => (line * line_len, 1),
                Dir::Right => (line * line_len + line_len - 1, -1),
                Dir::Up => (line, stride as isize),
                Dir::Down => ((line_len - 1) * stride + line, -(stride as isize)),
            };
            self.out.clear();
            let mut open = 0;
            for k in 0..line_len {
                let v = cells[(first as isize + step * k as isize) as usize];
                if v == 0 {
                    continue;
                }
                if v == open {
                    *self.out.last_mut().expect("an open tile") = 2 * v;
                    open = 0;
                } else {
                    self.out.push(v);
                    open = v;
                }
            }
            debug_assert_eq!(self.out.len(), facts.kept[line]);
            let mut open = 0;
            for (pos, &v) in self.out.iter().enumerate() {
                let level = v.trailing_zeros() as usize;
                if v == open {
                    if level >= lo {
                        along[level] += 1;
                    }
                    open = 0;
                } else {
                    open = v;
                }
                if level >= lo {
                    self.big.push((pos, line, level as u32));
                }
            }
        }
        // Across: large tiles at the same distance from the wall, in consecutive lines or with
        // only lines too short to reach that far between them, are neighbours.
        self.big.sort_unstable();
        let mut open: Option<(usize, usize, u32)> = None;
        for &(pos, line, level) in &self.big {
            if let Some((open_pos, open_line, open_level)) = open {
                if open_pos == pos
                    && open_level == level
                    && facts.kept[open_line + 1..line].iter().all(|&k| k <= pos)
                {
                    across[level as usize] += 1;
                    open = None;
                    continue;
                }
            }
            open = Some((pos, line, level));
        }
        [along, across].iter().any(|merged| {
            let mut after: Tally = [0; 32];
            for l in lo + 1..=top {
                after[l] = child[l] - 2 * merged[l] + merged[l - 1];
            }
            can_build(&after, target, moves_after)
        })
    }
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    Ok(format!("{}\n", best_tile(&parse(input)?, MOVES)))
}
