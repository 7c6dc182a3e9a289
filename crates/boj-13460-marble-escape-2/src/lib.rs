//! Baekjoon 13460 Marble Escape 2: the fewest tilts (at most 10) of a walled board that drop
//! the red marble into the hole without the blue one, or -1.
//!
//! One tilt rolls both marbles as far as they go with [`Grid::ray`], the leading marble first
//! so the other stops behind it; a breadth-first search over the two marbles' positions finds
//! the fewest tilts.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The tilts of a shortest escape drawn one by one (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Dir, Grid, InputError, Pos, Ray, Scanner, TextPosition};

/// Fewest rows and columns of the board.
pub const MIN_SIDE: usize = 3;
/// Most rows and columns of the board.
pub const MAX_SIDE: usize = 10;
/// Most tilts a successful sequence may have.
pub const MAX_TILTS: usize = 10;
/// A wall.
pub const WALL: char = '#';
/// An empty cell.
pub const EMPTY: char = '.';
/// The hole.
pub const HOLE: char = 'O';
/// The red marble.
pub const RED: char = 'R';
/// The blue marble.
pub const BLUE: char = 'B';

/// Where the two marbles stand (both on the board, neither in the hole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marbles {
    /// The red marble's cell.
    pub red: Pos,
    /// The blue marble's cell.
    pub blue: Pos,
}

/// One judge input: the fixed board and the marbles' starting cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Walls, empty cells and the hole; the marbles' cells are empty here.
    pub cells: Grid<char>,
    /// Where the marbles start.
    pub start: Marbles,
}

/// Parses `N M` (each in `3..=10`) and `N` lines of `M` characters from `.#ORB`: a wall all
/// around, exactly one hole, one red and one blue marble.
///
/// ```
/// let board = boj_13460_marble_escape_2::parse("3 5\n#####\n#RBO#\n#####\n").unwrap();
/// assert_eq!(board.start.red, (1, 1));
/// assert_eq!(board.cells.to_string(), "#####\n#..O#\n#####\n");
/// ```
pub fn parse(input: &str) -> Result<Board, InputError> {
    let mut scanner = Scanner::new(input);
    let rows: usize = scanner.next_in("N", MIN_SIDE..=MAX_SIDE)?;
    let cols: usize = scanner.next_in("M", MIN_SIDE..=MAX_SIDE)?;
    // The board starts on the line after `N M` (a board read from that line's rest would fail).
    let first_line = scanner.position_of(scanner.offset()).line + 1;
    let mut cells = scanner.char_grid(rows, cols, ".#ORB", "the board")?;
    scanner.finish()?;
    let at = |(r, c): Pos| TextPosition {
        line: first_line + r,
        column: c + 1,
    };
    let mut found: [Option<Pos>; 3] = [None; 3];
    for (pos, &ch) in cells.indexed() {
        let (r, c) = pos;
        let on_ring = r == 0 || c == 0 || r + 1 == rows || c + 1 == cols;
        if on_ring && ch != WALL {
            return Err(InputError::at(
                at(pos),
                "`#` on the board's outer ring",
                format_args!("`{ch}`"),
            ));
        }
        if let Some(k) = [HOLE, RED, BLUE].iter().position(|&p| p == ch) {
            if found[k].is_some() {
                return Err(InputError::at(
                    at(pos),
                    format_args!("exactly one `{ch}` on the board"),
                    format_args!("a second `{ch}`"),
                ));
            }
            found[k] = Some(pos);
        }
    }
    let mut placed = [(0, 0); 3];
    for (k, name) in [
        "`O` (the hole)",
        "`R` (the red marble)",
        "`B` (the blue marble)",
    ]
    .iter()
    .enumerate()
    {
        placed[k] = found[k].ok_or_else(|| {
            InputError::new(format!("expected one {name} on the board, found none"))
        })?;
    }
    for pos in [placed[1], placed[2]] {
        cells[pos] = EMPTY;
    }
    Ok(Board {
        cells,
        start: Marbles {
            red: placed[1],
            blue: placed[2],
        },
    })
}

/// What one tilt did to each marble: where it stopped, or the hole it fell into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tilted {
    /// The red marble's slide.
    pub red: Ray,
    /// The blue marble's slide.
    pub blue: Ray,
}

/// How a tilt ended, in the rules' order of precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The blue marble fell (alone or with the red one): this sequence has failed.
    Failed,
    /// Only the red marble fell: success.
    Escaped,
    /// Neither fell: the game goes on from these cells.
    Rolled(Marbles),
}

impl Tilted {
    /// The tilt's result: blue falling fails whatever red did; otherwise red falling succeeds.
    ///
    /// ```
    /// use boj_13460_marble_escape_2::{parse, tilt, Outcome};
    /// let board = parse("3 10\n##########\n#.O....RB#\n##########\n").unwrap();
    /// let left = tilt(&board.cells, board.start, grid_core::Dir::Left);
    /// assert!(left.red.fell && left.blue.fell);
    /// assert_eq!(left.outcome(), Outcome::Failed);
    /// ```
    pub fn outcome(&self) -> Outcome {
        if self.blue.fell {
            Outcome::Failed
        } else if self.red.fell {
            Outcome::Escaped
        } else {
            Outcome::Rolled(Marbles {
                red: self.red.end,
                blue: self.blue.end,
            })
        }
    }
}

/// Whether a marble at `a` is nearer than one at `b` to the side the board tilts toward.
fn leads(a: Pos, b: Pos, dir: Dir) -> bool {
    match dir {
        Dir::Up => a.0 < b.0,
        Dir::Down => a.0 > b.0,
        Dir::Left => a.1 < b.1,
        Dir::Right => a.1 > b.1,
    }
}

/// Tilts the board toward `dir`: the leading marble rolls first until a wall stops it or it
/// falls into the hole, then the other one, stopped also by the first one's cell unless that
/// one fell. (Marbles in different lines never meet, so their order then does not matter.)
///
/// ```
/// use boj_13460_marble_escape_2::{parse, tilt};
/// use grid_core::Dir;
/// let board = parse("4 8\n########\n#.R..B.#\n#O######\n########\n").unwrap();
/// let right = tilt(&board.cells, board.start, Dir::Right);
/// assert_eq!((right.red.end, right.blue.end), ((1, 5), (1, 6)));
/// let left = tilt(&board.cells, board.start, Dir::Left);
/// assert_eq!((left.red.end, left.blue.end), ((1, 1), (1, 2)));
/// ```
pub fn tilt(cells: &Grid<char>, marbles: Marbles, dir: Dir) -> Tilted {
    let red_leads = leads(marbles.red, marbles.blue, dir);
    let (first, second) = if red_leads {
        (marbles.red, marbles.blue)
    } else {
        (marbles.blue, marbles.red)
    };
    let hole = |_, &c: &char| c == HOLE;
    let lead = cells.ray(first, dir, |_, &c| c == WALL, hole);
    let follow = cells.ray(
        second,
        dir,
        |p, &c| c == WALL || (!lead.fell && p == lead.end),
        hole,
    );
    if red_leads {
        Tilted {
            red: lead,
            blue: follow,
        }
    } else {
        Tilted {
            red: follow,
            blue: lead,
        }
    }
}

/// A shortest successful sequence of tilts (at most [`MAX_TILTS`]), or `None` when every
/// sequence of at most [`MAX_TILTS`] tilts fails or never drops the red marble.
///
/// Breadth-first over the pairs of marble cells, so the first success found is one of the
/// fewest tilts; each pair is expanded once.
///
/// ```
/// use boj_13460_marble_escape_2::{least_tilts, parse};
/// use grid_core::Dir;
/// let board = parse("5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n").unwrap();
/// assert_eq!(least_tilts(&board), Some(vec![Dir::Right]));
/// ```
pub fn least_tilts(board: &Board) -> Option<Vec<Dir>> {
    let cells = &board.cells;
    let cols = cells.cols();
    let n = cells.rows() * cols;
    let index = |m: Marbles| (m.red.0 * cols + m.red.1) * n + m.blue.0 * cols + m.blue.1;
    let marbles = |i: usize| Marbles {
        red: (i / n / cols, i / n % cols),
        blue: (i % n / cols, i % n % cols),
    };
    // For every pair reached: the pair it was reached from times 4 plus the tilt's index in
    // `Dir::ALL` (4 bytes a pair, so the table stays small enough to cost nothing to clear).
    let mut came_from = vec![UNREACHED; n * n];
    let start = index(board.start);
    came_from[start] = 0;
    let mut layer = vec![start];
    for _ in 0..MAX_TILTS {
        let mut next = Vec::new();
        for &here in &layer {
            for (d, &dir) in Dir::ALL.iter().enumerate() {
                match tilt(cells, marbles(here), dir).outcome() {
                    Outcome::Failed => {}
                    Outcome::Escaped => {
                        let mut tilts = vec![dir];
                        let mut at = here;
                        while at != start {
                            let from = came_from[at] as usize;
                            tilts.push(Dir::ALL[from % 4]);
                            at = from / 4;
                        }
                        tilts.reverse();
                        return Some(tilts);
                    }
                    Outcome::Rolled(there) => {
                        let there = index(there);
                        if came_from[there] == UNREACHED {
                            came_from[there] = (here * 4 + d) as u32;
                            next.push(there);
                        }
                    }
                }
            }
        }
        layer = next;
    }
    None
}

/// A pair of cells no tilt has reached yet.
const UNREACHED: u32 = u32::MAX;

/// The answer: the fewest tilts of a successful sequence, or `None` for the judge's `-1`.
pub fn solve(board: &Board) -> Option<usize> {
    least_tilts(board).map(|tilts| tilts.len())
}

/// The answer as the judge prints it: the count, or `-1`.
pub fn format(answer: Option<usize>) -> String {
    match answer {
        Some(tilts) => format!("{tilts}\n"),
        None => "-1\n".to_string(),
    }
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    parse(input).map(|board| format(solve(&board)))
}
