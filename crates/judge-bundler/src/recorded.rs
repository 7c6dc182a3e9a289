//! What a pass learns from the disk (each source file's text, whether a path is a file),
//! recorded while [`recording`] runs, so that its result can be reused for as long as
//! [`still_holds`] says the disk answers the same. A leaf: it imports no other module of the
//! bundler.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

/// One answer the disk gave.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    /// The file's text, or `None` when it could not be read as text.
    Text(Option<String>),
    /// Whether the path was a file.
    IsFile(bool),
}

/// One question put to the disk, with its answer.
#[derive(Clone, Debug)]
pub(super) struct Observation {
    path: PathBuf,
    answer: Answer,
}

impl Observation {
    /// The same question asked again now.
    fn asked_again(&self) -> Answer {
        match self.answer {
            Answer::Text(_) => Answer::Text(std::fs::read_to_string(&self.path).ok()),
            Answer::IsFile(_) => Answer::IsFile(self.path.is_file()),
        }
    }
}

thread_local! {
    /// The observations of the recording running on this thread, if one is.
    static RECORDING: RefCell<Option<Vec<Observation>>> = const { RefCell::new(None) };
}

fn note(path: &Path, answer: Answer) {
    RECORDING.with(|r| {
        if let Some(seen) = r.borrow_mut().as_mut() {
            seen.push(Observation {
                path: path.to_path_buf(),
                answer,
            });
        }
    });
}

/// `std::fs::read_to_string`, recorded.
pub(super) fn read_to_string(path: &Path) -> std::io::Result<String> {
    let read = std::fs::read_to_string(path);
    note(path, Answer::Text(read.as_ref().ok().cloned()));
    read
}

/// `path.is_file()`, recorded.
pub(super) fn is_file(path: &Path) -> bool {
    let is = path.is_file();
    note(path, Answer::IsFile(is));
    is
}

/// Runs `f`, returning its result and what it asked the disk. A recording inside another
/// one also counts toward the outer.
pub(super) fn recording<T>(f: impl FnOnce() -> T) -> (T, Vec<Observation>) {
    let outer = RECORDING.with(|r| r.borrow_mut().replace(Vec::new()));
    let value = f();
    let seen = RECORDING.with(|r| {
        let mut r = r.borrow_mut();
        let seen = r.take().unwrap_or_default();
        *r = outer.map(|mut o| {
            o.extend(seen.iter().cloned());
            o
        });
        seen
    });
    (value, seen)
}

/// Whether the disk still answers every question of `seen` as it did.
pub(super) fn still_holds(seen: &[Observation]) -> bool {
    seen.iter().all(|o| o.asked_again() == o.answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recording_holds_until_a_file_it_read_or_probed_changes() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.rs"), dir.path().join("b.rs"));
        std::fs::write(&a, "fn a() {}").unwrap();
        let ((), seen) = recording(|| {
            assert_eq!(read_to_string(&a).unwrap(), "fn a() {}");
            assert!(!is_file(&b));
        });
        assert_eq!(seen.len(), 2);
        assert!(still_holds(&seen));
        std::fs::write(&b, "").unwrap();
        assert!(!still_holds(&seen), "a probed path became a file");
        std::fs::remove_file(&b).unwrap();
        assert!(still_holds(&seen));
        std::fs::write(&a, "fn a() { }").unwrap();
        assert!(!still_holds(&seen), "a read file changed");
    }

    #[test]
    fn nothing_is_recorded_outside_a_recording_and_inner_ones_count_for_the_outer() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.rs");
        assert!(!is_file(&a));
        let ((), outer) = recording(|| {
            assert!(!is_file(&a));
            let ((), inner) = recording(|| assert!(read_to_string(&a).is_err()));
            assert_eq!(inner.len(), 1);
        });
        assert_eq!(outer.len(), 2);
        std::fs::write(&a, "").unwrap();
        assert!(!still_holds(&outer), "a file that failed to read now reads");
    }
}
