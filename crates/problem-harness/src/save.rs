//! Saving a counterexample as a regression sample a reader can place.

use std::path::{Path, PathBuf};

use anyhow::{Error, Result};

use super::runner::Failure;

/// The file stem of a saved counterexample: `stress-<size>-seed<S>-case<I>`, e.g.
/// `stress-3x3-seed1-case417` (the case a rerun with that seed finds first).
///
/// ```
/// assert_eq!(problem_harness::save::stem("3x3", 1, 417), "stress-3x3-seed1-case417");
/// assert_eq!(problem_harness::save::stem("", 7, 0), "stress-seed7-case0");
/// ```
pub fn stem(size: &str, seed: u64, case_index: u64) -> String {
    let size: String = size
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    if size.is_empty() {
        format!("stress-seed{seed}-case{case_index}")
    } else {
        format!("stress-{size}-seed{seed}-case{case_index}")
    }
}

/// Writes `<stem>.in` (the shrunk input) and `<stem>.out` (the reference's answer) into `dir`
/// and returns the `.in` path.
pub fn save(dir: &Path, failure: &Failure, seed: u64) -> Result<PathBuf> {
    let stem = stem(&failure.size, seed, failure.case_index);
    sample_check::write_case(dir, &stem, &failure.input, &failure.expected).map_err(Error::msg)
}
