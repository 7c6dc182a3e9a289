//! The one runner every tool uses: a program run like a judge runs it.
//!
//! Each run starts the program in its own process group with its stdin, stdout and stderr
//! connected to unlinked temporary files (no pipes, so nothing a leftover process holds can
//! stall us), and with resource limits set before `exec`: `RLIMIT_AS` at the memory limit (a
//! program over it fails to allocate and is judged MLE), `RLIMIT_FSIZE` just past the output
//! limit (`SIGXFSZ` stops it: OLE), no `RLIMIT_STACK` (the stack is held by the memory limit
//! alone, so the verdict on deep recursion does not depend on the shell's `ulimit -s`), and
//! `RLIMIT_CPU` a second or two past the time limit as a backstop. CPU time (user + system of
//! the program and every process in its group) decides TLE; it is polled from `/proc` and the
//! program is stopped when it goes over, or when a generous wall-clock cap passes (a sleeping
//! program). Whenever the program ends, for whatever reason, the whole group is killed with
//! `SIGKILL` and reaped.
//!
//! Where the machine has a memory cgroup we may make (version 1's memory hierarchy, or a
//! version 2 subtree with the memory controller), the memory limit is held there instead: on
//! resident memory, of every process of the run together, as a judge measures it; a run that
//! reaches it is killed by the kernel and judged MLE, and the address space is not limited (a
//! program may reserve more than it touches, as on the judge: a 2 GiB `Vec::with_capacity`
//! under a 256 MiB limit, one byte of it used, passes; only the kernel may refuse a reservation
//! larger than the machine can back).
//!
//! Where the machine allows (root, or a delegated cgroup2 subtree), each run also gets a cgroup
//! ([`cgroup`]), which no process of the program can leave: the CPU time of every process it
//! ever started counts, those that left the group included, and the whole cgroup is killed at
//! the end, processes that started their own session, rewrote their environment or keep moving
//! to new pids included. Elsewhere, processes that left the group are found by the run's mark in
//! their environment ([`RUN_MARK`]). A tool stopped by `SIGINT`/`SIGTERM` kills its runs first;
//! one killed outright leaves its runs' cgroups to the next run, which kills what is left in them.
//! `JUDGE_KIT_NO_CGROUP=1` in the environment turns cgroups off (the way machines without them
//! run). Where a pids cgroup may be made, a run holds at most [`MAX_TASKS`] processes and
//! threads: a fork bomb stays a few hundred processes, which the CPU limit stops in about a
//! second; without one, its thousands of processes starve the thread that watches them, and
//! the verdict can take minutes.
//!
//! Peak memory is the program's own: the program is traced (`PTRACE_TRACEME`) only to stop it at
//! its exit, where its `VmHWM` (what `/usr/bin/time` reports) is read while its memory still
//! exists. `wait4`'s `ru_maxrss` is not used: for a forked child it includes the resident size of
//! the process that forked it, here the tool. Processes the program starts itself (a shell
//! command's children) are not traced; their peaks are polled every 40 ms, so for them the
//! figure is a lower bound.

mod cgroup;
mod procfs;
pub(crate) mod sys;

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, Once, OnceLock};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

/// The default output limit in MiB (Baekjoon's output limit is not published; this is far above
/// any grid problem's answer and keeps a runaway printer cheap).
pub const DEFAULT_OUTPUT_LIMIT_MB: u64 = 64;

/// What to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    /// An executable file.
    Exe(PathBuf),
    /// A shell command line, run with `sh -c`.
    Shell(String),
}

impl Program {
    fn command(&self) -> Command {
        match self {
            Program::Exe(path) => Command::new(path),
            Program::Shell(line) => {
                let mut c = Command::new("sh");
                c.arg("-c").arg(line);
                c
            }
        }
    }

    /// How the program is shown in reports: for a shell line, a command that runs it.
    ///
    /// ```
    /// use judge_runner::Program;
    /// let line = Program::Shell("sh -c 'echo 6'".into());
    /// assert_eq!(line.describe(), r"sh -c 'sh -c '\''echo 6'\'''");
    /// ```
    pub fn describe(&self) -> String {
        match self {
            Program::Exe(path) => path.display().to_string(),
            // Quoted as a shell would need it: `'` inside becomes `'\''`.
            Program::Shell(line) => format!("sh -c '{}'", line.replace('\'', r"'\''")),
        }
    }
}

/// The limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system, the program and its children): over it is TLE.
    pub cpu: Duration,
    /// Wall-clock safety net for programs that sleep or block: past it while not running is TLE
    /// too (a program waiting for a busy CPU gets up to ten times as long: CPU time decides).
    pub wall: Duration,
    /// Address space limit in bytes: an allocation past it fails (MLE).
    pub memory_bytes: u64,
    /// Output limit in bytes (stdout and stderr each): past it is OLE.
    pub output_bytes: u64,
}

impl Limits {
    /// A judge's limits: `time` of CPU, `memory_mb` MiB, the default output limit, and a wall
    /// cap of 3 x time + 1 s.
    pub fn judge(time: Duration, memory_mb: u64) -> Limits {
        Limits {
            cpu: time,
            wall: time * 3 + Duration::from_secs(1),
            memory_bytes: memory_mb << 20,
            output_bytes: DEFAULT_OUTPUT_LIMIT_MB << 20,
        }
    }

    /// The memory limit in KiB.
    pub fn memory_kib(&self) -> u64 {
        self.memory_bytes >> 10
    }
}

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Exited by itself with this status.
    Code(i32),
    /// Killed by this signal (by itself, by a limit, or by us).
    Signal(i32),
}

impl Exit {
    /// `exit status 3`, `killed by SIGSEGV (11)`.
    pub fn describe(self) -> String {
        match self {
            Exit::Code(c) => format!("exit status {c}"),
            Exit::Signal(s) => format!("killed by {} ({s})", signal_name(s)),
        }
    }
}

/// The name of a signal number (`SIGSEGV`), or `signal N` for one without a common name.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}

/// Why the runner stopped a program before it ended by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stop {
    /// Its CPU time passed the limit.
    Cpu,
    /// The wall-clock cap passed (it slept or blocked).
    Wall,
    /// Its output passed the limit.
    Output,
}

/// What one run did.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// What it printed on stdout (lossy UTF-8; only the start when over the output limit).
    pub stdout: String,
    /// Whether stdout was valid UTF-8: where not, `stdout` shows each byte that is not as
    /// U+FFFD, so no expected text can equal what it printed.
    pub stdout_utf8: bool,
    /// What it printed on stderr (lossy UTF-8; start and end when long).
    pub stderr: String,
    /// How it ended.
    pub exit: Exit,
    /// Why we stopped it, when we did.
    pub stopped: Option<Stop>,
    /// CPU time (user + system) of the program and its children.
    pub cpu: Duration,
    /// Wall-clock time from start to end.
    pub wall: Duration,
    /// The program's own peak resident memory in KiB (`VmHWM`, as `/usr/bin/time` reports).
    pub peak_kib: u64,
    /// Bytes written to stdout.
    pub output_bytes: u64,
    /// Bytes written to stderr (capped like stdout).
    pub error_bytes: u64,
    /// The program's peak address space in KiB (`VmPeak`), when read at its exit.
    pub address_peak_kib: Option<u64>,
    /// The address-space limit it ran under, in KiB: the memory limit itself, or none when a
    /// memory cgroup holds the limit on resident memory.
    pub address_limit_kib: Option<u64>,
    /// Whether the kernel killed a process of the run for reaching the memory limit (its
    /// memory cgroup's OOM kill).
    pub memory_killed: bool,
    /// Whether a process or thread of the run could not start for [`MAX_TASKS`].
    pub tasks_refused: bool,
}

impl Outcome {
    /// Whether the run failed for lack of memory: the kernel killed it at the limit (memory
    /// cgroup), it failed after an allocation was refused (Rust's `memory allocation of N
    /// bytes failed`, C++'s `std::bad_alloc`, Python's `MemoryError`) or with its address space
    /// within 5% of its address-space limit, when it had one (a C program whose `malloc`
    /// returned NULL), or its resident peak reached the limit.
    pub fn hit_memory_limit(&self, limits: &Limits) -> bool {
        let refused = ["memory allocation of ", "std::bad_alloc", "MemoryError"]
            .iter()
            .any(|m| self.stderr.contains(m));
        let near_limit = match (self.address_peak_kib, self.address_limit_kib) {
            (Some(peak), Some(limit)) => peak.saturating_mul(20) >= limit.saturating_mul(19),
            _ => false,
        };
        self.memory_killed
            || (self.exit != Exit::Code(0) && (refused || near_limit))
            || self.peak_kib >= limits.memory_kib()
    }

    /// Whether the output passed the limit: on stdout, or on stderr (which is capped too, so a
    /// flood of it cannot fill the disk: the write past the cap raised `SIGXFSZ`). A `SIGXFSZ`
    /// with both under the limit is not ours: the program lowered its own file-size limit, or
    /// wrote a file of its own past ours (which a judge does not allow): a runtime error.
    pub fn hit_output_limit(&self, limits: &Limits) -> bool {
        self.stopped == Some(Stop::Output)
            || self.output_bytes > limits.output_bytes
            || self.error_bytes > limits.output_bytes
    }

    /// Whether the CPU time or the wall-clock cap passed its limit.
    pub fn hit_time_limit(&self, limits: &Limits) -> bool {
        matches!(self.stopped, Some(Stop::Cpu | Stop::Wall))
            || self.cpu > limits.cpu
            // SIGXCPU from the backstop `RLIMIT_CPU`, past the limit (not one it raised itself)
            || (self.exit == Exit::Signal(libc::SIGXCPU) && self.cpu >= limits.cpu)
    }
}

/// Variables of the tool's environment that change what a Rust program does and that a judge
/// does not set: with `RUST_BACKTRACE=1` in the caller's shell, a panicking program spent 80 ms
/// and 42 MiB printing a backtrace, against 8 ms and 9 MiB without.
const NOT_ON_THE_JUDGE: &[&str] = &["RUST_BACKTRACE", "RUST_LIB_BACKTRACE", "RUST_MIN_STACK"];

/// Takes out of `command`'s environment what the judge's would not have ([`NOT_ON_THE_JUDGE`]).
fn as_on_the_judge(command: &mut Command) {
    for name in NOT_ON_THE_JUDGE {
        command.env_remove(name);
    }
}

/// Whether runs on this machine get a cgroup of their own (see the module notes): then every
/// process a program starts is counted and killed with it, wherever it goes.
pub fn cgroups_available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        cgroup::RunCgroup::create(&format!("{}-probe", std::process::id())).is_some()
    })
}

/// Whether runs on this machine get a memory cgroup (see the module notes): then the memory
/// limit holds resident memory, of every process of the run, as a judge measures it, and a
/// run that reaches it is killed there; elsewhere it bounds the program's address space.
pub fn memory_cgroups_available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        let id = format!("{}-probe", std::process::id());
        cgroup::MemoryCgroup::create(&id, 1 << 30).is_some()
    })
}

/// Whether runs on this machine are held to [`MAX_TASKS`] processes and threads (a version 1
/// pids cgroup, or the pids controller under cgroup2): then a fork bomb stays small.
pub fn task_limits_available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        let id = format!("{}-probe-tasks", std::process::id());
        cgroup::PidsCgroup::create(&id, MAX_TASKS).is_some()
            || cgroup::RunCgroup::create(&id).is_some_and(|g| g.limit_tasks(MAX_TASKS))
    })
}

/// The environment variable marking every process of one run: the processes that left its
/// group are found by it, and killed with it, where no cgroup holds them.
pub const RUN_MARK: &str = "JUDGE_KIT_RUN";

/// How many processes and threads one run may hold at once, where the machine lets a cgroup
/// hold it (see [`Outcome::tasks_refused`]): past it `fork` and `clone` fail. Far above what
/// a solution needs (a JVM starts a few dozen threads); far below what would starve the tool
/// that watches the run (a fork bomb).
pub const MAX_TASKS: u32 = 256;

/// How much of a long stdout or stderr is kept for reports.
const SHOWN_BYTES: u64 = 64 << 10;

/// `command.spawn()`, tried again for a while as long as the kernel says the program's file is
/// busy (ETXTBSY). A program this process has just written stays open for writing in every
/// child another thread forked in the meantime, until that child's exec closes it: a moment
/// later it runs. (The runner's tests, writing scripts beside other tests, met it.)
pub fn spawn_when_not_busy(command: &mut Command) -> std::io::Result<std::process::Child> {
    let mut waited = Duration::ZERO;
    loop {
        match command.spawn() {
            Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) && waited < BUSY_FILE_WAIT => {
                std::thread::sleep(Duration::from_millis(5));
                waited += Duration::from_millis(5);
            }
            spawned => return spawned,
        }
    }
}

/// How long a program whose file is busy is waited for before the run fails.
const BUSY_FILE_WAIT: Duration = Duration::from_secs(2);

/// Runs `program` with `input` on stdin under `limits`, and leaves no process of it behind.
pub fn run(program: &Program, input: &[u8], limits: &Limits) -> Result<Outcome> {
    stop_runs_when_stopped();
    let files = RunFiles::create(input)?;
    // Every process of the run inherits this mark, wherever it moves: a child that starts its
    // own session or group escapes the group kill, not this.
    static RUNS: AtomicU64 = AtomicU64::new(0);
    let run_id = format!(
        "{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    );
    // Where the machine allows, the run gets a cgroup, which no process of it can leave, and
    // one that limits resident memory, as a judge does: the address space is then free (a
    // program may reserve more than it touches, as on the judge).
    let mut cgroup = cgroup::RunCgroup::create(&run_id);
    let memory = cgroup::MemoryCgroup::create(&run_id, limits.memory_bytes);
    let tasks = cgroup::PidsCgroup::create(&run_id, MAX_TASKS);
    let address_cap = memory.is_none().then_some(limits.memory_bytes);
    let mut command = limited_command(program, &run_id, &files, limits, address_cap)?;
    let start = Instant::now();
    let child = spawn_when_not_busy(&mut command)
        .with_context(|| format!("starting {}", program.describe()))?;
    let pid = child.id() as i32;
    // The program is stopped right after its exec (it asked to be traced), so it starts nothing
    // before it is in the cgroup.
    if cgroup.as_ref().is_some_and(|g| !g.adopt(pid)) {
        cgroup = None;
    }
    if memory.as_ref().is_some_and(|m| !m.adopt(pid)) {
        // Without it nothing holds the program to the limit: it must not run.
        sys::kill_group(pid);
        let _ = sys::wait(pid, false);
        anyhow::bail!("could not put {} in its memory cgroup", program.describe());
    }
    // The task limit, where the machine has a way to hold it (it is not the judge's rule, so
    // a run goes on without it).
    let tasks = tasks.filter(|t| t.adopt(pid));
    let run_limits_tasks =
        tasks.is_none() && cgroup.as_ref().is_some_and(|g| g.limit_tasks(MAX_TASKS));
    let stopped_with_runs = StoppedWithRuns::new(pid);
    let mark = format!("{RUN_MARK}={run_id}");
    let watched = watch(pid, &files.stdout, limits, start, cgroup.as_ref(), &mark);
    // Whatever happened, nothing of the program outlives its run.
    kill_run(pid, cgroup.as_ref());
    drop(stopped_with_runs);
    let watched = watched?;
    let tasks_refused = tasks.as_ref().is_some_and(cgroup::PidsCgroup::refused)
        || (run_limits_tasks
            && cgroup
                .as_ref()
                .is_some_and(cgroup::RunCgroup::refused_tasks));
    drop(tasks);
    clean_up(pid, cgroup, &mark);
    let wall = start.elapsed();
    let memory_killed = memory
        .as_ref()
        .is_some_and(cgroup::MemoryCgroup::oom_killed);
    drop(memory);
    let mut outcome = files.outcome(watched, limits)?;
    outcome.wall = wall;
    outcome.address_limit_kib = address_cap.map(|bytes| bytes >> 10);
    outcome.memory_killed = memory_killed;
    outcome.tasks_refused = tasks_refused;
    Ok(outcome)
}

/// Once per process: stopped by Ctrl-C or a `kill`, the tool takes its runs' processes with it
/// (a program runs in a group of its own, which the terminal's signal does not reach), and its
/// scratch folders. Another handler already set (by a caller) is left alone.
pub(crate) fn stop_runs_when_stopped() {
    static SETUP: Once = Once::new();
    SETUP.call_once(|| {
        sys::become_subreaper();
        let _ = ctrlc::set_handler(|| {
            // First: a run the kill below ends must not let the tool end on its own (with
            // another status, its scratch folders not yet removed); see `stopping`.
            STOPPING.store(true, Ordering::SeqCst);
            stop_all_runs();
            super::scratch::remove_all();
            std::process::exit(130);
        });
    });
}

/// Set once Ctrl-C (or a `kill`) stops the tool.
static STOPPING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether the tool is being stopped (Ctrl-C, a `kill`): its runs are being killed, which may
/// end them early, and it will exit with status 130 once its scratch folders are removed. A
/// tool about to end on its own waits for that instead ([`wait_if_stopping`]).
fn stopping() -> bool {
    STOPPING.load(Ordering::SeqCst)
}

/// Waits, for good, when the tool is being stopped: the stop exits the process (status 130)
/// once it has killed the runs and removed the scratch folders. Otherwise returns at once.
pub fn wait_if_stopping() {
    while stopping() {
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The files a run's stdin, stdout and stderr are (unlinked temporary files: no pipes, so
/// nothing a leftover process holds can stall us).
struct RunFiles {
    stdin: File,
    stdout: File,
    stderr: File,
}

impl RunFiles {
    /// The files, stdin holding `input`.
    fn create(input: &[u8]) -> Result<RunFiles> {
        let mut stdin = tempfile::tempfile().context("creating a file for stdin")?;
        stdin.write_all(input)?;
        stdin.seek(SeekFrom::Start(0))?;
        let stdout = tempfile::tempfile().context("creating a file for stdout")?;
        let stderr = tempfile::tempfile().context("creating a file for stderr")?;
        Ok(RunFiles {
            stdin,
            stdout,
            stderr,
        })
    }

    /// The outcome of the run these files served, which the watch found `watched` (its wall
    /// time and memory figures other than the peak are the caller's to fill in).
    fn outcome(self, watched: Watched, limits: &Limits) -> Result<Outcome> {
        let output_bytes = self.stdout.metadata()?.len();
        let error_bytes = self.stderr.metadata()?.len();
        let exit = match watched.status.code() {
            Some(c) => Exit::Code(c),
            None => Exit::Signal(watched.status.signal().unwrap_or(0)),
        };
        let (stdout, stdout_utf8) = read_shown(self.stdout, output_bytes <= limits.output_bytes)?;
        Ok(Outcome {
            stdout,
            stdout_utf8,
            stderr: read_shown(self.stderr, false)?.0,
            exit,
            stopped: watched.stopped,
            cpu: watched.cpu,
            wall: Duration::ZERO,
            peak_kib: watched.peak_kib,
            output_bytes,
            error_bytes,
            address_peak_kib: watched.exit_peaks.map(|p| p.address_kib),
            address_limit_kib: None,
            memory_killed: false,
            tasks_refused: false,
        })
    }
}

/// The command that runs `program` as the judge would, on `files`, marked `run_id`, with the
/// resource limits set between fork and exec (`address_cap`: the address space's, when no
/// memory cgroup holds the limit), traced so that it stops right after its exec.
fn limited_command(
    program: &Program,
    run_id: &str,
    files: &RunFiles,
    limits: &Limits,
    address_cap: Option<u64>,
) -> Result<Command> {
    let mut command = program.command();
    as_on_the_judge(&mut command);
    command
        .env(RUN_MARK, run_id)
        .stdin(Stdio::from(files.stdin.try_clone()?))
        .stdout(Stdio::from(files.stdout.try_clone()?))
        .stderr(Stdio::from(files.stderr.try_clone()?))
        .process_group(0);
    let limits_copy = *limits;
    // SAFETY of the closure: it runs between fork and exec and calls only setrlimit and ptrace,
    // which are async-signal-safe system calls, and allocates nothing.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(move || {
            let cpu_soft = limits_copy.cpu.as_secs() + 2;
            sys::set_rlimit(libc::RLIMIT_CPU, cpu_soft, cpu_soft + 1)?;
            // Without a cap the tool's own limit is inherited (normally none).
            if let Some(cap) = address_cap {
                sys::set_rlimit(libc::RLIMIT_AS, cap, cap)?;
            }
            let fsize = limits_copy.output_bytes + 1;
            sys::set_rlimit(libc::RLIMIT_FSIZE, fsize, fsize)?;
            sys::set_rlimit(libc::RLIMIT_CORE, 0, 0)?;
            // The stack may grow as far as memory allows, as on the judge (deep recursion that
            // fits in memory passes there), whatever `ulimit -s` the tool was started with
            // (unless its hard limit is lower, which an unprivileged tool cannot raise). No
            // limit rather than the memory limit: C's threads take the limit as their default
            // stack size, and one that large does not fit in the address space allowed.
            let _ = sys::set_rlimit(libc::RLIMIT_STACK, libc::RLIM_INFINITY, libc::RLIM_INFINITY);
            sys::trace_me();
            Ok(())
        });
    }
    Ok(command)
}

/// After the run of the program `pid` was killed: reaps what is left of it, kills the
/// processes of its cgroup that left the group, and those carrying its `mark`.
fn clean_up(pid: i32, cgroup: Option<cgroup::RunCgroup>, mark: &str) {
    reap_leftovers(pid);
    if let Some(g) = cgroup {
        // Its processes that left the group are our children now (we are the reaper).
        for zombie in procfs::zombie_children() {
            if g.held(zombie) {
                sys::kill_and_reap(zombie);
            }
        }
        drop(g);
    }
    // A program run as root can leave its cgroup too; the mark is a second net.
    kill_escaped(mark);
}

/// The process groups of the runs in progress (each run's group is its program's pid).
static ACTIVE_GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// A process group that Ctrl-C (or a `kill` of the tool) takes down with the runs while this
/// lives: a run's own, and a process the tool starts beside the runs (a special judge), each in
/// a group of its own, which the terminal's signal does not reach.
pub(crate) struct StoppedWithRuns(i32);

impl StoppedWithRuns {
    /// Registers the group `pgid`.
    pub(crate) fn new(pgid: i32) -> StoppedWithRuns {
        stop_runs_when_stopped();
        ACTIVE_GROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(pgid);
        StoppedWithRuns(pgid)
    }
}

impl Drop for StoppedWithRuns {
    fn drop(&mut self) {
        ACTIVE_GROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|&g| g != self.0);
    }
}

/// Kills the processes of every run in progress: their groups, their cgroups, and those that
/// left both (a new session without a cgroup) by the mark of this tool's runs.
fn stop_all_runs() {
    for &pgid in ACTIVE_GROUPS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
    {
        sys::kill_group(pgid);
    }
    cgroup::kill_all();
    // Every run's id starts with this process's id (see `run`).
    let ours = format!("{RUN_MARK}={}-", std::process::id());
    for pid in procfs::with_environment_prefix(&ours) {
        sys::kill_and_reap(pid);
    }
}

/// Kills the run of the program `pid`: its process group, and its cgroup when it has one.
fn kill_run(pid: i32, cgroup: Option<&cgroup::RunCgroup>) {
    sys::kill_group(pid);
    if let Some(g) = cgroup {
        g.kill();
    }
}

/// What watching a program until its end found.
struct Watched {
    status: std::process::ExitStatus,
    stopped: Option<Stop>,
    cpu: Duration,
    peak_kib: u64,
    exit_peaks: Option<procfs::Peaks>,
}

/// One program being watched ([`watch`]): where it is, and what the looks so far found.
struct Watch<'a> {
    pid: i32,
    stdout: &'a File,
    limits: &'a Limits,
    cgroup: Option<&'a cgroup::RunCgroup>,
    /// The run's mark in the environment of its processes (`RUN_MARK=<id>`).
    mark: &'a str,
    ticks: u64,
    /// Without a cgroup: the processes of the run that left its group (found by the mark in
    /// their environment), remembered so that they are still counted as zombies (which have no
    /// environment left) until their parent reaps them, which moves their time to the parent.
    escaped_pids: Vec<i32>,
    /// Reading every process's environment is dearer than the group scan: done less often.
    last_mark_scan: Option<Instant>,
    traced: bool,
    exit_peaks: Option<procfs::Peaks>,
    polled_peak: u64,
    others: Vec<(i32, procfs::Usage)>,
    /// Highest peak seen of any other process of the group (they are polled, not traced).
    others_peak: u64,
    main_cpu: Duration,
    main_reaped: Duration,
    stopped: Option<Stop>,
    last_scan: Option<Instant>,
    last_cgroup_cpu: Duration,
    /// Whether the last look already found it past the wall cap and idle: a program that has
    /// just ended (in its exit stop, or a zombie not yet waited for) also looks idle, so the
    /// cap is applied only when two looks in a row, with a wait between them, agree.
    idle_past_cap: bool,
}

/// Follows `pid` until it ends: resumes it from trace stops, reads its peak memory at its exit
/// stop, polls CPU time (its group's, or all its cgroup's when it has one) and output size,
/// and kills its group (and cgroup) at a limit.
fn watch(
    pid: i32,
    stdout: &File,
    limits: &Limits,
    start: Instant,
    cgroup: Option<&cgroup::RunCgroup>,
    mark: &str,
) -> Result<Watched> {
    let mut watch = Watch {
        pid,
        stdout,
        limits,
        cgroup,
        mark,
        ticks: sys::clock_ticks(),
        escaped_pids: Vec::new(),
        last_mark_scan: None,
        traced: false,
        exit_peaks: None,
        polled_peak: 0,
        others: Vec::new(),
        others_peak: 0,
        main_cpu: Duration::ZERO,
        main_reaped: Duration::ZERO,
        stopped: None,
        last_scan: None,
        last_cgroup_cpu: Duration::ZERO,
        idle_past_cap: false,
    };
    loop {
        if let Some(w) = sys::wait(pid, true).context("waiting for the program")? {
            if libc::WIFSTOPPED(w.status) {
                watch.resume_from_stop(w.status);
                continue;
            }
            return Ok(watch.ended(&w));
        }
        if watch.stopped.is_some() {
            // Killed; wait for the kernel to finish it.
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        let elapsed = start.elapsed();
        watch.stopped = watch.look(elapsed);
        if watch.stopped.is_some() {
            kill_run(pid, cgroup);
            continue;
        }
        let tick = (elapsed / 20).clamp(Duration::from_micros(500), Duration::from_millis(10));
        std::thread::sleep(tick);
    }
}

impl Watch<'_> {
    /// The program stopped (wait status `status`): resumed, unless it stopped itself.
    fn resume_from_stop(&mut self, status: i32) {
        let pid = self.pid;
        let signal = libc::WSTOPSIG(status);
        let event = status >> 16;
        if event == libc::PTRACE_EVENT_EXIT {
            self.exit_peaks = procfs::peaks(pid);
            sys::resume(pid, 0);
        } else if event != 0 {
            // Another event (an exec of a new program): nothing to deliver.
            sys::resume(pid, 0);
        } else if signal == libc::SIGTRAP && !self.traced {
            // The stop right after exec: from here on, stop it again only at its exit.
            self.traced = true;
            sys::trace_exits(pid);
            sys::resume(pid, 0);
        } else if sys::has_pending_signal(pid) {
            sys::resume(pid, signal);
        } else {
            // A group stop: the program took a stop signal (`raise(SIGSTOP)`). Resumed,
            // it would run on as it never would untraced; left stopped, it waits as it
            // would on the judge, until the wall-clock cap (TLE).
        }
    }

    /// What the watch found, the program having ended as `w` says.
    fn ended(&self, w: &sys::Waited) -> Watched {
        // The program with the children it reaped (exact), or the last poll of the whole
        // group when more: children it did not reap are only in the poll, and a child it
        // reaped while dying is in both, so the two are not added.
        let reaped = rusage_cpu(&w.usage);
        let others_cpu: Duration = self.others.iter().map(|(_, u)| u.cpu).sum();
        Watched {
            status: std::process::ExitStatus::from_raw(w.status),
            stopped: self.stopped,
            cpu: reaped
                .max(self.main_cpu + others_cpu)
                .max(self.cgroup_cpu()),
            // The exit stop's figure is final, unless the program's first thread ended
            // before the others: what was polled after it counts too.
            peak_kib: self
                .exit_peaks
                .map_or(self.polled_peak, |p| p.resident_kib.max(self.polled_peak))
                .max(self.others_peak),
            exit_peaks: self.exit_peaks,
        }
    }

    /// The CPU time of the run's cgroup (none without one).
    fn cgroup_cpu(&self) -> Duration {
        self.cgroup
            .and_then(cgroup::RunCgroup::cpu)
            .unwrap_or_default()
    }

    /// One look at the running program, `elapsed` after its start: its and its group's CPU
    /// time, memory and output; the limit it is past, if any.
    fn look(&mut self, elapsed: Duration) -> Option<Stop> {
        // Before anything dearer: the cgroup's count is one read, and a program that starts
        // many processes makes the scans below slow.
        if self.cgroup_cpu() > self.limits.cpu {
            return Some(Stop::Cpu);
        }
        let pid = self.pid;
        // The program first, then the rest of its group: a child reaped in between is then
        // counted at most once.
        let main = procfs::usage(pid, self.ticks).unwrap_or_default();
        self.polled_peak = self.polled_peak.max(main.peak_kib);
        self.main_cpu = self.main_cpu.max(main.cpu);
        // Rescan when the program reaped a child: that child's time moved into the program's.
        let reaped_more = main.reaped_cpu > self.main_reaped;
        self.main_reaped = self.main_reaped.max(main.reaped_cpu);
        if reaped_more
            || self
                .last_scan
                .is_none_or(|t| t.elapsed() >= Duration::from_millis(40))
        {
            self.scan_others();
        }
        // The cgroup also counts processes that left the group, alive or dead.
        let in_cgroup = self.cgroup_cpu();
        let cgroup_ran = in_cgroup > self.last_cgroup_cpu;
        self.last_cgroup_cpu = in_cgroup;
        let others = &self.others;
        let cpu = (main.cpu + others.iter().map(|(_, u)| u.cpu).sum::<Duration>()).max(in_cgroup);
        let output = self.stdout.metadata().map(|m| m.len()).unwrap_or(0);
        let limits = self.limits;
        let idle_now = elapsed > limits.wall
            && !main.runnable
            && !others.iter().any(|(_, u)| u.runnable)
            && (!cgroup_ran || cpu < elapsed / 8);
        let idle_twice = std::mem::replace(&mut self.idle_past_cap, idle_now) && idle_now;
        if cpu > limits.cpu {
            Some(Stop::Cpu)
        } else if output > limits.output_bytes {
            Some(Stop::Output)
        } else if elapsed > limits.wall * 10 || idle_twice {
            // Past the wall cap while sleeping or blocked; a program only waiting for a busy
            // CPU is left to its CPU limit (up to ten times the cap). One that has used less
            // than an eighth of the time it ran mostly sleeps, whatever ran since the last look
            // (a loop of short naps would otherwise always look busy); a busy program waiting
            // for one of the machine's CPUs gets more than that, unless it shares one with more
            // than seven others.
            Some(Stop::Wall)
        } else {
            None
        }
    }

    /// Finds the other processes of the run and their usage: its group, and those that left
    /// it (in its cgroup, or marked in their environment).
    fn scan_others(&mut self) {
        let pid = self.pid;
        let ticks = self.ticks;
        self.others = procfs::group_members(pid, pid, ticks);
        // With a cgroup, its processes that left the group (a new session or group) are
        // watched too: their peak memory counts, and whether they run.
        if let Some(g) = self.cgroup {
            let known: Vec<i32> = self.others.iter().map(|(p, _)| *p).collect();
            let left: Vec<i32> = g
                .pids()
                .into_iter()
                .filter(|p| *p != pid && !known.contains(p))
                .collect();
            self.others.extend(procfs::usages(&left, ticks));
        } else {
            self.scan_escaped();
        }
        self.last_scan = Some(Instant::now());
        let peak = self
            .others
            .iter()
            .map(|(_, u)| u.peak_kib)
            .max()
            .unwrap_or(0);
        self.others_peak = self.others_peak.max(peak);
    }

    /// Without a cgroup: adds to the other processes those of the run that left its group,
    /// found by the mark in their environment.
    fn scan_escaped(&mut self) {
        let pid = self.pid;
        let due = self
            .last_mark_scan
            .is_none_or(|t| t.elapsed() >= Duration::from_millis(120));
        let marked = if due {
            self.last_mark_scan = Some(Instant::now());
            procfs::with_environment_entry(self.mark)
        } else {
            Vec::new()
        };
        for p in marked {
            if p != pid
                && !self.escaped_pids.contains(&p)
                && !self.others.iter().any(|(o, _)| *o == p)
            {
                self.escaped_pids.push(p);
            }
        }
        let gone_or_back: Vec<i32> = self.others.iter().map(|(o, _)| *o).collect();
        self.escaped_pids.retain(|p| !gone_or_back.contains(p));
        let escaped = procfs::usages(&self.escaped_pids, self.ticks);
        self.escaped_pids
            .retain(|p| escaped.iter().any(|(e, _)| e == p));
        self.others.extend(escaped);
    }
}

fn rusage_cpu(usage: &libc::rusage) -> Duration {
    let micros = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
    Duration::from_micros(micros(usage.ru_utime) + micros(usage.ru_stime))
}

/// Reaps the group's orphans (handed to us as the subreaper) once the kill has reached them.
fn reap_leftovers(pgid: i32) {
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        sys::reap_group(pgid);
        if procfs::group_members(pgid, 0, sys::clock_ticks()).is_empty()
            || Instant::now() > deadline
        {
            return;
        }
        sys::kill_group(pgid);
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Kills, until none is left, every process still carrying the run's mark (`NAME=value`) in
/// its environment: those that left the run's process group (a new session or group) and so
/// outlived the group kill. Only a process that also clears its environment escapes this.
fn kill_escaped(mark: &str) {
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let escaped = procfs::with_environment_entry(mark);
        if escaped.is_empty() || Instant::now() > deadline {
            return;
        }
        for pid in escaped {
            sys::kill_and_reap(pid);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Reads a finished output file: all of it when `whole`, else its start and end when long; and
/// whether what was read is valid UTF-8 (it is shown lossily where not).
fn read_shown(mut file: File, whole: bool) -> Result<(String, bool)> {
    let len = file.metadata()?.len();
    file.seek(SeekFrom::Start(0))?;
    let mut bytes = Vec::new();
    if whole || len <= 2 * SHOWN_BYTES {
        file.read_to_end(&mut bytes)?;
        let valid = std::str::from_utf8(&bytes).is_ok();
        return Ok((String::from_utf8_lossy(&bytes).into_owned(), valid));
    }
    Read::by_ref(&mut file)
        .take(SHOWN_BYTES)
        .read_to_end(&mut bytes)?;
    // Cut at an arbitrary byte, either part may end or start inside a character: only a byte
    // that is invalid whatever comes around it counts.
    let mut valid = utf8_up_to_a_cut(&bytes, false);
    let mut text = String::from_utf8_lossy(&bytes).into_owned();
    text.push_str(&format!(
        "\n[... {} bytes left out ...]\n",
        len - 2 * SHOWN_BYTES
    ));
    file.seek(SeekFrom::Start(len - SHOWN_BYTES))?;
    bytes.clear();
    file.read_to_end(&mut bytes)?;
    valid &= utf8_up_to_a_cut(&bytes, true);
    text.push_str(&String::from_utf8_lossy(&bytes));
    Ok((text, valid))
}

/// Whether `bytes`, cut out of a longer text at its end (or at its start, when `cut_at_start`),
/// is valid UTF-8 but for a character the cut split.
fn utf8_up_to_a_cut(bytes: &[u8], cut_at_start: bool) -> bool {
    // A character is at most four bytes; continuation bytes are 0b10xx_xxxx.
    let skip = if cut_at_start {
        bytes
            .iter()
            .take(3)
            .take_while(|&&b| b & 0xc0 == 0x80)
            .count()
    } else {
        0
    };
    match std::str::from_utf8(&bytes[skip..]) {
        Ok(_) => true,
        // `error_len` is `None` when the input ended inside a character.
        Err(e) => !cut_at_start && e.error_len().is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_cut_inside_a_character_is_still_utf8_but_a_stray_byte_is_not() {
        let text = "a\u{fffd}b".as_bytes(); // 61 ef bf bd 62
        assert!(utf8_up_to_a_cut(&text[..3], false), "ends inside U+FFFD");
        assert!(utf8_up_to_a_cut(&text[2..], true), "starts inside U+FFFD");
        assert!(utf8_up_to_a_cut(text, false) && utf8_up_to_a_cut(text, true));
        assert!(!utf8_up_to_a_cut(b"a\xffb", false));
        assert!(!utf8_up_to_a_cut(b"a\xffb", true));
        assert!(
            !utf8_up_to_a_cut(b"\xbf\xbf\xbf\xbfa", true),
            "more than a character's tail"
        );
    }

    #[test]
    fn programs_run_without_the_callers_backtrace_settings() {
        let mut command = Program::Shell("true".into()).command();
        command.env("KEPT", "1");
        as_on_the_judge(&mut command);
        let envs: Vec<(String, Option<String>)> = command
            .get_envs()
            .map(|(k, v)| {
                let value = v.map(|v| v.to_string_lossy().into_owned());
                (k.to_string_lossy().into_owned(), value)
            })
            .collect();
        for name in ["RUST_BACKTRACE", "RUST_LIB_BACKTRACE", "RUST_MIN_STACK"] {
            assert!(
                envs.contains(&(name.to_string(), None)),
                "{name} in {envs:?}"
            );
        }
        assert!(envs.contains(&("KEPT".to_string(), Some("1".to_string()))));
    }
}
