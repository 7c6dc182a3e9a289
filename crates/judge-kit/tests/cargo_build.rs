//! `--cargo` judges exactly what cargo just built: after an edit, the edited code.

use std::path::Path;

use judge_kit::cargo::build_release;
use judge_kit::run::{run, Limits, Program};

fn write_crate(dir: &Path, answer: u32) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/main.rs"),
        format!("fn main() {{\n    println!(\"{answer}\");\n}}\n"),
    )
    .unwrap();
}

#[test]
fn after_an_edit_the_edited_code_is_built_and_run_from_the_target_dir_cargo_uses() {
    let tmp = tempfile::tempdir().unwrap();
    let krate = tmp.path().join("tiny");
    let target = tmp.path().join("elsewhere");
    // This test binary is the only user of the variable in its process.
    std::env::set_var("CARGO_TARGET_DIR", &target);
    let limits = Limits::judge(std::time::Duration::from_secs(5), 256);
    let manifest = krate.join("Cargo.toml");
    let mut seen = Vec::new();
    for answer in [3, 4] {
        write_crate(&krate, answer);
        let exe = build_release(&manifest, "tiny", "tiny").unwrap();
        assert!(
            exe.starts_with(&target),
            "{} not under CARGO_TARGET_DIR",
            exe.display()
        );
        let outcome = run(&Program::Exe(exe), b"", &limits).unwrap();
        seen.push(outcome.stdout);
    }
    assert_eq!(seen, ["3\n", "4\n"]);
}
