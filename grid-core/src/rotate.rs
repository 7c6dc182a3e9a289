//! Whole-board rotation and transposition, for boards of any shape.

use super::grid::Grid;

/// Bytes of one square tile the copy loops walk (about a sixth of a small L1 cache), so both
/// the read and the write side of a tile stay in cache.
const TILE_BYTES: usize = 4096;

/// Side of the square tiles for cells of type `T`: 64 for bytes, smaller for larger cells,
/// never below 8.
fn tile_side<T>() -> usize {
    let size = std::mem::size_of::<T>().max(1);
    let mut side = 64;
    while side > 8 && side * side * size > TILE_BYTES {
        side /= 2;
    }
    side
}

impl<T: Clone> Grid<T> {
    /// A copy turned a quarter turn clockwise: a `r x c` board becomes `c x r`.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("abc\ndef").unwrap();
    /// assert_eq!(g.rotated_cw().to_string(), "da\neb\nfc\n");
    /// ```
    pub fn rotated_cw(&self) -> Grid<T> {
        // Row i of the result is column i read from the bottom up.
        self.columns_as_rows(|i| i, true)
    }

    /// A copy turned a quarter turn counter-clockwise.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("abc\ndef").unwrap();
    /// assert_eq!(g.rotated_ccw().to_string(), "cf\nbe\nad\n");
    /// ```
    pub fn rotated_ccw(&self) -> Grid<T> {
        // Row i of the result is column cols - 1 - i read from the top down.
        let last = self.cols().wrapping_sub(1);
        self.columns_as_rows(|i| last - i, false)
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
        self.columns_as_rows(|i| i, false)
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

    /// Builds the `cols x rows` board whose row `i` is column `column(i)` of this board, read
    /// from the top down or (with `bottom_up`) from the bottom up. The work goes tile by tile:
    /// each tile writes whole stretches of result rows in order and reads a few cache lines of
    /// every source row it crosses, so both sides stay in cache on any board.
    fn columns_as_rows(&self, column: impl Fn(usize) -> usize, bottom_up: bool) -> Grid<T> {
        let (rows, cols) = (self.rows(), self.cols());
        let src = self.as_slice();
        let first = match src.first() {
            Some(cell) => cell.clone(),
            None => return Grid::from_vec(cols, rows, Vec::new()),
        };
        let mut out = vec![first; rows * cols];
        let tile = tile_side::<T>();
        for j0 in (0..rows).step_by(tile) {
            let j1 = (j0 + tile).min(rows);
            for i0 in (0..cols).step_by(tile) {
                for i in i0..(i0 + tile).min(cols) {
                    let c = column(i);
                    let line = &mut out[i * rows + j0..i * rows + j1];
                    if bottom_up {
                        // Result (i, j) is source (rows - 1 - j, c).
                        let mut from = (rows - 1 - j0) * cols + c;
                        for slot in line {
                            *slot = src[from].clone();
                            from = from.wrapping_sub(cols);
                        }
                    } else {
                        let mut from = j0 * cols + c;
                        for slot in line {
                            *slot = src[from].clone();
                            from += cols;
                        }
                    }
                }
            }
        }
        Grid::from_vec(cols, rows, out)
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

    #[test]
    fn every_tile_size_crosses_tile_edges_the_same_way() {
        // Bytes (tiles of 64), wide cells (tiles of 8) and cells that own memory.
        let bytes = Grid::from_vec(130, 75, (0..130 * 75).map(|i| i as u8).collect());
        let wide = bytes.map(|&v| [u64::from(v); 4]);
        let owned = bytes.map(|v| v.to_string());
        for (r, c) in bytes.positions() {
            let v = bytes[(r, c)];
            assert_eq!(bytes.rotated_cw()[(c, 129 - r)], v);
            assert_eq!(bytes.rotated_ccw()[(74 - c, r)], v);
            assert_eq!(bytes.transposed()[(c, r)], v);
        }
        assert_eq!(
            wide.rotated_cw(),
            bytes.rotated_cw().map(|&v| [u64::from(v); 4])
        );
        assert_eq!(
            wide.rotated_ccw(),
            bytes.rotated_ccw().map(|&v| [u64::from(v); 4])
        );
        assert_eq!(
            owned.transposed(),
            bytes.transposed().map(|v| v.to_string())
        );
        assert_eq!(
            owned.rotated_cw(),
            bytes.rotated_cw().map(|v| v.to_string())
        );
    }
}
