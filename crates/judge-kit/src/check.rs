//! Proving a bundle: compile it alone with plain rustc (current and the judge floor), run every
//! sample through each binary, and hold it to the judge's source size limit.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use super::problems::Problem;
use super::run::{judge, run_program, Outcome};
use super::samples::{self, Sample};
use super::verdict::Verdict;

/// Where Debian's `rustc` package (1.63 on Debian 12) puts the judge-floor compiler.
pub const DEBIAN_RUSTC: &str = "/usr/bin/rustc";

/// A rustc to compile bundles with.
#[derive(Clone, Debug)]
pub struct Compiler {
    /// The executable.
    pub path: PathBuf,
    /// Its `--version` line, e.g. `rustc 1.63.0`.
    pub version: String,
}

impl Compiler {
    /// Asks `path` for its version; `None` when it cannot run.
    pub fn probe(path: impl Into<PathBuf>) -> Option<Compiler> {
        let path = path.into();
        let out = Command::new(&path).arg("--version").output().ok()?;
        if !out.status.success() {
            return None;
        }
        let line = String::from_utf8_lossy(&out.stdout);
        let version = line
            .split(" (")
            .next()
            .unwrap_or("rustc")
            .trim()
            .to_string();
        Some(Compiler { path, version })
    }

    /// Compiles one file the way Baekjoon does: `rustc --edition 2021 -O`, nothing else.
    pub fn compile(&self, source: &Path, out_dir: &Path) -> Result<PathBuf> {
        std::fs::create_dir_all(out_dir)?;
        let exe = out_dir.join("main");
        let out = Command::new(&self.path)
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&exe)
            .arg(source)
            .current_dir(out_dir)
            .output()
            .with_context(|| format!("running {}", self.path.display()))?;
        if !out.status.success() {
            bail!(
                "{} could not compile {}:\n{}",
                self.version,
                source.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Ok(exe)
    }
}

/// Where the judge-floor compiler is looked for: `$JUDGE_RUSTC`, else Debian's `/usr/bin/rustc`.
pub fn floor_compiler_path() -> PathBuf {
    std::env::var_os("JUDGE_RUSTC").map_or_else(|| PathBuf::from(DEBIAN_RUSTC), PathBuf::from)
}

/// The compilers a check uses: the current `rustc` on PATH and the judge floor (`$JUDGE_RUSTC`,
/// else Debian's `/usr/bin/rustc`). A missing floor compiler is an error under `CI=true` and a
/// loud warning elsewhere.
pub fn compilers() -> Result<Vec<Compiler>> {
    let current = Compiler::probe("rustc").context("no `rustc` on PATH")?;
    let floor_path = floor_compiler_path();
    let mut list = vec![current];
    match Compiler::probe(&floor_path) {
        Some(floor) => list.push(floor),
        None => {
            let message = format!(
                "the judge-floor compiler {} is missing: install it with `apt-get install -y --no-install-recommends rustc` (Debian 12: rustc 1.63) or set JUDGE_RUSTC",
                floor_path.display()
            );
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                bail!("{message}");
            }
            eprintln!("WARNING: {message}; checking with the current rustc only");
        }
    }
    Ok(list)
}

/// One sample run through one compiled bundle.
#[derive(Clone, Debug)]
pub struct SampleResult {
    /// The sample.
    pub sample: Sample,
    /// What the program did.
    pub outcome: Outcome,
    /// The judge's verdict.
    pub verdict: Verdict,
}

/// What one compiler made of a bundle.
#[derive(Clone, Debug)]
pub struct CompilerResult {
    /// The compiler's version line.
    pub version: String,
    /// How long compiling took.
    pub compile_time: Duration,
    /// Every sample's result.
    pub samples: Vec<SampleResult>,
}

/// Compiles `source_path` with each compiler in a fresh temporary folder and runs every sample
/// of `problem` through the result with the judge's limits.
pub fn check_bundle(
    root: &Path,
    problem: &Problem,
    source_path: &Path,
    compilers: &[Compiler],
) -> Result<Vec<CompilerResult>> {
    let samples = samples::load(&problem.samples_dir(root))?;
    let time_limit = Duration::from_millis(problem.judge.time_limit_ms);
    let memory_kib = problem.judge.memory_limit_mb * 1024;
    let mut results = Vec::new();
    for compiler in compilers {
        let dir = tempfile::tempdir()?;
        let alone = dir.path().join("main.rs");
        std::fs::copy(source_path, &alone)?;
        let start = Instant::now();
        let exe = compiler.compile(&alone, dir.path())?;
        let compile_time = start.elapsed();
        let mut runs = Vec::new();
        for sample in &samples {
            let outcome = run_program(&exe, sample.input.as_bytes(), time_limit)?;
            let verdict = judge(&outcome, sample.expected.as_deref(), time_limit, memory_kib);
            runs.push(SampleResult {
                sample: sample.clone(),
                outcome,
                verdict,
            });
        }
        results.push(CompilerResult {
            version: compiler.version.clone(),
            compile_time,
            samples: runs,
        });
    }
    Ok(results)
}
