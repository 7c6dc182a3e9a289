//! Running a problem's samples like the judge and presenting the verdicts: per-case lines,
//! readable diffs for wrong answers and wrong formats, a summary per problem.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use anyhow::Result;
use rayon::prelude::*;
use serde::Serialize;
use similar::{ChangeTag, TextDiff};

use super::run::{judge, run_program, Exit};
use super::samples::Sample;
use super::verdict::Verdict;

/// The judge's limits for one problem.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock limit per case.
    pub time: Duration,
    /// Peak resident memory limit in KiB.
    pub memory_kib: u64,
}

/// One sample's result.
#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    /// Sample name (file stem).
    pub name: String,
    /// The verdict.
    pub verdict: Verdict,
    /// Wall time in milliseconds.
    pub time_ms: f64,
    /// Peak resident memory in KiB.
    pub peak_kib: u64,
    /// Exit status, when it exited by itself.
    pub exit_code: Option<i32>,
    /// What it printed.
    pub stdout: String,
    /// What it printed on stderr.
    pub stderr: String,
    /// The expected output, when the sample has one.
    pub expected: Option<String>,
}

/// Runs every sample through `exe` on `jobs` threads (1: one at a time, for steady timings).
pub fn run_cases(
    exe: &Path,
    samples: &[Sample],
    limits: Limits,
    jobs: usize,
) -> Result<Vec<CaseResult>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()?;
    pool.install(|| {
        samples
            .par_iter()
            .map(|s| run_case(exe, s, limits))
            .collect()
    })
}

fn run_case(exe: &Path, sample: &Sample, limits: Limits) -> Result<CaseResult> {
    let outcome = run_program(exe, sample.input.as_bytes(), limits.time)?;
    let verdict = judge(
        &outcome,
        sample.expected.as_deref(),
        limits.time,
        limits.memory_kib,
    );
    Ok(CaseResult {
        name: sample.name.clone(),
        verdict,
        time_ms: outcome.wall.as_secs_f64() * 1000.0,
        peak_kib: outcome.peak_kib,
        exit_code: match outcome.exit {
            Exit::Code(c) => Some(c),
            _ => None,
        },
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        expected: sample.expected.clone(),
    })
}

/// Terminal styling that can be switched off.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Whether to emit ANSI colours.
    pub color: bool,
}

impl Style {
    fn paint(self, text: &str, ansi: &str) -> String {
        if self.color {
            format!("\x1b[{ansi}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// A verdict code, green when it passed and red otherwise.
    pub fn verdict(self, v: Verdict) -> String {
        let code = format!("{:<6}", v.code());
        self.paint(&code, if v.passed() { "32" } else { "1;31" })
    }
}

/// Makes whitespace that a format check cares about visible: `·` for a trailing space, `→` for a tab.
fn visible(line: &str) -> String {
    let body = line.trim_end_matches(' ');
    let trailing = line.len() - body.len();
    format!("{}{}", body.replace('\t', "→"), "·".repeat(trailing))
}

/// A compact line diff of expected against actual, with 1-based line numbers of each side.
///
/// ```
/// use judge_kit::sample_diff::{line_diff, Style};
/// let diff = line_diff("1\n2\n", "1\n3\n", Style { color: false });
/// assert_eq!(diff, "      2 - 2\n      2 + 3\n");
/// ```
pub fn line_diff(expected: &str, actual: &str, style: Style) -> String {
    let diff = TextDiff::from_lines(expected, actual);
    let mut out = String::new();
    for op in diff.ops() {
        for change in diff.iter_changes(op) {
            let text = visible(change.value().trim_end_matches('\n').trim_end_matches('\r'));
            let missing_newline = if change.missing_newline() {
                " (no final line break)"
            } else {
                ""
            };
            match change.tag() {
                ChangeTag::Equal => {}
                ChangeTag::Delete => {
                    let n = change.old_index().map_or(0, |i| i + 1);
                    let line = format!("{n:>7} - {text}{missing_newline}");
                    let _ = writeln!(out, "{}", style.paint(&line, "31"));
                }
                ChangeTag::Insert => {
                    let n = change.new_index().map_or(0, |i| i + 1);
                    let line = format!("{n:>7} + {text}{missing_newline}");
                    let _ = writeln!(out, "{}", style.paint(&line, "32"));
                }
            }
        }
    }
    out
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// The report of one problem: a line per case, diffs and stderr where useful, then a summary.
pub fn render_problem(title: &str, results: &[CaseResult], style: Style) -> String {
    let mut out = format!("{}\n", style.paint(title, "1"));
    let width = results
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(0)
        .max(4);
    for r in results {
        let _ = writeln!(
            out,
            "  {:<width$}  {} {:>8.1} ms  {:>9}",
            r.name,
            style.verdict(r.verdict),
            r.time_ms,
            mib(r.peak_kib)
        );
        match r.verdict {
            Verdict::WrongAnswer | Verdict::WrongFormat => {
                let _ = writeln!(out, "      {}", style.paint("- expected  + actual", "2"));
                out.push_str(&line_diff(
                    r.expected.as_deref().unwrap_or(""),
                    &r.stdout,
                    style,
                ));
            }
            Verdict::RuntimeError => {
                let status = match r.exit_code {
                    Some(c) => format!("exit status {c}"),
                    None => "killed by a signal".to_string(),
                };
                let _ = writeln!(out, "      {status}; stderr:");
                for line in r.stderr.lines().take(5) {
                    let _ = writeln!(out, "      | {line}");
                }
            }
            Verdict::NoExpected => {
                let _ = writeln!(out, "      output (no .out to compare with):");
                for line in r.stdout.lines().take(20) {
                    let _ = writeln!(out, "      | {line}");
                }
            }
            _ => {}
        }
    }
    let mut counts: Vec<(Verdict, usize)> = Vec::new();
    for r in results {
        match counts.iter_mut().find(|(v, _)| *v == r.verdict) {
            Some((_, n)) => *n += 1,
            None => counts.push((r.verdict, 1)),
        }
    }
    counts.sort();
    let tally: Vec<String> = counts
        .iter()
        .map(|(v, n)| format!("{n} {}", v.code()))
        .collect();
    let slowest = results.iter().map(|r| r.time_ms).fold(0.0, f64::max);
    let peak = results.iter().map(|r| r.peak_kib).max().unwrap_or(0);
    let _ = writeln!(
        out,
        "  summary: {} cases: {}; slowest {slowest:.1} ms; peak {}",
        results.len(),
        if tally.is_empty() {
            "none".to_string()
        } else {
            tally.join(", ")
        },
        mib(peak)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(verdict: Verdict, stdout: &str, expected: &str) -> CaseResult {
        CaseResult {
            name: "1".into(),
            verdict,
            time_ms: 1.5,
            peak_kib: 2048,
            exit_code: Some(0),
            stdout: stdout.into(),
            stderr: String::new(),
            expected: Some(expected.into()),
        }
    }

    #[test]
    fn wrong_answer_shows_the_differing_lines_with_numbers() {
        let text = render_problem(
            "p",
            &[case(Verdict::WrongAnswer, "1\n5\n3\n", "1\n2\n3\n")],
            Style { color: false },
        );
        assert_eq!(
            text,
            "p\n  1     WA          1.5 ms    2.0 MiB\n      - expected  + actual\n      2 - 2\n      2 + 5\n  summary: 1 cases: 1 WA; slowest 1.5 ms; peak 2.0 MiB\n"
        );
    }

    #[test]
    fn wrong_format_makes_trailing_spaces_visible() {
        let diff = line_diff("1 2\n", "1 2  \n", Style { color: false });
        assert_eq!(diff, "      1 - 1 2\n      1 + 1 2··\n");
    }

    #[test]
    fn colour_only_when_asked() {
        assert!(Style { color: true }
            .verdict(Verdict::Accepted)
            .contains("\x1b[32m"));
        assert!(!Style { color: false }
            .verdict(Verdict::Accepted)
            .contains('\x1b'));
    }
}
