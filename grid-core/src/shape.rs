//! Polyomino shapes: cell sets normalised to the origin, rotated, and compared up to rotation.

use super::grid::Pos;
use super::rect::Rect;

/// A set of cells moved so its bounding box starts at `(0, 0)`, kept sorted: two `Shape`s are
/// equal exactly when one is a translation of the other.
///
/// ```
/// let s = grid_core::Shape::new([(3, 3), (3, 4)]);
/// assert_eq!(s.cells(), &[(0, 0), (0, 1)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Pos>,
    height: usize,
    width: usize,
}

impl Shape {
    /// Normalises any cells (duplicates are dropped).
    ///
    /// ```
    /// use grid_core::Shape;
    /// let s = Shape::new([(5, 4), (5, 3), (6, 3)]);
    /// assert_eq!(s.cells(), &[(0, 0), (0, 1), (1, 0)]);
    /// assert_eq!(s, Shape::new([(0, 1), (0, 0), (1, 0)]));
    /// ```
    pub fn new(cells: impl IntoIterator<Item = Pos>) -> Shape {
        let mut cells: Vec<Pos> = cells.into_iter().collect();
        let bounds = match Rect::bounding(cells.iter().copied()) {
            Some(b) => b,
            None => {
                return Shape {
                    cells,
                    height: 0,
                    width: 0,
                }
            }
        };
        for cell in &mut cells {
            *cell = (cell.0 - bounds.top, cell.1 - bounds.left);
        }
        cells.sort_unstable();
        cells.dedup();
        Shape {
            cells,
            height: bounds.height,
            width: bounds.width,
        }
    }

    /// The cells, sorted row-major, with the bounding box at the origin.
    ///
    /// ```
    /// assert_eq!(grid_core::Shape::new([(1, 0), (0, 0)]).cells(), &[(0, 0), (1, 0)]);
    /// ```
    pub fn cells(&self) -> &[Pos] {
        &self.cells
    }

    /// Number of cells.
    ///
    /// ```
    /// assert_eq!(grid_core::Shape::new([(0, 0), (0, 1), (0, 0)]).len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the shape has no cells.
    ///
    /// ```
    /// assert!(grid_core::Shape::new([]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Rows of the bounding box.
    ///
    /// ```
    /// assert_eq!(grid_core::Shape::new([(0, 0), (2, 0)]).height(), 3);
    /// ```
    pub fn height(&self) -> usize {
        self.height
    }

    /// Columns of the bounding box.
    ///
    /// ```
    /// assert_eq!(grid_core::Shape::new([(0, 0), (2, 0)]).width(), 1);
    /// ```
    pub fn width(&self) -> usize {
        self.width
    }

    /// The shape turned a quarter turn clockwise.
    ///
    /// ```
    /// use grid_core::Shape;
    /// // ##      #
    /// //    ->   #
    /// let bar = Shape::new([(0, 0), (0, 1)]);
    /// assert_eq!(bar.rotated_cw(), Shape::new([(0, 0), (1, 0)]));
    /// ```
    pub fn rotated_cw(&self) -> Shape {
        let h = self.height;
        Shape::new(self.cells.iter().map(|&(r, c)| (c, h - 1 - r)))
    }

    /// A representative equal for two shapes exactly when one is a rotation of the other
    /// (mirror images stay different): the least of the four rotations.
    ///
    /// ```
    /// use grid_core::Shape;
    /// let l = Shape::new([(0, 0), (1, 0), (2, 0), (2, 1)]);
    /// let j = Shape::new([(0, 1), (1, 1), (2, 1), (2, 0)]);
    /// assert_eq!(l.canonical(), l.rotated_cw().rotated_cw().canonical());
    /// assert_ne!(l.canonical(), j.canonical());
    /// ```
    pub fn canonical(&self) -> Shape {
        // Turning (r, c) to (c, h - 1 - r) keeps the cells at the origin, so the three other
        // rotations can be made in one buffer; shapes order by their sorted cells.
        let mut best = self.clone();
        let mut cells = self.cells.clone();
        let (mut height, mut width) = (self.height, self.width);
        for _ in 0..3 {
            for cell in cells.iter_mut() {
                *cell = (cell.1, height - 1 - cell.0);
            }
            std::mem::swap(&mut height, &mut width);
            cells.sort_unstable();
            if cells < best.cells {
                best.cells.clone_from(&cells);
                best.height = height;
                best.width = width;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Every fixed polyomino (up to translation) of each size 1..=max, grown cell by cell.
    fn fixed_polyominoes(max: usize) -> Vec<HashSet<Shape>> {
        let mut by_size = vec![HashSet::new(); max + 1];
        by_size[1].insert(Shape::new([(0, 0)]));
        for n in 1..max {
            let grown: Vec<Shape> = by_size[n].iter().cloned().collect();
            for shape in grown {
                for &(r, c) in shape.cells() {
                    // Shift by one so that growing up or left stays in usize.
                    let near = [(r, c + 1), (r + 2, c + 1), (r + 1, c), (r + 1, c + 2)];
                    for extra in near {
                        let moved = shape.cells().iter().map(|&(a, b)| (a + 1, b + 1));
                        let bigger = Shape::new(moved.chain([extra]));
                        if bigger.len() == n + 1 {
                            by_size[n + 1].insert(bigger);
                        }
                    }
                }
            }
        }
        by_size
    }

    #[test]
    fn canonical_forms_count_the_one_sided_polyominoes() {
        let fixed = fixed_polyominoes(6);
        let fixed_counts: Vec<usize> = fixed[1..].iter().map(HashSet::len).collect();
        assert_eq!(fixed_counts, vec![1, 2, 6, 19, 63, 216]);
        let one_sided: Vec<usize> = fixed[1..]
            .iter()
            .map(|set| {
                set.iter()
                    .map(Shape::canonical)
                    .collect::<HashSet<_>>()
                    .len()
            })
            .collect();
        assert_eq!(one_sided, vec![1, 1, 2, 7, 18, 60]);
    }

    #[test]
    fn four_turns_are_the_identity_and_canonical_is_rotation_invariant() {
        for set in fixed_polyominoes(6) {
            for shape in set {
                let once = shape.rotated_cw();
                assert_eq!(
                    (once.height(), once.width()),
                    (shape.width(), shape.height())
                );
                assert_eq!(once.rotated_cw().rotated_cw().rotated_cw(), shape);
                assert_eq!(once.canonical(), shape.canonical());
            }
        }
    }

    #[test]
    fn mirror_images_of_chiral_pieces_differ() {
        // S and Z tetrominoes.
        let s = Shape::new([(0, 1), (0, 2), (1, 0), (1, 1)]);
        let z = Shape::new([(0, 0), (0, 1), (1, 1), (1, 2)]);
        assert_ne!(s.canonical(), z.canonical());
    }

    #[test]
    fn empty_shape_is_empty() {
        let s = Shape::new([]);
        assert!(s.is_empty());
        assert_eq!(s.canonical(), s);
    }
}
