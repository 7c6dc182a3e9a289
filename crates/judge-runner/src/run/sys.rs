//! The few system calls the runner needs, each wrapped once with its safety argument.
#![allow(unsafe_code)]

use std::io;

/// Sets both the soft and the hard value of one resource limit (async-signal-safe, for `pre_exec`).
pub fn set_rlimit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: soft as libc::rlim_t,
        rlim_max: hard as libc::rlim_t,
    };
    // SAFETY: `limit` is a live local; setrlimit only reads it.
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Asks to be traced by the parent (in the child, before exec). Failure is ignored: the runner
/// then measures memory by polling only.
pub fn trace_me() {
    // SAFETY: PTRACE_TRACEME takes no pointers.
    unsafe {
        libc::ptrace(libc::PTRACE_TRACEME, 0, 0, 0);
    }
}

/// Stops the tracee at its exit (while its memory is still there), reports a later exec as an
/// event (not as a SIGTRAP to deliver), and kills it if we die.
pub fn trace_exits(pid: libc::pid_t) {
    let options = libc::PTRACE_O_TRACEEXIT | libc::PTRACE_O_TRACEEXEC | libc::PTRACE_O_EXITKILL;
    // SAFETY: PTRACE_SETOPTIONS passes the options as an integer, no pointer is read.
    unsafe {
        libc::ptrace(libc::PTRACE_SETOPTIONS, pid, 0, options as libc::c_long);
    }
}

/// Resumes a stopped tracee, delivering `signal` (0: none).
pub fn resume(pid: libc::pid_t, signal: i32) {
    // SAFETY: PTRACE_CONT passes the signal as an integer, no pointer is read.
    unsafe {
        libc::ptrace(libc::PTRACE_CONT, pid, 0, signal as libc::c_long);
    }
}

/// Whether a stopped tracee is in a signal-delivery stop (true) rather than a group stop.
pub fn has_pending_signal(pid: libc::pid_t) -> bool {
    // SAFETY: siginfo_t is plain old data; zeroed is a valid value that the kernel overwrites.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: `info` is a live local the kernel writes one siginfo_t into.
    unsafe { libc::ptrace(libc::PTRACE_GETSIGINFO, pid, 0, &mut info as *mut _) == 0 }
}

/// What `wait4` said about a child: its raw status and its resource usage.
pub struct Waited {
    /// The raw wait status.
    pub status: i32,
    /// Resource usage of the child and the descendants it reaped.
    pub usage: libc::rusage,
}

/// Waits for a state change of `pid` (a child, traced or not); `None` when `nohang` and nothing
/// happened yet.
pub fn wait(pid: libc::pid_t, nohang: bool) -> io::Result<Option<Waited>> {
    let mut status = 0;
    // SAFETY: `rusage` is plain old data that wait4 fills in; zeroed is a valid value for it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = libc::__WALL | if nohang { libc::WNOHANG } else { 0 };
    loop {
        // SAFETY: both pointers are to live locals.
        let got = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if got == 0 {
            return Ok(None);
        }
        if got > 0 {
            return Ok(Some(Waited { status, usage }));
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Sends SIGKILL to every process of the group `pgid`.
pub fn kill_group(pgid: libc::pid_t) {
    // SAFETY: killpg takes no pointers; a group that is already gone gives ESRCH, ignored.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
}

/// Sends SIGKILL to the process `pid`, and reaps it if it is our child and already dead.
pub fn kill_and_reap(pid: libc::pid_t) {
    let mut status = 0;
    // SAFETY: kill takes no pointers (a process already gone gives ESRCH, ignored); `status` is
    // a live local for waitpid, which only reaps `pid` if it is a dead child of ours.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
        libc::waitpid(pid, &mut status, libc::WNOHANG | libc::__WALL);
    }
}

/// Reaps every already-dead child of ours in the group `pgid` (orphans handed to us as the
/// subreaper).
pub fn reap_group(pgid: libc::pid_t) {
    loop {
        let mut status = 0;
        // SAFETY: `status` is a live local.
        let got = unsafe { libc::waitpid(-pgid, &mut status, libc::WNOHANG | libc::__WALL) };
        if got <= 0 {
            return;
        }
    }
}

/// Makes this process the reaper of orphaned descendants, so a program's leftover children
/// come back to us to be reaped instead of lingering as zombies.
pub fn become_subreaper() {
    // SAFETY: PR_SET_CHILD_SUBREAPER takes an integer flag.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Clock ticks per second, the unit of CPU times in `/proc/<pid>/stat`.
pub fn clock_ticks() -> u64 {
    // SAFETY: sysconf takes an integer name.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if ticks > 0 {
        ticks as u64
    } else {
        100
    }
}
