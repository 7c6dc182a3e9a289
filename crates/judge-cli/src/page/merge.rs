//! Adding a page's samples to a problem's samples folder without touching what is there.

use std::collections::HashSet;
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
    /// Its input was there under this case name with no expected output: the `.out` written.
    Completed(String),
}

/// A case to write: its name, the input, the output.
type Write = (String, String, String);

/// The cases in `dir` as (name, input, expected output) in judge text, as `sample-check` reads
/// them (a folder not made yet holds none; an unreadable case matches nothing).
fn existing(dir: &Path) -> Vec<(String, String, Option<String>)> {
    sample_check::load(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|case| case.broken.is_none())
        .map(|case| {
            let output = case.expected.as_deref().map(as_judge_text);
            (case.name, as_judge_text(&case.input), output)
        })
        .collect()
}

/// Adds the page's samples to `dir` as `1.in`/`1.out`, `2.in`, ... in order. A sample already
/// there (under any name) is left alone, and one whose input is there without an output gets
/// its `.out`. A number holding another of the page's samples is never written over: the
/// sample goes to the first free number. A number holding a case the page does not show is
/// refused, with nothing written, unless `force` replaces it. Removes `PLACEHOLDER.md` once
/// samples exist.
pub fn add(dir: &Path, samples: &[PageSample], force: bool) -> Result<Vec<Added>> {
    let have = existing(dir);
    let pages: Vec<(String, String)> = samples
        .iter()
        .map(|s| (as_judge_text(&s.input), as_judge_text(&s.output)))
        .collect();
    let present = |input: &str, output: &str| {
        have.iter()
            .find(|(_, i, o)| i == input && o.as_deref() == Some(output))
            .map(|(name, _, _)| name.clone())
    };
    // Cases that are the page's own samples: whatever else happens, they stay.
    let kept: HashSet<String> = pages.iter().filter_map(|(i, o)| present(i, o)).collect();
    let taken = |name: &str| {
        let path = dir.join(format!("{name}.in"));
        path.exists() || path.with_extension("out").exists()
    };
    let mut planned: HashSet<String> = HashSet::new();
    let mut plan: Vec<(Added, Option<Write>)> = Vec::new();
    let mut conflicts = Vec::new();
    for (i, (input, output)) in pages.into_iter().enumerate() {
        if let Some(same) = present(&input, &output) {
            plan.push((Added::Present(same), None));
            continue;
        }
        let without_output = have
            .iter()
            .find(|(_, i, o)| *i == input && o.is_none())
            .map(|(name, _, _)| name.clone());
        if let Some(name) = without_output {
            planned.insert(name.clone());
            plan.push((Added::Completed(name.clone()), Some((name, input, output))));
            continue;
        }
        let mut name = (i + 1).to_string();
        if kept.contains(&name) || planned.contains(&name) {
            name = (1..)
                .map(|n: usize| n.to_string())
                .find(|n| !taken(n) && !planned.contains(n))
                .expect("a free number");
        }
        let done = if taken(&name) {
            if !force {
                conflicts.push(name.clone());
            }
            Added::Replaced(name.clone())
        } else {
            Added::Written(name.clone())
        };
        planned.insert(name.clone());
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

    #[test]
    fn a_sample_put_in_front_never_takes_the_place_of_the_pages_own() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let (a, b, x) = (
            sample("a\n", "A\n"),
            sample("b\n", "B\n"),
            sample("x\n", "X\n"),
        );
        add(d, &[a.clone(), b.clone()], false).unwrap();
        // The page now shows X first: 1 and 2 are its A and B, so X goes to 3, forced or not.
        for force in [false, true] {
            let done = add(d, &[x.clone(), a.clone(), b.clone()], force).unwrap();
            assert_eq!(
                done[1..],
                [Added::Present("1".into()), Added::Present("2".into())]
            );
            assert_eq!(std::fs::read_to_string(d.join("1.in")).unwrap(), "a\n");
            assert_eq!(std::fs::read_to_string(d.join("3.in")).unwrap(), "x\n");
        }
        assert!(!d.join("4.in").exists());
    }

    #[test]
    fn an_input_without_its_output_gets_the_pages_output() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("1.in"), "1\n").unwrap();
        let done = add(d, &[sample("1\n", "")], false).unwrap();
        assert_eq!(done, [Added::Completed("1".into())]);
        assert_eq!(std::fs::read_to_string(d.join("1.out")).unwrap(), "");
    }
}
