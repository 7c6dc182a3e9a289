//! Positions on a board whose edges wrap around (a torus): rows and columns taken modulo the
//! board's size, and steps of any length that never overflow.

use super::grid::{Grid, Pos};

/// The shape of a `rows x cols` board whose edges wrap around: the row above row 0 is the last
/// row, the column right of the last column is column 0, each axis on its own.
///
/// ```
/// use grid_core::{Dir8, Torus};
/// let t = Torus::new(4, 4);
/// assert_eq!(t.step((0, 0), Dir8::UpLeft.delta(), 1), (3, 3));
/// // 1000 steps right on 4 columns is 0 steps: only 1000 mod 4 matters.
/// assert_eq!(t.step((2, 1), Dir8::Right.delta(), 1000), (2, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Torus {
    rows: usize,
    cols: usize,
}

impl Torus {
    /// A wrapping `rows x cols` board.
    ///
    /// # Panics
    /// When `rows` or `cols` is 0 (no cell to wrap onto).
    ///
    /// ```
    /// let t = grid_core::Torus::new(2, 3);
    /// assert_eq!((t.rows(), t.cols()), (2, 3));
    /// ```
    pub fn new(rows: usize, cols: usize) -> Torus {
        assert!(
            rows > 0 && cols > 0,
            "a {rows}x{cols} board has no cell to wrap onto"
        );
        Torus { rows, cols }
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(grid_core::Torus::new(2, 5).rows(), 2);
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(grid_core::Torus::new(2, 5).cols(), 5);
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell a signed `(row, col)` lands on: each coordinate taken modulo its axis, never
    /// negative (`-1` is the last row or column).
    ///
    /// ```
    /// let t = grid_core::Torus::new(3, 4);
    /// assert_eq!(t.wrap((-1, 4)), (2, 0));
    /// assert_eq!(t.wrap((7, -9)), (1, 3));
    /// assert_eq!(t.wrap((isize::MIN, isize::MAX)), (1, 3));
    /// ```
    pub fn wrap(&self, (row, col): (isize, isize)) -> Pos {
        (wrap_signed(row, self.rows), wrap_signed(col, self.cols))
    }

    /// The cell reached from `pos` after `k` steps of `delta` (such as `Dir8::delta()` or
    /// `Dir::delta()`), wrapping at every edge: `((row + k * dr) mod rows, (col + k * dc) mod
    /// cols)` in exact arithmetic, for any `k` and any `delta` (no overflow). `pos` may be off
    /// the board; it is wrapped first.
    ///
    /// Cheap for the usual case: with `pos` on the board, `k` below both sides and each delta in
    /// `-1..=1`, it does no division.
    ///
    /// ```
    /// use grid_core::{Dir, Dir8, Torus};
    /// let t = Torus::new(4, 5);
    /// assert_eq!(t.step((0, 0), Dir8::UpLeft.delta(), 2), (2, 3));
    /// assert_eq!(t.step((1, 1), Dir::Down.delta(), 7), (0, 1));
    /// assert_eq!(t.step((1, 1), (3, -2), 2), (3, 2));
    /// assert_eq!(t.step((1, 1), (-1, 1), usize::MAX), (2, 1));
    /// ```
    pub fn step(&self, pos: Pos, delta: (isize, isize), k: usize) -> Pos {
        (
            wrap_axis(pos.0, delta.0, k, self.rows),
            wrap_axis(pos.1, delta.1, k, self.cols),
        )
    }
}

impl<T> Grid<T> {
    /// This board's shape with its edges wrapping around (see [`Torus`]).
    ///
    /// # Panics
    /// When the board has no rows or no columns.
    ///
    /// ```
    /// use grid_core::{Dir8, Grid};
    /// let g = Grid::from_lines("a.\n.b").unwrap();
    /// let t = g.torus();
    /// assert_eq!(g[t.step((1, 1), Dir8::DownRight.delta(), 1)], 'a');
    /// ```
    pub fn torus(&self) -> Torus {
        Torus::new(self.rows(), self.cols())
    }
}

/// `x mod len` for a signed `x`, never negative.
fn wrap_signed(x: isize, len: usize) -> usize {
    let magnitude = x.unsigned_abs() % len;
    if x < 0 && magnitude > 0 {
        len - magnitude
    } else {
        magnitude
    }
}

/// `(x + k * d) mod len` in exact arithmetic.
fn wrap_axis(x: usize, d: isize, k: usize, len: usize) -> usize {
    let x = if x < len { x } else { x % len };
    let k = if k < len { k } else { k % len };
    let per_step = d.unsigned_abs();
    let per_step = if per_step < len {
        per_step
    } else {
        per_step % len
    };
    // Both factors are below len, so the product fits in u128 (and usually in usize).
    let shift = match per_step.checked_mul(k) {
        Some(p) if p < len => p,
        Some(p) => p % len,
        None => (per_step as u128 * k as u128 % len as u128) as usize,
    };
    if shift == 0 {
        x
    } else if d < 0 {
        // x - shift, borrowing len when it would go below 0.
        if x >= shift {
            x - shift
        } else {
            x + (len - shift)
        }
    } else if x < len - shift {
        x + shift
    } else {
        x - (len - shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `k` single steps with an explicit wrap at each edge.
    fn walk(t: Torus, mut pos: Pos, (dr, dc): (isize, isize), k: usize) -> Pos {
        for _ in 0..k {
            for _ in 0..dr.unsigned_abs() {
                pos.0 = if dr > 0 {
                    if pos.0 + 1 == t.rows() {
                        0
                    } else {
                        pos.0 + 1
                    }
                } else if pos.0 == 0 {
                    t.rows() - 1
                } else {
                    pos.0 - 1
                };
            }
            for _ in 0..dc.unsigned_abs() {
                pos.1 = if dc > 0 {
                    if pos.1 + 1 == t.cols() {
                        0
                    } else {
                        pos.1 + 1
                    }
                } else if pos.1 == 0 {
                    t.cols() - 1
                } else {
                    pos.1 - 1
                };
            }
        }
        pos
    }

    /// The exact answer in i128.
    fn exact(x: i128, d: i128, k: i128, len: usize) -> usize {
        (x + d * k).rem_euclid(len as i128) as usize
    }

    #[test]
    fn step_agrees_with_walking_one_cell_at_a_time_on_every_small_board() {
        for rows in 1..=5 {
            for cols in 1..=5 {
                let t = Torus::new(rows, cols);
                for r in 0..rows {
                    for c in 0..cols {
                        for dr in -3..=3 {
                            for dc in -3..=3 {
                                for k in 0..=12 {
                                    assert_eq!(
                                        t.step((r, c), (dr, dc), k),
                                        walk(t, (r, c), (dr, dc), k),
                                        "{rows}x{cols} from {:?} by {:?} x {k}",
                                        (r, c),
                                        (dr, dc)
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn huge_steps_deltas_and_positions_do_not_overflow() {
        let lens = [1usize, 2, 3, 7, 50, 1 << 40, usize::MAX, usize::MAX - 1];
        let ks = [0usize, 1, 999, 1000, usize::MAX, usize::MAX / 3];
        let ds = [
            isize::MIN,
            isize::MIN + 1,
            -1000,
            -1,
            0,
            1,
            1000,
            isize::MAX,
        ];
        let xs = [0usize, 1, 12345, usize::MAX, usize::MAX / 2];
        for &len in &lens {
            let t = Torus::new(len, 1);
            for &k in &ks {
                for &d in &ds {
                    for &x in &xs {
                        let expected = exact(x as i128, d as i128, k as i128, len);
                        assert_eq!(
                            t.step((x, 0), (d, 0), k).0,
                            expected,
                            "len {len} x {x} d {d} k {k}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn wrap_takes_the_never_negative_remainder() {
        for len in 1..=7usize {
            let t = Torus::new(len, len);
            for x in -30isize..=30 {
                let expected = x.rem_euclid(len as isize) as usize;
                assert_eq!(t.wrap((x, x)), (expected, expected));
            }
            for x in [isize::MIN, isize::MIN + 1, isize::MAX] {
                let expected = (x as i128).rem_euclid(len as i128) as usize;
                assert_eq!(t.wrap((x, 0)).0, expected, "{x} mod {len}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "no cell to wrap onto")]
    fn an_empty_board_has_no_torus() {
        Grid::new(0, 3, 0u8).torus();
    }
}
