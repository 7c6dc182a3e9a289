//! What a sample folder is: `samples/<crate>/<case>.in` with an optional `<case>.out`,
//! numbered cases first in natural order (`2` before `10`), then named ones. A case that cannot
//! be read is kept, with what is wrong with it, so it gets its own verdict. The cargo sample
//! tests, `sample-diff`, the bundle check and the tools all load samples here.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// One sample case.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The file stem: `1`, `2`, `stress-3fa2c1`, ...
    pub name: String,
    /// Path of the `.in` file.
    pub input_path: PathBuf,
    /// The input text (empty when the case is broken).
    pub input: String,
    /// The expected output, when a `.out` exists, its `\r\n` line ends read as `\n` (a sample
    /// copied from a web page on Windows asks for no `\r`: the judge reads lines either way).
    pub expected: Option<String>,
    /// Why the case cannot be used, when it cannot.
    pub broken: Option<String>,
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
    // Opening a FIFO (or a device) would wait for a writer that never comes: only what is a
    // regular file once links are followed is read.
    if let Ok(meta) = std::fs::metadata(path) {
        if !meta.is_file() && !meta.is_dir() {
            return Err(format!(
                "{shown} is not a regular file (a pipe or a device?)"
            ));
        }
    }
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
        (Ok(input), Some(Ok(out))) => (input, Some(out.replace("\r\n", "\n")), None),
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
/// Only a folder that cannot be listed is an error; an unreadable case is kept as broken, and
/// so is a `.out` with no `.in` beside it (a misnamed input, say), which would otherwise run
/// nowhere: every tool and the cargo sample test fail on it alike.
pub fn load(dir: &Path) -> Result<Vec<Sample>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("reading samples folder {}: {e}", dir.display()))?;
    let mut samples: Vec<Sample> = entries
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .map(load_case)
        .collect();
    for out in unpaired_outputs(dir) {
        let name = out.trim_end_matches(".out").to_string();
        samples.push(Sample {
            input_path: dir.join(format!("{name}.in")),
            input: String::new(),
            expected: None,
            broken: Some(format!(
                "{} has no {name}.in beside it, so no case runs it (a misnamed input?)",
                dir.join(&out).display()
            )),
            name,
        });
    }
    samples.sort_by_key(|s| natural_key(&s.name));
    Ok(samples)
}

/// Writes one case as `<name>.in` and `<name>.out` in `dir` (made if missing), the pair every
/// reader of a samples folder looks for; returns the `.in` path.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("sample-check-doc-{}", std::process::id()));
/// let input = sample_check::write_case(&dir, "7", "1 2\n", "3\n").unwrap();
/// let cases = sample_check::load(&dir).unwrap();
/// assert_eq!((cases[0].name.as_str(), cases[0].expected.as_deref()), ("7", Some("3\n")));
/// assert_eq!(input, dir.join("7.in"));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_case(dir: &Path, name: &str, input: &str, expected: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let input_path = dir.join(format!("{name}.in"));
    for (path, text) in [
        (input_path.clone(), input),
        (input_path.with_extension("out"), expected),
    ] {
        std::fs::write(&path, text).map_err(|e| format!("writing {}: {e}", path.display()))?;
    }
    Ok(input_path)
}

/// The `.out` files in `dir` without an `.in` beside them (a misnamed input, say): no case runs
/// them, so [`load`] gives each as a broken case rather than pass over it in silence.
fn unpaired_outputs(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "out"))
        .filter(|path| path.with_extension("in").symlink_metadata().is_err())
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
pub fn select(samples: Vec<Sample>, names: &[String]) -> Result<Vec<Sample>, String> {
    if names.is_empty() {
        return Ok(samples);
    }
    for name in names {
        if !samples.iter().any(|s| &s.name == name) {
            let known: Vec<&str> = samples.iter().map(|s| s.name.as_str()).collect();
            return Err(format!(
                "no case named `{name}`; cases: {}",
                known.join(", ")
            ));
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
        // A named pipe would block the reader for good: refused without opening it.
        let made = std::process::Command::new("mkfifo")
            .arg(d.join("pipe.in"))
            .status()
            .unwrap();
        assert!(made.success());
        let cases = load(d).unwrap();
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            ["1", "badout", "bytes", "dangling", "folder", "pipe"]
        );
        assert!(cases[5]
            .broken
            .as_deref()
            .unwrap()
            .ends_with("pipe.in is not a regular file (a pipe or a device?)"));
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
