//! The one definition of a sample and of passing it: what a sample folder holds ([`load`]),
//! how an answer is compared ([`compare_with`] under the problem's [`Compare`] rule), and the
//! test helpers the problem crates share (run a judge binary, assert its samples pass, assert a
//! malformed input is rejected). `sample-diff` and the bundle check use the same loader and
//! rules, so a sample passes or fails the same everywhere.

mod compare;
mod sample;

pub use compare::{compare, compare_with, Compare, Match};
pub use sample::{load, no_cases, select, write_case, Sample};

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long a test waits for a judge binary before stopping it as hung: far above any judge's
/// time limit (tests run unoptimised builds), far below a test runner's patience. The judge's
/// own limits are checked by `scripts/sample-diff` and `scripts/bundle --check`.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(20);

/// What a judge binary did with one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Everything it printed on stdout.
    pub stdout: String,
    /// Everything it printed on stderr.
    pub stderr: String,
    /// Its exit status (`None` when killed by a signal, or stopped at [`RUN_TIMEOUT`]).
    pub code: Option<i32>,
    /// Whether it was still running at [`RUN_TIMEOUT`] and was stopped.
    pub timed_out: bool,
}

/// Runs the binary at `exe` with `input` on stdin and waits for it, at most [`RUN_TIMEOUT`].
///
/// # Panics
/// When the binary cannot be started.
pub fn run_binary(exe: impl AsRef<Path>, input: &str) -> Run {
    run_binary_for(exe, input, RUN_TIMEOUT)
}

/// [`run_binary`] with its own time-out.
///
/// ```
/// use std::time::Duration;
/// // `sh` reads its script from stdin: one that never ends is stopped.
/// let run = sample_check::run_binary_for("sh", "while :; do :; done", Duration::from_millis(50));
/// assert!(run.timed_out && run.code.is_none());
/// let run = sample_check::run_binary_for("sh", "echo 42", Duration::from_secs(20));
/// assert_eq!((run.stdout.as_str(), run.code, run.timed_out), ("42\n", Some(0), false));
/// ```
pub fn run_binary_for(exe: impl AsRef<Path>, input: &str, timeout: Duration) -> Run {
    let mut child = Command::new(exe.as_ref())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.as_ref().display()));
    // Feeding and draining on threads of their own: a program that loops without reading its
    // input, or floods its output, must not block the wait below.
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_string();
    // A program that rejects its input early may close stdin before reading it all.
    let feeder = thread::spawn(move || drop(stdin.write_all(input.as_bytes())));
    let drain = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr is piped")));
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    let (code, timed_out) = loop {
        if let Some(status) = child.try_wait().expect("wait for the judge binary") {
            break (status.code(), false);
        }
        if start.elapsed() >= timeout {
            let _ = child.kill();
            let _ = child.wait();
            break (None, true);
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    };
    let _ = feeder.join();
    Run {
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        code,
        timed_out,
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

/// The samples folder of the crate at `manifest_dir`: `samples/<crate>` in the nearest folder
/// above it that has `samples/`.
pub fn samples_dir(manifest_dir: &str, crate_name: &str) -> PathBuf {
    Path::new(manifest_dir)
        .ancestors()
        .find(|dir| dir.join("samples").is_dir())
        .unwrap_or_else(|| Path::new(manifest_dir))
        .join("samples")
        .join(crate_name)
}

/// Every `<case>.in` in `dir`, in the order [`load`] gives (numbered cases first, `2` before
/// `10`); none when the folder cannot be listed.
pub fn sample_inputs(dir: &Path) -> Vec<PathBuf> {
    load(dir)
        .map(|samples| samples.into_iter().map(|s| s.input_path).collect())
        .unwrap_or_default()
}

/// The `compare` rule of the crate at `manifest_dir`: `compare = ".."` in the
/// `[package.metadata.judge]` table of its `Cargo.toml`, Baekjoon's when it says none. Read
/// with std alone (that table's keys are plain `key = value` lines), so that a problem's tests
/// build no TOML parser; judge-cli reads the same key with a full one, and its tests check
/// that both read every problem's manifest alike.
pub fn manifest_compare(manifest_dir: &Path) -> Result<Compare, String> {
    let path = manifest_dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut in_judge = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_judge = line.trim_end_matches(|c: char| c != ']') == "[package.metadata.judge]";
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if in_judge && key.trim() == "compare" {
            // The value up to a comment: a quoted rule name.
            let value = value.split('#').next().unwrap_or_default().trim();
            let name = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| {
                    format!(
                        "{}: compare must be a quoted string, found {value}",
                        path.display()
                    )
                })?;
            return name
                .parse()
                .map_err(|e| format!("{}: compare: {e}", path.display()));
        }
    }
    Ok(Compare::default())
}

/// Why the binary's answer to `sample` does not pass under `rule`, or `None` when it does.
pub fn sample_mismatch(exe: impl AsRef<Path>, sample: &Sample, rule: Compare) -> Option<String> {
    let name = sample.input_path.display();
    if let Some(why) = &sample.broken {
        return Some(format!("{name}: {why}"));
    }
    let Some(expected) = &sample.expected else {
        return Some(format!(
            "{name}: no {}.out beside it, so nothing to compare with",
            sample.name
        ));
    };
    let run = run_binary(exe, &sample.input);
    if run.timed_out {
        return Some(format!(
            "{name}: still running after {} s, stopped (an endless loop?); stdout so far {:?}",
            RUN_TIMEOUT.as_secs(),
            run.stdout.chars().take(200).collect::<String>()
        ));
    }
    if run.code != Some(0) {
        return Some(format!(
            "{name}: exit status {:?}, stderr {:?}",
            run.code, run.stderr
        ));
    }
    if rule == Compare::Special {
        // Any right answer passes: only a special judge could tell, and none runs here.
        return None;
    }
    match compare_with(expected, &run.stdout, rule, None) {
        Match::Accepted => None,
        verdict => Some(format!(
            "{name}: {} under the {rule} rule: expected {expected:?}, printed {:?}",
            match verdict {
                Match::WrongFormat => "wrong format",
                _ => "wrong answer",
            },
            run.stdout
        )),
    }
}

/// Asserts that every sample of the crate (`samples/<crate>/*.in`) makes the binary `exe` pass
/// under the crate's `compare` rule (as `sample-diff` judges it), and that no `.out` lacks its
/// `.in`, reporting every failure at once; a crate with no samples yet fails saying so.
///
/// # Panics
/// When a sample does not pass, or there is none.
pub fn assert_samples(exe: impl AsRef<Path>, manifest_dir: &str, crate_name: &str) {
    let dir = samples_dir(manifest_dir, crate_name);
    let samples = load(&dir).unwrap_or_default();
    assert!(
        !samples.is_empty(),
        "{crate_name}: no samples yet: put each official sample in {} as <case>.in and <case>.out",
        dir.display()
    );
    let rule = manifest_compare(Path::new(manifest_dir)).unwrap_or_else(|e| panic!("{e}"));
    // A `.out` with no `.in` is a broken case of `load`'s.
    let failures: Vec<String> = samples
        .iter()
        .filter_map(|sample| sample_mismatch(exe.as_ref(), sample, rule))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} samples fail:\n{}",
        failures.len(),
        samples.len(),
        failures.join("\n")
    );
}

/// Defines a problem crate's sample test, `samples_match`: every `samples/<crate>/*.in` through
/// the crate's judge binary must pass against its `.out` under the crate's `compare` rule
/// (Baekjoon shows the `.out` files; a snapshot of them would only repeat them).
#[macro_export]
macro_rules! samples_test {
    () => {
        #[test]
        fn samples_match() {
            $crate::assert_samples(
                env!(concat!("CARGO_BIN_EXE_", env!("CARGO_PKG_NAME"))),
                env!("CARGO_MANIFEST_DIR"),
                env!("CARGO_PKG_NAME"),
            );
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A temporary folder, removed when dropped; it derefs to its path.
    struct Folder(tempfile::TempDir);

    impl std::ops::Deref for Folder {
        type Target = Path;
        fn deref(&self) -> &Path {
            self.0.path()
        }
    }

    /// A fresh folder of samples: `(name, contents)` files.
    fn folder(what: &str, files: &[(&str, &str)]) -> Folder {
        let dir = tempfile::Builder::new()
            .prefix(&format!("sample-check-{what}-"))
            .tempdir()
            .unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        Folder(dir)
    }

    /// The verdict on the one sample `1` of `dir` through `cat` (which prints its input).
    fn through_cat(dir: &Path, rule: Compare) -> Option<String> {
        let samples = load(dir).unwrap();
        sample_mismatch("/bin/cat", &samples[0], rule)
    }

    #[test]
    fn an_expected_output_saved_with_windows_line_ends_matches_plain_ones() {
        let dir = folder("crlf", &[("1.in", "4\n5\n"), ("1.out", "4\r\n5\r\n")]);
        assert_eq!(through_cat(&dir, Compare::Exact), None);
        let dir = folder("wrong", &[("1.in", "4\n"), ("1.out", "5\r\n")]);
        assert!(through_cat(&dir, Compare::Baekjoon).is_some());
    }

    #[test]
    fn the_problems_rule_decides_on_whitespace() {
        let dir = folder(
            "trailing",
            &[("1.in", "1 2\n3\n"), ("1.out", "1 2 \n3\n\n")],
        );
        assert_eq!(through_cat(&dir, Compare::Baekjoon), None);
        assert!(through_cat(&dir, Compare::Exact)
            .unwrap()
            .contains("wrong format under the exact rule"));
        let dir = folder("blank", &[("1.in", "1\n\n2\n"), ("1.out", "1\n2\n")]);
        assert!(through_cat(&dir, Compare::Baekjoon).is_some());
        assert_eq!(through_cat(&dir, Compare::Tokens), None);
    }

    #[test]
    fn samples_come_in_natural_order() {
        let dir = folder("order", &[("10.in", ""), ("2.in", ""), ("a.in", "")]);
        let names: Vec<PathBuf> = sample_inputs(&dir);
        assert_eq!(
            names,
            [dir.join("2.in"), dir.join("10.in"), dir.join("a.in")]
        );
    }

    #[test]
    fn the_rule_is_read_from_the_manifest() {
        let dir = folder(
            "manifest",
            &[(
                "Cargo.toml",
                "[package]\nname = \"x\"\n[package.metadata.judge]\ncompare = \"lines\"\n",
            )],
        );
        assert_eq!(manifest_compare(&dir), Ok(Compare::Lines));
        let dir = folder(
            "commented",
            &[("Cargo.toml", "[package.metadata.judge] # facts\nsite = \"baekjoon\"\ncompare = \"tokens\" # floats\n[dependencies]\ncompare = \"exact\"\n")],
        );
        assert_eq!(manifest_compare(&dir), Ok(Compare::Tokens));
        let dir = folder("no-rule", &[("Cargo.toml", "[package]\nname = \"x\"\n")]);
        assert_eq!(manifest_compare(&dir), Ok(Compare::Baekjoon));
        let dir = folder(
            "bad-rule",
            &[(
                "Cargo.toml",
                "[package.metadata.judge]\ncompare = \"fuzzy\"\n",
            )],
        );
        assert!(manifest_compare(&dir)
            .unwrap_err()
            .contains("unknown comparison `fuzzy`"));
    }

    #[test]
    fn an_output_with_no_input_beside_it_is_a_broken_case() {
        let dir = folder(
            "stray",
            &[("1.in", "1\n"), ("1.out", "1\n"), ("2.out", "2\n")],
        );
        let cases = load(&dir).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].name, "2");
        let why = cases[1].broken.as_deref().unwrap();
        assert!(
            why.ends_with("2.out has no 2.in beside it, so no case runs it (a misnamed input?)"),
            "{why}"
        );
        assert!(through_cat(&dir, Compare::Exact).is_none());
        let mismatch = sample_mismatch("/bin/cat", &cases[1], Compare::Exact).unwrap();
        assert!(mismatch.contains("no 2.in beside it"), "{mismatch}");
    }
}
