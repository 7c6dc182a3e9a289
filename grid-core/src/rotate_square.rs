//! In-place quarter turns of square parts of a board: one square anywhere, or every tile of a
//! tiling into equal squares (the other cells stay where they are).

use super::grid::{Grid, Pos};

impl<T> Grid<T> {
    /// Turns the `side x side` square whose top-left cell is `top_left` a quarter turn clockwise,
    /// in place; cells outside it do not move. A side of 0 changes nothing.
    ///
    /// # Panics
    /// When the square does not fit on the board.
    ///
    /// # Complexity
    /// O(side * side) swaps, no allocation and no `Clone`.
    ///
    /// ```
    /// let mut g = grid_core::Grid::from_lines("abc\ndef\nghi").unwrap();
    /// g.rotate_square_cw((1, 1), 2);
    /// assert_eq!(g.to_string(), "abc\ndhe\ngif\n");
    /// ```
    pub fn rotate_square_cw(&mut self, top_left: Pos, side: usize) {
        self.check_square(top_left, side);
        self.turn_square(top_left, side, true);
    }

    /// Turns the `side x side` square whose top-left cell is `top_left` a quarter turn
    /// counter-clockwise, in place; cells outside it do not move.
    ///
    /// # Panics
    /// When the square does not fit on the board.
    ///
    /// ```
    /// let mut g = grid_core::Grid::from_lines("abc\ndef\nghi").unwrap();
    /// g.rotate_square_ccw((0, 0), 2);
    /// assert_eq!(g.to_string(), "bec\nadf\nghi\n");
    /// ```
    pub fn rotate_square_ccw(&mut self, top_left: Pos, side: usize) {
        self.check_square(top_left, side);
        self.turn_square(top_left, side, false);
    }

    /// Cuts the board into `side x side` tiles aligned at multiples of `side` and turns every
    /// tile a quarter turn clockwise in place (a tile size of 1 changes nothing; the board's
    /// own side turns the whole square board).
    ///
    /// # Panics
    /// When `side` is 0 or does not divide both the number of rows and of columns.
    ///
    /// # Complexity
    /// O(rows * cols) swaps, no allocation.
    ///
    /// ```
    /// let mut g = grid_core::Grid::from_lines("abcd\nefgh").unwrap();
    /// g.rotate_tiles_cw(2);
    /// assert_eq!(g.to_string(), "eagc\nfbhd\n");
    /// ```
    pub fn rotate_tiles_cw(&mut self, side: usize) {
        self.turn_tiles(side, true);
    }

    /// Turns every `side x side` tile a quarter turn counter-clockwise in place, like
    /// [`Grid::rotate_tiles_cw`] the other way.
    ///
    /// # Panics
    /// When `side` is 0 or does not divide both the number of rows and of columns.
    ///
    /// ```
    /// let mut g = grid_core::Grid::from_lines("abcd\nefgh").unwrap();
    /// g.rotate_tiles_ccw(2);
    /// assert_eq!(g.to_string(), "bfdh\naecg\n");
    /// ```
    pub fn rotate_tiles_ccw(&mut self, side: usize) {
        self.turn_tiles(side, false);
    }

    fn check_square(&self, top_left: Pos, side: usize) {
        let fits = side <= self.rows()
            && side <= self.cols()
            && top_left.0 <= self.rows() - side
            && top_left.1 <= self.cols() - side;
        assert!(
            fits,
            "a {side}x{side} square at {top_left:?} does not fit on a {}x{} grid",
            self.rows(),
            self.cols()
        );
    }

    fn turn_tiles(&mut self, side: usize, clockwise: bool) {
        let (rows, cols) = (self.rows(), self.cols());
        assert!(
            side > 0 && rows % side == 0 && cols % side == 0,
            "tiles of side {side} do not tile a {rows}x{cols} grid"
        );
        for top in (0..rows).step_by(side) {
            for left in (0..cols).step_by(side) {
                self.turn_square((top, left), side, clockwise);
            }
        }
    }

    /// Turns a square known to fit, ring by ring, one four-cell cycle at a time.
    fn turn_square(&mut self, (top, left): Pos, side: usize, clockwise: bool) {
        let cols = self.cols();
        let cells = self.as_mut_slice();
        let at = |r: usize, c: usize| (top + r) * cols + left + c;
        let last = side.saturating_sub(1);
        for ring in 0..side / 2 {
            for k in ring..last - ring {
                // A clockwise turn moves a -> b -> c -> d -> a.
                let a = at(ring, k);
                let b = at(k, last - ring);
                let c = at(last - ring, last - k);
                let d = at(last - k, ring);
                if clockwise {
                    cells.swap(a, b);
                    cells.swap(a, c);
                    cells.swap(a, d);
                } else {
                    cells.swap(a, d);
                    cells.swap(a, c);
                    cells.swap(a, b);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::rect::Rect;
    use super::{Grid, Pos};

    /// Every 0/1 board of the given shape.
    fn all_binary_boards(rows: usize, cols: usize) -> impl Iterator<Item = Grid<u8>> {
        let n = rows * cols;
        (0u32..1 << n).map(move |mask| {
            Grid::from_vec(rows, cols, (0..n).map(|i| (mask >> i & 1) as u8).collect())
        })
    }

    /// The part of `g` inside `r`, as a board of its own.
    fn extract(g: &Grid<u8>, r: Rect) -> Grid<u8> {
        Grid::from_vec(r.height, r.width, r.positions().map(|p| g[p]).collect())
    }

    /// `g` with the part inside `r` replaced by `part`.
    fn paste(g: &Grid<u8>, r: Rect, part: &Grid<u8>) -> Grid<u8> {
        let mut out = g.clone();
        for (i, p) in r.positions().enumerate() {
            out[p] = part.as_slice()[i];
        }
        out
    }

    fn square(top_left: Pos, side: usize) -> Rect {
        Rect {
            top: top_left.0,
            left: top_left.1,
            height: side,
            width: side,
        }
    }

    #[test]
    fn a_square_turns_like_the_copy_of_it_on_every_binary_board_up_to_4x4() {
        for rows in 1..=4 {
            for cols in 1..=4 {
                for g in all_binary_boards(rows, cols) {
                    for side in 0..=rows.min(cols) {
                        for top in 0..=rows - side {
                            for left in 0..=cols - side {
                                let r = square((top, left), side);
                                let part = extract(&g, r);
                                let mut cw = g.clone();
                                cw.rotate_square_cw((top, left), side);
                                assert_eq!(cw, paste(&g, r, &part.rotated_cw()), "{g:?} {r:?}");
                                let mut ccw = g.clone();
                                ccw.rotate_square_ccw((top, left), side);
                                assert_eq!(ccw, paste(&g, r, &part.rotated_ccw()), "{g:?} {r:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn tiles_turn_like_the_copies_of_them_on_every_binary_4x4_2x4_and_4x2_board() {
        for (rows, cols) in [(4, 4), (2, 4), (4, 2), (1, 3)] {
            for g in all_binary_boards(rows, cols) {
                for side in (1..=rows.min(cols)).filter(|s| rows % s == 0 && cols % s == 0) {
                    let (mut cw, mut ccw) = (g.clone(), g.clone());
                    cw.rotate_tiles_cw(side);
                    ccw.rotate_tiles_ccw(side);
                    let (mut want_cw, mut want_ccw) = (g.clone(), g.clone());
                    for top in (0..rows).step_by(side) {
                        for left in (0..cols).step_by(side) {
                            let r = square((top, left), side);
                            let part = extract(&g, r);
                            want_cw = paste(&want_cw, r, &part.rotated_cw());
                            want_ccw = paste(&want_ccw, r, &part.rotated_ccw());
                        }
                    }
                    assert_eq!(cw, want_cw, "{g:?} {side}");
                    assert_eq!(ccw, want_ccw, "{g:?} {side}");
                    if side == rows && side == cols {
                        assert_eq!(cw, g.rotated_cw());
                    }
                    if side == 1 {
                        assert_eq!(cw, g);
                    }
                }
            }
        }
    }

    #[test]
    fn four_turns_and_a_turn_back_are_the_identity() {
        let g = Grid::from_vec(8, 8, (0..64).collect::<Vec<u32>>());
        for side in [1, 2, 4, 8] {
            let mut t = g.clone();
            t.rotate_tiles_cw(side);
            t.rotate_tiles_ccw(side);
            assert_eq!(t, g);
            for _ in 0..4 {
                t.rotate_tiles_cw(side);
            }
            assert_eq!(t, g);
            let mut twice = g.clone();
            twice.rotate_tiles_cw(side);
            twice.rotate_tiles_cw(side);
            let mut back = g.clone();
            back.rotate_tiles_ccw(side);
            back.rotate_tiles_ccw(side);
            assert_eq!(twice, back, "two turns either way are half a turn");
        }
        for side in 0..=5 {
            let mut t = g.clone();
            for _ in 0..4 {
                t.rotate_square_ccw((2, 3), side);
            }
            assert_eq!(t, g);
            t.rotate_square_cw((3, 1), side);
            t.rotate_square_ccw((3, 1), side);
            assert_eq!(t, g);
        }
    }

    #[test]
    fn odd_tiles_and_large_tiles_match_a_direct_formula() {
        // A 6x9 board in 3x3 tiles: cell (r, c) of a tile goes to (c, side - 1 - r).
        let g = Grid::from_vec(6, 9, (0..54).collect::<Vec<u32>>());
        let mut t = g.clone();
        t.rotate_tiles_cw(3);
        for (r, c) in g.positions() {
            let (tr, tc) = (r / 3 * 3, c / 3 * 3);
            let (i, j) = (r - tr, c - tc);
            assert_eq!(t[(tr + j, tc + 2 - i)], g[(r, c)]);
        }
        let big = Grid::from_vec(64, 64, (0..64 * 64).collect::<Vec<u32>>());
        let mut whole = big.clone();
        whole.rotate_tiles_cw(64);
        assert_eq!(whole, big.rotated_cw());
    }

    #[test]
    #[should_panic(expected = "does not fit on a 3x3 grid")]
    fn a_square_off_the_board_panics() {
        Grid::new(3, 3, 0u8).rotate_square_cw((2, 1), 2);
    }

    #[test]
    #[should_panic(expected = "do not tile a 4x6 grid")]
    fn tiles_that_do_not_divide_the_board_panic() {
        Grid::new(4, 6, 0u8).rotate_tiles_cw(4);
    }

    #[test]
    #[should_panic(expected = "do not tile")]
    fn tiles_of_side_zero_panic() {
        Grid::new(4, 4, 0u8).rotate_tiles_ccw(0);
    }
}
