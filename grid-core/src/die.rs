//! A die: a cube whose six faces carry values, rolled over the board one cell at a time.

use std::mem::swap;

use super::dir::Dir;

/// A cube lying on a board cell, its six faces named by where they face: `top` (up from the
/// board), `bottom` (on the board), and the four sides by compass, with north toward row 0
/// ([`Dir::Up`]), south toward the last row ([`Dir::Down`]), west toward column 0
/// ([`Dir::Left`]) and east toward the last column ([`Dir::Right`]).
///
/// ```
/// use grid_core::{Die, Dir};
/// let mut die = Die::standard();
/// die.roll(Dir::Right);
/// assert_eq!((die.top, die.bottom, die.east, die.west), (4, 3, 1, 6));
/// assert_eq!(*die.side(Dir::Up), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Die<T> {
    /// The face looking up, away from the board.
    pub top: T,
    /// The face lying on the board.
    pub bottom: T,
    /// The face toward row 0 ([`Dir::Up`]).
    pub north: T,
    /// The face toward the last row ([`Dir::Down`]).
    pub south: T,
    /// The face toward column 0 ([`Dir::Left`]).
    pub west: T,
    /// The face toward the last column ([`Dir::Right`]).
    pub east: T,
}

impl Die<u8> {
    /// The die of the net the Samsung-test problems draw (14499, 23288), numbered 1 to 6:
    /// 1 on top, 6 at the bottom, 2 north, 5 south, 4 west, 3 east (opposite faces sum to 7).
    ///
    /// ```
    /// //   2
    /// // 4 1 3
    /// //   5
    /// //   6
    /// let d = grid_core::Die::standard();
    /// assert_eq!([d.top, d.north, d.west, d.east, d.south, d.bottom], [1, 2, 4, 3, 5, 6]);
    /// ```
    pub fn standard() -> Die<u8> {
        Die {
            top: 1,
            bottom: 6,
            north: 2,
            south: 5,
            west: 4,
            east: 3,
        }
    }
}

impl<T> Die<T> {
    /// A die with every face holding `value` (14499 starts with 0 on all six).
    ///
    /// ```
    /// let d = grid_core::Die::filled(0);
    /// assert_eq!((d.top, d.bottom, d.north), (0, 0, 0));
    /// ```
    pub fn filled(value: T) -> Die<T>
    where
        T: Clone,
    {
        Die {
            top: value.clone(),
            bottom: value.clone(),
            north: value.clone(),
            south: value.clone(),
            west: value.clone(),
            east: value,
        }
    }

    /// Rolls the die one cell toward `dir`, in place: it tips over its edge on that side, so
    /// the face on that side goes to the bottom, the bottom to the opposite side, the opposite
    /// side to the top and the top to that side; the two other sides stay.
    ///
    /// ```
    /// use grid_core::{Die, Dir};
    /// let mut d = Die::standard();
    /// d.roll(Dir::Down); // south: north -> top, top -> south, south -> bottom, bottom -> north
    /// assert_eq!((d.top, d.south, d.bottom, d.north), (2, 1, 5, 6));
    /// assert_eq!((d.west, d.east), (4, 3));
    /// d.roll(Dir::Up);
    /// assert_eq!(d, Die::standard());
    /// ```
    pub fn roll(&mut self, dir: Dir) {
        // The face on `dir`'s side and the one opposite it, which trade places with top and
        // bottom in a cycle of four: top <- back, back <- bottom, bottom <- front, front <- top.
        let (front, back) = match dir {
            Dir::Up => (&mut self.north, &mut self.south),
            Dir::Down => (&mut self.south, &mut self.north),
            Dir::Left => (&mut self.west, &mut self.east),
            Dir::Right => (&mut self.east, &mut self.west),
        };
        swap(&mut self.top, back); // top = old back, back = old top
        swap(back, &mut self.bottom); // back = old bottom, bottom = old top
        swap(&mut self.bottom, front); // bottom = old front, front = old top
    }

    /// A copy of the die rolled one cell toward `dir` (see [`Die::roll`]).
    ///
    /// ```
    /// use grid_core::{Die, Dir};
    /// let d = Die::standard();
    /// assert_eq!(d.rolled(Dir::Left).top, 3);
    /// assert_eq!(d.top, 1);
    /// ```
    pub fn rolled(&self, dir: Dir) -> Die<T>
    where
        T: Clone,
    {
        let mut copy = self.clone();
        copy.roll(dir);
        copy
    }

    /// The side face looking toward `dir` (north for [`Dir::Up`], ...).
    ///
    /// ```
    /// use grid_core::{Die, Dir};
    /// assert_eq!(*Die::standard().side(Dir::Right), 3);
    /// ```
    pub fn side(&self, dir: Dir) -> &T {
        match dir {
            Dir::Up => &self.north,
            Dir::Down => &self.south,
            Dir::Left => &self.west,
            Dir::Right => &self.east,
        }
    }

    /// The side face looking toward `dir`, for writing.
    ///
    /// ```
    /// use grid_core::{Die, Dir};
    /// let mut d = Die::filled(0);
    /// *d.side_mut(Dir::Left) = 7;
    /// assert_eq!(d.west, 7);
    /// ```
    pub fn side_mut(&mut self, dir: Dir) -> &mut T {
        match dir {
            Dir::Up => &mut self.north,
            Dir::Down => &mut self.south,
            Dir::Left => &mut self.west,
            Dir::Right => &mut self.east,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain model: where each number's face points, as an (east, north, up) vector, turned
    /// by the rotation a roll is.
    fn model_top_and_sides(rolls: &[Dir]) -> [u8; 6] {
        // Numbers 1..=6 of the standard die and their starting normals.
        let mut normal: [(i32, i32, i32); 7] = [
            (0, 0, 0),
            (0, 0, 1),  // 1 top
            (0, 1, 0),  // 2 north
            (1, 0, 0),  // 3 east
            (-1, 0, 0), // 4 west
            (0, -1, 0), // 5 south
            (0, 0, -1), // 6 bottom
        ];
        for &dir in rolls {
            for n in normal.iter_mut().skip(1) {
                let (x, y, z) = *n;
                // Tipping east turns up into east and east into down; the others likewise.
                *n = match dir {
                    Dir::Right => (z, y, -x),
                    Dir::Left => (-z, y, x),
                    Dir::Up => (x, z, -y),
                    Dir::Down => (x, -z, y),
                };
            }
        }
        let facing = |v: (i32, i32, i32)| (1..=6u8).find(|&k| normal[k as usize] == v).unwrap();
        [
            facing((0, 0, 1)),
            facing((0, 0, -1)),
            facing((0, 1, 0)),
            facing((0, -1, 0)),
            facing((-1, 0, 0)),
            facing((1, 0, 0)),
        ]
    }

    fn faces(d: &Die<u8>) -> [u8; 6] {
        [d.top, d.bottom, d.north, d.south, d.west, d.east]
    }

    #[test]
    fn every_roll_sequence_up_to_length_7_matches_turning_the_faces_normals() {
        let mut seen = std::collections::HashSet::new();
        for len in 0..=7u32 {
            for code in 0..4usize.pow(len) {
                let rolls: Vec<Dir> = (0..len)
                    .map(|i| Dir::ALL[code / 4usize.pow(i) % 4])
                    .collect();
                let mut die = Die::standard();
                for &d in &rolls {
                    die.roll(d);
                }
                assert_eq!(faces(&die), model_top_and_sides(&rolls), "{rolls:?}");
                // Opposite faces keep summing to 7, and rolled (the copy) agrees.
                assert_eq!(die.top + die.bottom, 7);
                assert_eq!(die.north + die.south, 7);
                assert_eq!(die.west + die.east, 7);
                if let Some(&last) = rolls.last() {
                    let mut before = Die::standard();
                    for &d in &rolls[..rolls.len() - 1] {
                        before.roll(d);
                    }
                    assert_eq!(before.rolled(last), die);
                    // Rolling back undoes a roll.
                    assert_eq!(die.rolled(last.reverse()), before);
                }
                seen.insert(faces(&die));
            }
        }
        // A cube has 24 orientations, and rolling reaches all of them.
        assert_eq!(seen.len(), 24);
    }

    #[test]
    fn sides_are_read_and_written_by_direction() {
        let mut d = Die::standard();
        for dir in Dir::ALL {
            *d.side_mut(dir) += 10;
        }
        assert_eq!(faces(&d), [1, 6, 12, 15, 14, 13]);
        assert_eq!(
            Dir::ALL.map(|dir| *d.side(dir)),
            [d.north, d.south, d.west, d.east]
        );
    }

    #[test]
    fn four_rolls_one_way_come_back_and_a_non_copy_face_works() {
        let mut d = Die::filled(String::new());
        d.top = "top".to_string();
        for dir in Dir::ALL {
            let start = d.clone();
            for _ in 0..4 {
                d.roll(dir);
            }
            assert_eq!(d, start);
        }
        d.roll(Dir::Left);
        assert_eq!(d.west, "top");
    }
}
