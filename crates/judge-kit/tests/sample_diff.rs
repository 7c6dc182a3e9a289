//! sample-diff end to end: a helper program that misbehaves on purpose, one case per verdict.

use std::path::Path;
use std::process::Command;

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// Compiles the misbehaving helper and lays out one case per verdict.
fn fixture() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let exe = tmp.path().join("misbehave");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/misbehave.rs");
    let ok = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .unwrap();
    assert!(ok.success());
    let cases = tmp.path().join("cases");
    std::fs::create_dir(&cases).unwrap();
    for (name, input, expected) in [
        ("ac", "echo\n1 2\n", Some("1 2\n")),
        ("ac_newline_for_space", "echo\n1\n2\n", Some("1 2\n")),
        ("pe", "echo\n1  2\n", Some("1 2\n")),
        ("wa", "echo\n1\n5\n3\n", Some("1\n2\n3\n")),
        ("tle", "sleep\n", Some("x\n")),
        ("re_panic", "panic\n", Some("x\n")),
        ("re_exit", "exit3\n", Some("x\n")),
        ("mle", "hog\n", Some("x\n")),
        ("noout", "echo\nhello\n", None),
    ] {
        write(&cases, &format!("{name}.in"), input);
        if let Some(out) = expected {
            write(&cases, &format!("{name}.out"), out);
        }
    }
    (tmp, exe, cases)
}

fn sample_diff(exe: &Path, cases: &Path, extra: &[&str]) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_sample-diff"))
        .arg("--exe")
        .arg(exe)
        .arg("--samples")
        .arg(cases)
        .args([
            "--time-limit-ms",
            "500",
            "--memory-limit-mb",
            "64",
            "--no-color",
        ])
        .args(extra)
        .output()
        .unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.code())
}

fn verdict_of<'a>(report: &'a str, case: &str) -> &'a str {
    let line = report
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{case} ")))
        .unwrap_or_else(|| panic!("no line for {case} in\n{report}"));
    line.split_whitespace().nth(1).unwrap()
}

#[test]
fn every_verdict_is_reported_with_its_evidence() {
    let (_tmp, exe, cases) = fixture();
    let (report, code) = sample_diff(&exe, &cases, &[]);
    assert_eq!(code, Some(1), "{report}");
    for (case, verdict) in [
        ("ac", "AC"),
        ("ac_newline_for_space", "AC"),
        ("pe", "PE"),
        ("wa", "WA"),
        ("tle", "TLE"),
        ("re_panic", "RE"),
        ("re_exit", "RE"),
        ("mle", "MLE"),
        ("noout", "NO-OUT"),
    ] {
        assert_eq!(verdict_of(&report, case), verdict, "{case} in\n{report}");
    }
    // The WA diff names the line and both sides; PE shows the doubled space.
    assert!(report.contains("      2 - 2\n      2 + 5\n"), "{report}");
    assert!(
        report.contains("      1 - 1 2\n      1 + 1  2\n"),
        "{report}"
    );
    assert!(report.contains("exit status 3"), "{report}");
    assert!(report.contains("deliberate panic"), "{report}");
    assert!(report.contains("      | hello"), "{report}");
    assert!(
        report.trim_end().ends_with("2 passed, 7 failed"),
        "{report}"
    );
}

#[test]
fn json_results_are_machine_readable() {
    let (_tmp, exe, cases) = fixture();
    let (report, code) = sample_diff(&exe, &cases, &["--json", "-j", "1"]);
    assert_eq!(code, Some(1));
    let doc: serde_json::Value = serde_json::from_str(&report).unwrap();
    assert_eq!(doc["passed"], 2);
    assert_eq!(doc["failed"], 7);
    let cases = doc["problems"][0]["cases"].as_array().unwrap();
    let wa = cases.iter().find(|c| c["name"] == "wa").unwrap();
    assert_eq!(wa["verdict"], "WA");
    assert_eq!(wa["stdout"], "1\n5\n3\n");
}

#[test]
fn all_accepted_exits_zero() {
    let (_tmp, exe, cases) = fixture();
    for entry in std::fs::read_dir(&cases).unwrap() {
        let path = entry.unwrap().path();
        if !path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("ac")
        {
            std::fs::remove_file(path).unwrap();
        }
    }
    let (report, code) = sample_diff(&exe, &cases, &[]);
    assert_eq!(code, Some(0), "{report}");
    assert!(report.trim_end().ends_with("2 passed, 0 failed"));
}

#[test]
fn an_unknown_problem_lists_the_known_ones_and_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_sample-diff"))
        .arg("nope")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("sample-diff: unknown problem `nope`; known problems: boj-11559-puyo-puyo"),
        "{err}"
    );
}
