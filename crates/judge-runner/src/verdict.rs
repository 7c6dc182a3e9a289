//! Judge verdicts and output comparison rules (Baekjoon's, exact, lines, tokens, with an
//! optional floating-point tolerance).

use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

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
    /// The special judge itself failed on this case (could not run, killed, or hung): the
    /// answer is not judged, and the case does not pass.
    #[serde(rename = "JUDGE-FAILED")]
    JudgeFailed,
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
            Verdict::JudgeFailed => "JUDGE-FAILED",
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
            Verdict::JudgeFailed => "the special judge failed",
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
    pub fn check(&self, input: &Path, expected: &str, actual: &str) -> Verdict {
        self.check_explained(input, expected, actual).0
    }

    /// [`Checker::check`], with why the special judge failed when it did.
    fn check_explained(
        &self,
        input: &Path,
        expected: &str,
        actual: &str,
    ) -> (Verdict, Option<String>) {
        if !self.judges_answers() {
            return (Verdict::Unjudged, None);
        }
        let Some(command) = &self.judge_command else {
            return (
                compare_with(expected, actual, self.compare, self.error),
                None,
            );
        };
        match run_judge(command, JUDGE_TIMEOUT, input, expected, actual) {
            Ok(Judged::Accepted) => (Verdict::Accepted, None),
            Ok(Judged::Rejected(said)) if said.is_empty() => (Verdict::WrongAnswer, None),
            Ok(Judged::Rejected(said)) => (
                Verdict::WrongAnswer,
                Some(format!("the special judge said: {said}")),
            ),
            Err(why) => (Verdict::JudgeFailed, Some(why)),
        }
    }
}

/// How long a special judge may take on one case before it is stopped as hung.
pub const JUDGE_TIMEOUT: Duration = Duration::from_secs(10);

/// What a special judge decided.
#[derive(Debug, PartialEq, Eq)]
enum Judged {
    /// Exit status 0.
    Accepted,
    /// Another status, with what the judge printed (the first lines of its stdout and stderr).
    Rejected(String),
}

/// The lines of a special judge's output shown with its verdict.
const JUDGE_LINES_SHOWN: usize = 5;

/// Runs the special judge `command` as `command INPUT EXPECTED ACTUAL`: whether it accepts
/// (exit status 0) or rejects (another status), or why it could not decide: it could not
/// start, the shell could not run it (status 126 or 127), a signal killed it, or it ran past
/// `timeout`. Its whole process group is killed when it ends (what it left running in the
/// background too).
fn run_judge(
    command: &str,
    timeout: Duration,
    input: &Path,
    expected: &str,
    actual: &str,
) -> Result<Judged, String> {
    use std::os::unix::process::CommandExt;
    let failed = |e: std::io::Error| format!("`{command}` could not be run: {e}");
    let dir = super::ScratchDir::new().map_err(failed)?;
    let (e, a, out, err) = (
        dir.path().join("expected"),
        dir.path().join("actual"),
        dir.path().join("stdout"),
        dir.path().join("stderr"),
    );
    std::fs::write(&e, expected).map_err(failed)?;
    std::fs::write(&a, actual).map_err(failed)?;
    let stdout = std::fs::File::create(&out).map_err(failed)?;
    let stderr = std::fs::File::create(&err).map_err(failed)?;
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{command} \"$1\" \"$2\" \"$3\""))
        .arg("judge")
        .args([input, &e, &a])
        .stdin(std::process::Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .process_group(0)
        .spawn()
        .map_err(failed)?;
    // Its group is its own: Ctrl-C reaches it only through the tool.
    let _stopped = super::run::StoppedWithRuns::new(child.id() as i32);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(failed)? {
            break status;
        }
        if started.elapsed() > timeout {
            super::run::sys::kill_group(child.id() as i32);
            let _ = child.wait();
            return Err(format!(
                "`{command}` still running after {:.1} s: stopped",
                timeout.as_secs_f64()
            ));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    super::run::sys::kill_group(child.id() as i32);
    let printed = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
    let (said_out, said_err) = (printed(&out), printed(&err));
    let said = said_err.lines().next().unwrap_or_default().trim();
    match status.code() {
        Some(0) => Ok(Judged::Accepted),
        Some(code @ (126 | 127)) => Err(format!(
            "`{command}` could not be run (exit status {code}){}",
            if said.is_empty() {
                String::new()
            } else {
                format!(": {said}")
            }
        )),
        Some(_) => {
            let lines: Vec<&str> = said_out
                .lines()
                .chain(said_err.lines())
                .map(str::trim_end)
                .filter(|l| !l.trim().is_empty())
                .collect();
            let mut shown = lines[..lines.len().min(JUDGE_LINES_SHOWN)].join(" / ");
            if lines.len() > JUDGE_LINES_SHOWN {
                shown.push_str(&format!(
                    " / ... ({} more lines)",
                    lines.len() - JUDGE_LINES_SHOWN
                ));
            }
            Ok(Judged::Rejected(shown))
        }
        None => Err(format!("`{command}` was killed by a signal")),
    }
}

/// The judge's verdict on one run: memory first, then output, time, the exit, and the answer.
pub fn judge(
    outcome: &Outcome,
    limits: &Limits,
    expected: Option<&str>,
    checker: &Checker,
    input: &Path,
) -> Verdict {
    judge_explained(outcome, limits, expected, checker, input).0
}

/// [`judge`], with why the special judge failed when the verdict is
/// [`Verdict::JudgeFailed`].
pub fn judge_explained(
    outcome: &Outcome,
    limits: &Limits,
    expected: Option<&str>,
    checker: &Checker,
    input: &Path,
) -> (Verdict, Option<String>) {
    let ruled = if outcome.hit_memory_limit(limits) {
        Verdict::MemoryLimit
    } else if outcome.hit_output_limit(limits) {
        Verdict::OutputLimit
    } else if outcome.hit_time_limit(limits) {
        Verdict::TimeLimit
    } else if outcome.exit != super::run::Exit::Code(0) {
        Verdict::RuntimeError
    } else {
        return match expected {
            _ if !checker.judges_answers() => (Verdict::Unjudged, None),
            // The expected text is UTF-8; bytes that are not never equal it (a special judge
            // reads the output itself).
            Some(_) if !outcome.stdout_utf8 && checker.judge_command.is_none() => {
                (Verdict::WrongAnswer, None)
            }
            Some(expected) => checker.check_explained(input, expected, &outcome.stdout),
            None => (Verdict::NoExpected, None),
        };
    };
    (ruled, None)
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
        // Infinities match only themselves, not every number within a relative error of them.
        assert_eq!(near("inf", "5"), Verdict::WrongAnswer);
        assert_eq!(near("inf", "-inf"), Verdict::WrongAnswer);
        assert_eq!(near("-inf", "0"), Verdict::WrongAnswer);
        assert_eq!(near("inf", "inf"), Verdict::Accepted);
        assert_eq!(near("NaN", "1"), Verdict::WrongAnswer);
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
    fn a_special_judge_that_cannot_decide_says_why() {
        let input = Path::new("/dev/null");
        let judged = |command: &str| run_judge(command, Duration::from_millis(300), input, "", "");
        assert_eq!(judged("true"), Ok(Judged::Accepted));
        assert_eq!(judged("exit 1;"), Ok(Judged::Rejected(String::new())));
        let missing = judged("/no/such/judge").unwrap_err();
        assert!(
            missing.starts_with("`/no/such/judge` could not be run (exit status 127): "),
            "{missing}"
        );
        assert_eq!(
            judged("kill -9 $$;"),
            Err("`kill -9 $$;` was killed by a signal".to_string())
        );
        // A judge that hangs, with a child of its own, is stopped with its whole group.
        let hung = judged("sleep 30 & sleep 30;").unwrap_err();
        assert_eq!(
            hung,
            "`sleep 30 & sleep 30;` still running after 0.3 s: stopped"
        );
        let checker = Checker {
            compare: Compare::Special,
            judge_command: Some("/no/such/judge".into()),
            ..Checker::default()
        };
        let (verdict, why) = checker.check_explained(input, "1", "1");
        assert_eq!(verdict, Verdict::JudgeFailed);
        assert!(!verdict.passed());
        assert!(why.unwrap().contains("could not be run"));
    }

    #[test]
    fn a_rejecting_judge_is_heard_and_leaves_nothing_running() {
        let tmp = tempfile::tempdir().unwrap();
        let pid_file = tmp.path().join("left.pid");
        // It says why on both streams, and leaves a child in the background.
        let command = format!(
            "sh -c 'echo $$ > {0}.part && mv {0}.part {0}; exec sleep 30' & \
             while [ ! -s {0} ]; do sleep 0.01; done; \
             echo line 2 differs; echo expected 5 >&2; exit 1;",
            pid_file.display()
        );
        let judged = run_judge(
            &command,
            Duration::from_secs(5),
            Path::new("/dev/null"),
            "",
            "",
        );
        assert_eq!(
            judged,
            Ok(Judged::Rejected("line 2 differs / expected 5".into()))
        );
        let left: u32 = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let gone = || {
            std::fs::read_to_string(format!("/proc/{left}/stat"))
                .map_or(true, |stat| stat.contains(") Z "))
        };
        let until = Instant::now() + Duration::from_secs(5);
        while !gone() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(gone(), "the judge's background process {left} still runs");
        let checker = Checker {
            compare: Compare::Special,
            judge_command: Some(command),
            ..Checker::default()
        };
        let (verdict, said) = checker.check_explained(Path::new("/dev/null"), "1", "1");
        assert_eq!(verdict, Verdict::WrongAnswer);
        assert_eq!(
            said.as_deref(),
            Some("the special judge said: line 2 differs / expected 5")
        );
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
