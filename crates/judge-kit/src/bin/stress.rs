//! `scripts/stress`: every solution against an independent reference on generated inputs.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use judge_kit::cli::exit_status;
use judge_kit::problems::{discover, select_many, workspace_root};
use judge_kit::stress::{run_named, short_hash, worst, Failure, PROBLEMS};

/// Run each problem's real solution (in-process, through its library) against an independent,
/// plainly written reference on random valid inputs, in parallel. The first disagreement (or
/// panic) is shrunk to a small case, printed with the seed, saved as
/// samples/<crate>/stress-<hash>.in/.out (the reference's answer), and the run exits 1.
#[derive(Parser)]
#[command(
    name = "stress",
    after_help = "Examples:\n  scripts/stress --all --cases 100000\n  scripts/stress 2048 --size 20 --seed 7\n  scripts/stress 17837 -j 1"
)]
struct Args {
    /// Problems: crate name, unique prefix or bare problem id.
    problems: Vec<String>,
    /// Every problem.
    #[arg(long)]
    all: bool,
    /// Cases per problem.
    #[arg(long, default_value_t = 10_000)]
    cases: u64,
    /// Seed: the same seed gives the same cases on any machine.
    #[arg(long, default_value_t = 20_261_130)]
    seed: u64,
    /// Board-size knob (largest side generated); default: each problem's own.
    #[arg(long)]
    size: Option<usize>,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
    /// Do not save a failing case under samples/.
    #[arg(long)]
    no_save: bool,
    /// Print the problem's worst known valid input (what the benchmarks use) and exit.
    #[arg(long)]
    worst: bool,
}

fn main() -> ExitCode {
    exit_status("stress", run(&Args::parse()))
}

fn run(args: &Args) -> Result<bool> {
    if !args.all && args.problems.is_empty() {
        bail!(
            "name a problem or pass --all (known problems: {})",
            PROBLEMS.join(", ")
        );
    }
    if let Some(jobs) = args.jobs {
        rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build_global()?;
    }
    let root = workspace_root();
    let problems = discover(&root)?;
    let chosen = select_many(&problems, &args.problems, args.all)?;
    if args.worst {
        for problem in chosen {
            match worst::for_problem(&problem.name) {
                Some(input) => print!("{input}"),
                None => bail!("{} has no worst-input search yet", problem.name),
            }
        }
        return Ok(true);
    }
    let mut all_ok = true;
    for problem in chosen {
        let bar = ProgressBar::new(args.cases);
        bar.set_style(
            ProgressStyle::with_template(
                "{prefix:32} [{bar:30}] {pos}/{len} cases, {per_sec}, eta {eta}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar.set_prefix(problem.name.clone());
        let progress = |n: u64| bar.set_position(n);
        let Some(named) = run_named(&problem.name, args.cases, args.seed, args.size, &progress)
        else {
            bail!("{} has no stress generator and reference yet", problem.name);
        };
        bar.finish_and_clear();
        let report = &named.report;
        let secs = report.elapsed.as_secs_f64();
        let rate = report.cases as f64 / secs.max(1e-9);
        match &report.failure {
            None => {
                println!(
                    "{}: {} cases agree (seed {}, size {}) in {secs:.2} s, {rate:.0} cases/s",
                    problem.name, report.cases, args.seed, named.size
                );
                println!("  answers seen: {}", answer_spread(&report.answers));
            }
            Some(failure) => {
                all_ok = false;
                print_failure(&problem.name, failure, args.seed, named.size);
                if !args.no_save {
                    save(&problem.samples_dir(&root), failure)?;
                }
            }
        }
    }
    println!(
        "{}",
        if all_ok {
            "stress: no disagreement"
        } else {
            "stress: FAILED"
        }
    );
    Ok(all_ok)
}

/// The most common answers with their counts, then how many distinct answers there were.
fn answer_spread(answers: &std::collections::BTreeMap<String, u64>) -> String {
    let mut by_count: Vec<(&String, &u64)> = answers.iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
    let top: Vec<String> = by_count
        .iter()
        .take(8)
        .map(|(a, n)| format!("{a} x{n}"))
        .collect();
    format!("{} ({} distinct)", top.join(", "), answers.len())
}

fn print_failure(name: &str, failure: &Failure, seed: u64, size: usize) {
    println!(
        "{name}: DISAGREEMENT on case {} (seed {seed}, size {size}); shrunk from {} to {} bytes",
        failure.case_index,
        failure.shrunk_from,
        failure.input.len()
    );
    println!("--- input\n{}", failure.input.trim_end());
    println!("--- reference\n{}", failure.expected.trim_end());
    println!("--- solution\n{}", failure.actual.trim_end());
    println!("--- rerun: scripts/stress {name} --seed {seed} --size {size}");
}

fn save(dir: &Path, failure: &Failure) -> Result<()> {
    std::fs::create_dir_all(dir)?;
    let stem = format!("stress-{}", short_hash(&failure.input));
    std::fs::write(dir.join(format!("{stem}.in")), &failure.input)?;
    std::fs::write(dir.join(format!("{stem}.out")), &failure.expected)?;
    println!(
        "saved as {}/{stem}.in and .out (the reference's answer)",
        dir.display()
    );
    Ok(())
}
