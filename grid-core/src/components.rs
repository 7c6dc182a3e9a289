//! Labelling of 4-connected components of equal values (iterative, linear time).

use super::grid::{Grid, Pos};

const UNLABELLED: u32 = u32::MAX;

/// The 4-connected components of equal cells on a board, numbered `0..count()` in order of
/// their first cell (row-major).
#[derive(Clone, Debug)]
pub struct Components {
    cols: usize,
    labels: Vec<u32>,
    /// Flat cell indices grouped by component; component `k` is `order[starts[k]..starts[k + 1]]`.
    order: Vec<u32>,
    starts: Vec<u32>,
}

impl<T: PartialEq> Grid<T> {
    /// Labels every maximal 4-connected group of equal cells among those where `include` holds.
    ///
    /// # Panics
    /// When the board has `u32::MAX` cells or more.
    ///
    /// # Complexity
    /// O(rows * cols) time; 8 bytes of memory per cell.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("RR.\nGR.\nGGB").unwrap();
    /// let parts = g.components(|&c| c != '.');
    /// assert_eq!(parts.count(), 3);
    /// assert_eq!(parts.label((1, 1)), Some(0));
    /// assert_eq!(parts.size(1), 3); // the G group
    /// assert_eq!(parts.label((0, 2)), None);
    /// ```
    pub fn components(&self, mut include: impl FnMut(&T) -> bool) -> Components {
        let (rows, cols) = (self.rows(), self.cols());
        let n = rows * cols;
        assert!(n < UNLABELLED as usize, "board too large to label");
        let cells = self.as_slice();
        let mut labels = vec![UNLABELLED; n];
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut starts: Vec<u32> = vec![0];
        for seed in 0..n {
            if labels[seed] != UNLABELLED || !include(&cells[seed]) {
                continue;
            }
            let label = (starts.len() - 1) as u32;
            let value = &cells[seed];
            labels[seed] = label;
            let mut next = order.len();
            order.push(seed as u32);
            // The component's slice of `order` doubles as its BFS queue.
            while next < order.len() {
                let i = order[next] as usize;
                next += 1;
                let c = i % cols;
                let mut visit = |j: usize| {
                    if labels[j] == UNLABELLED && cells[j] == *value {
                        labels[j] = label;
                        order.push(j as u32);
                    }
                };
                if i >= cols {
                    visit(i - cols);
                }
                if i + cols < n {
                    visit(i + cols);
                }
                if c > 0 {
                    visit(i - 1);
                }
                if c + 1 < cols {
                    visit(i + 1);
                }
            }
            starts.push(order.len() as u32);
        }
        Components {
            cols,
            labels,
            order,
            starts,
        }
    }
}

impl Components {
    /// How many components there are.
    pub fn count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The component of `pos`, or `None` for an excluded or off-board cell.
    pub fn label(&self, pos: Pos) -> Option<usize> {
        if pos.1 >= self.cols {
            return None;
        }
        match self.labels.get(pos.0 * self.cols + pos.1) {
            Some(&l) if l != UNLABELLED => Some(l as usize),
            _ => None,
        }
    }

    /// Number of cells of component `k`.
    ///
    /// # Panics
    /// When `k >= self.count()`.
    pub fn size(&self, k: usize) -> usize {
        (self.starts[k + 1] - self.starts[k]) as usize
    }

    /// The cells of component `k`, its first (row-major) cell first.
    ///
    /// # Panics
    /// When `k >= self.count()`.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("a.\naa").unwrap();
    /// let parts = g.components(|&c| c == 'a');
    /// let mut cells: Vec<_> = parts.cells(0).collect();
    /// cells.sort();
    /// assert_eq!(cells, vec![(0, 0), (1, 0), (1, 1)]);
    /// ```
    pub fn cells(&self, k: usize) -> impl Iterator<Item = Pos> + '_ {
        let cols = self.cols;
        let range = self.starts[k] as usize..self.starts[k + 1] as usize;
        self.order[range]
            .iter()
            .map(move |&i| (i as usize / cols, i as usize % cols))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An obviously-correct labelling: repeated flood fill from every unvisited included cell.
    fn naive_groups(g: &Grid<u8>, include: impl Fn(&u8) -> bool) -> Vec<Vec<Pos>> {
        let mut seen = Grid::new(g.rows(), g.cols(), false);
        let mut groups = Vec::new();
        for p in g.positions() {
            if seen[p] || !include(&g[p]) {
                continue;
            }
            let v = g[p];
            let mut cells = g.flood_fill(p, |&x| x == v);
            for &c in &cells {
                seen[c] = true;
            }
            cells.sort();
            groups.push(cells);
        }
        groups
    }

    fn groups(parts: &Components) -> Vec<Vec<Pos>> {
        (0..parts.count())
            .map(|k| {
                let mut cells: Vec<_> = parts.cells(k).collect();
                cells.sort();
                assert_eq!(cells.len(), parts.size(k));
                for &c in &cells {
                    assert_eq!(parts.label(c), Some(k));
                }
                cells
            })
            .collect()
    }

    #[test]
    fn matches_naive_labelling_on_every_binary_board_up_to_3x3() {
        for rows in 1..=3 {
            for cols in 1..=3 {
                let n = rows * cols;
                for mask in 0u32..(1 << n) {
                    let g =
                        Grid::from_vec(rows, cols, (0..n).map(|i| (mask >> i & 1) as u8).collect());
                    assert_eq!(
                        groups(&g.components(|_| true)),
                        naive_groups(&g, |_| true),
                        "{g:?}"
                    );
                    assert_eq!(
                        groups(&g.components(|&v| v == 1)),
                        naive_groups(&g, |&v| v == 1),
                        "{g:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn matches_naive_labelling_on_every_three_colour_2x3_board() {
        for code in 0..3u32.pow(6) {
            let cells = (0..6).map(|i| (code / 3u32.pow(i) % 3) as u8).collect();
            let g = Grid::from_vec(2, 3, cells);
            assert_eq!(
                groups(&g.components(|&v| v != 0)),
                naive_groups(&g, |&v| v != 0)
            );
        }
    }

    #[test]
    fn labels_a_2000_by_2000_single_colour_board() {
        let parts = Grid::new(2000, 2000, 7u8).components(|_| true);
        assert_eq!(parts.count(), 1);
        assert_eq!(parts.size(0), 4_000_000);
    }

    #[test]
    fn off_board_label_is_none() {
        let parts = Grid::new(2, 2, 1u8).components(|_| true);
        assert_eq!(parts.label((0, 2)), None);
        assert_eq!(parts.label((2, 0)), None);
    }
}
