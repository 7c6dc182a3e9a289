//! The spiral order of a square board from its centre: the walk that goes 1 step, 1 step,
//! 2 steps, 2 steps, 3, 3, ... turning the same way after every leg.

use super::dir::Dir;
use super::grid::Pos;

/// Every cell of an `n x n` board (`n` odd) in the order of a spiral walk from the centre: the
/// centre first, then legs of 1, 1, 2, 2, 3, 3, ... cells, the first toward `first`, the second
/// toward `second`, and every later leg turned from the one before the same way `second` is
/// turned from `first`. The walk covers the board exactly and ends in a corner, after a last
/// leg of `n - 1` cells.
///
/// # Panics
/// When `n` is even (no centre cell) or `second` is not a quarter turn from `first`.
///
/// # Complexity
/// `O(n * n)`.
///
/// ```
/// use grid_core::{spiral_from_centre, Dir, Grid};
/// // Baekjoon 21611's numbering: left, down, right, up, legs growing every second turn.
/// let order = spiral_from_centre(5, Dir::Left, Dir::Down);
/// let mut number = Grid::new(5, 5, 0);
/// for (k, &pos) in order.iter().enumerate() {
///     number[pos] = k;
/// }
/// assert_eq!(
///     number.to_string(),
///     "24 23 22 21 20\n9 8 7 6 19\n10 1 0 5 18\n11 2 3 4 17\n12 13 14 15 16\n"
/// );
/// assert_eq!(spiral_from_centre(3, Dir::Up, Dir::Right)[..3], [(1, 1), (0, 1), (0, 2)]);
/// ```
pub fn spiral_from_centre(n: usize, first: Dir, second: Dir) -> Vec<Pos> {
    assert!(n % 2 == 1, "a {n}x{n} board has no centre cell");
    let clockwise = if first.turn_cw() == second {
        true
    } else if first.turn_ccw() == second {
        false
    } else {
        panic!(
            "a spiral turns a quarter after each leg: {first:?} cannot be followed by {second:?}"
        );
    };
    let centre = n / 2;
    let mut order = Vec::with_capacity(n * n);
    order.push((centre, centre));
    let (mut r, mut c) = (centre, centre);
    let mut dir = first;
    let mut leg = 1;
    loop {
        for _ in 0..2 {
            for _ in 0..leg {
                if order.len() == n * n {
                    return order;
                }
                // Inside the board until the last cell: the walk's k-th ring fits its square.
                let (dr, dc) = dir.delta();
                r = (r as isize + dr) as usize;
                c = (c as isize + dc) as usize;
                order.push((r, c));
            }
            dir = if clockwise {
                dir.turn_cw()
            } else {
                dir.turn_ccw()
            };
        }
        leg += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk as the statement tells it, in signed coordinates, stopped at the first step off
    /// the board.
    fn walk(n: usize, first: Dir, clockwise: bool) -> Vec<(isize, isize)> {
        let n = n as isize;
        let mut pos = (n / 2, n / 2);
        let mut out = vec![pos];
        let mut dir = first;
        let mut leg = 1;
        loop {
            for _ in 0..2 {
                for _ in 0..leg {
                    let (dr, dc) = dir.delta();
                    pos = (pos.0 + dr, pos.1 + dc);
                    if pos.0 < 0 || pos.0 >= n || pos.1 < 0 || pos.1 >= n {
                        return out;
                    }
                    out.push(pos);
                }
                dir = if clockwise {
                    dir.turn_cw()
                } else {
                    dir.turn_ccw()
                };
            }
            leg += 1;
        }
    }

    #[test]
    fn every_odd_size_and_orientation_visits_each_cell_once_like_the_plain_walk() {
        for n in (1..=21).step_by(2) {
            for first in Dir::ALL {
                for clockwise in [true, false] {
                    let second = if clockwise {
                        first.turn_cw()
                    } else {
                        first.turn_ccw()
                    };
                    let order = spiral_from_centre(n, first, second);
                    let walked: Vec<Pos> = walk(n, first, clockwise)
                        .into_iter()
                        .map(|(r, c)| (r as usize, c as usize))
                        .collect();
                    assert_eq!(order, walked, "{n} {first:?} {second:?}");
                    let mut seen = vec![false; n * n];
                    for &(r, c) in &order {
                        assert!(r < n && c < n);
                        assert!(!seen[r * n + c], "{n}: {:?} twice", (r, c));
                        seen[r * n + c] = true;
                    }
                    assert_eq!(order.len(), n * n);
                    for pair in order.windows(2) {
                        let (a, b) = (pair[0], pair[1]);
                        assert_eq!(a.0.abs_diff(b.0) + a.1.abs_diff(b.1), 1, "{a:?} {b:?}");
                    }
                    // It ends in a corner.
                    let (r, c) = order[n * n - 1];
                    assert!((r == 0 || r == n - 1) && (c == 0 || c == n - 1));
                }
            }
        }
    }

    #[test]
    fn baekjoon_21611_numbering_of_7x7() {
        let order = spiral_from_centre(7, Dir::Left, Dir::Down);
        let mut number = vec![vec![0; 7]; 7];
        for (k, &(r, c)) in order.iter().enumerate() {
            number[r][c] = k;
        }
        let expected = [
            [48, 47, 46, 45, 44, 43, 42],
            [25, 24, 23, 22, 21, 20, 41],
            [26, 9, 8, 7, 6, 19, 40],
            [27, 10, 1, 0, 5, 18, 39],
            [28, 11, 2, 3, 4, 17, 38],
            [29, 12, 13, 14, 15, 16, 37],
            [30, 31, 32, 33, 34, 35, 36],
        ];
        for r in 0..7 {
            assert_eq!(number[r], expected[r], "row {r}");
        }
        assert_eq!(spiral_from_centre(1, Dir::Left, Dir::Down), vec![(0, 0)]);
    }

    #[test]
    #[should_panic(expected = "no centre cell")]
    fn an_even_board_has_no_centre() {
        spiral_from_centre(4, Dir::Left, Dir::Down);
    }

    #[test]
    #[should_panic(expected = "cannot be followed by")]
    fn a_spiral_must_turn_a_quarter() {
        spiral_from_centre(3, Dir::Left, Dir::Right);
    }
}
