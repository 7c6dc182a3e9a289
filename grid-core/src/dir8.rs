//! The eight directions (four orthogonal, four diagonal), their `(row, col)` deltas and
//! 45-degree turns, and stepping in them on a board that does not wrap.

use super::dir::Dir;
use super::grid::{Grid, Pos};

/// One of the eight directions on a board whose row 0 is at the top, listed clockwise from
/// `Up` (the order of [`Dir8::ALL`] and [`Dir8::index`]).
///
/// ```
/// use grid_core::{Dir8, Grid};
/// let g = Grid::new(3, 3, 0);
/// assert_eq!(g.step8((1, 1), Dir8::UpRight), Some((0, 2)));
/// assert_eq!(g.step8((0, 2), Dir8::UpRight), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir8 {
    /// Toward row 0: `(-1, 0)`.
    Up,
    /// Toward row 0 and the last column: `(-1, 1)`.
    UpRight,
    /// Toward the last column: `(0, 1)`.
    Right,
    /// Toward the last row and the last column: `(1, 1)`.
    DownRight,
    /// Toward the last row: `(1, 0)`.
    Down,
    /// Toward the last row and column 0: `(1, -1)`.
    DownLeft,
    /// Toward column 0: `(0, -1)`.
    Left,
    /// Toward row 0 and column 0: `(-1, -1)`.
    UpLeft,
}

impl Dir8 {
    /// All eight directions clockwise from `Up`: `ALL[i]` is `i` eighth turns clockwise of `Up`.
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert_eq!(Dir8::ALL[2], Dir8::Right);
    /// assert_eq!(Dir8::ALL.iter().filter(|d| d.is_diagonal()).count(), 4);
    /// ```
    pub const ALL: [Dir8; 8] = [
        Dir8::Up,
        Dir8::UpRight,
        Dir8::Right,
        Dir8::DownRight,
        Dir8::Down,
        Dir8::DownLeft,
        Dir8::Left,
        Dir8::UpLeft,
    ];

    /// The direction `i` eighth turns clockwise of `Up` (`0` up, `2` right, `4` down, `6`
    /// left, odd numbers the diagonals between), or `None` when `i > 7`.
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert_eq!(Dir8::from_index(3), Some(Dir8::DownRight));
    /// assert_eq!(Dir8::from_index(8), None);
    /// ```
    pub fn from_index(i: usize) -> Option<Dir8> {
        Dir8::ALL.get(i).copied()
    }

    /// Its place in [`Dir8::ALL`]: eighth turns clockwise from `Up`, `0..=7`.
    ///
    /// ```
    /// assert_eq!(grid_core::Dir8::UpLeft.index(), 7);
    /// ```
    pub fn index(self) -> usize {
        self as usize
    }

    /// The `(row, col)` change of one step.
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert_eq!(Dir8::UpRight.delta(), (-1, 1));
    /// assert_eq!(Dir8::Left.delta(), (0, -1));
    /// ```
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir8::Up => (-1, 0),
            Dir8::UpRight => (-1, 1),
            Dir8::Right => (0, 1),
            Dir8::DownRight => (1, 1),
            Dir8::Down => (1, 0),
            Dir8::DownLeft => (1, -1),
            Dir8::Left => (0, -1),
            Dir8::UpLeft => (-1, -1),
        }
    }

    /// Whether it moves a row and a column at once.
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert!(Dir8::DownLeft.is_diagonal());
    /// assert!(!Dir8::Down.is_diagonal());
    /// ```
    pub fn is_diagonal(self) -> bool {
        self.index() % 2 == 1
    }

    /// The direction `eighths` eighth turns (45 degrees each) clockwise of this one; any count
    /// (it is taken modulo 8).
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert_eq!(Dir8::Up.turn_cw_by(3), Dir8::DownRight);
    /// assert_eq!(Dir8::Left.turn_cw_by(10), Dir8::Up);
    /// ```
    pub fn turn_cw_by(self, eighths: usize) -> Dir8 {
        Dir8::ALL[(self.index() + eighths % 8) % 8]
    }

    /// The direction an eighth turn (45 degrees) clockwise from this one.
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert_eq!(Dir8::Up.turn_cw45(), Dir8::UpRight);
    /// assert_eq!(Dir8::UpLeft.turn_cw45(), Dir8::Up);
    /// ```
    pub fn turn_cw45(self) -> Dir8 {
        self.turn_cw_by(1)
    }

    /// The direction an eighth turn (45 degrees) counter-clockwise from this one.
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert_eq!(Dir8::Up.turn_ccw45(), Dir8::UpLeft);
    /// assert_eq!(Dir8::Right.turn_ccw45().turn_cw45(), Dir8::Right);
    /// ```
    pub fn turn_ccw45(self) -> Dir8 {
        self.turn_cw_by(7)
    }

    /// The direction a quarter turn clockwise from this one.
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert_eq!(Dir8::UpRight.turn_cw(), Dir8::DownRight);
    /// ```
    pub fn turn_cw(self) -> Dir8 {
        self.turn_cw_by(2)
    }

    /// The direction a quarter turn counter-clockwise from this one.
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert_eq!(Dir8::UpRight.turn_ccw(), Dir8::UpLeft);
    /// ```
    pub fn turn_ccw(self) -> Dir8 {
        self.turn_cw_by(6)
    }

    /// The opposite direction.
    ///
    /// ```
    /// use grid_core::Dir8;
    /// assert_eq!(Dir8::DownLeft.reverse(), Dir8::UpRight);
    /// ```
    pub fn reverse(self) -> Dir8 {
        self.turn_cw_by(4)
    }

    /// The four-way direction it is, or `None` for a diagonal.
    ///
    /// ```
    /// use grid_core::{Dir, Dir8};
    /// assert_eq!(Dir8::Left.to_dir(), Some(Dir::Left));
    /// assert_eq!(Dir8::UpLeft.to_dir(), None);
    /// ```
    pub fn to_dir(self) -> Option<Dir> {
        match self {
            Dir8::Up => Some(Dir::Up),
            Dir8::Right => Some(Dir::Right),
            Dir8::Down => Some(Dir::Down),
            Dir8::Left => Some(Dir::Left),
            _ => None,
        }
    }

    /// The direction's name in lower case (`up-right`), for messages and traces.
    ///
    /// ```
    /// assert_eq!(grid_core::Dir8::DownLeft.name(), "down-left");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Dir8::Up => "up",
            Dir8::UpRight => "up-right",
            Dir8::Right => "right",
            Dir8::DownRight => "down-right",
            Dir8::Down => "down",
            Dir8::DownLeft => "down-left",
            Dir8::Left => "left",
            Dir8::UpLeft => "up-left",
        }
    }
}

impl From<Dir> for Dir8 {
    /// The same orthogonal direction among the eight.
    ///
    /// ```
    /// use grid_core::{Dir, Dir8};
    /// assert_eq!(Dir8::from(Dir::Down), Dir8::Down);
    /// ```
    fn from(dir: Dir) -> Dir8 {
        match dir {
            Dir::Up => Dir8::Up,
            Dir::Right => Dir8::Right,
            Dir::Down => Dir8::Down,
            Dir::Left => Dir8::Left,
        }
    }
}

impl<T> Grid<T> {
    /// The neighbour of `pos` one step toward `dir` (diagonals included), or `None` when that
    /// leaves the board.
    ///
    /// ```
    /// use grid_core::{Dir8, Grid};
    /// let g = Grid::new(2, 3, 0);
    /// assert_eq!(g.step8((0, 0), Dir8::DownRight), Some((1, 1)));
    /// assert_eq!(g.step8((0, 0), Dir8::DownLeft), None);
    /// assert_eq!(g.step8((1, 2), Dir8::UpRight), None);
    /// ```
    pub fn step8(&self, pos: Pos, dir: Dir8) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        let next = (shift(pos.0, dr)?, shift(pos.1, dc)?);
        if self.contains(next) {
            Some(next)
        } else {
            None
        }
    }

    /// The on-board 8-neighbours of `pos` (diagonals included), in the order of [`Dir8::ALL`].
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("#.#\n.x.\n##.").unwrap();
    /// let walls = g.neighbors8((1, 1)).filter(|&p| g[p] == '#').count();
    /// assert_eq!(walls, 4);
    /// assert_eq!(g.neighbors8((0, 0)).collect::<Vec<_>>(), vec![(0, 1), (1, 1), (1, 0)]);
    /// ```
    pub fn neighbors8(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        Dir8::ALL
            .into_iter()
            .filter_map(move |d| self.step8(pos, d))
    }
}

/// `x + d` for `d` in `-1..=1`, or `None` below 0 (or past `usize::MAX`).
fn shift(x: usize, d: isize) -> Option<usize> {
    if d < 0 {
        x.checked_sub(1)
    } else {
        x.checked_add(d as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_agree_with_rotating_the_delta() {
        for d in Dir8::ALL {
            let (dr, dc) = d.delta();
            // A quarter turn clockwise of (row, col) is (col, -row).
            assert_eq!(d.turn_cw().delta(), (dc, -dr), "{d:?}");
            assert_eq!(d.turn_ccw().delta(), (-dc, dr), "{d:?}");
            assert_eq!(d.reverse().delta(), (-dr, -dc), "{d:?}");
            assert_eq!(d.turn_cw45().turn_ccw45(), d);
            assert_eq!(d.turn_cw45().turn_cw45(), d.turn_cw());
            assert_ne!(d.is_diagonal(), d.turn_cw45().is_diagonal());
            assert_eq!(d.is_diagonal(), dr != 0 && dc != 0);
            for k in 0..20 {
                let mut turned = d;
                for _ in 0..k {
                    turned = turned.turn_cw45();
                }
                assert_eq!(d.turn_cw_by(k), turned, "{d:?} {k}");
            }
            assert_eq!(d.turn_cw_by(usize::MAX), d.turn_cw_by(usize::MAX % 8));
        }
    }

    #[test]
    fn eight_distinct_deltas_clockwise_and_indices_round_trip() {
        let deltas: Vec<_> = Dir8::ALL.iter().map(|d| d.delta()).collect();
        for (i, &(dr, dc)) in deltas.iter().enumerate() {
            assert_eq!(Dir8::from_index(i).map(Dir8::index), Some(i));
            assert!(dr.abs() <= 1 && dc.abs() <= 1 && (dr, dc) != (0, 0));
            assert!(!deltas[..i].contains(&(dr, dc)));
            // Clockwise on screen, where x is the column and y = -row points up: the cross
            // product of a direction and the next one is negative.
            let next = deltas[(i + 1) % 8];
            let (x1, y1, x2, y2) = (dc, -dr, next.1, -next.0);
            assert!(x1 * y2 - y1 * x2 < 0, "{i}: {:?} then {next:?}", (dr, dc));
        }
        assert_eq!(Dir8::from_index(8), None);
    }

    #[test]
    fn four_way_directions_convert_both_ways() {
        for d in Dir::ALL {
            let d8 = Dir8::from(d);
            assert_eq!(d8.delta(), d.delta());
            assert_eq!(d8.to_dir(), Some(d));
            assert_eq!(Dir8::from(d.turn_cw()), d8.turn_cw());
            assert_eq!(Dir8::from(d.reverse()), d8.reverse());
            assert_eq!(d8.name(), d.name());
        }
        for d in Dir8::ALL {
            assert_eq!(d.to_dir().is_none(), d.is_diagonal());
        }
    }

    #[test]
    fn step8_never_wraps_on_any_shape_up_to_4x4() {
        for rows in 0..=4 {
            for cols in 0..=4 {
                let g = Grid::new(rows, cols, 0u8);
                for pos in g.positions() {
                    let mut expected_neighbours = Vec::new();
                    for d in Dir8::ALL {
                        let (dr, dc) = d.delta();
                        let (r, c) = (pos.0 as isize + dr, pos.1 as isize + dc);
                        let inside =
                            (0..rows as isize).contains(&r) && (0..cols as isize).contains(&c);
                        let expected = if inside {
                            Some((r as usize, c as usize))
                        } else {
                            None
                        };
                        assert_eq!(g.step8(pos, d), expected, "{rows}x{cols} {pos:?} {d:?}");
                        expected_neighbours.extend(expected);
                    }
                    assert_eq!(g.neighbors8(pos).collect::<Vec<_>>(), expected_neighbours);
                }
            }
        }
        let g = Grid::new(2, 2, 0u8);
        assert_eq!(g.step8((usize::MAX, 0), Dir8::DownRight), None);
        assert_eq!(g.step8((0, usize::MAX), Dir8::Right), None);
    }
}
