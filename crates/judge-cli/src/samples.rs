//! The sample cases of a problem, as `sample-check` defines them (the one definition the cargo
//! sample tests use too): `samples/<crate>/<case>.in` with an optional `<case>.out`, numbered
//! cases first in natural order; a case that cannot be read is kept, with what is wrong with it.

use std::path::Path;

use anyhow::Result;

pub use sample_check::{no_cases, Sample};

/// A sample as the judge's files hold it: `\n` line ends and a final line break (an empty
/// text stays empty). Samples copied from a web page often have `\r\n` or lack the last
/// break; the sample tests compare byte for byte, so such a `.out` would fail a right answer
/// that the judge (and `scripts/sample-diff`, `scripts/bundle --check`) accept.
///
/// ```
/// assert_eq!(judge_cli::samples::as_judge_text("1 \r\n2"), "1 \n2\n");
/// assert_eq!(judge_cli::samples::as_judge_text(""), "");
/// ```
pub fn as_judge_text(text: &str) -> String {
    let mut text = text.replace("\r\n", "\n");
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Every case in `dir`; only a folder that cannot be listed is an error.
pub fn load(dir: &Path) -> Result<Vec<Sample>> {
    sample_check::load(dir).map_err(anyhow::Error::msg)
}

/// The cases named in `names` (all when empty); a name that is not there is an error that
/// lists the names that are.
pub fn select(samples: Vec<Sample>, names: &[String]) -> Result<Vec<Sample>> {
    sample_check::select(samples, names).map_err(anyhow::Error::msg)
}
