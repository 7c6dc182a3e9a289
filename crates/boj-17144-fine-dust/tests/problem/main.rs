//! This problem's tests in one binary (each test binary is a compile and a link of its own):
//! the rules' corners and the samples through the judge binary; with `tools`, the trace of
//! every sample as snapshots.

mod rules;
mod samples;
#[cfg(feature = "tools")]
mod trace;
