//! A problem's own tools binary (`src/bin/tools.rs`, built with its `tools` feature): how the
//! workspace tools reach a problem's stress reference and worst input without depending on it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

use super::cargo::build_release_with_features;
use super::problems::Problem;

/// Builds `problem`'s tools binary in release mode and returns the executable cargo produced
/// (so a stale binary is never run); `None` when the problem has no `tools` feature.
pub fn build(root: &Path, problem: &Problem) -> Result<Option<PathBuf>> {
    if !problem.has_tools {
        return Ok(None);
    }
    build_release_with_features(
        &root.join("Cargo.toml"),
        &problem.name,
        &tools_bin_name(problem),
        &["tools"],
    )
    .map(Some)
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
