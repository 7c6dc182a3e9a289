//! Labelling of 4-connected components of equal values: two passes with union-find, then
//! (for [`Components`]) the cells grouped per component.

use super::grid::{Grid, Pos};

const UNLABELLED: u32 = u32::MAX;

/// A component label for every cell: the 4-connected groups of equal cells numbered
/// `0..count()` in order of their first cell (row-major).
///
/// ```
/// let labels = grid_core::Grid::from_lines("ab\nbb").unwrap().label_components(|_| true);
/// assert_eq!((labels.count(), labels.label((1, 0))), (2, Some(1)));
/// ```
#[derive(Clone, Debug)]
pub struct Labels {
    cols: usize,
    labels: Vec<u32>,
    sizes: Vec<u32>,
}

/// The components of a board with their cells: [`Labels`] plus each component's cell list.
///
/// ```
/// let parts = grid_core::Grid::from_lines("a.a").unwrap().components(|&c| c == 'a');
/// assert_eq!(parts.cells(1).collect::<Vec<_>>(), vec![(0, 2)]);
/// ```
#[derive(Clone, Debug)]
pub struct Components {
    labels: Labels,
    /// Flat cell indices grouped by component; component `k` is `order[starts[k]..starts[k + 1]]`.
    order: Vec<u32>,
    starts: Vec<u32>,
}

/// The root of `x`, halving the path on the way.
fn find_root(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

/// Joins the sets of `a` and `b`; the smaller label becomes the root, so a root is always the
/// first provisional label (row-major) of its component and every parent is below its child.
fn join_sets(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find_root(parent, a), find_root(parent, b));
    if ra < rb {
        parent[rb as usize] = ra;
    } else if rb < ra {
        parent[ra as usize] = rb;
    }
}

impl<T: PartialEq> Grid<T> {
    /// Labels every maximal 4-connected group of equal cells among those where `include` holds.
    ///
    /// Two passes over the board in memory order (provisional labels joined by union-find, then
    /// resolved), so it is iterative and cache-friendly on any board.
    ///
    /// # Panics
    /// When the board has `u32::MAX` cells or more.
    ///
    /// # Complexity
    /// O(rows * cols) time (up to the inverse Ackermann factor); at most 12 bytes per cell.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("aab\nbab").unwrap();
    /// let labels = g.label_components(|_| true);
    /// assert_eq!(labels.count(), 3);
    /// assert_eq!(labels.label((1, 1)), Some(0));
    /// assert_eq!(labels.size(1), 2); // the b column on the right
    /// ```
    pub fn label_components(&self, mut include: impl FnMut(&T) -> bool) -> Labels {
        let (rows, cols) = (self.rows(), self.cols());
        let n = rows * cols;
        assert!(n < UNLABELLED as usize, "board too large to label");
        let cells = self.as_slice();

        // Pass 1: a provisional label per cell, from the left or upper neighbour when equal.
        // On noisy boards every comparison is a coin toss, so the common path is written as
        // selects and unconditional stores rather than branches.
        let mut labels = vec![UNLABELLED; n];
        let mut parent = vec![0u32; n];
        let mut fresh: u32 = 0;
        for r in 0..rows {
            let row = r * cols;
            for c in 0..cols {
                let i = row + c;
                let value = &cells[i];
                let included = include(value);
                let left = if c > 0 { labels[i - 1] } else { UNLABELLED };
                let up = if r > 0 { labels[i - cols] } else { UNLABELLED };
                let joins_left = included & (left != UNLABELLED) && cells[i - 1] == *value;
                let joins_up = included & (up != UNLABELLED) && cells[i - cols] == *value;
                if joins_left & joins_up & (left != up) {
                    join_sets(&mut parent, left, up);
                }
                parent[fresh as usize] = fresh;
                labels[i] = if joins_left {
                    left
                } else if joins_up {
                    up
                } else if included {
                    fresh
                } else {
                    UNLABELLED
                };
                fresh += u32::from(included & !joins_left & !joins_up);
            }
        }
        parent.truncate(fresh as usize);

        // Pass 2: final numbers in place. Parents are below their children, so one ascending
        // sweep sees each parent already renumbered.
        let mut count: u32 = 0;
        for l in 0..parent.len() {
            let p = parent[l] as usize;
            let is_root = p == l;
            parent[l] = if is_root { count } else { parent[p] };
            count += u32::from(is_root);
        }
        let mut sizes = vec![0u32; count as usize];
        for label in labels.iter_mut().filter(|l| **l != UNLABELLED) {
            *label = parent[*label as usize];
            sizes[*label as usize] += 1;
        }
        Labels {
            cols,
            labels,
            sizes,
        }
    }

    /// Labels the components like [`Grid::label_components`] and lists each one's cells.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("RR.\nGR.\nGGB").unwrap();
    /// let parts = g.components(|&c| c != '.');
    /// assert_eq!(parts.count(), 3);
    /// assert_eq!(parts.label((1, 1)), Some(0));
    /// assert_eq!(parts.size(1), 3); // the G group
    /// assert_eq!(parts.label((0, 2)), None);
    /// ```
    pub fn components(&self, include: impl FnMut(&T) -> bool) -> Components {
        self.label_components(include).into_components()
    }
}

impl Labels {
    /// How many components there are.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("ab\nba").unwrap();
    /// assert_eq!(g.label_components(|_| true).count(), 4);
    /// assert_eq!(g.components(|&c| c == 'a').count(), 2);
    /// ```
    pub fn count(&self) -> usize {
        self.sizes.len()
    }

    /// The component of `pos`, or `None` for an excluded or off-board cell.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("a.\naa").unwrap();
    /// assert_eq!(g.label_components(|&c| c == 'a').label((1, 1)), Some(0));
    /// assert_eq!(g.components(|&c| c == 'a').label((0, 1)), None);
    /// ```
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
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("a.\naa").unwrap();
    /// assert_eq!(g.label_components(|&c| c == 'a').size(0), 3);
    /// assert_eq!(g.components(|&c| c == '.').size(0), 1);
    /// ```
    pub fn size(&self, k: usize) -> usize {
        self.sizes[k] as usize
    }

    /// Lists every component's cells (one counting-sort pass over the labels).
    ///
    /// ```
    /// let labels = grid_core::Grid::from_lines("aab").unwrap().label_components(|_| true);
    /// let parts = labels.into_components();
    /// assert_eq!(parts.cells(0).collect::<Vec<_>>(), vec![(0, 0), (0, 1)]);
    /// ```
    pub fn into_components(self) -> Components {
        let mut starts = Vec::with_capacity(self.sizes.len() + 1);
        let mut total = 0u32;
        starts.push(0);
        for &size in &self.sizes {
            total += size;
            starts.push(total);
        }
        let mut next = starts.clone();
        let mut order = vec![0u32; total as usize];
        for (i, &label) in self.labels.iter().enumerate() {
            if label != UNLABELLED {
                order[next[label as usize] as usize] = i as u32;
                next[label as usize] += 1;
            }
        }
        Components {
            labels: self,
            order,
            starts,
        }
    }
}

impl Components {
    /// How many components there are.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("ab\nba").unwrap();
    /// assert_eq!(g.label_components(|_| true).count(), 4);
    /// assert_eq!(g.components(|&c| c == 'a').count(), 2);
    /// ```
    pub fn count(&self) -> usize {
        self.labels.count()
    }

    /// The component of `pos`, or `None` for an excluded or off-board cell.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("a.\naa").unwrap();
    /// assert_eq!(g.label_components(|&c| c == 'a').label((1, 1)), Some(0));
    /// assert_eq!(g.components(|&c| c == 'a').label((0, 1)), None);
    /// ```
    pub fn label(&self, pos: Pos) -> Option<usize> {
        self.labels.label(pos)
    }

    /// Number of cells of component `k`.
    ///
    /// # Panics
    /// When `k >= self.count()`.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("a.\naa").unwrap();
    /// assert_eq!(g.label_components(|&c| c == 'a').size(0), 3);
    /// assert_eq!(g.components(|&c| c == '.').size(0), 1);
    /// ```
    pub fn size(&self, k: usize) -> usize {
        self.labels.size(k)
    }

    /// The cells of component `k`, in row-major order.
    ///
    /// # Panics
    /// When `k >= self.count()`.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("a.\naa").unwrap();
    /// let parts = g.components(|&c| c == 'a');
    /// let cells: Vec<_> = parts.cells(0).collect();
    /// assert_eq!(cells, vec![(0, 0), (1, 0), (1, 1)]);
    /// ```
    pub fn cells(&self, k: usize) -> impl Iterator<Item = Pos> + '_ {
        let cols = self.labels.cols;
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
    fn labels_alone_agree_with_components() {
        let g = Grid::from_lines("aab.\nbabb\n..ab").unwrap();
        let labels = g.label_components(|&c| c != '.');
        let parts = g.components(|&c| c != '.');
        assert_eq!(labels.count(), parts.count());
        for p in g.positions() {
            assert_eq!(labels.label(p), parts.label(p));
        }
        for k in 0..parts.count() {
            assert_eq!(labels.size(k), parts.cells(k).count());
        }
    }

    #[test]
    fn off_board_label_is_none() {
        let parts = Grid::new(2, 2, 1u8).components(|_| true);
        assert_eq!(parts.label((0, 2)), None);
        assert_eq!(parts.label((2, 0)), None);
    }
}
