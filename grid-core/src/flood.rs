//! Flood fill and breadth-first distances through 4-neighbours (iterative: large boards cannot
//! overflow the stack).

use super::grid::{Grid, Pos};

impl<T> Grid<T> {
    /// The cells reachable from `start` by 4-steps through cells where `pass` holds, in
    /// breadth-first order (`start` first). Empty when `start` is off the board or fails `pass`.
    ///
    /// # Complexity
    /// O(rows * cols) time and memory.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("..#\n#.#\n..#").unwrap();
    /// let mut cells = g.flood_fill((0, 0), |&c| c == '.');
    /// cells.sort();
    /// assert_eq!(cells, vec![(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)]);
    /// ```
    pub fn flood_fill(&self, start: Pos, pass: impl FnMut(&T) -> bool) -> Vec<Pos> {
        self.breadth_first([start], pass, |pos| self.neighbors(pos), |_, _| true)
    }

    /// The least number of 4-steps from the nearest of `starts` to every cell, through cells
    /// where `pass` holds (`None` for a cell no start reaches, or that fails `pass`): shortest
    /// paths on a maze, or the turn at which something spreading from several cells at once
    /// arrives. Starts off the board or failing `pass` are left out; a start is at distance 0.
    ///
    /// # Complexity
    /// O(rows * cols) time and memory, whatever the number of starts.
    ///
    /// ```
    /// let maze = grid_core::Grid::from_lines("..#\n#..\n...").unwrap();
    /// let d = maze.distances([(0, 0)], |&c| c == '.');
    /// assert_eq!(d[(2, 0)], Some(4)); // right, down, down, left
    /// assert_eq!(d[(0, 2)], None); // a wall
    /// let both = maze.distances([(0, 0), (2, 0)], |&c| c == '.');
    /// assert_eq!((both[(2, 0)], both[(1, 1)]), (Some(0), Some(2)));
    /// ```
    pub fn distances(
        &self,
        starts: impl IntoIterator<Item = Pos>,
        pass: impl FnMut(&T) -> bool,
    ) -> Grid<Option<usize>> {
        self.distances_by(starts, pass, |pos| self.neighbors(pos))
    }

    /// [`Grid::distances`] where the cells one step from a cell are `next_cells(cell)` (on the
    /// board): the 4-neighbours, or those that no wall stands in the way of.
    pub(super) fn distances_by<I: IntoIterator<Item = Pos>>(
        &self,
        starts: impl IntoIterator<Item = Pos>,
        pass: impl FnMut(&T) -> bool,
        next_cells: impl Fn(Pos) -> I,
    ) -> Grid<Option<usize>> {
        let mut distance = Grid::new(self.rows(), self.cols(), None);
        self.breadth_first(starts, pass, next_cells, |cell, from| {
            distance[cell] = match from {
                Some(from) => distance[from].map(|d| d + 1),
                None => Some(0),
            };
            true
        });
        distance
    }

    /// The cells reachable from `starts` by steps to `next_cells(cell)` (4-neighbours, or those no
    /// wall blocks) through cells where `pass` holds, in breadth-first order (the starts first;
    /// those off the board, failing `pass` or given twice left out); `reached(cell, from)` is
    /// told of each as it is first reached, with the cell it was reached from (`None` for a
    /// start), in order of distance, and returns whether to go on (`false` ends the search
    /// there, the cells so far returned).
    pub(super) fn breadth_first<I: IntoIterator<Item = Pos>>(
        &self,
        starts: impl IntoIterator<Item = Pos>,
        mut pass: impl FnMut(&T) -> bool,
        next_cells: impl Fn(Pos) -> I,
        mut reached: impl FnMut(Pos, Option<Pos>) -> bool,
    ) -> Vec<Pos> {
        let mut seen = vec![false; self.rows() * self.cols()];
        let index = |pos: Pos| pos.0 * self.cols() + pos.1;
        let mut order = Vec::new();
        for start in starts {
            if self.get(start).is_some() && !seen[index(start)] && pass(&self[start]) {
                seen[index(start)] = true;
                order.push(start);
                if !reached(start, None) {
                    return order;
                }
            }
        }
        let mut next = 0;
        // The output vector doubles as the queue.
        while next < order.len() {
            let pos = order[next];
            next += 1;
            for n in next_cells(pos) {
                if !seen[index(n)] && pass(&self[n]) {
                    seen[index(n)] = true;
                    order.push(n);
                    if !reached(n, Some(pos)) {
                        return order;
                    }
                }
            }
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_board_or_blocked_start_gives_nothing() {
        let g = Grid::from_lines(".#").unwrap();
        assert!(g.flood_fill((0, 5), |_| true).is_empty());
        assert!(g.flood_fill((0, 1), |&c| c == '.').is_empty());
    }

    #[test]
    fn diagonal_cells_are_not_connected() {
        let g = Grid::from_lines(".#\n#.").unwrap();
        assert_eq!(g.flood_fill((0, 0), |&c| c == '.'), vec![(0, 0)]);
    }

    /// Distances by relaxing every cell from its neighbours until nothing changes: slow, plainly
    /// right.
    fn relaxed(board: &Grid<u8>, starts: &[Pos], pass: impl Fn(u8) -> bool) -> Grid<Option<usize>> {
        let mut d = Grid::new(board.rows(), board.cols(), None);
        for &s in starts {
            if board.get(s).map_or(false, |&c| pass(c)) {
                d[s] = Some(0);
            }
        }
        loop {
            let mut changed = false;
            for r in 0..board.rows() {
                for c in 0..board.cols() {
                    if !pass(board[(r, c)]) {
                        continue;
                    }
                    let best = board
                        .neighbors((r, c))
                        .filter_map(|n| d[n])
                        .min()
                        .map(|m| m + 1);
                    if let Some(b) = best {
                        if d[(r, c)].map_or(true, |old| b < old) {
                            d[(r, c)] = Some(b);
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return d;
            }
        }
    }

    #[test]
    fn distances_equal_plain_relaxation_on_every_small_board_from_one_and_two_starts() {
        use crate::testing::{all_boards, SMALL_SHAPES};
        for (rows, cols) in SMALL_SHAPES {
            for board in all_boards(rows, cols, 2) {
                let open = |c: u8| c == 0;
                let cells: Vec<Pos> = board.indexed().map(|(p, _)| p).collect();
                for &a in &cells {
                    let one = board.distances([a], |&c| open(c));
                    assert_eq!(one, relaxed(&board, &[a], open), "from {a:?} on\n{board}");
                    for &b in cells.iter().step_by(3) {
                        let two = board.distances([a, b, a], |&c| open(c));
                        assert_eq!(
                            two,
                            relaxed(&board, &[a, b], open),
                            "from {a:?}, {b:?} on\n{board}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn distances_leave_out_starts_off_the_board_or_blocked() {
        let g = Grid::from_lines(".#.").unwrap();
        let d = g.distances([(0, 1), (5, 5), (0, 2)], |&c| c == '.');
        assert_eq!(d.to_rows(), vec![vec![None, None, Some(0)]]);
        assert!(g.distances([], |_| true).iter().all(Option::is_none));
    }

    #[test]
    fn fills_a_2000_by_2000_single_colour_board_without_recursion() {
        let g = Grid::new(2000, 2000, 1u8);
        assert_eq!(g.flood_fill((1000, 3), |&v| v == 1).len(), 4_000_000);
    }
}
