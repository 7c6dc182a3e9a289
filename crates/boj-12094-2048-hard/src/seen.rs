//! The boards the search has been through, and with how many moves left: different orders of
//! tilts often make the same board (about a quarter of the boards with three or four moves left
//! on the worst input), and one search of it is enough.

use crate::planes::{Lanes, Planes};

/// Boards by their cells, in one layout, with the most moves left any was searched with.
#[derive(Debug, Default)]
pub(crate) struct Seen {
    /// Open addressing: 0 for an empty slot, else an index into `entries` plus one.
    slots: Vec<u32>,
    entries: Vec<Entry>,
    /// Every entry's cells, line after line with no padding (a 20 x 20 board takes 400 bytes:
    /// memory the search touches for the first time costs a page fault, and boards are many).
    cells: Vec<u8>,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    hash: u64,
    /// Where the board's cells start in `cells`.
    start: u32,
    /// Whether its lines are columns.
    vertical: bool,
    moves: u8,
}

impl Seen {
    /// Whether `board` (just made by a tilt, so held in one layout) needs searching with `moves`
    /// left: not when it was searched, or is being searched, with at least as many. Records it.
    ///
    /// Skipping it then is sound: that search found every tile reachable from it that beats the
    /// best tile known then, and the best tile only grows.
    pub fn first_with(&mut self, board: &Planes, moves: u8) -> bool {
        let (vertical, lines, len) = board.written();
        let hash = hash_of(vertical, lines);
        if 2 * (self.entries.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut slot = (hash >> 32) as usize & mask;
        loop {
            match self.slots[slot] {
                0 => {
                    self.slots[slot] = self.entries.len() as u32 + 1;
                    self.entries.push(Entry {
                        hash,
                        start: self.cells.len() as u32,
                        vertical,
                        moves,
                    });
                    for line in lines {
                        self.cells.extend_from_slice(&line[..len]);
                    }
                    return true;
                }
                taken => {
                    let entry = &mut self.entries[taken as usize - 1];
                    let start = entry.start as usize;
                    let same = entry.hash == hash
                        && entry.vertical == vertical
                        && self.cells[start..]
                            .chunks(len)
                            .zip(lines)
                            .all(|(kept, line)| *kept == line[..len]);
                    if same {
                        if entry.moves >= moves {
                            return false;
                        }
                        entry.moves = moves;
                        return true;
                    }
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Doubles the slots (at least 1024) and places every entry again.
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(1024);
        self.slots = vec![0; size];
        let mask = size - 1;
        for (index, entry) in self.entries.iter().enumerate() {
            let mut slot = (entry.hash >> 32) as usize & mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = index as u32 + 1;
        }
    }
}

/// A hash of a board's layout (`vertical`: its lines are columns) and lines (FxHash's mixing,
/// eight bytes at a time).
fn hash_of(vertical: bool, lines: &[Lanes]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut hash = u64::from(vertical);
    for lane in lines {
        for word in lane.chunks_exact(8) {
            let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            hash = (hash.rotate_left(5) ^ word).wrapping_mul(K);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::{Dir, Grid};

    /// `rows` tilted toward `dir` (so held in one layout, as the search's boards are).
    fn tilted(rows: Vec<Vec<u32>>, dir: Dir) -> Planes {
        let mut board = Planes::from_grid(&Grid::from_rows(rows).unwrap());
        let mut to = board.clone();
        board.tilt_into(dir, &mut to);
        to
    }

    #[test]
    fn a_board_is_searched_again_only_with_more_moves_left() {
        let mut seen = Seen::default();
        let board = tilted(vec![vec![0, 2, 4], vec![2, 0, 0], vec![0, 0, 8]], Dir::Left);
        assert!(seen.first_with(&board, 3));
        assert!(!seen.first_with(&board, 3));
        assert!(!seen.first_with(&board, 2));
        assert!(seen.first_with(&board, 5));
        assert!(!seen.first_with(&board, 4));
    }

    #[test]
    fn the_same_board_made_by_another_order_of_tilts_is_found() {
        let mut seen = Seen::default();
        // Left then nothing to merge, or the same cells already packed: one board.
        let a = tilted(vec![vec![0, 2, 4], vec![2, 0, 0], vec![0, 0, 8]], Dir::Left);
        let b = tilted(vec![vec![2, 4, 0], vec![0, 2, 0], vec![8, 0, 0]], Dir::Left);
        assert_eq!(a.to_grid(), b.to_grid());
        assert!(seen.first_with(&a, 3));
        assert!(!seen.first_with(&b, 3));
        // One cell apart: another board.
        let c = tilted(
            vec![vec![2, 4, 0], vec![0, 2, 0], vec![16, 0, 0]],
            Dir::Left,
        );
        assert!(seen.first_with(&c, 3));
    }

    #[test]
    fn the_same_lines_as_rows_and_as_columns_are_two_boards() {
        let mut seen = Seen::default();
        let rows = tilted(vec![vec![2, 4, 0], vec![8, 0, 0], vec![0, 0, 0]], Dir::Left);
        let cols = tilted(vec![vec![2, 8, 0], vec![4, 0, 0], vec![0, 0, 0]], Dir::Up);
        assert_eq!(rows.written().1, cols.written().1);
        assert!(seen.first_with(&rows, 3));
        assert!(seen.first_with(&cols, 3));
    }

    #[test]
    fn boards_that_are_not_square_are_kept_in_either_layout() {
        let mut seen = Seen::default();
        let rows = || vec![vec![2, 0, 2], vec![0, 4, 8]];
        let left = tilted(rows(), Dir::Left);
        let up = tilted(rows(), Dir::Up);
        assert!(seen.first_with(&left, 4));
        assert!(seen.first_with(&up, 4));
        assert!(!seen.first_with(&tilted(rows(), Dir::Left), 4));
        assert!(!seen.first_with(&tilted(rows(), Dir::Up), 4));
        assert!(seen.first_with(&tilted(rows(), Dir::Down), 4));
    }

    #[test]
    fn thousands_of_boards_are_told_apart_across_growth() {
        let mut seen = Seen::default();
        // 4x4 boards of 2s and 4s, one per 16-bit pattern, tilted up: thousands of boards,
        // and some patterns make the same board.
        let board = |k: u32| {
            let cells = (0..16)
                .map(|i| 1 << (1 + (k >> i) % 2))
                .collect::<Vec<u32>>();
            tilted(cells.chunks(4).map(<[u32]>::to_vec).collect(), Dir::Up)
        };
        let distinct: std::collections::HashSet<String> =
            (0..5000).map(|k| board(k).to_grid().to_string()).collect();
        assert!(distinct.len() > 2000 && distinct.len() < 5000);
        let first = (0..5000).filter(|&k| seen.first_with(&board(k), 3)).count();
        assert_eq!(first, distinct.len());
        assert!((0..5000).all(|k| !seen.first_with(&board(k), 3)));
    }
}
