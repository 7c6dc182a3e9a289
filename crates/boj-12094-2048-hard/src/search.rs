//! The depth-first search over tilts and its cuts (the crate's notes say which and why).

use grid_core::Dir;

use crate::planes::{LineFacts, Planes, Scan, MAX_SIDE};
use crate::{after_merges, can_build, largest, Tally};

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
        big: Vec::new(),
    };
    // One frame per depth, reused by every branch at that depth.
    let frame = Frame {
        child: board.clone(),
        scan: Scan::default(),
    };
    let mut frames = vec![frame; moves];
    let mut scan = Scan::default();
    board.scan(search.floor(moves), &mut scan);
    search.node(&mut board, &scan, tally, moves, &mut frames);
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
    /// Large tiles of a child.
    big: Vec<Big>,
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
    /// Improves `best` with every board reachable from `board` (whose tiles are `tally`) in
    /// `moves` (at least 1) tilts; `frames` holds `moves` frames.
    fn node(
        &mut self,
        board: &mut Planes,
        scan: &Scan,
        tally: &Tally,
        moves: usize,
        frames: &mut [Frame],
    ) {
        let (frame, deeper) = frames.split_first_mut().expect("a frame per move");
        let [rows, cols] = &scan.merged;
        let mut axes = [
            ([Dir::Left, Dir::Right], after_merges(tally, rows)),
            ([Dir::Up, Dir::Down], after_merges(tally, cols)),
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
                    && !self.may_reach(board, &scan.facts, dir, after, moves - 2)
                {
                    continue;
                }
                self.boards += 1;
                let floor = self.floor(moves - 1);
                if board.tilt_and_scan(dir, floor, &mut frame.child, &mut frame.scan) {
                    self.node(&mut frame.child, &frame.scan, after, moves - 1, deeper);
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

    /// Whether the child made by tilting `board` toward `dir` (its tiles `child`) could have,
    /// after one more tilt, tiles from which `2 * best` can be built in `moves_after` more
    /// tilts ([`can_build`]). The child is not made: its tiles large enough to matter are placed
    /// from the lines that hold them, and every other line only needs its length.
    fn may_reach(
        &mut self,
        board: &Planes,
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
        let facts = &lines[usize::from(dir.is_vertical())];
        let lines = if dir.is_vertical() {
            board.cols()
        } else {
            board.rows()
        };
        let from_end = matches!(dir, Dir::Down | Dir::Right);
        let mut along = [0u32; 32];
        let mut across = [0u32; 32];
        self.big.clear();
        for index in 0..lines {
            if usize::from(facts.top[index]) < lo {
                continue;
            }
            // The line after the tilt, without a branch on its cells (they are random enough to
            // defeat prediction): every cell writes where the next tile goes, a merge one back.
            let mut cells = [0; MAX_SIDE];
            let len = board.line_into(dir, index, &mut cells);
            let mut out = [0u8; MAX_SIDE];
            let (mut kept, mut open) = (0, 0);
            for k in 0..len {
                let v = cells[if from_end { len - 1 - k } else { k }];
                let filled = v != 0;
                let merges = filled & (v == open);
                out[(kept - usize::from(merges)) % MAX_SIDE] = v + u8::from(merges);
                kept += usize::from(filled & !merges);
                open = if merges {
                    0
                } else if filled {
                    v
                } else {
                    open
                };
            }
            debug_assert_eq!(kept, usize::from(facts.kept[index]));
            let mut open = 0;
            for (pos, &v) in out[..kept].iter().enumerate() {
                let big = usize::from(v) >= lo;
                let merges = v == open;
                along[usize::from(v)] += u32::from(merges & big);
                open = if merges { 0 } else { v };
                if big {
                    self.big.push(Big::new(pos, index, v));
                }
            }
        }
        // Across: large tiles at the same distance from the wall, in consecutive lines or with
        // only lines too short to reach that far between them, are neighbours.
        self.big.sort_unstable();
        let mut open: Option<(usize, usize, u8)> = None;
        for big in &self.big {
            let (pos, line, level) = big.parts();
            if let Some((open_pos, open_line, open_level)) = open {
                if open_pos == pos
                    && open_level == level
                    && facts.kept[open_line + 1..line]
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
        [along, across].iter().any(|merged| {
            let mut after: Tally = [0; 32];
            for l in lo + 1..=top {
                after[l] = child[l] - 2 * merged[l] + merged[l - 1];
            }
            can_build(&after, target, moves_after)
        })
    }
}
