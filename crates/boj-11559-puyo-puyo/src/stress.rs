//! Puyo Puyo: settled fields with few colours (so groups are large and chains long), against a
//! column-list re-implementation.

use std::collections::VecDeque;

use problem_harness::rand::Rng as _;

use problem_harness::{case_rng, Rng, Stress};

/// A settled field as columns of colours, bottom first (at most 12 per column).
pub type Columns = [Vec<u8>; 6];

/// The Puyo Puyo stress problem.
#[derive(Default)]
pub struct Puyo;

const COLOURS: &[u8] = b"RGBPY";
const HEIGHT: usize = 12;

fn grid_of(cols: &Columns) -> [[u8; 6]; HEIGHT] {
    let mut g = [[b'.'; 6]; HEIGHT];
    for (c, col) in cols.iter().enumerate() {
        for (h, &p) in col.iter().enumerate() {
            g[HEIGHT - 1 - h][c] = p;
        }
    }
    g
}

/// Reference: flood fill with a queue on a fixed array, gravity by rebuilding column lists.
pub fn reference_steps(cols: &Columns) -> usize {
    let mut cols = cols.clone();
    let mut steps = 0;
    loop {
        let g = grid_of(&cols);
        let mut seen = [[false; 6]; HEIGHT];
        let mut doomed = [[false; 6]; HEIGHT];
        let mut any = false;
        for r in 0..HEIGHT {
            for c in 0..6 {
                if g[r][c] == b'.' || seen[r][c] {
                    continue;
                }
                let mut group = vec![(r, c)];
                let mut queue = VecDeque::from([(r, c)]);
                seen[r][c] = true;
                while let Some((y, x)) = queue.pop_front() {
                    let near = [
                        (y.wrapping_sub(1), x),
                        (y + 1, x),
                        (y, x.wrapping_sub(1)),
                        (y, x + 1),
                    ];
                    for (ny, nx) in near {
                        if ny < HEIGHT && nx < 6 && !seen[ny][nx] && g[ny][nx] == g[r][c] {
                            seen[ny][nx] = true;
                            group.push((ny, nx));
                            queue.push_back((ny, nx));
                        }
                    }
                }
                if group.len() >= 4 {
                    any = true;
                    for (y, x) in group {
                        doomed[y][x] = true;
                    }
                }
            }
        }
        if !any {
            return steps;
        }
        steps += 1;
        for (c, col) in cols.iter_mut().enumerate() {
            let kept: Vec<u8> = col
                .iter()
                .enumerate()
                .filter(|(h, _)| !doomed[HEIGHT - 1 - h][c])
                .map(|(_, &p)| p)
                .collect();
            *col = kept;
        }
    }
}

impl Stress for Puyo {
    type Case = Columns;

    fn default_size(&self) -> usize {
        12
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Columns {
        // Fewer colours make bigger groups and longer chains; tall fields make more steps.
        let colours = &COLOURS[..rng.gen_range(1..=COLOURS.len())];
        let max_height = size.clamp(1, HEIGHT);
        let mut cols: Columns = Default::default();
        for col in cols.iter_mut() {
            let h = rng.gen_range(0..=max_height);
            for _ in 0..h {
                // Runs of one colour stack into vertical groups that chain after a pop.
                let p = match col.last() {
                    Some(&last) if rng.gen_bool(0.4) => last,
                    _ => colours[rng.gen_range(0..colours.len())],
                };
                col.push(p);
            }
        }
        cols
    }

    fn input(&self, cols: &Columns) -> String {
        let mut text = String::new();
        for row in grid_of(cols) {
            text.push_str(std::str::from_utf8(&row).expect("ascii"));
            text.push('\n');
        }
        text
    }

    fn reference(&self, cols: &Columns) -> String {
        format!("{}\n", reference_steps(cols))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, cols: &Columns) -> Vec<Columns> {
        let mut out = Vec::new();
        for c in 0..6 {
            if !cols[c].is_empty() {
                let mut emptied = cols.clone();
                emptied[c].clear();
                out.push(emptied);
            }
        }
        for h in 0..HEIGHT {
            // Drop one row across the field; everything above falls one step.
            if cols.iter().any(|col| col.len() > h) {
                let mut lower = cols.clone();
                for col in lower.iter_mut() {
                    if col.len() > h {
                        col.remove(h);
                    }
                }
                out.push(lower);
            }
        }
        for c in 0..6 {
            for h in 0..cols[c].len() {
                let mut fewer = cols.clone();
                fewer[c].remove(h);
                out.push(fewer);
            }
        }
        out
    }

    fn describe(&self, cols: &Columns) -> String {
        format!("{}-puyos", cols.iter().map(Vec::len).sum::<usize>())
    }

    fn worst(&self) -> String {
        let best = (0..200_000)
            .map(|i| self.generate(&mut case_rng(11, i), 12))
            .max_by_key(|cols| {
                (
                    reference_steps(cols),
                    cols.iter().map(Vec::len).sum::<usize>(),
                )
            })
            .expect("some cases");
        self.input(&best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answer() {
        // The sample, columns bottom first.
        let cols = [
            b"RR".to_vec(),
            b"RRYY".to_vec(),
            b"YYG".to_vec(),
            b"GG".to_vec(),
            b"G".to_vec(),
            vec![],
        ];
        assert_eq!(reference_steps(&cols), 3);
        assert_eq!(Puyo.reference(&cols), "3\n");
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        let size = Puyo.default_size().min(10);
        problem_harness::assert_agrees(Puyo, 300, 1, size);
    }
}
