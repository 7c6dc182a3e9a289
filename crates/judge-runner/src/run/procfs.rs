//! What `/proc` says about a running program: CPU time, peak memory, its process group.

use std::time::Duration;

/// CPU time and memory of one process, as `/proc` reports them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// User + system time of the process and the children it has reaped.
    pub cpu: Duration,
    /// The part of `cpu` that comes from children it has reaped.
    pub reaped_cpu: Duration,
    /// Whether it is running or waiting for a CPU (state `R`), rather than sleeping or stopped.
    pub runnable: bool,
    /// Peak resident memory (VmHWM) in KiB; 0 once the process has exited.
    pub peak_kib: u64,
}

/// What `/proc/<pid>/stat` says: the state letter, the process group, its own CPU ticks and
/// the CPU ticks of the children it reaped.
struct Stat {
    state: char,
    ppid: i32,
    pgrp: i32,
    own_ticks: u64,
    reaped_ticks: u64,
}

/// Parses the fields of `/proc/<pid>/stat` that come after the command name.
fn parse_stat(text: &str) -> Option<Stat> {
    // The command name is in parentheses and may contain spaces or parentheses itself.
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // rest starts at field 3 (state); ppid is field 4, pgrp field 5, utime..cstime 14..17.
    let ppid = fields.get(1)?.parse().ok()?;
    let pgrp = fields.get(2)?.parse().ok()?;
    let ticks = |range: std::ops::Range<usize>| -> Option<u64> {
        Some(
            fields
                .get(range)?
                .iter()
                .map(|f| f.parse::<u64>().unwrap_or(0))
                .sum(),
        )
    };
    Some(Stat {
        state: fields.first()?.chars().next()?,
        ppid,
        pgrp,
        own_ticks: ticks(11..13)?,
        reaped_ticks: ticks(13..15)?,
    })
}

/// One `Key:   1234 kB` line of `/proc/<pid>/status`, in KiB.
fn parse_kib(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|l| {
        l.strip_prefix(key)
            .is_some_and(|rest| rest.starts_with(':'))
    })?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Peak memory of a process, when it still has its memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Peaks {
    /// Peak resident memory in KiB (`VmHWM`, what `/usr/bin/time` reports).
    pub resident_kib: u64,
    /// Peak address space in KiB (`VmPeak`, what `RLIMIT_AS` limits).
    pub address_kib: u64,
}

/// Peak memory of `pid`, when it still has its memory. A leader thread that has exited before
/// the others (`pthread_exit` in `main`) shows no memory of its own: then a live thread's view
/// of the same memory is read.
pub fn peaks(pid: i32) -> Option<Peaks> {
    let read = |path: String| -> Option<Peaks> {
        let text = std::fs::read_to_string(path).ok()?;
        Some(Peaks {
            resident_kib: parse_kib(&text, "VmHWM")?,
            address_kib: parse_kib(&text, "VmPeak")?,
        })
    };
    read(format!("/proc/{pid}/status")).or_else(|| {
        std::fs::read_dir(format!("/proc/{pid}/task"))
            .ok()?
            .flatten()
            .find_map(|task| read(format!("{}/status", task.path().display())))
    })
}

/// Peak resident memory of `pid` in KiB (`VmHWM`), when it still has its memory.
pub fn peak_kib(pid: i32) -> Option<u64> {
    peaks(pid).map(|p| p.resident_kib)
}

/// The process group and usage of `pid` (without its peak memory), or `None` when it is gone.
fn group_and_cpu(pid: i32, ticks_per_second: u64) -> Option<(i32, Usage)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let stat = parse_stat(&text)?;
    let time = |ticks: u64| Duration::from_micros(ticks * 1_000_000 / ticks_per_second);
    let usage = Usage {
        cpu: time(stat.own_ticks + stat.reaped_ticks),
        reaped_cpu: time(stat.reaped_ticks),
        runnable: stat.state == 'R',
        peak_kib: 0,
    };
    Some((stat.pgrp, usage))
}

/// Usage of `pid`, or `None` when it is gone.
pub fn usage(pid: i32, ticks_per_second: u64) -> Option<Usage> {
    let (_, usage) = group_and_cpu(pid, ticks_per_second)?;
    Some(Usage {
        peak_kib: peak_kib(pid).unwrap_or(0),
        ..usage
    })
}

/// Processes other than this one whose environment holds the entry `entry` (`NAME=value`).
/// A process that has exited (a zombie) has no environment left and is not listed.
pub fn with_environment_entry(entry: &str) -> Vec<i32> {
    with_environment(|e| e == entry.as_bytes())
}

/// The processes (other than this one) with an environment entry that starts with `prefix`.
pub fn with_environment_prefix(prefix: &str) -> Vec<i32> {
    with_environment(|e| e.starts_with(prefix.as_bytes()))
}

/// The processes (other than this one) with an environment entry for which `wanted` holds.
fn with_environment(wanted: impl Fn(&[u8]) -> bool) -> Vec<i32> {
    let me = std::process::id() as i32;
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| pid != me)
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(&wanted))
        })
        .collect()
}

/// This process's children that have exited and wait to be reaped (zombies).
pub fn zombie_children() -> Vec<i32> {
    let me = std::process::id() as i32;
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|text| parse_stat(&text))
                .is_some_and(|stat| stat.ppid == me && stat.state == 'Z')
        })
        .collect()
}

/// Usage of each of `pids` that is still there (with its peak memory).
pub fn usages(pids: &[i32], ticks_per_second: u64) -> Vec<(i32, Usage)> {
    pids.iter()
        .filter_map(|&pid| usage(pid, ticks_per_second).map(|u| (pid, u)))
        .collect()
}

/// Every live process of the group `pgid` except `skip`, with its usage.
pub fn group_members(pgid: i32, skip: i32, ticks_per_second: u64) -> Vec<(i32, Usage)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| pid != skip)
        .filter_map(|pid| {
            let (pgrp, usage) = group_and_cpu(pid, ticks_per_second)?;
            (pgrp == pgid).then(|| {
                let peak_kib = peak_kib(pid).unwrap_or(0);
                (pid, Usage { peak_kib, ..usage })
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_fields_survive_a_command_name_with_spaces_and_parentheses() {
        let line = "42 (a b) c) R 1 42 42 0 -1 4194304 100 0 0 0 150 50 7 3 20 0 1 0 123 456 789";
        let stat = parse_stat(line).unwrap();
        assert_eq!(stat.state, 'R');
        assert_eq!(stat.ppid, 1);
        assert_eq!(stat.pgrp, 42);
        assert_eq!((stat.own_ticks, stat.reaped_ticks), (150 + 50, 7 + 3));
    }

    #[test]
    fn peak_is_read_from_vmhwm() {
        let status = "Name:\tx\nVmPeak:\t  9000 kB\nVmHWM:\t    1840 kB\n";
        assert_eq!(parse_kib(status, "VmHWM"), Some(1840));
        assert_eq!(parse_kib(status, "VmPeak"), Some(9000));
        assert_eq!(parse_kib(status, "Vm"), None);
        assert!(peak_kib(std::process::id() as i32).unwrap() > 0);
    }
}
