//! `scripts/sample-diff`: run samples like the judge does and show readable verdicts.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Parser;
use judge_kit::bundle::{write, Options};
use judge_kit::check::{floor_compiler_path, Compiler};
use judge_kit::cli::exit_status;
use judge_kit::problems::{discover, select_many, workspace_root, Problem};
use judge_kit::sample_diff::{render_problem, run_cases, CaseResult, Limits, Style};
use judge_kit::samples;

/// Run every sample of a problem through what you would submit (the bundled single file compiled
/// like the judge does), with the judge's time and memory limits, and show verdicts and diffs.
///
/// Verdicts: AC, WA, PE (wrong output format: only whitespace differs beyond what Baekjoon
/// forgives), TLE, MLE, RE, NO-OUT (sample without .out). Exit status 0 only when all are AC.
#[derive(Parser)]
#[command(
    name = "sample-diff",
    after_help = "Examples:\n  scripts/sample-diff                 # every problem, bundled\n  scripts/sample-diff 11559 --cargo   # the workspace binary instead\n  scripts/sample-diff --exe ./a.out --samples my-cases --time-limit-ms 500"
)]
struct Args {
    /// Problems: crate name, unique prefix or bare problem id (default: all).
    problems: Vec<String>,
    /// Run the workspace binary (`cargo build --release`) instead of the bundled file.
    #[arg(long, conflicts_with = "exe")]
    cargo: bool,
    /// Compiler for the bundle (default: the judge floor /usr/bin/rustc or $JUDGE_RUSTC if
    /// present, else `rustc`).
    #[arg(long, value_name = "PATH")]
    rustc: Option<PathBuf>,
    /// Parallel cases (1 = one at a time, for steady timings).
    #[arg(short = 'j', long, default_value_t = default_jobs())]
    jobs: usize,
    /// Machine-readable results on stdout.
    #[arg(long)]
    json: bool,
    /// No colours (also when NO_COLOR is set or stdout is not a terminal).
    #[arg(long)]
    no_color: bool,
    /// Run this program instead of a problem's (needs --samples).
    #[arg(long, value_name = "PATH", requires = "samples")]
    exe: Option<PathBuf>,
    /// Folder of <case>.in/<case>.out to use with --exe.
    #[arg(long, value_name = "DIR", requires = "exe")]
    samples: Option<PathBuf>,
    /// Time limit for --exe, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time_limit_ms: u64,
    /// Memory limit for --exe, in MiB.
    #[arg(long, default_value_t = 256)]
    memory_limit_mb: u64,
}

fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn main() -> ExitCode {
    exit_status("sample-diff", run(&Args::parse()))
}

struct Report {
    title: String,
    name: String,
    results: Vec<CaseResult>,
}

fn run(args: &Args) -> Result<bool> {
    let style = Style {
        color: !args.no_color
            && !args.json
            && std::env::var_os("NO_COLOR").is_none()
            && std::io::stdout().is_terminal(),
    };
    let reports = match (&args.exe, &args.samples) {
        (Some(exe), Some(dir)) => {
            let limits = Limits {
                time: Duration::from_millis(args.time_limit_ms),
                memory_kib: args.memory_limit_mb * 1024,
            };
            let cases = samples::load(dir)?;
            let results = run_cases(exe, &cases, limits, args.jobs)?;
            let title = format!(
                "{} on {} ({} ms, {} MiB)",
                exe.display(),
                dir.display(),
                args.time_limit_ms,
                args.memory_limit_mb
            );
            vec![Report {
                title,
                name: exe.display().to_string(),
                results,
            }]
        }
        _ => problem_reports(args)?,
    };
    let cases: Vec<&CaseResult> = reports.iter().flat_map(|r| &r.results).collect();
    let passed = cases.iter().filter(|c| c.verdict.passed()).count();
    let failed = cases.len() - passed;
    if args.json {
        let problems: Vec<serde_json::Value> = reports
            .iter()
            .map(|r| serde_json::json!({ "problem": r.name, "program": r.title, "cases": r.results }))
            .collect();
        let doc = serde_json::json!({ "problems": problems, "passed": passed, "failed": failed });
        println!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        for r in &reports {
            print!("{}", render_problem(&r.title, &r.results, style));
        }
        println!("{passed} passed, {failed} failed");
    }
    Ok(failed == 0 && !cases.is_empty())
}

fn problem_reports(args: &Args) -> Result<Vec<Report>> {
    let root = workspace_root();
    let problems = discover(&root)?;
    let chosen = select_many(&problems, &args.problems, false)?;
    let compiler = if args.cargo {
        None
    } else {
        Some(pick_compiler(args.rustc.as_deref())?)
    };
    let mut reports = Vec::new();
    for problem in chosen {
        let (exe, how) = match &compiler {
            Some(c) => (
                compile_bundle(&root, problem, c)?,
                format!("bundle, {}", c.version),
            ),
            None => (cargo_build(&root, problem)?, "cargo --release".to_string()),
        };
        let limits = Limits {
            time: Duration::from_millis(problem.judge.time_limit_ms),
            memory_kib: problem.judge.memory_limit_mb * 1024,
        };
        let cases = samples::load(&problem.samples_dir(&root))?;
        if cases.is_empty() {
            bail!("no samples in samples/{}", problem.name);
        }
        let results = run_cases(&exe, &cases, limits, args.jobs)?;
        let title = format!(
            "{} ({how}; limits {} ms, {} MiB)",
            problem.name, problem.judge.time_limit_ms, problem.judge.memory_limit_mb
        );
        reports.push(Report {
            title,
            name: problem.name.clone(),
            results,
        });
    }
    Ok(reports)
}

fn pick_compiler(explicit: Option<&Path>) -> Result<Compiler> {
    if let Some(path) = explicit {
        return Compiler::probe(path).with_context(|| format!("cannot run {}", path.display()));
    }
    Compiler::probe(floor_compiler_path())
        .or_else(|| Compiler::probe("rustc"))
        .context("no rustc found")
}

fn compile_bundle(root: &Path, problem: &Problem, compiler: &Compiler) -> Result<PathBuf> {
    let (source, _) = write(root, problem, Options::default())?;
    compiler.compile(
        &source,
        &root.join("target/sample-diff").join(&problem.name),
    )
}

fn cargo_build(root: &Path, problem: &Problem) -> Result<PathBuf> {
    let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["build", "-q", "--release", "-p", &problem.name])
        .current_dir(root)
        .status()
        .context("running cargo build")?;
    if !status.success() {
        bail!("cargo build -p {} failed", problem.name);
    }
    Ok(root.join("target/release").join(&problem.name))
}
