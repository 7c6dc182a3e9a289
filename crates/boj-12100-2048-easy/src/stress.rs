//! 2048 (Easy): boards full of equal neighbours, N from 1 to 20, against a search over every
//! move sequence with a naive slide written from scratch.

use problem_harness::rand::Rng as _;

use problem_harness::{Rng, Stress};

/// An N x N board of tiles (0 = empty).
pub type Board = Vec<Vec<u32>>;

/// The 2048 stress problem; `moves` is how many moves the reference searches (5 on the judge).
pub struct Game2048 {
    /// Moves the reference may make.
    pub moves: usize,
}

impl Default for Game2048 {
    fn default() -> Game2048 {
        Game2048 { moves: 5 }
    }
}

/// The cells of line `k` for a move in direction `d` (0 left, 1 right, 2 up, 3 down), listed from
/// the wall the tiles move toward.
fn line_cells(n: usize, d: usize, k: usize) -> Vec<(usize, usize)> {
    (0..n)
        .map(|i| match d {
            0 => (k, i),
            1 => (k, n - 1 - i),
            2 => (i, k),
            _ => (n - 1 - i, k),
        })
        .collect()
}

/// One line's tiles (zeros removed, nearest the wall first) after merging equal pairs from the
/// wall, each tile at most once.
pub fn merge_line(tiles: &[u32]) -> Vec<u32> {
    let mut merged = Vec::new();
    let mut i = 0;
    while i < tiles.len() {
        if i + 1 < tiles.len() && tiles[i] == tiles[i + 1] {
            merged.push(tiles[i] * 2);
            i += 2;
        } else {
            merged.push(tiles[i]);
            i += 1;
        }
    }
    merged
}

/// One move with `merge` as the rule for a line: read each line, merge, write it back.
pub fn move_with(board: &Board, d: usize, merge: fn(&[u32]) -> Vec<u32>) -> Board {
    let n = board.len();
    let mut next = board.clone();
    for k in 0..n {
        let cells = line_cells(n, d, k);
        let tiles: Vec<u32> = cells
            .iter()
            .map(|&(r, c)| board[r][c])
            .filter(|&v| v != 0)
            .collect();
        let mut merged = merge(&tiles);
        merged.resize(n, 0);
        for (&(r, c), v) in cells.iter().zip(merged) {
            next[r][c] = v;
        }
    }
    next
}

/// One move, the plain way.
pub fn naive_move(board: &Board, d: usize) -> Board {
    move_with(board, d, merge_line)
}

/// The largest tile over every sequence of `moves` moves under the line rule `merge`.
pub fn best_with(board: &Board, moves: usize, merge: fn(&[u32]) -> Vec<u32>) -> u32 {
    let here = board.iter().flatten().copied().max().unwrap_or(0);
    if moves == 0 {
        return here;
    }
    (0..4)
        .map(|d| best_with(&move_with(board, d, merge), moves - 1, merge))
        .max()
        .unwrap_or(0)
        .max(here)
}

/// The largest tile over every sequence of exactly `moves` moves (prefixes included).
pub fn reference_best(board: &Board, moves: usize) -> u32 {
    best_with(board, moves, merge_line)
}

impl Stress for Game2048 {
    type Case = Board;

    fn default_size(&self) -> usize {
        8
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Board {
        let max_n = size.clamp(1, 20);
        let n = match rng.gen_range(0..10) {
            0 => 1,
            1 => max_n,
            _ => rng.gen_range(1..=max_n),
        };
        // A small palette of values makes equal neighbours everywhere.
        let palette: Vec<u32> = (0..rng.gen_range(1..=3))
            .map(|_| 1 << rng.gen_range(1..=10))
            .collect();
        let empty = rng.gen_range(0.0..0.6);
        let mut board = vec![vec![0; n]; n];
        for row in board.iter_mut() {
            for v in row.iter_mut() {
                if !rng.gen_bool(empty) {
                    *v = palette[rng.gen_range(0..palette.len())];
                }
            }
        }
        if board.iter().flatten().all(|&v| v == 0) {
            board[rng.gen_range(0..n)][rng.gen_range(0..n)] = palette[0];
        }
        board
    }

    fn input(&self, board: &Board) -> String {
        let mut text = format!("{}\n", board.len());
        for row in board {
            let cells: Vec<String> = row.iter().map(u32::to_string).collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text
    }

    fn reference(&self, board: &Board) -> String {
        format!("{}\n", reference_best(board, self.moves))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, board: &Board) -> Vec<Board> {
        let n = board.len();
        let mut out = Vec::new();
        let valid = |b: &Board| b.iter().flatten().any(|&v| v != 0);
        if board.iter().flatten().all(|&v| v != 2) {
            // Halving every tile keeps the board's structure with smaller numbers.
            out.push(
                board
                    .iter()
                    .map(|row| row.iter().map(|&v| v / 2).collect())
                    .collect(),
            );
        }
        if n > 1 {
            // The tiles in reading order on a smaller board, all of them or all but one: keeps
            // what a bug needs (how many equal tiles there are) when no row and column can go.
            let tiles: Vec<u32> = board
                .iter()
                .flatten()
                .copied()
                .filter(|&v| v != 0)
                .collect();
            let packed = |tiles: &[u32], k: usize| {
                let mut packed = vec![vec![0; k]; k];
                for (i, &t) in tiles.iter().enumerate() {
                    packed[i / k][i % k] = t;
                }
                packed
            };
            for k in (1..n).filter(|k| k * k >= tiles.len()) {
                out.push(packed(&tiles, k));
            }
            for skip in 0..tiles.len() {
                let mut fewer = tiles.clone();
                fewer.remove(skip);
                if let Some(k) = (1..n).find(|k| k * k >= fewer.len()) {
                    if !fewer.is_empty() {
                        out.push(packed(&fewer, k));
                    }
                }
            }
            for drop_r in 0..n {
                for drop_c in 0..n {
                    // Drop one row and one column: still square.
                    let smaller: Board = (0..n)
                        .filter(|&r| r != drop_r)
                        .map(|r| {
                            (0..n)
                                .filter(|&c| c != drop_c)
                                .map(|c| board[r][c])
                                .collect()
                        })
                        .collect();
                    if valid(&smaller) {
                        out.push(smaller);
                    }
                }
            }
        }
        for r in 0..n {
            for c in 0..n {
                if board[r][c] != 0 {
                    let mut cleared = board.clone();
                    cleared[r][c] = 0;
                    if valid(&cleared) {
                        out.push(cleared);
                    }
                    if board[r][c] > 2 {
                        let mut halved = board.clone();
                        halved[r][c] /= 2;
                        out.push(halved);
                    }
                }
            }
        }
        out
    }

    fn describe(&self, board: &Board) -> String {
        format!("{0}x{0}", board.len())
    }

    fn worst(&self) -> String {
        let mut board = vec![vec![4; 20]; 20];
        board[0][0] = 1024;
        self.input(&board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answer() {
        let sample = vec![vec![2, 2, 2], vec![4, 4, 4], vec![8, 8, 8]];
        assert_eq!(reference_best(&sample, 5), 16);
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(Game2048::default(), 200, 1, 6);
    }

    /// A planted bug: a merged tile merges again (`2 2 4` becomes `8`, not `4 4`).
    fn merge_twice(tiles: &[u32]) -> Vec<u32> {
        let mut merged: Vec<u32> = Vec::new();
        for &t in tiles {
            merged.push(t);
            while merged.len() >= 2 && merged[merged.len() - 1] == merged[merged.len() - 2] {
                let top = merged.pop().unwrap_or(0);
                *merged.last_mut().expect("two tiles") += top;
            }
        }
        merged
    }

    /// A "solution" whose merged tiles merge again.
    fn double_merging(input: &str) -> Result<String, String> {
        let board = crate::parse(input).map_err(|e| e.to_string())?.to_rows();
        Ok(format!("{}\n", best_with(&board, 5, merge_twice)))
    }

    #[test]
    fn a_planted_double_merge_found_on_7x7_boards_shrinks_to_at_most_3x3() {
        let failure =
            problem_harness::planted::expect_caught(Game2048::default(), double_merging, 500, 7);
        let n = crate::parse(&failure.input).expect("valid").rows();
        assert!(n <= 3, "shrunk only to {n} x {n}:\n{}", failure.input);
    }
}
