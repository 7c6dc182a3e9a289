//! `bundle --check` reporting: messages point into the written bundle, stdout stays the bundle's.

use std::process::Command;

mod common;

use judge_cli::check::Compiler;

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
    let tmp = common::fixture_workspace();
    let samples = sample_check::sample_inputs(&tmp.path().join("samples/fx-base")).len();
    assert!(samples > 0);
    let out = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .args(["--stdout", "--check", "fx-base"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.starts_with("// fx-base"), "{stdout}");
    assert!(!stdout.contains("passed"), "report leaked into stdout");
    assert!(
        stderr.contains(&format!("samples {samples}/{samples} AC")),
        "{stderr}"
    );
    assert!(stderr.ends_with("1 passed, 0 failed\n"), "{stderr}");
}

/// `bundle --check fx-base` in the workspace `root`: its report (without `--stdout`, the
/// tool's stdout) and exit status.
fn check_fx_base(root: &std::path::Path) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .args(["--check", "fx-base"])
        .current_dir(root)
        .output()
        .unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.code())
}

#[test]
fn a_wrong_answer_shows_what_was_expected_and_a_stray_out_file_is_named() {
    // A copy of the fixture workspace, whose `fx-base` answers `1 2` to its sample.
    let tmp = common::fixture_workspace();
    let samples = tmp.path().join("samples/fx-base");
    std::fs::write(samples.join("1.out"), "1 3\n").unwrap();
    std::fs::write(samples.join("9.out"), "0\n").unwrap();
    let (report, code) = check_fx_base(tmp.path());
    assert_eq!(code, Some(1), "{report}");
    // A `.out` no `.in` pairs fails the check, as it fails the cargo sample test.
    assert!(
        report.contains("BAD-CASE on sample 9: ")
            && report.contains("9.out has no 9.in beside it, so no case runs it"),
        "{report}"
    );
    // Where the lines differ, as sample-diff shows it.
    assert!(
        report.contains("WA on sample 1: exit status 0; ")
            && report.contains("expected (-) against printed (+):\n      1 - 1 3\n      1 + 1 2\n"),
        "{report}"
    );
}

#[test]
fn a_special_judge_problem_is_checked_on_its_runs_not_its_answers() {
    // `fx-base` made a special-judge problem: any answer passes if it runs within the limits.
    let tmp = common::fixture_workspace();
    let manifest = tmp.path().join("crates/fx-base/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let special = text.replace(
        "[package.metadata.judge]\n",
        "[package.metadata.judge]\ncompare = \"special\"\n",
    );
    assert_ne!(special, text);
    std::fs::write(&manifest, special).unwrap();
    std::fs::write(tmp.path().join("samples/fx-base/1.out"), "another answer\n").unwrap();
    let (report, code) = check_fx_base(tmp.path());
    assert_eq!(code, Some(0), "{report}");
    assert!(
        report.contains("note: fx-base needs a special judge")
            && report.contains("samples 1/1 ran (not judged)")
            && report.ends_with("1 passed, 0 failed\n"),
        "{report}"
    );
}

#[test]
fn any_number_of_jobs_gives_the_same_bundles_and_reports_in_the_order_named() {
    let tmp = common::fixture_workspace();
    // Named out of their sorted order, the largest among them first (the last to finish).
    let named = [
        "fx-reuse",
        "fx-base",
        "fx-nested-mod",
        "fx-generics",
        "fx-comments",
    ];
    let bundle = |jobs: &str, extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_bundle"))
            .args(extra)
            .args(named)
            .args(["-j", jobs])
            .current_dir(tmp.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        (String::from_utf8(out.stdout).unwrap(), stderr)
    };
    let one = bundle("1", &["--stdout"]);
    assert_eq!(bundle("4", &["--stdout"]), one);
    let heads: Vec<&str> = one
        .0
        .lines()
        .filter(|l| l.starts_with("// fx-"))
        .map(|l| l[3..].split_whitespace().next().unwrap())
        .collect();
    assert_eq!(heads, named);
    // Checked at once, each problem's block whole and in the order named.
    let (report, _) = bundle("3", &["--check"]);
    let blocks: Vec<&str> = report
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    let mut expected = named.to_vec();
    expected.push("5 passed, 0 failed");
    assert_eq!(blocks, expected, "{report}");
}

#[test]
fn a_full_disk_under_the_report_is_an_error_not_a_success() {
    let tmp = common::fixture_workspace();
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .arg("fx-base")
        .current_dir(tmp.path())
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("bundle: cannot write the report: No space left on device"),
        "{err}"
    );
}
