//! Walls between side-adjacent cells (not on cells): which steps they block, walking and
//! breadth-first distances that do not cross them.

use super::dir::Dir;
use super::grid::{Grid, Pos};

/// Bit of a cell: a wall between it and the cell to its right.
const RIGHT: u8 = 1;
/// Bit of a cell: a wall between it and the cell below it.
const DOWN: u8 = 2;

/// A set of walls on a `rows x cols` board, each standing between two side-adjacent cells and
/// blocking the steps between them both ways. A step off the board is never possible, wall or
/// not.
///
/// ```
/// use grid_core::{Dir, Walls};
/// let mut walls = Walls::new(2, 3);
/// walls.insert((0, 1), Dir::Right); // between (0, 1) and (0, 2)
/// assert!(!walls.passable((0, 2), Dir::Left));
/// assert!(walls.passable((0, 1), Dir::Down));
/// assert_eq!(walls.step((0, 1), Dir::Up), None); // off the board
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Walls {
    /// Per cell, the walls on its right and lower sides ([`RIGHT`], [`DOWN`] bits).
    sides: Grid<u8>,
}

impl Walls {
    /// A `rows x cols` board with no walls.
    ///
    /// ```
    /// let walls = grid_core::Walls::new(2, 2);
    /// assert_eq!(walls.neighbors((0, 0)).count(), 2);
    /// ```
    pub fn new(rows: usize, cols: usize) -> Walls {
        Walls {
            sides: Grid::new(rows, cols, 0),
        }
    }

    /// The index (row-major) of the cell holding the edge between `pos` and its neighbour
    /// toward `dir` (the upper or left one of the two) and the edge's bit, or `None` when either
    /// cell is off the board. Written out rather than through `Grid::step`: every wind and heat
    /// step of a simulation asks it.
    fn edge(&self, pos: Pos, dir: Dir) -> Option<(usize, u8)> {
        let (rows, cols) = (self.sides.rows(), self.sides.cols());
        let (r, c) = pos;
        if r >= rows || c >= cols {
            return None;
        }
        let i = r * cols + c;
        match dir {
            Dir::Right if c + 1 < cols => Some((i, RIGHT)),
            Dir::Down if r + 1 < rows => Some((i, DOWN)),
            Dir::Left if c > 0 => Some((i - 1, RIGHT)),
            Dir::Up if r > 0 => Some((i - cols, DOWN)),
            _ => None,
        }
    }

    /// Puts a wall between `pos` and its neighbour toward `dir`; returns whether it is new (a
    /// wall given twice is the same wall).
    ///
    /// # Panics
    /// When `pos` or that neighbour is off the board.
    ///
    /// ```
    /// use grid_core::{Dir, Walls};
    /// let mut walls = Walls::new(3, 3);
    /// assert!(walls.insert((2, 1), Dir::Up));
    /// assert!(!walls.insert((1, 1), Dir::Down)); // the same wall, seen from above
    /// ```
    pub fn insert(&mut self, pos: Pos, dir: Dir) -> bool {
        let (cell, bit) = match self.edge(pos, dir) {
            Some(edge) => edge,
            None => panic!(
                "no wall can stand {} of {pos:?} on a {}x{} board",
                dir.name(),
                self.sides.rows(),
                self.sides.cols()
            ),
        };
        let side = &mut self.sides.as_mut_slice()[cell];
        let new = *side & bit == 0;
        *side |= bit;
        new
    }

    /// Whether a wall stands between `pos` and its neighbour toward `dir` (`false` when that
    /// neighbour is off the board: the board's edge is not a wall of this set).
    ///
    /// ```
    /// use grid_core::{Dir, Walls};
    /// let mut walls = Walls::new(2, 2);
    /// walls.insert((0, 0), Dir::Right);
    /// assert!(walls.blocks((0, 1), Dir::Left));
    /// assert!(!walls.blocks((0, 1), Dir::Right));
    /// ```
    pub fn blocks(&self, pos: Pos, dir: Dir) -> bool {
        self.edge(pos, dir)
            .map_or(false, |(cell, bit)| self.sides.as_slice()[cell] & bit != 0)
    }

    /// Whether one step from `from` toward `dir` is possible: the neighbour is on the board and
    /// no wall stands in between.
    ///
    /// ```
    /// use grid_core::{Dir, Walls};
    /// let mut walls = Walls::new(2, 2);
    /// walls.insert((1, 0), Dir::Up);
    /// assert!(!walls.passable((0, 0), Dir::Down));
    /// assert!(walls.passable((0, 0), Dir::Right));
    /// assert!(!walls.passable((0, 0), Dir::Left)); // off the board
    /// ```
    pub fn passable(&self, from: Pos, dir: Dir) -> bool {
        self.edge(from, dir)
            .map_or(false, |(cell, bit)| self.sides.as_slice()[cell] & bit == 0)
    }

    /// The neighbour one step from `from` toward `dir`, or `None` when the step leaves the board
    /// or crosses a wall.
    ///
    /// ```
    /// use grid_core::{Dir, Walls};
    /// let mut walls = Walls::new(1, 3);
    /// walls.insert((0, 1), Dir::Right);
    /// assert_eq!(walls.step((0, 1), Dir::Left), Some((0, 0)));
    /// assert_eq!(walls.step((0, 1), Dir::Right), None);
    /// ```
    pub fn step(&self, from: Pos, dir: Dir) -> Option<Pos> {
        if !self.passable(from, dir) {
            return None;
        }
        let (r, c) = from;
        // Passable: the neighbour is on the board.
        Some(match dir {
            Dir::Up => (r - 1, c),
            Dir::Down => (r + 1, c),
            Dir::Left => (r, c - 1),
            Dir::Right => (r, c + 1),
        })
    }

    /// Where the steps `dirs`, taken one after another from `from`, lead; `None` when any of
    /// them leaves the board or crosses a wall (such as "one step sideways, then one ahead",
    /// where neither step may cross a wall).
    ///
    /// ```
    /// use grid_core::{Dir, Walls};
    /// let mut walls = Walls::new(3, 3);
    /// walls.insert((0, 1), Dir::Right);
    /// assert_eq!(walls.walk((1, 1), [Dir::Down, Dir::Right]), Some((2, 2)));
    /// assert_eq!(walls.walk((1, 1), [Dir::Up, Dir::Right]), None); // the wall
    /// assert_eq!(walls.walk((1, 1), []), Some((1, 1)));
    /// ```
    pub fn walk(&self, from: Pos, dirs: impl IntoIterator<Item = Dir>) -> Option<Pos> {
        let mut at = from;
        for dir in dirs {
            at = self.step(at, dir)?;
        }
        if self.sides.contains(at) {
            Some(at)
        } else {
            None
        }
    }

    /// The cells one step from `pos` that no wall or board edge blocks, in the order of
    /// [`Dir::ALL`].
    ///
    /// ```
    /// use grid_core::{Dir, Walls};
    /// let mut walls = Walls::new(3, 3);
    /// walls.insert((1, 1), Dir::Up);
    /// walls.insert((1, 1), Dir::Left);
    /// assert_eq!(walls.neighbors((1, 1)).collect::<Vec<_>>(), vec![(2, 1), (1, 2)]);
    /// ```
    pub fn neighbors(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        Dir::ALL.into_iter().filter_map(move |d| self.step(pos, d))
    }
}

impl<T> Grid<T> {
    /// [`Grid::distances`] where no step crosses one of `walls`: the least number of 4-steps
    /// from the nearest of `starts` to every cell, through cells where `pass` holds, never
    /// between two cells with a wall between them (`None` where no start reaches).
    ///
    /// # Panics
    /// When `walls` is for a board of another size.
    ///
    /// # Complexity
    /// O(rows * cols) time and memory.
    ///
    /// ```
    /// use grid_core::{Dir, Grid, Walls};
    /// let board = Grid::from_lines("...\n...").unwrap();
    /// let mut walls = Walls::new(2, 3);
    /// walls.insert((0, 0), Dir::Right);
    /// walls.insert((0, 1), Dir::Down);
    /// let d = board.distances_within_walls(&walls, [(0, 0)], |&c| c == '.');
    /// assert_eq!(d.map(|v| v.unwrap_or(9)).to_string(), "0 5 4\n1 2 3\n");
    /// ```
    pub fn distances_within_walls(
        &self,
        walls: &Walls,
        starts: impl IntoIterator<Item = Pos>,
        pass: impl FnMut(&T) -> bool,
    ) -> Grid<Option<usize>> {
        assert_eq!(
            (walls.sides.rows(), walls.sides.cols()),
            (self.rows(), self.cols()),
            "walls for another board size"
        );
        self.distances_by(starts, pass, |pos| walls.neighbors(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SMALL_SHAPES;

    /// Every edge between two side-adjacent cells of a `rows x cols` board, as `(a, b)` with `a`
    /// above or left of `b`.
    fn edges(rows: usize, cols: usize) -> Vec<(Pos, Pos)> {
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    out.push(((r, c), (r, c + 1)));
                }
                if r + 1 < rows {
                    out.push(((r, c), (r + 1, c)));
                }
            }
        }
        out
    }

    /// The plain model of a step: the cell `dir` leads to, if on the board and the unordered
    /// pair is not in `blocked`.
    fn plain_step(
        rows: usize,
        cols: usize,
        blocked: &[(Pos, Pos)],
        from: Pos,
        dir: Dir,
    ) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        let (r, c) = (from.0 as isize + dr, from.1 as isize + dc);
        if r < 0 || c < 0 || r >= rows as isize || c >= cols as isize {
            return None;
        }
        let to = (r as usize, c as usize);
        let walled = blocked
            .iter()
            .any(|&(a, b)| (a, b) == (from, to) || (a, b) == (to, from));
        if walled {
            None
        } else {
            Some(to)
        }
    }

    /// Every set of walls on every small board shape (up to 2^12 sets on 3 x 3), each inserted
    /// from a side chosen by the set's number.
    fn every_wall_set() -> impl Iterator<Item = (usize, usize, Vec<(Pos, Pos)>, Walls)> {
        SMALL_SHAPES.into_iter().flat_map(|(rows, cols)| {
            let all = edges(rows, cols);
            (0u32..1 << all.len()).map(move |mask| {
                let mut walls = Walls::new(rows, cols);
                let mut blocked = Vec::new();
                for (k, &(a, b)) in all.iter().enumerate() {
                    if mask >> k & 1 == 1 {
                        blocked.push((a, b));
                        let dir = if a.0 == b.0 { Dir::Right } else { Dir::Down };
                        if (mask as usize + k) % 2 == 0 {
                            assert!(walls.insert(a, dir));
                        } else {
                            assert!(walls.insert(b, dir.reverse()));
                        }
                        assert!(!walls.insert(a, dir), "the second time it is not new");
                    }
                }
                (rows, cols, blocked, walls)
            })
        })
    }

    #[test]
    fn steps_walks_and_blocks_agree_with_the_plain_model_on_every_wall_set() {
        for (rows, cols, blocked, walls) in every_wall_set() {
            for r in 0..rows + 1 {
                for c in 0..cols + 1 {
                    let from = (r, c);
                    for dir in Dir::ALL {
                        let expected = if r < rows && c < cols {
                            plain_step(rows, cols, &blocked, from, dir)
                        } else {
                            None
                        };
                        assert_eq!(
                            walls.step(from, dir),
                            expected,
                            "{from:?} {dir:?} {blocked:?}"
                        );
                        assert_eq!(walls.passable(from, dir), expected.is_some());
                        let open = plain_step(rows, cols, &[], from, dir).is_some();
                        let on_board = r < rows && c < cols && open;
                        assert_eq!(walls.blocks(from, dir), on_board && expected.is_none());
                        for side in [dir.turn_cw(), dir.turn_ccw()] {
                            let plain =
                                expected.and_then(|p| plain_step(rows, cols, &blocked, p, side));
                            assert_eq!(walls.walk(from, [dir, side]), plain);
                        }
                    }
                    let near: Vec<Pos> = walls.neighbors(from).collect();
                    let plain: Vec<Pos> = Dir::ALL
                        .into_iter()
                        .filter_map(|d| walls.step(from, d))
                        .collect();
                    assert_eq!(near, plain);
                }
            }
        }
    }

    /// Distances by relaxing every open cell from the open cells the model lets it step from,
    /// until nothing changes.
    fn relaxed(board: &Grid<u8>, blocked: &[(Pos, Pos)], start: Pos) -> Grid<Option<usize>> {
        let (rows, cols) = (board.rows(), board.cols());
        let mut d = Grid::new(rows, cols, None);
        if board[start] == 0 {
            d[start] = Some(0);
        }
        loop {
            let mut changed = false;
            for p in board.positions() {
                if board[p] != 0 {
                    continue;
                }
                let best = Dir::ALL
                    .into_iter()
                    .filter_map(|dir| plain_step(rows, cols, blocked, p, dir))
                    .filter_map(|n| d[n])
                    .min()
                    .map(|m| m + 1);
                if let Some(b) = best {
                    if d[p].map_or(true, |old| b < old) {
                        d[p] = Some(b);
                        changed = true;
                    }
                }
            }
            if !changed {
                return d;
            }
        }
    }

    #[test]
    fn distances_within_walls_equal_plain_relaxation_on_every_wall_set() {
        for (rows, cols, blocked, walls) in every_wall_set() {
            if rows * cols == 0 {
                continue;
            }
            // One blocked cell, chosen by the wall set, so that cells and walls both block.
            let mut board = Grid::new(rows, cols, 0u8);
            let hole = blocked.len() * 7 % (rows * cols + 1);
            if hole < rows * cols {
                board.as_mut_slice()[hole] = 1;
            }
            for start in [(0, 0), (rows - 1, cols - 1), (rows / 2, cols / 2)] {
                let d = board.distances_within_walls(&walls, [start], |&c| c == 0);
                assert_eq!(
                    d,
                    relaxed(&board, &blocked, start),
                    "from {start:?} {blocked:?}\n{board}"
                );
            }
        }
    }

    #[test]
    #[should_panic(expected = "no wall can stand right of (0, 1) on a 2x2 board")]
    fn a_wall_off_the_board_panics() {
        Walls::new(2, 2).insert((0, 1), Dir::Right);
    }

    #[test]
    #[should_panic(expected = "walls for another board size")]
    fn walls_of_another_size_panic() {
        Grid::new(2, 2, 0u8).distances_within_walls(&Walls::new(2, 3), [(0, 0)], |_| true);
    }
}
