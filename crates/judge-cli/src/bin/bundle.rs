//! `scripts/bundle`: write each problem as one judge-ready `.rs` file, and with `--check` prove it.

// The doc comments below are also clap's --help text, where `<id>` and a bare URL are meant
// literally; rustdoc would read them as HTML and links.
#![allow(rustdoc::invalid_html_tags, rustdoc::bare_urls)]

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use anyhow::Result;
use clap::Parser;
use judge_cli::bundle::{bundle_sound, write, Options};
use judge_cli::check::{check_bundle, compilers, Compiler};
use judge_cli::cli::{emit, exit_status};
use judge_cli::problems::{discover, select_many, workspace_root, Problem};
use judge_cli::sample_diff::{line_diff, Style};
use judge_cli::samples;
use judge_runner::Verdict;

/// Turn a problem crate plus the parts of grid-core it uses into one `.rs` file that the judge
/// compiles with plain `rustc --edition 2021 -O`.
#[derive(Parser)]
#[command(
    name = "bundle",
    after_help = "Examples:\n  scripts/bundle 3190\n  scripts/bundle --check --all\n  scripts/bundle --stdout 3190 > submit.rs"
)]
struct Args {
    /// Problems: crate name, unique prefix, bare problem id or a unique part of the name (`snake`) (default: all).
    problems: Vec<String>,
    /// Every problem crate.
    #[arg(long)]
    all: bool,
    /// Print the bundle on stdout instead of writing target/bundle/<crate>.rs (with --check, the
    /// file is written and checked too, and every report goes to stderr).
    #[arg(long)]
    stdout: bool,
    /// Prove each bundle: compile target/bundle/<crate>.rs alone with the current rustc and the
    /// judge floor (1.63), run every sample through both binaries under the judge's limits, and
    /// enforce the judge's source size limit. Every problem is checked to the end; the last line
    /// says `N passed, M failed`.
    #[arg(long)]
    check: bool,
    /// Keep whole grid-core modules instead of only the items the problem reaches.
    #[arg(long)]
    no_prune: bool,
    /// Problems bundled and checked at once (default: one per core); the report is the same for
    /// any number, each problem's block in the order named. Samples are judged on CPU time, so
    /// verdicts do not depend on it either.
    #[arg(short = 'j', long, default_value_t = judge_cli::cli::default_jobs(),
          value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: u64,
}

fn main() -> ExitCode {
    judge_cli::cli::quiet_when_stdout_closes();
    exit_status("bundle", run(&Args::parse()))
}

fn human(bytes: usize) -> String {
    if bytes < 1024 {
        format!("{bytes} B")
    } else {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    }
}

/// One problem's part of the output, gathered while it is worked on (problems are worked on
/// at once) and written when every problem named before it has been.
#[derive(Default)]
struct Say {
    /// Its report lines.
    lines: Vec<String>,
    /// The bundle, with `--stdout`.
    source: Option<String>,
}

impl Say {
    fn line(&mut self, text: &str) {
        self.lines.push(text.to_string());
    }

    /// Writes the bundle to stdout, then the report (to stderr when stdout carries bundles).
    fn flush(self, to_stderr: bool) -> Result<()> {
        if let Some(source) = &self.source {
            emit(source)?;
        }
        let report: String = self.lines.iter().map(|l| format!("{l}\n")).collect();
        report_text(&report, to_stderr)
    }
}

/// Writes report text to stdout, or to stderr when stdout carries bundles. A reader that went
/// away (`| head`) just ends the report; a full disk is an error.
fn report_text(text: &str, to_stderr: bool) -> Result<()> {
    if to_stderr {
        eprint!("{text}");
    } else {
        emit(text).map_err(|e| anyhow::anyhow!("cannot write the report: {e}"))?;
    }
    Ok(())
}

fn run(args: &Args) -> Result<bool> {
    let root = workspace_root();
    let problems = discover(&root)?;
    let chosen = select_many(&problems, &args.problems, args.all)?;
    let options = Options {
        prune: !args.no_prune,
    };
    let compilers = if args.check { compilers()? } else { Vec::new() };
    let (mut passed, mut failed) = (0, 0);
    let work = |&problem: &&Problem| {
        let mut say = Say::default();
        let ok = match bundle_one(args, &root, problem, options, &compilers, &mut say) {
            Ok(ok) => ok,
            Err(e) => {
                say.line(&format!("{}: FAIL: {e:#}", problem.name));
                false
            }
        };
        (say, ok)
    };
    let mut written = Ok(());
    in_order_as_done(&chosen, args.jobs as usize, work, |(say, ok)| {
        if written.is_ok() {
            written = say.flush(args.stdout);
        }
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
    });
    written?;
    if args.check {
        report_text(&format!("{passed} passed, {failed} failed\n"), args.stdout)?;
    }
    Ok(failed == 0)
}

/// Runs `work` on every item, on `jobs` threads, and hands each result to `take` in the items'
/// order, as soon as it and every one before it are done (so a long report starts early).
fn in_order_as_done<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    mut take: impl FnMut(R),
) {
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            let send = send.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(index) else {
                    return;
                };
                if send.send((index, work(item))).is_err() {
                    return;
                }
            });
        }
        drop(send);
        let mut waiting: Vec<Option<R>> = Vec::new();
        let mut given = 0;
        for (index, result) in receive {
            if waiting.len() <= index {
                waiting.resize_with(index + 1, || None);
            }
            waiting[index] = Some(result);
            while let Some(ready) = waiting.get_mut(given).and_then(Option::take) {
                take(ready);
                given += 1;
            }
        }
    });
}

/// Bundles one problem (and checks it with `--check`); `Ok(false)` when the check failed.
fn bundle_one(
    args: &Args,
    root: &Path,
    problem: &Problem,
    options: Options,
    compilers: &[Compiler],
    say: &mut Say,
) -> Result<bool> {
    if args.stdout {
        let made = bundle_sound(root, problem, options)?;
        if let Some(error) = &made.unsound_pruning {
            eprintln!("{}: {}", problem.name, unsound_note(error));
        }
        say.source = Some(made.source);
        if !args.check {
            return Ok(true);
        }
    }
    let (path, made) = write(root, problem, options)?;
    let size = made.source.len();
    let limit = problem.judge.source_limit_kib as usize * 1024;
    let shown = path.strip_prefix(root).unwrap_or(&path).display();
    say.line(&format!(
        "{}: {shown} ({size} bytes, {}; judge limit {})",
        problem.name,
        human(size),
        human(limit)
    ));
    let parts: Vec<String> = made
        .parts
        .iter()
        .map(|(name, bytes)| format!("{name} {}", human(*bytes)))
        .collect();
    say.line(&format!("  parts: {}", parts.join(", ")));
    if let Some(error) = &made.unsound_pruning {
        say.line(&format!("  {}", unsound_note(error)));
    }
    if !args.check {
        return Ok(true);
    }
    let fits = size <= limit;
    if !fits {
        say.line(&format!(
            "  FAIL: {size} bytes is over the judge's source limit of {limit} bytes"
        ));
    }
    let ok = check_one(root, problem, &path, compilers, say)?;
    Ok(ok && fits)
}

/// What the user is told when pruning made a file that did not compile.
fn unsound_note(error: &str) -> String {
    format!(
        "NOTE: pruning made a file that does not compile ({error}), so this bundle holds the \
         libraries whole; it is a bundler bug: please report it with the problem's code"
    )
}

/// Indents every line of a compiler's messages under its heading.
fn indented(text: &str) -> String {
    text.trim_end()
        .lines()
        .map(|l| format!("      {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn check_one(
    root: &Path,
    problem: &Problem,
    path: &Path,
    compilers: &[Compiler],
    say: &mut Say,
) -> Result<bool> {
    let mut ok = true;
    let samples_dir = problem.samples_dir(root);
    let judged = judge_cli::check::checker_for(problem).judges_answers();
    if !judged {
        say.line(&format!(
            "  {}",
            judge_runner::Checker::unjudged_note(&problem.name)
        ));
    }
    for result in check_bundle(root, problem, path, compilers)? {
        if let Some(messages) = &result.compile_error {
            ok = false;
            say.line(&format!(
                "  {}: FAIL: does not compile ({:.1}s):\n{}",
                result.version,
                result.compile_time.as_secs_f64(),
                indented(messages)
            ));
            continue;
        }
        let passed = result.samples.iter().filter(|s| s.verdict.passed()).count();
        let slowest = result
            .samples
            .iter()
            .map(|s| s.outcome.time_ms)
            .fold(0.0, f64::max);
        let peak = result.samples.iter().map(|s| s.outcome.peak_kib).max();
        say.line(&format!(
            "  {}: compiled in {:.1}s; samples {passed}/{} {}; slowest {slowest:.1} ms CPU; peak {:.1} MiB",
            result.version,
            result.compile_time.as_secs_f64(),
            result.samples.len(),
            if judged { "AC" } else { "ran (not judged)" },
            peak.unwrap_or(0) as f64 / 1024.0
        ));
        if !result.warnings.trim().is_empty() {
            say.line(&format!("    warnings:\n{}", indented(&result.warnings)));
        }
        if result.samples.is_empty() {
            say.line(&format!("    FAIL: {}", samples::no_cases(&samples_dir)));
        }
        ok &= result.passed();
        for s in result.samples.iter().filter(|s| !s.verdict.passed()) {
            let r = &s.outcome;
            let detail = match &r.problem {
                Some(why) => why.clone(),
                None => {
                    let run = format!(
                        "{}; {:.1} ms CPU; {:.1} MiB",
                        r.exit,
                        r.time_ms,
                        r.peak_kib as f64 / 1024.0
                    );
                    match &s.sample.expected {
                        // A wrong answer shows where the lines differ, as sample-diff does.
                        Some(text)
                            if matches!(s.verdict, Verdict::WrongAnswer | Verdict::WrongFormat) =>
                        {
                            let diff = line_diff(text, &r.stdout, Style { color: false });
                            format!(
                                "{run}; expected (-) against printed (+):\n{}",
                                diff.trim_end()
                            )
                        }
                        _ => format!(
                            "{run}; stdout {:?}",
                            r.stdout.chars().take(200).collect::<String>()
                        ),
                    }
                }
            };
            say.line(&format!(
                "    {} on sample {}: {detail}",
                s.verdict.code(),
                s.sample.name
            ));
            if let Some(line) = r.stderr.lines().find(|l| !l.trim().is_empty()) {
                say.line(&format!("      stderr: {line}"));
            }
        }
    }
    Ok(ok)
}
