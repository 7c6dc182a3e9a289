//! Proving a bundle: compile it alone with plain rustc (current and the judge floor), run every
//! sample through each binary, and hold it to the judge's source size limit.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Result;

pub use super::compiler::{compilers, floor_compiler_path, Compiler, DEBIAN_RUSTC};
use super::problems::Problem;
use super::run::{judge, run_program, Outcome};
use super::samples::{self, Sample};
use super::verdict::Verdict;

/// One sample run through one compiled bundle.
#[derive(Clone, Debug)]
pub struct SampleResult {
    /// The sample.
    pub sample: Sample,
    /// What the program did.
    pub outcome: Outcome,
    /// The judge's verdict.
    pub verdict: Verdict,
}

/// What one compiler made of a bundle.
#[derive(Clone, Debug)]
pub struct CompilerResult {
    /// The compiler's version line.
    pub version: String,
    /// How long compiling took.
    pub compile_time: Duration,
    /// Every sample's result.
    pub samples: Vec<SampleResult>,
}

/// Compiles `source_path` with each compiler in a fresh temporary folder and runs every sample
/// of `problem` through the result with the judge's limits.
pub fn check_bundle(
    root: &Path,
    problem: &Problem,
    source_path: &Path,
    compilers: &[Compiler],
) -> Result<Vec<CompilerResult>> {
    let samples = samples::load(&problem.samples_dir(root))?;
    let time_limit = Duration::from_millis(problem.judge.time_limit_ms);
    let memory_kib = problem.judge.memory_limit_mb * 1024;
    let mut results = Vec::new();
    for compiler in compilers {
        let dir = tempfile::tempdir()?;
        let alone = dir.path().join("main.rs");
        std::fs::copy(source_path, &alone)?;
        let start = Instant::now();
        let exe = compiler.compile(&alone, dir.path())?;
        let compile_time = start.elapsed();
        let mut runs = Vec::new();
        for sample in &samples {
            let outcome = run_program(&exe, sample.input.as_bytes(), time_limit)?;
            let verdict = judge(&outcome, sample.expected.as_deref(), time_limit, memory_kib);
            runs.push(SampleResult {
                sample: sample.clone(),
                outcome,
                verdict,
            });
        }
        results.push(CompilerResult {
            version: compiler.version.clone(),
            compile_time,
            samples: runs,
        });
    }
    Ok(results)
}
