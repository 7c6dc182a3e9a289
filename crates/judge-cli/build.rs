//! One test case per bundle fixture: writes `$OUT_DIR/bundle_fixture_cases.rs`, a `#[test]` for
//! every crate under `tests/fixtures/bundle/crates` with a judge section (a problem), each
//! calling `check_fixture` of `tests/bundle_fixtures.rs`. Every failing fixture is then reported
//! on its own, and libtest runs them on its threads.

use std::path::Path;

fn main() {
    let crates = Path::new("tests/fixtures/bundle/crates");
    println!("cargo:rerun-if-changed={}", crates.display());
    let mut names: Vec<String> = std::fs::read_dir(crates)
        .expect("the bundle fixtures")
        .flatten()
        .filter(|entry| {
            std::fs::read_to_string(entry.path().join("Cargo.toml"))
                .is_ok_and(|manifest| manifest.contains("[package.metadata.judge]"))
        })
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let cases: String = names
        .iter()
        .map(|name| {
            format!(
                "#[test]\nfn {}() {{\n    super::check_fixture({name:?});\n}}\n",
                name.replace('-', "_")
            )
        })
        .collect();
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("bundle_fixture_cases.rs"), cases)
        .expect("writing the fixture cases");
}
