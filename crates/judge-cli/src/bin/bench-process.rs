//! `scripts/bench-process`: the whole-process cost of each problem on its worst input (start,
//! read, solve, print) next to an empty Rust program that only reads the same stdin.

use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;
use judge_cli::bench_process::{median, Bench};
use judge_cli::cli::{emit, enter_user_dir, exit_status};
use judge_cli::problems::{discover, select_many, workspace_root};

/// Time each problem's bundled binary (compiled like the judge: rustc -O) on its worst input
/// against an empty program that reads the same stdin, runs interleaved, through the same
/// runner as sample-diff (CPU time = user + system, as the judge counts it; peak memory as
/// /usr/bin/time reports it), and print the medians and their ratio.
#[derive(Parser)]
#[command(
    name = "bench-process",
    after_help = "Example:\n  scripts/bench-process 3190 --runs 50"
)]
struct Args {
    /// Problems: crate name, unique prefix, bare problem id or a unique part of the name (`snake`) (default: all).
    problems: Vec<String>,
    /// Runs of each program (after 20 warm-up runs each).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    runs: u64,
}

fn main() -> ExitCode {
    judge_cli::cli::quiet_when_stdout_closes();
    let args = Args::parse();
    let outcome = enter_user_dir().and_then(|()| bench(&args));
    exit_status("bench-process", outcome.map(|()| true))
}

fn bench(args: &Args) -> Result<()> {
    let root = workspace_root();
    let problems = discover(&root)?;
    let chosen = select_many(&problems, &args.problems, false)?;
    let bench = Bench::new(&root.join("target/bench-process"))?;
    emit(&format!(
        "{} runs each, interleaved; medians of CPU time (user + system) and peak memory ({})\n",
        args.runs,
        bench.compiler_version()
    ))?;
    for problem in chosen {
        let Some(samples) = bench.measure(&root, problem, 20, args.runs)? else {
            emit(&format!(
                "{}: no worst input (no `tools` feature): skipped\n",
                problem.name
            ))?;
            continue;
        };
        let (b, s) = (median(&samples.empty), median(&samples.solve));
        emit(&format!(
            "{:34} {:7.3} ms   empty reader {:6.3} ms   ratio {:.2}   peak {:.1} MiB\n",
            problem.name,
            s.as_secs_f64() * 1e3,
            b.as_secs_f64() * 1e3,
            s.as_secs_f64() / b.as_secs_f64().max(1e-9),
            median(&samples.peaks_kib) as f64 / 1024.0
        ))?;
    }
    Ok(())
}
