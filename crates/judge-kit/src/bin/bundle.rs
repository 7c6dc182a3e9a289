//! `scripts/bundle`: write each problem as one judge-ready `.rs` file, and with `--check` prove it.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;
use judge_kit::bundle::{bundle, write, Options};
use judge_kit::check::{check_bundle, compilers, Compiler};
use judge_kit::cli::exit_status;
use judge_kit::problems::{discover, select_many, workspace_root, Problem};

/// Turn a problem crate plus the parts of grid-core it uses into one `.rs` file that the judge
/// compiles with plain `rustc --edition 2021 -O`.
#[derive(Parser)]
#[command(
    name = "bundle",
    after_help = "Examples:\n  scripts/bundle 11559\n  scripts/bundle --check --all\n  scripts/bundle --stdout 12100 > submit.rs"
)]
struct Args {
    /// Problems: crate name, unique prefix or bare problem id (default: all).
    problems: Vec<String>,
    /// Every problem crate.
    #[arg(long)]
    all: bool,
    /// Print the bundle on stdout instead of writing target/bundle/<crate>.rs.
    #[arg(long)]
    stdout: bool,
    /// Prove each bundle: compile it alone with the current rustc and the judge floor (1.63),
    /// run every sample through both binaries, and enforce the judge's source size limit.
    #[arg(long)]
    check: bool,
    /// Keep whole grid-core modules instead of only the items the problem reaches.
    #[arg(long)]
    no_prune: bool,
}

fn main() -> ExitCode {
    exit_status("bundle", run(&Args::parse()))
}

fn human(bytes: usize) -> String {
    if bytes < 1024 {
        format!("{bytes} B")
    } else {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    }
}

fn run(args: &Args) -> Result<bool> {
    let root = workspace_root();
    let problems = discover(&root)?;
    let chosen = select_many(&problems, &args.problems, args.all)?;
    let options = Options {
        prune: !args.no_prune,
        ..Options::default()
    };
    let compilers = if args.check { compilers()? } else { Vec::new() };
    let mut all_ok = true;
    for problem in chosen {
        if args.stdout {
            print!("{}", bundle(&root, problem, options)?.source);
            continue;
        }
        let (path, made) = write(&root, problem, options)?;
        let size = made.source.len();
        let limit = problem.judge.source_limit_kib as usize * 1024;
        let shown = path.strip_prefix(&root).unwrap_or(&path).display();
        println!(
            "{}: {shown} ({size} bytes, {}; judge limit {})",
            problem.name,
            human(size),
            human(limit)
        );
        let parts: Vec<String> = made
            .parts
            .iter()
            .map(|(name, bytes)| format!("{name} {}", human(*bytes)))
            .collect();
        println!("  parts: {}", parts.join(", "));
        if args.check {
            let fits = size <= limit;
            if !fits {
                println!("  FAIL: {size} bytes is over the judge's source limit of {limit} bytes");
            }
            let ok = check_one(&root, problem, &path, &compilers)?;
            all_ok &= ok && fits;
        }
    }
    if args.check {
        println!(
            "{}",
            if all_ok {
                "bundle check: all bundles compile alone and pass their samples"
            } else {
                "bundle check: FAILED"
            }
        );
    }
    Ok(all_ok)
}

fn check_one(root: &Path, problem: &Problem, path: &Path, compilers: &[Compiler]) -> Result<bool> {
    let mut ok = true;
    for result in check_bundle(root, problem, path, compilers)? {
        let passed = result.samples.iter().filter(|s| s.verdict.passed()).count();
        let slowest = result
            .samples
            .iter()
            .map(|s| s.outcome.wall)
            .max()
            .unwrap_or_default();
        println!(
            "  {}: compiled in {:.1}s; samples {passed}/{} AC; slowest {:.1} ms",
            result.version,
            result.compile_time.as_secs_f64(),
            result.samples.len(),
            slowest.as_secs_f64() * 1000.0
        );
        if result.samples.is_empty() {
            println!("    FAIL: no samples in samples/{}", problem.name);
            ok = false;
        }
        for s in result.samples.iter().filter(|s| !s.verdict.passed()) {
            ok = false;
            println!(
                "    {} on sample {}: got {:?}",
                s.verdict, s.sample.name, s.outcome.stdout
            );
            if !s.outcome.stderr.is_empty() {
                println!(
                    "      stderr: {}",
                    s.outcome.stderr.lines().next().unwrap_or("")
                );
            }
        }
    }
    Ok(ok)
}
