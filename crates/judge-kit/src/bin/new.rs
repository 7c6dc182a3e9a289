//! `scripts/new`: scaffold a new problem: `crates/<site>-<id>-<slug>/` and `samples/<...>/`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, ValueEnum};
use judge_kit::cli::exit_status;
use judge_kit::problems::{workspace_root, Site};
use judge_kit::scaffold::{create, update_lockfile, Spec};

/// Create a new problem crate (Cargo.toml with its judge facts, src/lib.rs with the parse /
/// solve / format shape and a Scanner example, a thin src/main.rs, tests) and its samples folder,
/// then record it in Cargo.lock. Every tool finds it from then on; nothing else needs editing.
#[derive(Parser)]
#[command(
    name = "new",
    after_help = "Examples:\n  scripts/new boj 3190 snake --sample 1.in 1.out --sample 2.in 2.out\n  scripts/new programmers 12345 some-puzzle --time-limit-ms 10000"
)]
struct Args {
    /// The judge: boj (Baekjoon, stdin) or programmers (a function; the crate reads its literal).
    site: SiteArg,
    /// The judge's problem id.
    id: String,
    /// Lowercase words joined by `-`: the crate is named <site>-<id>-<slug>.
    slug: String,
    /// Time limit (default: the site's, 1000 ms on Baekjoon, 10000 ms on Programmers).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    time_limit_ms: Option<u64>,
    /// Memory limit in MiB (default: the site's, 256).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    memory_limit_mb: Option<u64>,
    /// An official sample: its input and expected output files (repeat for more); they are
    /// copied as 1.in/1.out, 2.in/2.out, ... Without any, a placeholder says where they go.
    #[arg(long, num_args = 2, value_names = ["IN", "OUT"])]
    sample: Vec<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum SiteArg {
    Boj,
    Programmers,
}

fn main() -> ExitCode {
    exit_status("new", run(Args::parse()).map(|()| true))
}

fn run(args: Args) -> Result<()> {
    let root = workspace_root();
    judge_kit::cli::enter_user_dir()?;
    let user_dir = std::env::current_dir().context("reading the current folder")?;
    let samples = args
        .sample
        .chunks(2)
        .map(|pair| (user_dir.join(&pair[0]), user_dir.join(&pair[1])))
        .collect();
    let spec = Spec {
        site: match args.site {
            SiteArg::Boj => Site::Baekjoon,
            SiteArg::Programmers => Site::Programmers,
        },
        id: args.id,
        slug: args.slug,
        time_limit_ms: args.time_limit_ms,
        memory_limit_mb: args.memory_limit_mb,
        samples,
    };
    let created = create(&root, &spec)?;
    update_lockfile(&root)?;
    let name = spec.name();
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
    println!("next: write the rules in crates/{name}/src/lib.rs, then");
    println!("  cargo test -p {name}          # its rules and samples");
    println!(
        "  scripts/bundle --check {}      # the file you submit, proven",
        spec.id
    );
    Ok(())
}
