//! `--cargo` judges exactly what cargo just built: after an edit, the edited code.

use std::path::Path;

use judge_cli::cargo::build_release;
use judge_runner::{run, Limits, Program};

/// One test at a time: the first sets `CARGO_TARGET_DIR`, which every build in this process sees.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

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
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let krate = tmp.path().join("tiny");
    let target = tmp.path().join("elsewhere");
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
    std::env::remove_var("CARGO_TARGET_DIR");
    assert_eq!(seen, ["3\n", "4\n"]);
}

/// `cp -p`, `tar` and `rsync -t` keep a file's old modification time, by which cargo alone
/// would call the binary fresh: an edit put in place so is built and run all the same.
#[test]
fn an_edit_with_an_old_modification_time_is_built_and_run() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let krate = tmp.path().join("tiny");
    let limits = Limits::judge(std::time::Duration::from_secs(5), 256);
    let manifest = krate.join("Cargo.toml");
    let long_ago =
        std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_577_836_800);
    let mut seen = Vec::new();
    for answer in [3, 4, 3] {
        write_crate(&krate, answer);
        let main = std::fs::File::options()
            .append(true)
            .open(krate.join("src/main.rs"))
            .unwrap();
        main.set_modified(long_ago).unwrap();
        let exe = build_release(&manifest, "tiny", "tiny").unwrap();
        let outcome = run(&Program::Exe(exe), b"", &limits).unwrap();
        seen.push(outcome.stdout);
    }
    assert_eq!(seen, ["3\n", "4\n", "3\n"]);
}
