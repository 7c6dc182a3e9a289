//! The sample cases of a problem: `samples/<crate>/<case>.in` with an optional `<case>.out`.
//! A case that cannot be read is kept, with what is wrong with it, so it gets its own verdict.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// One sample case.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The file stem: `1`, `2`, `stress-3fa2c1`, ...
    pub name: String,
    /// Path of the `.in` file.
    pub input_path: PathBuf,
    /// The input text (empty when the case is broken).
    pub input: String,
    /// The expected output, when a `.out` exists.
    pub expected: Option<String>,
    /// Why the case cannot be used, when it cannot.
    pub broken: Option<String>,
}

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

/// Orders `2` before `10`, and numbered samples before named ones.
fn natural_key(name: &str) -> (u8, u64, String) {
    match name.parse::<u64>() {
        Ok(n) => (0, n, String::new()),
        Err(_) => (1, 0, name.to_string()),
    }
}

/// Reads one case file as text, saying in a few words what is wrong when it cannot.
fn read_text(path: &Path) -> Result<String, String> {
    let shown = path.display();
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|e| {
            format!(
                "{shown} is not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            )
        }),
        Err(e) if path.is_dir() => Err(format!("{shown} is a folder, not a file ({e})")),
        Err(e) if e.kind() == ErrorKind::NotFound && path.symlink_metadata().is_ok() => {
            Err(format!("{shown} is a dangling symbolic link"))
        }
        Err(e) => Err(format!("cannot read {shown}: {e}")),
    }
}

/// Loads one case from its `.in` path.
fn load_case(path: PathBuf) -> Sample {
    let name = path
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let out_path = path.with_extension("out");
    let expected = if out_path.symlink_metadata().is_ok() {
        Some(read_text(&out_path))
    } else {
        None
    };
    let (input, expected, broken) = match (read_text(&path), expected) {
        (Ok(input), None) => (input, None, None),
        (Ok(input), Some(Ok(out))) => (input, Some(out), None),
        (Err(why), _) | (_, Some(Err(why))) => (String::new(), None, Some(why)),
    };
    Sample {
        name,
        input_path: path,
        input,
        expected,
        broken,
    }
}

/// Every case in `dir` (files named `*.in`), official (numbered) ones first, in natural order.
/// Only a folder that cannot be listed is an error; an unreadable case is kept as broken.
pub fn load(dir: &Path) -> Result<Vec<Sample>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("reading samples folder {}", dir.display()))?;
    let mut samples: Vec<Sample> = entries
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .map(load_case)
        .collect();
    samples.sort_by_key(|s| natural_key(&s.name));
    Ok(samples)
}

/// The `.out` files in `dir` without an `.in` beside them (a misnamed input, say): no case runs
/// them, which a tool says rather than passes over in silence.
pub fn unpaired_outputs(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "out"))
        .filter(|path| !path.with_extension("in").exists())
        .filter_map(|path| Some(path.file_name()?.to_string_lossy().into_owned()))
        .collect();
    names.sort_by_key(|name| natural_key(name.trim_end_matches(".out")));
    names
}

/// Why a folder gave no cases, in the words every tool prints.
pub fn no_cases(dir: &Path) -> String {
    format!("no cases: no *.in files in {}", dir.display())
}

/// The cases named in `names` (all when empty); a name that is not there is an error that
/// lists the names that are.
pub fn select(samples: Vec<Sample>, names: &[String]) -> Result<Vec<Sample>> {
    if names.is_empty() {
        return Ok(samples);
    }
    for name in names {
        if !samples.iter().any(|s| &s.name == name) {
            let known: Vec<&str> = samples.iter().map(|s| s.name.as_str()).collect();
            bail!("no case named `{name}`; cases: {}", known.join(", "));
        }
    }
    Ok(samples
        .into_iter()
        .filter(|s| names.contains(&s.name))
        .collect())
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
