//! A program run like an online judge runs it, and judged: the one runner every tool shares
//! (the bundle check, sample-diff, bench-process).
//!
//! [`run`] starts a [`Program`] on an input under [`Limits`] (CPU time, memory, output; its
//! own process group, and a cgroup where the machine allows) and returns its [`Outcome`],
//! leaving no process of it behind; [`judge`] turns an outcome and the expected output into a
//! [`Verdict`] by the problem's comparison rule ([`Compare`], from `sample-check`) or a special
//! judge ([`Checker`]). All of the workspace's `unsafe` code is here, in the calls to the
//! system (`setrlimit`, `ptrace`, `wait4`, `kill`).

mod run;
mod scratch;
mod verdict;

pub use run::{
    cgroups_available, memory_cgroups_available, run, signal_name, spawn_when_not_busy,
    task_limits_available, wait_if_stopping, Exit, Limits, Outcome, Program, Stop,
    DEFAULT_OUTPUT_LIMIT_MB, MAX_TASKS, RUN_MARK,
};
pub use scratch::ScratchDir;
pub use verdict::{
    compare, compare_with, deserialize_compare, judge, judge_explained, parse_compare, Checker,
    Compare, Verdict, JUDGE_TIMEOUT,
};
