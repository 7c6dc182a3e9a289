//! A workspace of its own for crates the scaffold makes.

use std::path::{Path, PathBuf};

use judge_cli::bench_history::target_dir;
use judge_cli::problems::workspace_root;

/// A temporary workspace with no problem yet: the real grid-core (also linked beside `crates/`,
/// where the tools look for it), sample-check and problem-harness by path, and the real
/// workspace's profiles, lints and Cargo.lock. The profiles matter: without them the
/// dependencies were built with full debug info, which took most of the time. Warnings of its
/// own crates are denied by its `[workspace.lints]`.
pub fn scaffold_workspace() -> tempfile::TempDir {
    let root = workspace_root();
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    std::fs::create_dir(ws.join("crates")).unwrap();
    std::os::unix::fs::symlink(root.join("grid-core"), ws.join("grid-core")).unwrap();
    let real: toml::Table = std::fs::read_to_string(root.join("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let path = |p: &str| toml::Value::String(root.join(p).display().to_string());
    let mut dependencies = toml::Table::new();
    for (name, folder) in [
        ("grid-core", "grid-core"),
        ("sample-check", "crates/sample-check"),
        ("problem-harness", "crates/problem-harness"),
    ] {
        let mut dependency = toml::Table::new();
        dependency.insert("path".into(), path(folder));
        dependencies.insert(name.into(), dependency.into());
    }
    let mut lints = real["workspace"]["lints"].as_table().unwrap().clone();
    lints["rust"]
        .as_table_mut()
        .unwrap()
        .insert("warnings".into(), "deny".into());
    let mut manifest: toml::Table = "[workspace]\nresolver = \"2\"\nmembers = [\"crates/*\"]\n\n\
         [workspace.package]\nedition = \"2021\"\nlicense = \"MIT\"\n"
        .parse()
        .unwrap();
    let workspace = manifest["workspace"].as_table_mut().unwrap();
    workspace.insert("dependencies".into(), dependencies.into());
    workspace.insert("lints".into(), lints.into());
    manifest.insert("profile".into(), real["profile"].clone());
    std::fs::write(ws.join("Cargo.toml"), toml::to_string(&manifest).unwrap()).unwrap();
    std::fs::copy(root.join("Cargo.lock"), ws.join("Cargo.lock")).unwrap();
    dir
}

/// Where the scaffolded crates are built: a folder of the workspace's target. Not the
/// workspace's own builds: there cargo resolves the features of the shared dependencies over
/// every crate (clap's, serde's), so criterion and its tree would be built a second time
/// among them anyway. The two tests that scaffold share it.
pub fn scaffold_target() -> PathBuf {
    target_dir(&workspace_root())
        .unwrap()
        .join("scaffold-check")
}

/// `cargo test --offline -q ARGS` in `ws`, in [`scaffold_target`].
pub fn cargo_test(ws: &Path, args: &[&str]) -> std::process::Output {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    std::process::Command::new(cargo)
        .current_dir(ws)
        .env("CARGO_TARGET_DIR", scaffold_target())
        .args(["test", "--offline", "-q"])
        .args(args)
        .output()
        .unwrap()
}
