//! A control group (cgroup v2) per run, where this machine lets us make one.
//!
//! A process group and an environment mark follow a program's processes only as long as they
//! keep them: a process can start its own session, rewrite its environment, or fork faster than
//! a scan of `/proc` finds it. A cgroup cannot be left that way: every process the program
//! starts is born in it, its CPU time is counted there even after the process has left or died
//! (`cpu.stat`), and `cgroup.kill` ends every process in it at once, forking ones included.
//!
//! The run's cgroup is made beside this tool's own, in the cgroup2 hierarchy (which Linux
//! mounts also when the controllers live in v1 hierarchies): it needs no controller, only the
//! right to make a folder there, which root has and a systemd delegation gives. Where that
//! fails the runner goes on with its process group and mark alone.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once, OnceLock};
use std::time::{Duration, Instant};

/// Folder names of run cgroups start with this, then the tool's pid and the run's number.
const PREFIX: &str = "judge-cli-";

/// Set (to anything) in the environment, runs get no cgroup: the runner works as on a machine
/// that does not allow one (for tests of that way, and for anyone who wants it).
pub const OFF_VARIABLE: &str = "JUDGE_KIT_NO_CGROUP";

/// Whether cgroups may be tried at all ([`OFF_VARIABLE`] unset).
fn allowed() -> bool {
    std::env::var_os(OFF_VARIABLE).is_none()
}

/// The cgroups of runs in progress, for [`kill_all`] when the tool is told to stop.
static ACTIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// One run's cgroup; dropping it kills whatever is left in it and removes it.
#[derive(Debug)]
pub struct RunCgroup {
    dir: PathBuf,
    /// Its path within the hierarchy (`/judge-cli-12-0`), as `/proc/<pid>/cgroup` shows it.
    path: String,
}

/// The mount point of the first cgroup hierarchy in `/proc/self/mountinfo` whose file-system
/// type and super options (`rw,memory`) `holds` accepts.
fn cgroup_mount(holds: impl Fn(&str, &str) -> bool) -> Option<PathBuf> {
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    mountinfo.lines().find_map(|line| {
        // Fields: id parent major:minor root mount-point options... - fstype source super.
        let (before, after) = line.split_once(" - ")?;
        let mut after = after.split_whitespace();
        let fstype = after.next()?;
        let options = after.nth(1).unwrap_or("");
        holds(fstype, options).then(|| before.split_whitespace().nth(4).map(PathBuf::from))?
    })
}

/// Where this process's cgroup is in the cgroup2 hierarchy: the hierarchy's mount point and
/// the path `/proc/self/cgroup` gives on its `0::` line. Read once: every run asks.
fn own_cgroup() -> Option<(PathBuf, String)> {
    static OWN: OnceLock<Option<(PathBuf, String)>> = OnceLock::new();
    OWN.get_or_init(|| {
        let mount = cgroup_mount(|fstype, _| fstype == "cgroup2")?;
        let cgroups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let own = cgroups.lines().find_map(|line| line.strip_prefix("0::"))?;
        Some((mount, own.trim_end_matches('/').to_string()))
    })
    .clone()
}

/// Whether a process of this pid is running: it exists and has not exited (a tool killed with
/// `SIGKILL` stays a zombie until its parent reaps it, and its runs must not wait for that).
fn alive(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        // The state follows the command name, which is in parentheses and may hold any byte.
        stat.rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with(['Z', 'X']))
    })
}

/// The run cgroups in `base` whose tool (the pid in their name) is gone: it died without
/// removing them (killed with `SIGKILL`, or by a program it ran).
fn orphans(base: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(base) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            let owner = entry
                .file_name()
                .to_str()
                .and_then(|n| n.strip_prefix(PREFIX))
                .and_then(|rest| rest.split('-').next())
                .and_then(|pid| pid.parse::<i32>().ok());
            owner.is_some_and(|pid| !alive(pid))
        })
        .map(|entry| entry.path())
        .collect()
}

/// Kills every process in the cgroup2 cgroup `dir` at once (those born during the kill and
/// those in cgroups made inside it too: the kernel sees to that).
fn kill_in(dir: &Path) {
    let _ = std::fs::write(dir.join("cgroup.kill"), "1");
}

/// Runs `kill` on the cgroup `dir` until it can be removed, with the cgroups made inside it,
/// or `within` has passed.
fn retire(dir: &Path, within: Duration, kill: impl Fn(&Path)) {
    let deadline = Instant::now() + within;
    loop {
        kill(dir);
        if remove_tree(dir) || Instant::now() > deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Kills every process in the cgroup2 cgroup `dir`, waits (up to 2 s) until it is empty,
/// removes it.
fn end(dir: &Path) {
    retire(dir, Duration::from_secs(2), kill_in);
}

/// Removes the cgroup `dir` with any cgroups made inside it (deepest first); whether it is
/// gone.
fn remove_tree(dir: &Path) -> bool {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                remove_tree(&entry.path());
            }
        }
    }
    std::fs::remove_dir(dir).is_ok() || !dir.exists()
}

/// Moves the process `pid` into the cgroup `dir` (of any hierarchy); whether that worked.
fn move_into(dir: &Path, pid: i32) -> bool {
    std::fs::write(dir.join("cgroup.procs"), pid.to_string()).is_ok()
}

/// Kills the processes listed in `cgroup.procs` of `dir` and of the cgroups inside it.
fn kill_listed(dir: &Path) {
    for pid in listed_pids(dir) {
        super::sys::kill_and_reap(pid);
    }
}

/// The processes listed in `cgroup.procs` of `dir` and of the cgroups inside it (parents first).
fn listed_pids(dir: &Path) -> Vec<i32> {
    fn collect(dir: &Path, into: &mut Vec<i32>) {
        if let Ok(text) = std::fs::read_to_string(dir.join("cgroup.procs")) {
            into.extend(text.lines().filter_map(|l| l.trim().parse::<i32>().ok()));
        }
        if let Ok(entries) = std::fs::read_dir(dir) {
            for entry in entries.flatten() {
                if entry.file_type().is_ok_and(|t| t.is_dir()) {
                    collect(&entry.path(), into);
                }
            }
        }
    }
    let mut pids = Vec::new();
    collect(dir, &mut pids);
    pids
}

/// Kills the processes of every run in progress (for a tool told to stop by a signal).
pub fn kill_all() {
    let active = ACTIVE.lock().unwrap_or_else(|e| e.into_inner());
    active.iter().for_each(|dir| kill_in(dir));
}

impl RunCgroup {
    /// A new, empty cgroup for the run `id`, or `None` where this machine does not let us make
    /// one (no cgroup2 hierarchy, no right to write there, a kernel without `cgroup.kill`).
    pub fn create(id: &str) -> Option<RunCgroup> {
        static SWEPT: Once = Once::new();
        if !allowed() {
            return None;
        }
        let (mount, own) = own_cgroup()?;
        let base = mount.join(own.trim_start_matches('/'));
        SWEPT.call_once(|| orphans(&base).iter().for_each(|dir| end(dir)));
        let name = format!("{PREFIX}{id}");
        let dir = base.join(&name);
        std::fs::create_dir(&dir).ok()?;
        let group = RunCgroup {
            dir,
            path: format!("{own}/{name}"),
        };
        if !group.dir.join("cgroup.kill").exists() || group.cpu().is_none() {
            return None; // dropped: removed
        }
        ACTIVE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(group.dir.clone());
        Some(group)
    }

    /// Moves the process `pid` (and so every process it starts from then on) into the cgroup;
    /// whether that worked.
    pub fn adopt(&self, pid: i32) -> bool {
        move_into(&self.dir, pid)
    }

    /// CPU time (user + system) used in the cgroup so far, by every process that has been in
    /// it, the dead included.
    pub fn cpu(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(self.dir.join("cpu.stat")).ok()?;
        let micros = stat
            .lines()
            .find_map(|line| line.strip_prefix("usage_usec "))?
            .trim()
            .parse()
            .ok()?;
        Some(Duration::from_micros(micros))
    }

    /// Holds the cgroup to `max_tasks` processes and threads, where cgroup2 hands it the pids
    /// controller (see [`PidsCgroup`]); whether it does.
    pub fn limit_tasks(&self, max_tasks: u32) -> bool {
        std::fs::write(self.dir.join("pids.max"), max_tasks.to_string()).is_ok()
    }

    /// Whether a process or thread could not start for [`RunCgroup::limit_tasks`]'s limit.
    pub fn refused_tasks(&self) -> bool {
        refused_tasks(&self.dir)
    }

    /// The processes in the cgroup now, those in cgroups made inside it included.
    pub fn pids(&self) -> Vec<i32> {
        listed_pids(&self.dir)
    }

    /// Kills every process in the cgroup.
    pub fn kill(&self) {
        kill_in(&self.dir);
    }

    /// Whether `pid` is or was (a zombie) in this cgroup, by its `/proc/<pid>/cgroup`.
    pub fn held(&self, pid: i32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/cgroup")).is_ok_and(|text| {
            text.lines()
                .filter_map(|line| line.strip_prefix("0::"))
                .any(|path| path.trim_end_matches(" (deleted)") == self.path)
        })
    }
}

impl Drop for RunCgroup {
    fn drop(&mut self) {
        end(&self.dir);
        ACTIVE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|d| d != &self.dir);
    }
}

/// A memory-controlled cgroup for one run: its limit is on resident memory (what the program
/// and everything it started really use, as a judge measures it), and a program that reaches
/// it is killed by the kernel (an OOM kill), which is how the runner tells MLE. Version 1's
/// memory hierarchy is used when the machine mounts one (as this one does), else version 2's
/// when our cgroup hands the memory controller to its children.
#[derive(Debug)]
pub struct MemoryCgroup {
    dir: PathBuf,
    /// Whether it is in the version 2 hierarchy (other file names).
    v2: bool,
}

/// The folder of this process's cgroup in the version 1 hierarchy of `controller` (`memory`,
/// `pids`), where the machine mounts one. Read once a controller: every run asks.
fn own_v1_cgroup(controller: &'static str) -> Option<PathBuf> {
    static MEMORY: OnceLock<Option<PathBuf>> = OnceLock::new();
    static PIDS: OnceLock<Option<PathBuf>> = OnceLock::new();
    let own = if controller == "memory" {
        &MEMORY
    } else {
        &PIDS
    };
    own.get_or_init(|| {
        let holds = |list: &str| list.split(',').any(|c| c == controller);
        let mount = cgroup_mount(|fstype, options| fstype == "cgroup" && holds(options))?;
        let cgroups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let own = cgroups.lines().find_map(|line| {
            let mut parts = line.splitn(3, ':');
            let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
            holds(controllers).then_some(path)
        })?;
        Some(mount.join(own.trim_start_matches('/')))
    })
    .clone()
}

/// A new cgroup for the run `id` in the version 1 hierarchy of `controller`, beside this
/// process's own, once those of tools that died without removing theirs (`swept` once) are
/// gone (their processes die through the cgroup2 sweep, or here if they left that one).
fn new_v1_cgroup(controller: &'static str, id: &str, swept: &Once) -> Option<PathBuf> {
    let base = own_v1_cgroup(controller)?;
    swept.call_once(|| {
        for dir in orphans(&base) {
            kill_listed(&dir);
            remove_tree(&dir);
        }
    });
    let dir = base.join(format!("{PREFIX}{id}"));
    std::fs::create_dir(&dir).ok()?;
    Some(dir)
}

impl MemoryCgroup {
    /// A new cgroup for the run `id` whose processes together may hold `limit_bytes` of
    /// memory (swap included), or `None` where the machine does not let us make one.
    pub fn create(id: &str, limit_bytes: u64) -> Option<MemoryCgroup> {
        static SWEPT: Once = Once::new();
        if !allowed() {
            return None;
        }
        let name = format!("{PREFIX}{id}");
        if own_v1_cgroup("memory").is_some() {
            let dir = new_v1_cgroup("memory", id, &SWEPT)?;
            let group = MemoryCgroup { dir, v2: false };
            let limit = limit_bytes.to_string();
            std::fs::write(group.dir.join("memory.limit_in_bytes"), &limit).ok()?;
            // Without swap accounting this file is missing: swap is then not limited.
            let _ = std::fs::write(group.dir.join("memory.memsw.limit_in_bytes"), &limit);
            return Some(group);
        }
        let (mount, own) = own_cgroup()?;
        let base = mount.join(own.trim_start_matches('/'));
        let handed = std::fs::read_to_string(base.join("cgroup.subtree_control")).ok()?;
        if !handed.split_whitespace().any(|c| c == "memory") {
            return None;
        }
        let dir = base.join(format!("{name}-memory"));
        std::fs::create_dir(&dir).ok()?;
        let group = MemoryCgroup { dir, v2: true };
        std::fs::write(group.dir.join("memory.max"), limit_bytes.to_string()).ok()?;
        let _ = std::fs::write(group.dir.join("memory.swap.max"), "0");
        Some(group)
    }

    /// Moves the process `pid` (and what it starts from then on) into the cgroup.
    pub fn adopt(&self, pid: i32) -> bool {
        move_into(&self.dir, pid)
    }

    /// Whether the kernel killed a process of the cgroup for reaching the limit.
    pub fn oom_killed(&self) -> bool {
        let file = if self.v2 {
            "memory.events"
        } else {
            "memory.oom_control"
        };
        std::fs::read_to_string(self.dir.join(file)).is_ok_and(|text| {
            text.lines()
                .filter_map(|line| line.strip_prefix("oom_kill "))
                .any(|n| n.trim().parse::<u64>().is_ok_and(|n| n > 0))
        })
    }
}

impl Drop for MemoryCgroup {
    fn drop(&mut self) {
        // Its processes are normally gone already (killed through the run's cgroup2 group or
        // the group kill); one that left those but not this one is killed here.
        retire(&self.dir, Duration::from_secs(1), kill_listed);
    }
}

/// A cgroup for one run in the version 1 `pids` hierarchy: its processes and threads together
/// may number at most its limit; past it `fork` and `clone` fail (`EAGAIN`), as they fail on a
/// judge that allows few or none. A fork bomb stays a few busy processes, which the CPU limit
/// stops, rather than thousands that starve the tool watching them. (Where cgroup2 hands the
/// pids controller down, [`RunCgroup::limit_tasks`] does the same.)
#[derive(Debug)]
pub struct PidsCgroup {
    dir: PathBuf,
}

impl PidsCgroup {
    /// A new cgroup for the run `id` holding at most `max_tasks` processes and threads, or
    /// `None` where the machine has no version 1 pids hierarchy we may write to.
    pub fn create(id: &str, max_tasks: u32) -> Option<PidsCgroup> {
        static SWEPT: Once = Once::new();
        if !allowed() {
            return None;
        }
        let group = PidsCgroup {
            dir: new_v1_cgroup("pids", id, &SWEPT)?,
        };
        std::fs::write(group.dir.join("pids.max"), max_tasks.to_string()).ok()?;
        Some(group)
    }

    /// Moves the process `pid` (and what it starts from then on) into the cgroup.
    pub fn adopt(&self, pid: i32) -> bool {
        move_into(&self.dir, pid)
    }

    /// Whether a process or thread could not start for the limit.
    pub fn refused(&self) -> bool {
        refused_tasks(&self.dir)
    }
}

impl Drop for PidsCgroup {
    fn drop(&mut self) {
        retire(&self.dir, Duration::from_secs(1), kill_listed);
    }
}

/// Whether the `pids.events` of the cgroup `dir` counts a fork refused at its limit.
fn refused_tasks(dir: &Path) -> bool {
    std::fs::read_to_string(dir.join("pids.events")).is_ok_and(|text| {
        text.lines()
            .filter_map(|line| line.strip_prefix("max "))
            .any(|n| n.trim().parse::<u64>().is_ok_and(|n| n > 0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_process_that_exited_is_not_alive_even_before_it_is_reaped() {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id() as i32;
        // Not waited for: once it has exited it stays a zombie, which `/proc` still lists.
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while alive(pid) && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(Path::new(&format!("/proc/{pid}")).exists());
        assert!(!alive(pid));
        child.wait().unwrap();
        assert!(alive(std::process::id() as i32));
    }

    #[test]
    fn a_cgroup_counts_and_kills_what_it_holds_when_the_machine_allows_one() {
        let Some(group) = RunCgroup::create(&format!("{}-unit", std::process::id())) else {
            eprintln!("WARNING: no cgroup2 hierarchy we may write to; nothing to check");
            return;
        };
        assert_eq!(group.cpu(), Some(Duration::ZERO));
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        assert!(group.adopt(child.id() as i32));
        assert!(group.held(child.id() as i32));
        group.kill();
        let status = child.wait().unwrap();
        assert!(!status.success());
        let dir = group.dir.clone();
        drop(group);
        assert!(!dir.exists());
    }

    #[test]
    fn cgroups_a_program_made_inside_its_own_do_not_keep_it() {
        let Some(group) = RunCgroup::create(&format!("{}-unit-nested", std::process::id())) else {
            eprintln!("WARNING: no cgroup2 hierarchy we may write to; nothing to check");
            return;
        };
        std::fs::create_dir_all(group.dir.join("made/deeper")).unwrap();
        let dir = group.dir.clone();
        drop(group);
        assert!(!dir.exists());
        let id = format!("{}-unit-nested-memory", std::process::id());
        if let Some(memory) = MemoryCgroup::create(&id, 1 << 30) {
            std::fs::create_dir(memory.dir.join("made")).unwrap();
            let dir = memory.dir.clone();
            drop(memory);
            assert!(!dir.exists());
        }
    }

    #[test]
    fn a_memory_cgroup_kills_a_process_over_its_limit_when_the_machine_allows_one() {
        let id = format!("{}-unit-memory", std::process::id());
        let Some(group) = MemoryCgroup::create(&id, 32 << 20) else {
            eprintln!("WARNING: no memory cgroup we may make; nothing to check");
            return;
        };
        // Stopped by its own SIGSTOP until it is in the cgroup, then holds 64 MiB in a variable.
        let mut child = std::process::Command::new("sh")
            .args([
                "-c",
                "kill -STOP $$; x=$(head -c 67108864 /dev/zero | tr '\\0' a); echo ${#x}",
            ])
            .spawn()
            .unwrap();
        let pid = child.id() as i32;
        while !std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .is_ok_and(|s| s.contains(") T "))
        {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(group.adopt(pid));
        assert!(!group.oom_killed());
        std::process::Command::new("kill")
            .args(["-CONT", &pid.to_string()])
            .status()
            .unwrap();
        let _ = child.wait().unwrap();
        assert!(group.oom_killed());
    }
}
