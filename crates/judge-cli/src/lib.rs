//! The everyday tools of this workspace, as library code under thin binaries:
//! `bundle` (one judge-ready file per problem), `sample-diff` (samples run like the judge),
//! `stress` and `bench-process` (through each problem's own tools binary), `bench` (a measurement
//! history), `new` (a new problem), `run-tests` (the test binaries a few at a time). The runner the
//! judging tools share is the `judge-runner` crate; the bundler is `judge-bundler`.

pub mod bench_history;
pub mod bench_process;
pub mod bundle;
pub mod cargo;
pub mod check;
pub mod cli;
pub mod compiler;
pub mod page;
pub mod problems;
pub mod sample_diff;
pub mod samples;
pub mod scaffold;
pub mod test_pool;
pub mod tools;

// The runner, under the module names this crate's modules reach it by (`super::run::Limits`).
use judge_runner as run;
use judge_runner as verdict;
