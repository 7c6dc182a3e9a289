//! One line's tilts toward either end worked out with bit masks instead of cell by cell.
//!
//! The search's check of a child ([`crate::search`]) needs, for a few lines, where the large
//! tiles stand after a tilt each way. Cell by cell that is a chain of dependent steps per cell;
//! here the tiles are packed once, which of them merge is found for all at once from the mask
//! of tiles equal to the one before, and a tile's place is a population count.

use crate::planes::{Lanes, MAX_SIDE};

/// A line's tiles in order from its start, empty cells dropped, with the tiles a tilt toward
/// each end merges away.
#[derive(Clone, Debug)]
pub(crate) struct PackedLine {
    /// Tile levels, `len` of them, then zeros.
    levels: Lanes,
    len: usize,
    /// Bit `i`: a tilt toward the start merges tile `i` into tile `i - 1`.
    gone_to_start: u32,
    /// Bit `r`: a tilt toward the end merges the `r`-th tile from the end into the one after it
    /// (counted from the end too).
    gone_to_end: u32,
}

/// Where a tile lands in a tilt: its place from the wall it went to, and its level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Landed {
    pub pos: usize,
    pub level: u8,
}

/// The lowest `n` bits (`n` at most 32).
pub(crate) fn low_bits(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1 << n) - 1
    }
}

/// Bytes as four little-endian words: eight lanes to a word, worked on together.
fn words(lanes: &Lanes) -> [u64; 4] {
    let mut words = [0; 4];
    for (word, bytes) in words.iter_mut().zip(lanes.chunks_exact(8)) {
        *word = u64::from_le_bytes(bytes.try_into().expect("8 lanes"));
    }
    words
}

/// The top bit of every byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The top bit of each byte of `words` (0 or the byte's top bit only), as a bit per byte.
fn byte_bits(words: [u64; 4]) -> u32 {
    let mut bits = 0;
    for (k, word) in words.into_iter().enumerate() {
        // Byte `i`'s top bit moves up `7 * (7 - i)` places, to bit `56 + i`; no two collide.
        bits |= ((word.wrapping_mul(0x0002_0408_1020_4081) >> 56) as u32) << (8 * k);
    }
    bits
}

/// Bit `i` set when byte `i` of `levels` equals byte `i - 1` (never bit 0).
fn equal_to_previous(levels: &Lanes) -> u32 {
    let words = words(levels);
    let mut zero = [0; 4];
    let mut carried = 0;
    for (k, &word) in words.iter().enumerate() {
        let previous = word << 8 | carried;
        carried = word >> 56;
        // Bytes of `x` that are zero, exactly (no borrow crosses bytes): the top bit of a byte
        // is set below iff none of its bits is.
        let x = word ^ previous;
        zero[k] = !(((x & !HIGH) + !HIGH) | x | !HIGH);
    }
    byte_bits(zero) & !1
}

/// Bit `i` set when byte `i` of `levels` (each under 128) is at least `least` (under 128).
pub(crate) fn at_least(levels: &Lanes, least: u8) -> u32 {
    let floor = u64::from_le_bytes([least; 8]);
    // With the top bit set first, no byte borrows from the next, and the top bit survives the
    // subtraction iff the byte is at least `least`.
    byte_bits(words(levels).map(|word| ((word | HIGH) - floor) & HIGH))
}

/// The tiles a tilt toward the start merges away, from `equal` (bit `i`: tile `i` equals tile
/// `i - 1`; never bit 0): in a run of equal tiles the second merges into the first, the fourth
/// into the third, and so on, so of each run of ones in `equal` the first, third, ... bits
/// (tiles 2 2 2 2 4 4 4: `equal` is `0b110_1110`, the tiles merged away `0b010_1010`).
fn merged_away(equal: u32) -> u32 {
    const EVEN: u32 = 0x5555_5555;
    let starts = equal & !(equal << 1);
    // Adding a run's first bit carries through the run and clears it: what that clears are
    // the runs starting at an even bit, of which the even bits go; of the others, the odd.
    let even_runs = equal & !equal.wrapping_add(starts & EVEN);
    let odd_runs = equal & !even_runs;
    (even_runs & EVEN) | (odd_runs & !EVEN)
}

impl PackedLine {
    /// The line of `cells` (levels, 0 for empty; at most [`MAX_SIDE`]).
    pub(crate) fn new(cells: &[u8]) -> PackedLine {
        let mut levels = [0u8; MAX_SIDE];
        let mut len = 0;
        for &v in cells {
            levels[len % MAX_SIDE] = v;
            len += usize::from(v != 0);
        }
        let equal = equal_to_previous(&levels) & low_bits(len);
        // Counted from the end, tile `r` is tile `len - 1 - r`, and it equals the one before
        // it (from the end) when tile `len - r` equals tile `len - 1 - r`.
        let reversed = if len == 0 {
            0
        } else {
            (equal.reverse_bits() >> (32 - len)) << 1
        };
        PackedLine {
            levels,
            len,
            gone_to_start: merged_away(equal),
            gone_to_end: merged_away(reversed & low_bits(len)),
        }
    }

    /// How many tiles it keeps in a tilt along it (either way: a run of `m` equal tiles makes
    /// `m / 2` merges from either end).
    pub(crate) fn kept(&self) -> usize {
        self.len - self.gone_to_start.count_ones() as usize
    }

    /// The tiles that are of level `least` (at least 1) or more after a tilt toward the start
    /// and after a tilt toward the end, as masks over the tiles (bit `i`: tile `i` from the
    /// start) for [`PackedLine::landed`]. Worked out with masks, not tile by tile: which tiles
    /// land that large is hard to predict, and a branch on each costs more.
    pub(crate) fn landing(&self, least: u8) -> [u32; 2] {
        let tiles = low_bits(self.len);
        let large = at_least(&self.levels, least) & tiles;
        let below = at_least(&self.levels, least - 1) & tiles & !large;
        // Toward the end, in the same order as toward the start: bit `i` for tile `i`.
        let gone_to_end = if self.len == 0 {
            0
        } else {
            self.gone_to_end.reverse_bits() >> (32 - self.len)
        };
        // A tile one level short lands large when the tile after it (toward the wall, the one
        // before it) merges into it; a tile merged away lands nowhere.
        let to_start = (large | (below & self.gone_to_start >> 1)) & !self.gone_to_start;
        let to_end = (large | (below & gone_to_end << 1)) & !gone_to_end;
        [to_start, to_end]
    }

    /// The tiles of `landing` (one of [`PackedLine::landing`]'s masks) after a tilt toward the
    /// start (or the end, when `to_end`), in order from the start of the line: `visit` gets
    /// each one's place from the wall and level.
    pub(crate) fn landed(&self, mut landing: u32, to_end: bool, mut visit: impl FnMut(Landed)) {
        while landing != 0 {
            let i = landing.trailing_zeros() as usize;
            landing &= landing - 1;
            let (k, gone) = if to_end {
                (self.len - 1 - i, self.gone_to_end)
            } else {
                (i, self.gone_to_start)
            };
            let level = self.levels[i] + (u64::from(gone) >> (k + 1) & 1) as u8;
            let pos = k - (gone & low_bits(k)).count_ones() as usize;
            visit(Landed { pos, level });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tilt toward the start done cell by cell (12100's rule): the tiles after it.
    fn tilted(cells: &[u8]) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        let mut open = false;
        for &v in cells.iter().filter(|&&v| v != 0) {
            if open && out.last() == Some(&v) {
                *out.last_mut().unwrap() += 1;
                open = false;
            } else {
                out.push(v);
                open = true;
            }
        }
        out
    }

    fn landed(line: &PackedLine, least: u8, to_end: bool) -> Vec<(usize, u8)> {
        let mut got = Vec::new();
        line.landed(line.landing(least)[usize::from(to_end)], to_end, |t| {
            got.push((t.pos, t.level))
        });
        got.sort_unstable();
        got
    }

    fn expected(after: &[u8], least: u8) -> Vec<(usize, u8)> {
        after
            .iter()
            .enumerate()
            .filter(|(_, &v)| v >= least)
            .map(|(p, &v)| (p, v))
            .collect()
    }

    fn check(cells: &[u8]) {
        let line = PackedLine::new(cells);
        let to_start = tilted(cells);
        let mut reversed = cells.to_vec();
        reversed.reverse();
        let to_end = tilted(&reversed);
        assert_eq!(line.kept(), to_start.len(), "{cells:?}");
        assert_eq!(to_end.len(), to_start.len(), "{cells:?}");
        for least in 1..=5 {
            assert_eq!(
                landed(&line, least, false),
                expected(&to_start, least),
                "{cells:?} {least}"
            );
            assert_eq!(
                landed(&line, least, true),
                expected(&to_end, least),
                "{cells:?} {least}"
            );
        }
    }

    #[test]
    fn finds_equal_neighbours_and_levels_at_least_a_floor_eight_lanes_at_a_time() {
        let mut lanes = [0u8; MAX_SIDE];
        lanes[..9].copy_from_slice(&[3, 3, 1, 7, 7, 7, 2, 9, 9]);
        // Lane 8 is compared with lane 7 across two words; lanes 10 and up are empty alike.
        assert_eq!(equal_to_previous(&lanes), 0b1_0011_0010 | !0 << 10);
        assert_eq!(at_least(&lanes, 7), 0b1_1011_1000);
        assert_eq!(at_least(&lanes, 0), u32::MAX);
    }

    #[test]
    fn merged_away_takes_every_other_bit_of_each_run() {
        assert_eq!(merged_away(0b0110_1110), 0b0010_1010);
        assert_eq!(merged_away(0b1111_0000), 0b0101_0000);
        assert_eq!(merged_away(u32::MAX << 1), 0xAAAA_AAAA);
        assert_eq!(merged_away(0), 0);
    }

    #[test]
    fn lands_tiles_like_a_tilt_on_every_short_line() {
        for len in 0..=7u32 {
            for code in 0..4u32.pow(len) {
                let cells: Vec<u8> = (0..len).map(|k| (code / 4u32.pow(k) % 4) as u8).collect();
                check(&cells);
            }
        }
    }

    #[test]
    fn lands_tiles_like_a_tilt_on_full_length_lines() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let cells: Vec<u8> = (0..MAX_SIDE)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (seed % 4) as u8
                })
                .collect();
            check(&cells);
        }
        check(&[3; MAX_SIDE]);
        check(&[0; MAX_SIDE]);
    }
}
