//! A problem's own tools binary (`src/bin/tools.rs`, built with its `tools` feature): how the
//! workspace tools reach a problem's stress reference and worst input without depending on it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

use super::problems::Problem;

/// Builds `problem`'s tools binary in release mode and returns the executable cargo produced
/// (so a stale binary is never run); `None` when the problem has no `tools` feature.
pub fn build(root: &Path, problem: &Problem) -> Result<Option<PathBuf>> {
    if !problem.has_tools {
        return Ok(None);
    }
    let out = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .current_dir(root)
        .args([
            "build",
            "--release",
            "--quiet",
            "--message-format=json-render-diagnostics",
        ])
        .args(["-p", &problem.name, "--features", "tools", "--bin"])
        .arg(tools_bin_name(problem))
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo build")?;
    if !out.status.success() {
        bail!("cargo could not build the tools of {}", problem.name);
    }
    executable(
        &String::from_utf8_lossy(&out.stdout),
        &tools_bin_name(problem),
    )
    .map(Some)
    .with_context(|| format!("cargo reported no `tools` executable for {}", problem.name))
}

/// The name of a problem's tools binary: `<crate>-tools`.
pub fn tools_bin_name(problem: &Problem) -> String {
    format!("{}-tools", problem.name)
}

/// The `executable` of the last `compiler-artifact` message for the target `target` in cargo's
/// JSON messages.
pub fn executable(messages: &str, target: &str) -> Option<PathBuf> {
    messages
        .lines()
        .rev()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == target)
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_executable_among_cargo_messages() {
        let messages = r#"{"reason":"compiler-artifact","target":{"name":"grid_core"},"executable":null}
{"reason":"compiler-artifact","target":{"name":"tools"},"executable":"/t/release/tools"}
{"reason":"build-finished","success":true}"#;
        assert_eq!(
            executable(messages, "tools"),
            Some(PathBuf::from("/t/release/tools"))
        );
        assert_eq!(executable(messages, "other"), None);
    }
}
