//! `scripts/bench`: a measurement history. Runs the criterion benches (grid-core's and every
//! problem's) and every problem's whole-process figure, saves them under the commit's name, and
//! with `--compare BASE` prints how each figure moved since BASE.

use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Parser;
use judge_cli::bench_history::{
    baseline_name, bench_targets, compare, criterion_home, git_short, git_state, history_dir, load,
    own_workspace_bench_targets, process_figure, render, resolve_base, run_criterion, save,
    saved_names, target_dir, History, DEFAULT_THRESHOLD,
};
use judge_cli::bench_process::Bench;
use judge_cli::cli::{emit, exit_status};
use judge_cli::problems::{discover, select, workspace_root, Problem};

/// Run grid-core's criterion benches (and reference-bench/, what they are measured against, on
/// the same boards), every problem's `benches/solve.rs` and every problem's
/// whole-process figure (scripts/bench-process), and save them all as one baseline named by the
/// commit (short hash, `-dirty` with uncommitted changes): criterion's own baseline
/// (`cargo bench -- --baseline NAME` compares against it) and `<target>/bench-history/NAME.json`.
/// With `--compare BASE`, print a table of every figure: BASE, now, now/BASE, and `SLOWER` or
/// `faster` where the median moved by more than the threshold and the 95% confidence intervals
/// are apart. Flags are information: the exit status is 0 unless the tool could not do its job
/// (2, with one line on stderr: unknown baseline or problem, a bench that failed).
#[derive(Parser)]
#[command(
    name = "bench",
    after_help = "Examples:\n  \
        scripts/bench --quick                      # on main: save the baseline (prints its name)\n  \
        scripts/bench --quick --compare main       # on your branch: measure again and compare\n  \
        scripts/bench grid-core snake --compare 1a2b3c4\n  \
        scripts/bench --no-run --compare 1a2b3c4   # the table again, nothing measured"
)]
struct Args {
    /// What to measure: `grid-core`, or a problem (crate name, unique prefix, bare problem id or a
    /// unique part of the name) (default: grid-core and every problem).
    targets: Vec<String>,
    /// Compare with the baseline saved as BASE: its name, or a commit git knows (`main`, a hash).
    #[arg(long, value_name = "BASE")]
    compare: Option<String>,
    /// Fewer samples and shorter measurement (criterion: 10 samples in 2 s; processes: 20 runs):
    /// minutes instead of much longer, with wider intervals (fewer changes flagged).
    #[arg(long)]
    quick: bool,
    /// Measure nothing; compare the baseline already saved under this run's name with BASE.
    #[arg(long, requires = "compare")]
    no_run: bool,
    /// Save as (or, with --no-run, compare) NAME instead of the commit's name.
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// Percent by which a median must move to be flagged (with the intervals apart).
    #[arg(long, value_name = "PERCENT", default_value_t = DEFAULT_THRESHOLD * 100.0)]
    threshold: f64,
    /// Recorded runs of each process figure (default: 100, or 20 with --quick).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    runs: Option<u64>,
}

/// Names criterion gives its own folders beside the baselines: saving under one would mix them.
const CRITERION_FOLDERS: [&str; 4] = ["new", "base", "change", "report"];

fn main() -> ExitCode {
    judge_cli::cli::quiet_when_stdout_closes();
    let args = Args::parse();
    exit_status("bench", bench(&args).map(|()| true))
}

/// What one run measures: grid-core's benches, and some problems'.
struct Chosen<'a> {
    grid_core: bool,
    problems: Vec<&'a Problem>,
}

fn choose<'a>(problems: &'a [Problem], wanted: &[String]) -> Result<Chosen<'a>> {
    if wanted.is_empty() {
        return Ok(Chosen {
            grid_core: true,
            problems: problems.iter().collect(),
        });
    }
    let mut chosen = Chosen {
        grid_core: false,
        problems: Vec::new(),
    };
    for w in wanted {
        if w == "grid-core" || w == "grid" {
            chosen.grid_core = true;
        } else {
            let problem = select(problems, w)?;
            if !chosen.problems.iter().any(|p| p.name == problem.name) {
                chosen.problems.push(problem);
            }
        }
    }
    Ok(chosen)
}

fn bench(args: &Args) -> Result<()> {
    if !(args.threshold.is_finite() && args.threshold >= 0.0) {
        bail!("--threshold must be a percentage, 0 or more");
    }
    let threshold = args.threshold / 100.0;
    let root = workspace_root();
    let problems = discover(&root)?;
    let chosen = choose(&problems, &args.targets)?;
    let target = target_dir(&root)?;
    let dir = history_dir(&target);

    let (name, commit) = match &args.name {
        Some(name) => (name.clone(), None),
        None => {
            let (short, full, dirty) = git_state(&root)?;
            (baseline_name(&short, dirty), Some(full))
        }
    };
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        bail!("`{name}` cannot name a baseline (it names a file: no `/`, no leading `.`)");
    }
    if CRITERION_FOLDERS.contains(&name.as_str()) {
        bail!("`{name}` cannot name a baseline: criterion uses that folder name itself");
    }

    // The base is found before anything runs, so a typo costs a second, not the whole run.
    let base = match &args.compare {
        Some(wanted) => {
            let saved = saved_names(&dir);
            let resolved = resolve_base(wanted, &saved, git_short(&root, wanted).as_deref())?;
            if resolved == name && !args.no_run {
                bail!(
                    "--compare {wanted}: that is the baseline this run saves (`{name}`), which \
                     it would overwrite; commit first, or save under another name with --name"
                );
            }
            Some(load(&dir, &resolved)?)
        }
        None => None,
    };

    let now = if args.no_run {
        if !saved_names(&dir).contains(&name) {
            bail!("nothing is saved as `{name}` yet: run scripts/bench without --no-run first");
        }
        load(&dir, &name)?
    } else {
        measure(args, &root, &chosen, &target, &name, commit)?
    };

    match base {
        Some(base) => {
            // A run of some crates compares only those; all of them when nothing was named.
            let keep = |crate_name: &str| {
                args.targets.is_empty()
                    || (chosen.grid_core && crate_name == "grid-core")
                    || chosen.problems.iter().any(|p| p.name == crate_name)
            };
            let rows = compare(&base.figures, &now.figures, threshold, &keep);
            emit(&render(&base.name, &now.name, &rows, threshold))?;
            if base.quick || now.quick {
                emit(
                    "(measured with --quick on at least one side: wider intervals, fewer flags)\n",
                )?;
            }
        }
        None => emit(&format!(
            "saved {} figures as `{name}` ({}); after a change: scripts/bench --compare {name}\n",
            now.figures.len(),
            dir.join(format!("{name}.json")).display()
        ))?,
    }
    Ok(())
}

/// Runs everything chosen, saving the history after each crate, so a failure late in a long run
/// keeps what was measured before it.
fn measure(
    args: &Args,
    root: &std::path::Path,
    chosen: &Chosen,
    target: &std::path::Path,
    name: &str,
    commit: Option<String>,
) -> Result<History> {
    let dir = history_dir(target);
    let criterion = criterion_home(target);
    let mut history = match load(&dir, name) {
        // The same name again (a dirty tree measured twice, or other crates of one commit): what
        // is not measured now stays.
        Ok(old) if saved_names(&dir).contains(&name.to_string()) => old,
        _ => History::new(name, commit.clone()),
    };
    history.commit = commit.or(history.commit);
    history.quick |= args.quick;
    eprintln!("bench: saving as `{name}`");

    if chosen.grid_core {
        // grid-core's bench, then what it is measured against (a workspace of its own, so
        // that the test suite never builds the image crates), under the same group names.
        let benches = [
            (
                "grid-core",
                bench_targets(&root.join("grid-core"), "grid-core", &[]),
            ),
            (
                "grid-reference-bench",
                own_workspace_bench_targets(&root.join("reference-bench"), "grid-reference-bench"),
            ),
        ];
        for (package, targets) in benches {
            let mut figures = Vec::new();
            for bench in &targets {
                figures.extend(run_criterion(
                    root, target, &criterion, bench, name, args.quick,
                )?);
            }
            history.replace_crate(package, figures);
            save(&dir, &history)?;
        }
    }
    if chosen.problems.is_empty() {
        return Ok(history);
    }
    let runs = args.runs.unwrap_or(if args.quick { 20 } else { 100 });
    let warmups = if args.quick { 3 } else { 10 };
    let process = Bench::new(&root.join("target/bench-process"))?;
    for problem in &chosen.problems {
        let mut figures = Vec::new();
        if problem.has_tools {
            for bench in bench_targets(&problem.dir, &problem.name, &["tools"]) {
                figures.extend(run_criterion(
                    root, target, &criterion, &bench, name, args.quick,
                )?);
            }
        }
        eprintln!("bench: {} as a whole process ({runs} runs)", problem.name);
        match process.measure(root, problem, warmups, runs)? {
            Some(samples) => figures.push(process_figure(&problem.name, &samples)),
            None => eprintln!(
                "bench: {}: no worst input (no `tools` feature)",
                problem.name
            ),
        }
        history.replace_crate(&problem.name, figures);
        save(&dir, &history)?;
    }
    Ok(history)
}
