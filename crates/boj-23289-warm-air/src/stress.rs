//! Warm air: small offices (2 x 2 up to the size knob) with a few heaters blowing every way,
//! inspected cells, walls (some given twice) and `K` from 1 to 1000, so that answers run from 1
//! to 101, against a plain simulation over `Vec<Vec<i32>>` whose walls are a set of cell pairs
//! and whose wind is worked out in the heater's own frame (distance ahead, offset sideways).

use std::collections::HashSet;

use problem_harness::rand::Rng as _;

use problem_harness::{Rng, Stress};

/// One case: the map (values 0..=5), the walls as given (`x y t`, 1-based) and `K`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `R` rows of `C` map values.
    pub map: Vec<Vec<u8>>,
    /// The walls, in input order, `(x, y, t)`.
    pub walls: Vec<(usize, usize, u8)>,
    /// The temperature every inspected cell must reach.
    pub k: i32,
}

/// The Warm Air stress problem.
#[derive(Default)]
pub struct WarmAir;

/// A cell as signed `(row, col)`, 0-based, so that stepping off the board can be tested.
type At = (i64, i64);

/// The row and column step of a heater of map value 1..=4 (right, left, up, down).
fn forward(value: u8) -> At {
    match value {
        1 => (0, 1),
        2 => (0, -1),
        3 => (-1, 0),
        _ => (1, 0),
    }
}

/// Reference: walls as a set of ordered cell pairs (both orders); each heater's reach worked
/// out distance by distance in its own frame, cell `(d, o)` being `d` steps ahead and `o` steps
/// sideways; evening out pair by pair (each cell with its right and lower neighbour) from a copy;
/// the ring cooled cell by cell.
// Row and column indices are the plain way to read a board here.
#[allow(clippy::needless_range_loop)]
pub fn reference_answer(case: &Case) -> usize {
    let rows = case.map.len() as i64;
    let cols = case.map[0].len() as i64;
    let on = |p: At| p.0 >= 0 && p.1 >= 0 && p.0 < rows && p.1 < cols;
    let mut blocked: HashSet<(At, At)> = HashSet::new();
    for &(x, y, t) in &case.walls {
        let a = (x as i64 - 1, y as i64 - 1);
        let b = if t == 0 {
            (a.0 - 1, a.1)
        } else {
            (a.0, a.1 + 1)
        };
        blocked.insert((a, b));
        blocked.insert((b, a));
    }
    let open = |a: At, b: At| !blocked.contains(&(a, b));
    let mut add = vec![vec![0i32; cols as usize]; rows as usize];
    for r in 0..rows {
        for c in 0..cols {
            let value = case.map[r as usize][c as usize];
            if !(1..=4).contains(&value) {
                continue;
            }
            let (fr, fc) = forward(value);
            let (sr, sc) = (fc, fr);
            let cell = |d: i64, o: i64| (r + d * fr + o * sr, c + d * fc + o * sc);
            // reached[d][o + 4] for d in 1..=5, o in -4..=4.
            let mut reached = [[false; 9]; 6];
            reached[1][4] = on(cell(1, 0)) && open(cell(0, 0), cell(1, 0));
            for d in 2..=5i64 {
                for o in -(d - 1)..=(d - 1) {
                    let target = cell(d, o);
                    if !on(target) {
                        continue;
                    }
                    for from in [o - 1, o, o + 1] {
                        if from.abs() > d - 2 || !reached[(d - 1) as usize][(from + 4) as usize] {
                            continue;
                        }
                        let p = cell(d - 1, from);
                        let ok = if from == o {
                            open(p, target)
                        } else {
                            let side = cell(d - 1, o);
                            on(side) && open(p, side) && open(side, target)
                        };
                        if ok {
                            reached[d as usize][(o + 4) as usize] = true;
                        }
                    }
                }
            }
            for d in 1..=5i64 {
                for o in -4..=4i64 {
                    if reached[d as usize][(o + 4) as usize] {
                        let (y, x) = cell(d, o);
                        add[y as usize][x as usize] += 6 - d as i32;
                    }
                }
            }
        }
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let mut temp = vec![vec![0i32; cols]; rows];
    for chocolates in 1..=100 {
        for r in 0..rows {
            for c in 0..cols {
                temp[r][c] += add[r][c];
            }
        }
        let old = temp.clone();
        for r in 0..rows {
            for c in 0..cols {
                for (y, x) in [(r + 1, c), (r, c + 1)] {
                    let pair = ((r as i64, c as i64), (y as i64, x as i64));
                    if y >= rows || x >= cols || !open(pair.0, pair.1) {
                        continue;
                    }
                    let (a, b) = (old[r][c], old[y][x]);
                    let moved = (a - b).abs() / 4;
                    if a > b {
                        temp[r][c] -= moved;
                        temp[y][x] += moved;
                    } else {
                        temp[r][c] += moved;
                        temp[y][x] -= moved;
                    }
                }
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let outer = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
                if outer && temp[r][c] > 0 {
                    temp[r][c] -= 1;
                }
            }
        }
        let mut done = true;
        for r in 0..rows {
            for c in 0..cols {
                if case.map[r][c] == 5 && temp[r][c] < case.k {
                    done = false;
                }
            }
        }
        if done {
            return chocolates;
        }
    }
    101
}

/// Whether the heater of map value `value` at `(r, c)` has its front cell on a `rows x cols`
/// board.
fn front_on_board(rows: usize, cols: usize, r: usize, c: usize, value: u8) -> bool {
    let (fr, fc) = forward(value);
    let (y, x) = (r as i64 + fr, c as i64 + fc);
    y >= 0 && x >= 0 && y < rows as i64 && x < cols as i64
}

/// The two cells (0-based) wall `(x, y, t)` stands between.
fn wall_cells(x: usize, y: usize, t: u8) -> [(usize, usize); 2] {
    if t == 0 {
        [(x - 1, y - 1), (x - 2, y - 1)]
    } else {
        [(x - 1, y - 1), (x - 1, y)]
    }
}

impl Stress for WarmAir {
    type Case = Case;

    fn default_size(&self) -> usize {
        8
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let most = size.clamp(crate::MIN_SIDE, crate::MAX_SIDE);
        let rows = rng.gen_range(crate::MIN_SIDE..=most);
        let cols = rng.gen_range(crate::MIN_SIDE..=most);
        let cells = rows * cols;
        let mut map = vec![vec![0u8; cols]; rows];
        let heaters = if rng.gen_bool(0.8) {
            rng.gen_range(1..=4.min(cells - 1))
        } else {
            rng.gen_range(1..=cells / 2)
        };
        let inspected = rng.gen_range(1..=3.min(cells - heaters));
        let mut free: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .collect();
        for k in 0..heaters + inspected {
            let (r, c) = free.swap_remove(rng.gen_range(0..free.len()));
            map[r][c] = if k < heaters {
                let ways: Vec<u8> = (1..=4)
                    .filter(|&v| front_on_board(rows, cols, r, c, v))
                    .collect();
                ways[rng.gen_range(0..ways.len())]
            } else {
                crate::INSPECTED
            };
        }
        // No wall between a heater and its front cell (the statement's guarantee).
        let allowed = |x: usize, y: usize, t: u8| {
            let [a, b] = wall_cells(x, y, t);
            [(a, b), (b, a)].iter().all(|&(h, f)| {
                let v = map[h.0][h.1];
                if !(1..=4).contains(&v) {
                    return true;
                }
                let (fr, fc) = forward(v);
                (h.0 as i64 + fr, h.1 as i64 + fc) != (f.0 as i64, f.1 as i64)
            })
        };
        let wanted = match rng.gen_range(0..4) {
            0 => 0,
            1 => rng.gen_range(0..=cells),
            _ => rng.gen_range(0..=cells / 3),
        };
        let mut walls = Vec::new();
        while walls.len() < wanted {
            let wall = if !walls.is_empty() && rng.gen_bool(0.1) {
                walls[rng.gen_range(0..walls.len())]
            } else if rng.gen_bool(0.5) {
                (rng.gen_range(2..=rows), rng.gen_range(1..=cols), 0)
            } else {
                (rng.gen_range(1..=rows), rng.gen_range(1..cols), 1)
            };
            if allowed(wall.0, wall.1, wall.2) {
                walls.push(wall);
            }
        }
        // Mostly K that a few heaters reach within 100 rounds; sometimes any K (often 101).
        let k = match rng.gen_range(0..10) {
            0..=2 => rng.gen_range(1..=5),
            3..=7 => rng.gen_range(1..=60),
            8 => rng.gen_range(1..=200),
            _ => rng.gen_range(1..=crate::MAX_K),
        };
        Case { map, walls, k }
    }

    fn input(&self, case: &Case) -> String {
        let mut text = format!("{} {} {}\n", case.map.len(), case.map[0].len(), case.k);
        // A board of numbers prints as the judge writes it: spaced, one row a line.
        let map = grid_core::Grid::from_rows(case.map.clone()).expect("rectangular");
        text.push_str(&map.to_string());
        text.push_str(&format!("{}\n", case.walls.len()));
        for &(x, y, t) in &case.walls {
            text.push_str(&format!("{x} {y} {t}\n"));
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
        let rows = case.map.len();
        let cols = case.map[0].len();
        let mut out = Vec::new();
        // A row less: its walls go, the walls below move up one (a wall between it and a
        // neighbouring row goes too, as those rows no longer meet it).
        for gone in 1..=rows {
            let mut fewer = case.clone();
            fewer.map.remove(gone - 1);
            fewer.walls = case
                .walls
                .iter()
                .filter(|&&(x, _, t)| x != gone && !(t == 0 && x - 1 == gone))
                .map(|&(x, y, t)| (if x > gone { x - 1 } else { x }, y, t))
                .collect();
            out.push(fewer);
        }
        for gone in 1..=cols {
            let mut fewer = case.clone();
            for row in &mut fewer.map {
                row.remove(gone - 1);
            }
            fewer.walls = case
                .walls
                .iter()
                .filter(|&&(_, y, t)| y != gone && !(t == 1 && y + 1 == gone))
                .map(|&(x, y, t)| (x, if y > gone { y - 1 } else { y }, t))
                .collect();
            out.push(fewer);
        }
        for w in 0..case.walls.len() {
            let mut fewer = case.clone();
            fewer.walls.remove(w);
            out.push(fewer);
        }
        for r in 0..rows {
            for c in 0..cols {
                if case.map[r][c] != 0 {
                    let mut plain = case.clone();
                    plain.map[r][c] = 0;
                    out.push(plain);
                }
            }
        }
        for k in [1, case.k / 2, case.k - 1] {
            if k >= 1 && k < case.k {
                out.push(Case { k, ..case.clone() });
            }
        }
        // Only what the statement allows: fronts on the board, a heater and an inspected cell
        // left, at least 2 x 2.
        out.retain(|c| crate::parse(&self.input(c)).is_ok());
        out
    }

    fn describe(&self, case: &Case) -> String {
        format!(
            "{}x{}-{}-walls",
            case.map.len(),
            case.map[0].len(),
            case.walls.len()
        )
    }

    fn worst(&self) -> String {
        // The largest office, a heater in every cell but the inspected corner (down, the last
        // row up), the corner walled off so it never warms: all 100 rounds run, the answer is
        // 101, and every round every heater's warmth is added and every edge evened out.
        let side = crate::MAX_SIDE;
        let map = (0..side)
            .map(|r| {
                (0..side)
                    .map(|c| match (r, c) {
                        (0, 0) => crate::INSPECTED,
                        (r, _) if r + 1 == side => 3,
                        _ => 4,
                    })
                    .collect()
            })
            .collect();
        self.input(&Case {
            map,
            walls: vec![(1, 1, 1), (2, 1, 0)],
            k: crate::MAX_K,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statement's office (sample 1) with `K` and its walls, or none.
    fn sample(k: i32, walls: bool) -> Case {
        let text = SAMPLE_MAP;
        let map = text
            .lines()
            .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
            .collect();
        let walls = if walls {
            vec![(4, 4, 1), (5, 4, 0), (5, 6, 0)]
        } else {
            vec![]
        };
        Case { map, walls, k }
    }

    const SAMPLE_MAP: &str = "0 0 0 0 0 0 0 0
0 0 0 0 4 0 0 0
0 0 0 0 0 0 0 0
0 0 5 5 0 0 0 0
0 0 0 0 0 5 0 0
0 0 0 0 0 0 0 0
0 0 0 0 3 0 0 0";

    #[test]
    fn the_reference_gives_the_official_and_worked_answers() {
        for (k, answer) in [(1, 1), (4, 2), (70, 53), (100, 79), (1000, 101)] {
            assert_eq!(reference_answer(&sample(k, true)), answer, "K = {k}");
        }
        // The rules test's office where the check first passes after exactly 100 chocolates.
        for (k, answer) in [(127, 100), (128, 101)] {
            let case = Case {
                map: vec![vec![1, 0, 5], vec![0, 0, 0]],
                walls: vec![],
                k,
            };
            assert_eq!(reference_answer(&case), answer, "K = {k}");
        }
    }

    #[test]
    fn the_worst_input_is_valid_and_runs_every_round() {
        assert_eq!(crate::run(&WarmAir.worst()).unwrap(), "101\n");
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(WarmAir, 300, 1, WarmAir.default_size());
    }
}

#[cfg(test)]
mod planted {
    use super::*;

    /// A "solution" that lets the diagonal wind through when only its second step is open (it
    /// forgets the wall beside the heater's path), the corner the spec spells out.
    fn leaky(input: &str) -> Result<String, String> {
        let office = crate::parse(input).map_err(|e| e.to_string())?;
        let mut warmth = grid_core::Grid::new(office.map.rows(), office.map.cols(), 0);
        for &(heater, dir) in &office.heaters {
            let mut layer = vec![office.map.step(heater, dir).expect("front on the board")];
            for w in (1..=crate::FRONT_WARMTH).rev() {
                let mut next = Vec::new();
                for &p in &layer {
                    warmth[p] += w;
                    let sides = [dir.turn_ccw(), dir.turn_cw()];
                    let diagonal = sides
                        .iter()
                        .filter_map(|&s| office.map.step(p, s))
                        .filter_map(|s| office.walls.step(s, dir));
                    for to in office.walls.step(p, dir).into_iter().chain(diagonal) {
                        if !next.contains(&to) {
                            next.push(to);
                        }
                    }
                }
                layer = next;
            }
        }
        let mut temps = grid_core::Grid::new(office.map.rows(), office.map.cols(), 0);
        for round in 1..=crate::MAX_CHOCOLATES {
            for (t, w) in temps.iter_mut().zip(warmth.iter()) {
                *t += w;
            }
            crate::even_out(&mut temps, &office.walls);
            crate::cool_ring(&mut temps);
            if office.inspected.iter().all(|&p| temps[p] >= office.k) {
                return Ok(crate::format(round));
            }
        }
        Ok(crate::format(crate::MAX_CHOCOLATES + 1))
    }

    #[test]
    fn a_planted_leak_past_the_side_wall_is_caught_and_shrunk_small() {
        let failure = problem_harness::planted::expect_caught(WarmAir, leaky, 300, 8);
        let office = crate::parse(&failure.input).expect("valid");
        assert!(!office
            .walls
            .eq(&grid_core::Walls::new(office.map.rows(), office.map.cols())));
        assert!(
            office.map.rows() * office.map.cols() <= 16,
            "{}",
            failure.input
        );
    }
}
