//! Labelling of 4-connected components of equal values: two passes with union-find, then
//! (for [`Components`]) the cells grouped per component.

use super::grid::{Grid, Pos};
use std::collections::HashMap;

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
    sizes: Sizes,
}

/// Component sizes, one byte each for the common case: on a noisy board most components are
/// a cell or two, and a quarter of the memory is a quarter of the page faults on big boards.
#[derive(Clone, Debug)]
struct Sizes {
    /// Each component's size modulo 256.
    low: Vec<u8>,
    /// How many times a component's size passed a multiple of 256, for those few that did.
    wraps: HashMap<u32, u32>,
}

impl Sizes {
    fn get(&self, k: usize) -> usize {
        let low = usize::from(self.low[k]);
        match self.wraps.get(&(k as u32)) {
            Some(&wraps) => low + 256 * wraps as usize,
            None => low,
        }
    }
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

/// The root of cell `x` in the forest of pass 1, halving the path on the way.
fn find_root(links: &mut [u32], mut x: u32) -> u32 {
    while links[x as usize] != x {
        let up = links[links[x as usize] as usize];
        links[x as usize] = up;
        x = up;
    }
    x
}

/// Joins the trees of cells `a` and `b`. The earlier root wins, so a root is always the first
/// cell (row-major) of its component and every link points to an earlier cell.
fn join_trees(links: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find_root(links, a), find_root(links, b));
    if ra < rb {
        links[rb as usize] = ra;
    } else if rb < ra {
        links[ra as usize] = rb;
    }
}

impl<T: PartialEq> Grid<T> {
    /// Labels every maximal 4-connected group of equal cells among those where `include` holds.
    ///
    /// Two passes over the board in memory order. The first links each cell to an earlier
    /// neighbour of its component (union-find over the cells themselves, kept in the label
    /// array); the second numbers the roots and counts the cells. No queue, and no per-cell
    /// array besides the labels: `include` is asked once per cell, into a row-sized buffer.
    ///
    /// # Panics
    /// When the board has `u32::MAX - 1` cells or more.
    ///
    /// # Complexity
    /// O(rows * cols) time (up to the inverse Ackermann factor); 4 bytes per cell for the
    /// labels and 1 byte per component for the sizes.
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
        assert!(n < UNLABELLED as usize - 1, "board too large to label");
        let cells = self.as_slice();
        // Excluded cells link to the extra entry `n`, which holds `UNLABELLED`: pass 2 then
        // treats them like any other cell.
        let mut links = vec![0u32; n + 1];
        links[n] = UNLABELLED;
        let outside = n as u32;
        // Per row: which cells are included (this row and the one above), and which cells
        // join two trees. Each fits in cache, so pass 1 is a few straight loops per row.
        let mut inside = vec![false; cols];
        let mut inside_above = vec![false; cols];
        // Rounded up to whole words for `marked`; the padding stays 0.
        let mut joins = vec![0u8; (cols + 7) / 8 * 8];
        for (r, here) in cells.chunks_exact(cols.max(1)).enumerate() {
            let start = r * cols;
            for (flag, value) in inside.iter_mut().zip(here) {
                *flag = include(value);
            }
            let row = &mut links[start..start + cols];
            if r == 0 {
                link_top_row(here, &inside, row, start as u32, outside);
            } else {
                let above = &cells[start - cols..start];
                let rows = Rows {
                    here,
                    above,
                    inside: &inside,
                    inside_above: &inside_above,
                };
                link_row(rows, row, &mut joins[..cols], start as u32, outside);
                for k in marked(&joins) {
                    let i = (start + k) as u32;
                    join_trees(&mut links, i, i - cols as u32);
                }
            }
            std::mem::swap(&mut inside, &mut inside_above);
        }
        let sizes = number_roots(&mut links);
        links.truncate(n);
        Labels {
            cols,
            labels: links,
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

/// Pass 1 on the top row: an included cell links to its left neighbour when that is included
/// and equal, else to itself; an excluded cell links to `outside`.
fn link_top_row<T: PartialEq>(
    here: &[T],
    inside: &[bool],
    row: &mut [u32],
    start: u32,
    outside: u32,
) {
    if let (Some(out), Some(&first)) = (row.first_mut(), inside.first()) {
        *out = if first { start } else { outside };
    }
    let lefts = here.iter().zip(inside);
    let cells = here[1..].iter().zip(&inside[1..]);
    for (i, (((value, &included), (left, &left_in)), out)) in
        (start + 1..).zip(cells.zip(lefts).zip(&mut row[1..]))
    {
        let joins_left = left_in & (left == value);
        *out = if included {
            i - u32::from(joins_left)
        } else {
            outside
        };
    }
}

/// A row of the board and the row above it, with which of their cells are included.
struct Rows<'a, T> {
    here: &'a [T],
    above: &'a [T],
    inside: &'a [bool],
    inside_above: &'a [bool],
}

/// Pass 1 on a later row: an included cell links to its left neighbour when that is included
/// and equal, else to its upper neighbour on the same terms, else to itself; an excluded cell
/// links to `outside`. A cell that joins both and is not already connected to them through the
/// upper-left cell also needs their trees joined: `joins` marks it with a 1. `start` is the
/// row's first flat index.
///
/// Each cell depends on its neighbours' values only, never on an earlier cell's result, so the
/// loops carry no state from cell to cell and the compiler can vectorise them.
fn link_row<T: PartialEq>(
    rows: Rows<'_, T>,
    row: &mut [u32],
    joins: &mut [u8],
    start: u32,
    outside: u32,
) {
    let Rows {
        here,
        above,
        inside,
        inside_above,
    } = rows;
    let cols = here.len() as u32;
    let joins_up = inside[0] & inside_above[0] & (above[0] == here[0]);
    row[0] = if !inside[0] {
        outside
    } else if joins_up {
        start - cols
    } else {
        start
    };
    joins[0] = 0;
    let cells = here[1..].iter().zip(&inside[1..]);
    let uppers = above[1..].iter().zip(&inside_above[1..]);
    let lefts = here.iter().zip(inside);
    let diagonals = above.iter().zip(inside_above);
    let neighbours = cells.zip(uppers).zip(lefts.zip(diagonals));
    let outputs = row[1..].iter_mut().zip(&mut joins[1..]);
    for (i, (cell, (out, join))) in (start + 1..).zip(neighbours.zip(outputs)) {
        let (((value, &included), (up, &up_in)), ((left, &left_in), (diagonal, &diagonal_in))) =
            cell;
        let joins_up = up_in & (up == value);
        let joins_left = left_in & (left == value);
        let through_diagonal = diagonal_in & (diagonal == value);
        let back = if joins_left {
            1
        } else if joins_up {
            cols
        } else {
            0
        };
        *out = if included { i - back } else { outside };
        *join = u8::from(included & joins_left & joins_up & !through_diagonal);
    }
}

/// The places of the 1s in `marks` (all others 0; its length a multiple of 8), a word of eight
/// bytes at a time: on a noisy board only a few cells in a hundred are marked.
fn marked(marks: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let words = marks.chunks_exact(8).enumerate().filter_map(|(w, bytes)| {
        let word = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        (word != 0).then_some((w, word))
    });
    words.flat_map(|(w, mut word)| {
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let k = w * 8 + word.trailing_zeros() as usize / 8;
                word &= word - 1;
                k
            })
        })
    })
}

/// Pass 2: turns every link into its component's number (roots numbered in row-major order)
/// and returns the component sizes. Links point to earlier cells,
/// so one ascending sweep finds each link's target already numbered. The last entry is the
/// excluded cells' target and stays `UNLABELLED`.
fn number_roots(links: &mut [u32]) -> Sizes {
    // One byte per cell bounds the sizes (a fresh allocation's untouched pages cost nothing);
    // slot `cells` counts the excluded cells and is cut off at the end.
    let cells = links.len() - 1;
    let mut low = vec![0u8; cells + 1];
    let mut wraps = HashMap::new();
    let mut count: u32 = 0;
    for i in 0..links.len() - 1 {
        let link = links[i];
        // A root links to itself, so storing the next number first makes the read below return
        // it for a root and the inherited number otherwise: nothing to choose, nothing to
        // mispredict.
        links[i] = count;
        let number = links[link as usize];
        links[i] = number;
        count += u32::from(link as usize == i);
        let slot = (number as usize).min(cells);
        low[slot] = low[slot].wrapping_add(1);
        // Once per 256 cells of one component: a branch that is all but never taken.
        if low[slot] == 0 {
            count_wrap(&mut wraps, slot);
        }
    }
    low.truncate(count as usize);
    wraps.remove(&(cells as u32));
    Sizes { low, wraps }
}

/// Notes that component `k`'s size passed another multiple of 256. Out of line and cold, so
/// the hash map's code stays out of the loop that calls it.
#[cold]
#[inline(never)]
fn count_wrap(wraps: &mut HashMap<u32, u32>, k: usize) {
    *wraps.entry(k as u32).or_insert(0) += 1;
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
        self.sizes.low.len()
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
        self.sizes.get(k)
    }

    /// Lists every component's cells (one counting-sort pass over the labels).
    ///
    /// ```
    /// let labels = grid_core::Grid::from_lines("aab").unwrap().label_components(|_| true);
    /// let parts = labels.into_components();
    /// assert_eq!(parts.cells(0).collect::<Vec<_>>(), vec![(0, 0), (0, 1)]);
    /// ```
    pub fn into_components(self) -> Components {
        // Component k's range of `order` is starts[k]..starts[k + 1]. One array serves first as
        // each range's write cursor, so the cells need no second array of that size.
        let mut starts = Vec::with_capacity(self.count() + 1);
        starts.push(0u32);
        starts.extend(self.sizes.low.iter().map(|&low| u32::from(low)));
        for (&k, &wraps) in &self.sizes.wraps {
            starts[k as usize + 1] += 256 * wraps;
        }
        // Sizes shifted by one, summed up to each place: where each component starts.
        let mut total = 0u32;
        for start in starts.iter_mut() {
            total += *start;
            *start = total;
        }
        let mut order = vec![0u32; total as usize];
        for (i, &label) in self.labels.iter().enumerate() {
            if label != UNLABELLED {
                order[starts[label as usize] as usize] = i as u32;
                starts[label as usize] += 1;
            }
        }
        // Each cursor now stands where its range ends, which is where the next one starts.
        starts.rotate_right(1);
        starts[0] = 0;
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
    fn matches_naive_labelling_on_random_boards_of_every_thin_and_wide_shape() {
        // A fixed xorshift: shapes of one row or column, odd widths, and combs whose trees
        // are joined late (when a row below connects them).
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for (rows, cols) in [
            (1, 1),
            (1, 17),
            (17, 1),
            (2, 33),
            (33, 2),
            (13, 29),
            (40, 40),
            // Widths at and around the eight-cell words the join marks are read in.
            (9, 7),
            (9, 8),
            (9, 9),
            (6, 16),
        ] {
            for colours in [2u64, 3, 5] {
                let n = rows * cols;
                let g = Grid::from_vec(
                    rows,
                    cols,
                    (0..n).map(|_| (next() % colours) as u8).collect(),
                );
                assert_eq!(groups(&g.components(|_| true)), naive_groups(&g, |_| true));
                assert_eq!(
                    groups(&g.components(|&v| v != 0)),
                    naive_groups(&g, |&v| v != 0),
                    "{g:?}"
                );
            }
        }
    }

    #[test]
    fn joins_trees_that_meet_only_far_below_their_roots() {
        // A comb: every tooth is its own tree until the spine along the bottom joins them all.
        let g = Grid::from_lines("a.a.a.a\na.a.a.a\na.a.a.a\naaaaaaa").unwrap();
        let labels = g.label_components(|&c| c == 'a');
        assert_eq!(labels.count(), 1);
        assert_eq!(labels.size(0), 19);
        let spiral = Grid::from_lines("aaaaa\n....a\naaa.a\na...a\naaaaa").unwrap();
        let labels = spiral.label_components(|_| true);
        assert_eq!(labels.count(), 2);
        assert_eq!(
            (labels.label((2, 0)), labels.label((1, 0))),
            (Some(0), Some(1))
        );
    }

    #[test]
    fn a_board_with_nothing_included_has_no_components() {
        let g = Grid::new(3, 4, 1u8);
        let parts = g.components(|_| false);
        assert_eq!(parts.count(), 0);
        assert!(g.positions().all(|p| parts.label(p).is_none()));
        let empty: Grid<u8> = Grid::from_vec(0, 3, vec![]);
        assert_eq!(empty.label_components(|_| true).count(), 0);
        let no_cols: Grid<u8> = Grid::from_vec(3, 0, vec![]);
        assert_eq!(no_cols.components(|_| true).count(), 0);
    }

    #[test]
    fn sizes_are_exact_across_multiples_of_256() {
        // Sizes are kept modulo 256 plus a count of wraps; excluded cells wrap too.
        let rows = [
            "a".repeat(300),
            ".".repeat(300),
            "b".repeat(256) + &"c".repeat(44),
            ".".repeat(300),
            "d".repeat(255) + &"e".repeat(45),
        ];
        let g = Grid::from_lines(&rows.join("\n")).unwrap();
        let labels = g.label_components(|&c| c != '.');
        let sizes: Vec<usize> = (0..labels.count()).map(|k| labels.size(k)).collect();
        assert_eq!(sizes, vec![300, 256, 44, 255, 45]);
        let parts = labels.into_components();
        assert_eq!(parts.cells(1).count(), 256);
        assert_eq!(parts.cells(0).last(), Some((0, 299)));
        let all = g.label_components(|_| true);
        assert_eq!((all.size(1), all.size(4)), (300, 300));
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
    fn marked_finds_every_1_in_any_word() {
        let mut marks = vec![0u8; 24];
        for k in [0, 7, 8, 15, 21] {
            marks[k] = 1;
        }
        assert_eq!(marked(&marks).collect::<Vec<_>>(), vec![0, 7, 8, 15, 21]);
        assert_eq!(marked(&[0; 16]).count(), 0);
        assert_eq!(
            marked(&[1; 8]).collect::<Vec<_>>(),
            (0..8).collect::<Vec<_>>()
        );
    }

    #[test]
    fn off_board_label_is_none() {
        let parts = Grid::new(2, 2, 1u8).components(|_| true);
        assert_eq!(parts.label((0, 2)), None);
        assert_eq!(parts.label((2, 0)), None);
    }
}
