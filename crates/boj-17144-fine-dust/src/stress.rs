//! Fine dust: small rooms (6 x 6 up to the size knob) with the purifier at every allowed height,
//! dust amounts drawn from a few values (many below 5, which send nothing, and some near
//! multiples of 5 or large), against a plain simulation over `Vec<Vec<i32>>` that walks each
//! loop of wind cell by cell in the order the statement lists.

use problem_harness::rand::Rng as _;

use problem_harness::{Rng, Stress};

/// One case: the room with `-1` in the purifier cells, the purifier's upper row and `T`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Dust amounts, `R` rows of `C`; `-1` at `(upper, 0)` and `(upper + 1, 0)`.
    pub board: Vec<Vec<i32>>,
    /// 0-based row of the purifier's upper cell, in `2..=R-4`.
    pub upper: usize,
    /// Seconds to simulate.
    pub seconds: usize,
}

/// The Fine Dust stress problem.
#[derive(Default)]
pub struct FineDust;

/// The cells of one loop of wind, 0-based, in the statement's order: from the cell right of the
/// purifier to the cell the wind blows into the purifier from.
fn loop_cells(rows: usize, cols: usize, upper: usize, lower_loop: bool) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    if !lower_loop {
        // (u, 2) .. (u, C), (u-1, C) .. (1, C), (1, C-1) .. (1, 1), (2, 1) .. (u-1, 1), 1-based.
        let u = upper;
        for c in 1..cols {
            cells.push((u, c));
        }
        for r in (0..u).rev() {
            cells.push((r, cols - 1));
        }
        for c in (0..cols - 1).rev() {
            cells.push((0, c));
        }
        for r in 1..u {
            cells.push((r, 0));
        }
    } else {
        let d = upper + 1;
        for c in 1..cols {
            cells.push((d, c));
        }
        for r in d + 1..rows {
            cells.push((r, cols - 1));
        }
        for c in (0..cols - 1).rev() {
            cells.push((rows - 1, c));
        }
        for r in (d + 1..rows - 1).rev() {
            cells.push((r, 0));
        }
    }
    cells
}

/// Reference: per second, a fresh board of what every cell keeps plus what it is sent (each
/// neighbour checked by hand), then each loop shifted one cell along its listed cells from a
/// copy, the first cell getting 0; the sum of every non-purifier cell at the end.
pub fn reference_answer(case: &Case) -> i64 {
    let rows = case.board.len();
    let cols = case.board[0].len();
    let purifier = |r: usize, c: usize| c == 0 && (r == case.upper || r == case.upper + 1);
    let mut a = case.board.clone();
    for _ in 0..case.seconds {
        let mut next = vec![vec![0i32; cols]; rows];
        for r in 0..rows {
            for c in 0..cols {
                if purifier(r, c) {
                    next[r][c] = -1;
                    continue;
                }
                let amount = a[r][c];
                let share = amount / 5;
                let mut targets = Vec::new();
                if r > 0 {
                    targets.push((r - 1, c));
                }
                if r + 1 < rows {
                    targets.push((r + 1, c));
                }
                if c > 0 {
                    targets.push((r, c - 1));
                }
                if c + 1 < cols {
                    targets.push((r, c + 1));
                }
                targets.retain(|&(y, x)| !purifier(y, x));
                next[r][c] += amount - share * targets.len() as i32;
                for (y, x) in targets {
                    next[y][x] += share;
                }
            }
        }
        a = next;
        for lower_loop in [false, true] {
            let cells = loop_cells(rows, cols, case.upper, lower_loop);
            let before: Vec<i32> = cells.iter().map(|&(r, c)| a[r][c]).collect();
            for (k, &(r, c)) in cells.iter().enumerate() {
                a[r][c] = if k == 0 { 0 } else { before[k - 1] };
            }
        }
    }
    let mut sum = 0i64;
    for (r, row) in a.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            if !purifier(r, c) {
                sum += i64::from(v);
            }
        }
    }
    sum
}

impl Stress for FineDust {
    type Case = Case;

    fn default_size(&self) -> usize {
        10
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let most = size.clamp(crate::MIN_SIDE, crate::MAX_SIDE);
        let rows = rng.gen_range(crate::MIN_SIDE..=most);
        let cols = rng.gen_range(crate::MIN_SIDE..=most);
        let upper = rng.gen_range(2..=rows - 4);
        // Amounts below 5 send nothing; 5, 9, 10, 24, 25 sit at the edges of a fifth; large
        // ones spread for many seconds.
        let choices = [0, 0, 1, 4, 5, 9, 10, 19, 24, 25, 100, 999, 1000];
        let mut palette: Vec<i32> = (0..rng.gen_range(1..=4))
            .map(|_| choices[rng.gen_range(0..choices.len())])
            .collect();
        if rng.gen_bool(0.4) {
            palette.push(rng.gen_range(0..=crate::MAX_DUST));
        }
        let sparse = rng.gen_bool(0.5);
        let board = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        if c == 0 && (r == upper || r == upper + 1) {
                            -1
                        } else if sparse && rng.gen_bool(0.7) {
                            0
                        } else {
                            palette[rng.gen_range(0..palette.len())]
                        }
                    })
                    .collect()
            })
            .collect();
        let seconds = match rng.gen_range(0..10) {
            0 => 1,
            1 => rng.gen_range(1..=300),
            _ => rng.gen_range(1..=12),
        };
        Case {
            board,
            upper,
            seconds,
        }
    }

    fn input(&self, case: &Case) -> String {
        let mut text = format!(
            "{} {} {}\n",
            case.board.len(),
            case.board[0].len(),
            case.seconds
        );
        // A board of numbers prints as the judge writes it: spaced, one row a line.
        let board = grid_core::Grid::from_rows(case.board.clone()).expect("rectangular");
        text.push_str(&board.to_string());
        text
    }

    fn reference(&self, case: &Case) -> String {
        format!("{}\n", reference_answer(case))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, case: &Case) -> Vec<Case> {
        let rows = case.board.len();
        let cols = case.board[0].len();
        let mut out = Vec::new();
        // A row less, above the purifier (keeping two rows above it) or below (keeping two).
        for r in 0..rows {
            let removable = if r < case.upper {
                case.upper > 2
            } else if r > case.upper + 1 {
                rows - case.upper - 2 > 2
            } else {
                false
            };
            if rows > crate::MIN_SIDE && removable {
                let mut fewer = case.clone();
                fewer.board.remove(r);
                if r < case.upper {
                    fewer.upper -= 1;
                }
                out.push(fewer);
            }
        }
        // A column less (never the purifier's).
        if cols > crate::MIN_SIDE {
            for c in 1..cols {
                let mut fewer = case.clone();
                for row in &mut fewer.board {
                    row.remove(c);
                }
                out.push(fewer);
            }
        }
        if case.seconds > 1 {
            for seconds in [1, case.seconds / 2, case.seconds - 1] {
                let mut shorter = case.clone();
                shorter.seconds = seconds.max(1);
                out.push(shorter);
            }
        }
        // Less dust in one cell: none, or half (never in the purifier's -1 cells).
        for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
            let smaller = match case.board[r][c] {
                v if v <= 0 => vec![],
                1 => vec![0],
                v => vec![0, v / 2],
            };
            for v in smaller {
                let mut less = case.clone();
                less.board[r][c] = v;
                out.push(less);
            }
        }
        out
    }

    fn describe(&self, case: &Case) -> String {
        format!(
            "{}x{}-{}-seconds",
            case.board.len(),
            case.board[0].len(),
            case.seconds
        )
    }

    fn worst(&self) -> String {
        // The largest room, the most seconds, the purifier in the middle; every cell full, so
        // every cell spreads every second for a long time (the work per second is the same
        // whatever the amounts).
        let (rows, cols, upper) = (crate::MAX_SIDE, crate::MAX_SIDE, crate::MAX_SIDE / 2 - 1);
        let board = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        if c == 0 && (r == upper || r == upper + 1) {
                            -1
                        } else {
                            crate::MAX_DUST
                        }
                    })
                    .collect()
            })
            .collect();
        self.input(&Case {
            board,
            upper,
            seconds: crate::MAX_SECONDS,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statement's room, with `-1` in the purifier cells (rows 3 and 4, 1-based).
    fn sample_board() -> Vec<Vec<i32>> {
        [
            "0 0 0 0 0 0 0 9",
            "0 0 0 0 3 0 0 8",
            "-1 0 5 0 0 0 22 0",
            "-1 8 0 0 0 0 0 0",
            "0 0 0 0 0 10 43 0",
            "0 0 5 0 15 0 0 0",
            "0 0 40 0 0 0 20 0",
        ]
        .iter()
        .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
        .collect()
    }

    #[test]
    fn the_reference_gives_the_official_answers() {
        for (seconds, answer) in [
            (1, 188),
            (2, 188),
            (3, 186),
            (4, 178),
            (5, 172),
            (20, 71),
            (30, 52),
            (50, 46),
        ] {
            let case = Case {
                board: sample_board(),
                upper: 2,
                seconds,
            };
            assert_eq!(reference_answer(&case), answer, "T = {seconds}");
        }
    }

    #[test]
    fn the_loops_are_the_statements_and_share_no_cell() {
        let upper = loop_cells(7, 8, 2, false);
        assert_eq!(upper.len(), 2 * (3 + 8) - 4 - 1);
        assert_eq!(upper[0], (2, 1));
        assert_eq!(upper.last(), Some(&(1, 0)));
        let lower = loop_cells(7, 8, 2, true);
        assert_eq!(lower.len(), 2 * (4 + 8) - 4 - 1);
        assert_eq!((lower[0], lower.last()), ((3, 1), Some(&(4, 0))));
        assert!(upper.iter().all(|p| !lower.contains(p)));
    }

    #[test]
    fn the_worst_input_is_valid() {
        assert!(crate::run(&FineDust.worst()).is_ok());
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(FineDust, 300, 1, FineDust.default_size());
    }
}

#[cfg(test)]
mod planted {
    use super::*;

    /// A "solution" that spreads in place, row by row, so a cell spreads dust another cell sent
    /// it in the same second: the bug the simultaneous rule is there to catch.
    fn in_place(input: &str) -> Result<String, String> {
        let room = crate::parse(input).map_err(|e| e.to_string())?;
        let mut dust = room.dust.clone();
        let [a, b] = room.purifier_cells();
        for _ in 0..room.seconds {
            for pos in dust.positions().collect::<Vec<_>>() {
                let targets: Vec<_> = dust
                    .neighbors(pos)
                    .filter(|&n| n != a && n != b && pos != a && pos != b)
                    .collect();
                let share = dust[pos] / 5;
                for &n in &targets {
                    dust[n] += share;
                }
                dust[pos] -= share * targets.len() as i32;
            }
            crate::blow(&mut dust, room.purifier);
        }
        Ok(crate::format(crate::total(&dust)))
    }

    #[test]
    fn a_planted_in_place_spread_is_caught_and_shrunk_to_a_6x6_room() {
        let failure = problem_harness::planted::expect_caught(FineDust, in_place, 300, 10);
        let room = crate::parse(&failure.input).expect("valid");
        assert_eq!(room.dust.rows(), 6, "{}", failure.input);
        assert_eq!(room.dust.cols(), 6, "{}", failure.input);
    }
}
