//! Fireball: small boards crowded with fireballs (so they meet often, in twos, threes and
//! more), speeds that are multiples of `N` or far above it, masses small enough to vanish,
//! against a plain re-implementation over a `Vec` of fireballs per cell.

use problem_harness::rand::Rng as _;

use problem_harness::{Rng, Stress};

/// One fireball as the input gives it: `(r, c, m, s, d)`, 1-based cell.
pub type Ball = (usize, usize, u32, u32, usize);

/// One case: the board side, the fireballs (distinct cells) and the number of commands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The board is `n x n`, `4..=50`.
    pub n: usize,
    /// The fireballs, each on a cell of its own.
    pub balls: Vec<Ball>,
    /// Commands, `1..=1000`.
    pub k: usize,
}

/// The Fireball stress problem.
#[derive(Default)]
pub struct Fireball;

/// The statement's table: row and column steps of direction `d`.
const ROW_STEP: [i64; 8] = [-1, -1, 0, 1, 1, 1, 0, -1];
const COL_STEP: [i64; 8] = [0, 1, 1, 1, 0, -1, -1, -1];

/// Reference: fireballs as `(m, s, d)` in a `Vec` per cell, moved with the statement's formula
/// `(r + s * step) mod N` (the never-negative remainder, in i64), merged per cell.
pub fn reference_answer(case: &Case) -> u64 {
    let n = case.n;
    let mut cells: Vec<Vec<Vec<(u32, u32, usize)>>> = vec![vec![Vec::new(); n]; n];
    for &(r, c, m, s, d) in &case.balls {
        cells[r - 1][c - 1].push((m, s, d));
    }
    for _ in 0..case.k {
        let mut next: Vec<Vec<Vec<(u32, u32, usize)>>> = vec![vec![Vec::new(); n]; n];
        for (r, row) in cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                for &(m, s, d) in cell {
                    let nr = (r as i64 + i64::from(s) * ROW_STEP[d]).rem_euclid(n as i64) as usize;
                    let nc = (c as i64 + i64::from(s) * COL_STEP[d]).rem_euclid(n as i64) as usize;
                    next[nr][nc].push((m, s, d));
                }
            }
        }
        for row in next.iter_mut() {
            for cell in row.iter_mut() {
                if cell.len() < 2 {
                    continue;
                }
                let count = cell.len() as u32;
                let mass: u32 = cell.iter().map(|b| b.0).sum::<u32>() / 5;
                let speed: u32 = cell.iter().map(|b| b.1).sum::<u32>() / count;
                let evens = cell.iter().filter(|b| b.2 % 2 == 0).count() as u32;
                let first = if evens == 0 || evens == count { 0 } else { 1 };
                cell.clear();
                if mass > 0 {
                    for d in [first, first + 2, first + 4, first + 6] {
                        cell.push((mass, speed, d));
                    }
                }
            }
        }
        cells = next;
    }
    cells
        .iter()
        .flatten()
        .flatten()
        .map(|b| u64::from(b.0))
        .sum()
}

impl Stress for Fireball {
    type Case = Case;

    fn default_size(&self) -> usize {
        7
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let n = rng.gen_range(4..=size.clamp(4, 50));
        // From empty to full, most often crowded so that fireballs meet.
        let fill = match rng.gen_range(0..10) {
            0 => 0.0,
            1 => 1.0,
            _ => rng.gen_range(0.1..0.9),
        };
        let masses = match rng.gen_range(0..3) {
            0 => 1..=9,
            1 => 1..=40,
            _ => 1..=1000,
        };
        // Only the diagonals, only the straight ones, or any: all-same-parity merges either way.
        let dirs: Vec<usize> = match rng.gen_range(0..4) {
            0 => vec![1, 3, 5, 7],
            1 => vec![0, 2, 4, 6],
            2 => (0..rng.gen_range(1..=3))
                .map(|_| rng.gen_range(0..8))
                .collect(),
            _ => (0..8).collect(),
        };
        let mut balls = Vec::new();
        for r in 1..=n {
            for c in 1..=n {
                if !rng.gen_bool(fill) {
                    continue;
                }
                let speed = match rng.gen_range(0..6) {
                    0 => n as u32 * rng.gen_range(1..=1000 / n as u32),
                    1 => rng.gen_range(1..=1000),
                    2 => 1000,
                    _ => rng.gen_range(1..=2 * n as u32),
                };
                let d = dirs[rng.gen_range(0..dirs.len())];
                balls.push((r, c, rng.gen_range(masses.clone()), speed, d));
            }
        }
        // Input order is not cell order.
        for i in (1..balls.len()).rev() {
            balls.swap(i, rng.gen_range(0..=i));
        }
        let k = match rng.gen_range(0..10) {
            0 => 1,
            1 => rng.gen_range(1..=1000),
            _ => rng.gen_range(1..=12),
        };
        Case { n, balls, k }
    }

    fn input(&self, case: &Case) -> String {
        let mut text = format!("{} {} {}\n", case.n, case.balls.len(), case.k);
        for &(r, c, m, s, d) in &case.balls {
            text.push_str(&format!("{r} {c} {m} {s} {d}\n"));
        }
        text
    }

    fn reference(&self, case: &Case) -> String {
        format!("{}\n", reference_answer(case))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, case: &Case) -> Vec<Case> {
        let mut out = Vec::new();
        if case.n > 4 {
            // A smaller board, keeping the fireballs that fit (their walks change, which is fine:
            // the shrinker only keeps what still fails).
            let n = case.n - 1;
            out.push(Case {
                n,
                balls: case
                    .balls
                    .iter()
                    .copied()
                    .filter(|&(r, c, ..)| r <= n && c <= n)
                    .collect(),
                k: case.k,
            });
        }
        if case.k > 1 {
            out.push(Case {
                k: case.k / 2,
                ..case.clone()
            });
            out.push(Case {
                k: case.k - 1,
                ..case.clone()
            });
        }
        if case.balls.len() > 1 {
            let mut halved = case.clone();
            halved.balls.truncate(case.balls.len() / 2);
            out.push(halved);
        }
        for i in 0..case.balls.len() {
            let mut fewer = case.clone();
            fewer.balls.remove(i);
            out.push(fewer);
        }
        for i in 0..case.balls.len() {
            let (r, c, m, s, d) = case.balls[i];
            for smaller in [
                (r, c, m / 2, s, d),
                (r, c, m, s / 2, d),
                (r, c, m, s % case.n as u32, d),
            ] {
                if smaller.2 >= 1 && smaller.3 >= 1 && smaller != case.balls[i] {
                    let mut lighter = case.clone();
                    lighter.balls[i] = smaller;
                    out.push(lighter);
                }
            }
        }
        out
    }

    fn describe(&self, case: &Case) -> String {
        format!(
            "{0}x{0}-{1}-balls-{2}-commands",
            case.n,
            case.balls.len(),
            case.k
        )
    }

    fn worst(&self) -> String {
        // The largest board full of heavy fireballs, all flying the same way at the same speed
        // so that none ever meets another: 2500 fireballs move on every one of 1000 commands.
        // (Meetings only thin them out: every merge loses a fifth of the mass.)
        let balls = (1..=50)
            .flat_map(|r| (1..=50).map(move |c| (r, c, 1000, 999, 3)))
            .collect();
        self.input(&Case {
            n: 50,
            balls,
            k: 1000,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answers() {
        let two = vec![(1, 1, 5, 2, 2), (1, 4, 7, 1, 6)];
        for (k, answer) in [(1, 8), (2, 8), (3, 0)] {
            let case = Case {
                n: 4,
                balls: two.clone(),
                k,
            };
            assert_eq!(reference_answer(&case), answer, "K = {k}");
        }
        let case = Case {
            n: 7,
            balls: vec![
                (1, 3, 5, 2, 4),
                (2, 3, 5, 2, 6),
                (5, 2, 9, 1, 7),
                (6, 2, 1, 3, 5),
                (4, 4, 2, 4, 2),
            ],
            k: 3,
        };
        assert_eq!(reference_answer(&case), 9);
    }

    #[test]
    fn the_worst_input_is_valid() {
        assert_eq!(crate::run(&Fireball.worst()).unwrap(), "2500000\n");
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(Fireball, 300, 1, Fireball.default_size());
    }
}
