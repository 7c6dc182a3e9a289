//! A board read as a line along a given order of its cells (a spiral, a snake, a ring): read the
//! line, write it back, and close up its gaps.

use super::grid::{Grid, Pos};

impl<T> Grid<T> {
    /// Moves every non-empty cell along `order` toward the front of `order`, keeping their
    /// order, so that the non-empty cells fill `order`'s first places and the empty ones (the
    /// same values, moved) its last: marbles rolling forward along a track to close its gaps.
    /// Cells not in `order` are untouched. Returns whether any cell moved.
    ///
    /// # Panics
    /// When a position of `order` is off the board. (`order` should not repeat a cell.)
    ///
    /// # Complexity
    /// `O(order.len())`.
    ///
    /// ```
    /// use grid_core::{spiral_from_centre, Dir, Grid};
    /// // 21611's track from the centre: cells 1, 2, ... are left, below-left, below, ...
    /// let order = spiral_from_centre(3, Dir::Left, Dir::Down);
    /// let mut g = Grid::from_rows(vec![vec![0, 0, 0], vec![1, 0, 0], vec![0, 3, 2]]).unwrap();
    /// assert!(g.compact_along(&order[1..], |&v| v == 0));
    /// assert_eq!(g.to_string(), "0 0 0\n1 0 0\n3 2 0\n");
    /// assert!(!g.compact_along(&order[1..], |&v| v == 0));
    /// ```
    pub fn compact_along(&mut self, order: &[Pos], is_empty: impl Fn(&T) -> bool) -> bool {
        let cols = self.cols();
        let mut filled = 0;
        let mut moved = false;
        for i in 0..order.len() {
            if is_empty(&self[order[i]]) {
                continue;
            }
            if filled != i {
                // order[filled] is empty: the two swap, so its empty value lands at order[i].
                let (a, b) = (order[filled], order[i]);
                self.as_mut_slice().swap(a.0 * cols + a.1, b.0 * cols + b.1);
                moved = true;
            }
            filled += 1;
        }
        moved
    }

    /// The cells at `order`, in that order.
    ///
    /// # Panics
    /// When a position of `order` is off the board.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("ab\ncd").unwrap();
    /// assert_eq!(g.read_along(&[(1, 1), (0, 0), (1, 0)]), vec!['d', 'a', 'c']);
    /// ```
    pub fn read_along(&self, order: &[Pos]) -> Vec<T>
    where
        T: Clone,
    {
        order.iter().map(|&p| self[p].clone()).collect()
    }

    /// Writes `values` into the cells of `order` in turn and `fill` into the cells of `order`
    /// past the last value. Cells not in `order` are untouched.
    ///
    /// # Panics
    /// When `values` is longer than `order`, or a position of `order` is off the board.
    ///
    /// ```
    /// let mut g = grid_core::Grid::from_lines("ab\ncd").unwrap();
    /// g.write_along(&[(1, 1), (0, 0), (1, 0)], &['x', 'y'], '.');
    /// assert_eq!(g.to_string(), "yb\n.x\n");
    /// ```
    pub fn write_along(&mut self, order: &[Pos], values: &[T], fill: T)
    where
        T: Clone,
    {
        assert!(
            values.len() <= order.len(),
            "{} values do not fit along {} cells",
            values.len(),
            order.len()
        );
        for (k, &p) in order.iter().enumerate() {
            self[p] = match values.get(k) {
                Some(v) => v.clone(),
                None => fill.clone(),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::all_boards;

    use super::super::dir::Dir;
    use super::super::spiral::spiral_from_centre;
    use super::*;

    #[test]
    fn compacting_every_3x3_board_of_three_values_along_spirals_and_rows_matches_filtering() {
        let spiral = spiral_from_centre(3, Dir::Left, Dir::Down);
        let rows_backward: Vec<Pos> = (0..9).rev().map(|i| (i / 3, i % 3)).collect();
        let orders = [&spiral[..], &spiral[1..], &spiral[2..7], &rows_backward[..]];
        for board in all_boards(3, 3, 3) {
            for order in orders {
                let line = board.read_along(order);
                let kept: Vec<u8> = line.iter().copied().filter(|&v| v != 0).collect();
                let mut expected = board.clone();
                expected.write_along(order, &kept, 0);
                let mut g = board.clone();
                let moved = g.compact_along(order, |&v| v == 0);
                assert_eq!(g, expected, "{board}along {order:?}");
                // Something moved exactly when a gap came before a non-empty cell.
                let gap_first = line
                    .iter()
                    .position(|&v| v == 0)
                    .map_or(false, |gap| line[gap..].iter().any(|&v| v != 0));
                assert_eq!(moved, gap_first, "{board}");
            }
        }
    }

    #[test]
    fn read_then_write_along_any_order_is_the_same_board() {
        for board in all_boards(2, 2, 3) {
            let order = [(1, 0), (0, 1), (1, 1), (0, 0)];
            let mut g = Grid::new(2, 2, 9u8);
            g.write_along(&order, &board.read_along(&order), 7);
            assert_eq!(g, board);
        }
    }

    #[test]
    #[should_panic(expected = "3 values do not fit along 2 cells")]
    fn too_many_values_panic() {
        Grid::new(1, 2, 0u8).write_along(&[(0, 0), (0, 1)], &[1, 2, 3], 0);
    }
}
