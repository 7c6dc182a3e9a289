//! Dice Rolling 2: maps of few values (so regions are large and bottoms often equal a value)
//! or of all nine, narrow maps that bounce often, and up to 1000 moves, against a plain
//! re-implementation over `Vec<Vec<i32>>`: the die as six numbers permuted as the statement
//! says, each region counted afresh by a depth-first search at every move.

use grid_core::Grid;
use problem_harness::rand::Rng as _;

use problem_harness::{Rng, Stress};

/// One case: the map and the number of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `N` rows of `M` values in `1..=9`.
    pub map: Vec<Vec<i32>>,
    /// `K`, the moves.
    pub moves: usize,
}

/// The Dice Rolling 2 stress problem.
#[derive(Default)]
pub struct DiceRolling;

/// Reference: the statement's rules written out over plain numbers. Directions are
/// 0 east, 1 south, 2 west, 3 north (clockwise order), so clockwise is `+1` and
/// counter-clockwise `+3`, modulo 4.
pub fn reference_answer(map: &[Vec<i32>], moves: usize) -> i64 {
    let (n, m) = (map.len() as i32, map[0].len() as i32);
    let (dr, dc) = ([0, 1, 0, -1], [1, 0, -1, 0]);
    // top, bottom, east, west, north, south
    let (mut top, mut bottom, mut east, mut west, mut north, mut south) = (1, 6, 3, 4, 2, 5);
    let (mut r, mut c, mut d) = (0i32, 0i32, 0usize);
    let mut total = 0i64;
    for _ in 0..moves {
        if r + dr[d] < 0 || r + dr[d] >= n || c + dc[d] < 0 || c + dc[d] >= m {
            d = (d + 2) % 4;
        }
        r += dr[d];
        c += dc[d];
        let (t, b, e, w, no, so) = (top, bottom, east, west, north, south);
        match d {
            // east: west -> top, top -> east, east -> bottom, bottom -> west
            0 => {
                top = w;
                east = t;
                bottom = e;
                west = b;
            }
            // south: north -> top, top -> south, south -> bottom, bottom -> north
            1 => {
                top = no;
                south = t;
                bottom = so;
                north = b;
            }
            // west: east -> top, top -> west, west -> bottom, bottom -> east
            2 => {
                top = e;
                west = t;
                bottom = w;
                east = b;
            }
            // north: south -> top, top -> north, north -> bottom, bottom -> south
            _ => {
                top = so;
                north = t;
                bottom = no;
                south = b;
            }
        }
        let value = map[r as usize][c as usize];
        let mut seen = vec![vec![false; m as usize]; n as usize];
        let mut stack = vec![(r, c)];
        seen[r as usize][c as usize] = true;
        let mut count = 0;
        while let Some((y, x)) = stack.pop() {
            count += 1;
            for k in 0..4 {
                let (ny, nx) = (y + dr[k], x + dc[k]);
                if ny >= 0
                    && ny < n
                    && nx >= 0
                    && nx < m
                    && !seen[ny as usize][nx as usize]
                    && map[ny as usize][nx as usize] == value
                {
                    seen[ny as usize][nx as usize] = true;
                    stack.push((ny, nx));
                }
            }
        }
        total += i64::from(value) * count;
        if bottom > value {
            d = (d + 1) % 4;
        } else if bottom < value {
            d = (d + 3) % 4;
        }
    }
    total
}

impl Stress for DiceRolling {
    type Case = Case;

    fn default_size(&self) -> usize {
        8
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let size = size.clamp(2, 20);
        let (rows, cols) = (rng.gen_range(2..=size), rng.gen_range(2..=size));
        let palette: Vec<i32> = if rng.gen_bool(0.3) {
            (1..=9).collect()
        } else {
            (0..rng.gen_range(1..=3))
                .map(|_| rng.gen_range(1..=9))
                .collect()
        };
        let map = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| palette[rng.gen_range(0..palette.len())])
                    .collect()
            })
            .collect();
        let moves = match rng.gen_range(0..10) {
            0 => rng.gen_range(1..=1000),
            1 => 1,
            _ => rng.gen_range(1..=40),
        };
        Case { map, moves }
    }

    fn input(&self, case: &Case) -> String {
        // A board of numbers prints as the judge's rows: numbers spaced, one row a line.
        let map = Grid::from_rows(case.map.clone()).expect("a rectangular map");
        format!("{} {} {}\n{map}", map.rows(), map.cols(), case.moves)
    }

    fn reference(&self, case: &Case) -> String {
        format!("{}\n", reference_answer(&case.map, case.moves))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, case: &Case) -> Vec<Case> {
        let mut out = Vec::new();
        let (rows, cols) = (case.map.len(), case.map[0].len());
        // Fewer moves first: the failing move is usually early.
        if case.moves > 1 {
            for moves in [case.moves / 2, case.moves - 1] {
                out.push(Case {
                    map: case.map.clone(),
                    moves: moves.max(1),
                });
            }
        }
        if rows > 2 {
            let mut smaller = case.clone();
            smaller.map.pop();
            out.push(smaller);
        }
        if cols > 2 {
            let mut smaller = case.clone();
            for row in smaller.map.iter_mut() {
                row.pop();
            }
            out.push(smaller);
        }
        for (r, row) in case.map.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                if v > 1 {
                    let mut lower = case.clone();
                    lower.map[r][c] = 1;
                    out.push(lower);
                }
            }
        }
        out
    }

    fn describe(&self, case: &Case) -> String {
        format!(
            "{}x{}-{}-moves",
            case.map.len(),
            case.map[0].len(),
            case.moves
        )
    }

    fn worst(&self) -> String {
        // The largest map and the most moves; the regions are labelled once whatever the
        // values, and every move costs the same, so the values only need to vary: diagonal
        // stripes of 1 to 9 make many small regions and turns of every kind.
        let map = (0..20)
            .map(|r| (0..20).map(|c| (r + 2 * c) % 9 + 1).collect())
            .collect();
        self.input(&Case { map, moves: 1000 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answers() {
        let map: Vec<Vec<i32>> = vec![
            vec![4, 1, 2, 3, 3],
            vec![6, 1, 1, 3, 3],
            vec![5, 6, 1, 3, 2],
            vec![5, 5, 6, 5, 5],
        ];
        let answers = [
            (1, 4),
            (2, 8),
            (3, 14),
            (4, 18),
            (5, 24),
            (6, 28),
            (7, 43),
            (1000, 3901),
        ];
        for (moves, answer) in answers {
            assert_eq!(reference_answer(&map, moves), answer, "K = {moves}");
        }
    }

    #[test]
    fn the_worst_input_is_valid() {
        assert!(crate::run(&DiceRolling.worst()).is_ok());
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(DiceRolling, 300, 1, DiceRolling.default_size());
    }
}
