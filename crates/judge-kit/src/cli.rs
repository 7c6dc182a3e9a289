//! What every tool's `main` shares: exit statuses that say what happened.

use std::process::ExitCode;

/// Maps a tool's outcome to its exit status: 0 when everything passed, 1 when a check failed,
/// 2 (with one `tool: message` line on stderr) when the tool could not do its job at all.
pub fn exit_status(tool: &str, outcome: anyhow::Result<bool>) -> ExitCode {
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{tool}: {e:#}");
            ExitCode::from(2)
        }
    }
}
