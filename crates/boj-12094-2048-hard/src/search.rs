//! The depth-first search over tilts and its cuts (the crate's notes say which and why).

use grid_core::Dir;

use crate::planes::{Lanes, LineFacts, Planes, Scan, MAX_SIDE};
use crate::{after_merges, can_build, largest, promise, Tally};

/// The largest tile reachable from `board` (whose tiles are `tally`, at least one) in at most
/// `moves` tilts, and how many boards the search made.
pub(crate) fn best_and_boards(mut board: Planes, tally: &Tally, moves: usize) -> (u32, u64) {
    let best = largest(tally);
    if moves == 0 || !can_build(tally, 2 * best, moves) {
        return (best, 0);
    }
    let mut search = Search {
        best,
        boards: 0,
        big: Default::default(),
    };
    // One frame per depth, reused by every branch at that depth.
    let frame = Frame {
        child: board.clone(),
        scan: Scan::default(),
    };
    let mut frames = vec![frame; moves];
    let mut scan = Scan::default();
    board.scan(search.floor(moves), &mut scan);
    search.node(&mut board, &scan, tally, moves, None, &mut frames);
    (search.best, search.boards)
}

/// Children are checked without being made ([`Search::may_reach`]) from boards with at most this
/// many moves left: there the check is exact or nearly so and cuts most children; higher up, it
/// rarely cuts and costs about as much as making the child.
const CHECK_BELOW: usize = 3;

/// One depth of the search: the board its children are made in, and its scan.
#[derive(Clone)]
struct Frame {
    child: Planes,
    scan: Scan,
}

/// The search's state: the best tile found, its work, and scratch space for [`Search::may_reach`].
struct Search {
    best: u32,
    boards: u64,
    /// Large tiles of the two children [`Search::may_reach`] checks.
    big: [Vec<Big>; 2],
}

/// A large tile of a child: its position from the wall, its line and its level, packed so that
/// sorting orders them by position, then line.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Big(u32);

impl Big {
    fn new(pos: usize, line: usize, level: u8) -> Big {
        Big((pos as u32) << 16 | (line as u32) << 8 | u32::from(level))
    }

    fn parts(self) -> (usize, usize, u8) {
        (
            (self.0 >> 16) as usize,
            (self.0 >> 8 & 0xff) as usize,
            self.0 as u8,
        )
    }
}

impl Search {
    /// Improves `best` with every board reachable from `board` (whose tiles are `tally`, whose
    /// scan is `scan`) in `moves` (at least 1) tilts; `unmerged` is the direction of the tilt
    /// that made `board` when that tilt merged nothing; `frames` holds `moves` frames.
    fn node(
        &mut self,
        board: &mut Planes,
        scan: &Scan,
        tally: &Tally,
        moves: usize,
        unmerged: Option<Dir>,
        frames: &mut [Frame],
    ) {
        let (frame, deeper) = frames.split_first_mut().expect("a frame per move");
        let [rows, cols] = &scan.merged;
        let mut axes = [
            ([Dir::Left, Dir::Right], after_merges(tally, rows)),
            ([Dir::Up, Dir::Down], after_merges(tally, cols)),
        ];
        let largest_after = [largest(&axes[0].1), largest(&axes[1].1)];
        self.best = self.best.max(largest_after[0]).max(largest_after[1]);
        // The more promising axis first; near the leaves, where nearly every child is cut, the
        // largest tile alone decides.
        let second_first = if moves > CHECK_BELOW {
            promise(&axes[1].1) > promise(&axes[0].1)
        } else {
            largest_after[1] > largest_after[0]
        };
        if second_first {
            axes.swap(0, 1);
        }
        if moves == 1 {
            return;
        }
        for (dirs, after) in &axes {
            // A tilt that merged nothing left no two equal tiles side by side along its lines:
            // tilting the same way again changes nothing, and tilting back makes the board the
            // parent makes tilting that way, which the parent searches with a move more.
            if unmerged.map_or(false, |d| d.is_vertical() == dirs[0].is_vertical())
                || !can_build(after, 2 * self.best, moves - 1)
            {
                continue;
            }
            let reach = if moves <= CHECK_BELOW {
                self.may_reach(board, &scan.facts, dirs[0].is_vertical(), after, moves - 2)
            } else {
                [true; 2]
            };
            for (&dir, reach) in dirs.iter().zip(reach) {
                // `best` may have grown in the first child's branches (a check made with the
                // smaller `best` is still sound, only weaker).
                if !reach || !can_build(after, 2 * self.best, moves - 1) {
                    continue;
                }
                self.boards += 1;
                let floor = self.floor(moves - 1);
                let tilted = board.tilt_and_scan(dir, floor, &mut frame.child, &mut frame.scan);
                if tilted.changed {
                    let unmerged = (!tilted.merged).then_some(dir);
                    self.node(
                        &mut frame.child,
                        &frame.scan,
                        after,
                        moves - 1,
                        unmerged,
                        deeper,
                    );
                }
            }
        }
    }

    /// Within `moves` tilts only tiles of `2 * best / 2^moves` and up can help beat `best`, so a
    /// board with `moves` left needs only their merges counted: its children's tallies are then
    /// exact from the level those merges make up, the only levels any check of them reads.
    fn floor(&self, moves: usize) -> u8 {
        (2 * self.best)
            .trailing_zeros()
            .saturating_sub(moves as u32) as u8
    }

    /// For the two children made by tilting `board` along the rows (or the columns, when
    /// `vertical`), toward their start (left or up) and toward their end: whether the child
    /// (whose tiles are `child`, the same for both) could have, after one more tilt, tiles from
    /// which `2 * best` can be built in `moves_after` more tilts ([`can_build`]). The children
    /// are not made: their tiles large enough to matter are placed from the lines that hold
    /// them, and every other line only needs its length. The two are worked out together
    /// because they read the same lines, and their two chains of work overlap.
    fn may_reach(
        &mut self,
        board: &Planes,
        lines: &[LineFacts; 2],
        vertical: bool,
        child: &Tally,
        moves_after: usize,
    ) -> [bool; 2] {
        let target = 2 * self.best;
        let top = target.trailing_zeros() as usize;
        if top < moves_after + 2 {
            return [true; 2];
        }
        // Levels `lo` and up of the child decide, and they come from tiles of `lo - 1` and up.
        let lo = top - moves_after - 1;
        let facts = &lines[usize::from(vertical)];
        let (count, probe) = if vertical {
            (board.cols(), Dir::Up)
        } else {
            (board.rows(), Dir::Left)
        };
        let mut along = [[0u32; 32]; 2];
        self.big.iter_mut().for_each(Vec::clear);
        for index in 0..count {
            if usize::from(facts.top[index]) < lo {
                continue;
            }
            // The line after each tilt, without a branch on its cells (they are random enough
            // to defeat prediction): every cell writes where the next tile goes, a merge one
            // back.
            let mut cells = [0; MAX_SIDE];
            let len = board.line_into(probe, index, &mut cells);
            let mut out = [[0u8; MAX_SIDE]; 2];
            let (mut kept, mut open) = ([0usize; 2], [0u8; 2]);
            for k in 0..len {
                let ends = [cells[k], cells[len - 1 - k]];
                for side in 0..2 {
                    let v = ends[side];
                    let filled = v != 0;
                    let merges = filled & (v == open[side]);
                    out[side][(kept[side] - usize::from(merges)) % MAX_SIDE] = v + u8::from(merges);
                    kept[side] += usize::from(filled & !merges);
                    open[side] = if merges {
                        0
                    } else if filled {
                        v
                    } else {
                        open[side]
                    };
                }
            }
            for side in 0..2 {
                debug_assert_eq!(kept[side], usize::from(facts.kept[index]));
                let mut open = 0;
                for (pos, &v) in out[side][..kept[side]].iter().enumerate() {
                    let big = usize::from(v) >= lo;
                    let merges = v == open;
                    along[side][usize::from(v)] += u32::from(merges & big);
                    open = if merges { 0 } else { v };
                    if big {
                        self.big[side].push(Big::new(pos, index, v));
                    }
                }
            }
        }
        let mut reach = [false; 2];
        for side in 0..2 {
            let across = across_merges(&mut self.big[side], &facts.kept);
            // Only merges of `lo` and up are counted: the levels `can_build` reads (`lo + 1` to
            // `top`) are exact.
            reach[side] = [&along[side], &across]
                .iter()
                .any(|merged| can_build(&after_merges(child, merged), target, moves_after));
        }
        reach
    }
}

/// The merges among the large tiles `big` of a board made by a tilt, in the next tilt across
/// its lines (which kept `kept` tiles each), counted by level: tiles at the same distance from
/// the wall, in consecutive lines or with only lines too short to reach that far between them,
/// are neighbours.
fn across_merges(big: &mut [Big], kept: &Lanes) -> Tally {
    let mut across = [0; 32];
    big.sort_unstable();
    let mut open: Option<(usize, usize, u8)> = None;
    for big in big.iter() {
        let (pos, line, level) = big.parts();
        if let Some((open_pos, open_line, open_level)) = open {
            if open_pos == pos
                && open_level == level
                && kept[open_line + 1..line]
                    .iter()
                    .all(|&k| usize::from(k) <= pos)
            {
                across[usize::from(level)] += 1;
                open = None;
                continue;
            }
        }
        open = Some((pos, line, level));
    }
    across
}
