//! The sample cases of a problem, as `sample-check` defines them (the one definition the cargo
//! sample tests use too): `samples/<crate>/<case>.in` with an optional `<case>.out`, numbered
//! cases first in natural order; a case that cannot be read is kept, with what is wrong with it.

use std::path::Path;

use anyhow::Result;

pub use sample_check::{no_cases, unpaired_outputs, Sample};

/// A sample as the judge's files hold it: `\n` line ends and a final line break (an empty
/// text stays empty). Samples copied from a web page often have `\r\n` or lack the last
/// break; the sample tests compare byte for byte, so such a `.out` would fail a right answer
/// that the judge (and `scripts/sample-diff`, `scripts/bundle --check`) accept.
///
/// ```
/// assert_eq!(judge_kit::samples::as_judge_text("1 \r\n2"), "1 \n2\n");
/// assert_eq!(judge_kit::samples::as_judge_text(""), "");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_cases_are_kept_with_the_reason() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("1.in"), "1\n").unwrap();
        std::fs::write(d.join("1.out"), "1\n").unwrap();
        std::fs::write(d.join("bytes.in"), [0xff, 0xfe]).unwrap();
        std::fs::create_dir(d.join("folder.in")).unwrap();
        std::os::unix::fs::symlink(d.join("nowhere"), d.join("dangling.in")).unwrap();
        std::fs::write(d.join("badout.in"), "1\n").unwrap();
        std::fs::write(d.join("badout.out"), [0xc3]).unwrap();
        let cases = load(d).unwrap();
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["1", "badout", "bytes", "dangling", "folder"]);
        assert!(cases[0].broken.is_none());
        let why = |i: usize| cases[i].broken.clone().unwrap();
        assert!(why(1).ends_with("badout.out is not UTF-8 text (invalid byte at offset 0)"));
        assert!(why(2).contains("bytes.in is not UTF-8"), "{}", why(2));
        assert!(why(3).ends_with("dangling.in is a dangling symbolic link"));
        assert!(why(4).contains("folder.in is a folder, not a file"));
    }

    #[test]
    fn outputs_without_an_input_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for name in ["1.in", "1.out", "2.out", "10.out", "x.in"] {
            std::fs::write(d.join(name), "").unwrap();
        }
        assert_eq!(unpaired_outputs(d), ["2.out", "10.out"]);
    }

    #[test]
    fn picking_an_unknown_case_lists_the_known_ones() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("2.in"), "").unwrap();
        std::fs::write(dir.path().join("10.in"), "").unwrap();
        let err = select(load(dir.path()).unwrap(), &["3".into()]).unwrap_err();
        assert_eq!(err.to_string(), "no case named `3`; cases: 2, 10");
    }
}
