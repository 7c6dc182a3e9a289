//! 2048 (Easy): boards full of equal neighbours, N from 1 to 20, against a search over every
//! move sequence with a naive slide written from scratch.

use rand::Rng as _;

use super::{Rng, StressProblem};

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

/// One move, the plain way: read each line, merge pairs from the wall, write it back.
pub fn naive_move(board: &Board, d: usize) -> Board {
    let n = board.len();
    let mut next = board.clone();
    for k in 0..n {
        let cells = line_cells(n, d, k);
        let tiles: Vec<u32> = cells
            .iter()
            .map(|&(r, c)| board[r][c])
            .filter(|&v| v != 0)
            .collect();
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
        merged.resize(n, 0);
        for (&(r, c), v) in cells.iter().zip(merged) {
            next[r][c] = v;
        }
    }
    next
}

/// The largest tile over every sequence of exactly `moves` moves (prefixes included).
pub fn reference_best(board: &Board, moves: usize) -> u32 {
    let here = board.iter().flatten().copied().max().unwrap_or(0);
    if moves == 0 {
        return here;
    }
    (0..4)
        .map(|d| reference_best(&naive_move(board, d), moves - 1))
        .max()
        .unwrap_or(0)
        .max(here)
}

impl StressProblem for Game2048 {
    type Case = Board;

    fn name(&self) -> &'static str {
        "boj-12100-2048-easy"
    }

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
        boj_12100_2048_easy::run(input).map_err(|e| e.to_string())
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
}
