//! The border ("ring") of a rectangle: its cells in clockwise order, and turning every value on
//! it one cell clockwise or counter-clockwise (the inside does not move).

use super::grid::{Grid, Pos};
use super::rect::Rect;

impl Rect {
    /// Number of cells on the border: `2 * (height + width) - 4` for a rectangle at least 2 x 2,
    /// all of its cells for one a single cell high or wide, 0 for an empty one.
    ///
    /// ```
    /// use grid_core::Rect;
    /// assert_eq!(Rect { top: 0, left: 0, height: 3, width: 4 }.ring_len(), 10);
    /// assert_eq!(Rect { top: 0, left: 0, height: 1, width: 4 }.ring_len(), 4);
    /// assert_eq!(Rect { top: 0, left: 0, height: 0, width: 4 }.ring_len(), 0);
    /// ```
    pub fn ring_len(&self) -> usize {
        match (self.height, self.width) {
            (0, _) | (_, 0) => 0,
            (1, w) => w,
            (h, 1) => h,
            (h, w) => 2 * (h + w) - 4,
        }
    }

    /// The border cell `k` steps clockwise from the top-left corner (`k < ring_len()`): along
    /// the top row to the right, down the right column, left along the bottom row, up the left
    /// column. A rectangle one row high is walked left to right, one column wide top to bottom.
    fn ring_nth(&self, k: usize) -> Pos {
        let (top, left) = (self.top, self.left);
        if self.height == 1 {
            return (top, left + k);
        }
        if self.width == 1 {
            return (top + k, left);
        }
        let (across, down) = (self.width - 1, self.height - 1);
        let (bottom, right) = (top + down, left + across);
        if k < across {
            (top, left + k)
        } else if k < across + down {
            (top + (k - across), right)
        } else if k < 2 * across + down {
            (bottom, right - (k - across - down))
        } else {
            (bottom - (k - 2 * across - down), left)
        }
    }

    /// The border's cells, each once, clockwise from the top-left corner: right along the top
    /// row, down the right column, left along the bottom row, up the left column. A rectangle
    /// one row high gives its cells left to right, one column wide top to bottom.
    ///
    /// ```
    /// use grid_core::Rect;
    /// let ring: Vec<_> = Rect { top: 1, left: 1, height: 3, width: 2 }.ring().collect();
    /// assert_eq!(ring, vec![(1, 1), (1, 2), (2, 2), (3, 2), (3, 1), (2, 1)]);
    /// ```
    pub fn ring(&self) -> impl Iterator<Item = Pos> {
        let rect = *self;
        (0..rect.ring_len()).map(move |k| rect.ring_nth(k))
    }
}

impl<T> Grid<T> {
    /// Moves every value on the border of `rect` one cell clockwise along it, in place (the
    /// value in the top-left corner goes right, the one below it goes up into the corner);
    /// cells inside the border and outside `rect` do not move. On a rectangle one row high the
    /// values shift one cell right and the last comes round to the first; one column wide, one
    /// cell down.
    ///
    /// # Panics
    /// When `rect` does not lie on the board.
    ///
    /// # Complexity
    /// O(height + width) swaps, no allocation and no `Clone`.
    ///
    /// ```
    /// use grid_core::{Grid, Rect};
    /// let mut g = Grid::from_lines("abcd\nefgh\nijkl").unwrap();
    /// g.rotate_ring_cw(Rect { top: 0, left: 0, height: 3, width: 3 });
    /// assert_eq!(g.to_string(), "eabd\nifch\njkgl\n");
    /// ```
    pub fn rotate_ring_cw(&mut self, rect: Rect) {
        self.check_rect(rect);
        for k in (1..rect.ring_len()).rev() {
            self.swap_cells(rect.ring_nth(k), rect.ring_nth(k - 1));
        }
    }

    /// Moves every value on the border of `rect` one cell counter-clockwise along it, in place
    /// (the top-left corner's value goes down, the one right of it comes into the corner): the
    /// undoing of [`Grid::rotate_ring_cw`].
    ///
    /// # Panics
    /// When `rect` does not lie on the board.
    ///
    /// ```
    /// use grid_core::{Grid, Rect};
    /// let mut g = Grid::from_lines("abcd\nefgh\nijkl").unwrap();
    /// g.rotate_ring_ccw(Rect { top: 1, left: 0, height: 2, width: 4 });
    /// assert_eq!(g.to_string(), "abcd\nfghl\neijk\n");
    /// ```
    pub fn rotate_ring_ccw(&mut self, rect: Rect) {
        self.check_rect(rect);
        for k in 1..rect.ring_len() {
            self.swap_cells(rect.ring_nth(k - 1), rect.ring_nth(k));
        }
    }

    fn check_rect(&self, rect: Rect) {
        let fits = rect
            .top
            .checked_add(rect.height)
            .map_or(false, |b| b <= self.rows())
            && rect
                .left
                .checked_add(rect.width)
                .map_or(false, |r| r <= self.cols());
        assert!(
            fits,
            "{rect:?} does not fit on a {}x{} grid",
            self.rows(),
            self.cols()
        );
    }

    fn swap_cells(&mut self, a: Pos, b: Pos) {
        let cols = self.cols();
        self.as_mut_slice().swap(a.0 * cols + a.1, b.0 * cols + b.1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dir::Dir;

    /// The border walked plainly: from the top-left corner go right, then down, left and up,
    /// turning where the next step would leave the rectangle, until back at the start (a single
    /// row or column is just its cells in order).
    fn walked_ring(rect: Rect) -> Vec<Pos> {
        if rect.height == 0 || rect.width == 0 {
            return Vec::new();
        }
        if rect.height == 1 || rect.width == 1 {
            return rect.positions().collect();
        }
        let mut ring = vec![(rect.top, rect.left)];
        let mut at = (rect.top as isize, rect.left as isize);
        for dir in [Dir::Right, Dir::Down, Dir::Left, Dir::Up] {
            let (dr, dc) = dir.delta();
            loop {
                let next = (at.0 + dr, at.1 + dc);
                if next.0 < 0 || next.1 < 0 || !rect.contains((next.0 as usize, next.1 as usize)) {
                    break;
                }
                at = next;
                ring.push((at.0 as usize, at.1 as usize));
            }
        }
        assert_eq!(ring.pop(), Some((rect.top, rect.left)), "the walk closes");
        ring
    }

    /// Every rectangle on a board of every shape up to 5 x 5, the board's cells all different.
    fn every_rect_on_every_board() -> impl Iterator<Item = (Grid<usize>, Rect)> {
        (0..=5usize).flat_map(|rows| {
            (0..=5usize).flat_map(move |cols| {
                let board = Grid::from_vec(rows, cols, (0..rows * cols).collect());
                (0..=rows).flat_map(move |top| {
                    let board = board.clone();
                    (0..=cols).flat_map(move |left| {
                        let board = board.clone();
                        (0..=rows - top).flat_map(move |height| {
                            let board = board.clone();
                            (0..=cols - left).map(move |width| {
                                let rect = Rect {
                                    top,
                                    left,
                                    height,
                                    width,
                                };
                                (board.clone(), rect)
                            })
                        })
                    })
                })
            })
        })
    }

    #[test]
    fn rotations_move_each_border_value_one_cell_along_the_walked_border_and_nothing_else() {
        let mut tried = 0;
        for (board, rect) in every_rect_on_every_board() {
            let ring = walked_ring(rect);
            assert_eq!(rect.ring().collect::<Vec<_>>(), ring, "{rect:?}");
            assert_eq!(rect.ring_len(), ring.len());
            let mut expected_cw = board.clone();
            let mut expected_ccw = board.clone();
            for (k, &p) in ring.iter().enumerate() {
                let next = ring[(k + 1) % ring.len()];
                expected_cw[next] = board[p];
                expected_ccw[p] = board[next];
            }
            let mut cw = board.clone();
            cw.rotate_ring_cw(rect);
            assert_eq!(cw, expected_cw, "{rect:?}\n{board}");
            let mut ccw = board.clone();
            ccw.rotate_ring_ccw(rect);
            assert_eq!(ccw, expected_ccw, "{rect:?}\n{board}");
            // Turning the whole ring round comes back.
            for _ in 1..ring.len() {
                cw.rotate_ring_cw(rect);
            }
            assert_eq!(cw, board);
            tried += 1;
        }
        assert!(tried > 2000, "{tried} rectangles");
    }

    #[test]
    #[should_panic(expected = "does not fit on a 3x3 grid")]
    fn a_rect_off_the_board_panics() {
        let mut g = Grid::new(3, 3, 0u8);
        g.rotate_ring_cw(Rect {
            top: 1,
            left: 1,
            height: 3,
            width: 2,
        });
    }

    #[test]
    #[should_panic(expected = "does not fit")]
    fn a_rect_whose_end_overflows_panics_instead_of_wrapping() {
        let mut g = Grid::new(3, 3, 0u8);
        g.rotate_ring_ccw(Rect {
            top: usize::MAX,
            left: 0,
            height: 2,
            width: 2,
        });
    }
}
