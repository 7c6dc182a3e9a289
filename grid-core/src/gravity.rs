//! Gravity and sliding: packing non-empty cells against one side, with or without merging, and
//! with or without fixed cells that hold up what falls onto them.

use super::dir::Dir;
use super::grid::Grid;

/// One row or column of a board, listed from the wall cells move toward.
#[derive(Clone, Copy)]
struct Line {
    start: usize,
    stride: isize,
    len: usize,
}

impl Line {
    fn at(self, k: usize) -> usize {
        (self.start as isize + self.stride * k as isize) as usize
    }
}

/// Every line of a `rows x cols` board that moves toward `toward`, each starting at that wall.
fn lines_toward(rows: usize, cols: usize, toward: Dir) -> impl Iterator<Item = Line> {
    let (count, len) = if toward.is_vertical() {
        (cols, rows)
    } else {
        (rows, cols)
    };
    let non_empty = rows > 0 && cols > 0;
    (0..if non_empty { count } else { 0 }).map(move |k| match toward {
        Dir::Up => Line {
            start: k,
            stride: cols as isize,
            len,
        },
        Dir::Down => Line {
            start: (rows - 1) * cols + k,
            stride: -(cols as isize),
            len,
        },
        Dir::Left => Line {
            start: k * cols,
            stride: 1,
            len,
        },
        Dir::Right => Line {
            start: k * cols + cols - 1,
            stride: -1,
            len,
        },
    })
}

/// Columns settled together in one sweep: their write positions stay in registers.
const STRIP: usize = 8;

/// Vertical gravity, toward the bottom when `DOWN`: strips of [`STRIP`] columns, each swept row
/// by row from the wall outward with one write position per column. Reading across a strip
/// rather than down one column keeps the sweep in cache.
fn settle_columns<T, const DOWN: bool>(
    cells: &mut [T],
    rows: usize,
    cols: usize,
    is_empty: &mut impl FnMut(&T) -> bool,
) -> bool {
    let mut moved = false;
    let mut first = 0;
    while first + STRIP <= cols {
        moved |= settle_strip::<T, STRIP, DOWN>(cells, rows, cols, first, is_empty);
        first += STRIP;
    }
    // The last few columns one at a time: fewer than a strip, so cheap either way.
    for col in first..cols {
        moved |= settle_strip::<T, 1, DOWN>(cells, rows, cols, col, is_empty);
    }
    moved
}

/// Settles columns `first..first + S` (see [`settle_columns`]).
fn settle_strip<T, const S: usize, const DOWN: bool>(
    cells: &mut [T],
    rows: usize,
    cols: usize,
    first: usize,
    is_empty: &mut impl FnMut(&T) -> bool,
) -> bool {
    let wall = if DOWN { rows - 1 } else { 0 } * cols + first;
    // Flat index each column's next packed cell goes to.
    let mut to = [0; S];
    for (k, t) in to.iter_mut().enumerate() {
        *t = wall + k;
    }
    let mut moved = false;
    for step in 0..rows {
        let base = if DOWN { rows - 1 - step } else { step } * cols + first;
        // Once something moved, the rest of the sweep need not watch for it: a second copy of
        // the loop without that bookkeeping, which cost registers.
        if moved {
            for (k, t) in to.iter_mut().enumerate() {
                let from = base + k;
                let filled = !is_empty(&cells[from]);
                cells.swap(*t, from);
                *t = next_to::<DOWN>(*t, filled, cols);
            }
        } else {
            for (k, t) in to.iter_mut().enumerate() {
                let from = base + k;
                let filled = !is_empty(&cells[from]);
                // Every cell from `to` up to `from` is empty, so swapping unconditionally is a
                // move when `from` is filled and a no-op otherwise: no unpredictable branch.
                cells.swap(*t, from);
                moved |= filled & (*t != from);
                *t = next_to::<DOWN>(*t, filled, cols);
            }
        }
    }
    moved
}

/// The write position after a cell: one row further from the wall when the cell was filled.
fn next_to<const DOWN: bool>(to: usize, filled: bool, cols: usize) -> usize {
    let delta = usize::from(filled) * cols;
    if DOWN {
        to.wrapping_sub(delta)
    } else {
        to + delta
    }
}

/// Horizontal gravity, toward the left when `LEFT`: each row compacted in place.
fn settle_rows<T, const LEFT: bool>(
    cells: &mut [T],
    cols: usize,
    is_empty: &mut impl FnMut(&T) -> bool,
) -> bool {
    let mut moved = false;
    for row in cells.chunks_exact_mut(cols) {
        // Once something moved, the remaining rows need not watch for it.
        if moved {
            compact_row::<T, LEFT, false>(row, is_empty);
        } else {
            moved = compact_row::<T, LEFT, true>(row, is_empty);
        }
    }
    moved
}

/// Packs one row's filled cells toward its left end (right end unless `LEFT`), keeping their
/// order; returns whether one moved, if `WATCH`.
fn compact_row<T, const LEFT: bool, const WATCH: bool>(
    row: &mut [T],
    is_empty: &mut impl FnMut(&T) -> bool,
) -> bool {
    let cols = row.len();
    let mut moved = false;
    // The next packed place; cells are read from the wall outward.
    let mut write = if LEFT { 0 } else { cols - 1 };
    for k in 0..cols {
        let read = if LEFT { k } else { cols - 1 - k };
        let filled = !is_empty(&row[read]);
        // A filled cell swaps with the first empty one (or itself), an empty cell with itself.
        // The choice is an index, not a branch: it is a coin toss on noisy boards.
        let target = if filled { write } else { read };
        row.swap(target, read);
        if WATCH {
            moved |= filled & (write != read);
        }
        write = if LEFT {
            write + usize::from(filled)
        } else {
            // Past the left end only after the last cell, when it is no longer used.
            write.wrapping_sub(usize::from(filled))
        };
    }
    moved
}

impl<T> Grid<T> {
    /// Moves every non-empty cell as far toward `toward` as it goes, keeping the order within
    /// each line (Puyo or Tetris gravity). Returns whether anything moved.
    ///
    /// # Complexity
    /// O(rows * cols), one pass with no allocation. Vertical gravity sweeps strips of a few
    /// columns row by row, so large boards stay cache-friendly.
    ///
    /// ```
    /// use grid_core::{Dir, Grid};
    /// let mut g = Grid::from_lines("ab\n..\nc.").unwrap();
    /// assert!(g.settle(Dir::Down, |&c| c == '.'));
    /// assert_eq!(g.to_string(), "..\na.\ncb\n");
    /// assert!(!g.settle(Dir::Down, |&c| c == '.'));
    /// ```
    pub fn settle(&mut self, toward: Dir, mut is_empty: impl FnMut(&T) -> bool) -> bool {
        let (rows, cols) = (self.rows(), self.cols());
        if rows == 0 || cols == 0 {
            return false;
        }
        let cells = self.as_mut_slice();
        match toward {
            Dir::Down => settle_columns::<T, true>(cells, rows, cols, &mut is_empty),
            Dir::Up => settle_columns::<T, false>(cells, rows, cols, &mut is_empty),
            Dir::Left => settle_rows::<T, true>(cells, cols, &mut is_empty),
            Dir::Right => settle_rows::<T, false>(cells, cols, &mut is_empty),
        }
    }

    /// Gravity with fixed obstacles: cells where `is_fixed` holds never move, and every other
    /// non-empty cell moves toward `toward` until it meets the wall, a fixed cell, or a cell that
    /// has already stopped. Within each stretch of a line between fixed cells (or the wall), the
    /// moving cells keep their order and pack against the end nearer the wall. Returns whether
    /// anything moved.
    ///
    /// `is_fixed` is asked first: a cell that is fixed is never treated as empty.
    /// With no fixed cells this is [`Grid::settle`].
    ///
    /// # Complexity
    /// O(rows * cols).
    ///
    /// ```
    /// use grid_core::{Dir, Grid};
    /// // `#` is fixed, `.` is empty: `a` lands on the `#`, `b` and `c` on the floor.
    /// let mut g = Grid::from_lines("a.c\n..b\n#..\n...").unwrap();
    /// assert!(g.settle_with_fixed(Dir::Down, |&c| c == '.', |&c| c == '#'));
    /// assert_eq!(g.to_string(), "...\na..\n#.c\n..b\n");
    /// assert!(!g.settle_with_fixed(Dir::Down, |&c| c == '.', |&c| c == '#'));
    /// ```
    pub fn settle_with_fixed(
        &mut self,
        toward: Dir,
        mut is_empty: impl FnMut(&T) -> bool,
        mut is_fixed: impl FnMut(&T) -> bool,
    ) -> bool {
        let mut moved = false;
        let (rows, cols) = (self.rows(), self.cols());
        let cells = self.as_mut_slice();
        for line in lines_toward(rows, cols, toward) {
            // Everything from `write` up to `read` is empty: the next moving cell goes to `write`.
            let mut write = 0;
            for read in 0..line.len {
                let from = line.at(read);
                if is_fixed(&cells[from]) {
                    write = read + 1;
                    continue;
                }
                if is_empty(&cells[from]) {
                    continue;
                }
                if read != write {
                    cells.swap(line.at(write), from);
                    moved = true;
                }
                write += 1;
            }
        }
        moved
    }

    /// Slides every cell toward `toward` like a 2048 move: cells pack against that wall, and a
    /// cell meeting the one packed before it becomes `merge(packed, cell)` when that is `Some`.
    /// Pairs nearest the wall merge first and a merged cell does not merge again in the same
    /// slide. Returns whether anything changed.
    ///
    /// ```
    /// use grid_core::{Dir, Grid};
    /// let double = |a: &u32, b: &u32| if a == b { Some(a + b) } else { None };
    /// let mut g = Grid::from_rows(vec![vec![2, 2, 2, 0], vec![2, 2, 2, 2], vec![4, 0, 2, 2]]).unwrap();
    /// assert!(g.slide_merge(Dir::Left, 0, double));
    /// assert_eq!(g.to_string(), "4 2 0 0\n4 4 0 0\n4 4 0 0\n");
    /// ```
    pub fn slide_merge(
        &mut self,
        toward: Dir,
        empty: T,
        mut merge: impl FnMut(&T, &T) -> Option<T>,
    ) -> bool
    where
        T: Clone + PartialEq,
    {
        let mut changed = false;
        let (rows, cols) = (self.rows(), self.cols());
        let cells = self.as_mut_slice();
        for line in lines_toward(rows, cols, toward) {
            // Flat indices walked by adding the stride: no multiplication per cell.
            let step = line.stride as usize;
            let mut write = line.start;
            let mut from = line.start;
            // Whether the last packed cell (just before `write`) may still take a merge.
            let mut open = false;
            for _ in 0..line.len {
                let here = from;
                from = from.wrapping_add(step);
                if cells[here] == empty {
                    continue;
                }
                if open {
                    let target = write.wrapping_sub(step);
                    if let Some(merged) = merge(&cells[target], &cells[here]) {
                        cells[target] = merged;
                        cells[here] = empty.clone();
                        open = false;
                        changed = true;
                        continue;
                    }
                }
                if here != write {
                    cells.swap(write, here);
                    changed = true;
                }
                write = write.wrapping_add(step);
                open = true;
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{all_boards, lines_from_wall, SMALL_SHAPES};
    use super::*;

    fn double(a: &u32, b: &u32) -> Option<u32> {
        if a == b {
            Some(a + b)
        } else {
            None
        }
    }

    fn slid_left(line: &[u32]) -> Vec<u32> {
        let mut g = Grid::from_vec(1, line.len(), line.to_vec());
        g.slide_merge(Dir::Left, 0, double);
        g.as_slice().to_vec()
    }

    #[test]
    fn merges_nearest_the_wall_first_and_once() {
        assert_eq!(slid_left(&[2, 2, 2]), vec![4, 2, 0]);
        assert_eq!(slid_left(&[2, 2, 2, 2]), vec![4, 4, 0, 0]);
        assert_eq!(slid_left(&[4, 2, 2, 0]), vec![4, 4, 0, 0]);
        assert_eq!(slid_left(&[2, 0, 0, 2]), vec![4, 0, 0, 0]);
        assert_eq!(slid_left(&[8, 4, 4, 8]), vec![8, 8, 8, 0]);
        assert_eq!(slid_left(&[0, 0, 0, 0]), vec![0, 0, 0, 0]);
    }

    #[test]
    fn every_direction_is_the_left_slide_of_the_rotated_board() {
        let g = Grid::from_rows(vec![
            vec![2, 2, 4, 0],
            vec![0, 2, 2, 2],
            vec![4, 4, 4, 4],
            vec![2, 0, 2, 8],
        ])
        .unwrap();
        // Rotating so `dir` points left, sliding left, and rotating back must agree.
        let cases = [
            (Dir::Left, 0),
            (Dir::Up, 1),
            (Dir::Right, 2),
            (Dir::Down, 3),
        ];
        for (dir, ccw_turns) in cases {
            let mut direct = g.clone();
            direct.slide_merge(dir, 0, double);
            let mut turned = g.clone();
            for _ in 0..ccw_turns {
                turned.rotate_ccw();
            }
            turned.slide_merge(Dir::Left, 0, double);
            for _ in 0..ccw_turns {
                turned.rotate_cw();
            }
            assert_eq!(direct, turned, "{dir:?}");
        }
    }

    #[test]
    fn settle_keeps_each_line_and_leaves_no_gap_on_every_small_three_value_board() {
        for (rows, cols) in [(3, 3), (2, 4), (4, 2), (1, 5), (5, 1)] {
            let n = rows * cols;
            for code in 0..3u32.pow(n as u32) {
                let cells: Vec<u8> = (0..n as u32)
                    .map(|i| (code / 3u32.pow(i) % 3) as u8)
                    .collect();
                let g = Grid::from_vec(rows, cols, cells);
                for dir in Dir::ALL {
                    check_settled(&g, dir);
                }
            }
        }
    }

    /// Settling `g` toward `dir` packs each line's non-empty cells, in order, against the wall.
    fn check_settled(g: &Grid<u8>, dir: Dir) {
        let mut s = g.clone();
        let moved = s.settle(dir, |&v| v == 0);
        assert_eq!(moved, s != *g);
        assert!(
            !s.clone().settle(dir, |&v| v == 0),
            "settling twice moves nothing"
        );
        for (old, after) in lines_from_wall(g, dir)
            .into_iter()
            .zip(lines_from_wall(&s, dir))
        {
            let before: Vec<u8> = old.into_iter().filter(|&v| v != 0).collect();
            assert_eq!(after[..before.len()], before[..], "{g:?} {dir:?}");
            assert!(
                after[before.len()..].iter().all(|&v| v == 0),
                "{g:?} {dir:?}"
            );
        }
    }

    /// Settling one line at a time, as the code did before it swept strips of columns: each
    /// line from the wall, with `write` the next packed place. Vertical lines swap every cell
    /// with `write` (a no-op for an empty cell unless empties differ); horizontal lines swap
    /// only filled cells. With two empty values this pins down where each empty cell ends up.
    fn settle_line_by_line(g: &Grid<u8>, dir: Dir, is_empty: impl Fn(&u8) -> bool) -> Grid<u8> {
        let mut g = g.clone();
        let (rows, cols) = (g.rows(), g.cols());
        let (lines, len) = if dir.is_vertical() {
            (cols, rows)
        } else {
            (rows, cols)
        };
        for line in 0..lines {
            let at = |k: usize| match dir {
                Dir::Down => (rows - 1 - k, line),
                Dir::Up => (k, line),
                Dir::Left => (line, k),
                Dir::Right => (line, cols - 1 - k),
            };
            let mut write = 0;
            for read in 0..len {
                let filled = !is_empty(&g[at(read)]);
                if filled || dir.is_vertical() {
                    let (a, b) = (g[at(write)], g[at(read)]);
                    g[at(write)] = b;
                    g[at(read)] = a;
                }
                write += usize::from(filled);
            }
        }
        g
    }

    #[test]
    fn settle_matches_line_by_line_on_random_boards_of_many_widths() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let shapes = [
            (1, 1),
            (1, 8),
            (8, 1),
            (3, 7),
            (5, 8),
            (4, 9),
            (9, 15),
            (6, 16),
            (7, 17),
        ];
        for (rows, cols) in shapes.into_iter().chain([(20, 31), (31, 20), (2, 40)]) {
            for fill in [0u64, 3, 6, 8] {
                // Values 0 and 1 are both empty, 2..8 filled; `fill` of 8 are filled on average.
                let cells = (0..rows * cols)
                    .map(|_| {
                        let r = next();
                        if r % 8 < fill {
                            (2 + r / 8 % 6) as u8
                        } else {
                            (r / 8 % 2) as u8
                        }
                    })
                    .collect();
                let g = Grid::from_vec(rows, cols, cells);
                for dir in Dir::ALL {
                    let mut s = g.clone();
                    let moved = s.settle(dir, |&v| v <= 1);
                    assert_eq!(
                        s,
                        settle_line_by_line(&g, dir, |&v| v <= 1),
                        "{g:?} {dir:?}"
                    );
                    assert_eq!(moved, filled_places_differ(&g, &s), "{g:?} {dir:?}");
                }
            }
        }
    }

    /// Whether some filled cell moved: empty cells alone may trade places, so the boards are
    /// compared by which places are filled.
    fn filled_places_differ(before: &Grid<u8>, after: &Grid<u8>) -> bool {
        before
            .positions()
            .any(|p| (before[p] <= 1) != (after[p] <= 1))
    }

    /// Values of the fixed-obstacle tests: 0 empty, 1 fixed, 2 and 3 two kinds of movable cell.
    const EMPTY: u8 = 0;
    const FIXED: u8 = 1;

    /// Obviously-correct fixed-obstacle gravity: move one cell one step into an empty
    /// neighbour toward `dir` at a time, until nothing can move.
    fn naive_settle_with_fixed(g: &Grid<u8>, dir: Dir) -> Grid<u8> {
        let mut g = g.clone();
        loop {
            let mut moved = false;
            for p in g.positions() {
                if g[p] == EMPTY || g[p] == FIXED {
                    continue;
                }
                if let Some(q) = g.step(p, dir) {
                    if g[q] == EMPTY {
                        g[q] = g[p];
                        g[p] = EMPTY;
                        moved = true;
                    }
                }
            }
            if !moved {
                return g;
            }
        }
    }

    #[test]
    fn settle_with_fixed_matches_one_step_at_a_time_on_every_small_four_value_board() {
        for (rows, cols) in SMALL_SHAPES {
            for g in all_boards(rows, cols, 4) {
                for dir in Dir::ALL {
                    let mut s = g.clone();
                    let moved = s.settle_with_fixed(dir, |&v| v == EMPTY, |&v| v == FIXED);
                    assert_eq!(s, naive_settle_with_fixed(&g, dir), "{g:?} {dir:?}");
                    assert_eq!(moved, s != g, "{g:?} {dir:?}");
                    check_packed_between_fixed(&g, &s, dir);
                }
            }
        }
    }

    /// Fixed cells stay; each stretch between fixed cells keeps its movable cells in order,
    /// packed against the end nearer the wall.
    fn check_packed_between_fixed(before: &Grid<u8>, after: &Grid<u8>, dir: Dir) {
        for (old, new) in lines_from_wall(before, dir)
            .into_iter()
            .zip(lines_from_wall(after, dir))
        {
            for (o, n) in old.split(|&v| v == FIXED).zip(new.split(|&v| v == FIXED)) {
                assert_eq!(o.len(), n.len(), "a fixed cell moved: {before:?} {dir:?}");
                let movable: Vec<u8> = o.iter().copied().filter(|&v| v != EMPTY).collect();
                assert_eq!(n[..movable.len()], movable[..], "{before:?} {dir:?}");
                assert!(n[movable.len()..].iter().all(|&v| v == EMPTY));
            }
            assert_eq!(
                old.iter().filter(|&&v| v == FIXED).count(),
                new.iter().filter(|&&v| v == FIXED).count()
            );
        }
    }

    #[test]
    fn settle_with_fixed_without_fixed_cells_is_settle() {
        for g in all_boards(3, 3, 3) {
            for dir in Dir::ALL {
                let (mut a, mut b) = (g.clone(), g.clone());
                // Value 1 is movable here: nothing is fixed.
                let moved = a.settle_with_fixed(dir, |&v| v == 0, |_| false);
                assert_eq!(moved, b.settle(dir, |&v| v == 0));
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn a_fixed_cell_that_also_looks_empty_still_holds_cells_up() {
        let mut g = Grid::from_lines("a\n.\n#").unwrap();
        g.settle_with_fixed(Dir::Down, |&c| c == '.' || c == '#', |&c| c == '#');
        assert_eq!(g.to_string(), ".\na\n#\n");
    }

    #[test]
    fn empty_boards_do_nothing() {
        let mut g: Grid<u32> = Grid::from_vec(0, 5, vec![]);
        assert!(!g.settle(Dir::Down, |&v| v == 0));
        assert!(!g.slide_merge(Dir::Right, 0, double));
    }
}
