//! Proving a bundle: compile it alone with plain rustc (current and the judge floor), run every
//! sample through each binary with the shared runner, and hold it to the judge's source size limit.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Result;

pub use super::compiler::{compilers, floor_compiler_path, Compiled, Compiler, DEBIAN_RUSTC};
use super::problems::Problem;
use super::run::{Limits, Program};
use super::sample_diff::{run_case, CaseResult};
use super::samples::{self, Sample};
use super::verdict::{Checker, Verdict};

/// One sample run through one compiled bundle.
#[derive(Clone, Debug)]
pub struct SampleResult {
    /// The sample.
    pub sample: Sample,
    /// What the program did and how it was judged.
    pub outcome: CaseResult,
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
    /// The compiler's messages when it refused the file (paths as given, e.g. `target/bundle/...`).
    pub compile_error: Option<String>,
    /// Its warnings when it compiled the file.
    pub warnings: String,
    /// Every sample's result (none when it did not compile).
    pub samples: Vec<SampleResult>,
}

impl CompilerResult {
    /// Whether it compiled and every sample was accepted.
    pub fn passed(&self) -> bool {
        self.compile_error.is_none()
            && !self.samples.is_empty()
            && self.samples.iter().all(|s| s.verdict.passed())
    }
}

/// How a problem's answers are checked, from its metadata.
pub fn checker_for(problem: &Problem) -> Checker {
    Checker {
        compare: problem.judge.compare,
        ..Checker::default()
    }
}

/// A problem's judge limits.
pub fn limits_for(problem: &Problem) -> Limits {
    Limits::judge(
        Duration::from_millis(problem.judge.time_limit_ms),
        problem.judge.memory_limit_mb,
    )
}

/// Compiles the bundle at `source_path` in place with each compiler (so messages point into that
/// file) and runs every sample of `problem` through each binary with the judge's limits. A
/// compile error is reported in the result, not as an error, so every compiler is tried.
pub fn check_bundle(
    root: &Path,
    problem: &Problem,
    source_path: &Path,
    compilers: &[Compiler],
) -> Result<Vec<CompilerResult>> {
    let samples = samples::load(&problem.samples_dir(root))?;
    let limits = limits_for(problem);
    let checker = checker_for(problem);
    let shown = source_path.strip_prefix(root).unwrap_or(source_path);
    let mut results = Vec::new();
    for compiler in compilers {
        let dir = judge_runner::ScratchDir::new()?;
        let start = Instant::now();
        let compiled = compiler.compile_in(shown, root, dir.path())?;
        let compile_time = start.elapsed();
        let mut runs = Vec::new();
        if let Some(exe) = &compiled.exe {
            for sample in &samples {
                let result = run_case(&Program::Exe(exe.clone()), sample, &limits, &checker)?;
                runs.push(SampleResult {
                    sample: sample.clone(),
                    verdict: result.verdict,
                    outcome: result,
                });
            }
        }
        let failed = compiled.exe.is_none();
        results.push(CompilerResult {
            version: compiler.version.clone(),
            compile_time,
            compile_error: failed.then(|| compiled.messages.clone()),
            warnings: if failed {
                String::new()
            } else {
                compiled.messages
            },
            samples: runs,
        });
    }
    Ok(results)
}
