//! Adding a page's samples to a problem's samples folder without touching what is there.

use std::path::Path;

use anyhow::{bail, Context, Result};

use super::PageSample;
use crate::samples::as_judge_text;

/// What adding did to one sample of the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Added {
    /// Written as `<n>.in` / `<n>.out`.
    Written(String),
    /// Already there under this case name, byte for byte: left alone.
    Present(String),
    /// Different content at this number, replaced (`force`).
    Replaced(String),
}

/// A case to write: its name, the input, the output.
type Write = (String, String, String);

/// The cases in `dir` as (name, input, output) in judge text, as `sample-check` reads them (a
/// folder not made yet holds none; an unreadable case matches nothing).
fn existing(dir: &Path) -> Vec<(String, String, String)> {
    sample_check::load(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|case| case.broken.is_none())
        .map(|case| {
            let output = as_judge_text(case.expected.as_deref().unwrap_or(""));
            (case.name, as_judge_text(&case.input), output)
        })
        .collect()
}

/// Adds the page's samples to `dir` as `1.in`/`1.out`, `2.in`, ... in order. A sample already
/// there (under any name) is left alone; a number holding another sample is refused, with
/// nothing written, unless `force` replaces it. Removes `PLACEHOLDER.md` once samples exist.
pub fn add(dir: &Path, samples: &[PageSample], force: bool) -> Result<Vec<Added>> {
    let have = existing(dir);
    let mut plan: Vec<(Added, Option<Write>)> = Vec::new();
    let mut conflicts = Vec::new();
    for (i, sample) in samples.iter().enumerate() {
        let name = (i + 1).to_string();
        let (input, output) = (as_judge_text(&sample.input), as_judge_text(&sample.output));
        if let Some((same, _, _)) = have.iter().find(|(_, i, o)| *i == input && *o == output) {
            plan.push((Added::Present(same.clone()), None));
            continue;
        }
        let path = dir.join(format!("{name}.in"));
        let taken = path.exists() || path.with_extension("out").exists();
        if taken && !force {
            conflicts.push(name.clone());
        }
        let done = if taken {
            Added::Replaced(name.clone())
        } else {
            Added::Written(name.clone())
        };
        plan.push((done, Some((name, input, output))));
    }
    if !conflicts.is_empty() {
        bail!(
            "{} already holds another sample as {}: nothing written (--force replaces them)",
            dir.display(),
            conflicts
                .iter()
                .map(|n| format!("{n}.in/{n}.out"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for (_, write) in &plan {
        if let Some((name, input, output)) = write {
            sample_check::write_case(dir, name, input, output).map_err(anyhow::Error::msg)?;
        }
    }
    let placeholder = dir.join("PLACEHOLDER.md");
    if placeholder.exists() && !existing(dir).is_empty() {
        std::fs::remove_file(&placeholder)
            .with_context(|| format!("removing {}", placeholder.display()))?;
    }
    Ok(plan.into_iter().map(|(done, _)| done).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(input: &str, output: &str) -> PageSample {
        PageSample {
            input: input.into(),
            output: output.into(),
        }
    }

    #[test]
    fn present_samples_are_skipped_and_others_refused_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("PLACEHOLDER.md"), "none yet").unwrap();
        let page = [sample("1 2", "3"), sample("5 5 \n\n", "")];
        let done = add(d, &page, false).unwrap();
        assert_eq!(
            done,
            [Added::Written("1".into()), Added::Written("2".into())]
        );
        assert!(!d.join("PLACEHOLDER.md").exists());
        assert_eq!(std::fs::read_to_string(d.join("1.in")).unwrap(), "1 2\n");
        assert_eq!(std::fs::read_to_string(d.join("2.in")).unwrap(), "5 5 \n\n");
        assert_eq!(std::fs::read_to_string(d.join("2.out")).unwrap(), "");
        // Again: both present. Kept under another name: still present.
        std::fs::rename(d.join("1.in"), d.join("official.in")).unwrap();
        std::fs::rename(d.join("1.out"), d.join("official.out")).unwrap();
        let again = add(d, &page, false).unwrap();
        assert_eq!(
            again,
            [
                Added::Present("official".into()),
                Added::Present("2".into())
            ]
        );
        assert!(!d.join("1.in").exists());
        // A different sample at number 2: refused, nothing written; forced, replaced.
        let changed = [
            sample("1 2", "3"),
            sample("7\n", "7\n"),
            sample("8\n", "8\n"),
        ];
        let refused = add(d, &changed, false).unwrap_err().to_string();
        assert!(refused.ends_with("already holds another sample as 2.in/2.out: nothing written (--force replaces them)"), "{refused}");
        assert!(!d.join("3.in").exists());
        let forced = add(d, &changed, true).unwrap();
        assert_eq!(forced[1], Added::Replaced("2".into()));
        assert_eq!(forced[2], Added::Written("3".into()));
        assert_eq!(std::fs::read_to_string(d.join("2.out")).unwrap(), "7\n");
    }
}
