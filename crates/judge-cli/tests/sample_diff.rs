//! sample-diff end to end: a helper program that misbehaves on purpose, one case per verdict.

use std::path::Path;
use std::process::Command;

mod common;

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
        err.starts_with("sample-diff: unknown problem `nope`; known problems: "),
        "{err}"
    );
}

fn tool() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sample-diff"));
    c.env_remove("JUDGE_KIT_CWD").arg("--no-color");
    c
}

fn output(c: &mut Command) -> (String, String, Option<i32>) {
    let out = c.output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

#[test]
fn paths_are_relative_to_where_the_user_stands() {
    let (tmp, _exe, _cases) = fixture();
    // As typed in the folder itself...
    let (report, _, code) = output(tool().current_dir(tmp.path()).args([
        "--exe",
        "./misbehave",
        "--samples",
        "cases",
        "--case",
        "ac",
    ]));
    assert_eq!(code, Some(0), "{report}");
    // ...and through scripts/, which changes to the workspace root but says where the user was.
    let (report, _, code) = output(
        tool()
            .current_dir("/")
            .env("JUDGE_KIT_CWD", tmp.path())
            .args(["--exe", "./misbehave", "-d", "cases", "--case", "ac"]),
    );
    assert_eq!(code, Some(0), "{report}");
    assert!(report.ends_with("1 passed, 0 failed\n"), "{report}");
}

#[test]
fn a_command_with_arguments_runs_through_the_shell_on_chosen_cases() {
    let (tmp, _exe, cases) = fixture();
    let (report, _, code) = output(
        tool()
            .current_dir(tmp.path())
            .args(["-c", "./misbehave extra-argument-ignored", "--samples"])
            .arg(&cases)
            .args(["--case", "ac", "--case", "wa", "--show-input"]),
    );
    assert_eq!(code, Some(1), "{report}");
    assert_eq!(verdict_of(&report, "ac"), "AC");
    assert_eq!(verdict_of(&report, "wa"), "WA");
    assert!(
        report.contains("      input:\n      | echo\n      | 1\n"),
        "{report}"
    );
    assert!(report.ends_with("1 passed, 1 failed\n"), "{report}");
    // A case whose name starts with `-` is named as written.
    let dashed = tempfile::tempdir().unwrap();
    write(dashed.path(), "-dash.in", "echo\n1\n");
    write(dashed.path(), "-dash.out", "1\n");
    let (report, _, code) = output(
        tool()
            .args(["-c", "cat", "--samples"])
            .arg(dashed.path())
            .args(["--case", "-dash"]),
    );
    assert_eq!(code, Some(1), "{report}");
    assert_eq!(verdict_of(&report, "-dash"), "WA");
    let (_, err, code) = output(
        tool()
            .args(["-c", "true", "--samples"])
            .arg(&cases)
            .args(["--case", "nope"]),
    );
    assert_eq!(code, Some(2));
    assert!(err.contains("no case named `nope`; cases: ac, "), "{err}");
}

#[test]
fn every_case_gets_a_verdict_even_when_it_cannot_be_read() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "good.in", "1\n");
    write(d, "good.out", "1\n");
    std::fs::write(d.join("latin1.in"), [0xe9, b'\n']).unwrap();
    std::fs::create_dir(d.join("folder.in")).unwrap();
    std::os::unix::fs::symlink(d.join("gone"), d.join("dangling.in")).unwrap();
    write(d, "noout.in", "1\n");
    let (report, _, code) = output(tool().args(["-c", "cat", "--samples"]).arg(d));
    assert_eq!(code, Some(1), "{report}");
    for (case, verdict) in [
        ("good", "AC"),
        ("latin1", "BAD-CASE"),
        ("folder", "BAD-CASE"),
        ("dangling", "BAD-CASE"),
        ("noout", "NO-OUT"),
    ] {
        assert_eq!(verdict_of(&report, case), verdict, "{case} in\n{report}");
    }
    assert!(
        report.contains("dangling.in is a dangling symbolic link"),
        "{report}"
    );
    assert!(
        report.contains("folder.in is a folder, not a file"),
        "{report}"
    );
    assert!(report.ends_with("1 passed, 4 failed\n"), "{report}");

    let empty = tempfile::tempdir().unwrap();
    let (report, _, code) = output(tool().args(["-c", "cat", "--samples"]).arg(empty.path()));
    assert_eq!(code, Some(1));
    assert!(
        report.contains(&format!(
            "no cases: no *.in files in {}",
            empty.path().display()
        )),
        "{report}"
    );
}

#[test]
fn comparison_rules_tolerance_and_special_judges() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "float.in", "0.3333334\n");
    write(d, "float.out", "0.333333\n");
    let run_full =
        |extra: &[&str]| output(tool().args(["-c", "cat", "--samples"]).arg(d).args(extra));
    let run_with = |extra: &[&str]| verdict_of(&run_full(extra).0, "float").to_string();
    assert_eq!(run_with(&[]), "WA");
    assert_eq!(run_with(&["-e", "1e-6"]), "AC");
    assert_eq!(run_with(&["--compare", "tokens", "--error", "1e-9"]), "WA");
    // A special judge gets input, expected and actual paths and decides by its exit status.
    let judge = d.join("judge.sh");
    write(
        d,
        "judge.sh",
        "grep -qx 0.3333334 \"$1\" && grep -qx 0.333333 \"$2\" && grep -qx 0.3333334 \"$3\"\n",
    );
    let judge = format!("sh {}", judge.display());
    assert_eq!(run_with(&["--judge-command", &judge]), "AC");
    assert_eq!(run_with(&["--judge-command", "false"]), "WA");
    // A judge that cannot run is the judge's failure, said as such, not the answer's.
    let (report, err, code) = run_full(&["--judge-command", "/no/such/judge"]);
    assert_eq!(verdict_of(&report, "float"), "JUDGE-FAILED", "{report}");
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains("`/no/such/judge` could not be run (exit status 127)"),
        "{report}"
    );
    assert!(
        !err.contains("not found"),
        "the judge's own stderr stays out: {err}"
    );
    // Without a command, a special judge's answers are not judged: the run passes, and says so.
    let (report, err, code) = run_full(&["--compare", "special"]);
    assert_eq!(verdict_of(&report, "float"), "RAN", "{report}");
    assert_eq!(code, Some(0), "{report}");
    assert!(err.contains("needs a special judge"), "{err}");
    assert!(report.contains("output (not judged):"), "{report}");
    let (_, err, code) = output(tool().args(["--compare", "fuzzy"]));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("[possible values: baekjoon, exact, lines, tokens, special]"),
        "{err}"
    );
}

#[test]
fn impossible_numbers_are_refused_by_the_parser() {
    for (flag, value) in [("-j", "0"), ("--time-limit-ms", "0"), ("-e", "-1")] {
        let (_, err, code) = output(tool().args([flag, value]));
        assert_eq!(code, Some(2), "{flag} {value}");
        assert!(err.contains("invalid value"), "{flag} {value}: {err}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_bench-process"))
        .args(["--runs", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("0 is not in 1..=1000000"), "{err}");
}

#[test]
fn a_reader_that_goes_away_ends_the_tool_quietly() {
    use std::io::Read;
    let (_tmp, exe, cases) = fixture();
    let mut child = tool()
        .arg("--exe")
        .arg(&exe)
        .arg("--samples")
        .arg(&cases)
        .args(["--case", "ac", "--show-input"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Close our end of stdout at once, as `| head -0` would.
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(status.code(), Some(0), "{err}");
}

#[test]
fn limits_given_on_the_command_line_apply_to_a_problem_too() {
    // fx-base of the fixture workspace: 2000 ms and 256 MiB by its manifest.
    let tmp = common::fixture_workspace();
    let case = sample_check::sample_inputs(&tmp.path().join("samples/fx-base"))[0]
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let (report, _, code) = output(tool().current_dir(tmp.path()).args([
        "fx-base",
        "-c",
        "sleep 5; cat",
        "--time-limit-ms",
        "100",
        "--case",
        case.as_str(),
    ]));
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("limits 100 ms CPU, 256 MiB"), "{report}");
    assert_eq!(verdict_of(&report, &case), "TLE", "{report}");
    // 100 ms of CPU allowed gives a cap of 1.3 s of wall-clock time.
    assert!(
        report.contains("ms of wall-clock time (the cap is 1300 ms"),
        "{report}"
    );
}

#[test]
fn endless_output_is_ole_and_the_tool_stays_small() {
    let tmp = tempfile::tempdir().unwrap();
    write(tmp.path(), "1.in", "");
    write(tmp.path(), "1.out", "y\n");
    // /usr/bin/time reports the largest of the tool and what it ran: both must stay small.
    let out = Command::new("/usr/bin/time")
        .arg("-v")
        .arg(env!("CARGO_BIN_EXE_sample-diff"))
        .args(["--no-color", "-c", "yes", "--samples"])
        .arg(tmp.path())
        .output()
        .expect("/usr/bin/time (apt-get install -y time)");
    let report = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(verdict_of(&report, "1"), "OLE", "{report}");
    assert!(
        report.contains("wrote over the 64.0 MiB output limit"),
        "{report}"
    );
    let kib: u64 = stderr
        .lines()
        .find(|l| l.contains("Maximum resident set size"))
        .and_then(|l| l.rsplit(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("{stderr}"));
    println!("yes: OLE; sample-diff's maximum resident set size {kib} KiB");
    assert!(kib < 32 * 1024, "the tool grew to {kib} KiB");
}

/// The cargo sample test (`sample_check`) and sample-diff judge a sample the same way: one
/// definition of a sample and of passing it. Each case's program is `cat`, printing its input.
#[test]
fn the_cargo_sample_test_and_sample_diff_agree() {
    for (case, input, expected, rule) in [
        // Only trailing whitespace differs: Baekjoon forgives it, `exact` does not.
        ("trailing", "1 2\n3\n", "1 2 \n3\n\n", "baekjoon"),
        ("trailing", "1 2\n3\n", "1 2 \n3\n\n", "exact"),
        ("trailing", "1 2\n3\n", "1 2 \n3\n\n", "lines"),
        // A blank line in the middle: wrong format under Baekjoon's rule, fine as tokens.
        ("blank", "1\n\n2\n", "1\n2\n", "baekjoon"),
        ("blank", "1\n\n2\n", "1\n2\n", "tokens"),
        // Windows line ends in the `.out`: read as plain ones everywhere.
        ("crlf", "4\n5\n", "4\r\n5\r\n", "exact"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        write(tmp.path(), &format!("{case}.in"), input);
        write(tmp.path(), &format!("{case}.out"), expected);
        let rule: sample_check::Compare = rule.parse().unwrap();
        let samples = sample_check::load(tmp.path()).unwrap();
        let cargo_passes = sample_check::sample_mismatch("/bin/cat", &samples[0], rule).is_none();
        let (report, code) = sample_diff(
            Path::new("/bin/cat"),
            tmp.path(),
            &["--compare", rule.name()],
        );
        let diff_passes = code == Some(0);
        assert_eq!(
            cargo_passes, diff_passes,
            "{case} under {rule}: cargo test says {cargo_passes}, sample-diff {diff_passes}:\n{report}"
        );
    }
}

/// Waits up to `seconds` for `done`, checking every 20 ms.
fn wait_for(seconds: u64, mut done: impl FnMut() -> bool) -> bool {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while std::time::Instant::now() < until {
        if done() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    done()
}

/// The pid a started process wrote to `pid_file` (within 30 s; `what` names it if it never does).
fn written_pid(pid_file: &Path, what: &str) -> u32 {
    assert!(wait_for(30, || pid_file.exists()), "{what} never started");
    std::fs::read_to_string(pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// Sends Ctrl-C's signal to `child`; its exit status.
fn interrupt(child: &mut std::process::Child) -> Option<i32> {
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    child.wait().unwrap().code()
}

/// Whether the process `pid` is gone within 5 s (or a zombie until its new parent reaps it).
fn gone_soon(pid: u32) -> bool {
    wait_for(5, || {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map_or(true, |stat| stat.contains(") Z "))
    })
}

#[test]
fn ctrl_c_takes_the_judge_down_and_leaves_no_temporary_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "a.in", "1\n");
    write(d, "a.out", "1\n");
    // The judge says where it is, then sleeps far past the test.
    let pid_file = d.join("judge.pid");
    write(
        d,
        "judge.sh",
        &format!(
            "echo $$ > {}.part && mv {0}.part {0}\nexec sleep 60\n",
            pid_file.display()
        ),
    );
    let scratch = d.join("scratch");
    std::fs::create_dir(&scratch).unwrap();
    let mut child = tool()
        .args(["-c", "cat", "--samples"])
        .arg(d)
        .args([
            "--judge-command",
            &format!("sh {}", d.join("judge.sh").display()),
        ])
        .env("TMPDIR", &scratch)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let judge = written_pid(&pid_file, "the judge");
    assert_eq!(interrupt(&mut child), Some(130));
    let left: Vec<_> = std::fs::read_dir(&scratch).unwrap().collect();
    assert!(left.is_empty(), "left in $TMPDIR: {left:?}");
    assert!(gone_soon(judge), "the judge (pid {judge}) still runs");
}

/// Ctrl-C also takes down what a program started in a session of its own (which the group kill
/// misses): by its cgroup, or without one (`JUDGE_KIT_NO_CGROUP=1`, as this file runs a second
/// time) by the mark in its environment, as at a run's normal end.
#[test]
fn ctrl_c_takes_down_a_process_the_program_moved_to_a_new_session() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "a.in", "1\n");
    write(d, "a.out", "1\n");
    let pid_file = d.join("escaped.pid");
    let program = format!(
        "setsid sh -c 'echo $$ > {0}.part && mv {0}.part {0}; exec sleep 60' & sleep 60",
        pid_file.display()
    );
    let mut child = tool()
        .args(["-c", &program, "--samples"])
        .arg(d)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let escaped = written_pid(&pid_file, "the program's process");
    assert_eq!(interrupt(&mut child), Some(130));
    assert!(
        gone_soon(escaped),
        "the process in a new session (pid {escaped}) still runs"
    );
}
