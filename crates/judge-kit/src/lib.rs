//! The everyday tools of this workspace, as library code under thin binaries:
//! `bundle` (one judge-ready file per problem), `sample-diff` (samples run like the judge),
//! `stress` and `bench-process` (through each problem's own tools binary), `new` (a new problem).
//! The runner the judging tools share is the `judge-runner` crate.

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
pub mod tools;

// The runner, under the module names this crate's modules reach it by (`super::run::Limits`).
use judge_runner as run;
use judge_runner as verdict;
