//! Temporary folders that do not outlive the tool: removed when dropped, and also when Ctrl-C
//! or a `kill` stops the tool, where no destructor runs.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The folders of the [`ScratchDir`]s alive now.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A temporary folder (under `$TMPDIR`) that a stopped tool removes too.
///
/// ```
/// let dir = judge_runner::ScratchDir::new().unwrap();
/// std::fs::write(dir.path().join("a"), "1").unwrap();
/// let path = dir.path().to_path_buf();
/// drop(dir);
/// assert!(!path.exists());
/// ```
pub struct ScratchDir {
    dir: tempfile::TempDir,
}

impl ScratchDir {
    /// Makes the folder, and makes sure a stopped tool removes it.
    pub fn new() -> std::io::Result<ScratchDir> {
        super::run::stop_runs_when_stopped();
        let dir = tempfile::tempdir()?;
        lock().push(dir.path().to_path_buf());
        Ok(ScratchDir { dir })
    }

    /// Where the folder is.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        lock().retain(|p| p != self.dir.path());
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every live scratch folder: the tool is stopping (its runs killed first, so nothing
/// writes there any more).
pub(crate) fn remove_all() {
    let live: Vec<PathBuf> = lock().drain(..).collect();
    for dir in live {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Only the list: `remove_all` would take the folders of other tests running beside this
    // one (sample-diff's tests stop a tool and look at its $TMPDIR).
    #[test]
    fn the_live_folders_are_listed_until_dropped() {
        let live = ScratchDir::new().unwrap();
        let gone = ScratchDir::new().unwrap();
        let gone_path = gone.path().to_path_buf();
        drop(gone);
        assert!(!gone_path.exists());
        let listed = lock().clone();
        assert!(listed.iter().any(|p| p == live.path()));
        assert!(!listed.contains(&gone_path));
    }
}
