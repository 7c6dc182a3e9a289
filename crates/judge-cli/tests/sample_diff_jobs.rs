//! sample-diff's parallel runs judged by CPU time: the same verdicts at any `-j` (moved here
//! from the runner's tests, as it runs cases through `sample_diff::run_cases`; its program is
//! the runner's `burn` fixture).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use judge_cli::sample_diff::run_cases;
use judge_cli::samples::Sample;
use judge_runner::{Checker, Limits, Program, Verdict};

/// The runner's `burn` fixture (burns the CPU milliseconds its input names), compiled.
fn burn(dir: &Path) -> Program {
    let src =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge-runner/tests/fixtures/runner/burn.c");
    let exe = dir.join("burn");
    let ok = Command::new("gcc")
        .args(["-O1", "-o"])
        .arg(&exe)
        .arg(src)
        .status()
        .unwrap();
    assert!(ok.success(), "gcc burn");
    Program::Exe(exe)
}

fn cases(dir: &Path, n: usize, input: &str, expected: &str) -> Vec<Sample> {
    (0..n)
        .map(|i| {
            let path = dir.join(format!("{i}.in"));
            std::fs::write(&path, input).unwrap();
            Sample {
                name: i.to_string(),
                input_path: path,
                input: input.into(),
                expected: Some(expected.into()),
                broken: None,
            }
        })
        .collect()
}

#[test]
fn cpu_time_decides_so_700_ms_under_1_s_is_ac_at_j1_and_at_j8() {
    let tmp = tempfile::tempdir().unwrap();
    let burn = burn(tmp.path());
    let samples = cases(tmp.path(), 8, "700\n", "ok\n");
    let limits = Limits::judge(Duration::from_secs(1), 256);
    for jobs in [1, 8] {
        let chosen = if jobs == 1 {
            &samples[..2]
        } else {
            &samples[..]
        };
        let start = Instant::now();
        let results = run_cases(&burn, chosen, limits, &Checker::default(), jobs).unwrap();
        let times: Vec<String> = results
            .iter()
            .map(|r| format!("{:?} {:.0}/{:.0} ms", r.verdict, r.time_ms, r.wall_ms))
            .collect();
        println!(
            "700 ms CPU at -j {jobs} ({:.1} s): CPU/wall {}",
            start.elapsed().as_secs_f64(),
            times.join(", ")
        );
        for r in &results {
            assert_eq!(r.verdict, Verdict::Accepted, "-j {jobs}: {r:?}");
            assert!(r.time_ms >= 690.0 && r.time_ms < 1000.0, "{r:?}");
        }
    }
}
