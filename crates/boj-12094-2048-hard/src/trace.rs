//! 2048 (Hard) drawn move by move: a sequence of at most ten moves that makes the tile
//! [`crate::best_tile`] finds, drawn like 12100's (its
//! [`path_frames`](boj_12100_2048_easy::trace::path_frames)).
//!
//! The search proves the best tile without keeping the moves that make it; the sequence is found
//! after, by a depth-first search for that tile alone, cut wherever [`can_build`] says it cannot
//! be made in the moves left and tried most promising child first.

use boj_12100_2048_easy::trace::path_frames;
use grid_core::{Dir, Grid};
use problem_harness::trace::{Frame, Trace};

use crate::{best_tile, can_build, count_tiles, largest, parse, promise, tilt, Tally, MOVES};

/// The 2048 (Hard) trace.
pub struct Hard2048;

impl Trace for Hard2048 {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let start = parse(input).map_err(|e| e.to_string())?;
        let best = best_tile(&start, MOVES);
        let mut path = Vec::new();
        let found = path_to(&start, best, MOVES, &mut path);
        assert!(found, "the best tile {best} is reachable in {MOVES} moves");
        Ok(path_frames(&start, &path, best, MOVES))
    }
}

/// Pushes onto `path` the moves (and boards) of a sequence of at most `moves` moves from `board`
/// to a board holding `target`, if there is one; returns whether there is.
pub fn path_to(
    board: &Grid<u32>,
    target: u32,
    moves: usize,
    path: &mut Vec<(Dir, Grid<u32>)>,
) -> bool {
    path_from(board, &count_tiles(board), target, moves, path)
}

/// [`path_to`] from `board` whose tiles are `tally`.
fn path_from(
    board: &Grid<u32>,
    tally: &Tally,
    target: u32,
    moves: usize,
    path: &mut Vec<(Dir, Grid<u32>)>,
) -> bool {
    if largest(tally) >= target {
        return true;
    }
    if moves == 0 || !can_build(tally, target, moves) {
        return false;
    }
    let mut children: Vec<(Dir, Grid<u32>, Tally)> = Dir::ALL
        .iter()
        .filter_map(|&dir| {
            let mut next = board.clone();
            tilt(&mut next, dir).then(|| {
                let tally = count_tiles(&next);
                (dir, next, tally)
            })
        })
        .collect();
    children.sort_by_key(|(_, _, tally)| std::cmp::Reverse(promise(tally)));
    for (dir, next, tally) in children {
        path.push((dir, next.clone()));
        if path_from(&next, &tally, target, moves - 1, path) {
            return true;
        }
        path.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use problem_harness::{case_rng, Stress};

    use super::*;
    use crate::stress::Game2048Hard;

    #[test]
    fn the_path_replays_to_the_best_tile() {
        let mut rng = case_rng(3, 0);
        for _ in 0..200 {
            let board = Grid::from_rows(Game2048Hard.generate(&mut rng, 6)).expect("square");
            let best = best_tile(&board, MOVES);
            let mut path = Vec::new();
            assert!(
                path_to(&board, best, MOVES, &mut path),
                "no path to {best} on\n{board}"
            );
            assert!(path.len() <= MOVES);
            let mut replayed = board.clone();
            for (dir, after) in &path {
                assert!(
                    tilt(&mut replayed, *dir),
                    "a move that changes nothing on\n{board}"
                );
                assert_eq!(&replayed, after);
            }
            assert_eq!(largest(&count_tiles(&replayed)), best, "on\n{board}");
        }
    }
}
