//! `scripts/sample-diff`: run samples like the judge does and show readable verdicts.

// The doc comments below are also clap's --help text, where `<id>` and a bare URL are meant
// literally; rustdoc would read them as HTML and links.
#![allow(rustdoc::invalid_html_tags, rustdoc::bare_urls)]

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::builder::TypedValueParser;
use clap::Parser;
use judge_cli::bundle::{write, Options};
use judge_cli::check::{floor_compiler_path, Compiler};
use judge_cli::cli::{emit, enter_user_dir, exit_status};
use judge_cli::problems::{discover, select_many, workspace_root, Problem};
use judge_cli::sample_diff::{render_problem, run_cases, CaseResult, Show, Style};
use judge_cli::samples;
use judge_runner::{Checker, Compare};
use judge_runner::{Limits, Program, DEFAULT_OUTPUT_LIMIT_MB};

/// Run samples through what you would submit (by default each problem's bundled single file,
/// compiled like the judge does) under the judge's limits, and show verdicts and diffs.
///
/// Limits are enforced like Baekjoon's: CPU time (user + system, of every process the program
/// starts) decides TLE; memory is capped at the limit (MLE): where the machine has a memory
/// cgroup, on the resident memory of all the run's processes (memory reserved but never touched
/// is free), elsewhere on the address space; output is capped (OLE); the stack may grow up to
/// the memory limit (whatever `ulimit -s` says, as deep recursion passes on the judge); where
/// the machine has a pids cgroup, a run holds at most 256 processes and threads at once (past
/// that, fork fails: a fork bomb ends in TLE within seconds). Every run is killed whole when it
/// ends. The peak memory shown is the program's own (as
/// /usr/bin/time reports it; that of processes it starts is polled, so a lower bound).
///
/// Verdicts: AC, WA, PE (only whitespace differs beyond what the rule forgives), TLE, MLE, OLE,
/// RE, NO-OUT (case without .out), BAD-CASE (case file unreadable). Exit status 0 only when all
/// are AC, 1 when a case failed, 2 when the tool could not run.
#[derive(Parser)]
#[command(
    name = "sample-diff",
    after_help = "Examples:\n  scripts/sample-diff                       # every problem, bundled\n  scripts/sample-diff 3190 --cargo          # the workspace binary, built first\n  scripts/sample-diff 3190 -c 'python3 a.py' --case 1\n  scripts/sample-diff --exe ./a.out --samples my-cases --time-limit-ms 500\n  scripts/sample-diff -c ./sol --samples cases --compare tokens -e 1e-6"
)]
struct Args {
    /// Problems: crate name, unique prefix, bare problem id or a unique part of the name (`snake`) (default: all).
    problems: Vec<String>,
    /// Build the workspace binary (`cargo build --release`) and run exactly what it produced.
    #[arg(long, conflicts_with_all = ["exe", "command"])]
    cargo: bool,
    /// Compiler for the bundle (default: the judge floor /usr/bin/rustc or $JUDGE_RUSTC if
    /// present, else `rustc`).
    #[arg(long, value_name = "PATH")]
    rustc: Option<PathBuf>,
    /// Run this executable instead of a problem's (on --samples, or on the named problem's).
    #[arg(long, value_name = "PATH", conflicts_with = "command")]
    exe: Option<PathBuf>,
    /// Run this shell command instead (e.g. 'python3 a.py'), in its own process group.
    #[arg(short = 'c', long, value_name = "CMD")]
    command: Option<String>,
    /// Folder of <case>.in/<case>.out (default: the problem's samples/<crate>/).
    #[arg(short = 'd', long, value_name = "DIR")]
    samples: Option<PathBuf>,
    /// Run only these cases (file stems, e.g. `1` or `empty-field`); repeatable.
    #[arg(long = "case", value_name = "NAME", allow_hyphen_values = true)]
    cases: Vec<String>,
    /// CPU time limit per case in milliseconds (default: the problem's, else 1000).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    time_limit_ms: Option<u64>,
    /// Memory limit in MiB, 1 to 1048576 (default: the problem's, else 256).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    memory_limit_mb: Option<u64>,
    /// Output limit in MiB, 1 to 1048576.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_OUTPUT_LIMIT_MB,
          value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    output_limit_mb: u64,
    /// Comparison rule (default: the problem's `compare`, else baekjoon).
    #[arg(long, value_name = "RULE",
          value_parser = clap::builder::PossibleValuesParser::new(Compare::ALL.map(Compare::name))
              .try_map(|name: String| judge_runner::parse_compare(&name)))]
    compare: Option<Compare>,
    /// Accept numbers within this absolute or relative error (tokens compared, e.g. 1e-6).
    #[arg(short = 'e', long, value_name = "ERROR", value_parser = parse_error,
          allow_negative_numbers = true)]
    error: Option<f64>,
    /// Special judge: a shell command run as `CMD INPUT EXPECTED ACTUAL`; exit status 0 accepts.
    #[arg(long, value_name = "CMD")]
    judge_command: Option<String>,
    /// Show the input of every failed case.
    #[arg(long)]
    show_input: bool,
    /// Parallel cases (1 = one at a time). CPU time decides TLE, so verdicts do not depend on it.
    #[arg(short = 'j', long, default_value_t = judge_cli::cli::default_jobs(),
          value_parser = clap::value_parser!(u64).range(1..256))]
    jobs: u64,
    /// Machine-readable results on stdout.
    #[arg(long)]
    json: bool,
    /// No colours (also when NO_COLOR is set or stdout is not a terminal).
    #[arg(long)]
    no_color: bool,
}

fn parse_error(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(e) if e.is_finite() && e >= 0.0 => Ok(e),
        _ => Err(format!("`{text}` is not a non-negative number (e.g. 1e-6)")),
    }
}

fn main() -> ExitCode {
    judge_cli::cli::quiet_when_stdout_closes();
    let args = Args::parse();
    exit_status("sample-diff", enter_user_dir().and_then(|()| run(&args)))
}

/// One block of the report: a program on a folder of cases.
struct Report {
    title: String,
    name: String,
    limits: Limits,
    results: Vec<CaseResult>,
    /// Why there are no results, when there are none.
    note: Option<String>,
}

impl Args {
    fn limits(&self, problem: Option<&Problem>) -> Limits {
        let time = self
            .time_limit_ms
            .or(problem.map(|p| p.judge.time_limit_ms))
            .unwrap_or(1000);
        let memory = self
            .memory_limit_mb
            .or(problem.map(|p| p.judge.memory_limit_mb))
            .unwrap_or(256);
        Limits {
            output_bytes: self.output_limit_mb << 20,
            ..Limits::judge(Duration::from_millis(time), memory)
        }
    }

    fn checker(&self, problem: Option<&Problem>) -> Checker {
        Checker {
            compare: self
                .compare
                .or(problem.map(|p| p.judge.compare))
                .unwrap_or_default(),
            error: self.error,
            judge_command: self.judge_command.clone(),
        }
    }

    /// The user's own program, when given (`--exe` or `-c`).
    fn own_program(&self) -> Result<Option<Program>> {
        if let Some(exe) = &self.exe {
            let path = std::path::absolute(exe)?;
            if path.is_dir() {
                bail!("--exe {}: a folder, not a program", exe.display());
            }
            if !path.is_file() {
                bail!("--exe {}: no such file", exe.display());
            }
            return Ok(Some(Program::Exe(path)));
        }
        Ok(self.command.clone().map(Program::Shell))
    }
}

fn run(args: &Args) -> Result<bool> {
    let style = Style {
        color: !args.no_color
            && !args.json
            && std::env::var_os("NO_COLOR").is_none()
            && std::io::stdout().is_terminal(),
    };
    let own = args.own_program()?;
    let reports = match (&own, &args.samples, args.problems.is_empty()) {
        (Some(program), Some(dir), true) => {
            vec![run_folder(args, program, dir, None, &program.describe())?]
        }
        (None, Some(_), true) => bail!("--samples needs a program: --exe PATH or -c CMD"),
        _ => problem_reports(args, own.as_ref())?,
    };
    let cases: Vec<&CaseResult> = reports.iter().flat_map(|r| &r.results).collect();
    let passed = cases.iter().filter(|c| c.verdict.passed()).count();
    let failed = cases.len() - passed;
    let empty = reports.iter().filter(|r| r.note.is_some()).count();
    let text = if args.json {
        let problems: Vec<serde_json::Value> = reports
            .iter()
            .map(|r| {
                serde_json::json!({ "problem": r.name, "program": r.title, "note": r.note, "cases": r.results })
            })
            .collect();
        let doc = serde_json::json!({ "problems": problems, "passed": passed, "failed": failed });
        format!("{}\n", serde_json::to_string_pretty(&doc)?)
    } else {
        let mut text = String::new();
        for r in &reports {
            let show = Show {
                style,
                input: args.show_input,
                limits: r.limits,
            };
            text.push_str(&render_problem(&r.title, &r.results, &show));
            if let Some(note) = &r.note {
                text.push_str(&format!("  {note}\n"));
            }
        }
        text.push_str(&format!("{passed} passed, {failed} failed\n"));
        text
    };
    emit(&text)?;
    Ok(failed == 0 && empty == 0)
}

/// Runs `program` on the cases in `dir` under the limits and rule of `problem` (or the flags).
fn run_folder(
    args: &Args,
    program: &Program,
    dir: &Path,
    problem: Option<&Problem>,
    how: &str,
) -> Result<Report> {
    let limits = args.limits(problem);
    let checker = args.checker(problem);
    let name = problem.map_or_else(|| dir.display().to_string(), |p| p.name.clone());
    if !checker.judges_answers() {
        eprintln!("{}", Checker::unjudged_note(&name));
    }
    let cases = samples::select(samples::load(dir)?, &args.cases)?;
    let note = cases.is_empty().then(|| samples::no_cases(dir));
    let results = run_cases(program, &cases, limits, &checker, args.jobs as usize)?;
    let title = format!(
        "{} ({how}; limits {} ms CPU, {} MiB)",
        problem.map_or_else(|| dir.display().to_string(), |p| p.name.clone()),
        limits.cpu.as_millis(),
        limits.memory_bytes >> 20
    );
    Ok(Report {
        title,
        name: problem.map_or_else(|| program.describe(), |p| p.name.clone()),
        limits,
        results,
        note,
    })
}

fn problem_reports(args: &Args, own: Option<&Program>) -> Result<Vec<Report>> {
    let root = workspace_root();
    let problems = discover(&root)?;
    let chosen = select_many(&problems, &args.problems, false)?;
    let compiler = if args.cargo || own.is_some() {
        None
    } else {
        Some(pick_compiler(args.rustc.as_deref())?)
    };
    let mut reports = Vec::new();
    for problem in chosen {
        let (program, how) = match (own, &compiler) {
            (Some(program), _) => (program.clone(), program.describe()),
            (None, Some(c)) => (
                Program::Exe(compile_bundle(&root, problem, c)?),
                format!("bundle, {}", c.version),
            ),
            (None, None) => (
                Program::Exe(judge_cli::cargo::build_release(
                    &root.join("Cargo.toml"),
                    &problem.name,
                    &problem.name,
                )?),
                "cargo build --release".to_string(),
            ),
        };
        let dir = args
            .samples
            .clone()
            .unwrap_or_else(|| problem.samples_dir(&root));
        reports.push(run_folder(args, &program, &dir, Some(problem), &how)?);
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
    let shown = source.strip_prefix(root).unwrap_or(&source);
    let out_dir = root.join("target/sample-diff").join(&problem.name);
    compiler
        .compile_in(shown, root, &out_dir)?
        .into_exe(compiler, shown)
}
