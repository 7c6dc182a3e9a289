//! How an answer is compared with a sample's expected output: Baekjoon's rule (the default),
//! exact, line by line, or by tokens, with an optional tolerance for numbers. The cargo sample
//! tests, `sample-diff` and the bundle check all judge text by these functions.

use std::fmt;

/// What a comparison of texts says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Match {
    /// The answer is accepted.
    Accepted,
    /// The same tokens, whitespace the rule does not forgive (Baekjoon's "wrong format").
    WrongFormat,
    /// Different tokens.
    WrongAnswer,
}

/// How an answer is compared with the expected output (a problem's `compare` metadata).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Compare {
    /// Baekjoon's rules (see [`compare`]).
    #[default]
    Baekjoon,
    /// Byte for byte; whitespace-only differences are a wrong format.
    Exact,
    /// Line by line, ignoring trailing whitespace on each line and trailing empty lines.
    Lines,
    /// Whitespace-separated tokens; any whitespace is as good as any other.
    Tokens,
    /// A special judge decides (the problem page says so: any right answer passes). Text
    /// cannot judge it: the tools refuse and ask for a judge command, the sample tests only
    /// check that each sample runs; compared here, it compares tokens.
    Special,
}

impl Compare {
    /// Every rule, in the order `--help` lists them.
    pub const ALL: [Compare; 5] = [
        Compare::Baekjoon,
        Compare::Exact,
        Compare::Lines,
        Compare::Tokens,
        Compare::Special,
    ];

    /// The rule's name as the metadata and the command line write it.
    pub fn name(self) -> &'static str {
        match self {
            Compare::Baekjoon => "baekjoon",
            Compare::Exact => "exact",
            Compare::Lines => "lines",
            Compare::Tokens => "tokens",
            Compare::Special => "special",
        }
    }
}

impl fmt::Display for Compare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Compare {
    type Err = String;

    /// ```
    /// use sample_check::Compare;
    /// assert_eq!("lines".parse::<Compare>(), Ok(Compare::Lines));
    /// assert!("fuzzy".parse::<Compare>().unwrap_err().contains("baekjoon"));
    /// ```
    fn from_str(s: &str) -> Result<Compare, String> {
        Compare::ALL
            .into_iter()
            .find(|rule| rule.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown comparison `{s}`: expected baekjoon, exact, lines, tokens or special"
                )
            })
    }
}

/// The text as Baekjoon reads it: `\r` dropped, one trailing space per line and trailing line
/// breaks forgiven, and a line break worth the same as a space.
fn baekjoon_canonical(text: &str) -> String {
    // A `\r` ends a line only before `\n` (or at the very end): elsewhere it is a character,
    // and `1\r2` is not `12`.
    let text = text.replace("\r\n", "\n");
    let text = text.strip_suffix('\r').unwrap_or(&text);
    let lines: Vec<&str> = text
        .trim_end_matches('\n')
        .split('\n')
        .map(|line| line.strip_suffix(' ').unwrap_or(line))
        .collect();
    lines.join(" ")
}

/// Compares an answer with the expected output under Baekjoon's rules: accepted when equal up
/// to a line break in place of a space (or the reverse), one extra space at a line end, or a
/// missing final line break; a wrong format when only other whitespace differs.
///
/// ```
/// use sample_check::{compare, Match};
/// assert_eq!(compare("1 2\n", "1\n2"), Match::Accepted);
/// assert_eq!(compare("1 2\n", "1  2\n"), Match::WrongFormat);
/// assert_eq!(compare("1 2\n", "1 3\n"), Match::WrongAnswer);
/// assert_eq!(compare("1 2\n", "1 2\r\n"), Match::Accepted);
/// assert_eq!(compare("12\n", "1\r2\n"), Match::WrongAnswer);
/// ```
pub fn compare(expected: &str, actual: &str) -> Match {
    if baekjoon_canonical(expected) == baekjoon_canonical(actual) {
        Match::Accepted
    } else if expected.split_whitespace().eq(actual.split_whitespace()) {
        Match::WrongFormat
    } else {
        Match::WrongAnswer
    }
}

/// Lines without trailing whitespace (and `\r`), trailing empty lines dropped.
fn trimmed_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Whether two tokens are equal, or both numbers within `error` (absolute or relative to the
/// expected one).
fn token_matches(expected: &str, actual: &str, error: Option<f64>) -> bool {
    if expected == actual {
        return true;
    }
    let (Some(error), Ok(e), Ok(a)) = (error, expected.parse::<f64>(), actual.parse::<f64>())
    else {
        return false;
    };
    // Infinities and NaN are equal only to themselves: `inf - 5` is within any relative error
    // of `inf`.
    if !e.is_finite() || !a.is_finite() {
        return e == a;
    }
    let diff = (e - a).abs();
    diff <= error || diff <= error * e.abs()
}

/// Compares an answer with the expected output under `rule`; with `error`, numbers compare as
/// equal within that absolute or relative error and whitespace is free (as a float checker).
///
/// ```
/// use sample_check::{compare_with, Compare, Match};
/// assert_eq!(compare_with("0.5\n", "0.5000001", Compare::Baekjoon, Some(1e-6)), Match::Accepted);
/// assert_eq!(compare_with("1 2\n", "1 2\n\n", Compare::Exact, None), Match::WrongFormat);
/// assert_eq!(compare_with("1 2\n", "1 2  \n\n", Compare::Lines, None), Match::Accepted);
/// assert_eq!(compare_with("1 2\n", "1\n2", Compare::Tokens, None), Match::Accepted);
/// ```
pub fn compare_with(expected: &str, actual: &str, rule: Compare, error: Option<f64>) -> Match {
    let tokens_equal = || {
        let (mut e, mut a) = (expected.split_whitespace(), actual.split_whitespace());
        loop {
            match (e.next(), a.next()) {
                (None, None) => return true,
                (Some(x), Some(y)) if token_matches(x, y, error) => {}
                _ => return false,
            }
        }
    };
    if error.is_some() || matches!(rule, Compare::Tokens | Compare::Special) {
        return if tokens_equal() {
            Match::Accepted
        } else {
            Match::WrongAnswer
        };
    }
    let equal = match rule {
        Compare::Baekjoon => return compare(expected, actual),
        Compare::Exact => expected == actual,
        Compare::Lines => trimmed_lines(expected) == trimmed_lines(actual),
        Compare::Tokens | Compare::Special => unreachable!("handled above"),
    };
    if equal {
        Match::Accepted
    } else if tokens_equal() {
        Match::WrongFormat
    } else {
        Match::WrongAnswer
    }
}
