//! The depth-first search over tilts and its cuts (the crate's notes say which and why).

use grid_core::Dir;

use crate::packed::{at_least, low_bits, Landed, PackedLine};
use crate::planes::{LineFacts, Planes, Scan, Symmetry, Tilted, MAX_SIDE};
use crate::seen::Seen;
use crate::{after_merges, can_build, can_build_after, largest, promise, Tally};

/// The largest tile reachable from `board` (whose tiles are `tally`, at least one) in at most
/// `moves` tilts, and how many boards the search made.
pub(crate) fn best_and_boards(board: Planes, tally: &Tally, moves: usize) -> (u32, u64) {
    search(board, tally, moves, Cuts::ALL)
}

/// The cuts that leave out boards another part of the search reaches too (turned off by tests,
/// to see that they change no answer).
#[derive(Clone, Copy, Debug)]
struct Cuts {
    /// Search a board made twice only once ([`Seen`]).
    seen: bool,
    /// Leave out a tilt whose board mirrors another tilt's ([`Symmetry`]).
    mirrors: bool,
}

impl Cuts {
    const ALL: Cuts = Cuts {
        seen: true,
        mirrors: true,
    };
}

/// [`best_and_boards`] with only the cuts `cuts` turns on among those it names.
fn search(mut board: Planes, tally: &Tally, moves: usize, cuts: Cuts) -> (u32, u64) {
    let best = largest(tally);
    if moves == 0 || !can_build(tally, 2 * best, moves) {
        return (best, 0);
    }
    let mut search = Search {
        best,
        boards: 0,
        seen: cuts.seen.then(Seen::default),
        mirrors: cuts.mirrors,
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

/// Boards with at least this many moves left are searched once (see [`Seen`]). Those with
/// three left are many (12 000 on the worst input, a quarter of them made twice), but nearly
/// all their copies are children of boards already skipped: recording them too saves no work
/// and costs memory (the same instructions, a slower search; see NOTES.md).
const SEEN_FROM: usize = 4;

/// One depth of the search: the board its children are made in, and its scan.
#[derive(Clone)]
struct Frame {
    child: Planes,
    scan: Scan,
}

/// The search's state: the best tile found and its work.
struct Search {
    best: u32,
    boards: u64,
    /// The boards searched (with at least [`SEEN_FROM`] moves left), unless turned off.
    seen: Option<Seen>,
    /// Whether tilts mirroring another are left out.
    mirrors: bool,
}

impl Search {
    /// Improves `best` with every board reachable from `board` (whose tiles are `tally`, whose
    /// scan is `scan`) in `moves` (at least 1) tilts; `made_by` is the tilt that made `board`
    /// (none for the first board) and what it did; `frames` holds `moves` frames.
    fn node(
        &mut self,
        board: &mut Planes,
        scan: &Scan,
        tally: &Tally,
        moves: usize,
        made_by: Option<(Dir, Tilted)>,
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
        // Only with moves to spare: deeper, boards are rarely mirror images of themselves and
        // children are mostly cut without being made.
        let symmetry = if self.mirrors && moves > CHECK_BELOW {
            board.symmetry()
        } else {
            Symmetry::default()
        };
        for (dirs, after) in &axes {
            // A tilt that merged nothing left no two equal tiles side by side along its lines:
            // tilting the same way again changes nothing, and tilting back makes the board the
            // parent makes tilting that way, which the parent searches with a move more.
            let unmerged = made_by.map_or(false, |(d, tilted)| {
                !tilted.merged && d.is_vertical() == dirs[0].is_vertical()
            });
            if unmerged || !can_build(after, 2 * self.best, moves - 1) {
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
                // A board that merges nothing more the way it was tilted stays as it is.
                let settled = made_by.map_or(false, |(d, tilted)| tilted.settled && d == dir);
                // A tilt whose board mirrors another tilt's reaches the same tiles (left and
                // right are never both left out, nor all of up, down and one of them).
                let mirrored = symmetry.mirrors_another(dir);
                if !reach || settled || mirrored || !can_build(after, 2 * self.best, moves - 1) {
                    continue;
                }
                self.boards += 1;
                let floor = self.floor(moves - 1);
                let tilted = board.tilt_and_scan(dir, floor, &mut frame.child, &mut frame.scan);
                if tilted.changed && self.first_with(&frame.child, moves - 1) {
                    self.node(
                        &mut frame.child,
                        &frame.scan,
                        after,
                        moves - 1,
                        Some((dir, tilted)),
                        deeper,
                    );
                }
            }
        }
    }

    /// Whether `board` needs searching with `moves` left ([`Seen::first_with`]).
    fn first_with(&mut self, board: &Planes, moves: usize) -> bool {
        match &mut self.seen {
            Some(seen) if moves >= SEEN_FROM => seen.first_with(board, moves as u8),
            _ => true,
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
    /// them ([`PackedLine`]), and every other line only needs its length. The two are worked out
    /// together because they read the same lines; the lines come in order, so the tiles that
    /// meet across them are found as they come.
    // Out of line: inlined, it made the recursive search node large enough to run slower.
    #[inline(never)]
    fn may_reach(
        &self,
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
        let mut across = [[0u32; 32]; 2];
        // Per place: the line and level of the last large tile there still open to a merge.
        let mut open_across = [[None::<(u8, u8)>; MAX_SIDE]; 2];
        // The lines that make a tile of `lo` or more, in order, as a mask: whether a line does
        // is hard to predict, a branch on each costs more than the mask.
        let mut holding = at_least(&facts.top, lo as u8) & low_bits(count);
        while holding != 0 {
            let index = holding.trailing_zeros() as usize;
            holding &= holding - 1;
            let mut cells = [0; MAX_SIDE];
            let len = board.line_into(probe, index, &mut cells);
            let line = PackedLine::new(&cells[..len]);
            let landing = line.landing(lo as u8);
            debug_assert_eq!(line.kept(), usize::from(facts.kept[index]));
            for side in 0..2 {
                let (along, across, open_across) =
                    (&mut along[side], &mut across[side], &mut open_across[side]);
                let mut open_along: Option<Landed> = None;
                line.landed(landing[side], side == 1, |tile| {
                    // Next to each other and equal, large tiles merge in the next tilt: `m / 2`
                    // merges from a run of `m`, from either end. Along the line, the tiles
                    // landed next to each other; across it, at the same place in consecutive
                    // lines or with only lines too short to reach that far between.
                    let level = usize::from(tile.level);
                    match open_along {
                        Some(o) if o.level == tile.level && o.pos.abs_diff(tile.pos) == 1 => {
                            along[level] += 1;
                            open_along = None;
                        }
                        _ => open_along = Some(tile),
                    }
                    let open = &mut open_across[tile.pos];
                    match *open {
                        Some((line, level))
                            if level == tile.level
                                && facts.kept[usize::from(line) + 1..index]
                                    .iter()
                                    .all(|&k| usize::from(k) <= tile.pos) =>
                        {
                            across[usize::from(level)] += 1;
                            *open = None;
                        }
                        _ => *open = Some((index as u8, tile.level)),
                    }
                });
            }
        }
        let mut reach = [false; 2];
        for side in 0..2 {
            // Only merges of `lo` and up are counted: the levels `can_build` reads (`lo + 1` to
            // `top`) are exact.
            reach[side] = [&along[side], &across[side]]
                .iter()
                .any(|merged| can_build_after(child, merged, target, moves_after));
        }
        reach
    }
}

#[cfg(all(test, feature = "tools"))]
mod tests {
    use super::*;
    use crate::count_tiles;
    use crate::stress::{mirrored, spaced_full_board, Game2048Hard};
    use problem_harness::{case_rng, Stress};

    /// Searching a board made twice only once changes no answer and saves boards, on large
    /// boards over ten moves, the worst input among them.
    #[test]
    fn boards_made_twice_are_searched_once_with_the_same_answers() {
        let mut rng = case_rng(23, 0);
        let mut boards: Vec<grid_core::Grid<u32>> = (0..16)
            .map(|_| grid_core::Grid::from_rows(Game2048Hard.generate(&mut rng, 20)).unwrap())
            .collect();
        boards.push(crate::parse(&Game2048Hard.worst()).unwrap());
        let mut saved = 0;
        for board in &boards {
            let planes = || Planes::from_grid(board);
            let tally = count_tiles(board);
            let once = Cuts {
                seen: true,
                mirrors: false,
            };
            let every_time = Cuts {
                seen: false,
                mirrors: false,
            };
            let (once, fewer) = search(planes(), &tally, 10, once);
            let (every_time, more) = search(planes(), &tally, 10, every_time);
            assert_eq!(once, every_time, "on\n{board}");
            assert!(fewer <= more);
            saved += more - fewer;
        }
        assert!(saved > 0);
    }

    /// Leaving out the tilts that mirror another changes no answer and saves boards, on boards
    /// that are their own mirror image each of the four ways, large ones and hard ones among them.
    #[test]
    fn mirror_images_are_searched_once_with_the_same_answers() {
        let mut rng = case_rng(29, 0);
        let without_mirrors = Cuts {
            seen: true,
            mirrors: false,
        };
        let mut saved = 0i64;
        for kind in 0..4 {
            for size in [2, 5, 12, 20] {
                for spaced in [false, true] {
                    let board = if spaced {
                        spaced_full_board(&mut rng, size)
                    } else {
                        Game2048Hard.generate(&mut rng, size)
                    };
                    let grid = grid_core::Grid::from_rows(mirrored(board, kind)).unwrap();
                    let planes = || Planes::from_grid(&grid);
                    let tally = count_tiles(&grid);
                    if largest(&tally) == 0 {
                        // The half copied over held every tile: not an input.
                        continue;
                    }
                    let (best, boards) = search(planes(), &tally, 10, Cuts::ALL);
                    let (expected, more) = search(planes(), &tally, 10, without_mirrors);
                    assert_eq!(best, expected, "on\n{grid}");
                    saved += more as i64 - boards as i64;
                }
            }
        }
        assert!(saved > 0);
    }
}
