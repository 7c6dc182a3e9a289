//! A ray: one piece sliding from a cell in a direction until the next cell stops it (a wall,
//! another piece, the border) or it falls into a cell that swallows it (a hole).

use super::dir::Dir;
use super::grid::{Grid, Pos};

/// Where a slide made by [`Grid::ray`] ended.
///
/// ```
/// use grid_core::{Dir, Grid, Ray};
/// let g = Grid::from_lines("#..O.#").unwrap();
/// let ray = g.ray((0, 1), Dir::Right, |_, &c| c == '#', |_, &c| c == 'O');
/// assert_eq!(ray, Ray { end: (0, 3), steps: 2, fell: true });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ray {
    /// The last cell the piece entered (or its start when it could not move): where it stopped,
    /// or the cell it fell into when `fell`.
    pub end: Pos,
    /// How many cells the piece moved (0 when the first cell ahead already stopped it).
    pub steps: usize,
    /// Whether the piece fell into `end` (it left the board there) rather than stopping on it.
    pub fell: bool,
}

impl<T> Grid<T> {
    /// Slides a piece from `start` toward `dir`, one cell at a time. Before each step the next
    /// cell is looked at: off the board, or a cell where `stops_before(cell, &value)` holds,
    /// stops the piece where it is. Otherwise the piece enters the next cell, and if
    /// `falls_in(cell, &value)` holds there it falls in at once (it never passes over such a
    /// cell). `start` itself is neither tested by `stops_before` nor by `falls_in`.
    ///
    /// The predicates get the cell's position too, so pieces that are not on the board (another
    /// marble, a shark) can block: `|p, &v| v == '#' || p == other`.
    ///
    /// # Panics
    /// When `start` is off the board.
    ///
    /// # Complexity
    /// O(length of the slide); the predicates are called at most once per cell passed.
    ///
    /// ```
    /// use grid_core::{Dir, Grid};
    /// let g = Grid::from_lines("#.....#\n#.O...#").unwrap();
    /// let wall = |_, &c: &char| c == '#';
    /// let hole = |_, &c: &char| c == 'O';
    /// // Stops on the last free cell before the wall.
    /// let r = g.ray((0, 4), Dir::Left, wall, hole);
    /// assert_eq!((r.end, r.steps, r.fell), ((0, 1), 3, false));
    /// // Falls into the hole instead of rolling over it.
    /// let r = g.ray((1, 5), Dir::Left, wall, hole);
    /// assert_eq!((r.end, r.steps, r.fell), ((1, 2), 3, true));
    /// // Another piece at (0, 2) blocks too, through the position.
    /// let r = g.ray((0, 5), Dir::Left, |p, &c| c == '#' || p == (0, 2), hole);
    /// assert_eq!(r.end, (0, 3));
    /// // The border stops a slide like a wall; the start cell is never tested.
    /// let r = g.ray((1, 2), Dir::Down, wall, hole);
    /// assert_eq!((r.end, r.steps, r.fell), ((1, 2), 0, false));
    /// ```
    pub fn ray(
        &self,
        start: Pos,
        dir: Dir,
        mut stops_before: impl FnMut(Pos, &T) -> bool,
        mut falls_in: impl FnMut(Pos, &T) -> bool,
    ) -> Ray {
        assert!(
            self.contains(start),
            "a ray from {start:?} starts off a {}x{} grid",
            self.rows(),
            self.cols()
        );
        let mut at = start;
        let mut steps = 0;
        while let Some(next) = self.step(at, dir) {
            if stops_before(next, &self[next]) {
                break;
            }
            at = next;
            steps += 1;
            if falls_in(next, &self[next]) {
                return Ray {
                    end: at,
                    steps,
                    fell: true,
                };
            }
        }
        Ray {
            end: at,
            steps,
            fell: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{all_boards, SMALL_SHAPES};

    const WALL: u8 = 1;
    const HOLE: u8 = 2;

    /// The slide written over plain coordinates: walk while the next cell is inside, not a
    /// wall and not `blocker`; stop inside a hole.
    fn walked(board: &Grid<u8>, start: Pos, dir: Dir, blocker: Option<Pos>) -> Ray {
        let (dr, dc) = dir.delta();
        let (mut r, mut c) = (start.0 as isize, start.1 as isize);
        let mut steps = 0;
        loop {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= board.rows() as isize || nc >= board.cols() as isize {
                break;
            }
            let next = (nr as usize, nc as usize);
            if board[next] == WALL || Some(next) == blocker {
                break;
            }
            r = nr;
            c = nc;
            steps += 1;
            if board[next] == HOLE {
                return Ray {
                    end: next,
                    steps,
                    fell: true,
                };
            }
        }
        Ray {
            end: (r as usize, c as usize),
            steps,
            fell: false,
        }
    }

    #[test]
    fn every_slide_on_every_small_board_of_walls_and_holes_matches_a_plain_walk() {
        for (rows, cols) in SMALL_SHAPES {
            for board in all_boards(rows, cols, 3) {
                let cells: Vec<Pos> = board.positions().collect();
                for &start in &cells {
                    for dir in Dir::ALL {
                        let got = board.ray(start, dir, |_, &v| v == WALL, |_, &v| v == HOLE);
                        assert_eq!(
                            got,
                            walked(&board, start, dir, None),
                            "{start:?} {dir:?}\n{board}"
                        );
                        // With a second piece standing anywhere else.
                        for &other in cells.iter().filter(|&&p| p != start).step_by(2) {
                            let got = board.ray(
                                start,
                                dir,
                                |p, &v| v == WALL || p == other,
                                |_, &v| v == HOLE,
                            );
                            assert_eq!(
                                got,
                                walked(&board, start, dir, Some(other)),
                                "{start:?} {dir:?} other {other:?}\n{board}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn each_cell_passed_is_tested_once_and_the_start_never() {
        let g = Grid::new(1, 5, 0u8);
        let mut stop_tests = Vec::new();
        let mut fall_tests = Vec::new();
        let r = g.ray(
            (0, 1),
            Dir::Right,
            |p, _| {
                stop_tests.push(p);
                false
            },
            |p, _| {
                fall_tests.push(p);
                false
            },
        );
        assert_eq!(r.end, (0, 4));
        assert_eq!(stop_tests, vec![(0, 2), (0, 3), (0, 4)]);
        assert_eq!(fall_tests, vec![(0, 2), (0, 3), (0, 4)]);
    }

    #[test]
    #[should_panic(expected = "starts off a 2x2 grid")]
    fn a_start_off_the_board_panics() {
        Grid::new(2, 2, 0u8).ray((2, 0), Dir::Up, |_, _| false, |_, _| false);
    }
}
