//! A problem's own tools binary (`src/bin/tools.rs`, built with its `tools` feature): how the
//! workspace tools reach a problem's stress reference and worst input without depending on it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

use super::cargo::{build_release_with_features, test_build_executables};
use super::problems::Problem;

/// Which build of a problem's tools binary the tools run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Build {
    /// `cargo build --release` of that binary: the fastest cases per second.
    #[default]
    Release,
    /// The binaries `cargo test --workspace --all-features` builds (debug, overflow checks
    /// on): after the test suite, nothing is compiled again.
    Test,
}

/// Builds `problem`'s tools binary in release mode and returns the executable cargo produced
/// (so a stale binary is never run); `None` when the problem has no `tools` feature.
pub fn build(root: &Path, problem: &Problem) -> Result<Option<PathBuf>> {
    build_as(root, problem, Build::Release)
}

/// [`build`], from the build `how` says.
pub fn build_as(root: &Path, problem: &Problem, how: Build) -> Result<Option<PathBuf>> {
    if !problem.has_tools {
        return Ok(None);
    }
    let manifest = root.join("Cargo.toml");
    let bin = tools_bin_name(problem);
    match how {
        Build::Release => {
            build_release_with_features(&manifest, &problem.name, &bin, &["tools"]).map(Some)
        }
        Build::Test => {
            // One `cargo test --no-run` answers for every problem of this run.
            static BUILT: std::sync::OnceLock<Vec<(String, PathBuf)>> = std::sync::OnceLock::new();
            let built = match BUILT.get() {
                Some(built) => built,
                None => {
                    let listed = test_build_executables(&manifest)?;
                    BUILT.get_or_init(|| listed)
                }
            };
            let exe = built
                .iter()
                .find(|(name, _)| *name == bin)
                .map(|(_, exe)| exe);
            exe.cloned()
                .with_context(|| format!("`cargo test --workspace --all-features` built no {bin}"))
                .map(Some)
        }
    }
}

/// The name of a problem's tools binary: `<crate>-tools`.
pub fn tools_bin_name(problem: &Problem) -> String {
    format!("{}-tools", problem.name)
}

/// The problem's worst valid input, from its tools binary; `None` when it has none.
pub fn worst_input(root: &Path, problem: &Problem) -> Result<Option<String>> {
    let Some(exe) = build(root, problem)? else {
        return Ok(None);
    };
    let out = Command::new(&exe)
        .arg("worst")
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("running {}", exe.display()))?;
    if !out.status.success() {
        bail!("{} worst failed", exe.display());
    }
    Ok(Some(
        String::from_utf8(out.stdout).context("worst input is not UTF-8")?,
    ))
}
