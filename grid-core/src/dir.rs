//! The four orthogonal directions and their row/column deltas.

/// One of the four orthogonal directions on a board whose row 0 is at the top.
///
/// ```
/// use grid_core::{Dir, Grid};
/// let g = Grid::new(2, 2, 0);
/// assert_eq!(g.step((1, 1), Dir::Up), Some((0, 1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Toward row 0.
    Up,
    /// Toward the last row.
    Down,
    /// Toward column 0.
    Left,
    /// Toward the last column.
    Right,
}

impl Dir {
    /// All four directions, in the order `Up, Down, Left, Right`.
    ///
    /// ```
    /// assert_eq!(grid_core::Dir::ALL.len(), 4);
    /// ```
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The `(row, col)` change of one step.
    ///
    /// ```
    /// use grid_core::Dir;
    /// assert_eq!(Dir::Up.delta(), (-1, 0));
    /// assert_eq!(Dir::Right.delta(), (0, 1));
    /// ```
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The direction's name in lower case, for messages and traces.
    ///
    /// ```
    /// assert_eq!(grid_core::Dir::Left.name(), "left");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }

    /// The opposite direction.
    ///
    /// ```
    /// use grid_core::Dir;
    /// assert_eq!(Dir::Left.reverse(), Dir::Right);
    /// ```
    pub fn reverse(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The direction a quarter turn clockwise from this one.
    ///
    /// ```
    /// use grid_core::Dir;
    /// assert_eq!(Dir::Up.turn_cw(), Dir::Right);
    /// ```
    pub fn turn_cw(self) -> Dir {
        match self {
            Dir::Up => Dir::Right,
            Dir::Right => Dir::Down,
            Dir::Down => Dir::Left,
            Dir::Left => Dir::Up,
        }
    }

    /// The direction a quarter turn counter-clockwise from this one.
    ///
    /// ```
    /// use grid_core::Dir;
    /// assert_eq!(Dir::Up.turn_ccw(), Dir::Left);
    /// assert_eq!(Dir::Right.turn_ccw().turn_cw(), Dir::Right);
    /// ```
    pub fn turn_ccw(self) -> Dir {
        match self {
            Dir::Up => Dir::Left,
            Dir::Left => Dir::Down,
            Dir::Down => Dir::Right,
            Dir::Right => Dir::Up,
        }
    }

    /// Whether moving this way changes the row (`Up`/`Down`) rather than the column.
    ///
    /// ```
    /// assert!(grid_core::Dir::Down.is_vertical());
    /// ```
    pub fn is_vertical(self) -> bool {
        matches!(self, Dir::Up | Dir::Down)
    }
}

#[cfg(test)]
mod tests {
    use super::Dir;

    #[test]
    fn reverse_is_an_involution_and_negates_the_delta() {
        for d in Dir::ALL {
            assert_eq!(d.reverse().reverse(), d);
            let (dr, dc) = d.delta();
            assert_eq!(d.reverse().delta(), (-dr, -dc));
        }
    }

    #[test]
    fn four_clockwise_turns_come_back_and_two_reverse() {
        for d in Dir::ALL {
            assert_eq!(d.turn_cw().turn_cw(), d.reverse());
            assert_eq!(d.turn_cw().turn_cw().turn_cw().turn_cw(), d);
            assert_ne!(d.is_vertical(), d.turn_cw().is_vertical());
        }
    }

    #[test]
    fn counter_clockwise_undoes_clockwise_and_turns_the_delta_left() {
        for d in Dir::ALL {
            assert_eq!(d.turn_ccw().turn_cw(), d);
            assert_eq!(d.turn_cw().turn_ccw(), d);
            assert_eq!(d.turn_ccw().turn_ccw(), d.reverse());
            // (row, col) turned a quarter counter-clockwise is (-col, row).
            let (dr, dc) = d.delta();
            assert_eq!(d.turn_ccw().delta(), (-dc, dr));
        }
    }
}
