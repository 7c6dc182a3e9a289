//! `bundle --check` reporting: messages point into the written bundle, stdout stays the bundle's.

use std::process::Command;

use judge_kit::check::Compiler;

#[test]
fn compile_errors_and_warnings_point_at_the_bundle_file_in_place() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("target/bundle");
    std::fs::create_dir_all(&dir).unwrap();
    let rustc = Compiler::probe("rustc").unwrap();
    let source = std::path::Path::new("target/bundle/p.rs");
    std::fs::write(
        tmp.path().join(source),
        "fn main() {\n    let x: u8 = \"no\";\n}\n",
    )
    .unwrap();
    let failed = rustc
        .compile_in(source, tmp.path(), &tmp.path().join("out"))
        .unwrap();
    assert!(failed.exe.is_none());
    assert!(
        failed.messages.contains("--> target/bundle/p.rs:2:17"),
        "{}",
        failed.messages
    );
    std::fs::write(
        tmp.path().join(source),
        "fn main() {\n    let unused = 1;\n}\n",
    )
    .unwrap();
    let warned = rustc
        .compile_in(source, tmp.path(), &tmp.path().join("out"))
        .unwrap();
    assert!(warned.exe.is_some_and(|e| e.is_file()));
    assert!(
        warned.messages.contains("unused variable: `unused`"),
        "{}",
        warned.messages
    );
    assert!(
        warned.messages.contains("--> target/bundle/p.rs:2:9"),
        "{}",
        warned.messages
    );
}

#[test]
fn with_stdout_only_the_bundle_goes_to_stdout_and_the_report_to_stderr() {
    let root = judge_kit::problems::workspace_root();
    let first = judge_kit::problems::discover(&root).unwrap().remove(0);
    let samples = sample_check::sample_inputs(&first.samples_dir(&root)).len();
    let out = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .args(["--stdout", "--check", &first.judge.problem])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.starts_with(&format!("// {}", first.name)),
        "{stdout}"
    );
    assert!(!stdout.contains("passed"), "report leaked into stdout");
    assert!(
        stderr.contains(&format!("samples {samples}/{samples} AC")),
        "{stderr}"
    );
    assert!(stderr.ends_with("1 passed, 0 failed\n"), "{stderr}");
}
