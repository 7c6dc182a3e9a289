//! The bundler (the `judge-bundler` crate) over this workspace's problems: each call takes a
//! [`Problem`] and hands the bundler its crate ([`Problem::bundle_target`]).

use std::path::{Path, PathBuf};

use anyhow::Result;

pub use judge_bundler::{Bundle, Options, Refusal, RefusalKind};

use super::problems::Problem;

/// Where `scripts/bundle` writes a problem's bundle: `<root>/target/bundle/<problem>.rs`.
pub fn output_path(root: &Path, problem: &Problem) -> PathBuf {
    judge_bundler::output_path(root, &problem.bundle_target())
}

/// Builds `problem`'s bundle and writes it to [`output_path`], returning both (see
/// [`bundle_sound`] for what is written when pruning went wrong).
pub fn write(root: &Path, problem: &Problem, options: Options) -> Result<(PathBuf, Bundle)> {
    judge_bundler::write(root, &problem.bundle_target(), options)
}

/// [`bundle`], with the whole crates instead when the pruned file does not type-check but they
/// do (see [`judge_bundler::bundle_sound`]).
pub fn bundle_sound(root: &Path, problem: &Problem, options: Options) -> Result<Bundle> {
    judge_bundler::bundle_sound(root, &problem.bundle_target(), options)
}

/// Builds the single-file submission for `problem`; what it cannot bundle is a [`Refusal`]
/// naming the construct and its `file:line` (relative to `root`).
pub fn bundle(root: &Path, problem: &Problem, options: Options) -> Result<Bundle> {
    judge_bundler::bundle(root, &problem.bundle_target(), options)
}
