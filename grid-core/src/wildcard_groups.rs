//! Connected groups of one colour in which wildcard cells join every colour: a wildcard next to
//! groups of several colours belongs to each of them (match-3 "rainbow" blocks).

use super::grid::{Grid, Pos};

/// How a cell takes part in [`Grid::wildcard_groups`].
///
/// ```
/// use grid_core::CellClass;
/// let classify = |&v: &i32| match v {
///     -1 => CellClass::Blocked,
///     0 => CellClass::Wildcard,
///     c => CellClass::Colour(c),
/// };
/// assert_eq!(classify(&3), CellClass::Colour(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellClass<C> {
    /// Belongs to no group and separates groups (a wall, a hole, an empty cell).
    Blocked,
    /// A normal cell of colour `C`: it belongs to exactly one group, of its own colour.
    Colour(C),
    /// Joins the group of every colour it touches, possibly several groups at once.
    Wildcard,
}

/// One group found by [`Grid::wildcard_groups`]: 4-connected cells of one colour or wildcard,
/// holding at least one cell of that colour, as large as it can be.
///
/// ```
/// let g = grid_core::Grid::from_lines("a*").unwrap();
/// let groups = g.wildcard_groups(|&c| match c {
///     '*' => grid_core::CellClass::Wildcard,
///     c => grid_core::CellClass::Colour(c),
/// });
/// assert_eq!(groups[0].size(), 2);
/// assert_eq!((groups[0].colour, groups[0].wildcards, groups[0].first), ('a', 1, (0, 0)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WildcardGroup<C> {
    /// The colour of the group's normal cells.
    pub colour: C,
    /// Every cell of the group, normal and wildcard, in breadth-first order from `first`.
    pub cells: Vec<Pos>,
    /// How many of `cells` are wildcards.
    pub wildcards: usize,
    /// The group's first normal (non-wildcard) cell in row-major order, where its search began.
    pub first: Pos,
}

impl<C> WildcardGroup<C> {
    /// Number of cells, wildcards included.
    ///
    /// ```
    /// let g = grid_core::Grid::from_lines("aa").unwrap();
    /// assert_eq!(g.wildcard_groups(|&c| grid_core::CellClass::Colour(c))[0].size(), 2);
    /// ```
    pub fn size(&self) -> usize {
        self.cells.len()
    }
}

impl<T> Grid<T> {
    /// Every maximal 4-connected group of cells that are all colour `c` or wildcard and hold at
    /// least one cell of colour `c`, for every colour `c`, as `classify` sorts the cells.
    ///
    /// Each normal cell is in exactly one group; a wildcard is in every group that reaches it
    /// (each group's search sees every wildcard anew), and a patch of wildcards touching no
    /// normal cell forms no group. Groups come in row-major order of their first cell.
    /// Groups of one cell are included: filter on [`WildcardGroup::size`] as the rules say.
    ///
    /// # Complexity
    /// O(rows * cols) for normal cells, plus one visit of each wildcard per group reaching it.
    /// Iterative: a 2000 x 2000 board is fine.
    ///
    /// ```
    /// use grid_core::{CellClass, Grid};
    /// // `*` is a wildcard and `#` blocks: the middle `*` joins both the `a` and the `b` group.
    /// let g = Grid::from_lines("a*b\n#*#\n.a.").unwrap();
    /// let groups = g.wildcard_groups(|&c| match c {
    ///     '*' => CellClass::Wildcard,
    ///     '#' | '.' => CellClass::Blocked,
    ///     c => CellClass::Colour(c),
    /// });
    /// let summary: Vec<_> = groups.iter().map(|g| (g.colour, g.size(), g.wildcards, g.first)).collect();
    /// assert_eq!(summary, vec![('a', 4, 2, (0, 0)), ('b', 3, 2, (0, 2))]);
    /// ```
    pub fn wildcard_groups<C: Copy + PartialEq>(
        &self,
        classify: impl FnMut(&T) -> CellClass<C>,
    ) -> Vec<WildcardGroup<C>> {
        let cols = self.cols();
        let classes: Vec<CellClass<C>> = self.iter().map(classify).collect();
        // The last group (1-based) to take each cell; 0 for none yet. A normal cell keeps its
        // one group's number, so it is never started from again.
        let mut mark = vec![0usize; classes.len()];
        let mut groups = Vec::new();
        for start in 0..classes.len() {
            let colour = match classes[start] {
                CellClass::Colour(c) if mark[start] == 0 => c,
                _ => continue,
            };
            let id = groups.len() + 1;
            let first = (start / cols, start % cols);
            mark[start] = id;
            let mut cells = vec![first];
            let mut wildcards = 0;
            let mut next = 0;
            // The cell list doubles as the breadth-first queue.
            while next < cells.len() {
                let pos = cells[next];
                next += 1;
                for n in self.neighbors(pos) {
                    let i = n.0 * cols + n.1;
                    if mark[i] == id {
                        continue;
                    }
                    let joins = match classes[i] {
                        CellClass::Colour(c) => c == colour,
                        CellClass::Wildcard => {
                            wildcards += 1;
                            true
                        }
                        CellClass::Blocked => false,
                    };
                    if joins {
                        mark[i] = id;
                        cells.push(n);
                    }
                }
            }
            groups.push(WildcardGroup {
                colour,
                cells,
                wildcards,
                first,
            });
        }
        groups
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{all_boards, SMALL_SHAPES};
    use super::{CellClass, Grid, Pos, WildcardGroup};

    /// Board values of the tests: 0 blocked, 1 wildcard, 2 and up colours.
    fn class(v: &u8) -> CellClass<u8> {
        match *v {
            0 => CellClass::Blocked,
            1 => CellClass::Wildcard,
            c => CellClass::Colour(c),
        }
    }

    /// A group as comparable data: colour, sorted cells, wildcard count, first normal cell.
    type Summary = (u8, Vec<Pos>, usize, Pos);

    /// Obviously correct: a flood fill through `c`-or-wildcard cells from every cell of colour
    /// `c`, duplicates dropped; the first cell is the smallest normal cell.
    fn naive(g: &Grid<u8>) -> Vec<Summary> {
        let mut out: Vec<Summary> = Vec::new();
        for p in g.positions() {
            let c = g[p];
            if c < 2 {
                continue;
            }
            let mut cells = g.flood_fill(p, |&v| v == c || v == 1);
            cells.sort();
            let wildcards = cells.iter().filter(|&&q| g[q] == 1).count();
            let first = *cells.iter().find(|&&q| g[q] != 1).unwrap();
            let summary = (c, cells, wildcards, first);
            if !out.contains(&summary) {
                out.push(summary);
            }
        }
        out.sort_by_key(|s| s.3);
        out
    }

    fn summaries(g: &Grid<u8>, groups: &[WildcardGroup<u8>]) -> Vec<Summary> {
        groups
            .iter()
            .map(|grp| {
                assert_eq!(
                    grp.cells[0], grp.first,
                    "the search starts at the first cell"
                );
                assert_eq!(grp.size(), grp.cells.len());
                for &p in &grp.cells {
                    assert!(g[p] == 1 || g[p] == grp.colour);
                }
                let mut cells = grp.cells.clone();
                cells.sort();
                (grp.colour, cells, grp.wildcards, grp.first)
            })
            .collect()
    }

    #[test]
    fn matches_flood_fill_per_colour_on_every_small_board_of_blocked_wildcard_and_two_colours() {
        for (rows, cols) in SMALL_SHAPES {
            for g in all_boards(rows, cols, 4) {
                let groups = g.wildcard_groups(class);
                assert_eq!(summaries(&g, &groups), naive(&g), "{g:?}");
            }
        }
    }

    #[test]
    fn matches_flood_fill_on_every_2x3_board_of_three_colours_and_wildcards() {
        for g in all_boards(2, 3, 5) {
            assert_eq!(summaries(&g, &g.wildcard_groups(class)), naive(&g), "{g:?}");
        }
    }

    #[test]
    fn a_wildcard_between_colours_is_in_each_group_and_wildcards_alone_make_none() {
        // Row 0: colour 2, wildcard, colour 3; row 2: wildcards touching no colour.
        let g = Grid::from_rows(vec![vec![2, 1, 3], vec![0, 0, 0], vec![1, 1, 0]]).unwrap();
        let groups = g.wildcard_groups(class);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].cells, vec![(0, 0), (0, 1)]);
        assert_eq!(groups[1].cells, vec![(0, 2), (0, 1)]);
        assert!(groups.iter().all(|grp| grp.wildcards == 1));
    }

    #[test]
    fn the_first_cell_skips_wildcards_above_it() {
        let g = Grid::from_rows(vec![vec![1, 1], vec![1, 2]]).unwrap();
        let groups = g.wildcard_groups(class);
        assert_eq!(groups.len(), 1);
        assert_eq!((groups[0].first, groups[0].wildcards), ((1, 1), 3));
    }

    #[test]
    fn groups_a_2000_by_2000_board_without_recursion() {
        // Wildcards everywhere but one coloured cell in the middle: one group of every cell.
        let mut g = Grid::new(2000, 2000, 1u8);
        g[(1000, 1000)] = 2;
        let groups = g.wildcard_groups(class);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].size(), 4_000_000);
        assert_eq!(groups[0].wildcards, 3_999_999);
    }
}
