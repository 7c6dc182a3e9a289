//! Block Game: boards packed with all 12 J/L/T orientations, dropped Tetris-style so removals
//! unlock each other, against a search over every removal order.

use std::collections::HashMap;

use problem_harness::rand::Rng as _;

use problem_harness::{case_rng, Rng, Stress};

/// An N x N board of block ids (0 = empty).
pub type Board = Vec<Vec<i32>>;

/// The Block Game stress problem; `max_blocks` keeps the reference's search small.
pub struct BlockGame {
    /// Most blocks a generated board holds.
    pub max_blocks: usize,
}

impl Default for BlockGame {
    fn default() -> BlockGame {
        BlockGame { max_blocks: 12 }
    }
}

/// The 12 orientations of the J, L and T tetrominoes, as cell offsets.
pub fn orientations() -> Vec<[(usize, usize); 4]> {
    let bases: [[(i32, i32); 4]; 3] = [
        [(0, 0), (1, 0), (2, 0), (2, 1)], // L
        [(0, 1), (1, 1), (2, 1), (2, 0)], // J
        [(0, 0), (0, 1), (0, 2), (1, 1)], // T
    ];
    let mut all = Vec::new();
    for base in bases {
        let mut cells = base;
        for _ in 0..4 {
            cells = cells.map(|(r, c)| (c, -r));
            let min_r = cells.iter().map(|p| p.0).min().unwrap_or(0);
            let min_c = cells.iter().map(|p| p.1).min().unwrap_or(0);
            all.push(cells.map(|(r, c)| ((r - min_r) as usize, (c - min_c) as usize)));
        }
    }
    all
}

/// The blocks of a board as id and cells, in order of first appearance.
fn blocks_of(board: &Board) -> Vec<Vec<(usize, usize)>> {
    let mut ids: Vec<i32> = Vec::new();
    let mut cells: Vec<Vec<(usize, usize)>> = Vec::new();
    for (r, row) in board.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            if v == 0 {
                continue;
            }
            match ids.iter().position(|&id| id == v) {
                Some(k) => cells[k].push((r, c)),
                None => {
                    ids.push(v);
                    cells.push(vec![(r, c)]);
                }
            }
        }
    }
    cells
}

/// Reference: the most blocks any removal order clears, by memoised search over removed sets.
pub fn reference_removed(board: &Board) -> usize {
    let blocks = blocks_of(board);
    let n = board.len();
    fn search(
        mask: u32,
        blocks: &[Vec<(usize, usize)>],
        n: usize,
        memo: &mut HashMap<u32, usize>,
    ) -> usize {
        if let Some(&v) = memo.get(&mask) {
            return v;
        }
        let mut filled = vec![vec![false; n]; n];
        for (k, cells) in blocks.iter().enumerate() {
            if mask & (1 << k) == 0 {
                for &(r, c) in cells {
                    filled[r][c] = true;
                }
            }
        }
        let mut best = 0;
        for (k, cells) in blocks.iter().enumerate() {
            if mask & (1 << k) != 0 {
                continue;
            }
            let top = cells.iter().map(|p| p.0).min().unwrap_or(0);
            let bottom = cells.iter().map(|p| p.0).max().unwrap_or(0);
            let left = cells.iter().map(|p| p.1).min().unwrap_or(0);
            let right = cells.iter().map(|p| p.1).max().unwrap_or(0);
            if (bottom - top + 1) * (right - left + 1) != 6 {
                continue;
            }
            // Each missing cell of the rectangle needs its whole column above it empty.
            let ok = (top..=bottom)
                .flat_map(|r| (left..=right).map(move |c| (r, c)))
                .filter(|cell| !cells.contains(cell))
                .all(|(r, c)| (0..=r).all(|above| !filled[above][c]));
            if ok {
                best = best.max(1 + search(mask | (1 << k), blocks, n, memo));
            }
        }
        memo.insert(mask, best);
        best
    }
    search(0, &blocks, n, &mut HashMap::new())
}

fn fits(board: &Board, cells: &[(usize, usize); 4], r: usize, c: usize) -> bool {
    cells
        .iter()
        .all(|&(dr, dc)| r + dr < board.len() && c + dc < board.len() && board[r + dr][c + dc] == 0)
}

impl Stress for BlockGame {
    type Case = Board;

    fn default_size(&self) -> usize {
        10
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Board {
        let n = rng.gen_range(4..=size.clamp(4, 50));
        let shapes = orientations();
        let mut board = vec![vec![0; n]; n];
        let target = rng.gen_range(1..=self.max_blocks.clamp(1, 200));
        let dropped = rng.gen_bool(0.7);
        let mut used_ids: Vec<i32> = Vec::new();
        for _ in 0..target * 8 {
            if used_ids.len() == target {
                break;
            }
            let shape = &shapes[rng.gen_range(0..shapes.len())];
            let c = rng.gen_range(0..n);
            let spot = if dropped {
                // Drop from the top like Tetris: stacks make removals depend on each other.
                (0..n).take_while(|&r| fits(&board, shape, r, c)).last()
            } else {
                let r = rng.gen_range(0..n);
                fits(&board, shape, r, c).then_some(r)
            };
            if let Some(r) = spot {
                let mut id = rng.gen_range(1..=200);
                while used_ids.contains(&id) {
                    id = rng.gen_range(1..=200);
                }
                used_ids.push(id);
                for &(dr, dc) in shape {
                    board[r + dr][c + dc] = id;
                }
            }
        }
        board
    }

    fn input(&self, board: &Board) -> String {
        format!("{board:?}\n").replace(' ', "")
    }

    fn reference(&self, board: &Board) -> String {
        format!("{}\n", reference_removed(board))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, board: &Board) -> Vec<Board> {
        let n = board.len();
        let mut out = Vec::new();
        for cells in blocks_of(board) {
            let mut fewer = board.clone();
            for (r, c) in cells {
                fewer[r][c] = 0;
            }
            out.push(fewer);
        }
        if n > 4 {
            let empty_rows: Vec<usize> = (0..n)
                .filter(|&r| board[r].iter().all(|&v| v == 0))
                .collect();
            let empty_cols: Vec<usize> = (0..n)
                .filter(|&c| board.iter().all(|row| row[c] == 0))
                .collect();
            for &r in &empty_rows {
                for &c in &empty_cols {
                    let smaller: Board = (0..n)
                        .filter(|&y| y != r)
                        .map(|y| (0..n).filter(|&x| x != c).map(|x| board[y][x]).collect())
                        .collect();
                    out.push(smaller);
                }
            }
        }
        out
    }

    fn describe(&self, board: &Board) -> String {
        format!("{0}x{0}", board.len())
    }

    fn worst(&self) -> String {
        let generator = BlockGame { max_blocks: 200 };
        let board = (0..)
            .map(|i| generator.generate(&mut case_rng(13, i), 50))
            .filter(|b| b.len() == 50)
            .take(50)
            .max_by_key(|b| b.iter().flatten().filter(|&&v| v != 0).count())
            .expect("the search is unbounded");
        generator.input(&board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answer() {
        let example = vec![
            vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            vec![0, 0, 0, 0, 0, 0, 4, 0, 0, 0],
            vec![0, 0, 0, 0, 0, 4, 4, 0, 0, 0],
            vec![0, 0, 0, 0, 3, 0, 4, 0, 0, 0],
            vec![0, 0, 0, 2, 3, 0, 0, 0, 5, 5],
            vec![1, 2, 2, 2, 3, 3, 0, 0, 0, 5],
            vec![1, 1, 1, 0, 0, 0, 0, 0, 0, 5],
        ];
        assert_eq!(reference_removed(&example), 2);
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        let size = BlockGame::default().default_size().min(10);
        problem_harness::assert_agrees(BlockGame::default(), 300, 1, size);
    }
}
