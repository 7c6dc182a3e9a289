//! The sample cases of a problem: `samples/<crate>/<case>.in` with an optional `<case>.out`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// One sample case.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The file stem: `1`, `2`, `stress-3fa2c1`, ...
    pub name: String,
    /// Path of the `.in` file.
    pub input_path: PathBuf,
    /// The input text.
    pub input: String,
    /// The expected output, when a `.out` exists.
    pub expected: Option<String>,
}

/// Orders `2` before `10`, and numbered samples before named ones.
fn natural_key(name: &str) -> (u8, u64, String) {
    match name.parse::<u64>() {
        Ok(n) => (0, n, String::new()),
        Err(_) => (1, 0, name.to_string()),
    }
}

/// Every sample in `dir`, official (numbered) ones first, in natural order.
pub fn load(dir: &Path) -> Result<Vec<Sample>> {
    let mut samples = Vec::new();
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("reading samples folder {}", dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let name = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let input = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        let out_path = path.with_extension("out");
        let expected = if out_path.is_file() {
            Some(
                std::fs::read_to_string(&out_path)
                    .with_context(|| format!("reading {}", out_path.display()))?,
            )
        } else {
            None
        };
        samples.push(Sample {
            name,
            input_path: path,
            input,
            expected,
        });
    }
    samples.sort_by_key(|s| natural_key(&s.name));
    Ok(samples)
}
