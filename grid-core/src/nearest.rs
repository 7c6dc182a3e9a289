//! The nearest target by breadth-first distance through passable cells, ties broken by row then
//! column (the judges' "topmost, then leftmost"): the breadth-first walk of [`Grid::distances`]
//! (flood.rs), stopped once the nearest distance is settled.

use super::grid::{Grid, Pos};

impl<T> Grid<T> {
    /// The target nearest to any of `starts`, walking 4-steps through cells where `pass` holds,
    /// as `(cell, distance)`: the least distance first, then the smallest row, then the
    /// smallest column — never the order a search happens to visit cells in. A target is a
    /// cell where `target` holds that is reached (its own cell must pass too); a start that is
    /// a target is at distance 0. `None` when no target is reached. Starts are read as by
    /// [`Grid::distances`] (off the board or failing `pass`: left out).
    ///
    /// # Complexity
    /// O(rows * cols) memory; time O(rows * cols) at most, but the search stops once it has
    /// seen every cell as near as the nearest target, so a near target is found quickly.
    ///
    /// ```
    /// // S may walk on anything but '#'; the targets are 'a' and 'b'.
    /// let g = grid_core::Grid::from_lines("..#a\n.S#.\n....\nb...").unwrap();
    /// let target = |&c: &char| c == 'a' || c == 'b';
    /// let found = g.nearest([(1, 1)], |&c| c != '#', target);
    /// // Both are 3 away by Manhattan distance (where 'a', upper, would win), but 'a' is 5 steps
    /// // away around the wall and 'b' 3.
    /// assert_eq!(found, Some(((3, 0), 3)));
    /// // Two targets at the same distance: the upper one, then the left one.
    /// let g = grid_core::Grid::from_lines("..x..\n.....\nx.S.x\n.....\n..x..").unwrap();
    /// assert_eq!(g.nearest([(2, 2)], |_| true, |&c| c == 'x'), Some(((0, 2), 2)));
    /// let g = grid_core::Grid::from_lines(".....\n.....\nx.S.x").unwrap();
    /// assert_eq!(g.nearest([(2, 2)], |_| true, |&c| c == 'x'), Some(((2, 0), 2)));
    /// // A target behind walls is not reached.
    /// let g = grid_core::Grid::from_lines("S#x").unwrap();
    /// assert_eq!(g.nearest([(0, 0)], |&c| c != '#', |&c| c == 'x'), None);
    /// ```
    pub fn nearest(
        &self,
        starts: impl IntoIterator<Item = Pos>,
        pass: impl FnMut(&T) -> bool,
        mut target: impl FnMut(&T) -> bool,
    ) -> Option<(Pos, usize)> {
        let mut distance = vec![0usize; self.rows() * self.cols()];
        let index = |(r, c): Pos| r * self.cols() + c;
        let mut best: Option<(Pos, usize)> = None;
        // Cells are reached in order of distance: once one lies beyond the best target, every
        // cell as near as that target has been seen, so the search stops there.
        self.breadth_first(
            starts,
            pass,
            |pos| self.neighbors(pos),
            |cell, from| {
                let d = from.map_or(0, |from| distance[index(from)] + 1);
                distance[index(cell)] = d;
                match best {
                    Some((_, b)) if d > b => false,
                    Some((p, b)) if d == b && p < cell => true,
                    _ => {
                        if target(&self[cell]) {
                            best = Some((cell, d));
                        }
                        true
                    }
                }
            },
        );
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{all_boards, SMALL_SHAPES};

    const WALL: u8 = 1;
    const TARGET: u8 = 2;

    /// Distances from `start` by relaxing every open cell from its neighbours until nothing
    /// changes, then the target minimising (distance, row, column) by comparing all of them.
    fn plainly(board: &Grid<u8>, start: Pos) -> Option<(Pos, usize)> {
        let (rows, cols) = (board.rows(), board.cols());
        let open = |r: usize, c: usize| board[(r, c)] != WALL;
        let mut d = vec![vec![usize::MAX; cols]; rows];
        if open(start.0, start.1) {
            d[start.0][start.1] = 0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for r in 0..rows {
                for c in 0..cols {
                    if !open(r, c) {
                        continue;
                    }
                    let mut around = Vec::new();
                    if r > 0 {
                        around.push(d[r - 1][c]);
                    }
                    if r + 1 < rows {
                        around.push(d[r + 1][c]);
                    }
                    if c > 0 {
                        around.push(d[r][c - 1]);
                    }
                    if c + 1 < cols {
                        around.push(d[r][c + 1]);
                    }
                    for n in around {
                        if n != usize::MAX && n + 1 < d[r][c] {
                            d[r][c] = n + 1;
                            changed = true;
                        }
                    }
                }
            }
        }
        let mut found = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if board[(r, c)] == TARGET && d[r][c] != usize::MAX {
                    found.push((d[r][c], r, c));
                }
            }
        }
        found.into_iter().min().map(|(d, r, c)| ((r, c), d))
    }

    #[test]
    fn every_start_on_every_small_board_of_walls_and_targets_matches_a_plain_search() {
        for (rows, cols) in SMALL_SHAPES {
            for board in all_boards(rows, cols, 3) {
                for start in board.positions() {
                    let got = board.nearest([start], |&v| v != WALL, |&v| v == TARGET);
                    assert_eq!(got, plainly(&board, start), "from {start:?}\n{board}");
                }
            }
        }
    }

    #[test]
    fn a_target_that_does_not_pass_is_never_reached() {
        // Targets that block (a fish too big to enter) are not found, even next to the start.
        let g = Grid::from_lines("Sx").unwrap();
        assert_eq!(g.nearest([(0, 0)], |&c| c == 'S', |&c| c == 'x'), None);
    }

    #[test]
    fn the_nearest_of_several_starts_counts_from_the_closest_start() {
        let g = Grid::from_lines("x....S..x.S").unwrap();
        assert_eq!(
            g.nearest([(0, 5), (0, 10)], |_| true, |&c| c == 'x'),
            Some(((0, 8), 2))
        );
        assert_eq!(g.nearest([], |_| true, |&c| c == 'x'), None);
    }
}
