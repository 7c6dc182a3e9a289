//! The everyday tools of this workspace, as library code under thin binaries:
//! `bundle` (one judge-ready file per problem), `sample-diff` (samples run like the judge).

pub mod bundle;
pub mod check;
pub mod cli;
pub mod compiler;
pub mod problems;
pub mod run;
pub mod sample_diff;
pub mod samples;
pub mod stress;
pub mod verdict;
