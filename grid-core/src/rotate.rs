//! Whole-board rotation and transposition, for boards of any shape.

use super::grid::Grid;

/// Side of the square tiles the copy loops walk, so both the read and the write side stay in cache.
const TILE: usize = 32;

impl<T: Clone> Grid<T> {
    /// A copy turned a quarter turn clockwise: a `r x c` board becomes `c x r`.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("abc\ndef").unwrap();
    /// assert_eq!(g.rotated_cw().to_string(), "da\neb\nfc\n");
    /// ```
    pub fn rotated_cw(&self) -> Grid<T> {
        let rows = self.rows();
        // out(i, j) = in(rows - 1 - j, i)
        self.remapped(self.cols(), rows, |i, j| (rows - 1 - j, i))
    }

    /// A copy turned a quarter turn counter-clockwise.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("abc\ndef").unwrap();
    /// assert_eq!(g.rotated_ccw().to_string(), "cf\nbe\nad\n");
    /// ```
    pub fn rotated_ccw(&self) -> Grid<T> {
        let cols = self.cols();
        self.remapped(cols, self.rows(), |i, j| (j, cols - 1 - i))
    }

    /// A copy turned half a turn.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("abc\ndef").unwrap();
    /// assert_eq!(g.rotated_180().to_string(), "fed\ncba\n");
    /// ```
    pub fn rotated_180(&self) -> Grid<T> {
        let cells = self.as_slice().iter().rev().cloned().collect();
        Grid::from_vec(self.rows(), self.cols(), cells)
    }

    /// A copy mirrored over the main diagonal: `out[(c, r)] == self[(r, c)]`.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("abc\ndef").unwrap();
    /// assert_eq!(g.transposed().to_string(), "ad\nbe\ncf\n");
    /// ```
    pub fn transposed(&self) -> Grid<T> {
        self.remapped(self.cols(), self.rows(), |i, j| (j, i))
    }

    /// Turns the board a quarter turn clockwise in place (its shape changes if not square).
    ///
    /// ```
    /// let mut g = grid_core::Grid::from_lines("ab").unwrap();
    /// g.rotate_cw();
    /// assert_eq!(g.to_string(), "a\nb\n");
    /// ```
    pub fn rotate_cw(&mut self) {
        *self = self.rotated_cw();
    }

    /// Turns the board a quarter turn counter-clockwise in place.
    ///
    /// ```
    /// let mut g = grid_core::Grid::from_lines("ab").unwrap();
    /// g.rotate_ccw();
    /// assert_eq!(g.to_string(), "b\na\n");
    /// ```
    pub fn rotate_ccw(&mut self) {
        *self = self.rotated_ccw();
    }

    /// Turns the board half a turn in place.
    ///
    /// ```
    /// let mut g = grid_core::Grid::from_lines("ab\ncd").unwrap();
    /// g.rotate_180();
    /// assert_eq!(g.to_string(), "dc\nba\n");
    /// ```
    pub fn rotate_180(&mut self) {
        self.as_mut_slice().reverse();
    }

    /// Builds a `rows x cols` board whose cell `(i, j)` is `self[source(i, j)]`, tile by tile.
    fn remapped(
        &self,
        rows: usize,
        cols: usize,
        source: impl Fn(usize, usize) -> (usize, usize),
    ) -> Grid<T> {
        let first = match self.as_slice().first() {
            Some(cell) => cell.clone(),
            None => return Grid::from_vec(rows, cols, Vec::new()),
        };
        let src = self.as_slice();
        let src_cols = self.cols();
        let mut out = vec![first; rows * cols];
        for i0 in (0..rows).step_by(TILE) {
            for j0 in (0..cols).step_by(TILE) {
                for i in i0..(i0 + TILE).min(rows) {
                    let line = &mut out[i * cols..(i + 1) * cols];
                    for (j, slot) in line
                        .iter_mut()
                        .enumerate()
                        .take((j0 + TILE).min(cols))
                        .skip(j0)
                    {
                        let (r, c) = source(i, j);
                        *slot = src[r * src_cols + c].clone();
                    }
                }
            }
        }
        Grid::from_vec(rows, cols, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every 0/1 board of every shape up to 4x4 (rows or cols may be 0 too).
    fn all_small_boards() -> impl Iterator<Item = Grid<u8>> {
        (0..=4usize).flat_map(|rows| {
            (0..=4usize).flat_map(move |cols| {
                let n = rows * cols;
                (0u32..1 << n).map(move |mask| {
                    Grid::from_vec(rows, cols, (0..n).map(|i| (mask >> i & 1) as u8).collect())
                })
            })
        })
    }

    #[test]
    fn rotations_agree_with_their_definitions_on_every_board_up_to_4x4() {
        for g in all_small_boards() {
            let cw = g.rotated_cw();
            assert_eq!((cw.rows(), cw.cols()), (g.cols(), g.rows()));
            for (r, c) in g.positions() {
                assert_eq!(cw[(c, g.rows() - 1 - r)], g[(r, c)]);
                assert_eq!(g.transposed()[(c, r)], g[(r, c)]);
            }
            assert_eq!(cw.rotated_cw().rotated_cw().rotated_cw(), g);
            assert_eq!(g.rotated_ccw(), cw.rotated_cw().rotated_cw());
            assert_eq!(g.rotated_180(), cw.rotated_cw());
            assert_eq!(g.transposed().transposed(), g);
            let mut in_place = g.clone();
            in_place.rotate_cw();
            assert_eq!(in_place, cw);
            in_place.rotate_ccw();
            assert_eq!(in_place, g);
            in_place.rotate_180();
            assert_eq!(in_place, g.rotated_180());
        }
    }

    #[test]
    fn large_non_square_rotation_crosses_tile_edges() {
        let g = Grid::from_vec(70, 45, (0..70 * 45).collect::<Vec<u32>>());
        let cw = g.rotated_cw();
        for (r, c) in g.positions() {
            assert_eq!(cw[(c, 69 - r)], g[(r, c)]);
        }
        assert_eq!(cw.rotated_ccw(), g);
    }
}
