//! `run-tests`: the workspace's test binaries and doctests, a few at a time, each reported in one
//! line as it ends (what `scripts/test` runs instead of a plain `cargo test`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use clap::Parser;
use judge_cli::cli::{default_jobs, exit_status};
use judge_cli::problems::workspace_root;
use judge_cli::test_pool::{build, read_times, run_pool, write_times, Finished, Job, TestBinary};

/// Build every test binary `cargo test <CARGO_ARGS> --no-run` makes, then run them (and `cargo
/// test --doc <CARGO_ARGS>`) a few at a time, each in its package's folder as cargo would. The
/// slowest of the previous run start first. A failing binary's whole output is printed; the
/// last line counts binaries and tests. Exit status 1 when anything failed.
#[derive(Parser)]
#[command(
    name = "run-tests",
    after_help = "Example:\n  run-tests --again runner --again-env JUDGE_KIT_NO_CGROUP=1 -- --workspace --all-features --locked"
)]
struct Args {
    /// Test binaries run at once (default: one per core).
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: Option<u64>,
    /// A test target run after the others with nothing beside it, for tests that need the
    /// machine to themselves: its name (`runner`) or `package/name`. May be repeated.
    #[arg(long, value_name = "TARGET")]
    alone: Vec<String>,
    /// A test target run a second time, beside the others, with the `--again-env` variables
    /// set (the runner's tests without cgroups): its name or `package/name`. May be repeated.
    #[arg(long, value_name = "TARGET", requires = "again_env")]
    again: Vec<String>,
    /// A variable (`NAME=VALUE`) set for the second runs of the `--again` targets. May be
    /// repeated.
    #[arg(long, value_name = "NAME=VALUE", value_parser = name_value, requires = "again")]
    again_env: Vec<(String, String)>,
    /// Also build the bench targets and run each once, as `cargo test --benches` does
    /// (criterion's test mode: every bench once, nothing measured).
    #[arg(long)]
    benches: bool,
    /// What cargo is given to build (and to run the doctests).
    #[arg(last = true, value_name = "CARGO_ARGS")]
    cargo_args: Vec<String>,
}

/// `NAME=VALUE` as its two sides.
fn name_value(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.to_string(), value.to_string())),
        _ => Err(format!("expected NAME=VALUE, found `{text}`")),
    }
}

fn main() -> ExitCode {
    judge_cli::cli::quiet_when_stdout_closes();
    exit_status("run-tests", run(&Args::parse()))
}

fn run(args: &Args) -> Result<bool> {
    let cargo = PathBuf::from(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    let started = Instant::now();
    let mut build_args = args.cargo_args.clone();
    if args.benches {
        // Naming targets drops cargo's default set, so the default set is named too. `--tests`
        // is every target with `test = true` (the libraries, the binaries that have tests,
        // tests/); `--bins` would also build the binaries marked `test = false`.
        build_args.extend(["--lib", "--tests", "--benches"].map(String::from));
    }
    let binaries = build(&build_args)?;
    if let Some(name) = args
        .again
        .iter()
        .find(|name| !binaries.iter().any(|b| b.is_named(name)))
    {
        anyhow::bail!("--again {name}: no test target of that name was built");
    }
    let (run_twice, once): (Vec<TestBinary>, Vec<TestBinary>) = binaries
        .into_iter()
        .partition(|b| args.again.iter().any(|name| b.is_named(name)));
    let second_runs: Vec<TestBinary> = run_twice
        .iter()
        .map(|b| b.again_with(&args.again_env))
        .collect();
    // With no times from a previous run (a fresh clone), jobs start in this order: the doctests
    // (rustdoc compiling every one, among the longest jobs), then the targets run twice (tests
    // of programs under limits, which mostly wait: started early, they overlap the rest rather
    // than end the run with cores idle), then the others.
    let mut jobs = vec![Job::Doctests(args.cargo_args.clone())];
    jobs.extend(
        run_twice
            .into_iter()
            .chain(second_runs)
            .chain(once)
            .map(Job::Binary),
    );
    let (alone, pooled): (Vec<Job>, Vec<Job>) = jobs
        .into_iter()
        .partition(|job| args.alone.iter().any(|name| job.is_named(name)));
    let times_path = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from)
        .join("run-tests-times.tsv");
    let previous = read_times(&times_path);
    let workers = args.jobs.unwrap_or_else(default_jobs) as usize;
    let total = pooled.len() + alone.len();
    println!(
        "run-tests: {total} jobs, {workers} at a time ({} alone after)",
        alone.len()
    );
    let results = run_pool(
        pooled,
        alone,
        workers,
        &previous,
        &cargo,
        &mut print_finished,
    );
    write_times(&times_path, &results)?;
    let failed: Vec<&Finished> = results.iter().filter(|f| !f.passed).collect();
    let (passed_tests, failed_tests) = results
        .iter()
        .fold((0, 0), |(p, f), r| (p + r.counts.0, f + r.counts.1));
    println!(
        "run-tests: {} of {} binaries passed ({passed_tests} tests passed, {failed_tests} failed) in {:.0} s{}",
        results.len() - failed.len(),
        results.len(),
        started.elapsed().as_secs_f64(),
        if failed.is_empty() {
            String::new()
        } else {
            format!(
                "; failed: {}",
                failed.iter().map(|f| f.label.as_str()).collect::<Vec<_>>().join(", ")
            )
        }
    );
    Ok(failed.is_empty())
}

/// One line per job as it ends; a failure's whole output after it.
fn print_finished(finished: &Finished) {
    let (passed, failed) = finished.counts;
    println!(
        "{:<6} {:>6.1} s  {}  ({passed} passed{})",
        if finished.passed { "ok" } else { "FAILED" },
        finished.took.as_secs_f64(),
        finished.label,
        if failed > 0 {
            format!(", {failed} failed")
        } else {
            String::new()
        }
    );
    if !finished.passed {
        println!("{}", finished.output.trim_end());
        println!("--- end of {}", finished.label);
    }
}
