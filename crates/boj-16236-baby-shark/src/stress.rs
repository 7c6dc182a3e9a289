//! Baby Shark: square boards of mostly small fish (so the shark grows), some large ones that
//! wall regions off, and symmetric placements that tie on distance, against a plain
//! re-implementation over `Vec<Vec<i32>>` with its own queue and a sort of all candidates.

use std::collections::VecDeque;

use grid_core::Grid;
use problem_harness::rand::Rng as _;

use problem_harness::{Rng, Stress};

/// One case: the board as the input gives it (`9` is the shark).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `N x N` cells from `0..=6` and one `9`.
    pub board: Vec<Vec<i32>>,
}

/// The Baby Shark stress problem.
#[derive(Default)]
pub struct BabyShark;

/// Reference: every round a fresh breadth-first search from the shark over the cells it may
/// enter, then every edible reached fish sorted by (distance, row, column); the first is eaten.
pub fn reference_answer(board: &[Vec<i32>]) -> i64 {
    let n = board.len();
    let mut a = board.to_vec();
    let (mut sr, mut sc) = (0, 0);
    for (r, row) in a.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if *cell == 9 {
                sr = r;
                sc = c;
                *cell = 0;
            }
        }
    }
    let (mut size, mut eaten, mut time) = (2, 0, 0i64);
    loop {
        let mut dist = vec![vec![-1i64; n]; n];
        dist[sr][sc] = 0;
        let mut queue = VecDeque::new();
        queue.push_back((sr, sc));
        while let Some((r, c)) = queue.pop_front() {
            let mut next = Vec::new();
            if r > 0 {
                next.push((r - 1, c));
            }
            if r + 1 < n {
                next.push((r + 1, c));
            }
            if c > 0 {
                next.push((r, c - 1));
            }
            if c + 1 < n {
                next.push((r, c + 1));
            }
            for (nr, nc) in next {
                if dist[nr][nc] == -1 && a[nr][nc] <= size {
                    dist[nr][nc] = dist[r][c] + 1;
                    queue.push_back((nr, nc));
                }
            }
        }
        let mut candidates = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if dist[r][c] >= 0 && a[r][c] > 0 && a[r][c] < size {
                    candidates.push((dist[r][c], r, c));
                }
            }
        }
        candidates.sort();
        let (d, r, c) = match candidates.first() {
            Some(&first) => first,
            None => return time,
        };
        time += d;
        a[r][c] = 0;
        sr = r;
        sc = c;
        eaten += 1;
        if eaten == size {
            size += 1;
            eaten = 0;
        }
    }
}

impl Stress for BabyShark {
    type Case = Case;

    fn default_size(&self) -> usize {
        12
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let n = rng.gen_range(2..=size.clamp(2, 20));
        // How full the sea is, and how its fish sizes are drawn: mostly small ones so that the
        // shark grows; sometimes big ones (5, 6) that block until it has grown.
        let fill = [0.0, 0.2, 0.5, 0.8, 1.0][rng.gen_range(0..5)];
        let biggest = rng.gen_range(1..=6);
        let mut board: Vec<Vec<i32>> = (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        if rng.gen_bool(fill) {
                            if rng.gen_bool(0.7) {
                                rng.gen_range(1..=biggest.min(2))
                            } else {
                                rng.gen_range(1..=biggest)
                            }
                        } else {
                            0
                        }
                    })
                    .collect()
            })
            .collect();
        // Often mirror the board left-right or top-bottom, so that fish tie on distance.
        match rng.gen_range(0..4) {
            0 => {
                for row in board.iter_mut() {
                    for c in 0..n / 2 {
                        row[n - 1 - c] = row[c];
                    }
                }
            }
            1 => {
                for r in 0..n / 2 {
                    board[n - 1 - r] = board[r].clone();
                }
            }
            _ => {}
        }
        let (r, c) = if rng.gen_bool(0.3) {
            // The middle, where mirrored fish tie.
            (rng.gen_range(0..n), n / 2)
        } else {
            (rng.gen_range(0..n), rng.gen_range(0..n))
        };
        board[r][c] = 9;
        Case { board }
    }

    fn input(&self, case: &Case) -> String {
        // A board of numbers prints as the judge's rows: numbers spaced, one row a line.
        let rows = Grid::from_rows(case.board.clone()).expect("a square board");
        format!("{}\n{rows}", case.board.len())
    }

    fn reference(&self, case: &Case) -> String {
        format!("{}\n", reference_answer(&case.board))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, case: &Case) -> Vec<Case> {
        let b = &case.board;
        let n = b.len();
        let mut out = Vec::new();
        if n > 2 {
            // Row k and column k left out (the board stays square), unless they hold the shark.
            for k in 0..n {
                if b[k].contains(&9) || b.iter().any(|row| row[k] == 9) {
                    continue;
                }
                let smaller = b
                    .iter()
                    .enumerate()
                    .filter(|&(r, _)| r != k)
                    .map(|(_, row)| {
                        row.iter()
                            .enumerate()
                            .filter(|&(c, _)| c != k)
                            .map(|(_, &v)| v)
                            .collect()
                    })
                    .collect();
                out.push(Case { board: smaller });
            }
        }
        for (r, row) in b.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                if v > 0 && v != 9 {
                    let mut cleared = case.clone();
                    cleared.board[r][c] = 0;
                    out.push(cleared);
                    if v > 1 {
                        let mut smaller = case.clone();
                        smaller.board[r][c] = v - 1;
                        out.push(smaller);
                    }
                }
            }
        }
        out
    }

    fn describe(&self, case: &Case) -> String {
        let n = case.board.len();
        format!("{n}x{n}")
    }

    fn worst(&self) -> String {
        // The largest sea, every cell a fish of size 1 but the shark's corner: 399 rounds, the
        // most any input has, each a search (stopped once the nearest fish is settled, here
        // after a few cells). The slowest of the random cases of `--hunt --seeds 20 --size 20`
        // took 0.06 ms in-process: far searches come only a few times per game.
        let mut board = vec![vec![1; 20]; 20];
        board[19][19] = 9;
        self.input(&Case { board })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answers() {
        let (root, name) = (env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME"));
        let dir = sample_check::samples_dir(root, name);
        for (case, input) in problem_harness::trace::samples(root, name) {
            let expected = std::fs::read_to_string(dir.join(format!("{case}.out"))).unwrap();
            let board = crate::parse(&input).unwrap();
            // The parsed board with the shark's 9 put back: the reference reads it itself.
            let mut rows: Vec<Vec<i32>> = board.fish.map(|&v| i32::from(v)).to_rows();
            rows[board.shark.0][board.shark.1] = 9;
            assert_eq!(
                format!("{}\n", reference_answer(&rows)),
                expected,
                "sample {case}"
            );
        }
    }

    #[test]
    fn the_worst_input_is_valid() {
        assert!(crate::run(&BabyShark.worst()).is_ok());
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(BabyShark, 300, 1, BabyShark.default_size());
    }
}
