//! The workspace's test binaries run a few at a time (`run-tests`): cargo runs them one after
//! another, and many spend most of their time on one core (a compile loop, a single long test),
//! so on a small machine a second binary beside them is nearly free.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use super::cargo::{artifacts, test_build_messages};

/// One test binary cargo built, and how cargo would run it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestBinary {
    /// Its package.
    pub package: String,
    /// What it tests, as cargo names it in its `Running` line (`tests/runner.rs`, `src/lib.rs`).
    pub source: String,
    /// The target's name (`runner`, or the crate's for unit tests).
    pub target: String,
    /// The executable.
    pub exe: PathBuf,
    /// The package's folder: cargo runs a test binary there.
    pub dir: PathBuf,
    /// Variables set for this run (`JUDGE_KIT_NO_CGROUP=1`: a second run under other
    /// conditions); none for the run cargo would make.
    pub env: Vec<(String, String)>,
}

impl TestBinary {
    /// Whether `name` picks this binary: its target's name (`runner`), or `package/target`.
    pub fn is_named(&self, name: &str) -> bool {
        name == self.target || name == format!("{}/{}", self.package, self.target)
    }

    /// The same binary run again with `env` set as well.
    pub fn again_with(&self, env: &[(String, String)]) -> TestBinary {
        let mut again = self.clone();
        again.env.extend(env.iter().cloned());
        again
    }
}

/// A job of the pool: a test binary, or the doctests of the whole workspace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// One test binary.
    Binary(TestBinary),
    /// `cargo test --doc` with these arguments (rustdoc compiles and runs every doctest).
    Doctests(Vec<String>),
}

impl Job {
    /// How the job is named in the report and in `--alone`.
    pub fn label(&self) -> String {
        match self {
            Job::Binary(b) if b.env.is_empty() => format!("{} {}", b.package, b.source),
            Job::Binary(b) => {
                let env: Vec<String> = b.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
                format!("{} {} with {}", b.package, b.source, env.join(" "))
            }
            Job::Doctests(_) => "doctests".to_string(),
        }
    }

    /// Whether `name` picks this job: a target name (`runner`), or `package/target`.
    pub fn is_named(&self, name: &str) -> bool {
        match self {
            Job::Binary(b) => b.is_named(name),
            Job::Doctests(_) => name == "doctests",
        }
    }
}

/// The test binaries in cargo's JSON messages (`cargo test --no-run --message-format=json`).
///
/// ```
/// let messages = r#"{"reason":"compiler-artifact","package_id":"path+file:///w/crates/kit#judge-cli@0.1.0","manifest_path":"/w/crates/kit/Cargo.toml","target":{"name":"runner","kind":["test"],"src_path":"/w/crates/kit/tests/runner.rs"},"profile":{"test":true},"executable":"/t/debug/deps/runner-1"}
/// {"reason":"compiler-artifact","manifest_path":"/w/crates/kit/Cargo.toml","target":{"name":"kit","kind":["bin"],"src_path":"/w/crates/kit/src/main.rs"},"profile":{"test":false},"executable":"/t/debug/kit"}"#;
/// let found = judge_cli::test_pool::test_binaries(messages);
/// assert_eq!(found.len(), 1);
/// assert_eq!((found[0].package.as_str(), found[0].source.as_str()), ("judge-cli", "tests/runner.rs"));
/// ```
pub fn test_binaries(messages: &str) -> Vec<TestBinary> {
    artifacts(messages)
        .filter(|m| m["profile"]["test"] == true)
        .filter_map(|m| {
            let manifest = PathBuf::from(m["manifest_path"].as_str()?);
            let dir = manifest.parent()?.to_path_buf();
            let src = PathBuf::from(m["target"]["src_path"].as_str()?);
            let source = src.strip_prefix(&dir).unwrap_or(&src).display().to_string();
            Some(TestBinary {
                package: package_name(m["package_id"].as_str().unwrap_or(""), &dir),
                source,
                target: m["target"]["name"].as_str()?.to_string(),
                exe: PathBuf::from(m["executable"].as_str()?),
                dir,
                env: Vec::new(),
            })
        })
        .collect()
}

/// The package's name from its id: `path+file:///w/kit#judge-cli@0.1.0`, or, when the name is
/// the folder's, `path+file:///w/judge-cli#0.1.0`.
fn package_name(id: &str, dir: &Path) -> String {
    let after_hash = id.rsplit_once('#').map(|(_, rest)| rest);
    match after_hash.and_then(|rest| rest.split_once('@')) {
        Some((name, _)) if !name.is_empty() => name.to_string(),
        _ => dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    }
}

/// How one job went.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The job's label.
    pub label: String,
    /// Whether it exited 0.
    pub passed: bool,
    /// Its wall time.
    pub took: Duration,
    /// libtest's `test result:` lines, summed: passed and failed tests.
    pub counts: (u64, u64),
    /// Everything it printed (stdout, then stderr).
    pub output: String,
}

/// The passed and failed counts of every `test result:` line in `output`.
///
/// ```
/// let out = "test result: ok. 3 passed; 0 failed; 1 ignored\ntest result: FAILED. 1 passed; 2 failed;";
/// assert_eq!(judge_cli::test_pool::counts(out), (4, 2));
/// ```
pub fn counts(output: &str) -> (u64, u64) {
    let number_before = |line: &str, word: &str| -> u64 {
        let Some(at) = line.find(word) else {
            return 0;
        };
        line[..at]
            .split_whitespace()
            .next_back()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    output
        .lines()
        .filter(|line| line.starts_with("test result:"))
        .fold((0, 0), |(p, f), line| {
            (
                p + number_before(line, " passed"),
                f + number_before(line, " failed"),
            )
        })
}

/// Runs one job to the end and collects what it printed.
fn run_job(job: &Job, cargo: &Path) -> Finished {
    let started = Instant::now();
    let mut command = match job {
        Job::Binary(b) => {
            let mut c = Command::new(&b.exe);
            c.current_dir(&b.dir)
                .env("CARGO_MANIFEST_DIR", &b.dir)
                .env("CARGO_PKG_NAME", &b.package)
                .envs(b.env.iter().map(|(k, v)| (k, v)));
            c
        }
        Job::Doctests(args) => {
            let mut c = Command::new(cargo);
            c.args(["test", "--doc"]).args(args);
            c
        }
    };
    command
        .env("CARGO", cargo)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let ran = judge_runner::spawn_when_not_busy(&mut command).and_then(|c| c.wait_with_output());
    let (passed, output) = match ran {
        Ok(out) => {
            let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
            text.push_str(&String::from_utf8_lossy(&out.stderr));
            (out.status.success(), text)
        }
        Err(e) => (false, format!("could not start it: {e}\n")),
    };
    Finished {
        label: job.label(),
        passed,
        took: started.elapsed(),
        counts: counts(&output),
        output,
    }
}

/// Runs `jobs` on `workers` threads, longest first by `previous` (seconds by label; unknown
/// ones first), calling `report` as each ends; then the `alone` jobs one at a time, with nothing
/// beside them (tests that time their programs). Returns every result in the order they ended.
pub fn run_pool(
    jobs: Vec<Job>,
    alone: Vec<Job>,
    workers: usize,
    previous: &HashMap<String, f64>,
    cargo: &Path,
    report: &mut dyn FnMut(&Finished),
) -> Vec<Finished> {
    let mut ordered = jobs;
    ordered.sort_by(|a, b| {
        let time = |j: &Job| previous.get(&j.label()).copied().unwrap_or(f64::INFINITY);
        time(b).total_cmp(&time(a))
    });
    let queue = Arc::new(Mutex::new(ordered.into_iter()));
    let (done_tx, done_rx) = mpsc::channel();
    let handles: Vec<_> = (0..workers.max(1))
        .map(|_| {
            let queue = Arc::clone(&queue);
            let done = done_tx.clone();
            let cargo = cargo.to_path_buf();
            std::thread::spawn(move || loop {
                let next = queue.lock().expect("not poisoned").next();
                let Some(job) = next else { break };
                if done.send(run_job(&job, &cargo)).is_err() {
                    break;
                }
            })
        })
        .collect();
    drop(done_tx);
    let mut results = Vec::new();
    for finished in done_rx {
        report(&finished);
        results.push(finished);
    }
    for handle in handles {
        let _ = handle.join();
    }
    for job in &alone {
        let finished = run_job(job, cargo);
        report(&finished);
        results.push(finished);
    }
    results
}

/// Every test binary `cargo test --no-run` builds with `cargo_args`, built first if needed.
pub fn build(cargo_args: &[String]) -> Result<Vec<TestBinary>> {
    let args: Vec<OsString> = cargo_args.iter().map(OsString::from).collect();
    Ok(test_binaries(&test_build_messages(&args)?))
}

/// Reads the previous run's times (`label<TAB>seconds` lines); none when there is no file.
pub fn read_times(path: &Path) -> HashMap<String, f64> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| {
            let (label, secs) = line.rsplit_once('\t')?;
            Some((label.to_string(), secs.parse().ok()?))
        })
        .collect()
}

/// Writes this run's times for the next run's order.
pub fn write_times(path: &Path, results: &[Finished]) -> Result<()> {
    let text: String = results
        .iter()
        .map(|f| format!("{}\t{:.2}\n", f.label, f.took.as_secs_f64()))
        .collect();
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binary(target: &str, exe: &str, dir: &Path) -> Job {
        Job::Binary(TestBinary {
            package: "p".into(),
            source: format!("tests/{target}.rs"),
            target: target.into(),
            exe: PathBuf::from(exe),
            dir: dir.to_path_buf(),
            env: Vec::new(),
        })
    }

    #[test]
    fn every_job_is_reported_once_and_failures_keep_their_output() {
        let dir = tempfile::tempdir().unwrap();
        let script = |name: &str, body: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            path.display().to_string()
        };
        let ok = script("ok", "echo 'test result: ok. 2 passed; 0 failed;'");
        let bad = script(
            "bad",
            "echo 'boom'; echo 'test result: FAILED. 1 passed; 1 failed;'; exit 101",
        );
        let here = script("here", "pwd; echo \"$CARGO_MANIFEST_DIR\"");
        let jobs = vec![
            binary("ok", &ok, dir.path()),
            binary("bad", &bad, dir.path()),
            binary("missing", "/nonexistent/test", dir.path()),
        ];
        let alone = vec![binary("here", &here, dir.path())];
        let mut seen = Vec::new();
        let results = run_pool(
            jobs,
            alone,
            2,
            &HashMap::new(),
            Path::new("cargo"),
            &mut |f| seen.push(f.label.clone()),
        );
        assert_eq!(results.len(), 4);
        assert_eq!(seen.last().map(String::as_str), Some("p tests/here.rs"));
        let by = |label: &str| results.iter().find(|f| f.label == label).unwrap();
        assert!(by("p tests/ok.rs").passed);
        assert_eq!(by("p tests/ok.rs").counts, (2, 0));
        let bad = by("p tests/bad.rs");
        assert!(!bad.passed && bad.output.contains("boom") && bad.counts == (1, 1));
        let missing = by("p tests/missing.rs");
        assert!(!missing.passed && missing.output.contains("could not start"));
        let canonical = dir.path().canonicalize().unwrap().display().to_string();
        let here_out = &by("p tests/here.rs").output;
        assert!(here_out.contains(&canonical), "{here_out}");
    }

    #[test]
    fn a_binary_run_again_has_its_variables_and_a_label_of_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mode");
        std::fs::write(&path, "#!/bin/sh\necho \"mode=${MODE:-none}\"\n").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        let Job::Binary(first) = binary("mode", &path.display().to_string(), dir.path()) else {
            unreachable!()
        };
        let again = first.again_with(&[("MODE".into(), "plain".into())]);
        assert!(again.is_named("mode") && again.is_named("p/mode"));
        let results = run_pool(
            vec![Job::Binary(first), Job::Binary(again)],
            Vec::new(),
            2,
            &HashMap::new(),
            Path::new("cargo"),
            &mut |_| {},
        );
        let output = |label: &str| {
            let found = results.iter().find(|f| f.label == label);
            found.map(|f| f.output.trim().to_string())
        };
        assert_eq!(output("p tests/mode.rs").as_deref(), Some("mode=none"));
        assert_eq!(
            output("p tests/mode.rs with MODE=plain").as_deref(),
            Some("mode=plain")
        );
    }

    #[test]
    fn known_slow_jobs_start_first_and_times_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let times = dir.path().join("times");
        let finished = |label: &str, secs: f64| Finished {
            label: label.into(),
            passed: true,
            took: Duration::from_secs_f64(secs),
            counts: (0, 0),
            output: String::new(),
        };
        write_times(
            &times,
            &[finished("p tests/a.rs", 1.0), finished("p tests/b.rs", 9.5)],
        )
        .unwrap();
        let previous = read_times(&times);
        assert_eq!(previous["p tests/b.rs"], 9.5);
        let mut order = Vec::new();
        run_pool(
            vec![
                binary("a", "/bin/true", dir.path()),
                binary("b", "/bin/true", dir.path()),
            ],
            Vec::new(),
            1,
            &previous,
            Path::new("cargo"),
            &mut |f| order.push(f.label.clone()),
        );
        assert_eq!(order, ["p tests/b.rs", "p tests/a.rs"]);
    }

    #[test]
    fn the_package_name_comes_from_the_id_or_else_the_folder() {
        let dir = Path::new("/w/crates/judge-cli");
        assert_eq!(
            package_name("path+file:///w/crates/judge-cli#0.1.0", dir),
            "judge-cli"
        );
        assert_eq!(
            package_name("path+file:///w/crates/kit#judge-cli@0.1.0", dir),
            "judge-cli"
        );
        assert_eq!(
            package_name("judge-cli 0.1.0 (path+file:///w)", dir),
            "judge-cli"
        );
    }

    #[test]
    fn jobs_are_named_by_target_or_package_and_target() {
        let job = binary("runner", "/t/runner-1", Path::new("/w"));
        assert!(job.is_named("runner") && job.is_named("p/runner"));
        assert!(!job.is_named("q/runner") && !job.is_named("run"));
        assert!(Job::Doctests(Vec::new()).is_named("doctests"));
    }
}
