//! `scripts/samples`: add a problem page's samples to an existing problem.

// The doc comments below are also clap's --help text, where `<id>` and a bare URL are meant
// literally; rustdoc would read them as HTML and links.
#![allow(rustdoc::invalid_html_tags, rustdoc::bare_urls)]

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Parser;
use judge_cli::cli::exit_status;
use judge_cli::page::merge::{add, Added};
use judge_cli::page::{self, Source};
use judge_cli::problems::{discover, select, workspace_root};

/// Add the official samples of a problem's page (saved by a browser, or downloaded) to
/// samples/<problem>/ as 1.in/1.out, 2.in/2.out, ... in the page's order, without touching the
/// cases already there: a sample already present (under any name) is skipped and said, one
/// whose input is there without an output gets its .out; a number holding another of the
/// page's samples is left alone (the sample takes the first free number); a number holding a
/// case the page does not show is refused, with nothing written, unless --force.
#[derive(Parser)]
#[command(
    name = "samples",
    after_help = "Examples:\n  scripts/samples 3190 --from-page ~/Downloads/3190.html\n  scripts/samples snake --fetch\n  scripts/samples friends --fetch --force"
)]
struct Args {
    /// The problem: crate name, unique prefix, bare problem id or a unique part of the name.
    problem: String,
    /// The problem page saved by a browser (HTML, any encoding it declares).
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "fetch",
        required_unless_present = "fetch"
    )]
    from_page: Option<PathBuf>,
    /// Download the page: Baekjoon's problem address, or the problem's `url`.
    #[arg(long)]
    fetch: bool,
    /// Replace a case at the same number that the page does not show.
    #[arg(long)]
    force: bool,
}

fn main() -> ExitCode {
    judge_cli::cli::quiet_when_stdout_closes();
    exit_status("samples", run(Args::parse()).map(|()| true))
}

fn run(args: Args) -> Result<()> {
    let root = workspace_root();
    judge_cli::cli::enter_user_dir()?;
    let user_dir = std::env::current_dir().context("reading the current folder")?;
    let problems = discover(&root)?;
    let problem = select(&problems, &args.problem)?;
    let judge = &problem.judge;
    let source = match &args.from_page {
        Some(file) => Source::File(user_dir.join(file)),
        None => Source::fetch(
            judge.site,
            &judge.problem,
            (judge.site == judge_cli::problems::Site::Programmers).then_some(judge.url.as_str()),
        ),
    };
    let page = page::load(judge.site, &judge.problem, &source)?;
    println!("read {source}: {}", page::summary(&page));
    if page.samples.is_empty() {
        bail!("{source}: the page shows no samples; nothing to add");
    }
    let dir = problem.samples_dir(&root);
    let shown = dir
        .strip_prefix(&root)
        .unwrap_or(&dir)
        .display()
        .to_string();
    for done in add(&dir, &page.samples, args.force)? {
        match done {
            Added::Written(n) => println!("added {shown}/{n}.in, {n}.out"),
            Added::Replaced(n) => println!("replaced {shown}/{n}.in, {n}.out (--force)"),
            Added::Present(n) => println!("skipped a sample already there as {shown}/{n}.in"),
            Added::Completed(n) => {
                println!("added {shown}/{n}.out (its input was there without it)")
            }
        }
    }
    if page.special_judge && judge.compare != judge_runner::Compare::Special {
        println!(
            "note: the page says a special judge decides; set compare = \"special\" in {}'s \
             [package.metadata.judge]",
            problem.name
        );
    }
    Ok(())
}
