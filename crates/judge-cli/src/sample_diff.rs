//! Running a problem's samples like the judge and presenting the verdicts: per-case lines,
//! readable diffs for wrong answers and wrong formats, a summary per problem.

use std::fmt::Write as _;

use anyhow::Result;
use rayon::prelude::*;
use serde::Serialize;
use similar::{DiffOp, TextDiff};
use unicode_width::UnicodeWidthStr;

use super::run::{run, Limits, Outcome, Program, Stop};
use super::samples::Sample;
use super::verdict::{judge_explained, Checker, Verdict};

/// One sample's result.
#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    /// Sample name (file stem).
    pub name: String,
    /// The verdict.
    pub verdict: Verdict,
    /// CPU time (user + system) in milliseconds: what the time limit applies to.
    pub time_ms: f64,
    /// Wall-clock time in milliseconds.
    pub wall_ms: f64,
    /// The program's own peak resident memory in KiB.
    pub peak_kib: u64,
    /// Exit status, when it exited by itself.
    pub exit_code: Option<i32>,
    /// How it ended, in words (`exit status 0`, `killed by SIGSEGV (11)`).
    pub exit: String,
    /// Why the runner stopped it, when it did.
    pub stopped: Option<Stop>,
    /// Bytes it wrote to stdout.
    pub output_bytes: u64,
    /// Bytes it wrote to stderr.
    pub error_bytes: u64,
    /// Whether the kernel killed it at the memory limit (its memory cgroup).
    pub memory_killed: bool,
    /// Whether its address space was limited (to the memory limit: no memory cgroup held it).
    pub address_limited: bool,
    /// Whether a process or thread it started was refused for the runner's task limit.
    pub tasks_refused: bool,
    /// What it printed.
    pub stdout: String,
    /// Whether what it printed is valid UTF-8 (else `stdout` shows U+FFFD for what is not).
    pub stdout_utf8: bool,
    /// What it printed on stderr.
    pub stderr: String,
    /// The expected output, when the sample has one.
    pub expected: Option<String>,
    /// The input (kept for `--show-input`).
    #[serde(skip)]
    pub input: String,
    /// What is wrong with the case itself, when it could not be run, why the special judge
    /// failed on it, or what it said when it rejected the answer.
    pub problem: Option<String>,
}

impl CaseResult {
    /// The result of `outcome` on `sample`, judged by `checker` under `limits`.
    pub fn judged(sample: &Sample, outcome: Outcome, limits: &Limits, checker: &Checker) -> Self {
        let (verdict, judge_failure) = judge_explained(
            &outcome,
            limits,
            sample.expected.as_deref(),
            checker,
            &sample.input_path,
        );
        CaseResult {
            name: sample.name.clone(),
            verdict,
            time_ms: outcome.cpu.as_secs_f64() * 1000.0,
            wall_ms: outcome.wall.as_secs_f64() * 1000.0,
            peak_kib: outcome.peak_kib,
            exit_code: match outcome.exit {
                super::run::Exit::Code(c) => Some(c),
                super::run::Exit::Signal(_) => None,
            },
            exit: outcome.exit.describe(),
            stopped: outcome.stopped,
            output_bytes: outcome.output_bytes,
            error_bytes: outcome.error_bytes,
            memory_killed: outcome.memory_killed,
            address_limited: outcome.address_limit_kib.is_some(),
            tasks_refused: outcome.tasks_refused,
            stdout: outcome.stdout,
            stdout_utf8: outcome.stdout_utf8,
            stderr: outcome.stderr,
            expected: sample.expected.clone(),
            input: sample.input.clone(),
            problem: judge_failure,
        }
    }

    /// The result of a case that could not be run because the case itself is broken.
    pub fn broken(sample: &Sample, why: &str) -> Self {
        CaseResult {
            name: sample.name.clone(),
            verdict: Verdict::BadCase,
            time_ms: 0.0,
            wall_ms: 0.0,
            peak_kib: 0,
            exit_code: None,
            exit: "not run".into(),
            stopped: None,
            output_bytes: 0,
            error_bytes: 0,
            memory_killed: false,
            address_limited: false,
            tasks_refused: false,
            stdout: String::new(),
            stdout_utf8: true,
            stderr: String::new(),
            expected: None,
            input: String::new(),
            problem: Some(why.to_string()),
        }
    }
}

/// Runs one sample through `program` and judges it; a broken case is judged without running.
pub fn run_case(
    program: &Program,
    sample: &Sample,
    limits: &Limits,
    checker: &Checker,
) -> Result<CaseResult> {
    if let Some(why) = &sample.broken {
        return Ok(CaseResult::broken(sample, why));
    }
    let outcome = run(program, sample.input.as_bytes(), limits)?;
    Ok(CaseResult::judged(sample, outcome, limits, checker))
}

/// Runs every sample through `program` on `jobs` threads (1: one at a time, for steady timings).
pub fn run_cases(
    program: &Program,
    samples: &[Sample],
    limits: Limits,
    checker: &Checker,
    jobs: usize,
) -> Result<Vec<CaseResult>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()?;
    pool.install(|| {
        samples
            .par_iter()
            .map(|s| run_case(program, s, &limits, checker))
            .collect()
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

/// Makes invisible characters visible: `·` for a trailing space, `→` for a tab, `␍` for a
/// carriage return, `␀`-style pictures for other control characters, `<U+FEFF>` for a
/// byte-order mark and the like (no-break and zero-width spaces).
fn visible(line: &str) -> String {
    let body = line.trim_end_matches(' ');
    let trailing = line.len() - body.len();
    let mut out = String::new();
    for c in body.chars() {
        match c {
            '\t' => out.push('→'),
            '\r' => out.push('␍'),
            '\u{7f}' => out.push('␡'),
            c if (c as u32) < 0x20 => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
            // Characters a terminal shows as nothing, or as a space: a byte-order mark, a
            // no-break space, zero-width ones.
            '\u{feff}' | '\u{a0}' | '\u{200b}'..='\u{200d}' | '\u{2060}' => {
                out.push_str(&format!("<U+{:04X}>", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push_str(&"·".repeat(trailing));
    out
}

/// A compact line diff of expected against actual, with 1-based line numbers of each side.
///
/// ```
/// use judge_cli::sample_diff::{line_diff, Style};
/// let diff = line_diff("1\n2\n", "1\n3\n", Style { color: false });
/// assert_eq!(diff, "      2 - 2\n      2 + 3\n");
/// ```
pub fn line_diff(expected: &str, actual: &str, style: Style) -> String {
    // A wrong answer of many lines must not stall the report: the diff gets a deadline (past
    // it, it is coarser, never wrong), and only the first changed lines are shown, cut short.
    // Lines end at `\n` only, as the judge reads them: a lone `\r` is a character of its line.
    let old_lines: Vec<&str> = expected.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = actual.split_inclusive('\n').collect();
    let diff = TextDiff::configure()
        .timeout(std::time::Duration::from_millis(200))
        .diff_slices(&old_lines, &new_lines);
    let mut out = String::new();
    let mut shown = 0;
    let mut hidden = 0;
    // One changed line: `-` for expected, `+` for actual, numbered on its side, cut around where
    // it first differs from `other`, its counterpart on the other side.
    let mut emit = |deleted: bool, index: usize, line: &str, other: &str| {
        if shown == DIFF_LINES {
            hidden += 1;
            return;
        }
        shown += 1;
        let missing_newline = if line.ends_with('\n') {
            ""
        } else {
            " (no final line break)"
        };
        let (line, other) = (line.trim_end_matches('\n'), other.trim_end_matches('\n'));
        let text = visible(&shortened(line, other));
        let (sign, color) = if deleted { ('-', "31") } else { ('+', "32") };
        let line = format!("{:>7} {sign} {text}{missing_newline}", index + 1);
        let _ = writeln!(out, "{}", style.paint(&line, color));
    };
    for op in diff.ops() {
        match *op {
            // Line by line: a deadline's coarse diff replaces whole stretches, most of whose
            // lines are the same on both sides.
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                for k in 0..old_len.max(new_len) {
                    let old = (k < old_len).then(|| old_lines[old_index + k]);
                    let new = (k < new_len).then(|| new_lines[new_index + k]);
                    if old == new {
                        continue;
                    }
                    if let Some(line) = old {
                        emit(true, old_index + k, line, new.unwrap_or(""));
                    }
                    if let Some(line) = new {
                        emit(false, new_index + k, line, old.unwrap_or(""));
                    }
                }
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => {
                let lines = old_lines.iter().enumerate().skip(old_index).take(old_len);
                for (i, line) in lines {
                    emit(true, i, line, "");
                }
            }
            DiffOp::Insert {
                new_index, new_len, ..
            } => {
                let lines = new_lines.iter().enumerate().skip(new_index).take(new_len);
                for (i, line) in lines {
                    emit(false, i, line, "");
                }
            }
            DiffOp::Equal { .. } => {}
        }
    }
    if hidden > 0 {
        let _ = writeln!(out, "        ... {hidden} more changed lines");
    }
    out
}

/// Changed lines a diff shows at most.
const DIFF_LINES: usize = 40;

/// Characters of one line a diff shows at most.
const LINE_CHARS: usize = 300;

/// `line`, cut to [`LINE_CHARS`] characters with notes of how many there were around them: from
/// its start, or, when it replaces `other` (or is replaced by it) far into the line, from a little
/// before the first character where the two differ, so that the difference shows.
fn shortened<'a>(line: &'a str, other: &str) -> std::borrow::Cow<'a, str> {
    if line.char_indices().nth(LINE_CHARS).is_none() {
        return line.into();
    }
    let differs_at = line
        .chars()
        .zip(other.chars())
        .take_while(|(a, b)| a == b)
        .count();
    let skipped = differs_at.saturating_sub(LINE_CHARS / 3);
    let start = line
        .char_indices()
        .nth(skipped)
        .map_or(line.len(), |(i, _)| i);
    let rest = &line[start..];
    let shown = rest
        .char_indices()
        .nth(LINE_CHARS)
        .map_or(rest.len(), |(i, _)| i);
    let more = rest[shown..].chars().count();
    let mut text = String::new();
    if skipped > 0 {
        let _ = write!(text, "({skipped} characters) ... ");
    }
    text.push_str(&rest[..shown]);
    if more > 0 {
        let _ = write!(text, " ... ({more} more characters)");
    }
    text.into()
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// What a report shows besides the verdict lines.
#[derive(Clone, Copy, Debug)]
pub struct Show {
    /// Colours.
    pub style: Style,
    /// The input of every failed case.
    pub input: bool,
    /// The limits the cases ran under (for the evidence of TLE, MLE and OLE).
    pub limits: Limits,
}

fn quoted(out: &mut String, heading: &str, text: &str, max_lines: usize) {
    let _ = writeln!(out, "      {heading}");
    let total = text.lines().count();
    for line in text.lines().take(max_lines) {
        // A long line is cut as the diff's are, from its start: a 3 MB one-line input is not
        // shown whole.
        let _ = writeln!(out, "      | {}", visible(&shortened(line, "")));
    }
    if total > max_lines {
        let _ = writeln!(out, "      | ... ({} more lines)", total - max_lines);
    }
}

/// The evidence under a failed case: a diff, the exit and stderr, the limit it hit.
fn evidence(out: &mut String, r: &CaseResult, show: &Show) {
    let style = show.style;
    let stderr_tail = |out: &mut String| {
        if !r.stderr.trim().is_empty() {
            quoted(out, "stderr:", &r.stderr, 5);
        }
    };
    match r.verdict {
        Verdict::WrongAnswer | Verdict::WrongFormat => {
            if !r.stdout_utf8 {
                let _ = writeln!(
                    out,
                    "      its output is not valid UTF-8: each byte that is not shows as U+FFFD"
                );
            }
            // A special judge's reason for rejecting.
            if let Some(said) = &r.problem {
                let _ = writeln!(out, "      {said}");
            }
            let _ = writeln!(out, "      {}", style.paint("- expected  + actual", "2"));
            out.push_str(&line_diff(
                r.expected.as_deref().unwrap_or(""),
                &r.stdout,
                style,
            ));
        }
        Verdict::RuntimeError => {
            let _ = writeln!(out, "      {}", r.exit);
            stderr_tail(out);
        }
        Verdict::TimeLimit => {
            let why = match r.stopped {
                Some(Stop::Wall) => format!(
                    "stopped after {:.0} ms of wall-clock time (the cap is {} ms; CPU {:.0} ms): \
                     it sleeps or blocks",
                    r.wall_ms,
                    show.limits.wall.as_millis(),
                    r.time_ms
                ),
                _ => format!(
                    "CPU time {:.0} ms over the {} ms limit",
                    r.time_ms,
                    show.limits.cpu.as_millis()
                ),
            };
            let _ = writeln!(out, "      {why}; {}", r.exit);
        }
        Verdict::MemoryLimit => {
            let how = if r.memory_killed {
                "killed when its memory (all its processes') reached"
            } else if r.peak_kib >= show.limits.memory_kib() {
                "resident memory reached"
            } else if r.address_limited {
                "allocation refused at"
            } else {
                // Its address space had no limit: the kernel would not reserve that much.
                "an allocation larger than the machine can reserve was refused, under"
            };
            // Processes together may pass the limit while none of them alone reached it.
            let peak = if r.memory_killed && r.peak_kib < show.limits.memory_kib() {
                "peak of its largest process"
            } else {
                "peak"
            };
            let _ = writeln!(
                out,
                "      {how} the {} limit ({peak} {}); {}",
                mib(show.limits.memory_kib()),
                mib(r.peak_kib),
                r.exit
            );
            stderr_tail(out);
        }
        Verdict::OutputLimit => {
            let limit = show.limits.output_bytes;
            let stream = if r.error_bytes > limit && r.output_bytes <= limit {
                "stderr"
            } else {
                "stdout"
            };
            let _ = writeln!(
                out,
                "      wrote over the {} output limit on {stream} ({} bytes on stdout, {} on stderr; the cap holds every file); {}",
                mib(show.limits.output_bytes >> 10),
                r.output_bytes,
                r.error_bytes,
                r.exit
            );
        }
        Verdict::NoExpected => quoted(out, "output (no .out to compare with):", &r.stdout, 20),
        Verdict::Unjudged => quoted(out, "output (not judged):", &r.stdout, 20),
        Verdict::BadCase | Verdict::JudgeFailed => {
            let _ = writeln!(out, "      {}", r.problem.as_deref().unwrap_or(""));
        }
        Verdict::Accepted => {}
    }
    if r.tasks_refused && !r.verdict.passed() {
        let _ = writeln!(
            out,
            "      it tried to hold more than {} processes and threads at once: the runner \
             refused the rest (fork and thread creation failed)",
            super::run::MAX_TASKS
        );
    }
    if show.input && !r.verdict.passed() && r.verdict != Verdict::BadCase {
        quoted(out, "input:", &r.input, 20);
    }
}

/// The report of one problem: a line per case (verdict, CPU time, peak memory), the evidence of
/// each failure, then a summary.
pub fn render_problem(title: &str, results: &[CaseResult], show: &Show) -> String {
    let style = show.style;
    let mut out = format!("{}\n", style.paint(title, "1"));
    // Columns on a terminal: a Hangul case name is two columns a character.
    // A name holding a line break or a tab is shown as `visible` shows text.
    let names: Vec<String> = results.iter().map(|r| visible(&r.name)).collect();
    let width = names.iter().map(|n| n.width()).max().unwrap_or(0).max(4);
    for (r, name) in results.iter().zip(&names) {
        let pad = " ".repeat(width - name.width());
        let _ = writeln!(
            out,
            "  {name}{pad}  {} {:>8.1} ms  {:>9}",
            style.verdict(r.verdict),
            r.time_ms,
            mib(r.peak_kib)
        );
        evidence(&mut out, r, show);
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
        "  summary: {} cases: {}; slowest {slowest:.1} ms CPU; peak {}",
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
    #[test]
    fn a_long_wrong_answer_shows_its_first_changes_and_counts_the_rest() {
        let expected = "1\n".repeat(50_000);
        let actual = "8\n".repeat(50_000);
        let diff = line_diff(&expected, &actual, Style { color: false });
        let lines: Vec<&str> = diff.lines().collect();
        assert_eq!(lines.len(), DIFF_LINES + 1);
        assert_eq!(lines[0], "      1 - 1");
        assert_eq!(lines[DIFF_LINES], "        ... 99960 more changed lines");
        let long = format!("{}\n", "7".repeat(1000));
        let diff = line_diff("7\n", &long, Style { color: false });
        assert!(diff.contains(" ... (700 more characters)"), "{diff}");
    }

    #[test]
    fn two_long_lines_that_differ_near_their_end_are_shown_where_they_differ() {
        let expected = format!("{}b\n", "a".repeat(10_000));
        let actual = format!("{}c\n", "a".repeat(10_000));
        let diff = line_diff(&expected, &actual, Style { color: false });
        let lines: Vec<&str> = diff.lines().collect();
        let window = "a".repeat(LINE_CHARS / 3);
        assert_eq!(
            lines,
            [
                format!("      1 - (9900 characters) ... {window}b"),
                format!("      1 + (9900 characters) ... {window}c"),
            ]
        );
    }

    use super::*;
    use std::time::Duration;

    fn case(verdict: Verdict, stdout: &str, expected: &str) -> CaseResult {
        CaseResult {
            name: "1".into(),
            verdict,
            time_ms: 1.5,
            wall_ms: 2.0,
            peak_kib: 2048,
            exit_code: Some(0),
            exit: "exit status 0".into(),
            stopped: None,
            output_bytes: stdout.len() as u64,
            error_bytes: 0,
            memory_killed: false,
            address_limited: false,
            tasks_refused: false,
            stdout: stdout.into(),
            stdout_utf8: true,
            stderr: String::new(),
            expected: Some(expected.into()),
            input: "in\n".into(),
            problem: None,
        }
    }

    fn show(input: bool) -> Show {
        Show {
            style: Style { color: false },
            input,
            limits: Limits::judge(Duration::from_secs(1), 256),
        }
    }

    #[test]
    fn wrong_answer_shows_the_differing_lines_with_numbers() {
        let text = render_problem(
            "p",
            &[case(Verdict::WrongAnswer, "1\n5\n3\n", "1\n2\n3\n")],
            &show(true),
        );
        assert_eq!(
            text,
            "p\n  1     WA          1.5 ms    2.0 MiB\n      - expected  + actual\n      2 - 2\n      2 + 5\n      input:\n      | in\n  summary: 1 cases: 1 WA; slowest 1.5 ms CPU; peak 2.0 MiB\n"
        );
    }

    #[test]
    fn a_long_input_line_is_cut_like_a_diff_line() {
        let mut long = case(Verdict::WrongAnswer, "2\n", "1\n");
        long.input = format!("{}\n", "7".repeat(LINE_CHARS + 700));
        let text = render_problem("p", &[long], &show(true));
        let line = text.lines().find(|l| l.starts_with("      | 777")).unwrap();
        assert!(line.ends_with("7 ... (700 more characters)"), "{line}");
        assert!(line.len() < LINE_CHARS + 40, "{} characters", line.len());
    }

    #[test]
    fn verdicts_line_up_under_case_names_in_hangul() {
        let mut korean = case(Verdict::Accepted, "1\n", "1\n");
        korean.name = "예제".into();
        let mut longer = case(Verdict::Accepted, "1\n", "1\n");
        longer.name = "예제-12".into();
        let text = render_problem("p", &[korean, longer], &show(false));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "  예제     AC          1.5 ms    2.0 MiB");
        assert_eq!(lines[2], "  예제-12  AC          1.5 ms    2.0 MiB");
        let mut broken = case(Verdict::Accepted, "1\n", "1\n");
        broken.name = "a\nb".into();
        let text = render_problem("p", &[broken], &show(false));
        assert_eq!(
            text.lines().nth(1),
            Some("  a␊b   AC          1.5 ms    2.0 MiB")
        );
    }

    #[test]
    fn memory_passed_by_processes_together_names_the_largest_ones_peak() {
        let mut killed = case(Verdict::MemoryLimit, "", "1\n");
        killed.memory_killed = true;
        killed.peak_kib = 200 * 1024;
        let text = render_problem("p", &[killed.clone()], &show(false));
        assert!(
            text.contains("the 256.0 MiB limit (peak of its largest process 200.0 MiB)"),
            "{text}"
        );
        killed.peak_kib = 256 * 1024;
        let text = render_problem("p", &[killed], &show(false));
        assert!(
            text.contains("the 256.0 MiB limit (peak 256.0 MiB)"),
            "{text}"
        );
    }

    #[test]
    fn many_scattered_changes_show_each_line_beside_its_counterpart() {
        // Past the diff's deadline, whole stretches come as one replacement.
        let expected: String = (1..=50_000).map(|n| format!("{n}\n")).collect();
        let actual = expected.replace('7', "8");
        let diff = line_diff(&expected, &actual, Style { color: false });
        let lines: Vec<&str> = diff.lines().take(4).collect();
        assert_eq!(
            lines,
            ["      7 - 7", "      7 + 8", "     17 - 17", "     17 + 18"]
        );
    }

    #[test]
    fn a_byte_order_mark_and_other_blank_characters_are_named() {
        let diff = line_diff("\u{feff}3\n", "3\n", Style { color: false });
        assert_eq!(diff, "      1 - <U+FEFF>3\n      1 + 3\n");
        let diff = line_diff("a\u{a0}b\u{200b}\u{7f}\n", "a b\n", Style { color: false });
        assert_eq!(diff, "      1 - a<U+00A0>b<U+200B>␡\n      1 + a b\n");
    }

    #[test]
    fn a_carriage_return_inside_a_line_stays_in_it() {
        let diff = line_diff("12\n", "1\r2\n", Style { color: false });
        assert_eq!(diff, "      1 - 12\n      1 + 1␍2\n");
    }

    #[test]
    fn a_carriage_return_difference_is_visible() {
        let diff = line_diff("1 2\n", "1 2\r\n", Style { color: false });
        assert_eq!(diff, "      1 - 1 2\n      1 + 1 2␍\n");
        let diff = line_diff("a\tb\n", "a b\n", Style { color: false });
        assert_eq!(diff, "      1 - a→b\n      1 + a b\n");
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
