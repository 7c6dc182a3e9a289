//! `scripts/new`: scaffold a new problem: `crates/<site>-<id>-<slug>/` and `samples/<...>/`.

// The doc comments below are also clap's --help text, where `<id>` and a bare URL are meant
// literally; rustdoc would read them as HTML and links.
#![allow(rustdoc::invalid_html_tags, rustdoc::bare_urls)]

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, ValueEnum};
use judge_cli::cli::exit_status;
use judge_cli::page::{self, Source};
use judge_cli::problems::{workspace_root, Site};
use judge_cli::scaffold::{create, update_lockfile, Spec};

/// Create a new problem crate (Cargo.toml with its judge facts, src/lib.rs with the parse /
/// solve / format shape and a Scanner example, a thin src/main.rs, tests) and its samples folder,
/// then record it in Cargo.lock. Every tool finds it from then on; nothing else needs editing.
///
/// With --from-page (a page saved by a browser, in any encoding it declares) or --fetch, the
/// problem page gives the samples (exactly as shown), the time and memory limits, the title,
/// the address and, when the page says a special judge decides, `compare = "special"`. A page
/// that is not this problem's (empty, a login or bot-check page, another problem) is refused
/// and nothing is written.
#[derive(Parser)]
#[command(
    name = "new",
    after_help = "Examples:\n  scripts/new boj 3190 snake --from-page ~/Downloads/3190.html\n  scripts/new boj 3190 snake --fetch\n  scripts/new programmers 17679 friends-4-block --from-page lesson.html\n  scripts/new programmers 17679 friends-4-block --fetch --url https://school.programmers.co.kr/learn/courses/30/lessons/17679\n  scripts/new boj 3190 snake --sample 1.in 1.out --sample 2.in 2.out\n  scripts/new programmers 12345 some-puzzle --time-limit-ms 10000"
)]
struct Args {
    /// The judge: boj (Baekjoon, stdin) or programmers (a function; the crate reads its literal).
    site: SiteArg,
    /// The judge's problem id.
    id: String,
    /// Lowercase words joined by `-`: the crate is named <site>-<id>-<slug>.
    slug: String,
    /// Time limit (default: the page's, else the site's: 1000 ms on Baekjoon, 10000 ms on
    /// Programmers).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    time_limit_ms: Option<u64>,
    /// Memory limit in MiB (default: the page's, else the site's, 256).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    memory_limit_mb: Option<u64>,
    /// An official sample: its input and expected output files (repeat for more); they are
    /// copied as 1.in/1.out, 2.in/2.out, ... Without any, a placeholder says where they go.
    #[arg(long, num_args = 2, value_names = ["IN", "OUT"])]
    sample: Vec<PathBuf>,
    /// The problem page saved by a browser (HTML): samples, limits, title, address from it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fetch", "sample"])]
    from_page: Option<PathBuf>,
    /// Download the problem page (Baekjoon: https://www.acmicpc.net/problem/<id>;
    /// Programmers: --url, else the lesson's usual address) and read it as --from-page does.
    #[arg(long, conflicts_with = "sample")]
    fetch: bool,
    /// The page to download with --fetch (a Programmers lesson's address).
    #[arg(long, value_name = "URL", requires = "fetch")]
    url: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum SiteArg {
    Boj,
    Programmers,
}

fn main() -> ExitCode {
    judge_cli::cli::quiet_when_stdout_closes();
    exit_status("new", run(Args::parse()).map(|()| true))
}

fn run(args: Args) -> Result<()> {
    let root = workspace_root();
    judge_cli::cli::enter_user_dir()?;
    let user_dir = std::env::current_dir().context("reading the current folder")?;
    let site = match args.site {
        SiteArg::Boj => Site::Baekjoon,
        SiteArg::Programmers => Site::Programmers,
    };
    let source = match (&args.from_page, args.fetch) {
        (Some(file), _) => Some(Source::File(user_dir.join(file))),
        (None, true) => Some(Source::fetch(site, &args.id, args.url.as_deref())),
        (None, false) => None,
    };
    // The page is read whole before anything is written.
    let page = source
        .as_ref()
        .map(|source| page::load(site, &args.id, source))
        .transpose()?;
    let samples = args
        .sample
        .chunks(2)
        .map(|pair| (user_dir.join(&pair[0]), user_dir.join(&pair[1])))
        .collect();
    let spec = Spec {
        site,
        id: args.id,
        slug: args.slug,
        time_limit_ms: args.time_limit_ms,
        memory_limit_mb: args.memory_limit_mb,
        samples,
        page,
    };
    let created = create(&root, &spec)?;
    update_lockfile(&root)?;
    let name = spec.name();
    if let (Some(source), Some(page)) = (&source, &spec.page) {
        println!("read {source}: {}", page::summary(page));
    }
    println!("created {}", created.crate_dir.display());
    if created.samples == 0 {
        println!(
            "created {} (no samples yet: see PLACEHOLDER.md there)",
            created.samples_dir.display()
        );
    } else {
        println!(
            "created {} with {} sample(s)",
            created.samples_dir.display(),
            created.samples
        );
    }
    if spec.page.as_ref().is_some_and(|p| p.special_judge) {
        println!(
            "note: a special judge decides this problem (compare = \"special\"): its outputs are \
             not judged by text; give scripts/sample-diff {name} --judge-command CMD a checker"
        );
    }
    println!("next: write the rules in crates/{name}/src/lib.rs, then");
    println!("  cargo test -p {name}          # its rules and samples");
    println!(
        "  scripts/bundle --check {}      # the file you submit, proven",
        spec.id
    );
    Ok(())
}
