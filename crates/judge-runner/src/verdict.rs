//! Judge verdicts and output comparison rules (Baekjoon's, exact, lines, tokens, with an
//! optional floating-point tolerance).

use std::fmt;

use super::run::{Limits, Outcome};

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
    /// Memory limit exceeded (an allocation refused at the limit).
    #[serde(rename = "MLE")]
    MemoryLimit,
    /// Output limit exceeded (printed more than the output limit).
    #[serde(rename = "OLE")]
    OutputLimit,
    /// Runtime error: non-zero exit or killed by a signal.
    #[serde(rename = "RE")]
    RuntimeError,
    /// The sample has no `.out`: nothing to compare with.
    #[serde(rename = "NO-OUT")]
    NoExpected,
    /// The case itself could not be read (not UTF-8, a dangling link, a folder, ...).
    #[serde(rename = "BAD-CASE")]
    BadCase,
    /// Ran within the limits and exited 0, but a special judge decides the answer and none was
    /// given: passes, as the problem's own sample tests count it.
    #[serde(rename = "RAN")]
    Unjudged,
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
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError => "RE",
            Verdict::NoExpected => "NO-OUT",
            Verdict::BadCase => "BAD-CASE",
            Verdict::Unjudged => "RAN",
        }
    }

    /// Whether this counts as passing.
    pub fn passed(self) -> bool {
        matches!(self, Verdict::Accepted | Verdict::Unjudged)
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
            Verdict::OutputLimit => "OLE (output limit exceeded)",
            Verdict::RuntimeError => "RE",
            Verdict::NoExpected => "no expected output",
            Verdict::BadCase => "unreadable case",
            Verdict::Unjudged => "ran; output not judged (a special judge decides)",
        };
        f.write_str(long)
    }
}

pub use sample_check::Compare;

impl From<sample_check::Match> for Verdict {
    fn from(m: sample_check::Match) -> Verdict {
        match m {
            sample_check::Match::Accepted => Verdict::Accepted,
            sample_check::Match::WrongFormat => Verdict::WrongFormat,
            sample_check::Match::WrongAnswer => Verdict::WrongAnswer,
        }
    }
}

/// Compares an answer with the expected output under Baekjoon's rules (`sample_check::compare`,
/// the one definition the cargo sample tests use too).
///
/// ```
/// use judge_runner::{compare, Verdict};
/// assert_eq!(compare("1 2\n", "1\n2"), Verdict::Accepted);
/// assert_eq!(compare("1 2\n", "1  2\n"), Verdict::WrongFormat);
/// assert_eq!(compare("1 2\n", "1 3\n"), Verdict::WrongAnswer);
/// ```
pub fn compare(expected: &str, actual: &str) -> Verdict {
    sample_check::compare(expected, actual).into()
}

/// Compares an answer with the expected output under `rule`, numbers within `error` when it is
/// given (`sample_check::compare_with`).
///
/// ```
/// use judge_runner::{compare_with, Compare, Verdict};
/// assert_eq!(compare_with("0.5\n", "0.5000001", Compare::Baekjoon, Some(1e-6)), Verdict::Accepted);
/// assert_eq!(compare_with("1 2\n", "1 2\n\n", Compare::Exact, None), Verdict::WrongFormat);
/// ```
pub fn compare_with(expected: &str, actual: &str, rule: Compare, error: Option<f64>) -> Verdict {
    sample_check::compare_with(expected, actual, rule, error).into()
}

/// A rule named on the command line (`--compare lines`).
pub fn parse_compare(text: &str) -> Result<Compare, String> {
    text.parse()
}

/// A rule named in a manifest (`compare = "lines"`).
pub fn deserialize_compare<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Compare, D::Error> {
    let name = <String as serde::Deserialize>::deserialize(d)?;
    name.parse().map_err(serde::de::Error::custom)
}

/// How answers are checked: a comparison rule with an optional tolerance, or a special judge.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Checker {
    /// The comparison rule.
    pub compare: Compare,
    /// Absolute or relative error allowed between numbers.
    pub error: Option<f64>,
    /// A special judge: a shell command given the input, expected and actual file paths as
    /// `$1 $2 $3`; exit status 0 accepts.
    pub judge_command: Option<String>,
}

impl Checker {
    /// Whether answers are judged at all: not for a special-judge problem (`compare =
    /// "special"`) given no judge command, whose runs only have to stay within the limits.
    pub fn judges_answers(&self) -> bool {
        self.compare != Compare::Special || self.judge_command.is_some()
    }

    /// What to tell the user when answers are not judged ([`Checker::judges_answers`]).
    pub fn unjudged_note(problem: &str) -> String {
        format!(
            "note: {problem} needs a special judge (compare = \"special\": its page says any \
             right answer passes), so its outputs are not judged, only its runs (limits and exit \
             status): give `scripts/sample-diff {problem} --judge-command CMD` a checker run as \
             `CMD INPUT EXPECTED ACTUAL`, or --compare RULE to judge by text"
        )
    }

    /// Checks `actual` against `expected` for the case whose input file is `input`.
    pub fn check(&self, input: &std::path::Path, expected: &str, actual: &str) -> Verdict {
        if !self.judges_answers() {
            return Verdict::Unjudged;
        }
        let Some(command) = &self.judge_command else {
            return compare_with(expected, actual, self.compare, self.error);
        };
        let accepted = (|| -> std::io::Result<bool> {
            let dir = tempfile::tempdir()?;
            let (e, a) = (dir.path().join("expected"), dir.path().join("actual"));
            std::fs::write(&e, expected)?;
            std::fs::write(&a, actual)?;
            let status = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("{command} \"$1\" \"$2\" \"$3\""))
                .arg("judge")
                .args([input, &e, &a])
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .status()?;
            Ok(status.success())
        })();
        if accepted.unwrap_or(false) {
            Verdict::Accepted
        } else {
            Verdict::WrongAnswer
        }
    }
}

/// The judge's verdict on one run: memory first, then output, time, the exit, and the answer.
pub fn judge(
    outcome: &Outcome,
    limits: &Limits,
    expected: Option<&str>,
    checker: &Checker,
    input: &std::path::Path,
) -> Verdict {
    if outcome.hit_memory_limit(limits) {
        Verdict::MemoryLimit
    } else if outcome.hit_output_limit(limits) {
        Verdict::OutputLimit
    } else if outcome.hit_time_limit(limits) {
        Verdict::TimeLimit
    } else if outcome.exit != super::run::Exit::Code(0) {
        Verdict::RuntimeError
    } else {
        match expected {
            _ if !checker.judges_answers() => Verdict::Unjudged,
            // The expected text is UTF-8; bytes that are not never equal it (a special judge
            // reads the output itself).
            Some(_) if !outcome.stdout_utf8 && checker.judge_command.is_none() => {
                Verdict::WrongAnswer
            }
            Some(expected) => checker.check(input, expected, &outcome.stdout),
            None => Verdict::NoExpected,
        }
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
        assert_eq!(Verdict::OutputLimit.code(), "OLE");
    }

    #[test]
    fn rules_differ_on_whitespace() {
        let (e, a) = ("1 2\n3\n", "1 2 \n3\n\n");
        assert_eq!(
            compare_with(e, a, Compare::Baekjoon, None),
            Verdict::Accepted
        );
        assert_eq!(
            compare_with(e, a, Compare::Exact, None),
            Verdict::WrongFormat
        );
        assert_eq!(compare_with(e, a, Compare::Lines, None), Verdict::Accepted);
        assert_eq!(
            compare_with(e, "1\n2 3", Compare::Lines, None),
            Verdict::WrongFormat
        );
        assert_eq!(
            compare_with(e, "1\n2 3", Compare::Tokens, None),
            Verdict::Accepted
        );
        assert_eq!(
            compare_with(e, "1 2 4", Compare::Tokens, None),
            Verdict::WrongAnswer
        );
    }

    #[test]
    fn tolerance_is_absolute_or_relative() {
        let near = |e: &str, a: &str| compare_with(e, a, Compare::Baekjoon, Some(1e-6));
        assert_eq!(near("0.333333", "0.3333335"), Verdict::Accepted);
        assert_eq!(near("1000000", "1000000.9"), Verdict::Accepted);
        assert_eq!(near("0.5", "0.501"), Verdict::WrongAnswer);
        assert_eq!(near("abc 1", "abc 1.0000000001"), Verdict::Accepted);
        assert_eq!(near("abc", "abd"), Verdict::WrongAnswer);
    }

    #[test]
    fn a_special_judge_without_a_command_judges_runs_not_answers() {
        let special = Checker {
            compare: Compare::Special,
            ..Checker::default()
        };
        let input = std::path::Path::new("1.in");
        assert!(!special.judges_answers());
        // Any answer, even one that is not text, passes unjudged.
        assert_eq!(special.check(input, "1\n", "2\n"), Verdict::Unjudged);
        assert!(Verdict::Unjudged.passed());
        let with_judge = Checker {
            judge_command: Some("false".into()),
            ..special.clone()
        };
        assert!(with_judge.judges_answers());
        assert_eq!(with_judge.check(input, "1\n", "1\n"), Verdict::WrongAnswer);
        assert!(Checker::default().judges_answers());
        let note = Checker::unjudged_note("boj-1-x");
        assert!(note.contains("boj-1-x needs a special judge"), "{note}");
        assert!(note.contains("--judge-command CMD"), "{note}");
    }

    #[test]
    fn compare_names_parse_like_the_metadata() {
        assert_eq!("lines".parse::<Compare>(), Ok(Compare::Lines));
        assert!("fuzzy".parse::<Compare>().unwrap_err().contains("baekjoon"));
        assert_eq!("special".parse::<Compare>(), Ok(Compare::Special));
        assert_eq!(Compare::Special.name(), "special");
        assert_eq!(Compare::default(), Compare::Baekjoon);
    }
}
