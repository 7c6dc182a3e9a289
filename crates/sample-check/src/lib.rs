//! Test helpers shared by the problem crates: run a judge binary on some input, load samples.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What a judge binary did with one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Everything it printed on stdout.
    pub stdout: String,
    /// Everything it printed on stderr.
    pub stderr: String,
    /// Its exit status (`None` when killed by a signal).
    pub code: Option<i32>,
}

/// Runs the binary at `exe` with `input` on stdin and waits for it.
///
/// # Panics
/// When the binary cannot be started.
pub fn run_binary(exe: impl AsRef<Path>, input: &str) -> Run {
    let mut child = Command::new(exe.as_ref())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.as_ref().display()));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A program that rejects its input early may close stdin before reading it all.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("wait for the judge binary");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

/// Asserts that a malformed input is rejected the way every judge binary must: exit status 2,
/// nothing on stdout, and exactly one stderr line that starts with `input error:` and contains
/// `mentions`.
pub fn assert_rejected(exe: impl AsRef<Path>, input: &str, mentions: &str) {
    let run = run_binary(exe, input);
    assert_eq!(run.code, Some(2), "exit status for {input:?}: {run:?}");
    assert_eq!(run.stdout, "", "stdout for {input:?}");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "one stderr line for {input:?}: {:?}",
        run.stderr
    );
    assert!(lines[0].starts_with("input error: "), "{:?}", lines[0]);
    assert!(
        lines[0].contains(mentions),
        "stderr {:?} should mention {mentions:?}",
        lines[0]
    );
}

/// Asserts that the binary's answer to the sample `<case>.in` at `input_path` is exactly the
/// text of `<case>.out` beside it, and returns that answer (for snapshotting).
pub fn assert_sample(exe: impl AsRef<Path>, input_path: &Path) -> String {
    let input = std::fs::read_to_string(input_path).expect("read sample input");
    let expected_path = input_path.with_extension("out");
    let expected = std::fs::read_to_string(&expected_path)
        .unwrap_or_else(|e| panic!("read {}: {e}", expected_path.display()));
    let run = run_binary(exe, &input);
    assert_eq!(
        run.code,
        Some(0),
        "{}: {}",
        input_path.display(),
        run.stderr
    );
    assert_eq!(run.stdout, expected, "{}", input_path.display());
    run.stdout
}

/// Defines a problem crate's sample test, `samples_match_and_snapshot`: every
/// `samples/<crate>/*.in` through the crate's binary `$exe` must print exactly its `.out`, and
/// the output is kept as an insta snapshot (the test crate needs insta with `glob`).
#[macro_export]
macro_rules! samples_test {
    ($exe:expr) => {
        #[test]
        fn samples_match_and_snapshot() {
            insta::glob!(
                concat!("../../../samples/", env!("CARGO_PKG_NAME")),
                "*.in",
                |path| {
                    insta::assert_snapshot!($crate::assert_sample($exe, path));
                }
            );
        }
    };
}
