//! Marble Escape 2: walled boards (open fields, scattered walls, mazes), often with both marbles
//! and the hole in one line, against a plain re-implementation over `Vec<Vec<char>>` that rolls
//! each marble ignoring the other and then steps back the one that rolled further.

use std::collections::HashSet;

use problem_harness::rand::seq::SliceRandom as _;
use problem_harness::rand::Rng as _;

use problem_harness::{Rng, Stress};

/// One case: the board as its lines, marbles and hole included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `N` rows of `M` characters from `.#ORB`, walled all around.
    pub board: Vec<Vec<char>>,
}

/// The Marble Escape 2 stress problem.
#[derive(Default)]
pub struct MarbleEscape;

/// The cell of the one `ch` on the board.
fn find(board: &[Vec<char>], ch: char) -> (usize, usize) {
    for (r, row) in board.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            if x == ch {
                return (r, c);
            }
        }
    }
    panic!("no {ch} on the board")
}

/// How a plain tilt ended.
enum Plain {
    Fail,
    Win,
    Go((usize, usize), (usize, usize)),
}

/// One marble rolled alone (the other ignored): its end cell, whether it is in the hole, and
/// how far it rolled.
fn roll_alone(
    board: &[Vec<char>],
    from: (usize, usize),
    dr: i32,
    dc: i32,
) -> ((usize, usize), bool, u32) {
    let (mut r, mut c) = (from.0 as i32, from.1 as i32);
    let mut moved = 0;
    loop {
        if board[r as usize][c as usize] == 'O' {
            return ((r as usize, c as usize), true, moved);
        }
        // The ring is all walls, so the next cell is always on the board.
        let (nr, nc) = (r + dr, c + dc);
        if board[nr as usize][nc as usize] == '#' {
            return ((r as usize, c as usize), false, moved);
        }
        r = nr;
        c = nc;
        moved += 1;
    }
}

/// The classic tilt: both marbles roll ignoring each other; blue in the hole fails, red alone
/// in it wins; if both stop on one cell, the one that rolled further was behind: one step back.
fn plain_tilt(
    board: &[Vec<char>],
    red: (usize, usize),
    blue: (usize, usize),
    dr: i32,
    dc: i32,
) -> Plain {
    let (mut r_end, r_in, r_moved) = roll_alone(board, red, dr, dc);
    let (mut b_end, b_in, b_moved) = roll_alone(board, blue, dr, dc);
    if b_in {
        return Plain::Fail;
    }
    if r_in {
        return Plain::Win;
    }
    if r_end == b_end {
        let back = |p: (usize, usize)| ((p.0 as i32 - dr) as usize, (p.1 as i32 - dc) as usize);
        if r_moved > b_moved {
            r_end = back(r_end);
        } else {
            b_end = back(b_end);
        }
    }
    Plain::Go(r_end, b_end)
}

/// Reference: the set of positions after each number of tilts, from 1 to 10, until a tilt wins.
pub fn reference_answer(board: &[Vec<char>]) -> i32 {
    let mut clean = board.to_vec();
    let red = find(board, 'R');
    let blue = find(board, 'B');
    clean[red.0][red.1] = '.';
    clean[blue.0][blue.1] = '.';
    let mut seen = HashSet::new();
    seen.insert((red, blue));
    let mut now = vec![(red, blue)];
    for tilts in 1..=10 {
        let mut next = Vec::new();
        for &(r, b) in &now {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                match plain_tilt(&clean, r, b, dr, dc) {
                    Plain::Fail => {}
                    Plain::Win => return tilts,
                    Plain::Go(r2, b2) => {
                        if seen.insert((r2, b2)) {
                            next.push((r2, b2));
                        }
                    }
                }
            }
        }
        now = next;
    }
    -1
}

/// A maze of corridors: the cells of odd row and column joined by a random spanning tree, the
/// rest walls (so answers of many tilts, near the limit of 10, come up).
fn maze(rng: &mut Rng, rows: usize, cols: usize) -> Vec<Vec<char>> {
    let mut b = vec![vec!['#'; cols]; rows];
    let mut stack = vec![(1usize, 1usize)];
    b[1][1] = '.';
    while let Some(&(r, c)) = stack.last() {
        let mut options = Vec::new();
        if r >= 3 && b[r - 2][c] == '#' {
            options.push((r - 2, c));
        }
        if r + 2 < rows - 1 && b[r + 2][c] == '#' {
            options.push((r + 2, c));
        }
        if c >= 3 && b[r][c - 2] == '#' {
            options.push((r, c - 2));
        }
        if c + 2 < cols - 1 && b[r][c + 2] == '#' {
            options.push((r, c + 2));
        }
        match options.choose(rng) {
            Some(&(nr, nc)) => {
                b[(r + nr) / 2][(c + nc) / 2] = '.';
                b[nr][nc] = '.';
                stack.push((nr, nc));
            }
            None => {
                stack.pop();
            }
        }
    }
    // A few extra openings make loops.
    for _ in 0..rng.gen_range(0..=3) {
        let (r, c) = (rng.gen_range(1..rows - 1), rng.gen_range(1..cols - 1));
        b[r][c] = '.';
    }
    b
}

impl Stress for MarbleEscape {
    type Case = Case;

    fn default_size(&self) -> usize {
        10
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Case {
        let size = size.clamp(3, 10);
        // At least 3 inner cells: 3 x 5, 5 x 3, 4 x 4 and up.
        let (rows, cols) = loop {
            let (r, c) = (
                rng.gen_range(3..=size),
                rng.gen_range(3..=size.max(5)).min(10),
            );
            if (r - 2) * (c - 2) >= 3 {
                break (r, c);
            }
        };
        let mut board = if rng.gen_bool(0.25) && rows >= 5 && cols >= 5 {
            maze(rng, rows, cols)
        } else {
            let density = [0.0, 0.1, 0.25, 0.4][rng.gen_range(0..4)];
            (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| {
                            let ring = r == 0 || c == 0 || r + 1 == rows || c + 1 == cols;
                            if ring || rng.gen_bool(density) {
                                '#'
                            } else {
                                '.'
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let inner: Vec<(usize, usize)> = (1..rows - 1)
            .flat_map(|r| (1..cols - 1).map(move |c| (r, c)))
            .collect();
        let open: Vec<(usize, usize)> = inner
            .iter()
            .copied()
            .filter(|&(r, c)| board[r][c] == '.')
            .collect();
        // Three distinct cells, preferably open ones; sometimes all in one line, the corner
        // where the order of the marbles and falling together matter.
        let mut cells: Vec<(usize, usize)> = if open.len() >= 3 { open } else { inner };
        cells.shuffle(rng);
        let mut chosen = vec![cells[0]];
        if rng.gen_bool(0.4) {
            let (r0, c0) = cells[0];
            let same_line: Vec<(usize, usize)> = cells[1..]
                .iter()
                .copied()
                .filter(|&(r, c)| r == r0 || c == c0)
                .collect();
            let line = if rng.gen_bool(0.5) {
                same_line
                    .iter()
                    .copied()
                    .filter(|&(r, _)| r == r0)
                    .collect::<Vec<_>>()
            } else {
                same_line
                    .iter()
                    .copied()
                    .filter(|&(_, c)| c == c0)
                    .collect::<Vec<_>>()
            };
            chosen.extend(line.into_iter().take(2));
        }
        for &p in &cells[1..] {
            if chosen.len() == 3 {
                break;
            }
            if !chosen.contains(&p) {
                chosen.push(p);
            }
        }
        chosen.shuffle(rng);
        for (&(r, c), ch) in chosen.iter().zip(['O', 'R', 'B']) {
            board[r][c] = ch;
        }
        Case { board }
    }

    fn input(&self, case: &Case) -> String {
        let mut text = format!("{} {}\n", case.board.len(), case.board[0].len());
        for row in &case.board {
            text.extend(row.iter());
            text.push('\n');
        }
        text
    }

    fn reference(&self, case: &Case) -> String {
        format!("{}\n", reference_answer(&case.board))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, case: &Case) -> Vec<Case> {
        let b = &case.board;
        let (rows, cols) = (b.len(), b[0].len());
        let mut out = Vec::new();
        let piece = |ch: char| "ORB".contains(ch);
        // An inner row or column without a piece left out (the board keeps 3 inner cells).
        for r in 1..rows - 1 {
            if rows > 3 && (rows - 3) * (cols - 2) >= 3 && !b[r].iter().any(|&ch| piece(ch)) {
                let mut smaller = b.clone();
                smaller.remove(r);
                out.push(Case { board: smaller });
            }
        }
        for c in 1..cols - 1 {
            if cols > 3 && (rows - 2) * (cols - 3) >= 3 && !b.iter().any(|row| piece(row[c])) {
                let smaller = b
                    .iter()
                    .map(|row| {
                        let mut row = row.clone();
                        row.remove(c);
                        row
                    })
                    .collect();
                out.push(Case { board: smaller });
            }
        }
        // An inner wall opened.
        for r in 1..rows - 1 {
            for c in 1..cols - 1 {
                if b[r][c] == '#' {
                    let mut opened = b.clone();
                    opened[r][c] = '.';
                    out.push(Case { board: opened });
                }
            }
        }
        out
    }

    fn describe(&self, case: &Case) -> String {
        format!("{}x{}", case.board.len(), case.board[0].len())
    }

    fn worst(&self) -> String {
        // The largest board, open but for the hole walled off in a corner: no tilt ever drops
        // a marble, so the search runs all 10 tilts over every pair of cells the marbles can
        // reach and answers -1. (Every generated case of `--hunt --seeds 10 --size 10` took
        // 0.02 ms or less in-process: the search is never the cost here.)
        let mut board: Vec<Vec<char>> = (0..10)
            .map(|r| {
                (0..10)
                    .map(|c| if r % 9 == 0 || c % 9 == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        board[1][1] = 'O';
        board[1][2] = '#';
        board[2][1] = '#';
        board[4][4] = 'R';
        board[5][6] = 'B';
        self.input(&Case { board })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answers() {
        let (root, name) = (env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME"));
        let dir = sample_check::samples_dir(root, name);
        for (case, input) in problem_harness::trace::samples(root, name) {
            let expected = std::fs::read_to_string(dir.join(format!("{case}.out"))).unwrap();
            let board: Vec<Vec<char>> =
                input.lines().skip(1).map(|l| l.chars().collect()).collect();
            assert_eq!(
                format!("{}\n", reference_answer(&board)),
                expected,
                "sample {case}"
            );
        }
    }

    #[test]
    fn the_worst_input_is_valid_and_searches_all_ten_tilts() {
        assert_eq!(crate::run(&MarbleEscape.worst()).unwrap(), "-1\n");
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        problem_harness::assert_agrees(MarbleEscape, 300, 1, MarbleEscape.default_size());
    }
}
