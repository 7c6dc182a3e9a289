//! Blizzard: lines of marbles made of runs of 1 to 3 over one to three numbers (so blizzards
//! set off cascades), boards from empty to full, against a plain re-implementation over a
//! `Vec` of cell numbers.

use problem_harness::rand::Rng as _;

use problem_harness::{Rng, Stress};

/// One case: the board side, the marbles in cell-number order, and the spells `(d, s)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The board is `n x n`, `n` odd.
    pub n: usize,
    /// The marble of cell 1, 2, ..., `line.len()`; no run of 4 or more; at most `n * n - 1`.
    pub line: Vec<u8>,
    /// Spells as the input writes them: direction code `1..=4`, reach `1..=(n - 1) / 2`.
    pub spells: Vec<(u8, usize)>,
}

/// The Blizzard stress problem.
#[derive(Default)]
pub struct Blizzard;

/// `number[r][c]`: the statement's cell number of every cell (0 for the shark), by walking the
/// spiral: left 1, down 1, right 2, up 2, left 3, ...
pub fn numbering(n: usize) -> Vec<Vec<usize>> {
    let dr = [0i64, 1, 0, -1];
    let dc = [-1i64, 0, 1, 0];
    let mut number = vec![vec![0; n]; n];
    let (mut r, mut c) = ((n / 2) as i64, (n / 2) as i64);
    let mut k = 0;
    let mut d = 0;
    let mut len = 1;
    while k < n * n - 1 {
        for _ in 0..2 {
            for _ in 0..len {
                if k == n * n - 1 {
                    break;
                }
                r += dr[d];
                c += dc[d];
                k += 1;
                number[r as usize][c as usize] = k;
            }
            d = (d + 1) % 4;
        }
        len += 1;
    }
    number
}

/// Reference: the line as a `Vec<i32>` of cells 1..; the blizzard's cells found by their
/// numbers, explosions by marking every run of 4 or more and then removing the marked.
pub fn reference_answer(case: &Case) -> u64 {
    let n = case.n;
    let number = numbering(n);
    let cells = n * n - 1;
    let mut line: Vec<i32> = case.line.iter().map(|&b| i32::from(b)).collect();
    let mut score = 0u64;
    for &(d, s) in &case.spells {
        let (dr, dc) = match d {
            1 => (-1i64, 0i64),
            2 => (1, 0),
            3 => (0, -1),
            _ => (0, 1),
        };
        let mid = (n / 2) as i64;
        for k in 1..=s as i64 {
            let at = number[(mid + dr * k) as usize][(mid + dc * k) as usize];
            if at <= line.len() {
                line[at - 1] = 0;
            }
        }
        line.retain(|&b| b != 0);
        loop {
            let mut marked = vec![false; line.len()];
            let mut any = false;
            let mut i = 0;
            while i < line.len() {
                let mut j = i;
                while j < line.len() && line[j] == line[i] {
                    j += 1;
                }
                if j - i >= 4 {
                    any = true;
                    for m in marked.iter_mut().take(j).skip(i) {
                        *m = true;
                    }
                    score += (j - i) as u64 * line[i] as u64;
                }
                i = j;
            }
            if !any {
                break;
            }
            line = line
                .iter()
                .zip(&marked)
                .filter(|&(_, &m)| !m)
                .map(|(&b, _)| b)
                .collect();
        }
        let mut changed = Vec::new();
        let mut i = 0;
        while i < line.len() {
            let mut j = i;
            while j < line.len() && line[j] == line[i] {
                j += 1;
            }
            changed.push((j - i) as i32);
            changed.push(line[i]);
            i = j;
        }
        changed.truncate(cells);
        line = changed;
    }
    score
}

/// A line of `len` marbles from `palette`, made of runs of 1 to 3, neighbouring runs different.
fn random_line(rng: &mut Rng, len: usize, palette: &[u8]) -> Vec<u8> {
    let mut line: Vec<u8> = Vec::with_capacity(len);
    while line.len() < len {
        let last = line.last().copied();
        let choices: Vec<u8> = palette
            .iter()
            .copied()
            .filter(|&b| Some(b) != last)
            .collect();
        let b = if choices.is_empty() {
            break;
        } else {
            choices[rng.gen_range(0..choices.len())]
        };
        for _ in 0..rng.gen_range(1..=3) {
            if line.len() < len {
                line.push(b);
            }
        }
    }
    line
}

/// Whether `line` keeps the input's promise: no run of 4 or more.
fn no_long_run(line: &[u8]) -> bool {
    line.windows(4)
        .all(|w| !(w[0] == w[1] && w[1] == w[2] && w[2] == w[3]))
}

/// Rewrites `line` around cell `k` (1-based) as nested layers `.. b b a a x a a b b ..` whose
/// two halves make a run of 4 or more once `x` is gone: a blizzard on cell `k` then sets off a
/// cascade of `depth` explosions. Left unchanged when the result would break the input's
/// promise.
fn plant_cascade(rng: &mut Rng, line: &mut Vec<u8>, k: usize, depth: usize) {
    let mut planted = line.clone();
    let (mut left, mut right) = (k - 1, k);
    let mut last = rng.gen_range(1..=3u8);
    planted[k - 1] = last;
    for _ in 0..depth {
        let v = loop {
            let v = rng.gen_range(1..=3u8);
            if v != last {
                break v;
            }
        };
        let l = rng.gen_range(1..=3usize);
        let r = rng.gen_range(4 - l.min(3)..=3usize).max(4 - l);
        if left < l || right + r > planted.len() {
            break;
        }
        for _ in 0..l {
            left -= 1;
            planted[left] = v;
        }
        for _ in 0..r {
            planted[right] = v;
            right += 1;
        }
        last = v;
    }
    // A single marble unlike both its neighbours on each side, so the layers join no run
    // outside them.
    let unlike = |a: Option<u8>, b: Option<u8>| (1..=3u8).find(|&w| Some(w) != a && Some(w) != b);
    if left > 0 {
        let before = left.checked_sub(2).map(|i| planted[i]);
        planted[left - 1] = unlike(Some(planted[left]), before).expect("3 numbers");
    }
    if right < planted.len() {
        let after = planted.get(right + 1).copied();
        planted[right] = unlike(Some(planted[right - 1]), after).expect("3 numbers");
    }
    if no_long_run(&planted) {
        *line = planted;
    }
}

impl Stress for Blizzard {
    type Case = Case;

    fn default_size(&self) -> usize {
        9
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let largest = size.clamp(3, 49);
        let n = 2 * rng.gen_range(1..=(largest - 1) / 2) + 1;
        let cells = n * n - 1;
        let len = match rng.gen_range(0..16) {
            0 => 0,
            1..=3 => rng.gen_range(0..=cells),
            4..=7 => rng.gen_range(cells / 2..=cells),
            _ => cells,
        };
        // Two numbers make cascades likely; one number alone makes runs of at most 3 by itself.
        let palette: Vec<u8> = match rng.gen_range(0..12) {
            0 => vec![1, 2, 3],
            1 => vec![rng.gen_range(1..=3)],
            _ => {
                let a = rng.gen_range(1..=3);
                vec![a, a % 3 + 1]
            }
        };
        let mut line = random_line(rng, len, &palette);
        if palette.len() == 1 {
            line.truncate(3);
        }
        let m = match rng.gen_range(0..10) {
            0 => 1,
            1 => rng.gen_range(1..=100),
            _ => rng.gen_range(1..=6),
        };
        let spells: Vec<(u8, usize)> = (0..m)
            .map(|_| (rng.gen_range(1..=4), rng.gen_range(1..=(n - 1) / 2)))
            .collect();
        if rng.gen_bool(0.6) {
            // A cascade around a cell the first blizzard reaches.
            let (d, s) = spells[0];
            let (dr, dc) = [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)][usize::from(d) - 1];
            let step = rng.gen_range(1..=s) as i64;
            let mid = (n / 2) as i64;
            let k = numbering(n)[(mid + dr * step) as usize][(mid + dc * step) as usize];
            if k <= line.len() {
                let depth = rng.gen_range(1..=4);
                plant_cascade(rng, &mut line, k, depth);
            }
        }
        Case { n, line, spells }
    }

    fn input(&self, case: &Case) -> String {
        let n = case.n;
        let number = numbering(n);
        let mut text = format!("{n} {}\n", case.spells.len());
        for row in &number {
            let cells: Vec<String> = row
                .iter()
                .map(|&k| {
                    if k == 0 || k > case.line.len() {
                        "0".to_string()
                    } else {
                        case.line[k - 1].to_string()
                    }
                })
                .collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        for &(d, s) in &case.spells {
            text.push_str(&format!("{d} {s}\n"));
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
        if case.n > 3 {
            // The next smaller board: the line cut to its cells, reaches capped.
            let n = case.n - 2;
            let mut line = case.line.clone();
            line.truncate(n * n - 1);
            out.push(Case {
                n,
                line,
                spells: case
                    .spells
                    .iter()
                    .map(|&(d, s)| (d, s.min((n - 1) / 2)))
                    .collect(),
            });
        }
        if case.spells.len() > 1 {
            let mut halved = case.clone();
            halved.spells.truncate(case.spells.len() / 2);
            out.push(halved);
            for k in 0..case.spells.len() {
                let mut fewer = case.clone();
                fewer.spells.remove(k);
                out.push(fewer);
            }
        }
        for k in 0..case.spells.len() {
            if case.spells[k].1 > 1 {
                let mut shorter = case.clone();
                shorter.spells[k].1 -= 1;
                out.push(shorter);
            }
        }
        if !case.line.is_empty() {
            // Fewer marbles: cut the end (a prefix of a line keeps its runs short).
            for keep in [case.line.len() / 2, case.line.len() - 1] {
                let mut cut = case.clone();
                cut.line.truncate(keep);
                out.push(cut);
            }
        }
        out
    }

    fn describe(&self, case: &Case) -> String {
        format!(
            "{0}x{0}-{1}-marbles-{2}-spells",
            case.n,
            case.line.len(),
            case.spells.len()
        )
    }

    fn worst(&self) -> String {
        // The largest full board of runs of 3 alternating 1 and 2 (1 1 1 2 2 2 1 1 1 ...), and
        // the most spells, each reaching as far as it can: every blizzard that empties one whole
        // run joins its neighbours into an exploding run, and so on outward.
        let line: Vec<u8> = (0..49 * 49 - 1)
            .map(|i| if i / 3 % 2 == 0 { 1 } else { 2 })
            .collect();
        let spells = (0..100).map(|k| ((k % 4) as u8 + 1, 24)).collect();
        self.input(&Case {
            n: 49,
            line,
            spells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbering_is_the_statements_for_5x5() {
        let expected = vec![
            vec![24, 23, 22, 21, 20],
            vec![9, 8, 7, 6, 19],
            vec![10, 1, 0, 5, 18],
            vec![11, 2, 3, 4, 17],
            vec![12, 13, 14, 15, 16],
        ];
        assert_eq!(numbering(5), expected);
    }

    #[test]
    fn the_reference_gives_the_official_answers() {
        for (case, answer) in [("1", "28\n"), ("2", "0\n"), ("3", "39\n"), ("4", "62\n")] {
            let dir = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../samples/boj-21611-blizzard"
            );
            let input = std::fs::read_to_string(format!("{dir}/{case}.in")).unwrap();
            let parsed = crate::parse(&input).unwrap();
            // The sample's board back into a line, by the reference's own numbering.
            let n = parsed.board.rows();
            let number = numbering(n);
            let mut line = vec![0u8; n * n - 1];
            for (r, row) in number.iter().enumerate() {
                for (c, &k) in row.iter().enumerate() {
                    if k > 0 {
                        line[k - 1] = parsed.board[(r, c)];
                    }
                }
            }
            let marbles = line.iter().position(|&b| b == 0).unwrap_or(line.len());
            line.truncate(marbles);
            let spells = parsed
                .spells
                .iter()
                .map(|s| {
                    let d = match s.dir {
                        grid_core::Dir::Up => 1,
                        grid_core::Dir::Down => 2,
                        grid_core::Dir::Left => 3,
                        grid_core::Dir::Right => 4,
                    };
                    (d, s.reach)
                })
                .collect();
            let case_model = Case { n, line, spells };
            assert_eq!(
                Blizzard.input(&case_model),
                input,
                "sample {case} round trip"
            );
            assert_eq!(Blizzard.reference(&case_model), answer, "sample {case}");
        }
    }

    #[test]
    fn the_worst_input_is_valid() {
        assert!(crate::run(&Blizzard.worst()).is_ok());
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(Blizzard, 300, 1, Blizzard.default_size());
    }
}
