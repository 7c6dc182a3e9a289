//! Simultaneous spreading: every cell gives amounts to its side neighbours, all decided from the
//! board as it was before the step (dust spreading to its neighbours, heat evening out).

use std::ops::{AddAssign, SubAssign};

use super::dir::Dir;
use super::grid::{Grid, Pos};

impl<T: Copy + Default + PartialEq + AddAssign + SubAssign> Grid<T> {
    /// Moves amounts between side-adjacent cells, all at once: for every cell `from` and every
    /// direction `dir` whose neighbour `to` is on the board, `give(board, from, dir, to)` leaves
    /// `from` and arrives at `to`. Every call sees `board`, the board as it was before the step,
    /// so no cell sees what another sends in the same step; a cell's new value is its old value,
    /// less all it gives, plus all its neighbours give it. Returns whether any amount moved
    /// (`give` returned something other than `T::default()`, the zero).
    ///
    /// Nothing is created or destroyed: the total stays the same. For unsigned `T` a cell must
    /// not give more in all than it holds.
    ///
    /// # Complexity
    /// O(rows * cols) calls of `give` (up to 4 a cell) and one copy of the board.
    ///
    /// ```
    /// use grid_core::Grid;
    /// // Each cell sends a fifth of its dust (rounded down) to every neighbour, except into
    /// // the purifier cell at (1, 0).
    /// let mut dust = Grid::from_rows(vec![vec![0, 10, 0], vec![0, 25, 7]]).unwrap();
    /// let moved = dust.spread(|old, from, _dir, to| {
    ///     if to == (1, 0) { 0 } else { old[from] / 5 }
    /// });
    /// assert!(moved);
    /// assert_eq!(dust.to_string(), "2 9 3\n0 18 10\n");
    ///
    /// // Heat evens out: the warmer of two neighbours gives a quarter of the difference.
    /// let mut heat = Grid::from_rows(vec![vec![40, 0], vec![8, 8]]).unwrap();
    /// heat.spread(|old, from, _, to| if old[from] > old[to] { (old[from] - old[to]) / 4 } else { 0 });
    /// assert_eq!(heat.to_string(), "22 12\n16 6\n");
    /// ```
    pub fn spread(&mut self, mut give: impl FnMut(&Grid<T>, Pos, Dir, Pos) -> T) -> bool {
        let zero = T::default();
        let (rows, cols) = (self.rows(), self.cols());
        let mut next: Vec<T> = self.as_slice().to_vec();
        let mut moved = false;
        for r in 0..rows {
            for c in 0..cols {
                let (from, i) = ((r, c), r * cols + c);
                let mut send = |dir: Dir, to: Pos, j: usize| {
                    let amount = give(self, from, dir, to);
                    if amount != zero {
                        moved = true;
                        next[i] -= amount;
                        next[j] += amount;
                    }
                };
                // The neighbours in the order of Dir::ALL, written out with their indices: this
                // loop is the whole cost of a simulation step.
                if r > 0 {
                    send(Dir::Up, (r - 1, c), i - cols);
                }
                if r + 1 < rows {
                    send(Dir::Down, (r + 1, c), i + cols);
                }
                if c > 0 {
                    send(Dir::Left, (r, c - 1), i - 1);
                }
                if c + 1 < cols {
                    send(Dir::Right, (r, c + 1), i + 1);
                }
            }
        }
        // The new cells take the old ones' place without a copy.
        *self = Grid::from_vec(rows, cols, next);
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{all_boards, SMALL_SHAPES};

    /// A rule of the step: what `from` gives `to`, from the old board as rows.
    type Gift = dyn Fn(&[Vec<i32>], Pos, Pos) -> i32;

    /// The step written out plainly: for each cell, its old value, less a gift to each neighbour
    /// inside the board, plus each neighbour's gift to it, every gift from the old board.
    fn plainly(old: &[Vec<i32>], gift: &Gift) -> Vec<Vec<i32>> {
        let rows = old.len() as isize;
        let cols = old.first().map_or(0, Vec::len) as isize;
        let mut new = old.to_vec();
        for r in 0..rows {
            for c in 0..cols {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (nr, nc) = (r + dr, c + dc);
                    if nr < 0 || nc < 0 || nr >= rows || nc >= cols {
                        continue;
                    }
                    let (me, them) = ((r as usize, c as usize), (nr as usize, nc as usize));
                    new[me.0][me.1] += gift(old, them, me) - gift(old, me, them);
                }
            }
        }
        new
    }

    fn check(rule: &Gift, scale: i32, symbols: u32) {
        for (rows, cols) in SMALL_SHAPES {
            for board in all_boards(rows, cols, symbols) {
                let board = board.map(|&v| i32::from(v) * scale);
                let old = board.to_rows();
                let mut spread = board.clone();
                let moved = spread.spread(|b, from, dir, to| {
                    assert_eq!(b, &board, "every gift is decided from the old board");
                    assert_eq!(spread_step(from, dir), Some(to));
                    rule(&old, from, to)
                });
                let expected = plainly(&old, rule);
                assert_eq!(spread.to_rows(), expected, "from\n{board}");
                assert_eq!(moved, any_gift(&old, rule), "{board}");
                let total: i32 = board.iter().sum();
                assert_eq!(spread.iter().sum::<i32>(), total);
            }
        }
    }

    fn spread_step(from: Pos, dir: Dir) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        let r = from.0 as isize + dr;
        let c = from.1 as isize + dc;
        if r < 0 || c < 0 {
            None
        } else {
            Some((r as usize, c as usize))
        }
    }

    fn any_gift(old: &[Vec<i32>], rule: &Gift) -> bool {
        let board = Grid::from_rows(old.to_vec()).unwrap();
        board
            .positions()
            .any(|p| board.neighbors(p).any(|n| rule(old, p, n) != 0))
    }

    #[test]
    fn a_fifth_to_every_neighbour_but_one_cell_equals_the_plain_step_on_every_small_board() {
        // Values 0, 7, 14, 21: a fifth of each is 0, 1, 2, 4; (0, 1) takes nothing in.
        check(
            &|old, from, to| {
                if to == (0, 1) {
                    0
                } else {
                    old[from.0][from.1] / 5
                }
            },
            7,
            4,
        );
    }

    #[test]
    fn evening_out_except_across_some_edges_equals_the_plain_step_on_every_small_board() {
        // The warmer gives a quarter of the difference, never across the edges where the sum
        // of the four coordinates is a multiple of 3 (walls, of a sort).
        check(
            &|old, from, to| {
                let (a, b) = (old[from.0][from.1], old[to.0][to.1]);
                let wall = (from.0 + from.1 + to.0 + to.1) % 3 == 0;
                if a > b && !wall {
                    (a - b) / 4
                } else {
                    0
                }
            },
            5,
            4,
        );
    }

    #[test]
    fn nothing_to_give_moves_nothing_and_says_so() {
        let mut g = Grid::from_rows(vec![vec![3, 4], vec![1, 0]]).unwrap();
        assert!(!g.spread(|old, from, _, _| old[from] / 5));
        assert_eq!(g.to_string(), "3 4\n1 0\n");
        let mut empty: Grid<i32> = Grid::new(0, 3, 0);
        assert!(!empty.spread(|_, _, _, _| 1));
    }

    #[test]
    fn unsigned_cells_may_give_all_they_hold() {
        // The corner gives half to each of its two neighbours: all of it, before taking any in.
        let mut g: Grid<u32> = Grid::from_rows(vec![vec![8, 0], vec![0, 0]]).unwrap();
        g.spread(|old, from, _, _| if from == (0, 0) { old[from] / 2 } else { 0 });
        assert_eq!(g.to_string(), "0 4\n4 0\n");
    }
}
