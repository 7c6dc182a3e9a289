//! Building a workspace binary with cargo and finding exactly the executable that build produced.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

/// The `executable` of the `compiler-artifact` message for binary `bin`, from the JSON lines
/// cargo prints with `--message-format=json`.
pub fn executable_from_messages(messages: &str, bin: &str) -> Option<PathBuf> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == bin)
        .filter_map(|m| m["executable"].as_str().map(PathBuf::from))
        .next_back()
}

/// Runs `cargo build --release -p <package> --bin <bin>` for the workspace at `manifest` and
/// returns the executable cargo reports (so `CARGO_TARGET_DIR` and every other setting are
/// honoured, and a stale binary is never picked up). Cargo's own diagnostics go to stderr.
pub fn build_release(manifest: &Path, package: &str, bin: &str) -> Result<PathBuf> {
    build_release_with_features(manifest, package, bin, &[])
}

/// [`build_release`] with these features of the package turned on.
pub fn build_release_with_features(
    manifest: &Path,
    package: &str,
    bin: &str,
    features: &[&str],
) -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--message-format=json-render-diagnostics",
        ])
        .arg("--manifest-path")
        .arg(manifest)
        .args(["--quiet", "-p", package, "--bin", bin])
        .args(features.iter().flat_map(|f| ["--features", f]))
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo build")?;
    if !out.status.success() {
        bail!("cargo build -p {package} --bin {bin} failed");
    }
    let messages = String::from_utf8_lossy(&out.stdout);
    executable_from_messages(&messages, bin)
        .with_context(|| format!("cargo built {package} but reported no executable for {bin}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_executable_comes_from_the_artifact_message_of_that_binary() {
        let messages = r#"{"reason":"compiler-artifact","target":{"name":"grid-core"},"executable":null}
{"reason":"compiler-artifact","target":{"name":"p"},"executable":"/t/release/p"}
{"reason":"build-finished","success":true}"#;
        assert_eq!(
            executable_from_messages(messages, "p"),
            Some(PathBuf::from("/t/release/p"))
        );
        assert_eq!(executable_from_messages(messages, "q"), None);
    }
}
