//! Shark Middle School: small boards with few colours, many rainbow and black blocks, against a
//! plain re-implementation over `Vec<Vec<i32>>` (a fresh search from every normal block).

use problem_harness::rand::Rng as _;

use problem_harness::{case_rng, Rng, Stress};

/// One case: the number of colours `m` and the `N x N` board (`-1` black, `0` rainbow,
/// `1..=m` colours).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Number of colours; every block is in `-1..=m`.
    pub m: i32,
    /// The board, `N` rows of `N`.
    pub board: Vec<Vec<i32>>,
}

/// The Shark Middle School stress problem.
#[derive(Default)]
pub struct SharkSchool;

/// An emptied cell in the reference (any value the input never holds).
const GONE: i32 = -9;

/// One group as the reference sees it: its cells, how many are rainbow, its standard block.
struct Found {
    cells: Vec<(usize, usize)>,
    rainbows: usize,
    standard: (usize, usize),
}

/// Breadth-first search from normal block `(r, c)` through its colour and rainbow blocks.
fn search(a: &[Vec<i32>], r: usize, c: usize) -> Found {
    let n = a.len();
    let colour = a[r][c];
    let mut seen = vec![vec![false; n]; n];
    seen[r][c] = true;
    let mut cells = vec![(r, c)];
    let mut next = 0;
    while next < cells.len() {
        let (y, x) = cells[next];
        next += 1;
        let steps: [(i64, i64); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        for (dy, dx) in steps {
            let (ny, nx) = (y as i64 + dy, x as i64 + dx);
            if ny < 0 || nx < 0 || ny >= n as i64 || nx >= n as i64 {
                continue;
            }
            let (ny, nx) = (ny as usize, nx as usize);
            if !seen[ny][nx] && (a[ny][nx] == colour || a[ny][nx] == 0) {
                seen[ny][nx] = true;
                cells.push((ny, nx));
            }
        }
    }
    let rainbows = cells.iter().filter(|&&(y, x)| a[y][x] == 0).count();
    let standard = *cells
        .iter()
        .filter(|&&(y, x)| a[y][x] != 0)
        .min()
        .expect("the start is a normal block");
    Found {
        cells,
        rainbows,
        standard,
    }
}

/// Whether group `x` beats group `y` under the rules' order.
fn beats(x: &Found, y: &Found) -> bool {
    if x.cells.len() != y.cells.len() {
        return x.cells.len() > y.cells.len();
    }
    if x.rainbows != y.rainbows {
        return x.rainbows > y.rainbows;
    }
    if x.standard.0 != y.standard.0 {
        return x.standard.0 > y.standard.0;
    }
    x.standard.1 > y.standard.1
}

/// Moves every non-black block down as far as it goes, column by column, bottom up.
// Indexing by (row, column) is the plain way to walk down a column of a row-major board.
#[allow(clippy::needless_range_loop)]
fn gravity(a: &mut [Vec<i32>]) {
    let n = a.len();
    for c in 0..n {
        for r in (0..n).rev() {
            if a[r][c] < 0 {
                continue;
            }
            let mut y = r;
            while y + 1 < n && a[y + 1][c] == GONE {
                a[y + 1][c] = a[y][c];
                a[y][c] = GONE;
                y += 1;
            }
        }
    }
}

/// The board turned a quarter counter-clockwise: the right column becomes the top row.
fn turned_ccw(a: &[Vec<i32>]) -> Vec<Vec<i32>> {
    let n = a.len();
    (0..n)
        .map(|r| (0..n).map(|c| a[c][n - 1 - r]).collect())
        .collect()
}

/// Reference: the total score and the number of groups removed.
pub fn reference_play(board: &[Vec<i32>]) -> (u64, usize) {
    let n = board.len();
    let mut a = board.to_vec();
    let mut score = 0;
    let mut rounds = 0;
    loop {
        let mut best: Option<Found> = None;
        for r in 0..n {
            for c in 0..n {
                if a[r][c] < 1 {
                    continue;
                }
                let found = search(&a, r, c);
                if found.cells.len() < 2 {
                    continue;
                }
                let better = match &best {
                    None => true,
                    Some(b) => beats(&found, b),
                };
                if better {
                    best = Some(found);
                }
            }
        }
        let group = match best {
            Some(g) => g,
            None => return (score, rounds),
        };
        for &(y, x) in &group.cells {
            a[y][x] = GONE;
        }
        let b = group.cells.len() as u64;
        score += b * b;
        rounds += 1;
        gravity(&mut a);
        a = turned_ccw(&a);
        gravity(&mut a);
    }
}

impl Stress for SharkSchool {
    type Case = Case;

    fn default_size(&self) -> usize {
        8
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let max_n = size.clamp(1, 20);
        let n = match rng.gen_range(0..10) {
            0 => 1,
            1 => max_n,
            _ => rng.gen_range(1..=max_n),
        };
        // Few colours make big groups and ties; many rainbows make shared blocks and ties on
        // the rainbow count; black blocks hold up falling blocks.
        let m = if rng.gen_bool(0.6) {
            rng.gen_range(1..=2)
        } else {
            rng.gen_range(1..=5)
        };
        let rainbow = rng.gen_range(0.0..0.5);
        let black = rng.gen_range(0.0..0.3);
        let board = (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        let roll: f64 = rng.gen();
                        if roll < black {
                            -1
                        } else if roll < black + rainbow {
                            0
                        } else {
                            rng.gen_range(1..=m)
                        }
                    })
                    .collect()
            })
            .collect();
        Case { m, board }
    }

    fn input(&self, case: &Case) -> String {
        let mut text = format!("{} {}\n", case.board.len(), case.m);
        for row in &case.board {
            let cells: Vec<String> = row.iter().map(i32::to_string).collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text
    }

    fn reference(&self, case: &Case) -> String {
        format!("{}\n", reference_play(&case.board).0)
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, case: &Case) -> Vec<Case> {
        let n = case.board.len();
        let mut out = Vec::new();
        if n > 1 {
            // The four (N-1)-squares in the corners, then every board without one row and one
            // column: smaller boards first.
            for top in 0..2 {
                for left in 0..2 {
                    out.push(Case {
                        m: case.m,
                        board: (top..top + n - 1)
                            .map(|r| case.board[r][left..left + n - 1].to_vec())
                            .collect(),
                    });
                }
            }
            for drop_r in 0..n {
                for drop_c in 0..n {
                    let board = (0..n)
                        .filter(|&r| r != drop_r)
                        .map(|r| {
                            (0..n)
                                .filter(|&c| c != drop_c)
                                .map(|c| case.board[r][c])
                                .collect()
                        })
                        .collect();
                    out.push(Case { m: case.m, board });
                }
            }
        }
        if case.m > 1 {
            // One colour fewer: the top colour becomes the one below it.
            let board = case
                .board
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|&v| if v == case.m { v - 1 } else { v })
                        .collect()
                })
                .collect();
            out.push(Case {
                m: case.m - 1,
                board,
            });
        }
        for r in 0..n {
            for c in 0..n {
                // Simpler blocks: a black block in place of anything, colour 1 in place of a
                // rainbow or a higher colour.
                if case.board[r][c] != -1 {
                    let mut blacked = case.clone();
                    blacked.board[r][c] = -1;
                    out.push(blacked);
                }
                if case.board[r][c] == 0 || case.board[r][c] > 1 {
                    let mut plain = case.clone();
                    plain.board[r][c] = 1;
                    out.push(plain);
                }
            }
        }
        out
    }

    fn describe(&self, case: &Case) -> String {
        let n = case.board.len();
        format!("{n}x{n}-{}-colours", case.m)
    }

    fn worst(&self) -> String {
        // Full 20 x 20 boards without black blocks (they only cut the work short), over every
        // number of colours and share of rainbow blocks; the one that plays the most rounds
        // wins, since every round searches the whole board again, and every rainbow block once
        // per group touching it.
        let best = (0..300u64)
            .map(|i| {
                let mut rng = case_rng(21609, i);
                let m = 1 + (i % 5) as i32;
                let rainbow = (i / 5 % 6) as f64 * 0.1;
                let board = (0..20)
                    .map(|_| {
                        (0..20)
                            .map(|_| {
                                if rng.gen_bool(rainbow) {
                                    0
                                } else {
                                    rng.gen_range(1..=m)
                                }
                            })
                            .collect()
                    })
                    .collect();
                Case { m, board }
            })
            .max_by_key(|case| {
                let mut board = crate::parse(&self.input(case)).expect("valid");
                let mut rounds = 0usize;
                while crate::play_round(&mut board).is_some() {
                    rounds += 1;
                }
                rounds
            })
            .expect("some cases");
        self.input(&best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str) -> Vec<Vec<i32>> {
        text.lines()
            .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect()
    }

    #[test]
    fn the_reference_gives_the_official_answers() {
        let samples = [
            (
                "2 2 -1 3 1\n3 3 2 0 -1\n0 0 0 1 2\n-1 3 1 3 2\n0 3 2 2 1",
                77,
            ),
            (
                "2 3 1 0 -1 2\n2 -1 4 1 3 3\n3 0 4 2 2 1\n-1 4 -1 2 3 4\n3 -1 4 2 0 3\n1 2 2 2 2 1",
                125,
            ),
            ("1 1 1 3\n3 2 3 3\n1 2 -1 3\n-1 -1 1 1", 33),
        ];
        for (board, score) in samples {
            assert_eq!(reference_play(&rows(board)).0, score, "{board}");
        }
    }

    #[test]
    fn the_worst_input_is_valid_and_full_size() {
        let worst = SharkSchool.worst();
        assert!(worst.starts_with("20 "));
        assert!(crate::run(&worst).is_ok());
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(SharkSchool, 300, 1, SharkSchool.default_size());
    }
}

#[cfg(test)]
mod planted {
    use grid_core::Dir;

    use super::*;
    use crate::{classify, BLACK, EMPTY};

    /// A "solution" that forgets the rainbow tie-break: among equal sizes it goes straight to
    /// the standard block's row and column.
    fn forgetful(input: &str) -> Result<String, String> {
        let mut board = crate::parse(input).map_err(|e| e.to_string())?;
        let mut score = 0;
        loop {
            let group = board
                .wildcard_groups(classify)
                .into_iter()
                .filter(|g| g.size() >= 2)
                .map(|g| (crate::standard_block(&board, &g), g))
                .max_by_key(|(s, g)| (g.size(), s.0, s.1))
                .map(|(_, g)| g);
            let group = match group {
                Some(g) => g,
                None => return Ok(format!("{score}\n")),
            };
            for &pos in &group.cells {
                board[pos] = EMPTY;
            }
            score += group.size() * group.size();
            board.settle_with_fixed(Dir::Down, |&v| v == EMPTY, |&v| v == BLACK);
            board.rotate_ccw();
            board.settle_with_fixed(Dir::Down, |&v| v == EMPTY, |&v| v == BLACK);
        }
    }

    #[test]
    fn a_planted_missing_rainbow_tie_break_found_on_8x8_boards_shrinks_to_3x3() {
        let failure = problem_harness::planted::expect_caught(SharkSchool, forgetful, 300, 8);
        let n = crate::parse(&failure.input).expect("valid").rows();
        assert!(n <= 3, "shrunk only to {n} x {n}:\n{}", failure.input);
    }
}
