//! Firestorm: small boards of few ice amounts (many 0s and 1s, so melting splits chunks), levels
//! up to `N`, against a plain re-implementation over `Vec<Vec<i32>>`.

use problem_harness::rand::Rng as _;

use problem_harness::{Rng, Stress};

/// One case: `N` (the side is `2^N`), the ice board and the levels in casting order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The board side is `2^n`.
    pub n: usize,
    /// Ice amounts, `2^n` rows of `2^n`.
    pub board: Vec<Vec<i32>>,
    /// Firestorm levels, each in `0..=n`, at least one.
    pub levels: Vec<usize>,
}

/// The Firestorm stress problem.
#[derive(Default)]
pub struct Firestorm;

/// Reference: each tile copied into a fresh board turned clockwise, melting counted on a copy,
/// chunks found by depth-first search with an explicit stack. Returns (ice left, largest chunk).
pub fn reference_answer(case: &Case) -> (i64, usize) {
    let side = case.board.len();
    let mut a = case.board.clone();
    for &level in &case.levels {
        let s = 1usize << level;
        let mut turned = a.clone();
        for top in (0..side).step_by(s) {
            for left in (0..side).step_by(s) {
                for i in 0..s {
                    for j in 0..s {
                        // Clockwise: row i of the tile becomes column s-1-i.
                        turned[top + j][left + s - 1 - i] = a[top + i][left + j];
                    }
                }
            }
        }
        a = turned;
        let before = a.clone();
        for r in 0..side {
            for c in 0..side {
                if before[r][c] == 0 {
                    continue;
                }
                let mut icy = 0;
                if r > 0 && before[r - 1][c] > 0 {
                    icy += 1;
                }
                if r + 1 < side && before[r + 1][c] > 0 {
                    icy += 1;
                }
                if c > 0 && before[r][c - 1] > 0 {
                    icy += 1;
                }
                if c + 1 < side && before[r][c + 1] > 0 {
                    icy += 1;
                }
                if icy < 3 {
                    a[r][c] -= 1;
                }
            }
        }
    }
    let total: i64 = a.iter().flatten().map(|&v| i64::from(v)).sum();
    let mut seen = vec![vec![false; side]; side];
    let mut best = 0;
    for r in 0..side {
        for c in 0..side {
            if a[r][c] == 0 || seen[r][c] {
                continue;
            }
            seen[r][c] = true;
            let mut stack = vec![(r, c)];
            let mut size = 0;
            while let Some((y, x)) = stack.pop() {
                size += 1;
                let mut near = Vec::new();
                if y > 0 {
                    near.push((y - 1, x));
                }
                if y + 1 < side {
                    near.push((y + 1, x));
                }
                if x > 0 {
                    near.push((y, x - 1));
                }
                if x + 1 < side {
                    near.push((y, x + 1));
                }
                for (ny, nx) in near {
                    if a[ny][nx] > 0 && !seen[ny][nx] {
                        seen[ny][nx] = true;
                        stack.push((ny, nx));
                    }
                }
            }
            best = best.max(size);
        }
    }
    (total, best)
}

/// The largest `N` whose side `2^N` fits in `size`, within the problem's `2..=6`.
fn max_n_for(size: usize) -> usize {
    let mut n = 2;
    while n < 6 && 1usize << (n + 1) <= size {
        n += 1;
    }
    n
}

impl Stress for Firestorm {
    type Case = Case;

    fn default_size(&self) -> usize {
        16
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let n = rng.gen_range(2..=max_n_for(size));
        let side = 1 << n;
        // A few small amounts make cells run out of ice mid-game and chunks split; often a
        // larger amount too, so that not every game ends with no ice at all.
        let mut palette: Vec<i32> = (0..rng.gen_range(1..=3))
            .map(|_| rng.gen_range(0..=3))
            .collect();
        if rng.gen_bool(0.5) {
            palette.push(rng.gen_range(4..=100));
        }
        let board = (0..side)
            .map(|_| {
                (0..side)
                    .map(|_| palette[rng.gen_range(0..palette.len())])
                    .collect()
            })
            .collect();
        let q = match rng.gen_range(0..10) {
            0 => 1,
            1 => rng.gen_range(1..=60),
            _ => rng.gen_range(1..=8),
        };
        // Levels near N turn big tiles, the ones most likely to be mis-indexed.
        let levels = (0..q)
            .map(|_| {
                if rng.gen_bool(0.3) {
                    n
                } else {
                    rng.gen_range(0..=n)
                }
            })
            .collect();
        Case { n, board, levels }
    }

    fn input(&self, case: &Case) -> String {
        let mut text = format!("{} {}\n", case.n, case.levels.len());
        for row in &case.board {
            let cells: Vec<String> = row.iter().map(i32::to_string).collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        let levels: Vec<String> = case.levels.iter().map(usize::to_string).collect();
        text.push_str(&levels.join(" "));
        text.push('\n');
        text
    }

    fn reference(&self, case: &Case) -> String {
        let (total, chunk) = reference_answer(case);
        format!("{total}\n{chunk}\n")
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, case: &Case) -> Vec<Case> {
        let side = case.board.len();
        let mut out = Vec::new();
        if case.n > 2 {
            // Each quarter of the board as a board of its own, levels capped at the new N.
            let half = side / 2;
            for (top, left) in [(0, 0), (0, half), (half, 0), (half, half)] {
                out.push(Case {
                    n: case.n - 1,
                    board: (top..top + half)
                        .map(|r| case.board[r][left..left + half].to_vec())
                        .collect(),
                    levels: case.levels.iter().map(|&l| l.min(case.n - 1)).collect(),
                });
            }
        }
        if case.levels.len() > 1 {
            // Fewer firestorms: drop the second half, then each one alone.
            let mut halved = case.clone();
            halved.levels.truncate(case.levels.len() / 2);
            out.push(halved);
            for k in 0..case.levels.len() {
                let mut fewer = case.clone();
                fewer.levels.remove(k);
                out.push(fewer);
            }
        }
        for k in 0..case.levels.len() {
            if case.levels[k] > 0 {
                let mut lower = case.clone();
                lower.levels[k] -= 1;
                out.push(lower);
            }
        }
        for r in 0..side {
            for c in 0..side {
                let v = case.board[r][c];
                if v > 0 {
                    let mut cleared = case.clone();
                    cleared.board[r][c] = 0;
                    out.push(cleared);
                    if v > 1 {
                        let mut halved = case.clone();
                        halved.board[r][c] = v / 2;
                        out.push(halved);
                    }
                }
            }
        }
        out
    }

    fn describe(&self, case: &Case) -> String {
        let side = case.board.len();
        format!("{side}x{side}-{}-steps", case.levels.len())
    }

    fn worst(&self) -> String {
        // The largest board, the most firestorms, and ice that never runs out inside, so every
        // step turns and melts a full board; the levels cycle so every tile size is turned.
        let board = vec![vec![100; 64]; 64];
        let levels = (0..1000).map(|k| k % 7).collect();
        self.input(&Case {
            n: 6,
            board,
            levels,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answers() {
        let board: Vec<Vec<i32>> = (0..8)
            .map(|r| {
                (1..=8)
                    .map(|k| if r % 2 == 0 { k } else { 9 - k })
                    .collect()
            })
            .collect();
        let samples: [(&[usize], (i64, usize)); 5] = [
            (&[1], (284, 64)),
            (&[1, 2], (280, 64)),
            (&[1, 2, 0, 3, 2], (268, 64)),
            (&[1, 2, 0, 3, 2, 1, 2, 3, 2, 3], (248, 62)),
            (&[1, 2, 3, 1, 2, 3, 1, 2, 3, 1], (246, 60)),
        ];
        for (levels, answer) in samples {
            let case = Case {
                n: 3,
                board: board.clone(),
                levels: levels.to_vec(),
            };
            assert_eq!(reference_answer(&case), answer, "levels {levels:?}");
        }
    }

    #[test]
    fn the_worst_input_is_valid() {
        assert!(crate::run(&Firestorm.worst()).is_ok());
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(Firestorm, 300, 1, Firestorm.default_size());
    }
}

#[cfg(test)]
mod planted {
    use grid_core::Grid;

    use super::*;

    /// A "solution" that melts in place, row by row, so a cell sees its neighbours' melting of
    /// this very step: the bug the simultaneous rule is there to catch.
    fn in_place(input: &str) -> Result<String, String> {
        let storms = crate::parse(input).map_err(|e| e.to_string())?;
        let mut ice: Grid<u32> = storms.ice;
        for &level in &storms.levels {
            ice.rotate_tiles_cw(1 << level);
            for pos in ice.positions().collect::<Vec<_>>() {
                let icy = ice.neighbors(pos).filter(|&n| ice[n] > 0).count();
                if ice[pos] > 0 && icy < 3 {
                    ice[pos] -= 1;
                }
            }
        }
        let total: u32 = ice.iter().sum();
        Ok(format!("{total}\n{}\n", crate::largest_chunk(&ice)))
    }

    #[test]
    fn a_planted_in_place_melt_found_on_16x16_boards_shrinks_to_4x4_and_one_storm() {
        let failure = problem_harness::planted::expect_caught(Firestorm, in_place, 300, 16);
        let storms = crate::parse(&failure.input).expect("valid");
        assert_eq!(storms.ice.rows(), 4, "{}", failure.input);
        assert_eq!(storms.levels.len(), 1, "{}", failure.input);
    }
}
