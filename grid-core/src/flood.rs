//! Flood fill from one cell through 4-neighbours (iterative: large boards cannot overflow the stack).

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
    pub fn flood_fill(&self, start: Pos, mut pass: impl FnMut(&T) -> bool) -> Vec<Pos> {
        let mut seen = vec![false; self.rows() * self.cols()];
        let mut order = Vec::new();
        match self.get(start) {
            Some(cell) if pass(cell) => {}
            _ => return order,
        }
        seen[start.0 * self.cols() + start.1] = true;
        order.push(start);
        let mut next = 0;
        // The output vector doubles as the BFS queue.
        while next < order.len() {
            let pos = order[next];
            next += 1;
            for n in self.neighbors(pos) {
                let i = n.0 * self.cols() + n.1;
                if !seen[i] && pass(&self[n]) {
                    seen[i] = true;
                    order.push(n);
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

    #[test]
    fn fills_a_2000_by_2000_single_colour_board_without_recursion() {
        let g = Grid::new(2000, 2000, 1u8);
        assert_eq!(g.flood_fill((1000, 3), |&v| v == 1).len(), 4_000_000);
    }
}
