//! Many items per cell: items grouped by the cell they stand on, in one flat vector (a counting
//! sort by cell), with each cell's items as a slice.

use std::ops::Index;

use super::grid::Pos;

/// Items grouped by cell on a `rows x cols` board: each cell's items are one slice, in the order
/// the items were given (the grouping is stable). Built in one pass over the items and one over
/// the cells, with no vector per cell; [`Buckets::regroup`] refills it in place, so a simulation
/// that regroups every turn allocates nothing after the first.
///
/// ```
/// use grid_core::Buckets;
/// // Balls (name, cell) on a 2 x 2 board: two end in (0, 1).
/// let balls = vec![("a", (0, 1)), ("b", (1, 0)), ("c", (0, 1))];
/// let cells = Buckets::by_cell(2, 2, balls, |&(_, pos)| pos);
/// assert_eq!(cells[(0, 1)], [("a", (0, 1)), ("c", (0, 1))]);
/// assert!(cells[(0, 0)].is_empty());
/// let crowded: Vec<_> = cells.occupied().filter(|(_, here)| here.len() >= 2).map(|(p, _)| p).collect();
/// assert_eq!(crowded, vec![(0, 1)]);
/// ```
#[derive(Clone, Debug)]
pub struct Buckets<T> {
    rows: usize,
    cols: usize,
    /// Cell `i` (row-major) holds `items[start[i]..start[i + 1]]`.
    start: Vec<usize>,
    items: Vec<T>,
    /// Scratch of `regroup`, kept for its allocations: each item's cell index, the items in the
    /// order given, and where each cell's next item goes.
    cell: Vec<usize>,
    given: Vec<Option<T>>,
    next: Vec<usize>,
}

impl<T> Buckets<T> {
    /// A `rows x cols` board with no items.
    ///
    /// ```
    /// let b = grid_core::Buckets::<u8>::new(2, 3);
    /// assert!(b.is_empty());
    /// assert_eq!(b.occupied().count(), 0);
    /// ```
    pub fn new(rows: usize, cols: usize) -> Buckets<T> {
        Buckets {
            rows,
            cols,
            start: vec![0; rows * cols + 1],
            items: Vec::new(),
            cell: Vec::new(),
            given: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Groups `items` by `cell_of(item)` on a `rows x cols` board.
    ///
    /// # Panics
    /// When an item's cell is off the board.
    ///
    /// # Complexity
    /// `O(items + rows * cols)`.
    ///
    /// ```
    /// let b = grid_core::Buckets::by_cell(1, 3, vec![(0, 2), (0, 0), (0, 2)], |&p| p);
    /// assert_eq!(b.as_slice(), &[(0, 0), (0, 2), (0, 2)]);
    /// ```
    pub fn by_cell(
        rows: usize,
        cols: usize,
        items: impl IntoIterator<Item = T>,
        cell_of: impl Fn(&T) -> Pos,
    ) -> Buckets<T> {
        let mut b = Buckets::new(rows, cols);
        b.regroup(items, cell_of);
        b
    }

    /// Drops the items held and groups `items` by `cell_of(item)` instead, reusing the
    /// buckets' memory.
    ///
    /// # Panics
    /// When an item's cell is off the board.
    ///
    /// # Complexity
    /// `O(items + rows * cols)`.
    ///
    /// ```
    /// let mut b = grid_core::Buckets::by_cell(1, 2, vec![(0, 0)], |&p| p);
    /// let moved: Vec<_> = b.as_slice().iter().map(|&(r, c)| (r, c + 1)).collect();
    /// b.regroup(moved, |&p| p);
    /// assert_eq!((b[(0, 0)].len(), b[(0, 1)].len()), (0, 1));
    /// ```
    pub fn regroup(&mut self, items: impl IntoIterator<Item = T>, cell_of: impl Fn(&T) -> Pos) {
        let (rows, cols) = (self.rows, self.cols);
        self.items.clear();
        self.cell.clear();
        self.given.clear();
        for item in items {
            let (r, c) = cell_of(&item);
            assert!(
                r < rows && c < cols,
                "{:?} is off a {rows}x{cols} grid",
                (r, c)
            );
            self.cell.push(r * cols + c);
            self.given.push(Some(item));
        }
        // start[i + 1] counts the items of cell i, then the prefix sums make it an end.
        self.start.iter_mut().for_each(|s| *s = 0);
        for &i in &self.cell {
            self.start[i + 1] += 1;
        }
        for i in 0..rows * cols {
            self.start[i + 1] += self.start[i];
        }
        // next[k]: the place of the k-th item given, then the items taken in place order.
        self.next.clear();
        self.next.extend_from_slice(&self.start[..rows * cols]);
        let mut place = std::mem::take(&mut self.cell);
        for slot in place.iter_mut() {
            let cell = *slot;
            *slot = self.next[cell];
            self.next[cell] += 1;
        }
        // place[k] is where item k goes; invert it into the order to take them in.
        self.next.clear();
        self.next.resize(place.len(), 0);
        for (k, &at) in place.iter().enumerate() {
            self.next[at] = k;
        }
        for &k in &self.next {
            self.items
                .push(self.given[k].take().expect("each item is placed once"));
        }
        self.cell = place;
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(grid_core::Buckets::by_cell(2, 5, Vec::<u8>::new(), |_| (0, 0)).rows(), 2);
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(grid_core::Buckets::by_cell(2, 5, Vec::<u8>::new(), |_| (0, 0)).cols(), 5);
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The items on `pos` (possibly none), or `None` off the board.
    ///
    /// ```
    /// let b = grid_core::Buckets::by_cell(2, 2, vec![7, 8], |&v| (1, v as usize % 2));
    /// assert_eq!(b.get((1, 0)), Some(&[8][..]));
    /// assert_eq!(b.get((0, 0)), Some(&[][..]));
    /// assert_eq!(b.get((2, 0)), None);
    /// ```
    pub fn get(&self, pos: Pos) -> Option<&[T]> {
        if pos.0 < self.rows && pos.1 < self.cols {
            let i = pos.0 * self.cols + pos.1;
            Some(&self.items[self.start[i]..self.start[i + 1]])
        } else {
            None
        }
    }

    /// Every cell holding at least one item, row by row, with its items.
    ///
    /// ```
    /// let b = grid_core::Buckets::by_cell(2, 2, vec!['x', 'y', 'z'], |&c| if c == 'y' { (0, 0) } else { (1, 1) });
    /// let cells: Vec<_> = b.occupied().collect();
    /// assert_eq!(cells, vec![((0, 0), &['y'][..]), ((1, 1), &['x', 'z'][..])]);
    /// ```
    pub fn occupied(&self) -> impl Iterator<Item = (Pos, &[T])> + '_ {
        let cols = self.cols;
        (0..self.rows * cols).filter_map(move |i| {
            let here = &self.items[self.start[i]..self.start[i + 1]];
            if here.is_empty() {
                None
            } else {
                Some(((i / cols, i % cols), here))
            }
        })
    }

    /// Number of items on the whole board.
    ///
    /// ```
    /// assert_eq!(grid_core::Buckets::by_cell(1, 1, vec![1, 2], |_| (0, 0)).len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the board holds no item.
    ///
    /// ```
    /// assert!(grid_core::Buckets::by_cell(1, 1, Vec::<u8>::new(), |_| (0, 0)).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// All items, grouped by cell, cells row by row.
    ///
    /// ```
    /// let b = grid_core::Buckets::by_cell(2, 1, vec![(1, 0), (0, 0)], |&p| p);
    /// assert_eq!(b.as_slice(), &[(0, 0), (1, 0)]);
    /// ```
    pub fn as_slice(&self) -> &[T] {
        &self.items
    }

    /// All items, grouped by cell, cells row by row, taken out of the buckets.
    ///
    /// ```
    /// let b = grid_core::Buckets::by_cell(1, 2, vec!["b", "a"], |&s| (0, usize::from(s == "b")));
    /// assert_eq!(b.into_vec(), vec!["a", "b"]);
    /// ```
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

impl<T> Index<Pos> for Buckets<T> {
    type Output = [T];

    /// The items on `pos`.
    ///
    /// # Panics
    /// When `pos` is off the board.
    fn index(&self, pos: Pos) -> &[T] {
        match self.get(pos) {
            Some(here) => here,
            None => panic!("{pos:?} is off a {}x{} grid", self.rows, self.cols),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placement_of_up_to_four_items_on_small_boards_matches_filtering() {
        for (rows, cols) in [(1usize, 1usize), (2, 2), (2, 3), (3, 1)] {
            let cells = rows * cols;
            let mut reused = Buckets::new(rows, cols);
            reused.regroup((0..5).map(|k| (k, (0, 0))), |&(_, p)| p);
            for count in 0..=4u32 {
                for code in 0..cells.pow(count) {
                    // Item k is (k, its cell).
                    let items: Vec<(usize, Pos)> = (0..count as usize)
                        .map(|k| {
                            let i = code / cells.pow(k as u32) % cells;
                            (k, (i / cols, i % cols))
                        })
                        .collect();
                    let b = Buckets::by_cell(rows, cols, items.clone(), |&(_, p)| p);
                    // Regrouping reused buckets (holding other items) gives the same grouping.
                    reused.regroup(items.clone(), |&(_, p)| p);
                    assert_eq!(reused.as_slice(), b.as_slice());
                    assert_eq!(reused.start, b.start);
                    assert_eq!(b.len(), items.len());
                    let mut seen = Vec::new();
                    for r in 0..rows {
                        for c in 0..cols {
                            let expected: Vec<_> = items
                                .iter()
                                .copied()
                                .filter(|&(_, p)| p == (r, c))
                                .collect();
                            assert_eq!(&b[(r, c)], &expected[..]);
                            seen.extend(expected);
                        }
                    }
                    assert_eq!(b.as_slice(), &seen[..]);
                    let occupied: Vec<_> =
                        b.occupied().map(|(p, here)| (p, here.to_vec())).collect();
                    let expected: Vec<_> = (0..rows * cols)
                        .map(|i| (i / cols, i % cols))
                        .map(|p| (p, b[p].to_vec()))
                        .filter(|(_, here)| !here.is_empty())
                        .collect();
                    assert_eq!(occupied, expected);
                    assert_eq!(b.get((rows, 0)), None);
                    assert_eq!(b.get((0, cols)), None);
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "(0, 2) is off a 2x2 grid")]
    fn an_item_off_the_board_panics_with_its_cell() {
        Buckets::by_cell(2, 2, vec![(0, 2)], |&p| p);
    }
}
