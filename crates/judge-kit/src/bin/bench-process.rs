//! `scripts/bench-process`: the whole-process cost of each problem on its worst input (start,
//! read, solve, print) next to an empty Rust program that only reads the same stdin.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::Parser;
use judge_kit::bundle::{write, Options};
use judge_kit::check::{limits_for, Compiler};
use judge_kit::cli::{emit, enter_user_dir, exit_status};
use judge_kit::problems::{discover, select_many, workspace_root};
use judge_kit::tools;
use judge_runner::{judge, Verdict};
use judge_runner::{run, Limits, Program};

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
    /// Problems: crate name, unique prefix, bare problem id or a unique part of the name (`puyo`) (default: all).
    problems: Vec<String>,
    /// Runs of each program (after 20 warm-up runs each).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    runs: u64,
}

const EMPTY_READER: &str = "use std::io::Read;\nfn main() {\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n}\n";

fn main() -> ExitCode {
    let args = Args::parse();
    let outcome = enter_user_dir().and_then(|()| bench(&args));
    exit_status("bench-process", outcome.map(|()| true))
}

/// The problem's worst input: the one place that knows where worst inputs come from.
/// One run's CPU time and peak memory; a run the judge would not accept is an error.
fn time_once(program: &Program, input: &[u8], limits: &Limits) -> Result<(Duration, u64)> {
    let outcome = run(program, input, limits)?;
    let verdict = judge(&outcome, limits, None, &Default::default(), Path::new(""));
    if verdict != Verdict::NoExpected {
        bail!(
            "{} on the worst input: {verdict} ({})",
            program.describe(),
            outcome.exit.describe()
        );
    }
    Ok((outcome.cpu, outcome.peak_kib))
}

fn median<T: Ord + Copy>(mut values: Vec<T>) -> T {
    values.sort();
    values[values.len() / 2]
}

fn compile(compiler: &Compiler, source: &Path, out_dir: &Path) -> Result<Program> {
    compiler.compile(source, out_dir).map(Program::Exe)
}

fn bench(args: &Args) -> Result<()> {
    let root = workspace_root();
    let problems = discover(&root)?;
    let chosen = select_many(&problems, &args.problems, false)?;
    let work = root.join("target/bench-process");
    std::fs::create_dir_all(&work)?;
    let rustc = Compiler::probe("rustc").ok_or_else(|| anyhow::anyhow!("no rustc on PATH"))?;
    let empty_src = work.join("empty.rs");
    std::fs::write(&empty_src, EMPTY_READER)?;
    let empty = compile(&rustc, &empty_src, &work.join("empty"))?;
    emit(&format!(
        "{} runs each, interleaved; medians of CPU time (user + system) and peak memory ({})\n",
        args.runs, rustc.version
    ))?;
    for problem in chosen {
        let Some(input) = tools::worst_input(&root, problem)? else {
            emit(&format!(
                "{}: no worst input (no `tools` feature): skipped\n",
                problem.name
            ))?;
            continue;
        };
        let limits = limits_for(problem);
        let (source, _) = write(&root, problem, Options::default())?;
        let exe = compile(&rustc, &source, &work.join(&problem.name))?;
        for _ in 0..20 {
            time_once(&empty, input.as_bytes(), &limits)?;
            time_once(&exe, input.as_bytes(), &limits)?;
        }
        let (mut base, mut solve, mut peaks) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..args.runs {
            base.push(time_once(&empty, input.as_bytes(), &limits)?.0);
            let (cpu, peak) = time_once(&exe, input.as_bytes(), &limits)?;
            solve.push(cpu);
            peaks.push(peak);
        }
        let (b, s) = (median(base), median(solve));
        emit(&format!(
            "{:34} {:7.3} ms   empty reader {:6.3} ms   ratio {:.2}   peak {:.1} MiB\n",
            problem.name,
            s.as_secs_f64() * 1e3,
            b.as_secs_f64() * 1e3,
            s.as_secs_f64() / b.as_secs_f64().max(1e-9),
            median(peaks) as f64 / 1024.0
        ))?;
    }
    Ok(())
}
