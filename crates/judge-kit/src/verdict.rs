//! Judge verdicts and Baekjoon's output comparison rules.

use std::fmt;

/// What a judge says about one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Verdict {
    /// Accepted.
    #[serde(rename = "AC")]
    Accepted,
    /// Right tokens, wrong whitespace (Baekjoon's "출력 형식이 잘못되었습니다").
    #[serde(rename = "PE")]
    WrongFormat,
    /// Wrong answer.
    #[serde(rename = "WA")]
    WrongAnswer,
    /// Time limit exceeded (killed at the limit).
    #[serde(rename = "TLE")]
    TimeLimit,
    /// Memory limit exceeded (peak resident memory over the limit).
    #[serde(rename = "MLE")]
    MemoryLimit,
    /// Runtime error: non-zero exit or killed by a signal.
    #[serde(rename = "RE")]
    RuntimeError,
    /// The sample has no `.out`: nothing to compare with.
    #[serde(rename = "NO-OUT")]
    NoExpected,
}

impl Verdict {
    /// The short code judges print (`AC`, `WA`, ...).
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongFormat => "PE",
            Verdict::WrongAnswer => "WA",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::RuntimeError => "RE",
            Verdict::NoExpected => "NO-OUT",
        }
    }

    /// Whether this counts as passing.
    pub fn passed(self) -> bool {
        self == Verdict::Accepted
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let long = match self {
            Verdict::Accepted => "AC",
            Verdict::WrongFormat => "PE (wrong output format)",
            Verdict::WrongAnswer => "WA",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::RuntimeError => "RE",
            Verdict::NoExpected => "no expected output",
        };
        f.write_str(long)
    }
}

/// The text as Baekjoon reads it: `\r` dropped, one trailing space per line and trailing line
/// breaks forgiven, and a line break worth the same as a space.
fn baekjoon_canonical(text: &str) -> String {
    let text = text.replace('\r', "");
    let lines: Vec<&str> = text
        .trim_end_matches('\n')
        .split('\n')
        .map(|line| line.strip_suffix(' ').unwrap_or(line))
        .collect();
    lines.join(" ")
}

/// Compares an answer with the expected output under Baekjoon's rules: `Accepted` when equal up
/// to a line break in place of a space (or the reverse), one extra space at a line end, or a
/// missing final line break; `WrongFormat` when only other whitespace differs; else `WrongAnswer`.
///
/// ```
/// use judge_kit::verdict::{compare, Verdict};
/// assert_eq!(compare("1 2\n", "1\n2"), Verdict::Accepted);
/// assert_eq!(compare("1 2\n", "1  2\n"), Verdict::WrongFormat);
/// assert_eq!(compare("1 2\n", "1 3\n"), Verdict::WrongAnswer);
/// ```
pub fn compare(expected: &str, actual: &str) -> Verdict {
    if baekjoon_canonical(expected) == baekjoon_canonical(actual) {
        Verdict::Accepted
    } else if expected.split_whitespace().eq(actual.split_whitespace()) {
        Verdict::WrongFormat
    } else {
        Verdict::WrongAnswer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted_variations_both_ways() {
        let cases = [
            ("3\n", "3\n"),
            ("3\n", "3"),
            ("3", "3\n"),
            ("1 2\n", "1\n2\n"),
            ("1\n2\n", "1 2\n"),
            ("1 2\n", "1 2 \n"),
            ("1 2 \n", "1 2\n"),
            ("1 2\n3\n", "1 2 \n3 \n"),
            ("1\r\n2\r\n", "1\n2\n"),
            ("-1\n", "-1\n\n"),
        ];
        for (expected, actual) in cases {
            assert_eq!(
                compare(expected, actual),
                Verdict::Accepted,
                "{expected:?} vs {actual:?}"
            );
        }
    }

    #[test]
    fn other_whitespace_differences_are_wrong_format_both_ways() {
        let cases = [
            ("1 2\n", "1  2\n"),
            ("1 2\n", " 1 2\n"),
            ("1 2\n", "1 2  \n"),
            ("1\n2\n", "1\n\n2\n"),
            ("1 2\n", "1\t2\n"),
            ("3\n", "\n3\n"),
        ];
        for (expected, actual) in cases {
            assert_eq!(
                compare(expected, actual),
                Verdict::WrongFormat,
                "{expected:?} vs {actual:?}"
            );
            assert_eq!(
                compare(actual, expected),
                Verdict::WrongFormat,
                "{actual:?} vs {expected:?}"
            );
        }
    }

    #[test]
    fn different_tokens_are_wrong_answer() {
        assert_eq!(compare("16\n", "8\n"), Verdict::WrongAnswer);
        assert_eq!(compare("1 2\n", "1\n"), Verdict::WrongAnswer);
        assert_eq!(compare("1\n", ""), Verdict::WrongAnswer);
        assert_eq!(compare("12\n", "1 2\n"), Verdict::WrongAnswer);
    }

    #[test]
    fn codes_are_the_judge_codes() {
        assert_eq!(Verdict::TimeLimit.code(), "TLE");
        assert!(Verdict::Accepted.passed());
        assert!(!Verdict::NoExpected.passed());
    }
}
