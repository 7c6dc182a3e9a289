//! Runs of a line: maximal blocks of equal consecutive values, and the popping of every long run
//! at once (a chain of marbles or tiles where four alike in a row explode).

/// A maximal block of equal consecutive values of a line: `line[start..start + len]`.
///
/// ```
/// let runs = grid_core::runs_of(&[1, 1, 2, 1]);
/// assert_eq!(runs[0], grid_core::Run { start: 0, len: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// Index of its first value.
    pub start: usize,
    /// Number of values, at least 1.
    pub len: usize,
}

/// The runs of `line`, in order; they cover it exactly (none for an empty line).
///
/// # Complexity
/// `O(line.len())`.
///
/// ```
/// use grid_core::runs_of;
/// let line = [3, 3, 3, 1, 2, 2];
/// let encoded: Vec<(usize, i32)> = runs_of(&line).iter().map(|r| (r.len, line[r.start])).collect();
/// assert_eq!(encoded, vec![(3, 3), (1, 1), (2, 2)]);
/// assert!(runs_of::<u8>(&[]).is_empty());
/// ```
pub fn runs_of<T: PartialEq>(line: &[T]) -> Vec<Run> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=line.len() {
        if i == line.len() || line[i] != line[start] {
            out.push(Run {
                start,
                len: i - start,
            });
            start = i;
        }
    }
    out
}

/// Pops every run of at least `min_len` values, **all at once** (chosen on the line as it is,
/// before any is removed), and closes the gaps; tells `popped` each popped run's value and
/// length, in line order. Returns whether anything popped. Runs joined by the closing up are not
/// popped in the same call: call it again until it returns `false` for a whole cascade.
///
/// # Panics
/// When `min_len` is 0.
///
/// # Complexity
/// `O(line.len())` per call.
///
/// ```
/// let mut line = vec![1, 1, 1, 2, 2, 2, 2, 1, 3, 3, 3, 3, 1];
/// let mut score = 0;
/// let mut rounds = 0;
/// while grid_core::pop_long_runs(&mut line, 4, |&v, len| score += v * len) {
///     rounds += 1;
/// }
/// // 2222 and 3333 together, then the five 1s they brought together.
/// assert_eq!((rounds, score, line), (2, 2 * 4 + 3 * 4 + 5, vec![]));
/// ```
pub fn pop_long_runs<T: PartialEq>(
    line: &mut Vec<T>,
    min_len: usize,
    mut popped: impl FnMut(&T, usize),
) -> bool {
    assert!(min_len > 0, "a run of 0 values cannot pop");
    let mut kept = 0;
    let mut any = false;
    let mut start = 0;
    let len = line.len();
    for i in 1..=len {
        if i < len && line[i] == line[start] {
            continue;
        }
        if i - start >= min_len {
            popped(&line[start], i - start);
            any = true;
        } else {
            for j in start..i {
                line.swap(kept, j);
                kept += 1;
            }
        }
        start = i;
    }
    line.truncate(kept);
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `len` values over `symbols` values.
    fn all_lines(len: usize, symbols: u8) -> impl Iterator<Item = Vec<u8>> {
        let count = (symbols as usize).pow(len as u32);
        (0..count).map(move |code| {
            (0..len)
                .map(|i| (code / (symbols as usize).pow(i as u32) % symbols as usize) as u8)
                .collect()
        })
    }

    /// For each index, the length of the block of equal neighbours it is in.
    fn block_lengths(line: &[u8]) -> Vec<usize> {
        (0..line.len())
            .map(|i| {
                let mut a = i;
                while a > 0 && line[a - 1] == line[i] {
                    a -= 1;
                }
                let mut b = i;
                while b + 1 < line.len() && line[b + 1] == line[i] {
                    b += 1;
                }
                b - a + 1
            })
            .collect()
    }

    #[test]
    fn runs_of_every_line_up_to_8_of_3_values_cover_it_with_maximal_blocks() {
        for len in 0..=8 {
            for line in all_lines(len, 3) {
                let found = runs_of(&line);
                let lengths = block_lengths(&line);
                let mut at = 0;
                for run in &found {
                    assert_eq!(run.start, at, "{line:?}");
                    assert!(run.len >= 1);
                    for i in run.start..run.start + run.len {
                        assert_eq!(line[i], line[run.start]);
                        assert_eq!(lengths[i], run.len, "{line:?}");
                    }
                    at += run.len;
                }
                assert_eq!(at, line.len());
            }
        }
    }

    #[test]
    fn popping_every_line_up_to_9_of_3_values_matches_marking_then_removing() {
        for min_len in 1..=4 {
            for len in 0..=9 {
                for line in all_lines(len, 3) {
                    let lengths = block_lengths(&line);
                    let expected: Vec<u8> = line
                        .iter()
                        .zip(&lengths)
                        .filter(|&(_, &l)| l < min_len)
                        .map(|(&v, _)| v)
                        .collect();
                    let mut expected_pops = Vec::new();
                    for i in 0..line.len() {
                        let starts = i == 0 || line[i - 1] != line[i];
                        if starts && lengths[i] >= min_len {
                            expected_pops.push((line[i], lengths[i]));
                        }
                    }
                    let mut got = line.clone();
                    let mut pops = Vec::new();
                    let any = pop_long_runs(&mut got, min_len, |&v, l| pops.push((v, l)));
                    assert_eq!(got, expected, "{line:?} min {min_len}");
                    assert_eq!(pops, expected_pops, "{line:?} min {min_len}");
                    assert_eq!(any, !pops.is_empty());
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "cannot pop")]
    fn zero_min_len_panics() {
        pop_long_runs(&mut vec![1], 0, |_, _| {});
    }
}
