//! `scripts/bench-process`: the whole-process cost of each problem on its worst input (start,
//! read, solve, print) next to an empty Rust program that only reads the same stdin.

use std::fs::File;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use clap::Parser;
use judge_kit::bundle::{write, Options};
use judge_kit::check::Compiler;
use judge_kit::cli::exit_status;
use judge_kit::problems::{discover, select_many, workspace_root};
use judge_kit::tools;

/// Time each problem's bundled binary (compiled like the judge: rustc -O) on its worst input
/// against an empty program that reads the same stdin, runs interleaved, and print the medians
/// and their ratio.
#[derive(Parser)]
#[command(name = "bench-process")]
struct Args {
    /// Problems: crate name, unique prefix or bare problem id (default: all).
    problems: Vec<String>,
    /// Runs of each program.
    #[arg(long, default_value_t = 300)]
    runs: usize,
}

const EMPTY_READER: &str = "use std::io::Read;\nfn main() {\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n}\n";

fn main() -> ExitCode {
    exit_status("bench-process", run(&Args::parse()).map(|()| true))
}

fn time_once(exe: &Path, input: &Path) -> Result<Duration> {
    let start = Instant::now();
    let status = Command::new(exe)
        .stdin(File::open(input)?)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()?;
    let elapsed = start.elapsed();
    if !status.success() {
        bail!("{} failed on {}", exe.display(), input.display());
    }
    Ok(elapsed)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn run(args: &Args) -> Result<()> {
    let root = workspace_root();
    let problems = discover(&root)?;
    let chosen = select_many(&problems, &args.problems, false)?;
    let work = root.join("target/bench-process");
    std::fs::create_dir_all(&work)?;
    let rustc = Compiler::probe("rustc").ok_or_else(|| anyhow::anyhow!("no rustc on PATH"))?;
    let empty_src = work.join("empty.rs");
    std::fs::write(&empty_src, EMPTY_READER)?;
    let empty = rustc.compile(&empty_src, &work.join("empty"))?;
    println!(
        "{} runs each, interleaved; medians of wall time ({})",
        args.runs, rustc.version
    );
    for problem in chosen {
        let Some(input_text) = tools::worst_input(&root, problem)? else {
            println!(
                "{}: no worst input (no `tools` feature): skipped",
                problem.name
            );
            continue;
        };
        let input = work.join(format!("{}.in", problem.name));
        std::fs::write(&input, input_text)?;
        let (source, _) = write(&root, problem, Options::default())?;
        let exe = rustc.compile(&source, &work.join(&problem.name))?;
        for _ in 0..20 {
            time_once(&empty, &input)?;
            time_once(&exe, &input)?;
        }
        let (mut base, mut solve) = (Vec::new(), Vec::new());
        for _ in 0..args.runs {
            base.push(time_once(&empty, &input)?);
            solve.push(time_once(&exe, &input)?);
        }
        let (b, s) = (median(base), median(solve));
        println!(
            "{:34} {:7.3} ms   empty reader {:6.3} ms   ratio {:.2}",
            problem.name,
            s.as_secs_f64() * 1e3,
            b.as_secs_f64() * 1e3,
            s.as_secs_f64() / b.as_secs_f64()
        );
    }
    Ok(())
}
