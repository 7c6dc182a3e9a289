//! A measurement history (`scripts/bench`): every criterion bench of grid-core and the problems,
//! and every problem's whole-process figure, saved under one name (the commit), and a table of
//! how each figure moved against another saved name.
//!
//! Criterion keeps its own baseline (`<criterion>/<bench id>/<name>/estimates.json`, for
//! `cargo bench -- --baseline <name>`); the history file `<target>/bench-history/<name>.json`
//! copies its figures beside the process ones, so a comparison reads two files and needs no
//! knowledge of criterion's folder layout beyond the run that saved them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

/// The history file's layout version, so a later layout can tell an old file from a broken one.
pub const FORMAT: u32 = 1;

/// The default share (5%) by which two medians must differ before a change is flagged: below it,
/// machine noise (frequency, caches, a neighbour on a shared core) moves figures every run.
pub const DEFAULT_THRESHOLD: f64 = 0.05;

/// A figure's middle value and its confidence interval, in nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The median.
    pub value: f64,
    /// The lower end of the median's ~95% confidence interval.
    pub low: f64,
    /// The upper end of the median's ~95% confidence interval.
    pub high: f64,
}

/// Where a figure comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A criterion bench (in-process, wall time per iteration).
    Criterion,
    /// The bundled binary as a whole process on the worst input (CPU time, as the judge counts).
    Process,
}

/// What a process figure also recorded, for a reader of the file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProcessDetail {
    /// Recorded runs (after the warm-up).
    pub runs: usize,
    /// Median CPU time of the empty stdin reader, in nanoseconds.
    pub empty_median_ns: f64,
    /// Median peak memory, in KiB.
    pub peak_kib: u64,
}

/// One measured figure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// Criterion's full bench id (`boj-11559-puyo-puyo/worst`), or `<crate>/process`.
    pub name: String,
    /// The crate whose bench made it, so a run of some crates replaces only their figures.
    #[serde(rename = "crate")]
    pub crate_name: String,
    /// Where it comes from.
    pub kind: Kind,
    /// The median and its confidence interval.
    pub estimate: Estimate,
    /// Process figures only: what else was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub process: Option<ProcessDetail>,
}

/// Everything saved under one name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct History {
    /// Layout version ([`FORMAT`]).
    pub format: u32,
    /// The name it is saved under (the short commit hash, `-dirty` with uncommitted changes).
    pub name: String,
    /// The full commit hash, when known.
    #[serde(default)]
    pub commit: Option<String>,
    /// Whether some figure was measured in `--quick` mode (fewer samples: wider intervals).
    #[serde(default)]
    pub quick: bool,
    /// The figures, in the order measured.
    pub figures: Vec<Figure>,
}

impl History {
    /// An empty history named `name`.
    pub fn new(name: &str, commit: Option<String>) -> History {
        History {
            format: FORMAT,
            name: name.to_string(),
            commit,
            quick: false,
            figures: Vec::new(),
        }
    }

    /// Replaces the figures of `crate_name` with `figures`: running some crates again under the
    /// same name keeps what the other crates saved.
    pub fn replace_crate(&mut self, crate_name: &str, figures: Vec<Figure>) {
        self.figures.retain(|f| f.crate_name != crate_name);
        self.figures.extend(figures);
    }
}

/// The subset of criterion's `estimates.json` read here.
#[derive(Deserialize)]
struct CriterionEstimates {
    median: CriterionEstimate,
}

#[derive(Deserialize)]
struct CriterionEstimate {
    point_estimate: f64,
    confidence_interval: CriterionInterval,
}

#[derive(Deserialize)]
struct CriterionInterval {
    lower_bound: f64,
    upper_bound: f64,
}

/// The median and its confidence interval from criterion's `estimates.json` (nanoseconds).
/// The median, not the mean, because one disturbed sample on a shared machine moves the mean
/// but hardly the median.
pub fn parse_estimates(json: &str) -> Result<Estimate> {
    let parsed: CriterionEstimates =
        serde_json::from_str(json).context("not criterion's estimates.json")?;
    let m = parsed.median;
    Ok(Estimate {
        value: m.point_estimate,
        low: m.confidence_interval.lower_bound,
        high: m.confidence_interval.upper_bound,
    })
}

/// The bench's full id (`label_5_colours/grid_core/1000`) from criterion's `benchmark.json`.
pub fn parse_benchmark_id(json: &str) -> Result<String> {
    #[derive(Deserialize)]
    struct Id {
        full_id: String,
    }
    let id: Id = serde_json::from_str(json).context("not criterion's benchmark.json")?;
    Ok(id.full_id)
}

/// The median of `samples` with a distribution-free ~95% confidence interval: the order
/// statistics `n/2 ∓ 0.98·√n` (the normal approximation to the binomial), so a process figure
/// is judged by the same rule as criterion's bootstrapped median interval.
///
/// # Panics
/// When `samples` is empty.
pub fn median_interval(samples: &[Duration]) -> Estimate {
    let mut ns: Vec<f64> = samples.iter().map(|d| d.as_nanos() as f64).collect();
    ns.sort_by(f64::total_cmp);
    let n = ns.len() as f64;
    let half_width = 0.98 * n.sqrt();
    let last = ns.len() - 1;
    let at = |rank: f64| ns[(rank.max(0.0) as usize).min(last)];
    Estimate {
        value: ns[ns.len() / 2],
        low: at((n / 2.0 - half_width).floor()),
        high: at((n / 2.0 + half_width).ceil()),
    }
}

/// A problem's whole-process figure (`<crate>/process`) from its measured runs.
pub fn process_figure(crate_name: &str, samples: &super::bench_process::Samples) -> Figure {
    let empty = median_interval(&samples.empty);
    Figure {
        name: format!("{crate_name}/process"),
        crate_name: crate_name.to_string(),
        kind: Kind::Process,
        estimate: median_interval(&samples.solve),
        process: Some(ProcessDetail {
            runs: samples.solve.len(),
            empty_median_ns: empty.value,
            peak_kib: super::bench_process::median(&samples.peaks_kib),
        }),
    }
}

/// How a figure moved from the base to now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Slower beyond noise: the median grew by more than the threshold and the confidence
    /// intervals do not overlap.
    Slower,
    /// Faster beyond noise, by the same rule.
    Faster,
    /// Within noise.
    Same,
    /// Measured in the base only.
    MissingNow,
    /// Measured now only.
    MissingInBase,
}

/// Judges one figure: slower (faster) only when the median ratio passes `1 + threshold`
/// (`1 / (1 + threshold)`) *and* the two confidence intervals are apart. Both, because either
/// alone misleads: tight intervals from two quiet runs part over a 1% drift nobody cares about,
/// and a large ratio from a few wild samples comes with intervals that overlap.
pub fn classify(base: &Estimate, now: &Estimate, threshold: f64) -> Change {
    if base.value <= 0.0 || now.value <= 0.0 {
        return Change::Same;
    }
    let ratio = now.value / base.value;
    if ratio > 1.0 + threshold && now.low > base.high {
        Change::Slower
    } else if ratio < 1.0 / (1.0 + threshold) && now.high < base.low {
        Change::Faster
    } else {
        Change::Same
    }
}

/// One row of the comparison table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The figure's name.
    pub name: String,
    /// Its median in the base, in nanoseconds.
    pub base: Option<f64>,
    /// Its median now, in nanoseconds.
    pub now: Option<f64>,
    /// How it moved.
    pub change: Change,
}

/// One row per figure in either history: the figures measured now in their order, then those
/// only the base has. `keep` says which crates' figures to show (those that were run).
pub fn compare(
    base: &[Figure],
    now: &[Figure],
    threshold: f64,
    keep: &dyn Fn(&str) -> bool,
) -> Vec<Row> {
    let base_by_name: BTreeMap<&str, &Figure> = base.iter().map(|f| (f.name.as_str(), f)).collect();
    let now_names: BTreeSet<&str> = now.iter().map(|f| f.name.as_str()).collect();
    let mut rows = Vec::new();
    for figure in now.iter().filter(|f| keep(&f.crate_name)) {
        let before = base_by_name.get(figure.name.as_str());
        rows.push(Row {
            name: figure.name.clone(),
            base: before.map(|b| b.estimate.value),
            now: Some(figure.estimate.value),
            change: match before {
                Some(b) => classify(&b.estimate, &figure.estimate, threshold),
                None => Change::MissingInBase,
            },
        });
    }
    for figure in base.iter().filter(|f| keep(&f.crate_name)) {
        if !now_names.contains(figure.name.as_str()) {
            rows.push(Row {
                name: figure.name.clone(),
                base: Some(figure.estimate.value),
                now: None,
                change: Change::MissingNow,
            });
        }
    }
    rows
}

/// A duration in nanoseconds with three significant digits and a fitting unit (`45.2 µs`).
pub fn format_ns(ns: f64) -> String {
    let (value, unit) = if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    };
    let decimals = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.decimals$} {unit}")
}

/// The comparison table: figure, base, now, ratio now/base and a flag, then a count of each
/// kind of row and what the flags mean.
pub fn render(base_name: &str, now_name: &str, rows: &[Row], threshold: f64) -> String {
    let name_width = rows
        .iter()
        .map(|r| r.name.chars().count())
        .chain(["figure".len()])
        .max()
        .unwrap_or(0);
    let value_width = [base_name.chars().count(), now_name.chars().count(), 9]
        .into_iter()
        .max()
        .unwrap_or(9);
    let mut out = format!(
        "{:name_width$}  {:>value_width$}  {:>value_width$}  {:>8}\n",
        "figure", base_name, now_name, "now/base"
    );
    let shown = |v: Option<f64>| v.map_or_else(|| "-".to_string(), format_ns);
    let mut counts = [0usize; 4];
    for row in rows {
        let ratio = match (row.base, row.now) {
            (Some(b), Some(n)) if b > 0.0 => format!("{:.2}", n / b),
            _ => "-".to_string(),
        };
        let (flag, slot) = match row.change {
            Change::Slower => ("SLOWER", 0),
            Change::Faster => ("faster", 1),
            Change::Same => ("", 2),
            Change::MissingNow => ("missing now", 3),
            Change::MissingInBase => ("missing in base", 3),
        };
        counts[slot] += 1;
        let line = format!(
            "{:name_width$}  {:>value_width$}  {:>value_width$}  {:>8}  {flag}",
            row.name,
            shown(row.base),
            shown(row.now),
            ratio
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&format!(
        "{} slower, {} faster, {} within noise, {} missing on one side \
         (flagged: median moved by more than {:.0}% and the 95% confidence intervals are apart)\n",
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        threshold * 100.0
    ));
    out
}

/// The name a run is saved under: the short commit hash, with `-dirty` when tracked files have
/// uncommitted changes (what was measured is then not that commit).
pub fn baseline_name(short_hash: &str, dirty: bool) -> String {
    if dirty {
        format!("{short_hash}-dirty")
    } else {
        short_hash.to_string()
    }
}

/// Which saved name `wanted` means: the name itself, else the name of the commit git resolves it
/// to (`main`, a longer or full hash), else the one saved name it begins. `saved` is newest first
/// and is listed when nothing matches.
pub fn resolve_base(wanted: &str, saved: &[String], git_short: Option<&str>) -> Result<String> {
    if saved.iter().any(|s| s == wanted) {
        return Ok(wanted.to_string());
    }
    if let Some(short) = git_short {
        if saved.iter().any(|s| s == short) {
            return Ok(short.to_string());
        }
    }
    let starting: Vec<&String> = saved.iter().filter(|s| s.starts_with(wanted)).collect();
    match starting.as_slice() {
        [one] => Ok((*one).clone()),
        [] if saved.is_empty() => bail!(
            "no saved baseline `{wanted}`: nothing is saved yet (run scripts/bench on the base first)"
        ),
        [] => {
            let listed: Vec<&str> = saved.iter().take(10).map(String::as_str).collect();
            let more = if saved.len() > 10 { ", ..." } else { "" };
            bail!(
                "no saved baseline `{wanted}`; saved (newest first): {}{more}",
                listed.join(", ")
            )
        }
        many => bail!(
            "`{wanted}` begins several saved baselines ({}); say which",
            many.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The folder the history files live in: `<target>/bench-history`.
pub fn history_dir(target: &Path) -> PathBuf {
    target.join("bench-history")
}

/// Reads the history saved as `name`.
pub fn load(dir: &Path, name: &str) -> Result<History> {
    let path = dir.join(format!("{name}.json"));
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let history: History =
        serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?;
    if history.format != FORMAT {
        bail!(
            "{}: history format {} (this tool reads {FORMAT})",
            path.display(),
            history.format
        );
    }
    Ok(history)
}

/// Writes `history` as `<dir>/<name>.json`, through a temporary file so an interrupted write
/// never leaves half a file where a whole one was.
pub fn save(dir: &Path, history: &History) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(format!("{}.json", history.name));
    let temporary = dir.join(format!(".{}.json.tmp", history.name));
    std::fs::write(&temporary, serde_json::to_string_pretty(history)? + "\n")
        .with_context(|| format!("writing {}", temporary.display()))?;
    std::fs::rename(&temporary, &path).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// The names saved in `dir`, newest first.
pub fn saved_names(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(SystemTime, String)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.strip_suffix(".json")?.to_string();
            if name.starts_with('.') {
                return None;
            }
            let modified = e.metadata().and_then(|m| m.modified()).ok()?;
            Some((modified, name))
        })
        .collect();
    found.sort_by(|a, b| b.cmp(a));
    found.into_iter().map(|(_, name)| name).collect()
}

/// Cargo's target folder for the workspace at `root`: `$CARGO_TARGET_DIR`, else what
/// `cargo metadata` says (a `.cargo/config.toml` may move it), which is where criterion writes.
pub fn target_dir(root: &Path) -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        let dir = PathBuf::from(dir);
        return Ok(if dir.is_absolute() {
            dir
        } else {
            root.join(dir)
        });
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(root)
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo metadata")?;
    if !out.status.success() {
        bail!("cargo metadata failed");
    }
    let value: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    value["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .context("cargo metadata names no target_directory")
}

/// Where criterion keeps its results: `$CRITERION_HOME`, else `<target>/criterion` (criterion's
/// own rule); the benches are run with it set, so they write exactly where this reads.
pub fn criterion_home(target: &Path) -> PathBuf {
    std::env::var_os("CRITERION_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| target.join("criterion"))
}

/// Every folder under `criterion` holding a baseline saved as `name`, with when its estimates
/// were written; comparing two of these tells which benches one `cargo bench` saved.
pub fn saved_baseline_dirs(criterion: &Path, name: &str) -> BTreeMap<PathBuf, SystemTime> {
    let mut found = BTreeMap::new();
    let mut stack = vec![criterion.to_path_buf()];
    // Iterative: the folders nest as deep as bench ids have parts.
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.filter_map(|e| e.ok()) {
            let path = entry.path();
            if !entry.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            let estimates = path.join("estimates.json");
            if entry.file_name() == name && estimates.is_file() {
                if let Ok(modified) = estimates.metadata().and_then(|m| m.modified()) {
                    found.insert(path.clone(), modified);
                }
            }
            stack.push(path);
        }
    }
    found
}

/// The figure criterion saved in the baseline folder `dir` (`.../<name>/`).
pub fn read_criterion_figure(dir: &Path, crate_name: &str) -> Result<Figure> {
    let read = |file: &str| {
        let path = dir.join(file);
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))
    };
    let name = parse_benchmark_id(&read("benchmark.json")?)
        .with_context(|| format!("in {}", dir.display()))?;
    let estimate = parse_estimates(&read("estimates.json")?)
        .with_context(|| format!("in {}", dir.display()))?;
    Ok(Figure {
        name,
        crate_name: crate_name.to_string(),
        kind: Kind::Criterion,
        estimate,
        process: None,
    })
}

/// Criterion's options for `--quick`: its minimum of 10 samples in 2 s after 1 s of warm-up
/// (its defaults are 100 samples, 5 s and 3 s), wider intervals for a run in minutes.
pub const QUICK_CRITERION_ARGS: [&str; 6] = [
    "--warm-up-time",
    "1",
    "--measurement-time",
    "2",
    "--sample-size",
    "10",
];

/// One crate's criterion bench target to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchTarget {
    /// The package (`grid-core`, a problem crate).
    pub package: String,
    /// The bench target's name (`grid`, `solve`).
    pub bench: String,
    /// Features the bench needs (a problem's benches need `tools`).
    pub features: Vec<String>,
    /// The manifest of a package that is a workspace of its own (`reference-bench/Cargo.toml`),
    /// built into `target_dir` like the workspace's; `None` for a workspace member.
    pub manifest: Option<PathBuf>,
}

/// The bench targets of the crate in `dir`: one per `benches/*.rs`, named by its file stem as
/// cargo names them, sorted.
pub fn bench_targets(dir: &Path, package: &str, features: &[&str]) -> Vec<BenchTarget> {
    let Ok(entries) = std::fs::read_dir(dir.join("benches")) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".rs")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|bench| BenchTarget {
            package: package.to_string(),
            bench,
            features: features.iter().map(|f| f.to_string()).collect(),
            manifest: None,
        })
        .collect()
}

/// The bench targets of the package at `dir` that is a workspace of its own (its manifest
/// given to cargo), as [`bench_targets`] finds them.
pub fn own_workspace_bench_targets(dir: &Path, package: &str) -> Vec<BenchTarget> {
    bench_targets(dir, package, &[])
        .into_iter()
        .map(|target| BenchTarget {
            manifest: Some(dir.join("Cargo.toml")),
            ..target
        })
        .collect()
}

/// The `cargo bench` arguments that run `target` and save its results as baseline `name`
/// (a package of its own workspace is built into `target_dir`, the workspace's).
pub fn cargo_bench_args(
    target: &BenchTarget,
    target_dir: &Path,
    name: &str,
    quick: bool,
) -> Vec<String> {
    let mut args: Vec<String> = ["bench", "--locked", "-p", &target.package]
        .into_iter()
        .map(str::to_string)
        .collect();
    if let Some(manifest) = &target.manifest {
        args.extend([
            "--manifest-path".to_string(),
            manifest.display().to_string(),
            "--target-dir".to_string(),
            target_dir.display().to_string(),
        ]);
    }
    args.extend(["--bench".to_string(), target.bench.clone()]);
    if !target.features.is_empty() {
        args.extend(["--features".to_string(), target.features.join(",")]);
    }
    // `--noplot`: the plots take a while and the history needs only the numbers.
    args.extend(["--", "--save-baseline", name, "--noplot"].map(str::to_string));
    if quick {
        args.extend(QUICK_CRITERION_ARGS.map(str::to_string));
    }
    args
}

/// Runs one bench target with cargo (its output on stderr, so stdout carries only the table) and
/// returns the figures it saved as `name`.
pub fn run_criterion(
    root: &Path,
    target_dir: &Path,
    criterion: &Path,
    target: &BenchTarget,
    name: &str,
    quick: bool,
) -> Result<Vec<Figure>> {
    let before = saved_baseline_dirs(criterion, name);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(cargo_bench_args(target, target_dir, name, quick))
        .current_dir(root)
        .env("CRITERION_HOME", criterion)
        .stdout(std::io::stderr())
        .status()
        .context("running cargo bench")?;
    if !status.success() {
        bail!(
            "cargo bench -p {} --bench {} failed ({status})",
            target.package,
            target.bench
        );
    }
    // What this run saved: baseline folders that are new or were written again.
    saved_baseline_dirs(criterion, name)
        .into_iter()
        .filter(|(dir, modified)| before.get(dir) != Some(modified))
        .map(|(dir, _)| read_criterion_figure(&dir, &target.package))
        .collect()
}

/// The checkout's commit: its short hash, full hash, and whether tracked files have uncommitted
/// changes (untracked files are left out, as `git describe --dirty` does: a new file changes
/// the build only once a tracked file names it).
pub fn git_state(root: &Path) -> Result<(String, String, bool)> {
    let short = git(root, &["rev-parse", "--short", "HEAD"])?;
    let full = git(root, &["rev-parse", "HEAD"])?;
    let dirty = !git(root, &["status", "--porcelain", "--untracked-files=no"])?.is_empty();
    Ok((short, full, dirty))
}

/// The short hash of the commit `rev` names (`main`, a full hash), if git knows it.
pub fn git_short(root: &Path, rev: &str) -> Option<String> {
    git(
        root,
        &["rev-parse", "--short", &format!("{rev}^{{commit}}")],
    )
    .ok()
}

fn git(root: &Path, args: &[&str]) -> Result<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(root)
        .stderr(Stdio::null())
        .output()
        .context("running git")?;
    if !out.status.success() {
        bail!(
            "git {} failed in {} (not a git checkout? name the baseline with --name)",
            args.join(" "),
            root.display()
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn est(value: f64, low: f64, high: f64) -> Estimate {
        Estimate { value, low, high }
    }

    fn figure(name: &str, crate_name: &str, estimate: Estimate) -> Figure {
        Figure {
            name: name.into(),
            crate_name: crate_name.into(),
            kind: Kind::Criterion,
            estimate,
            process: None,
        }
    }

    // Trimmed from a real `estimates.json` written by criterion 0.8.
    const ESTIMATES: &str = r#"{
        "mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1210.5,"upper_bound":1290.0},"point_estimate":1250.1,"standard_error":20.2},
        "median":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1195.0,"upper_bound":1230.5},"point_estimate":1213.25,"standard_error":9.1},
        "median_abs_dev":{"confidence_interval":{"confidence_level":0.95,"lower_bound":10.0,"upper_bound":30.0},"point_estimate":20.0,"standard_error":5.0},
        "slope":null,
        "std_dev":{"confidence_interval":{"confidence_level":0.95,"lower_bound":50.0,"upper_bound":90.0},"point_estimate":70.0,"standard_error":10.0}
    }"#;

    #[test]
    fn estimates_json_gives_the_median_and_its_interval() {
        assert_eq!(
            parse_estimates(ESTIMATES).unwrap(),
            est(1213.25, 1195.0, 1230.5)
        );
    }

    #[test]
    fn a_file_that_is_not_estimates_is_an_error() {
        let e = parse_estimates(r#"{"mean":{}}"#).unwrap_err();
        assert!(format!("{e:#}").contains("not criterion's estimates.json"));
    }

    #[test]
    fn benchmark_json_gives_the_full_id() {
        let json = r#"{"group_id":"label_5_colours","function_id":"grid_core","value_str":"1000",
            "throughput":{"Elements":1000000},"full_id":"label_5_colours/grid_core/1000",
            "directory_name":"label_5_colours/grid_core/1000","title":"label_5_colours/grid_core/1000"}"#;
        assert_eq!(
            parse_benchmark_id(json).unwrap(),
            "label_5_colours/grid_core/1000"
        );
    }

    #[test]
    fn slower_needs_both_the_threshold_and_apart_intervals() {
        let base = est(100.0, 98.0, 102.0);
        // 10% slower, intervals apart.
        assert_eq!(
            classify(&base, &est(110.0, 108.0, 112.0), 0.05),
            Change::Slower
        );
        // 10% slower, but the intervals overlap: noise.
        assert_eq!(
            classify(&base, &est(110.0, 101.0, 130.0), 0.05),
            Change::Same
        );
        // Intervals apart, but only 3% slower: below the threshold.
        assert_eq!(
            classify(&base, &est(103.0, 102.5, 103.5), 0.05),
            Change::Same
        );
    }

    #[test]
    fn faster_is_the_mirror_of_slower() {
        let base = est(100.0, 98.0, 102.0);
        assert_eq!(
            classify(&base, &est(90.0, 88.0, 92.0), 0.05),
            Change::Faster
        );
        assert_eq!(classify(&base, &est(90.0, 88.0, 99.0), 0.05), Change::Same);
        assert_eq!(classify(&base, &est(97.0, 96.5, 97.5), 0.05), Change::Same);
    }

    #[test]
    fn a_zero_figure_is_never_flagged() {
        assert_eq!(
            classify(&est(0.0, 0.0, 0.0), &est(5.0, 5.0, 5.0), 0.05),
            Change::Same
        );
    }

    #[test]
    fn rows_follow_now_then_what_only_the_base_has() {
        let base = vec![
            figure("a/worst", "a", est(100.0, 98.0, 102.0)),
            figure("gone/worst", "gone", est(50.0, 49.0, 51.0)),
            figure("other/worst", "other", est(50.0, 49.0, 51.0)),
        ];
        let now = vec![
            figure("new/worst", "new", est(10.0, 9.0, 11.0)),
            figure("a/worst", "a", est(120.0, 118.0, 122.0)),
        ];
        let rows = compare(&base, &now, 0.05, &|c| c != "other");
        let summary: Vec<(&str, Change)> =
            rows.iter().map(|r| (r.name.as_str(), r.change)).collect();
        assert_eq!(
            summary,
            [
                ("new/worst", Change::MissingInBase),
                ("a/worst", Change::Slower),
                ("gone/worst", Change::MissingNow),
            ]
        );
        assert_eq!((rows[0].base, rows[0].now), (None, Some(10.0)));
        assert_eq!((rows[2].base, rows[2].now), (Some(50.0), None));
    }

    #[test]
    fn the_table_shows_ratio_flag_and_missing_sides() {
        let rows = vec![
            Row {
                name: "a/worst".into(),
                base: Some(1000.0),
                now: Some(1200.0),
                change: Change::Slower,
            },
            Row {
                name: "b/process".into(),
                base: Some(2.5e6),
                now: Some(2.0e6),
                change: Change::Faster,
            },
            Row {
                name: "c/worst".into(),
                base: Some(5e9),
                now: None,
                change: Change::MissingNow,
            },
        ];
        let table = render("abc1234", "def5678-dirty", &rows, 0.05);
        let expected = "\
figure           abc1234  def5678-dirty  now/base
a/worst          1.00 µs        1.20 µs      1.20  SLOWER
b/process        2.50 ms        2.00 ms      0.80  faster
c/worst           5.00 s              -         -  missing now
1 slower, 1 faster, 0 within noise, 1 missing on one side (flagged: median moved by more than 5% and the 95% confidence intervals are apart)
";
        assert_eq!(table, expected);
    }

    #[test]
    fn durations_keep_three_significant_digits() {
        assert_eq!(format_ns(12.0), "12.0 ns");
        assert_eq!(format_ns(45_210.0), "45.2 µs");
        assert_eq!(format_ns(123_456_789.0), "123 ms");
        assert_eq!(format_ns(1.5e9), "1.50 s");
    }

    #[test]
    fn the_median_interval_widens_with_fewer_runs() {
        let runs: Vec<Duration> = (0..100).rev().map(Duration::from_nanos).collect();
        assert_eq!(median_interval(&runs), est(50.0, 40.0, 60.0));
        let few: Vec<Duration> = [5, 1, 3].map(Duration::from_nanos).to_vec();
        assert_eq!(median_interval(&few), est(3.0, 1.0, 5.0));
        let one = [Duration::from_nanos(7)];
        assert_eq!(median_interval(&one), est(7.0, 7.0, 7.0));
    }

    #[test]
    fn running_a_crate_again_replaces_only_its_figures() {
        let mut history = History::new("abc1234", None);
        history.replace_crate("a", vec![figure("a/worst", "a", est(1.0, 1.0, 1.0))]);
        history.replace_crate("b", vec![figure("b/worst", "b", est(2.0, 2.0, 2.0))]);
        history.replace_crate("a", vec![figure("a/worst", "a", est(3.0, 3.0, 3.0))]);
        let values: Vec<(&str, f64)> = history
            .figures
            .iter()
            .map(|f| (f.name.as_str(), f.estimate.value))
            .collect();
        assert_eq!(values, [("b/worst", 2.0), ("a/worst", 3.0)]);
    }

    #[test]
    fn a_history_reads_back_what_was_saved() {
        let dir = tempfile::tempdir().unwrap();
        let mut history = History::new("abc1234-dirty", Some("abc1234ffff".into()));
        history.replace_crate("a", vec![figure("a/worst", "a", est(1.0, 0.5, 1.5))]);
        save(dir.path(), &history).unwrap();
        assert_eq!(load(dir.path(), "abc1234-dirty").unwrap(), history);
        assert_eq!(saved_names(dir.path()), ["abc1234-dirty"]);
    }

    #[test]
    fn a_base_is_found_by_name_commit_or_unique_prefix() {
        let saved = vec!["abc1234".to_string(), "abd9999-dirty".to_string()];
        assert_eq!(resolve_base("abc1234", &saved, None).unwrap(), "abc1234");
        // `main` or a full hash, which git shortens to a saved name.
        assert_eq!(
            resolve_base("main", &saved, Some("abc1234")).unwrap(),
            "abc1234"
        );
        assert_eq!(resolve_base("abd", &saved, None).unwrap(), "abd9999-dirty");
        let e = resolve_base("ab", &saved, None).unwrap_err().to_string();
        assert!(e.contains("several"), "{e}");
        let e = resolve_base("fff", &saved, None).unwrap_err().to_string();
        assert_eq!(
            e,
            "no saved baseline `fff`; saved (newest first): abc1234, abd9999-dirty"
        );
        let e = resolve_base("fff", &[], None).unwrap_err().to_string();
        assert!(e.contains("nothing is saved yet"), "{e}");
    }

    #[test]
    fn cargo_bench_saves_under_the_name_and_quick_shortens_it() {
        let target = BenchTarget {
            package: "boj-1-x".into(),
            bench: "solve".into(),
            features: vec!["tools".into()],
            manifest: None,
        };
        let target_dir = Path::new("/w/target");
        assert_eq!(
            cargo_bench_args(&target, target_dir, "abc1234", false).join(" "),
            "bench --locked -p boj-1-x --bench solve --features tools -- --save-baseline abc1234 --noplot"
        );
        assert!(cargo_bench_args(&target, target_dir, "abc1234", true)
            .join(" ")
            .ends_with("--noplot --warm-up-time 1 --measurement-time 2 --sample-size 10"));
    }

    #[test]
    fn a_package_of_its_own_workspace_is_built_into_the_workspaces_target() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("benches")).unwrap();
        std::fs::write(dir.path().join("benches/reference.rs"), "").unwrap();
        let targets = own_workspace_bench_targets(dir.path(), "refs");
        assert_eq!(targets.len(), 1);
        let manifest = dir.path().join("Cargo.toml");
        assert_eq!(targets[0].manifest.as_deref(), Some(manifest.as_path()));
        assert_eq!(
            cargo_bench_args(&targets[0], Path::new("/w/target"), "abc1234", false).join(" "),
            format!(
                "bench --locked -p refs --manifest-path {} --target-dir /w/target --bench reference -- --save-baseline abc1234 --noplot",
                manifest.display()
            )
        );
    }

    #[test]
    fn bench_targets_are_the_files_under_benches() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("benches")).unwrap();
        std::fs::write(dir.path().join("benches/solve.rs"), "").unwrap();
        std::fs::write(dir.path().join("benches/README.md"), "").unwrap();
        let targets = bench_targets(dir.path(), "p", &["tools"]);
        assert_eq!(
            targets,
            [BenchTarget {
                package: "p".into(),
                bench: "solve".into(),
                features: vec!["tools".into()],
                manifest: None,
            }]
        );
        assert!(bench_targets(&dir.path().join("none"), "p", &[]).is_empty());
    }

    #[test]
    fn the_saved_baseline_folders_are_found_at_any_depth() {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["g/f/1000/abc", "p_worst/abc", "p_worst/new", "q/abc-dirty"] {
            let at = dir.path().join(sub);
            std::fs::create_dir_all(&at).unwrap();
            std::fs::write(at.join("estimates.json"), ESTIMATES).unwrap();
        }
        let found: Vec<PathBuf> = saved_baseline_dirs(dir.path(), "abc")
            .into_keys()
            .map(|p| p.strip_prefix(dir.path()).unwrap().to_path_buf())
            .collect();
        assert_eq!(
            found,
            [PathBuf::from("g/f/1000/abc"), PathBuf::from("p_worst/abc")]
        );
    }
}
