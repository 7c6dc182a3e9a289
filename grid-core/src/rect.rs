//! Axis-aligned rectangles of cells, such as the bounding box of a component.

use super::grid::Pos;

/// A rectangle of cells: `height` rows from `top`, `width` columns from `left`.
///
/// ```
/// let r = grid_core::Rect { top: 0, left: 1, height: 2, width: 3 };
/// assert_eq!(r.positions().count(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    /// First row.
    pub top: usize,
    /// First column.
    pub left: usize,
    /// Number of rows.
    pub height: usize,
    /// Number of columns.
    pub width: usize,
}

impl Rect {
    /// The smallest rectangle holding every cell, or `None` for no cells.
    ///
    /// ```
    /// use grid_core::Rect;
    /// let r = Rect::bounding([(2, 5), (1, 7), (3, 6)]).unwrap();
    /// assert_eq!(r, Rect { top: 1, left: 5, height: 3, width: 3 });
    /// assert_eq!(Rect::bounding([]), None);
    /// ```
    pub fn bounding(cells: impl IntoIterator<Item = Pos>) -> Option<Rect> {
        let mut it = cells.into_iter();
        let first = it.next()?;
        let (mut top, mut left, mut bottom, mut right) = (first.0, first.1, first.0, first.1);
        for (r, c) in it {
            top = top.min(r);
            bottom = bottom.max(r);
            left = left.min(c);
            right = right.max(c);
        }
        Some(Rect {
            top,
            left,
            height: bottom - top + 1,
            width: right - left + 1,
        })
    }

    /// Number of cells inside.
    ///
    /// ```
    /// assert_eq!(grid_core::Rect { top: 4, left: 4, height: 2, width: 3 }.area(), 6);
    /// ```
    pub fn area(&self) -> usize {
        self.height * self.width
    }

    /// Whether `pos` lies inside.
    ///
    /// ```
    /// let r = grid_core::Rect { top: 1, left: 1, height: 2, width: 2 };
    /// assert!(r.contains((2, 2)));
    /// assert!(!r.contains((0, 1)));
    /// ```
    pub fn contains(&self, pos: Pos) -> bool {
        (self.top..self.top + self.height).contains(&pos.0)
            && (self.left..self.left + self.width).contains(&pos.1)
    }

    /// Every cell inside, row by row.
    ///
    /// ```
    /// let r = grid_core::Rect { top: 1, left: 3, height: 1, width: 2 };
    /// assert_eq!(r.positions().collect::<Vec<_>>(), vec![(1, 3), (1, 4)]);
    /// ```
    pub fn positions(&self) -> impl Iterator<Item = Pos> {
        let r = *self;
        (r.top..r.top + r.height)
            .flat_map(move |row| (r.left..r.left + r.width).map(move |col| (row, col)))
    }
}
