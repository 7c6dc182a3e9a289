//! The command line of a problem's tools binary (`src/bin/tools.rs`), which `scripts/stress` and
//! `scripts/bench-process` and `scripts/trace` run: `stress`, `worst`, `hunt` and `trace`.

// The argument docs below are also clap's --help text, where `<crate>` is meant literally;
// rustdoc would read it as HTML.
#![allow(rustdoc::invalid_html_tags)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::erased::Erased;
use super::hunt::{hunt, render_hunt, HuntSettings};
use super::runner::{run, Outcome, Report, Settings, Stress};
use super::save::save;
use super::trace::{render_html, render_json, render_text, Trace};

/// A problem's tools: stress its solution against its reference, print its worst input, trace
/// its simulation.
#[derive(Parser, Debug)]
#[command(name = "tools")]
struct Args {
    #[command(subcommand)]
    command: Command,
}

/// Options of a stress run (`scripts/stress` passes them through).
#[derive(clap::Args, Clone, Debug)]
pub struct StressArgs {
    /// Cases to run (at least one: no cases would check nothing).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub cases: u64,
    /// Seed: the same seed gives the same cases and the same report on any machine, with any
    /// `-j`. Negative numbers are taken modulo 2^64.
    #[arg(long, default_value = "20261130", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Board-size knob (largest side generated); default: the problem's own.
    #[arg(long)]
    pub size: Option<usize>,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// A case that gives no answer within this many milliseconds is reported as a hang.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub case_timeout_ms: u64,
    /// Do not save a failing case as a regression sample.
    #[arg(long)]
    pub no_save: bool,
    /// Where to save a failing case (default: the workspace's samples/<crate>/).
    #[arg(long)]
    pub save_dir: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the solution against the independent reference on generated cases.
    Stress(StressArgs),
    /// Print the hardest valid input known (what the benchmarks use).
    Worst,
    /// Time the solution on generated cases and list the slowest, to choose the worst input.
    Hunt(HuntArgs),
    /// Show the simulation of one input step by step.
    Trace(TraceArgs),
}

/// Options of a hunt for the worst input (`scripts/stress --hunt` passes them through).
#[derive(clap::Args, Clone, Debug)]
pub struct HuntArgs {
    /// Seeds 1 to this, each with `--cases` cases.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..))]
    pub seeds: u64,
    /// Cases per seed.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub cases: u64,
    /// Board-size knob (largest side generated); default: the problem's own (pass the judge's
    /// largest to find the worst input).
    #[arg(long)]
    pub size: Option<usize>,
    /// How many of the slowest to time again and list.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub top: u64,
    /// Runs more for each of those (the least of all is listed).
    #[arg(long, default_value_t = 20)]
    pub repeat: u64,
    /// Passes over all the cases, each case screened by its least run, before the slowest are
    /// timed again: a second pass keeps a slow moment of the machine from choosing them.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=10))]
    pub screens: u64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Options of a trace (`scripts/trace` passes them through).
#[derive(clap::Args, Clone, Debug)]
pub struct TraceArgs {
    /// The judge input to trace (default: stdin).
    pub file: Option<PathBuf>,
    /// Plain text even on a terminal (also when NO_COLOR is set or stdout is not a terminal).
    #[arg(long)]
    pub no_color: bool,
    /// The frames as JSON data.
    #[arg(long, conflicts_with = "html")]
    pub json: bool,
    /// Write one self-contained HTML page (previous / next / play, arrow keys) to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// Parses a seed; negative values wrap, so `--seed -1` is the seed 2^64 - 1.
///
/// ```
/// use problem_harness::cli::parse_seed;
/// assert_eq!(parse_seed("7"), Ok(7));
/// assert_eq!(parse_seed("-1"), Ok(u64::MAX));
/// assert!(parse_seed("x").is_err());
/// ```
pub fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .or_else(|_| text.parse::<i64>().map(|v| v as u64))
        .map_err(|_| format!("`{text}` is not an integer seed"))
}

/// `src/bin/tools.rs` of a problem crate: `problem_harness::tools_main!(my_crate::stress::P);`,
/// or with a trace `problem_harness::tools_main!(my_crate::stress::P, my_crate::trace::T);`.
#[macro_export]
macro_rules! tools_main {
    ($problem:expr) => {
        fn main() -> ::std::process::ExitCode {
            $crate::cli::main(env!("CARGO_PKG_NAME"), env!("CARGO_MANIFEST_DIR"), $problem)
        }
    };
    ($problem:expr, $trace:expr) => {
        fn main() -> ::std::process::ExitCode {
            $crate::cli::main_traced(
                env!("CARGO_PKG_NAME"),
                env!("CARGO_MANIFEST_DIR"),
                $problem,
                Some(&$trace),
            )
        }
    };
}

/// The tools binary of the problem crate `name` (whose folder is `manifest_dir`), without a
/// trace.
pub fn main<P: Stress>(name: &str, manifest_dir: &str, problem: P) -> ExitCode {
    main_traced(name, manifest_dir, problem, None)
}

/// The tools binary of the problem crate `name` (whose folder is `manifest_dir`); `trace` is
/// the problem's [`Trace`] when it has one.
pub fn main_traced<P: Stress>(
    name: &str,
    manifest_dir: &str,
    problem: P,
    trace: Option<&dyn Trace>,
) -> ExitCode {
    tools(name, manifest_dir, Erased::new(problem), trace)
}

/// [`main_traced`] for any problem: compiled once, here, not in every problem's binary.
fn tools(name: &str, manifest_dir: &str, problem: Erased, trace: Option<&dyn Trace>) -> ExitCode {
    let args = Args::parse();
    match args.command {
        Command::Trace(options) => match trace {
            None => {
                eprintln!("{name}: no trace yet");
                ExitCode::from(2)
            }
            Some(trace) => {
                exit_status("trace", trace_command(name, trace, &options).map(|()| true))
            }
        },
        Command::Worst => exit_status("worst", print_out(&problem.worst()).map(|()| true)),
        Command::Hunt(options) => exit_status(
            "hunt",
            hunt_command(name, &problem, &options).map(|()| true),
        ),
        Command::Stress(stress) => {
            let save_dir = stress
                .save_dir
                .clone()
                .unwrap_or_else(|| sample_check::samples_dir(manifest_dir, name));
            exit_status("stress", stress_command(name, problem, &stress, &save_dir))
        }
    }
}

/// A command's outcome as the exit status: 0 when it passed, 1 when a check failed, 2 (with one
/// `command: message` line on stderr) when it could not do its job.
fn exit_status(command: &str, outcome: anyhow::Result<bool>) -> ExitCode {
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{command}: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Times generated cases and prints the slowest (progress on stderr).
fn hunt_command<P: Stress>(name: &str, problem: &P, args: &HuntArgs) -> anyhow::Result<()> {
    let settings = HuntSettings {
        seeds: 1..=args.seeds,
        cases: args.cases,
        size: args.size.unwrap_or_else(|| problem.default_size()),
        top: args.top as usize,
        repeat: args.repeat as usize,
        screens: args.screens as usize,
    };
    let total = args.seeds * args.cases * args.screens;
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if args.quiet {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{prefix:32} [{bar:30}] {pos}/{len} runs timed, eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_prefix(name.to_string());
    let (slowest, timed) = hunt(problem, &settings, &|n| bar.set_position(n));
    bar.finish_and_clear();
    print_out(&render_hunt(name, &settings, &slowest, timed))
}

/// Reads the input, computes the frames and writes them where `args` says.
fn trace_command(name: &str, trace: &dyn Trace, args: &TraceArgs) -> anyhow::Result<()> {
    use anyhow::Context as _;
    use std::io::{IsTerminal as _, Read as _};
    let input = match &args.file {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?,
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read stdin")?;
            text
        }
    };
    let source = args
        .file
        .as_ref()
        .map_or_else(|| "stdin".to_string(), |p| p.display().to_string());
    let frames = trace
        .frames(&input)
        .map_err(|e| anyhow::anyhow!("{name}: {source}: {e}"))?;
    if let Some(path) = &args.html {
        std::fs::write(path, render_html(name, &frames))
            .with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!(
            "{name}: {} frames written to {}",
            frames.len(),
            path.display()
        );
        return Ok(());
    }
    let text = if args.json {
        render_json(name, &frames)
    } else {
        let colour = !args.no_color
            && std::env::var_os("NO_COLOR").is_none()
            && std::io::stdout().is_terminal();
        render_text(&frames, colour)
    };
    print_out(&text)
}

/// Writes `text` to stdout. A reader that went away (`| head`) just ends the output; any other
/// failure (a full disk) is an error, not a silent success.
fn print_out(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(anyhow::anyhow!("cannot write to stdout: {e}"))
        }
        _ => Ok(()),
    }
}

fn stress_command<P: Stress>(
    name: &str,
    problem: P,
    args: &StressArgs,
    save_dir: &Path,
) -> anyhow::Result<bool> {
    let settings = Settings {
        cases: args.cases,
        seed: args.seed,
        size: args.size.unwrap_or_else(|| problem.default_size()),
        jobs: args.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |j| j as usize,
        ),
        case_timeout: Duration::from_millis(args.case_timeout_ms),
    };
    let bar = ProgressBar::with_draw_target(Some(args.cases), ProgressDrawTarget::stderr());
    if args.quiet {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:32} [{bar:30}] {pos}/{len} cases, {per_sec}, eta {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(name.to_string());
    let report = run(Arc::new(problem), settings, &|n| bar.set_position(n));
    bar.finish_and_clear();
    let text = render_run(name, &settings, args.case_timeout_ms, args.no_save, &report);
    print_out(&text)?;
    eprintln!(
        "  {} cases in {:.2} s, {:.0} cases/s",
        report.cases,
        report.elapsed.as_secs_f64(),
        report.cases as f64 / report.elapsed.as_secs_f64().max(1e-9)
    );
    if let Outcome::Disagreed(failure) = &report.outcome {
        if !args.no_save {
            let path = save(save_dir, failure, settings.seed)?;
            print_out(&format!(
                "saved as {} and .out (the reference's answer)\n",
                path.display()
            ))?;
        }
    }
    Ok(report.outcome == Outcome::Agreed)
}

/// The report as printed: nothing in it depends on the machine or the number of threads.
pub fn render(name: &str, settings: &Settings, timeout_ms: u64, report: &Report) -> String {
    render_run(name, settings, timeout_ms, false, report)
}

/// [`render`] of a run with `--no-save` when `no_save`, which its rerun line repeats.
pub fn render_run(
    name: &str,
    settings: &Settings,
    timeout_ms: u64,
    no_save: bool,
    report: &Report,
) -> String {
    let no_save = if no_save { " --no-save" } else { "" };
    let rerun = |cases: u64| {
        format!(
            "--- rerun: scripts/stress {name} --seed {} --size {} --cases {cases} --case-timeout-ms {timeout_ms}{no_save}\n",
            settings.seed, settings.size
        )
    };
    match &report.outcome {
        Outcome::Agreed => format!(
            "{name}: {} cases agree (seed {}, size {})\n  answers seen: {}\n",
            report.cases,
            settings.seed,
            settings.size,
            answer_spread(&report.answers)
        ),
        Outcome::Disagreed(f) => format!(
            "{name}: DISAGREEMENT on case {} (seed {}, size {}); shrunk from {} to {} bytes{}\n--- input\n{}\n--- reference\n{}\n--- solution\n{}\n{}",
            f.case_index,
            settings.seed,
            settings.size,
            f.shrunk_from,
            f.input.len(),
            if f.size.is_empty() { String::new() } else { format!(" ({})", f.size) },
            f.input.trim_end(),
            f.expected.trim_end(),
            f.actual.trim_end(),
            if f.unstable {
                "--- note: run again on this input, the solution agreed: its answers change from run to run (state kept between calls, hash order, time)\n"
            } else {
                ""
            }
            .to_string()
                + &rerun(f.case_index + 1)
        ),
        Outcome::Broken {
            case_index,
            message,
        } => format!(
            "{name}: the stress code itself panicked on case {case_index} (seed {}, size {}): {message}\n  (the generator, `input` or the reference, in src/stress.rs: not a verdict on the solution)\n{}",
            settings.seed,
            settings.size,
            rerun(case_index + 1)
        ),
        Outcome::Hung { case_index, input } => format!(
            "{name}: HANG on case {case_index} (seed {}, size {}): no answer within {timeout_ms} ms\n--- input\n{}\n{}",
            settings.seed,
            settings.size,
            input.trim_end(),
            rerun(case_index + 1)
        ),
    }
}

/// The most common answers with their counts (a multi-line answer on one line, its lines joined
/// by ` / `), then how many distinct answers there were.
fn answer_spread(answers: &std::collections::BTreeMap<String, u64>) -> String {
    let mut by_count: Vec<(&String, &u64)> = answers.iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
    let top: Vec<String> = by_count
        .iter()
        .take(8)
        .map(|(a, n)| format!("{} x{n}", a.replace('\n', " / ")))
        .collect();
    format!("{} ({} distinct)", top.join(", "), answers.len())
}
