//! Building a workspace binary with cargo and finding exactly the executable that build produced.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

/// The `compiler-artifact` messages among the JSON lines cargo prints with
/// `--message-format=json`.
pub fn artifacts(messages: &str) -> impl DoubleEndedIterator<Item = serde_json::Value> + '_ {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact")
}

/// The `executable` of the `compiler-artifact` message for binary `bin`, from the JSON lines
/// cargo prints with `--message-format=json`.
pub fn executable_from_messages(messages: &str, bin: &str) -> Option<PathBuf> {
    artifacts(messages)
        .filter(|m| m["target"]["name"] == bin)
        .filter_map(|m| m["executable"].as_str().map(PathBuf::from))
        .next_back()
}

/// Runs `cargo build --release -p <package> --bin <bin>` for the workspace at `manifest` and
/// returns the executable cargo reports (so `CARGO_TARGET_DIR` and every other setting are
/// honoured). Cargo's own diagnostics go to stderr.
///
/// Cargo decides freshness by modification times, which `cp -p`, `tar` and `rsync -t` carry
/// over: a source put back with an old time is not rebuilt. So the executable's sources (its
/// dep-info) are also compared by content with those it was last built from here; when cargo
/// calls it fresh but they differ (or were never recorded), they are touched and built again, so
/// a stale binary is never run.
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
    let built = cargo_build(manifest, package, bin, features)?;
    let stamp = beside(&built.exe, ".judge-cli-sources");
    let sources = dep_info_sources(&built.exe)?;
    let mut hash = content_hash(&sources);
    let recorded = std::fs::read_to_string(&stamp).ok();
    let mut exe = built.exe;
    if built.fresh && recorded.as_deref() != Some(hash.as_str()) {
        // Built from other contents than these (or from contents never recorded): make cargo
        // see them as new.
        let now = std::time::SystemTime::now();
        for source in &sources {
            if let Ok(file) = std::fs::File::options().append(true).open(source) {
                file.set_modified(now)
                    .with_context(|| format!("touching {}", source.display()))?;
            }
        }
        exe = cargo_build(manifest, package, bin, features)?.exe;
        hash = content_hash(&dep_info_sources(&exe)?);
    }
    if recorded.as_deref() != Some(hash.as_str()) {
        std::fs::write(&stamp, hash).with_context(|| format!("writing {}", stamp.display()))?;
    }
    Ok(exe)
}

/// The binaries `cargo test --workspace --all-features` builds for the workspace at `manifest`,
/// by target name: what the test suite already compiled (debug, overflow checks on), so a tool
/// run after it compiles nothing again. Cargo builds whatever is out of date first.
pub fn test_build_executables(manifest: &Path) -> Result<Vec<(String, PathBuf)>> {
    let mut args: Vec<OsString> = ["--workspace", "--all-features", "--locked", "--quiet"]
        .map(OsString::from)
        .into();
    args.extend(["--manifest-path".into(), manifest.into()]);
    Ok(bin_executables(&test_build_messages(&args)?))
}

/// Runs `cargo test --no-run` with `args` (cargo's diagnostics go to stderr) and returns the
/// JSON messages of what it built: the one test build both the tools and `run-tests` read.
pub fn test_build_messages(args: &[OsString]) -> Result<String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "test",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo test --no-run")?;
    if !out.status.success() {
        let shown: Vec<_> = args.iter().map(|a| a.to_string_lossy()).collect();
        bail!("cargo test --no-run {} failed", shown.join(" "));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The `(name, executable)` of every binary target (not test) in cargo's JSON messages.
fn bin_executables(messages: &str) -> Vec<(String, PathBuf)> {
    artifacts(messages)
        .filter(|m| m["profile"]["test"] == false)
        .filter(|m| {
            m["target"]["kind"]
                .as_array()
                .is_some_and(|k| k.iter().any(|k| k == "bin"))
        })
        .filter_map(|m| {
            let name = m["target"]["name"].as_str()?.to_string();
            Some((name, PathBuf::from(m["executable"].as_str()?)))
        })
        .collect()
}

/// What one `cargo build` made: the executable, and whether cargo found it up to date.
struct Built {
    exe: PathBuf,
    fresh: bool,
}

fn cargo_build(manifest: &Path, package: &str, bin: &str, features: &[&str]) -> Result<Built> {
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
    let exe = executable_from_messages(&messages, bin)
        .with_context(|| format!("cargo built {package} but reported no executable for {bin}"))?;
    let fresh = artifact_is_fresh(&messages, bin);
    Ok(Built { exe, fresh })
}

/// Whether the `compiler-artifact` message for binary `bin` says cargo did not rebuild it.
fn artifact_is_fresh(messages: &str, bin: &str) -> bool {
    artifacts(messages)
        .filter(|m| m["target"]["name"] == bin)
        .filter_map(|m| m["fresh"].as_bool())
        .next_back()
        .unwrap_or(false)
}

/// The file beside `exe` named like it with `suffix` added (`p` and `.d`: `p.d`): cargo's
/// dep-info, and where the content hash of the sources `exe` was built from is kept.
fn beside(exe: &Path, suffix: &str) -> PathBuf {
    let mut name = exe.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    exe.with_file_name(name)
}

/// The source files cargo's dep-info (`<exe>.d`, Makefile syntax) lists for `exe`.
fn dep_info_sources(exe: &Path) -> Result<Vec<PathBuf>> {
    let path = beside(exe, ".d");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("reading cargo's dep-info {}", path.display()))?;
    Ok(parse_dep_info(&text))
}

/// The prerequisites of every rule of a Makefile-syntax dep-info file (`target: a b\ c`), with
/// escaped spaces unescaped, in order.
fn parse_dep_info(text: &str) -> Vec<PathBuf> {
    let mut sources = Vec::new();
    for line in text.lines() {
        let Some((_, deps)) = line.split_once(": ") else {
            continue;
        };
        let mut current = String::new();
        let mut chars = deps.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&' ') => current.push(chars.next().unwrap_or(' ')),
                ' ' => {
                    if !current.is_empty() {
                        sources.push(PathBuf::from(std::mem::take(&mut current)));
                    }
                }
                _ => current.push(c),
            }
        }
        if !current.is_empty() {
            sources.push(PathBuf::from(current));
        }
    }
    sources
}

/// A hash of the paths and contents of `sources` (a missing file counts as empty), as hex.
fn content_hash(sources: &[PathBuf]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for source in sources {
        source.hash(&mut hasher);
        std::fs::read(source).unwrap_or_default().hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
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

    #[test]
    fn the_test_build_lists_binaries_but_not_test_harnesses() {
        let messages = r#"{"reason":"compiler-artifact","target":{"name":"p","kind":["bin"]},"profile":{"test":false},"executable":"/t/debug/p"}
{"reason":"compiler-artifact","target":{"name":"p","kind":["bin"]},"profile":{"test":true},"executable":"/t/debug/deps/p-1"}
{"reason":"compiler-artifact","target":{"name":"rules","kind":["test"]},"profile":{"test":true},"executable":"/t/debug/deps/rules-2"}
{"reason":"compiler-artifact","target":{"name":"q","kind":["lib"]},"profile":{"test":false},"executable":null}"#;
        assert_eq!(
            bin_executables(messages),
            [("p".to_string(), PathBuf::from("/t/debug/p"))]
        );
    }

    #[test]
    fn dep_info_lists_every_prerequisite_with_escaped_spaces_unescaped() {
        let text = "/t/release/p: /w/src/main.rs /w/my\\ dir/lib.rs\n\n/w/src/main.rs:\n";
        assert_eq!(
            parse_dep_info(text),
            [
                PathBuf::from("/w/src/main.rs"),
                PathBuf::from("/w/my dir/lib.rs")
            ]
        );
    }
}
