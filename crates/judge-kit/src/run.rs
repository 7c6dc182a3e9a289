//! Running a compiled program the way a judge does: stdin in, a wall-clock limit, peak memory.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use super::verdict::{compare, Verdict};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Exited by itself with this status.
    Code(i32),
    /// Killed by this signal (a panic with `panic=abort`, a stack overflow, ...).
    Signal(i32),
    /// Killed by us at the time limit.
    TimedOut,
}

/// What one run of a program did.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Everything it printed on stdout (lossy UTF-8).
    pub stdout: String,
    /// Everything it printed on stderr (lossy UTF-8).
    pub stderr: String,
    /// How it ended.
    pub exit: Exit,
    /// Wall-clock time from start to exit.
    pub wall: Duration,
    /// Peak resident memory in KiB.
    pub peak_kib: u64,
}

/// Runs `exe` with `input` on stdin, killing it once `time_limit` has passed.
pub fn run_program(exe: &Path, input: &[u8], time_limit: Duration) -> Result<Outcome> {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting {}", exe.display()))?;
    let start = Instant::now();
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    // Writer and readers on their own threads, so a large input or output cannot deadlock.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let out_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out.read_to_end(&mut buf);
        buf
    });
    let err_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err.read_to_end(&mut buf);
        buf
    });
    let pid = child.id() as libc::pid_t;
    let mut timed_out = false;
    let (status, usage) = loop {
        if let Some(done) = reap(pid, false)? {
            break done;
        }
        if start.elapsed() > time_limit {
            timed_out = true;
            let _ = child.kill();
            break reap(pid, true)?.expect("a blocking wait returns the child");
        }
        thread::sleep(Duration::from_micros(500));
    };
    let wall = start.elapsed();
    let _ = writer.join();
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    let exit = if timed_out {
        Exit::TimedOut
    } else if libc::WIFEXITED(status) {
        Exit::Code(libc::WEXITSTATUS(status))
    } else {
        Exit::Signal(libc::WTERMSIG(status))
    };
    Ok(Outcome {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        exit,
        wall,
        peak_kib: usage.ru_maxrss.max(0) as u64,
    })
}

/// Waits for `pid` (without blocking unless `block`), returning its status and resource usage.
#[allow(unsafe_code)]
fn reap(pid: libc::pid_t, block: bool) -> Result<Option<(i32, libc::rusage)>> {
    let mut status = 0;
    // SAFETY: `rusage` is plain old data that wait4 fills in; zeroed is a valid value for it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    // SAFETY: both pointers are to live locals; `pid` is our own un-reaped child.
    let got = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
    match got {
        0 => Ok(None),
        p if p == pid => Ok(Some((status, usage))),
        _ => Err(std::io::Error::last_os_error()).context("waiting for the program"),
    }
}

/// The judge's verdict on one outcome: limits first, then the exit, then the output.
pub fn judge(
    outcome: &Outcome,
    expected: Option<&str>,
    time_limit: Duration,
    memory_limit_kib: u64,
) -> Verdict {
    match outcome.exit {
        Exit::TimedOut => Verdict::TimeLimit,
        _ if outcome.wall > time_limit => Verdict::TimeLimit,
        _ if outcome.peak_kib > memory_limit_kib => Verdict::MemoryLimit,
        Exit::Code(0) => match expected {
            Some(expected) => compare(expected, &outcome.stdout),
            None => Verdict::NoExpected,
        },
        Exit::Code(_) | Exit::Signal(_) => Verdict::RuntimeError,
    }
}
