//! Finding the problem crates of the workspace and their judge facts.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::Deserialize;

pub use judge_runner::Compare;

/// The judges this workspace knows, with their defaults.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Site {
    /// Baekjoon Online Judge: reads stdin, `rustc --edition 2021 -O`.
    Baekjoon,
    /// Programmers: calls a function; our crates read the page's literal form.
    Programmers,
}

impl Site {
    /// The crate-name prefix of this site's problems (`boj`, `programmers`).
    pub fn prefix(self) -> &'static str {
        match self {
            Site::Baekjoon => "boj",
            Site::Programmers => "programmers",
        }
    }

    /// The site of a crate-name prefix.
    pub fn from_prefix(prefix: &str) -> Option<Site> {
        [Site::Baekjoon, Site::Programmers]
            .into_iter()
            .find(|s| s.prefix() == prefix)
    }

    /// The problem page of `id`.
    pub fn url(self, id: &str) -> String {
        match self {
            Site::Baekjoon => format!("https://www.acmicpc.net/problem/{id}"),
            Site::Programmers => {
                format!("https://school.programmers.co.kr/learn/courses/30/lessons/{id}")
            }
        }
    }

    /// The usual time limit, when a problem does not state its own.
    pub fn default_time_limit_ms(self) -> u64 {
        match self {
            Site::Baekjoon => 1000,
            Site::Programmers => 10_000,
        }
    }

    /// The usual memory limit in MiB.
    pub fn default_memory_limit_mb(self) -> u64 {
        256
    }

    /// The largest accepted source file in KiB.
    pub fn default_source_limit_kib(self) -> u64 {
        512
    }
}

impl std::fmt::Display for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Site::Baekjoon => "baekjoon",
            Site::Programmers => "programmers",
        })
    }
}

/// `[package.metadata.judge]` as written: everything but `site` and `problem` has a default.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawJudge {
    site: Site,
    problem: String,
    url: Option<String>,
    time_limit_ms: Option<u64>,
    memory_limit_mb: Option<u64>,
    source_limit_kib: Option<u64>,
    #[serde(default, deserialize_with = "judge_runner::deserialize_compare")]
    compare: Compare,
}

/// Judge facts of a problem crate, with the site's defaults filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judge {
    /// Which judge.
    pub site: Site,
    /// The judge's problem id.
    pub problem: String,
    /// The problem page.
    pub url: String,
    /// Time limit per test in milliseconds.
    pub time_limit_ms: u64,
    /// Memory limit in MiB.
    pub memory_limit_mb: u64,
    /// Largest accepted source file in KiB.
    pub source_limit_kib: u64,
    /// How answers are compared.
    pub compare: Compare,
}

impl From<RawJudge> for Judge {
    fn from(raw: RawJudge) -> Judge {
        let site = raw.site;
        Judge {
            url: raw.url.unwrap_or_else(|| site.url(&raw.problem)),
            time_limit_ms: raw
                .time_limit_ms
                .unwrap_or_else(|| site.default_time_limit_ms()),
            memory_limit_mb: raw
                .memory_limit_mb
                .unwrap_or_else(|| site.default_memory_limit_mb()),
            source_limit_kib: raw
                .source_limit_kib
                .unwrap_or_else(|| site.default_source_limit_kib()),
            compare: raw.compare,
            problem: raw.problem,
            site,
        }
    }
}

/// One problem crate: where it lives and what its judge is.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Crate name, e.g. `boj-3190-snake` (also its samples folder and bundle name).
    pub name: String,
    /// The crate's folder.
    pub dir: PathBuf,
    /// Names of its normal, non-optional dependencies (what its judge binary is built from).
    pub dependencies: Vec<String>,
    /// Whether it has the `tools` feature (stress reference, worst input) the tools run.
    pub has_tools: bool,
    /// Its judge facts.
    pub judge: Judge,
}

impl Problem {
    /// The crate name as a Rust identifier (`boj_3190_snake`).
    pub fn ident(&self) -> String {
        self.name.replace('-', "_")
    }

    /// The folder of its samples.
    pub fn samples_dir(&self, root: &Path) -> PathBuf {
        root.join("samples").join(&self.name)
    }

    /// Its crate as the bundler takes it (the judge named in the bundle's first line).
    pub fn bundle_target(&self) -> judge_bundler::Target {
        let judge = &self.judge;
        judge_bundler::Target {
            name: self.name.clone(),
            dir: self.dir.clone(),
            dependencies: self.dependencies.clone(),
            judge: format!("{} problem {}: {}", judge.site, judge.problem, judge.url),
        }
    }
}

#[derive(Deserialize)]
struct Manifest {
    package: Package,
    #[serde(default)]
    dependencies: toml::Table,
    #[serde(default)]
    features: toml::Table,
}

#[derive(Deserialize)]
struct Package {
    name: String,
    #[serde(default)]
    metadata: Option<toml::Table>,
}

/// The problems found, and the manifests that could not be read as one (each a full message
/// naming the file), so that one bad manifest never hides the others.
#[derive(Debug, Default)]
pub struct Discovery {
    /// Problem crates, sorted by name.
    pub problems: Vec<Problem>,
    /// One line per broken problem manifest.
    pub errors: Vec<String>,
}

/// Whether a crate name has the shape of a problem crate: `<site prefix>-<digits>-<slug>`.
///
/// ```
/// use judge_cli::problems::looks_like_problem;
/// assert!(looks_like_problem("boj-3190-snake"));
/// assert!(!looks_like_problem("judge-cli"));
/// ```
pub fn looks_like_problem(name: &str) -> bool {
    let mut parts = name.splitn(3, '-');
    let (Some(site), Some(id), Some(slug)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    Site::from_prefix(site).is_some()
        && !id.is_empty()
        && id.bytes().all(|b| b.is_ascii_digit())
        && !slug.is_empty()
}

/// Reads one crate's manifest: `Ok(None)` for a crate that is not a problem (a tool crate).
pub fn read_problem(dir: &Path) -> Result<Option<Problem>> {
    let manifest_path = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest_path)
        .with_context(|| format!("reading {}", manifest_path.display()))?;
    let manifest: Manifest = toml::from_str(&text)
        .with_context(|| format!("{}: not a valid manifest", manifest_path.display()))?;
    let name = manifest.package.name;
    let mut metadata = manifest.package.metadata.unwrap_or_default();
    let judge = match metadata.remove("judge") {
        Some(value) => {
            let raw: RawJudge = value.try_into().map_err(|e: toml::de::Error| {
                anyhow::anyhow!(
                    "{}: [package.metadata.judge]: {}",
                    manifest_path.display(),
                    e.message()
                )
            })?;
            let judge = Judge::from(raw);
            for (key, value) in [
                ("time_limit_ms", judge.time_limit_ms),
                ("memory_limit_mb", judge.memory_limit_mb),
                ("source_limit_kib", judge.source_limit_kib),
            ] {
                if value == 0 {
                    bail!(
                        "{}: [package.metadata.judge]: {key} must be at least 1, found 0",
                        manifest_path.display()
                    );
                }
            }
            judge
        }
        None if looks_like_problem(&name) => {
            let near: Vec<String> = metadata
                .keys()
                .map(|k| format!("[package.metadata.{k}]"))
                .collect();
            bail!(
                "{}: `{name}` is named like a problem but has no [package.metadata.judge]{}",
                manifest_path.display(),
                if near.is_empty() {
                    String::new()
                } else {
                    format!(" (found {})", near.join(", "))
                }
            );
        }
        None => return Ok(None),
    };
    let dependencies = manifest
        .dependencies
        .iter()
        .filter(|(_, spec)| {
            !spec
                .get("optional")
                .and_then(toml::Value::as_bool)
                .unwrap_or(false)
        })
        .map(|(name, _)| name.clone())
        .collect();
    Ok(Some(Problem {
        name,
        dir: dir.to_path_buf(),
        dependencies,
        has_tools: manifest.features.contains_key("tools"),
        judge,
    }))
}

/// The workspace root: the nearest folder upward from the current one holding `grid-core/`
/// and `crates/`, else the one this tool was built in.
pub fn workspace_root() -> PathBuf {
    let is_root = |p: &Path| p.join("grid-core/Cargo.toml").is_file() && p.join("crates").is_dir();
    if let Ok(cwd) = std::env::current_dir() {
        if let Some(found) = cwd.ancestors().find(|p| is_root(p)) {
            return found.to_path_buf();
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every crate under `crates/` with `[package.metadata.judge]`, and every broken problem manifest.
pub fn discover_all(root: &Path) -> Result<Discovery> {
    let mut found = Discovery::default();
    let crates = root.join("crates");
    for entry in
        std::fs::read_dir(&crates).with_context(|| format!("reading {}", crates.display()))?
    {
        let dir = entry?.path();
        if !dir.join("Cargo.toml").is_file() {
            continue;
        }
        match read_problem(&dir) {
            Ok(Some(problem)) => found.problems.push(problem),
            Ok(None) => {}
            Err(e) => found.errors.push(format!("{e:#}")),
        }
    }
    found.problems.sort_by(|a, b| a.name.cmp(&b.name));
    found.errors.sort();
    Ok(found)
}

thread_local! {
    /// Why this thread's last [`discover`] skipped crates, for [`select`] to name when asked
    /// for one of them.
    static SKIPPED: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The problems that can be used; a broken manifest is reported on stderr and skipped.
pub fn discover(root: &Path) -> Result<Vec<Problem>> {
    let found = discover_all(root)?;
    for error in &found.errors {
        eprintln!("warning: skipping a problem: {error}");
    }
    SKIPPED.with(|skipped| *skipped.borrow_mut() = found.errors);
    Ok(found.problems)
}

/// Resolves what a user typed: a crate name, a unique prefix of one, a bare problem id, or a
/// unique part of a name (`puyo`); an unknown name gets the closest known one suggested.
pub fn select<'a>(problems: &'a [Problem], wanted: &str) -> Result<&'a Problem> {
    if let Some(p) = problems.iter().find(|p| p.name == wanted) {
        return Ok(p);
    }
    if wanted.trim().is_empty() {
        bail!("an empty problem name: name a crate, a prefix, an id or a part of a name");
    }
    let by_start: Vec<&Problem> = problems
        .iter()
        .filter(|p| p.name.starts_with(wanted) || p.judge.problem == wanted)
        .collect();
    // A bare number is a problem id, never a part of another problem's name (`1155` is in
    // `boj-11559-..`: bundling that one would submit the wrong code).
    let number = wanted.bytes().all(|b| b.is_ascii_digit());
    // A part of a name is tried only when no name starts with it, so a prefix that was unique
    // stays unique as problems are added.
    let matches = if number {
        by_start
            .into_iter()
            .filter(|p| p.judge.problem == wanted)
            .collect()
    } else if by_start.is_empty() {
        problems
            .iter()
            .filter(|p| p.name.contains(wanted))
            .collect()
    } else {
        by_start
    };
    let names = |list: &mut dyn Iterator<Item = &Problem>| {
        list.map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ")
    };
    match matches.as_slice() {
        [one] => Ok(one),
        [] => {
            // A crate skipped for its manifest is most likely the one meant.
            let skipped = SKIPPED.with(|skipped| {
                skipped
                    .borrow()
                    .iter()
                    .find(|why| why.contains(wanted))
                    .cloned()
            });
            if let Some(why) = skipped {
                bail!("`{wanted}` is not a usable problem: {why}");
            }
            let hint = closest(problems, wanted)
                .map(|p| format!("did you mean `{}`? ", p.name))
                .unwrap_or_default();
            bail!(
                "unknown problem `{wanted}`; {hint}known problems: {}",
                names(&mut problems.iter())
            )
        }
        many => bail!(
            "`{wanted}` matches several problems ({}); say which",
            names(&mut many.iter().copied())
        ),
    }
}

/// The problem whose name, or a part of it people type (`boj-11559`, `puyo-puyo`, `puyo`,
/// `11559`), is a few typos (a swap of neighbours counting as one) away from `wanted`: at most
/// a third of its length, and at least two.
fn closest<'a>(problems: &'a [Problem], wanted: &str) -> Option<&'a Problem> {
    let distance = |p: &Problem| {
        let mut forms = vec![p.name.as_str(), p.judge.problem.as_str()];
        if let Some(at) = p.name.find(&format!("-{}-", p.judge.problem)) {
            let end = at + p.judge.problem.len() + 1;
            forms.push(&p.name[..end]);
            forms.push(&p.name[end + 1..]);
            // Each word of the slug too: `robto` for `robot-cleaner`.
            forms.extend(p.name[end + 1..].split('-').filter(|word| word.len() >= 3));
        }
        forms
            .iter()
            .map(|form| strsim::osa_distance(wanted, form))
            .min()
            .unwrap_or(usize::MAX)
    };
    let (best, d) = problems
        .iter()
        .map(|p| (p, distance(p)))
        .min_by_key(|&(_, d)| d)?;
    (d <= (wanted.chars().count() / 3).max(2)).then_some(best)
}

/// The problems named on a command line, or all of them when `all` is set or none is named;
/// names beside `all` are refused, not ignored.
pub fn select_many<'a>(
    problems: &'a [Problem],
    wanted: &[String],
    all: bool,
) -> Result<Vec<&'a Problem>> {
    if all && !wanted.is_empty() {
        bail!(
            "name problems or pass --all, not both (named: {})",
            wanted.join(", ")
        );
    }
    if all || wanted.is_empty() {
        return Ok(problems.iter().collect());
    }
    wanted.iter().map(|w| select(problems, w)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems() -> Vec<Problem> {
        discover(&workspace_root()).unwrap()
    }

    fn write_crate(root: &Path, name: &str, manifest_tail: &str) {
        let dir = root.join("crates").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("Cargo.toml"),
            format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\n{manifest_tail}"),
        )
        .unwrap();
    }

    #[test]
    fn site_defaults_fill_what_a_manifest_leaves_out() {
        let root = tempfile::tempdir().unwrap();
        write_crate(
            root.path(),
            "boj-3190-snake",
            "[package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"3190\"\n",
        );
        write_crate(root.path(), "my-tool", "");
        let found = discover_all(root.path()).unwrap();
        assert_eq!(found.errors, Vec::<String>::new());
        assert_eq!(found.problems.len(), 1);
        let judge = &found.problems[0].judge;
        assert_eq!(
            judge,
            &Judge {
                site: Site::Baekjoon,
                problem: "3190".into(),
                url: "https://www.acmicpc.net/problem/3190".into(),
                time_limit_ms: 1000,
                memory_limit_mb: 256,
                source_limit_kib: 512,
                compare: Compare::Baekjoon,
            }
        );
    }

    #[test]
    fn a_misspelled_key_or_table_is_an_error_naming_file_and_key_and_hides_nothing_else() {
        let root = tempfile::tempdir().unwrap();
        write_crate(
            root.path(),
            "boj-1-typo-key",
            "[package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"1\"\ntime_limit = 5\n",
        );
        write_crate(
            root.path(),
            "boj-2-typo-table",
            "[package.metadata.jugde]\nsite = \"baekjoon\"\nproblem = \"2\"\n",
        );
        write_crate(
            root.path(),
            "boj-3-fine",
            "[package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"3\"\n",
        );
        let found = discover_all(root.path()).unwrap();
        let names: Vec<&str> = found.problems.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["boj-3-fine"]);
        assert_eq!(found.errors.len(), 2, "{:#?}", found.errors);
        assert!(
            found.errors[0].contains("boj-1-typo-key/Cargo.toml")
                && found.errors[0].contains("unknown field `time_limit`"),
            "{}",
            found.errors[0]
        );
        assert!(
            found.errors[1].contains("boj-2-typo-table/Cargo.toml")
                && found.errors[1]
                    .contains("no [package.metadata.judge] (found [package.metadata.jugde])"),
            "{}",
            found.errors[1]
        );
    }

    #[test]
    fn a_problem_skipped_for_its_manifest_is_named_with_why() {
        let root = tempfile::tempdir().unwrap();
        write_crate(
            root.path(),
            "boj-5-broken",
            "[package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"5\"\ncompare = \"token\"\n",
        );
        write_crate(
            root.path(),
            "boj-6-fine",
            "[package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"6\"\n",
        );
        let all = discover(root.path()).unwrap();
        let why = select(&all, "boj-5-broken").unwrap_err().to_string();
        assert!(
            why.starts_with("`boj-5-broken` is not a usable problem: ")
                && why.contains("boj-5-broken/Cargo.toml")
                && why.contains("unknown comparison `token`"),
            "{why}"
        );
    }

    #[test]
    fn a_limit_of_zero_is_an_error_naming_the_key() {
        let root = tempfile::tempdir().unwrap();
        write_crate(
            root.path(),
            "boj-4-no-time",
            "[package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"4\"\ntime_limit_ms = 0\n",
        );
        let found = discover_all(root.path()).unwrap();
        assert!(found.problems.is_empty());
        assert_eq!(found.errors.len(), 1, "{:#?}", found.errors);
        assert!(
            found.errors[0].ends_with("time_limit_ms must be at least 1, found 0"),
            "{}",
            found.errors[0]
        );
    }

    #[test]
    fn every_problem_manifest_of_the_workspace_reads_cleanly() {
        let found = discover_all(&workspace_root()).unwrap();
        assert_eq!(found.errors, Vec::<String>::new());
        assert!(!found.problems.is_empty());
    }

    #[test]
    fn selects_every_problem_by_name_prefix_or_id() {
        let all = problems();
        for problem in &all {
            assert_eq!(select(&all, &problem.name).unwrap().name, problem.name);
            assert_eq!(
                select(&all, &problem.judge.problem).unwrap().name,
                problem.name
            );
        }
        let unknown = select(&all, "no-such-problem").unwrap_err().to_string();
        assert!(
            unknown.starts_with("unknown problem `no-such-problem`; known problems: "),
            "{unknown}"
        );
        // A number is an id, never a part of another problem's name.
        let part = select(&all, "1155").unwrap_err().to_string();
        assert!(part.starts_with("unknown problem `1155`; "), "{part}");
        let empty = select(&all, "").unwrap_err().to_string();
        assert!(empty.starts_with("an empty problem name"), "{empty}");
    }

    #[test]
    fn names_beside_all_are_refused_not_ignored() {
        let all = problems();
        let both = select_many(&all, &["nosuch".to_string()], true).unwrap_err();
        assert_eq!(
            both.to_string(),
            "name problems or pass --all, not both (named: nosuch)"
        );
        assert_eq!(select_many(&all, &[], true).unwrap().len(), all.len());
        assert_eq!(select_many(&all, &[], false).unwrap().len(), all.len());
    }

    #[test]
    fn a_prefix_shared_by_two_problems_is_ambiguous() {
        let root = tempfile::tempdir().unwrap();
        for name in ["boj-10-a", "boj-11-b"] {
            let id = &name[4..6];
            write_crate(
                root.path(),
                name,
                &format!("[package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"{id}\"\n"),
            );
        }
        let all = discover(root.path()).unwrap();
        assert_eq!(
            select(&all, "boj-1").unwrap_err().to_string(),
            "`boj-1` matches several problems (boj-10-a, boj-11-b); say which"
        );
        assert_eq!(select(&all, "boj-11").unwrap().name, "boj-11-b");
        assert_eq!(select(&all, "10").unwrap().name, "boj-10-a");
    }

    #[test]
    fn a_part_of_one_name_selects_it_and_a_typo_gets_the_closest_name() {
        let root = tempfile::tempdir().unwrap();
        for (name, id) in [
            ("boj-3190-snake", "3190"),
            ("boj-14503-robot-cleaner", "14503"),
            ("boj-14502-lab", "14502"),
        ] {
            write_crate(
                root.path(),
                name,
                &format!("[package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"{id}\"\n"),
            );
        }
        let all = discover(root.path()).unwrap();
        let name = |wanted| select(&all, wanted).map(|p| p.name.clone());
        assert_eq!(name("robot").unwrap(), "boj-14503-robot-cleaner");
        assert_eq!(name("snake").unwrap(), "boj-3190-snake");
        // A part two names share is ambiguous; a number is only ever an id.
        assert_eq!(
            name("robot-cleaner-x")
                .unwrap_err()
                .to_string()
                .split(';')
                .next(),
            Some("unknown problem `robot-cleaner-x`")
        );
        assert_eq!(
            name("boj-1450").unwrap_err().to_string(),
            "`boj-1450` matches several problems (boj-14502-lab, boj-14503-robot-cleaner); say which"
        );
        assert!(name("1450")
            .unwrap_err()
            .to_string()
            .starts_with("unknown problem `1450`; did you mean"));
        let known = "known problems: boj-14502-lab, boj-14503-robot-cleaner, boj-3190-snake";
        for (typo, meant) in [
            ("snkae", "boj-3190-snake"),
            ("robot-claener", "boj-14503-robot-cleaner"),
            ("boj-14530", "boj-14503-robot-cleaner"),
            ("3109", "boj-3190-snake"),
            ("robto", "boj-14503-robot-cleaner"),
            ("claener", "boj-14503-robot-cleaner"),
        ] {
            assert_eq!(
                name(typo).unwrap_err().to_string(),
                format!("unknown problem `{typo}`; did you mean `{meant}`? {known}")
            );
        }
        assert_eq!(
            name("tetromino").unwrap_err().to_string(),
            format!("unknown problem `tetromino`; {known}")
        );
    }
}
