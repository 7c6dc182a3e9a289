//! What every tool's `main` shares: exit statuses that say what happened.

use std::process::ExitCode;

/// Maps a tool's outcome to its exit status: 0 when everything passed, 1 when a check failed,
/// 2 (with one `tool: message` line on stderr) when the tool could not do its job at all.
pub fn exit_status(tool: &str, outcome: anyhow::Result<bool>) -> ExitCode {
    // Stopped by Ctrl-C, the runs it killed may have ended the work: the stop ends the tool.
    judge_runner::wait_if_stopping();
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{tool}: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Makes a reader that goes away (`scripts/samples ... | head -1`) end the tool quietly, as it
/// ends `cat`: `println!` panics when stdout is a closed pipe, which printed a backtrace. Exit
/// status 141, a shell's for a program a closed pipe stopped. Other panics are reported as
/// before.
pub fn quiet_when_stdout_closes() {
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        before(info);
    }));
}

/// Writes `text` to stdout and flushes; a reader that went away (`| head`) ends the output
/// quietly instead of failing.
pub fn emit(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// The variable the `scripts/` wrappers set to the folder the user stood in before they change
/// to the workspace root.
pub const USER_DIR_VAR: &str = "JUDGE_KIT_CWD";

/// Moves back into the folder the user called the tool from (`$JUDGE_KIT_CWD`, set by the
/// `scripts/` wrappers), so relative paths mean what the user typed.
pub fn enter_user_dir() -> anyhow::Result<()> {
    if let Some(dir) = std::env::var_os(USER_DIR_VAR) {
        std::env::set_current_dir(&dir).map_err(|e| {
            anyhow::anyhow!("cannot enter {}: {e}", std::path::Path::new(&dir).display())
        })?;
    }
    Ok(())
}

/// How many jobs a tool runs at once unless told (`-j`): one per core.
pub fn default_jobs() -> u64 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u64)
}
