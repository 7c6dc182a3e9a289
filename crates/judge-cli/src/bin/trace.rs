//! `scripts/trace`: a problem's simulation step by step, through the problem's own tools binary
//! (built fresh with its `tools` feature; its `trace` subcommand does the drawing).

// The doc comments below are also clap's --help text, where `<id>` and a bare URL are meant
// literally; rustdoc would read them as HTML and links.
#![allow(rustdoc::invalid_html_tags, rustdoc::bare_urls)]

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Context, Result};
use clap::Parser;
use judge_cli::cli::enter_user_dir;
use judge_cli::problems::{discover, select, workspace_root, Problem};
use judge_cli::tools;

/// Show how a problem's solution plays out on one input, step by step, from the same library
/// code that computes its answer: boards in colour on a terminal (plain text when piped or with
/// --no-color), the frames as JSON (--json), or one self-contained HTML page with previous /
/// next / play controls and the arrow keys (--html FILE).
#[derive(Parser)]
#[command(
    name = "trace",
    after_help = "Examples:\n  scripts/trace 3190 1                  # samples/boj-3190-snake/1.in\n  scripts/trace snake 2 --html t.html   # open t.html in a browser\n  scripts/trace 3190 my-case.in --no-color | less\n  scripts/trace boj-3190 --json < case.in"
)]
struct Args {
    /// Problem: crate name, unique prefix, bare problem id or a unique part of the name (`snake`).
    problem: String,
    /// The input: a sample name of the problem (`1` is samples/<crate>/1.in) or a file
    /// (default: stdin).
    input: Option<String>,
    /// Plain text even on a terminal.
    #[arg(long)]
    no_color: bool,
    /// The frames as JSON data.
    #[arg(long, conflicts_with = "html")]
    json: bool,
    /// Write one self-contained HTML page to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

fn main() -> ExitCode {
    judge_cli::cli::quiet_when_stdout_closes();
    let args = Args::parse();
    match enter_user_dir().and_then(|()| run(&args)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("trace: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// The input file meant by `input`: a sample of `problem` when a bare name names one, else a
/// path where the user stands.
fn input_path(root: &Path, problem: &Problem, input: &str) -> Result<PathBuf> {
    let sample = problem.samples_dir(root).join(format!("{input}.in"));
    if !input.contains('/') && sample.is_file() {
        return Ok(sample);
    }
    let path = absolute(Path::new(input))?;
    // Anything readable but a folder: a pipe (`<(cat in)`) and `/dev/stdin` too.
    let readable = path.exists() && !path.is_dir();
    if !readable {
        let mut names: Vec<String> = std::fs::read_dir(problem.samples_dir(root))
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok())
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "in"))
                    .filter_map(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        bail!(
            "`{input}` is neither a file nor a sample of {} (samples: {})",
            problem.name,
            if names.is_empty() {
                "none yet".to_string()
            } else {
                names.join(", ")
            }
        );
    }
    Ok(path)
}

/// `path` made absolute against where the user stands.
fn absolute(path: &Path) -> Result<PathBuf> {
    Ok(std::env::current_dir()
        .context("cannot tell the current folder")?
        .join(path))
}

fn run(args: &Args) -> Result<ExitCode> {
    let root = workspace_root();
    let problems = discover(&root)?;
    let problem = select(&problems, &args.problem)?;
    let input = args
        .input
        .as_deref()
        .map(|i| input_path(&root, problem, i))
        .transpose()?;
    let html = args.html.as_deref().map(absolute).transpose()?;
    let Some(exe) = tools::build(&root, problem)? else {
        eprintln!(
            "{}: no trace yet (no `tools` feature in its Cargo.toml)",
            problem.name
        );
        return Ok(ExitCode::from(2));
    };
    let mut command = Command::new(&exe);
    command.arg("trace");
    command.args(input.iter());
    if args.no_color {
        command.arg("--no-color");
    }
    if args.json {
        command.arg("--json");
    }
    if let Some(html) = html {
        command.arg("--html").arg(html);
    }
    let status = command
        .status()
        .with_context(|| format!("running {}", exe.display()))?;
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(2)),
        None => ExitCode::from(2),
    })
}
