//! Finding the problem crates of the workspace and their judge facts.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::Deserialize;

/// Judge facts from a problem crate's `[package.metadata.judge]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Judge {
    /// `baekjoon` or `programmers`.
    pub site: String,
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
    /// How answers are compared (`compare = "baekjoon"`, the default).
    #[serde(default)]
    pub compare: crate::verdict::Compare,
}

/// One problem crate: where it lives and what its judge is.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Crate name, e.g. `boj-11559-puyo-puyo` (also its samples folder and bundle name).
    pub name: String,
    /// The crate's folder.
    pub dir: PathBuf,
    /// Names of its normal dependencies.
    pub dependencies: Vec<String>,
    /// Its judge facts.
    pub judge: Judge,
}

impl Problem {
    /// The crate name as a Rust identifier (`boj_11559_puyo_puyo`).
    pub fn ident(&self) -> String {
        self.name.replace('-', "_")
    }

    /// The folder of its samples.
    pub fn samples_dir(&self, root: &Path) -> PathBuf {
        root.join("samples").join(&self.name)
    }
}

#[derive(Deserialize)]
struct Manifest {
    package: Package,
    #[serde(default)]
    dependencies: toml::Table,
}

#[derive(Deserialize)]
struct Package {
    name: String,
    #[serde(default)]
    metadata: Option<Metadata>,
}

#[derive(Deserialize)]
struct Metadata {
    judge: Option<Judge>,
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

/// Every crate under `crates/` with `[package.metadata.judge]`, sorted by name.
pub fn discover(root: &Path) -> Result<Vec<Problem>> {
    let mut problems = Vec::new();
    let crates = root.join("crates");
    for entry in
        std::fs::read_dir(&crates).with_context(|| format!("reading {}", crates.display()))?
    {
        let dir = entry?.path();
        let manifest_path = dir.join("Cargo.toml");
        if !manifest_path.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&manifest_path)?;
        let manifest: Manifest = toml::from_str(&text)
            .with_context(|| format!("parsing {}", manifest_path.display()))?;
        if let Some(judge) = manifest.package.metadata.and_then(|m| m.judge) {
            problems.push(Problem {
                name: manifest.package.name,
                dir,
                dependencies: manifest.dependencies.keys().cloned().collect(),
                judge,
            });
        }
    }
    problems.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(problems)
}

/// Resolves what a user typed: a crate name, a unique prefix of one, or a bare problem id.
pub fn select<'a>(problems: &'a [Problem], wanted: &str) -> Result<&'a Problem> {
    if let Some(p) = problems.iter().find(|p| p.name == wanted) {
        return Ok(p);
    }
    let matches: Vec<&Problem> = problems
        .iter()
        .filter(|p| p.name.starts_with(wanted) || p.judge.problem == wanted)
        .collect();
    let known = || {
        problems
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match matches.as_slice() {
        [one] => Ok(one),
        [] => bail!("unknown problem `{wanted}`; known problems: {}", known()),
        many => bail!(
            "`{wanted}` matches several problems ({}); say which",
            many.iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The problems named on a command line, or all of them when `all` is set or none is named.
pub fn select_many<'a>(
    problems: &'a [Problem],
    wanted: &[String],
    all: bool,
) -> Result<Vec<&'a Problem>> {
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

    #[test]
    fn finds_all_five_problem_crates_and_no_tool_crate() {
        let names: Vec<String> = problems().into_iter().map(|p| p.name).collect();
        assert_eq!(
            names,
            vec![
                "boj-11559-puyo-puyo",
                "boj-12100-2048-easy",
                "boj-17837-new-game-2",
                "programmers-42894-block-game",
                "programmers-84021-puzzle-pieces"
            ]
        );
    }

    #[test]
    fn selects_by_name_prefix_or_id() {
        let all = problems();
        assert_eq!(select(&all, "11559").unwrap().name, "boj-11559-puyo-puyo");
        assert_eq!(
            select(&all, "programmers-84").unwrap().name,
            "programmers-84021-puzzle-pieces"
        );
        assert_eq!(
            select(&all, "boj-17837-new-game-2")
                .unwrap()
                .judge
                .time_limit_ms,
            500
        );
        let unknown = select(&all, "99999").unwrap_err().to_string();
        assert!(
            unknown.starts_with("unknown problem `99999`; known problems: boj-11559-puyo-puyo, "),
            "{unknown}"
        );
        assert!(select(&all, "boj")
            .unwrap_err()
            .to_string()
            .contains("matches several problems"));
    }
}
