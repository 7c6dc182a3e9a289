//! 2048 (Hard): 12100's generator, input text and shrinker on small boards, against every board
//! reachable in ten moves, found level by level with 12100's plain slide (written from scratch,
//! not grid-core's).

use std::collections::HashSet;

use boj_12100_2048_easy::stress::{naive_move, Board, Game2048};
use grid_core::{Dir, Grid};
use problem_harness::rand::Rng as _;
use problem_harness::{case_rng, Rng, Stress};

use crate::{tilt, MOVES};

/// The 2048 (Hard) stress problem.
#[derive(Default)]
pub struct Game2048Hard;

/// The seed and case index of the generated board on which the search takes longest, among the
/// 100 000 boards of side 20 that seeds 1 to 100, cases 0 to 999 give: a full board of 8, 32, 128
/// and 512 ([`spaced_full_board`]; answer 4096, the search must show that 8192 cannot be made).
/// Found by `scripts/stress 12094 --hunt --size 20 --seeds 100`; how it was chosen, and the
/// boards it replaced, are in the crate's NOTES.md.
pub const WORST_CASE: (u64, u64) = (32, 9);

/// A full board (of side `size` half the time, else any side up to it) of two to five values
/// one or two levels apart. Two levels apart, a value merges only with its equals and every merge
/// makes a value no other tile has, so merges stay possible for all ten moves: the boards on which
/// the search has the most to rule out (the worst input is one of them).
pub fn spaced_full_board(rng: &mut Rng, size: usize) -> Board {
    let max_n = size.clamp(1, crate::MAX_N);
    let n = if rng.gen_bool(0.5) {
        max_n
    } else {
        rng.gen_range(1..=max_n)
    };
    let values = rng.gen_range(2..=5u32);
    let step = rng.gen_range(1..=2u32);
    let base = rng.gen_range(1..=10 - step * (values - 1));
    (0..n)
        .map(|_| {
            (0..n)
                .map(|_| 1 << (base + step * rng.gen_range(0..values)))
                .collect()
        })
        .collect()
}

/// `board` (square) made its own mirror image by copying one half onto the other: across its
/// middle column, its middle row, its main diagonal or its other diagonal (`kind` 0 to 3).
pub fn mirrored(mut board: Board, kind: u8) -> Board {
    let n = board.len();
    for r in 0..n {
        for c in 0..n {
            let (from_r, from_c) = match kind {
                0 => (r, n - 1 - c),
                1 => (n - 1 - r, c),
                2 => (c, r),
                _ => (n - 1 - c, n - 1 - r),
            };
            // A cell and its image map to each other: the one read first keeps its value.
            if (from_r, from_c) < (r, c) {
                board[r][c] = board[from_r][from_c];
            }
        }
    }
    board
}

/// Reference: the largest tile on any board reachable in at most `moves` moves. Every distinct
/// board is kept, level by level (breadth first, so each is expanded with the most moves left).
pub fn reference_best(board: &Board, moves: usize) -> u32 {
    let mut seen: HashSet<Board> = HashSet::new();
    seen.insert(board.clone());
    let mut level = vec![board.clone()];
    for _ in 0..moves {
        let mut next = Vec::new();
        for b in &level {
            for d in 0..4 {
                let moved = naive_move(b, d);
                if seen.insert(moved.clone()) {
                    next.push(moved);
                }
            }
        }
        level = next;
    }
    seen.iter().flatten().flatten().copied().max().unwrap_or(0)
}

/// The largest tile over all `4^moves` sequences of tilts, none skipped and none cut: the plain
/// search the pruned one is measured against (benches/solve.rs).
pub fn plain_best(board: &Grid<u32>, moves: usize) -> u32 {
    let here = board.iter().copied().max().unwrap_or(0);
    if moves == 0 {
        return here;
    }
    Dir::ALL
        .iter()
        .map(|&dir| {
            let mut next = board.clone();
            tilt(&mut next, dir);
            plain_best(&next, moves - 1)
        })
        .fold(here, u32::max)
}

impl Stress for Game2048Hard {
    type Case = Board;

    fn default_size(&self) -> usize {
        5
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Board {
        // One case in four a board the search finds hardest, the rest 12100's, a quarter of
        // them made their own mirror image (the search leaves out tilts such boards mirror).
        if rng.gen_range(0..4) == 0 {
            spaced_full_board(rng, size)
        } else {
            let board = Game2048::default().generate(rng, size);
            let kind = rng.gen_range(0..4);
            if rng.gen_range(0..4) != 0 {
                return board;
            }
            let mirror = mirrored(board.clone(), kind);
            // The input has a tile; the half copied over may have held them all.
            if mirror.iter().flatten().any(|&v| v != 0) {
                mirror
            } else {
                board
            }
        }
    }

    fn input(&self, board: &Board) -> String {
        Game2048::default().input(board)
    }

    fn reference(&self, board: &Board) -> String {
        format!("{}\n", reference_best(board, MOVES))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, board: &Board) -> Vec<Board> {
        Game2048::default().shrink(board)
    }

    fn describe(&self, board: &Board) -> String {
        Game2048::default().describe(board)
    }

    fn worst(&self) -> String {
        let (seed, index) = WORST_CASE;
        self.input(&self.generate(&mut case_rng(seed, index), 20))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use problem_harness::{run, Outcome, Settings};

    use super::*;

    #[test]
    fn the_reference_gives_the_official_answer() {
        let sample = vec![vec![2, 2, 2], vec![4, 4, 4], vec![8, 8, 8]];
        assert_eq!(reference_best(&sample, MOVES), 16);
    }

    #[test]
    fn the_reference_agrees_with_the_plain_search() {
        let mut rng = case_rng(5, 0);
        for _ in 0..40 {
            let board = Game2048Hard.generate(&mut rng, 4);
            let grid = Grid::from_rows(board.clone()).expect("square");
            assert_eq!(reference_best(&board, 6), plain_best(&grid, 6), "{board:?}");
        }
    }

    #[test]
    fn the_search_agrees_with_the_plain_search_on_large_boards() {
        // The reference is too slow on large boards and the plain search on ten moves; with up
        // to six moves the plain search is quick, and large boards are where the search's lanes,
        // its counting floor and its checks of children not yet made all run wide.
        let mut rng = case_rng(11, 0);
        let mut boards: Vec<Grid<u32>> = (0..12)
            .map(|_| Grid::from_rows(Game2048Hard.generate(&mut rng, 20)).expect("square"))
            .collect();
        boards.push(crate::parse(&Game2048Hard.worst()).expect("valid"));
        for board in &boards {
            for moves in [1, 2, 4, 6] {
                assert_eq!(
                    crate::best_tile(board, moves),
                    plain_best(board, moves),
                    "{moves} moves on\n{board}"
                );
            }
        }
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        let settings = Settings {
            cases: 300,
            seed: 1,
            size: Game2048Hard.default_size(),
            jobs: 2,
            case_timeout: Duration::from_secs(60),
        };
        let report = run(Arc::new(Game2048Hard), settings, &|_| {});
        assert_eq!(report.outcome, Outcome::Agreed);
    }

    #[test]
    fn mirrored_boards_are_the_mirror_image_asked_for() {
        let board = vec![vec![2, 4, 8], vec![16, 32, 64], vec![128, 256, 512]];
        let expected = [
            vec![vec![2, 4, 2], vec![16, 32, 16], vec![128, 256, 128]],
            vec![vec![2, 4, 8], vec![16, 32, 64], vec![2, 4, 8]],
            vec![vec![2, 4, 8], vec![4, 32, 64], vec![8, 64, 512]],
            vec![vec![2, 4, 8], vec![16, 32, 4], vec![128, 16, 2]],
        ];
        for (kind, expected) in (0..4).zip(expected) {
            assert_eq!(mirrored(board.clone(), kind), expected, "kind {kind}");
        }
    }

    #[test]
    fn the_worst_input_is_a_full_size_board() {
        let board = crate::parse(&Game2048Hard.worst()).expect("valid");
        assert_eq!(board.rows(), crate::MAX_N);
    }
}
