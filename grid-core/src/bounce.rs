//! One step that bounces off the border: when the step would leave the board, the direction
//! reverses and the step is taken the other way.

use super::dir::Dir;
use super::grid::{Grid, Pos};

impl<T> Grid<T> {
    /// One step from `pos` toward `dir`, bouncing at the border: when that leaves the board, the
    /// direction is reversed first and the step taken that way. Returns the new cell and the
    /// direction now moving (the reversed one after a bounce), or `None` when neither way stays
    /// on the board (a line one cell long).
    ///
    /// ```
    /// use grid_core::{Dir, Grid};
    /// let g = Grid::new(2, 3, 0);
    /// assert_eq!(g.step_bouncing((0, 1), Dir::Right), Some(((0, 2), Dir::Right)));
    /// assert_eq!(g.step_bouncing((0, 2), Dir::Right), Some(((0, 1), Dir::Left)));
    /// assert_eq!(g.step_bouncing((0, 0), Dir::Up), Some(((1, 0), Dir::Down)));
    /// assert_eq!(Grid::new(1, 3, 0).step_bouncing((0, 1), Dir::Up), None);
    /// ```
    pub fn step_bouncing(&self, pos: Pos, dir: Dir) -> Option<(Pos, Dir)> {
        match self.step(pos, dir) {
            Some(next) => Some((next, dir)),
            None => {
                let back = dir.reverse();
                self.step(pos, back).map(|next| (next, back))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_and_direction_of_every_shape_up_to_4x4_bounces_like_a_plain_walk() {
        for rows in 1..=4usize {
            for cols in 1..=4usize {
                let g = Grid::new(rows, cols, ());
                for pos in g.positions() {
                    for dir in Dir::ALL {
                        let (dr, dc) = dir.delta();
                        let inside = |dr: isize, dc: isize| {
                            let (r, c) = (pos.0 as isize + dr, pos.1 as isize + dc);
                            if r >= 0 && c >= 0 && r < rows as isize && c < cols as isize {
                                Some((r as usize, c as usize))
                            } else {
                                None
                            }
                        };
                        let expected = match inside(dr, dc) {
                            Some(p) => Some((p, dir)),
                            None => inside(-dr, -dc).map(|p| (p, dir.reverse())),
                        };
                        assert_eq!(
                            g.step_bouncing(pos, dir),
                            expected,
                            "{rows}x{cols} {pos:?} {dir:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn walking_a_line_goes_back_and_forth_between_its_ends() {
        let g = Grid::new(1, 3, ());
        let (mut pos, mut dir) = ((0, 0), Dir::Right);
        let mut cols = Vec::new();
        for _ in 0..6 {
            let next = g.step_bouncing(pos, dir).unwrap();
            pos = next.0;
            dir = next.1;
            cols.push(pos.1);
        }
        assert_eq!(cols, vec![1, 2, 1, 0, 1, 2]);
    }
}
