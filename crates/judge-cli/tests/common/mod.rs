//! What several tool tests share: a throwaway copy of the fixture workspace, so that the tools
//! are tried on problems made for the purpose rather than on the workspace's real ones, and a
//! workspace for crates the scaffold makes.

// Each test binary that includes this module uses part of it.
#![allow(dead_code)]

pub mod scaffold;

use std::path::Path;

/// A copy of `tests/fixtures/bundle` (a workspace of its own: a mini grid-core and one problem
/// crate per construct, each with samples) in a temporary folder.
pub fn fixture_workspace() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bundle");
    copy_tree(&fixtures, tmp.path());
    tmp
}

/// Copies the folder `from` into `to`, recursively.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
