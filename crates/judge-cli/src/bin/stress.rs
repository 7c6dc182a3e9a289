//! `scripts/stress`: each problem's solution against its own independent reference, through the
//! problem's tools binary (built fresh with its `tools` feature).

// The doc comments below are also clap's --help text, where `<id>` and a bare URL are meant
// literally; rustdoc would read them as HTML and links.
#![allow(rustdoc::invalid_html_tags, rustdoc::bare_urls)]

use std::process::{Command, ExitCode};

use anyhow::{bail, Context, Result};
use clap::Parser;
use judge_cli::cli::{emit, exit_status};
use judge_cli::problems::{discover, select_many, workspace_root};
use judge_cli::tools;

/// Run each problem's real solution (in-process, through its library) against an independent,
/// plainly written reference on random valid inputs, in parallel. The lowest failing case (the
/// same whatever -j is) is shrunk, printed with a rerun command, and saved as
/// samples/<crate>/stress-<size>-seed<S>-case<I>.in/.out (the reference's answer); a case that
/// runs past --case-timeout-ms is reported as a hang. Problems without a `tools` feature (no
/// stress reference) are reported and skipped.
#[derive(Parser)]
#[command(
    name = "stress",
    after_help = "Examples:\n  scripts/stress --all --cases 100000\n  scripts/stress 3190 --size 20 --seed 7\n  scripts/stress boj-3190 -j 1\n  scripts/stress 3190 --worst > worst.in\n  scripts/stress 3190 --hunt --size 100 --cases 500"
)]
struct Args {
    /// Problems: crate name, unique prefix, bare problem id or a unique part of the name (`snake`).
    problems: Vec<String>,
    /// Every problem.
    #[arg(long)]
    all: bool,
    /// Cases per problem (default 10000); with --hunt, cases per seed (default 1000). At least
    /// one: no cases would check nothing.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    cases: Option<u64>,
    /// Seed: the same seed gives the same cases and report on any machine, with any -j.
    /// (An integer; negative ones wrap, as each problem's tools binary reads them.)
    #[arg(long, allow_negative_numbers = true, value_parser = integer_seed)]
    seed: Option<String>,
    /// Board-size knob (largest side generated); default: each problem's own.
    #[arg(long)]
    size: Option<usize>,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    jobs: Option<u64>,
    /// A case with no answer after this many milliseconds is reported as a hang.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    case_timeout_ms: Option<u64>,
    /// Do not save a failing case under samples/.
    #[arg(long)]
    no_save: bool,
    /// Print the problem's worst known valid input (what the benchmarks use) and exit.
    #[arg(long, conflicts_with = "hunt")]
    worst: bool,
    /// Instead of checking answers, time the solution (in-process, one thread) on the cases of
    /// seeds 1 to --seeds and list the slowest: how to choose the worst input.
    #[arg(long)]
    hunt: bool,
    /// Which build of each problem's tools binary to run: `release` (fastest), or `test`, the
    /// debug binaries `cargo test --workspace --all-features` builds (overflow checks on), so that
    /// after the test suite nothing is compiled again (what scripts/test uses).
    #[arg(long, value_enum, default_value_t)]
    build: tools::Build,
    /// With --hunt: seeds 1 to this.
    #[arg(long, requires = "hunt", value_parser = clap::value_parser!(u64).range(1..))]
    seeds: Option<u64>,
}

fn main() -> ExitCode {
    judge_cli::cli::quiet_when_stdout_closes();
    exit_status("stress", run(&Args::parse()))
}

/// `text` when it is an integer seed (checked here, before anything is built), passed on as
/// written.
fn integer_seed(text: &str) -> Result<String, String> {
    let integer = text.parse::<u64>().is_ok() || text.parse::<i64>().is_ok();
    integer
        .then(|| text.to_string())
        .ok_or_else(|| format!("`{text}` is not an integer seed"))
}

/// The options passed through to each problem's `tools stress`.
fn passed_through(args: &Args) -> Vec<String> {
    let mut out = vec![
        "stress".to_string(),
        "--cases".into(),
        args.cases.unwrap_or(10_000).to_string(),
    ];
    let mut opt = |flag: &str, value: Option<String>| {
        if let Some(v) = value {
            out.push(flag.to_string());
            out.push(v);
        }
    };
    opt("--seed", args.seed.clone());
    opt("--size", args.size.map(|s| s.to_string()));
    opt("--jobs", args.jobs.map(|j| j.to_string()));
    opt(
        "--case-timeout-ms",
        args.case_timeout_ms.map(|t| t.to_string()),
    );
    if args.no_save {
        out.push("--no-save".into());
    }
    out
}

fn run(args: &Args) -> Result<bool> {
    let root = workspace_root();
    let problems = discover(&root)?;
    if !args.all && args.problems.is_empty() {
        bail!(
            "name a problem or pass --all (known problems: {})",
            problems
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let chosen = select_many(&problems, &args.problems, args.all)?;
    if args.worst {
        for problem in chosen {
            match tools::worst_input(&root, problem)? {
                Some(input) => emit(&input).context("writing to stdout")?,
                None => bail!("{} has no `tools` feature, so no worst input", problem.name),
            }
        }
        return Ok(true);
    }
    if args.hunt {
        for problem in chosen {
            let Some(exe) = tools::build_as(&root, problem, args.build)? else {
                bail!(
                    "{} has no `tools` feature, so no generator to hunt with",
                    problem.name
                );
            };
            let mut hunt = Command::new(&exe);
            hunt.arg("hunt");
            if let Some(cases) = args.cases {
                hunt.arg("--cases").arg(cases.to_string());
            }
            if let Some(seeds) = args.seeds {
                hunt.arg("--seeds").arg(seeds.to_string());
            }
            if let Some(size) = args.size {
                hunt.arg("--size").arg(size.to_string());
            }
            let status = hunt
                .status()
                .with_context(|| format!("running {}", exe.display()))?;
            if !status.success() {
                bail!("{} hunt failed", exe.display());
            }
        }
        return Ok(true);
    }
    let (mut passed, mut failed, mut skipped) = (Vec::new(), Vec::new(), Vec::new());
    for problem in chosen {
        let Some(exe) = tools::build_as(&root, problem, args.build)? else {
            emit(&format!(
                "{}: no stress reference yet (no `tools` feature in its Cargo.toml): skipped\n",
                problem.name
            ))
            .context("writing to stdout")?;
            skipped.push(problem.name.as_str());
            continue;
        };
        let status = Command::new(&exe)
            .args(passed_through(args))
            .arg("--save-dir")
            .arg(problem.samples_dir(&root))
            .status()
            .with_context(|| format!("running {}", exe.display()))?;
        match status.code() {
            Some(0) => passed.push(problem.name.as_str()),
            _ => failed.push(problem.name.as_str()),
        }
    }
    emit(&format!(
        "stress: {} agreed, {} failed{}{}\n",
        passed.len(),
        failed.len(),
        if failed.is_empty() {
            String::new()
        } else {
            format!(" ({})", failed.join(", "))
        },
        if skipped.is_empty() {
            String::new()
        } else {
            format!(
                ", {} without a reference ({})",
                skipped.len(),
                skipped.join(", ")
            )
        }
    ))
    .context("writing to stdout")?;
    Ok(failed.is_empty())
}
