//! The board the search works on, laid out so that every line of a tilt is worked at once.
//!
//! A cell holds its tile's level (0 for empty, `l` for the tile `2^l`) in one byte. The board is
//! kept row by row, column by column, or both: tilting up or down walks the rows from the wall
//! and moves every column one cell on at each step (the columns are the lanes), tilting left or
//! right does the same over the columns. Each step is the same few byte operations on 32
//! independent lanes with no branch on the cells, which the compiler turns into vector
//! instructions (SSE2, the judge's baseline).
//!
//! A tilt writes its result one way only: each line's packed cells, as a row of the layout whose
//! rows are the tilt's lines, one store per cell. While it goes, a second pass over the cells it
//! packs finds what the next tilt along the same lines would merge; the other axis is scanned
//! after, in the layout just written. The other layout is made from this one only when a tilt
//! needs it, which most boards deep in the search never do. The rules are 12100's:
//! [`Planes::tilt_into`] is tested equal to [`crate::tilt`] on every small board.

use grid_core::{Dir, Grid};

use crate::Tally;

/// Largest number of rows or columns a [`Planes`] board holds (a lane per line).
pub const MAX_SIDE: usize = 32;

/// One byte per line of a board (lanes past the board's lines hold 0).
pub type Lanes = [u8; MAX_SIDE];

/// The level of a tile: 0 for an empty cell, `l` for the tile `2^l`.
///
/// ```
/// assert_eq!(boj_12094_2048_hard::planes::level(0), 0);
/// assert_eq!(boj_12094_2048_hard::planes::level(1024), 10);
/// ```
pub fn level(tile: u32) -> u8 {
    if tile == 0 {
        0
    } else {
        tile.trailing_zeros() as u8
    }
}

/// The tile of a level: 0 for 0, `2^l` for `l`.
///
/// ```
/// assert_eq!(boj_12094_2048_hard::planes::tile(11), 2048);
/// ```
pub fn tile(level: u8) -> u32 {
    if level == 0 {
        0
    } else {
        1 << level
    }
}

/// Which layouts of a [`Planes`] hold the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Held {
    Both,
    Rows,
    Cols,
}

/// A board of levels, stored row by row, column by column, or both.
///
/// ```
/// use boj_12094_2048_hard::planes::Planes;
/// use grid_core::{Dir, Grid};
/// let board = Grid::from_rows(vec![vec![2, 2, 2], vec![0, 4, 4], vec![8, 0, 8]]).unwrap();
/// let mut planes = Planes::from_grid(&board);
/// let mut tilted = planes.clone();
/// assert!(planes.tilt_into(Dir::Left, &mut tilted));
/// assert_eq!(tilted.to_grid().to_string(), "4 2 0\n8 0 0\n16 0 0\n");
/// ```
#[derive(Clone, Debug)]
pub struct Planes {
    rows: usize,
    cols: usize,
    /// `by_row[r][c]`: the level at row `r`, column `c` (when `held` says so).
    by_row: [Lanes; MAX_SIDE],
    /// `by_col[c][r]`: the same level (when `held` says so).
    by_col: [Lanes; MAX_SIDE],
    held: Held,
}

/// What a board's lines do in a tilt along them: the facts of its rows, then of its columns,
/// and the merges each axis makes counted by the level merged (from some floor up).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scan {
    pub facts: [LineFacts; 2],
    pub merged: [Tally; 2],
}

impl Planes {
    /// `board` (tiles 0 or powers of two) as levels.
    ///
    /// # Panics
    /// When the board has more than [`MAX_SIDE`] rows or columns.
    pub fn from_grid(board: &Grid<u32>) -> Planes {
        let mut planes = Planes::empty(board.rows(), board.cols());
        for ((r, c), &v) in board.indexed() {
            planes.by_row[r][c] = level(v);
            planes.by_col[c][r] = level(v);
        }
        planes
    }

    fn empty(rows: usize, cols: usize) -> Planes {
        assert!(
            rows <= MAX_SIDE && cols <= MAX_SIDE,
            "a {rows}x{cols} board is larger than {MAX_SIDE}x{MAX_SIDE}"
        );
        Planes {
            rows,
            cols,
            by_row: [[0; MAX_SIDE]; MAX_SIDE],
            by_col: [[0; MAX_SIDE]; MAX_SIDE],
            held: Held::Both,
        }
    }

    /// The level at row `r`, column `c`.
    fn at(&self, r: usize, c: usize) -> u8 {
        if self.held == Held::Cols {
            self.by_col[c][r]
        } else {
            self.by_row[r][c]
        }
    }

    /// The board as tiles.
    pub fn to_grid(&self) -> Grid<u32> {
        let cells = (0..self.rows * self.cols)
            .map(|i| tile(self.at(i / self.cols, i % self.cols)))
            .collect();
        Grid::from_vec(self.rows, self.cols, cells)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Which mirror images of itself the board is: each tells a tilt whose children are mirror
    /// images of another tilt's, and so reach the same tiles ([`Symmetry`]). Stops at the first
    /// cell that differs, which on most boards is one of the first.
    ///
    /// ```
    /// use boj_12094_2048_hard::planes::{Planes, Symmetry};
    /// use grid_core::Grid;
    /// let board = Grid::from_rows(vec![vec![2, 4, 2], vec![8, 0, 8], vec![2, 4, 2]]).unwrap();
    /// let symmetry = Planes::from_grid(&board).symmetry();
    /// assert_eq!(symmetry, Symmetry { left_right: true, up_down: true, diagonal: false });
    /// ```
    pub fn symmetry(&self) -> Symmetry {
        let (rows, cols) = (self.rows, self.cols);
        let all =
            |same: &dyn Fn(usize, usize) -> bool| (0..rows).all(|r| (0..cols).all(|c| same(r, c)));
        let square = rows == cols;
        let n = rows;
        Symmetry {
            left_right: all(&|r, c| self.at(r, c) == self.at(r, cols - 1 - c)),
            up_down: all(&|r, c| self.at(r, c) == self.at(rows - 1 - r, c)),
            diagonal: square
                && (all(&|r, c| self.at(r, c) == self.at(c, r))
                    || all(&|r, c| self.at(r, c) == self.at(n - 1 - c, n - 1 - r))),
        }
    }

    /// The layout a tilt last wrote (`true`: columns), its lines and their length: the whole
    /// board, for a board just tilted (one held in both layouts gives its rows).
    pub(crate) fn written(&self) -> (bool, &[Lanes], usize) {
        if self.held == Held::Cols {
            (true, &self.by_col[..self.cols], self.rows)
        } else {
            (false, &self.by_row[..self.rows], self.cols)
        }
    }

    /// Copies into `buf` the cells of the line that a tilt toward `dir` packs (row `index` for
    /// left and right, column `index` for up and down), in board order; returns its length.
    pub(crate) fn line_into(&self, dir: Dir, index: usize, buf: &mut Lanes) -> usize {
        let (len, contiguous) = if dir.is_vertical() {
            (self.rows, self.held != Held::Rows)
        } else {
            (self.cols, self.held != Held::Cols)
        };
        if contiguous {
            *buf = if dir.is_vertical() {
                self.by_col[index]
            } else {
                self.by_row[index]
            };
        } else {
            for (k, cell) in buf[..len].iter_mut().enumerate() {
                *cell = if dir.is_vertical() {
                    self.by_row[k][index]
                } else {
                    self.by_col[k][index]
                };
            }
        }
        len
    }

    /// Makes sure the layout a tilt toward `dir` walks is held: rows for up and down, columns for
    /// left and right.
    fn hold_for(&mut self, dir: Dir) {
        match (self.held, dir.is_vertical()) {
            (Held::Cols, true) => {
                transpose(&self.by_col, self.cols, &mut self.by_row, self.rows);
                self.held = Held::Both;
            }
            (Held::Rows, false) => {
                transpose(&self.by_row, self.rows, &mut self.by_col, self.cols);
                self.held = Held::Both;
            }
            _ => {}
        }
    }

    /// Writes into `to` the board this one becomes when tilted toward `dir` (12100's rules: equal
    /// tiles merge once each, nearest the wall first). Returns whether that is a different board.
    /// `to` may hold any board before.
    pub fn tilt_into(&mut self, dir: Dir, to: &mut Planes) -> bool {
        self.tilt_and_scan(dir, 0, to, &mut Scan::default()).changed
    }

    /// [`Planes::tilt_into`], and the new board's scan into `scan` (see [`Planes::scan`]).
    pub(crate) fn tilt_and_scan(
        &mut self,
        dir: Dir,
        floor: u8,
        to: &mut Planes,
        scan: &mut Scan,
    ) -> Tilted {
        self.hold_for(dir);
        if (to.rows, to.cols) != (self.rows, self.cols) {
            // Only this board's lines are written below: what lies outside them must be empty.
            *to = Planes::empty(self.rows, self.cols);
        }
        let toward_end = matches!(dir, Dir::Down | Dir::Right);
        let Scan { facts, merged } = scan;
        let [row_facts, col_facts] = facts;
        let [row_merged, col_merged] = merged;
        // The tilt walks the layout whose lanes are its lines and writes each line as a row of
        // the other; the lines it makes are scanned along as it goes, across after.
        let rows = (row_facts, row_merged);
        let cols = (col_facts, col_merged);
        let (src, lines, held, along, across) = if dir.is_vertical() {
            let lines = &mut to.by_col[..self.cols];
            (&self.by_row[..self.rows], lines, Held::Cols, cols, rows)
        } else {
            let lines = &mut to.by_row[..self.rows];
            (&self.by_col[..self.cols], lines, Held::Rows, rows, cols)
        };
        let tilted = slide(src, toward_end, lines, floor, along.0, along.1);
        *across.1 = scan_plane(lines, floor, across.0);
        to.held = held;
        tilted
    }

    /// What tilting would do, into `scan`: for the rows (left or right) and the columns (up or
    /// down), each line's facts and the merges counted by the level merged. Merges of levels
    /// below `floor` are not counted (see the search); with `floor` 0 or 1 the counts are exact.
    /// Both directions of an axis merge the same tiles' worth in every line (a run of `m` equal
    /// tiles, empty cells aside, makes `m / 2` merges from either end), so one pass per axis
    /// serves all four tilts.
    pub(crate) fn scan(&mut self, floor: u8, scan: &mut Scan) {
        self.hold_for(Dir::Up);
        self.hold_for(Dir::Left);
        let [row_facts, col_facts] = &mut scan.facts;
        scan.merged = [
            scan_plane(&self.by_col[..self.cols], floor, row_facts),
            scan_plane(&self.by_row[..self.rows], floor, col_facts),
        ];
    }
}

/// The mirror images of itself a board is, and so the tilts the search may leave out: a tilt
/// of a mirrored board is the mirror image of the tilt it maps to, and mirror images reach the
/// same tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Symmetry {
    /// Every row reads the same both ways: tilting right mirrors tilting left.
    pub left_right: bool,
    /// Every column reads the same both ways: tilting down mirrors tilting up.
    pub up_down: bool,
    /// Square and the same across a diagonal (either one): tilting up and down mirror tilting
    /// left and right (across the main diagonal, up is left; across the other, up is right).
    pub diagonal: bool,
}

impl Symmetry {
    /// Whether a tilt toward `dir` mirrors another tilt of the board.
    pub fn mirrors_another(&self, dir: Dir) -> bool {
        match dir {
            Dir::Right => self.left_right,
            Dir::Down => self.up_down || self.diagonal,
            Dir::Up => self.diagonal,
            Dir::Left => false,
        }
    }
}

/// What a tilt did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tilted {
    /// Whether the board changed.
    pub changed: bool,
    /// Whether any two tiles merged.
    pub merged: bool,
    /// Whether tilting the new board the same way again would change nothing (it merges no
    /// two tiles: they are already packed that way).
    pub settled: bool,
}

/// Writes into `dst` the transpose of `src`, whose first `lines` rows hold lines of `lanes`
/// lanes each: `dst[j][i] = src[i][j]`. Outside those cells both must be empty (as a board's
/// layouts are); `dst` may hold anything inside them.
///
/// Eight by eight cells at a time, each row of such a block read as one 64-bit word: three
/// rounds of swapping halves, quarters and single bytes between words transpose the block in
/// 24 word operations, where a byte at a time takes a load and a store per cell.
fn transpose(src: &[Lanes; MAX_SIDE], lines: usize, dst: &mut [Lanes; MAX_SIDE], lanes: usize) {
    // Blocks reaching past the board read empty cells and write them, which keeps the outside
    // empty; `dst` rows no block reaches are past the board and empty already.
    for block_row in 0..(lines + 7) / 8 {
        for block_col in 0..(lanes + 7) / 8 {
            let mut words = [0u64; 8];
            for (k, word) in words.iter_mut().enumerate() {
                let row = &src[8 * block_row + k];
                let cells = &row[8 * block_col..8 * block_col + 8];
                *word = u64::from_le_bytes(cells.try_into().expect("8 cells"));
            }
            for (distance, keep) in [
                (4, 0x0000_0000_FFFF_FFFF_u64),
                (2, 0x0000_FFFF_0000_FFFF),
                (1, 0x00FF_00FF_00FF_00FF),
            ] {
                // The upper part of word `k` trades places with the lower part of word
                // `k + distance`: each block of the matrix swaps its off-diagonal quarters.
                let bits = 8 * distance as u32;
                for k in (0..8).filter(|k| k & distance == 0) {
                    let t = ((words[k] >> bits) ^ words[k + distance]) & keep;
                    words[k] ^= t << bits;
                    words[k + distance] ^= t;
                }
            }
            for (k, word) in words.iter().enumerate() {
                let row = &mut dst[8 * block_col + k];
                row[8 * block_row..8 * block_row + 8].copy_from_slice(&word.to_le_bytes());
            }
        }
    }
}

/// What the lines of one axis do in a tilt along them.
#[derive(Clone, Debug)]
pub(crate) struct LineFacts {
    /// Tiles each line keeps after a tilt along it (its tiles less its merges).
    pub kept: Lanes,
    /// The level of the largest tile each line holds after a tilt along it, 0 for an empty line.
    pub top: Lanes,
}

impl Default for LineFacts {
    fn default() -> LineFacts {
        LineFacts {
            kept: [0; MAX_SIDE],
            top: [0; MAX_SIDE],
        }
    }
}

/// A lane mask: all ones where `b` holds, else zero.
fn mask(b: bool) -> u8 {
    0u8.wrapping_sub(u8::from(b))
}

/// Facts of lines fed one tile at a time, from the wall: what a tilt along them would keep,
/// make and merge (the machine a slide runs over cells, run over the tiles it packs).
struct Follow {
    open: Lanes,
    kept: Lanes,
    top: Lanes,
}

impl Follow {
    fn new() -> Follow {
        Follow {
            open: [0; MAX_SIDE],
            kept: [0; MAX_SIDE],
            top: [0; MAX_SIDE],
        }
    }

    /// Feeds `tiles` in the lanes of `fed` (a mask; fed tiles are never 0), counting merges of
    /// `floor` and up into `merged`.
    #[inline(always)]
    fn feed(&mut self, tiles: &Lanes, fed: &Lanes, floor: u8, merged: &mut Tally) {
        let mut counted = [0; MAX_SIDE];
        let mut any = 0;
        for c in 0..MAX_SIDE {
            let x = tiles[c];
            let m = fed[c] & mask(x == self.open[c]);
            self.kept[c] = self.kept[c].wrapping_add(fed[c] & !m & 1);
            self.top[c] = self.top[c].max(fed[c] & x.wrapping_add(m & 1));
            self.open[c] = (!fed[c] & self.open[c]) | (fed[c] & !m & x);
            counted[c] = m & mask(x >= floor);
            any |= counted[c];
        }
        if any != 0 {
            count_merges(&counted, tiles, merged);
        }
    }
}

/// Adds to `merged` the level in `levels` of every lane `counted` marks. Merges are rare among
/// large tiles, where the search needs them counted: eight lanes at a time, a bit per lane.
fn count_merges(counted: &Lanes, levels: &Lanes, merged: &mut Tally) {
    for (word, levels) in counted.chunks_exact(8).zip(levels.chunks_exact(8)) {
        let mut lanes =
            u64::from_le_bytes(word.try_into().expect("8 lanes")) & 0x0101_0101_0101_0101;
        while lanes != 0 {
            let lane = lanes.trailing_zeros() as usize / 8;
            merged[usize::from(levels[lane]) % 32] += 1;
            lanes &= lanes - 1;
        }
    }
}

/// Slides every lane of `src` (its steps from the wall at step 0, or at the last step when
/// `toward_end`) and writes each lane's line into the row of `lines` of that lane, in board
/// order. The facts of the lines made, and their merges from `floor` up, go to `facts` and
/// `merged`.
fn slide(
    src: &[Lanes],
    toward_end: bool,
    lines: &mut [Lanes],
    floor: u8,
    facts: &mut LineFacts,
    merged: &mut Tally,
) -> Tilted {
    // Few lane arrays live across steps, so that they stay in vector registers.
    const SEALED: u8 = 0x80;
    let count = src.len();
    for line in lines.iter_mut() {
        *line = [0; MAX_SIDE];
    }
    *merged = [0; 32];
    let mut packed = [0u8; MAX_SIDE];
    // Each lane's last packed tile (0 for none), with SEALED once it took a merge: a cell merges
    // with it when they are equal, which a sealed tile never is. It goes on to `next` only when
    // a tile is packed after it, or at the end, since until then it may still change.
    let mut last = [0u8; MAX_SIDE];
    // Lane masks: an empty cell came (all later tiles move), the line changed, a merge came.
    let mut gap = [0u8; MAX_SIDE];
    let mut moved = [0u8; MAX_SIDE];
    let mut merged_any = [0u8; MAX_SIDE];
    let mut next = Follow::new();
    let (head, tail) = lines.split_at_mut(lines.len().min(SCATTERED));
    for step in 0..count {
        let v = &src[if toward_end { count - 1 - step } else { step }];
        let mut at = [0u8; MAX_SIDE];
        let mut value = [0u8; MAX_SIDE];
        let mut done = [0u8; MAX_SIDE];
        let mut done_tiles = [0u8; MAX_SIDE];
        for c in 0..MAX_SIDE {
            let filled = mask(v[c] != 0);
            let merges = filled & mask(v[c] == last[c]);
            let packs = filled & !merges;
            // A merge rewrites the last packed tile; an empty cell writes 0 where the next tile
            // will go, which is harmless and saves a branch.
            let a = packed[c].wrapping_sub(merges & 1);
            at[c] = if toward_end {
                (count as u8).wrapping_sub(1).wrapping_sub(a)
            } else {
                a
            };
            value[c] = v[c].wrapping_add(merges & 1);
            // The line changes when two tiles merge or a tile comes after a gap.
            moved[c] |= merges | (filled & gap[c]);
            merged_any[c] |= merges;
            gap[c] |= !filled;
            done[c] = packs & mask(last[c] != 0);
            done_tiles[c] = last[c] & !SEALED;
            last[c] = (packs & v[c]) | (merges & (value[c] | SEALED)) | (!filled & last[c]);
            packed[c] = packed[c].wrapping_add(packs & 1);
        }
        next.feed(&done_tiles, &done, floor, merged);
        scatter(head, &at[..SCATTERED], &value[..SCATTERED]);
        scatter(tail, &at[SCATTERED..], &value[SCATTERED..]);
    }
    let mut done = [0u8; MAX_SIDE];
    for c in 0..MAX_SIDE {
        done[c] = mask(last[c] != 0);
        last[c] &= !SEALED;
    }
    next.feed(&last, &done, floor, merged);
    facts.kept = next.kept;
    facts.top = next.top;
    let any = |lanes: &Lanes| lanes.iter().any(|&m| m != 0);
    Tilted {
        changed: any(&moved),
        merged: any(&merged_any),
        settled: next.kept == packed,
    }
}

/// How many lines [`scatter`] writes as one block.
const SCATTERED: usize = 16;

/// Writes `value[c]` at `at[c]` in `lines[c]`, for every line of `lines`. Exactly
/// [`SCATTERED`] lines (the first of a board that has more) are written as a block of that
/// size, a store a line: a count of lines known only at run time costs a compare and a jump on
/// each (4 % of the search's instructions; see NOTES.md).
#[inline(always)]
fn scatter(lines: &mut [Lanes], at: &[u8], value: &[u8]) {
    let block = <&mut [Lanes; SCATTERED]>::try_from(&mut *lines);
    if let (Ok(block), Ok(at), Ok(value)) = (
        block,
        <&[u8; SCATTERED]>::try_from(at),
        <&[u8; SCATTERED]>::try_from(value),
    ) {
        for (c, line) in block.iter_mut().enumerate() {
            line[usize::from(at[c]) % MAX_SIDE] = value[c];
        }
    } else {
        for ((line, &at), &value) in lines.iter_mut().zip(at).zip(value) {
            line[usize::from(at) % MAX_SIDE] = value;
        }
    }
}

/// [`Planes::scan`] for one layout: lanes are the lines, `src` their steps from either wall.
fn scan_plane(src: &[Lanes], floor: u8, facts: &mut LineFacts) -> Tally {
    let mut merged = [0; 32];
    let mut next = Follow::new();
    for v in src {
        let mut filled = [0u8; MAX_SIDE];
        for c in 0..MAX_SIDE {
            filled[c] = mask(v[c] != 0);
        }
        next.feed(v, &filled, floor, &mut merged);
    }
    facts.kept = next.kept;
    facts.top = next.top;
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tilt;

    /// The cells outside the board in every layout held, which must stay empty.
    fn padding(planes: &Planes) -> Vec<u8> {
        // A layout, and how many of its rows and lanes are the board's.
        let mut layouts = Vec::new();
        if planes.held != Held::Cols {
            layouts.push((&planes.by_row, planes.rows, planes.cols));
        }
        if planes.held != Held::Rows {
            layouts.push((&planes.by_col, planes.cols, planes.rows));
        }
        let mut cells = Vec::new();
        for (layout, rows, lanes) in layouts {
            for (r, row) in layout.iter().enumerate() {
                let outside = row
                    .iter()
                    .enumerate()
                    .filter(|&(c, _)| r >= rows || c >= lanes);
                cells.extend(outside.map(|(_, &v)| v));
            }
        }
        cells
    }

    fn check_against_12100(board: &Grid<u32>) {
        for first in [Dir::Left, Dir::Up] {
            // Every direction from a board held both ways, then from one held by rows only (made
            // by a tilt left) or by columns only (made by a tilt up).
            let mut planes = Planes::from_grid(board);
            let mut once = Planes::from_grid(&Grid::new(3, 5, 2));
            planes.tilt_into(first, &mut once);
            let once_grid = once.to_grid();
            for (mut from, start) in [(planes, board.clone()), (once, once_grid)] {
                for dir in Dir::ALL {
                    let mut to = Planes::from_grid(&Grid::new(2, 2, 4));
                    let changed = from.tilt_into(dir, &mut to);
                    let mut expected = start.clone();
                    let expected_changed = tilt(&mut expected, dir);
                    assert_eq!(
                        (to.to_grid(), changed),
                        (expected, expected_changed),
                        "{dir:?} on\n{start}"
                    );
                    assert!(padding(&to).iter().all(|&v| v == 0), "{dir:?} on\n{start}");
                    assert_eq!(from.to_grid(), start, "the board tilted is unchanged");
                }
            }
        }
    }

    /// Every board of the shape whose cells are levels below `levels` (0 is empty).
    fn every_board(rows: usize, cols: usize, levels: u32) -> impl Iterator<Item = Grid<u32>> {
        (0..levels.pow((rows * cols) as u32)).map(move |code| {
            let cells = (0..rows * cols)
                .map(|i| tile((code / levels.pow(i as u32) % levels) as u8))
                .collect();
            Grid::from_vec(rows, cols, cells)
        })
    }

    #[test]
    fn knows_the_mirror_images_a_board_is() {
        let symmetry =
            |rows: Vec<Vec<u32>>| Planes::from_grid(&Grid::from_rows(rows).unwrap()).symmetry();
        let none = Symmetry::default();
        let left_right = Symmetry {
            left_right: true,
            ..none
        };
        let up_down = Symmetry {
            up_down: true,
            ..none
        };
        let diagonal = Symmetry {
            diagonal: true,
            ..none
        };
        assert_eq!(symmetry(vec![vec![2, 4, 2], vec![8, 0, 8]]), left_right);
        assert_eq!(symmetry(vec![vec![2, 4, 2], vec![8, 0, 16]]), none);
        assert_eq!(symmetry(vec![vec![2, 4], vec![8, 0], vec![2, 4]]), up_down);
        assert_eq!(symmetry(vec![vec![2, 4], vec![4, 8]]), diagonal);
        assert_eq!(symmetry(vec![vec![2, 4], vec![8, 2]]), diagonal);
        assert_eq!(symmetry(vec![vec![2, 4], vec![8, 4]]), none);
        // A board just tilted is held one way only.
        let corners = vec![vec![2, 0, 2], vec![0, 0, 0], vec![2, 0, 2]];
        let mut tilted = Planes::from_grid(&Grid::new(3, 3, 0));
        Planes::from_grid(&Grid::from_rows(corners).unwrap()).tilt_into(Dir::Up, &mut tilted);
        assert_eq!(tilted.symmetry(), left_right);
    }

    /// `board` and its mirror images across its middle column, middle row and two diagonals.
    fn mirror_images(board: &Grid<u32>) -> Vec<Grid<u32>> {
        let across_diagonal = board.transposed();
        vec![
            board.clone(),
            across_diagonal.rotated_cw(),
            across_diagonal.rotated_ccw(),
            board.rotated_180().transposed(),
            across_diagonal,
        ]
    }

    #[test]
    fn every_tilt_left_out_mirrors_a_tilt_made() {
        // Every board of empty, 2 and 4 in 3 x 3 and of empty and 2 in 4 x 4 and 2 x 3 that is
        // a mirror image of itself some way.
        let boards = every_board(3, 3, 3)
            .chain(every_board(4, 4, 2))
            .chain(every_board(2, 3, 3));
        let mut left_out = 0;
        for board in boards {
            let symmetry = Planes::from_grid(&board).symmetry();
            let tilted = |dir| {
                let mut next = board.clone();
                tilt(&mut next, dir);
                next
            };
            let made: Vec<Grid<u32>> = Dir::ALL
                .into_iter()
                .filter(|&dir| !symmetry.mirrors_another(dir))
                .flat_map(|dir| mirror_images(&tilted(dir)))
                .collect();
            for dir in Dir::ALL
                .into_iter()
                .filter(|&d| symmetry.mirrors_another(d))
            {
                assert!(made.contains(&tilted(dir)), "{dir:?} on\n{board}");
                left_out += 1;
            }
        }
        assert!(left_out > 1000);
    }

    #[test]
    fn transposes_boards_of_every_shape_padding_and_all() {
        for (rows, cols) in [(1, 1), (3, 5), (8, 8), (9, 17), (20, 20), (32, 1), (32, 32)] {
            let cells = (0..rows * cols).map(|i| tile(1 + (i % 13) as u8)).collect();
            let planes = Planes::from_grid(&Grid::from_vec(rows, cols, cells));
            // Another board's cells where this board's go; empty outside, as in every layout.
            let mut columns = [[0; MAX_SIDE]; MAX_SIDE];
            for row in &mut columns[..cols] {
                row[..rows].fill(7);
            }
            transpose(&planes.by_row, rows, &mut columns, cols);
            assert_eq!(columns, planes.by_col, "{rows}x{cols}");
        }
    }

    #[test]
    fn tilts_like_12100_on_every_small_board() {
        // Lines long enough for runs of three equal tiles with gaps between them: every board of
        // empty, 2 and 4 in 3 x 3, 2 x 4 and 4 x 2, and of empty, 2, 4 and 8 in a line of seven.
        let shapes = [(3, 3, 3), (2, 4, 3), (4, 2, 3), (1, 7, 4), (7, 1, 4)];
        for (rows, cols, levels) in shapes {
            every_board(rows, cols, levels).for_each(|board| check_against_12100(&board));
        }
    }

    #[test]
    fn tilts_like_12100_on_large_boards() {
        // A fixed pseudo-random stream (xorshift), boards up to 32 x 32 with long equal runs.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for _ in 0..300 {
            let (rows, cols) = (1 + next(32) as usize, 1 + next(32) as usize);
            let spread = 1 + next(6);
            let cells = (0..rows * cols).map(|_| tile(next(spread) as u8)).collect();
            check_against_12100(&Grid::from_vec(rows, cols, cells));
        }
    }

    fn direct_scan(board: &Grid<u32>, floor: u8) -> Scan {
        let mut scan = Scan::default();
        Planes::from_grid(board).scan(floor, &mut scan);
        scan
    }

    fn same_scan(a: &Scan, b: &Scan) -> bool {
        a.merged == b.merged
            && (0..2).all(|axis| {
                (a.facts[axis].kept, a.facts[axis].top) == (b.facts[axis].kept, b.facts[axis].top)
            })
    }

    #[test]
    fn the_scan_counts_what_the_tilts_merge_and_keep() {
        let board = Grid::from_rows(vec![vec![2, 2, 2], vec![4, 0, 4], vec![4, 8, 0]]).unwrap();
        let scan = &direct_scan(&board, 0);
        let [rows, cols] = scan.merged;
        assert_eq!((rows[1], rows[2], cols[2]), (1, 1, 1));
        assert_eq!(scan.facts[0].kept[..3], [2, 1, 2]);
        assert_eq!(scan.facts[0].top[..3], [2, 3, 3]);
        assert_eq!(scan.facts[1].kept[..3], [2, 2, 2]);
        assert_eq!(scan.facts[1].top[..3], [3, 3, 2]);
        // Above the floor only.
        let [rows, cols] = direct_scan(&board, 2).merged;
        assert_eq!((rows[1], rows[2], cols[2]), (0, 1, 1));
    }

    #[test]
    fn a_tilt_scans_the_board_it_makes_like_a_scan_does_and_knows_if_it_would_change_again() {
        for (rows, cols, levels) in [(3, 3, 3), (2, 4, 4), (1, 7, 4)] {
            for board in every_board(rows, cols, levels) {
                for dir in Dir::ALL {
                    for floor in [0, 2] {
                        let mut made = Scan::default();
                        let mut to = Planes::from_grid(&board);
                        let tilted =
                            Planes::from_grid(&board).tilt_and_scan(dir, floor, &mut to, &mut made);
                        let before = crate::count_tiles(&board).iter().sum::<u32>();
                        let after = crate::count_tiles(&to.to_grid()).iter().sum::<u32>();
                        assert_eq!(tilted.merged, after < before, "{dir:?} on\n{board}");
                        let mut again = to.to_grid();
                        assert_eq!(
                            tilted.settled,
                            !tilt(&mut again, dir),
                            "{dir:?} on\n{board}"
                        );
                        assert!(
                            same_scan(&made, &direct_scan(&to.to_grid(), floor)),
                            "{dir:?}, floor {floor}, on\n{board}"
                        );
                    }
                }
            }
        }
    }
}
