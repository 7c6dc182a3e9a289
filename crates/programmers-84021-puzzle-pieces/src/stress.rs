//! Puzzle Piece Filling: holes and pieces drawn from a few shapes, in random rotations and
//! sometimes mirrored, against an exhaustive assignment of pieces to holes.

use std::collections::HashMap;

use problem_harness::rand::Rng as _;

use problem_harness::{case_rng, Rng, Stress};

/// A game board (0 = hole cell) and a table (1 = piece cell), both N x N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `game_board`.
    pub board: Vec<Vec<i32>>,
    /// `table`.
    pub table: Vec<Vec<i32>>,
}

/// The puzzle stress problem; `max_regions` bounds holes and pieces for the reference's search.
pub struct Puzzle {
    /// Most holes, and most pieces, a generated case holds.
    pub max_regions: usize,
}

impl Default for Puzzle {
    fn default() -> Puzzle {
        Puzzle { max_regions: 8 }
    }
}

type Cells = Vec<(i32, i32)>;

fn normalised(mut cells: Cells) -> Cells {
    let min_r = cells.iter().map(|p| p.0).min().unwrap_or(0);
    let min_c = cells.iter().map(|p| p.1).min().unwrap_or(0);
    for p in cells.iter_mut() {
        *p = (p.0 - min_r, p.1 - min_c);
    }
    cells.sort_unstable();
    cells
}

fn turned(cells: &Cells) -> Cells {
    normalised(cells.iter().map(|&(r, c)| (c, -r)).collect())
}

fn random_polyomino(rng: &mut Rng, size: usize) -> Cells {
    let mut cells = vec![(0, 0)];
    while cells.len() < size {
        let (r, c) = cells[rng.gen_range(0..cells.len())];
        let next = [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)][rng.gen_range(0..4)];
        if !cells.contains(&next) {
            cells.push(next);
        }
    }
    normalised(cells)
}

/// The 4-connected regions of cells equal to `value`, each normalised to the origin.
fn regions(grid: &[Vec<i32>], value: i32) -> Vec<Cells> {
    region_cells(grid, value)
        .into_iter()
        .map(|cells| {
            normalised(
                cells
                    .into_iter()
                    .map(|(r, c)| (r as i32, c as i32))
                    .collect(),
            )
        })
        .collect()
}

fn fits(piece: &Cells, hole: &Cells) -> bool {
    let mut p = piece.clone();
    for _ in 0..4 {
        if &p == hole {
            return true;
        }
        p = turned(&p);
    }
    false
}

/// Reference: the best total over every assignment of distinct pieces to holes.
pub fn reference_filled(case: &Case) -> usize {
    let holes = regions(&case.board, 0);
    let pieces = regions(&case.table, 1);
    fn best(
        h: usize,
        used: u64,
        holes: &[Cells],
        pieces: &[Cells],
        memo: &mut HashMap<(usize, u64), usize>,
    ) -> usize {
        if h == holes.len() {
            return 0;
        }
        if let Some(&v) = memo.get(&(h, used)) {
            return v;
        }
        let mut top = best(h + 1, used, holes, pieces, memo);
        for (p, piece) in pieces.iter().enumerate() {
            if used & (1 << p) == 0 && fits(piece, &holes[h]) {
                top = top.max(holes[h].len() + best(h + 1, used | (1 << p), holes, pieces, memo));
            }
        }
        memo.insert((h, used), top);
        top
    }
    best(0, 0, &holes, &pieces, &mut HashMap::new())
}

/// Puts `shape` at `(r, c)` on `grid` as `value` when every cell there is `!value` and no cell
/// next to it already holds `value` (so regions stay exactly the placed shapes).
fn place(grid: &mut [Vec<i32>], shape: &Cells, r: i32, c: i32, value: i32) -> bool {
    let n = grid.len() as i32;
    let inside = |y: i32, x: i32| y >= 0 && x >= 0 && y < n && x < n;
    for &(dr, dc) in shape {
        let (y, x) = (r + dr, c + dc);
        if !inside(y, x) || grid[y as usize][x as usize] == value {
            return false;
        }
        for (ny, nx) in [(y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)] {
            let own = shape.contains(&(ny - r, nx - c));
            if inside(ny, nx) && !own && grid[ny as usize][nx as usize] == value {
                return false;
            }
        }
    }
    for &(dr, dc) in shape {
        grid[(r + dr) as usize][(c + dc) as usize] = value;
    }
    true
}

impl Stress for Puzzle {
    type Case = Case;

    fn default_size(&self) -> usize {
        10
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let n = rng.gen_range(3..=size.clamp(3, 50));
        // A few shapes, and sometimes their mirror images, so matches need rotation and mirror
        // twins must be told apart.
        let shapes = rng.gen_range(1..=3);
        let mut pool: Vec<Cells> = Vec::new();
        for _ in 0..shapes {
            let size = rng.gen_range(1..=6);
            pool.push(random_polyomino(rng, size));
        }
        if rng.gen_bool(0.5) {
            let mirror = normalised(pool[0].iter().map(|&(r, c)| (r, -c)).collect());
            pool.push(mirror);
        }
        let mut board = vec![vec![1; n]; n];
        let mut table = vec![vec![0; n]; n];
        for (grid, value) in [(&mut board, 0), (&mut table, 1)] {
            let wanted = rng.gen_range(0..=self.max_regions);
            let mut placed = 0;
            for _ in 0..wanted * 6 {
                if placed == wanted {
                    break;
                }
                let mut shape = pool[rng.gen_range(0..pool.len())].clone();
                for _ in 0..rng.gen_range(0..4) {
                    shape = turned(&shape);
                }
                let (r, c) = (rng.gen_range(0..n as i32), rng.gen_range(0..n as i32));
                if place(grid, &shape, r, c, value) {
                    placed += 1;
                }
            }
        }
        Case { board, table }
    }

    fn input(&self, case: &Case) -> String {
        format!("{:?}\n{:?}\n", case.board, case.table).replace(' ', "")
    }

    fn reference(&self, case: &Case) -> String {
        format!("{}\n", reference_filled(case))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, case: &Case) -> Vec<Case> {
        let n = case.board.len();
        let mut out = Vec::new();
        for hole in region_cells(&case.board, 0) {
            let mut c = case.clone();
            for (r, x) in hole {
                c.board[r][x] = 1;
            }
            out.push(c);
        }
        for piece in region_cells(&case.table, 1) {
            let mut c = case.clone();
            for (r, x) in piece {
                c.table[r][x] = 0;
            }
            out.push(c);
        }
        if n > 3 {
            for drop in 0..n {
                let free = (0..n).all(|i| {
                    case.board[drop][i] == 1
                        && case.board[i][drop] == 1
                        && case.table[drop][i] == 0
                        && case.table[i][drop] == 0
                });
                if free {
                    let cut = |g: &Vec<Vec<i32>>| -> Vec<Vec<i32>> {
                        (0..n)
                            .filter(|&r| r != drop)
                            .map(|r| (0..n).filter(|&c| c != drop).map(|c| g[r][c]).collect())
                            .collect()
                    };
                    out.push(Case {
                        board: cut(&case.board),
                        table: cut(&case.table),
                    });
                }
            }
        }
        out
    }

    fn describe(&self, case: &Case) -> String {
        format!("{0}x{0}", case.board.len())
    }

    fn worst(&self) -> String {
        let generator = Puzzle { max_regions: 400 };
        let case = (0..)
            .map(|i| generator.generate(&mut case_rng(14, i), 50))
            .filter(|c| c.board.len() == 50)
            .take(50)
            .max_by_key(|c| {
                c.board.iter().flatten().filter(|&&v| v == 0).count()
                    + c.table.iter().flatten().filter(|&&v| v == 1).count()
            })
            .expect("the search is unbounded");
        generator.input(&case)
    }
}

/// The 4-connected regions of cells equal to `value`, by an explicit-stack search.
fn region_cells(grid: &[Vec<i32>], value: i32) -> Vec<Vec<(usize, usize)>> {
    let n = grid.len();
    let mut seen = vec![vec![false; n]; n];
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if seen[r][c] || grid[r][c] != value {
                continue;
            }
            let mut stack = vec![(r, c)];
            seen[r][c] = true;
            let mut cells = Vec::new();
            while let Some((y, x)) = stack.pop() {
                cells.push((y, x));
                let near = [
                    (y + 1, x),
                    (y.wrapping_sub(1), x),
                    (y, x + 1),
                    (y, x.wrapping_sub(1)),
                ];
                for (ny, nx) in near {
                    if ny < n && nx < n && !seen[ny][nx] && grid[ny][nx] == value {
                        seen[ny][nx] = true;
                        stack.push((ny, nx));
                    }
                }
            }
            out.push(cells);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answer() {
        let example_2 = Case {
            board: vec![vec![0, 0, 0], vec![1, 1, 0], vec![1, 1, 1]],
            table: vec![vec![1, 1, 1], vec![1, 0, 0], vec![0, 0, 0]],
        };
        assert_eq!(reference_filled(&example_2), 0);
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        let size = Puzzle::default().default_size().min(10);
        problem_harness::assert_agrees(Puzzle::default(), 300, 1, size);
    }
}
