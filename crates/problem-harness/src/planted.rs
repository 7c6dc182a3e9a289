//! Planted bugs: a problem whose solution is swapped for a wrong one, to prove that the runner
//! catches the bug and shrinks it to a small case.

use std::sync::Arc;
use std::time::Duration;

use super::erased::Erased;
use super::runner::{run, Failure, Outcome, Rng, Settings, Stress};

/// `problem` with its solution replaced by `real`; everything else (generator, reference,
/// shrinker) is the problem's own.
pub struct Planted<P> {
    /// The problem.
    pub problem: P,
    /// The wrong solution.
    pub real: fn(&str) -> Result<String, String>,
}

impl<P: Stress> Stress for Planted<P> {
    type Case = P::Case;

    fn default_size(&self) -> usize {
        self.problem.default_size()
    }
    fn generate(&self, rng: &mut Rng, size: usize) -> P::Case {
        self.problem.generate(rng, size)
    }
    fn input(&self, case: &P::Case) -> String {
        self.problem.input(case)
    }
    fn reference(&self, case: &P::Case) -> String {
        self.problem.reference(case)
    }
    fn real(&self, input: &str) -> Result<String, String> {
        (self.real)(input)
    }
    fn shrink(&self, case: &P::Case) -> Vec<P::Case> {
        self.problem.shrink(case)
    }
    fn describe(&self, case: &P::Case) -> String {
        self.problem.describe(case)
    }
    fn worst(&self) -> String {
        self.problem.worst()
    }
}

/// Runs `problem` with the wrong solution `real` on `cases` cases of seed 1 at `size` and
/// returns the shrunk failure.
///
/// # Panics
/// When every case agrees (the planted bug went unnoticed) or a case hangs.
pub fn expect_caught<P: Stress>(
    problem: P,
    real: fn(&str) -> Result<String, String>,
    cases: u64,
    size: usize,
) -> Failure {
    let settings = Settings {
        cases,
        seed: 1,
        size,
        jobs: 2,
        case_timeout: Duration::from_secs(60),
    };
    let planted = Erased::new(Planted { problem, real });
    match run(Arc::new(planted), settings, &|_| {}).outcome {
        Outcome::Disagreed(failure) => {
            assert_ne!(failure.expected, failure.actual);
            assert!(failure.input.len() <= failure.shrunk_from);
            failure
        }
        other => panic!("the planted bug was not caught: {other:?}"),
    }
}
