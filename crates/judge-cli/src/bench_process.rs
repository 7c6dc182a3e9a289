//! The whole-process cost of a problem on its worst input (start, read, solve, print): its
//! bundle compiled like the judge, timed through the judging runner next to an empty program that
//! only reads the same stdin. `scripts/bench-process` prints it; `scripts/bench` records it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Result};

use super::bundle::{write, Options};
use super::check::{limits_for, Compiler};
use super::problems::Problem;
use super::run::{run, Limits, Program};
use super::tools;
use super::verdict::{judge, Verdict};

/// The empty program the problem is timed against: what starting a process and reading the
/// input costs by itself.
pub const EMPTY_READER: &str = "use std::io::Read;\nfn main() {\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n}\n";

/// One problem's measured runs, in the order they ran.
#[derive(Clone, Debug)]
pub struct Samples {
    /// CPU time (user + system) of each run of the problem's binary.
    pub solve: Vec<Duration>,
    /// CPU time of each run of the empty reader, interleaved with the problem's runs.
    pub empty: Vec<Duration>,
    /// Peak memory of each run of the problem's binary, in KiB.
    pub peaks_kib: Vec<u64>,
}

/// The compiler and the compiled empty reader, made once for all the problems measured.
pub struct Bench {
    rustc: Compiler,
    empty: Program,
    work: PathBuf,
}

impl Bench {
    /// Compiles the empty reader with the `rustc` on PATH (as the judge compiles: `-O`) into
    /// `work`, where the problems' binaries go too.
    pub fn new(work: &Path) -> Result<Bench> {
        std::fs::create_dir_all(work)?;
        let rustc = Compiler::probe("rustc").ok_or_else(|| anyhow!("no rustc on PATH"))?;
        let empty_src = work.join("empty.rs");
        std::fs::write(&empty_src, EMPTY_READER)?;
        let empty = Program::Exe(rustc.compile(&empty_src, &work.join("empty"))?);
        Ok(Bench {
            rustc,
            empty,
            work: work.to_path_buf(),
        })
    }

    /// The compiler's version line, e.g. `rustc 1.80.0 (...)`.
    pub fn compiler_version(&self) -> &str {
        &self.rustc.version
    }

    /// Bundles and compiles `problem`, then runs it and the empty reader on its worst input,
    /// interleaved (so a slow moment of the machine weighs on both alike): `warmups` unrecorded
    /// runs each, then `runs` recorded. `None` when the problem has no worst input (no `tools`).
    pub fn measure(
        &self,
        root: &Path,
        problem: &Problem,
        warmups: u64,
        runs: u64,
    ) -> Result<Option<Samples>> {
        let Some(input) = tools::worst_input(root, problem)? else {
            return Ok(None);
        };
        let limits = limits_for(problem);
        let (source, _) = write(root, problem, Options::default())?;
        let exe = Program::Exe(
            self.rustc
                .compile(&source, &self.work.join(&problem.name))?,
        );
        for _ in 0..warmups {
            time_once(&self.empty, input.as_bytes(), &limits)?;
            time_once(&exe, input.as_bytes(), &limits)?;
        }
        let mut samples = Samples {
            solve: Vec::new(),
            empty: Vec::new(),
            peaks_kib: Vec::new(),
        };
        for _ in 0..runs {
            samples
                .empty
                .push(time_once(&self.empty, input.as_bytes(), &limits)?.0);
            let (cpu, peak) = time_once(&exe, input.as_bytes(), &limits)?;
            samples.solve.push(cpu);
            samples.peaks_kib.push(peak);
        }
        Ok(Some(samples))
    }
}

/// One run's CPU time and peak memory; a run the judge would not accept is an error.
fn time_once(program: &Program, input: &[u8], limits: &Limits) -> Result<(Duration, u64)> {
    let outcome = run(program, input, limits)?;
    let verdict = judge(&outcome, limits, None, &Default::default(), Path::new(""));
    if verdict != Verdict::NoExpected {
        bail!(
            "{} on the worst input: {verdict} ({})",
            program.describe(),
            outcome.exit.describe()
        );
    }
    Ok((outcome.cpu, outcome.peak_kib))
}

/// The middle value (the upper one of the two middle values for an even count).
///
/// # Panics
/// When `values` is empty.
pub fn median<T: Ord + Copy>(values: &[T]) -> T {
    let mut sorted = values.to_vec();
    sorted.sort();
    sorted[sorted.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_takes_the_upper_middle_of_an_even_count() {
        assert_eq!(median(&[3, 1, 2]), 2);
        assert_eq!(median(&[4, 1, 3, 2]), 3);
        assert_eq!(median(&[7]), 7);
    }
}
