//! The crates a bundle is made of, read from manifests: the problem crate and, transitively, the
//! workspace crates it depends on, also through `[target.'cfg(..)'.dependencies]` tables.
//! Optional and dev-dependencies are ignored (the judge builds with no features and no tests);
//! any other crate is refused, and so is a crate of another edition than the judge's.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use toml::{Table, Value};

use super::cfg::{self, Truth};
use super::refusal::{Refusal, RefusalKind, JUDGE_EDITION};

/// One crate of the bundle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrateInfo {
    /// Package name (`grid-core`).
    pub package: String,
    /// Its folder.
    pub dir: PathBuf,
    /// The library's name in code (`grid_core`, or `[lib] name`): its module in the bundle.
    pub lib_name: String,
    /// The library's root file, if it has one.
    pub lib_path: Option<PathBuf>,
    /// The binary's root file, if it has one.
    pub main_path: Option<PathBuf>,
    /// Normal, non-optional dependencies: (name in this crate's code, module in the bundle).
    pub deps: Vec<(String, String)>,
    /// The `cfg` predicate under which cargo links this crate on the judge's machine, when it
    /// is reached only through `[target.'cfg(..)'.dependencies]` tables that the bundler cannot
    /// decide (`windows`, `target_os = ".."`); its module carries that `#[cfg]`. `None`: always.
    pub when: Option<String>,
}

thread_local! {
    /// Each manifest's last text and table: every bundle reads every manifest of the workspace,
    /// and the tests bundle hundreds of crates of one workspace in one process.
    static TABLES: RefCell<HashMap<PathBuf, (String, Table)>> = RefCell::new(HashMap::new());
}

/// The manifest at `path`, parsed again only when its text changed.
fn read_table(path: &Path) -> Result<Table> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let known = TABLES.with(|t| {
        let t = t.borrow();
        let (last, table) = t.get(path)?;
        (*last == text).then(|| table.clone())
    });
    if let Some(table) = known {
        return Ok(table);
    }
    let table = text
        .parse::<Table>()
        .with_context(|| format!("parsing {}", path.display()))?;
    TABLES.with(|t| {
        t.borrow_mut()
            .insert(path.to_path_buf(), (text, table.clone()))
    });
    Ok(table)
}

fn str_at<'a>(table: &'a Table, section: &str, key: &str) -> Option<&'a str> {
    table.get(section)?.as_table()?.get(key)?.as_str()
}

/// The edition a manifest declares, itself or through `edition.workspace = true` from the root
/// manifest's `[workspace.package]`; `None` when it declares none (cargo then takes 2015).
fn edition(manifest: &Table, workspace_package: &Table) -> Option<String> {
    let declared = manifest.get("package")?.get("edition")?;
    let inherits = declared.get("workspace").and_then(Value::as_bool) == Some(true);
    let value = if inherits {
        workspace_package.get("edition")?
    } else {
        declared
    };
    value.as_str().map(str::to_string)
}

/// A crate's manifest as the walk needs it.
struct ReadCrate {
    info: CrateInfo,
    /// Its normal, non-optional dependencies.
    deps: Vec<Dependency>,
    /// The names of every dependency it declares (optional ones too).
    declared: Vec<String>,
    /// Its edition ([`edition`]).
    edition: Option<String>,
    /// Its default features (`[features] default = [..]`).
    default_features: Vec<String>,
}

/// Reads the crate in `dir`.
fn read_crate(dir: &Path, inherited: &Inherited) -> Result<ReadCrate> {
    let manifest_path = dir.join("Cargo.toml");
    let manifest = read_table(&manifest_path)?;
    let package = str_at(&manifest, "package", "name")
        .with_context(|| format!("{}: no [package] name", manifest_path.display()))?
        .to_string();
    let edition = edition(&manifest, &inherited.package);
    refuse_build_steps(&manifest, dir, &manifest_path, &package)?;
    let lib_name =
        str_at(&manifest, "lib", "name").map_or_else(|| package.replace('-', "_"), str::to_string);
    let lib_path = match str_at(&manifest, "lib", "path") {
        Some(path) => Some(dir.join(path)),
        None => Some(dir.join("src/lib.rs")).filter(|p| p.is_file()),
    };
    let main_path = judge_binary(&manifest, dir, &package);
    let mut deps = Vec::new();
    let mut declared = Vec::new();
    if let Some(table) = manifest.get("dependencies").and_then(Value::as_table) {
        for (key, spec) in table {
            declared.push(key.clone());
            deps.extend(dependency(dir, key, spec, &inherited.dependencies));
        }
    }
    for (target, tables) in manifest
        .get("target")
        .and_then(Value::as_table)
        .into_iter()
        .flatten()
    {
        let Some(table) = tables.get("dependencies").and_then(Value::as_table) else {
            continue;
        };
        let Some(when) = target_condition(&manifest_path, target)? else {
            continue;
        };
        for (key, spec) in table {
            declared.push(key.clone());
            let dependency = dependency(dir, key, spec, &inherited.dependencies);
            deps.extend(dependency.map(|d| Dependency {
                when: when.clone(),
                ..d
            }));
        }
    }
    let info = CrateInfo {
        package,
        dir: dir.to_path_buf(),
        lib_name,
        lib_path,
        main_path,
        deps: Vec::new(),
        when: None,
    };
    let default_features = strings(manifest.get("features").and_then(|f| f.get("default")));
    Ok(ReadCrate {
        info,
        deps,
        declared,
        edition,
        default_features,
    })
}

/// The root file of the crate's judge binary, the one the tools build (`--bin <package>`): the
/// binary named like the package, else the one `default-run` names, else the only one. Its
/// `[[bin]]` table gives its path, or cargo's defaults do (`src/main.rs` for the package's
/// name, else `src/bin/<name>.rs` or `src/bin/<name>/main.rs`).
fn judge_binary(manifest: &Table, dir: &Path, package: &str) -> Option<PathBuf> {
    let bins: &[Value] = manifest
        .get("bin")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice);
    let default_path = |name: &str| {
        let candidates = if name == package {
            vec![dir.join("src/main.rs")]
        } else {
            vec![
                dir.join(format!("src/bin/{name}.rs")),
                dir.join(format!("src/bin/{name}/main.rs")),
            ]
        };
        candidates.into_iter().find(|p| p.is_file())
    };
    let path_of = |bin: &Value| match bin.get("path").and_then(Value::as_str) {
        Some(path) => Some(dir.join(path)),
        None => default_path(bin.get("name").and_then(Value::as_str)?),
    };
    let named = |name: &str| {
        match bins
            .iter()
            .find(|b| b.get("name").and_then(Value::as_str) == Some(name))
        {
            Some(bin) => path_of(bin),
            // Found by cargo without a table (unless `autobins = false`).
            None => default_path(name),
        }
    };
    let default_run = str_at(manifest, "package", "default-run");
    named(package)
        .or_else(|| default_run.and_then(named))
        .or_else(|| match bins {
            [only] => path_of(only),
            _ => None,
        })
}

/// Refuses a crate whose build cargo changes in a way one file cannot carry: a build script
/// (stated as `build = ..`, or `build.rs` beside the manifest, which cargo runs unless `build =
/// false`), which may set cfgs and environment variables or write code that a judge's plain
/// rustc never sees, and a procedural macro crate, which is compiled for and run by the compiler.
fn refuse_build_steps(
    manifest: &Table,
    dir: &Path,
    manifest_path: &Path,
    package: &str,
) -> Result<()> {
    let script = match manifest.get("package").and_then(|p| p.get("build")) {
        Some(Value::String(path)) => Some(dir.join(path)),
        Some(Value::Boolean(false)) => None,
        _ => Some(dir.join("build.rs")).filter(|p| p.is_file()),
    };
    if let Some(script) = script {
        let package = package.to_string();
        let kind = RefusalKind::BuildScript { package, script };
        return Err(Refusal::in_file(manifest_path, kind).into());
    }
    let proc_macro = manifest.get("lib").and_then(|lib| {
        lib.get("proc-macro")
            .or_else(|| lib.get("proc_macro"))
            .and_then(Value::as_bool)
    });
    if proc_macro == Some(true) {
        let package = package.to_string();
        let kind = RefusalKind::ProcMacro { package };
        return Err(Refusal::in_file(manifest_path, kind).into());
    }
    Ok(())
}

/// A normal dependency as the manifest states it.
#[derive(Clone, Debug)]
struct Dependency {
    key: String,
    package: String,
    /// Whether the manifest names the package (`package = ..`, even the key itself): cargo then
    /// gives the crate the key's name in code, not the library's.
    renamed: bool,
    path: Option<PathBuf>,
    /// The predicate of the `[target.'cfg(..)'.dependencies]` table stating it, when the
    /// judge's machine decides it; `None` for an unconditional one.
    when: Option<String>,
    /// The features it asks of the dependency (`features = [..]`, here or in the workspace's
    /// table).
    features: Vec<String>,
    /// Whether it leaves the dependency's default features on (no `default-features = false`).
    defaults: bool,
}

/// The strings of an array value (empty for anything else).
fn strings(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// When a `[target.<key>.dependencies]` table applies on the judge: `None` never (its `cfg` is
/// false there, e.g. `cfg(test)`), `Some(None)` always, `Some(Some(predicate))` when the judge's
/// machine decides (`cfg(windows)`); an error for a target triple, which the bundle cannot
/// match to a machine it does not know.
fn target_condition(manifest: &Path, key: &str) -> Result<Option<Option<String>>> {
    let Some(predicate) = key
        .trim()
        .strip_prefix("cfg(")
        .and_then(|rest| rest.strip_suffix(')'))
    else {
        let key = key.to_string();
        return Err(Refusal::in_file(manifest, RefusalKind::TargetTriple { key }).into());
    };
    let meta = syn::parse_str::<syn::Meta>(predicate).with_context(|| {
        format!(
            "{}: `[target.'{key}'.dependencies]`: not a cfg predicate",
            manifest.display()
        )
    })?;
    Ok(match cfg::eval(&meta) {
        Truth::False => None,
        Truth::True => Some(None),
        Truth::Unknown => Some(Some(predicate.trim().to_string())),
    })
}

/// The dependency `key = spec` of the crate in `dir`; `None` when it is optional.
fn dependency(dir: &Path, key: &str, spec: &Value, workspace_deps: &Table) -> Option<Dependency> {
    let mut package = key.to_string();
    let mut renamed = false;
    let mut path = None;
    let mut features = Vec::new();
    let mut defaults = true;
    if let Some(table) = spec.as_table() {
        features.extend(strings(table.get("features")));
        if table.get("default-features").and_then(Value::as_bool) == Some(false) {
            defaults = false;
        }
        if table.get("optional").and_then(Value::as_bool) == Some(true) {
            return None;
        }
        if let Some(name) = table.get("package").and_then(Value::as_str) {
            package = name.to_string();
            renamed = true;
        }
        if let Some(p) = table.get("path").and_then(Value::as_str) {
            path = Some(dir.join(p));
        }
        if table.get("workspace").and_then(Value::as_bool) == Some(true) {
            if let Some(shared) = workspace_deps.get(key).and_then(Value::as_table) {
                if let Some(name) = shared.get("package").and_then(Value::as_str) {
                    package = name.to_string();
                    renamed = true;
                }
                if let Some(p) = shared.get("path").and_then(Value::as_str) {
                    path = Some(PathBuf::from(p));
                }
                features.extend(strings(shared.get("features")));
                if shared.get("default-features").and_then(Value::as_bool) == Some(false) {
                    defaults = false;
                }
            }
        }
    }
    Some(Dependency {
        key: key.to_string(),
        package,
        renamed,
        path,
        when: None,
        features,
        defaults,
    })
}

/// Every crate of the workspace at `root` (`grid-core/` and `crates/*`), by package name.
fn workspace_crates(root: &Path) -> BTreeMap<String, PathBuf> {
    let mut dirs = vec![root.join("grid-core")];
    if let Ok(entries) = std::fs::read_dir(root.join("crates")) {
        dirs.extend(entries.flatten().map(|e| e.path()));
    }
    dirs.into_iter()
        .filter_map(|dir| {
            let manifest = read_table(&dir.join("Cargo.toml")).ok()?;
            let name = str_at(&manifest, "package", "name")?.to_string();
            Some((name, dir))
        })
        .collect()
}

/// The problem crate in `dir` (first) and every workspace crate it needs, dependencies before
/// the crates that use them. `extra` are dependency names stated elsewhere (e.g. by discovery);
/// each must be one of the workspace's crates too.
pub fn crate_graph(root: &Path, dir: &Path, extra: &[String]) -> Result<Vec<CrateInfo>> {
    let root_manifest = read_table(&root.join("Cargo.toml")).unwrap_or_default();
    let shared = |key: &str| {
        root_manifest
            .get("workspace")
            .and_then(|w| w.get(key))
            .and_then(Value::as_table)
            .cloned()
            .unwrap_or_default()
    };
    let mut graph = Graph {
        root,
        inherited: Inherited {
            dependencies: shared("dependencies"),
            package: shared("package"),
        },
        known: workspace_crates(root),
        order: Vec::new(),
        stack: Vec::new(),
        edges: Vec::new(),
        default_features: Vec::new(),
    };
    graph.visit(dir, extra)?;
    set_conditions(&mut graph.order, &graph.edges);
    // `visit` lists dependencies first; the problem crate is last, and callers want it first.
    let mut order = graph.order;
    let problem = order.pop().expect("the problem crate was visited");
    order.insert(0, problem);
    Ok(order)
}

/// What member crates may inherit from the root manifest's `[workspace]`.
struct Inherited {
    dependencies: Table,
    package: Table,
}

/// A depth-first walk over the crates a problem needs.
struct Graph<'a> {
    root: &'a Path,
    inherited: Inherited,
    /// The workspace's crates by package name.
    known: BTreeMap<String, PathBuf>,
    /// Crates visited, dependencies before their users.
    order: Vec<CrateInfo>,
    /// The crates being visited, to report a cycle.
    stack: Vec<PathBuf>,
    /// Every dependency met: (user's folder, dependency's folder, its table's predicate).
    edges: Vec<(PathBuf, PathBuf, Option<String>)>,
    /// The default features of each crate visited, by folder.
    default_features: Vec<(PathBuf, Vec<String>)>,
}

fn same_dir(a: &Path, b: &Path) -> bool {
    a.canonicalize().unwrap_or_else(|_| a.to_path_buf())
        == b.canonicalize().unwrap_or_else(|_| b.to_path_buf())
}

impl Graph<'_> {
    /// Refuses a crate that cargo builds with `enabled` features: the judge compiles the
    /// bundle with none, so its `#[cfg(feature = ..)]` code would silently change.
    fn check_features(&self, dir: &Path, package: &str, enabled: &[String]) -> Result<()> {
        if enabled.is_empty() {
            return Ok(());
        }
        let kind = RefusalKind::Features {
            package: package.to_string(),
            features: enabled.to_vec(),
        };
        Err(Refusal::in_file(&dir.join("Cargo.toml"), kind).into())
    }

    fn visit(&mut self, dir: &Path, extra: &[String]) -> Result<()> {
        let ReadCrate {
            mut info,
            deps,
            declared,
            edition,
            default_features,
        } = read_crate(dir, &self.inherited)?;
        if self.stack.is_empty() {
            // The problem itself: cargo builds it with its default features.
            self.check_features(dir, &info.package, &default_features)?;
        }
        self.default_features
            .push((dir.to_path_buf(), default_features));
        if edition.as_deref() != Some(JUDGE_EDITION) {
            let kind = RefusalKind::Edition {
                package: info.package.clone(),
                stated: edition,
            };
            return Err(Refusal::in_file(&dir.join("Cargo.toml"), kind).into());
        }
        self.stack.push(dir.to_path_buf());
        let mut wanted: Vec<Dependency> = deps
            .into_iter()
            .map(|d| {
                let path = d.path.as_ref().map(|p| self.root.join(p));
                // A stated path without a manifest falls back to finding the package by name.
                let path = path.filter(|p| p.join("Cargo.toml").is_file());
                Dependency { path, ..d }
            })
            .collect();
        for name in extra {
            if !declared.contains(name) {
                wanted.push(Dependency {
                    key: name.clone(),
                    package: name.clone(),
                    renamed: false,
                    path: None,
                    when: None,
                    features: Vec::new(),
                    defaults: true,
                });
            }
        }
        let mut resolved = Vec::new();
        for dependency in wanted {
            let Dependency {
                key,
                package,
                renamed,
                path,
                when,
                features,
                defaults,
            } = dependency;
            let found = path.or_else(|| self.known.get(&package).cloned());
            // `crates/x/../../grid-core` reads badly in messages.
            let found = found.map(|d| d.canonicalize().unwrap_or(d));
            let Some(dep_dir) = found else {
                let kind = RefusalKind::ExternalCrate {
                    package: info.package.clone(),
                    dependency: key.clone(),
                };
                return Err(Refusal::new(kind).into());
            };
            if self.stack.iter().any(|s| same_dir(s, &dep_dir)) {
                bail!("{}: dependency cycle through `{key}`", info.package);
            }
            self.edges.push((dir.to_path_buf(), dep_dir.clone(), when));
            let lib_name = match self.order.iter().find(|c| same_dir(&c.dir, &dep_dir)) {
                Some(c) => c.lib_name.clone(),
                None => {
                    self.visit(&dep_dir, &[])?;
                    self.order.last().expect("just visited").lib_name.clone()
                }
            };
            let mut enabled = features;
            if defaults {
                let of_dep = self
                    .default_features
                    .iter()
                    .find(|(d, _)| same_dir(d, &dep_dir))
                    .map(|(_, f)| f.clone())
                    .unwrap_or_default();
                enabled.extend(of_dep);
            }
            self.check_features(&dep_dir, &package, &enabled)?;
            // Code names a dependency by its key when the manifest names its package (`package =
            // ..`, even one equal to the key), else by the library's own name (which `[lib] name`
            // may have changed).
            let in_code = if renamed {
                key.replace('-', "_")
            } else {
                lib_name.clone()
            };
            if !resolved.contains(&(in_code.clone(), lib_name.clone())) {
                resolved.push((in_code, lib_name));
            }
        }
        self.stack.pop();
        info.deps = resolved;
        self.order.push(info);
        Ok(())
    }
}

/// Fills in each crate's [`CrateInfo::when`] from the dependencies met (`order` lists
/// dependencies before their users, the problem last): a crate is compiled when any user of it
/// is and that user's table for it applies.
fn set_conditions(order: &mut [CrateInfo], edges: &[(PathBuf, PathBuf, Option<String>)]) {
    // Per crate: `None` always, else any of these predicates.
    let mut conditions: Vec<Option<Vec<String>>> = vec![Some(Vec::new()); order.len()];
    if let Some(problem) = conditions.last_mut() {
        *problem = None;
    }
    for index in (0..order.len()).rev() {
        let users = edges
            .iter()
            .filter(|(_, to, _)| same_dir(to, &order[index].dir));
        for (from, _, when) in users {
            let Some(user) = order.iter().position(|c| same_dir(&c.dir, from)) else {
                continue;
            };
            let via: Option<Vec<String>> = match (conditions[user].clone(), when) {
                (None, None) => None,
                (None, Some(p)) => Some(vec![p.clone()]),
                (Some(list), None) => Some(list),
                (Some(list), Some(p)) => {
                    Some(list.iter().map(|q| format!("all({q}, {p})")).collect())
                }
            };
            conditions[index] = match (conditions[index].take(), via) {
                (None, _) | (_, None) => None,
                (Some(mut list), Some(more)) => {
                    for p in more {
                        if !list.contains(&p) {
                            list.push(p);
                        }
                    }
                    Some(list)
                }
            };
        }
    }
    for (info, condition) in order.iter_mut().zip(conditions) {
        info.when = condition.map(|list| match list.as_slice() {
            [one] => one.clone(),
            _ => format!("any({})", list.join(", ")),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edition_of(manifest: &str, workspace_package: &str) -> Option<String> {
        edition(
            &manifest.parse().unwrap(),
            &workspace_package.parse().unwrap(),
        )
    }

    #[test]
    fn the_edition_is_read_from_the_crate_or_inherited_from_the_workspace() {
        let own = "[package]\nname = \"a\"\nedition = \"2018\"\n";
        assert_eq!(edition_of(own, "edition = \"2021\""), Some("2018".into()));
        let inherits = "[package]\nname = \"a\"\nedition.workspace = true\n";
        assert_eq!(
            edition_of(inherits, "edition = \"2021\""),
            Some("2021".into())
        );
        assert_eq!(edition_of(inherits, ""), None);
        assert_eq!(
            edition_of("[package]\nname = \"a\"\n", "edition = \"2021\""),
            None
        );
    }

    #[test]
    fn target_tables_apply_always_never_or_where_the_judge_machine_says() {
        let manifest = Path::new("crates/x/Cargo.toml");
        let when = |key: &str| target_condition(manifest, key).unwrap();
        assert_eq!(when("cfg(unix)"), Some(Some("unix".into())));
        assert_eq!(
            when("cfg(target_os = \"linux\")"),
            Some(Some("target_os = \"linux\"".into()))
        );
        assert_eq!(when("cfg(test)"), None);
        assert_eq!(when("cfg(not(debug_assertions))"), Some(None));
        assert_eq!(
            target_condition(manifest, "x86_64-unknown-linux-gnu")
                .unwrap_err()
                .to_string(),
            "crates/x/Cargo.toml: `[target.x86_64-unknown-linux-gnu.dependencies]` names a target triple, which a bundle cannot match to the judge's machine; state it as a condition, e.g. `[target.'cfg(unix)'.dependencies]`"
        );
    }

    #[test]
    fn the_judge_binary_is_the_one_named_like_the_package_wherever_its_table_is() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for file in [
            "src/main.rs",
            "src/bin/tools.rs",
            "src/bin/other/main.rs",
            "src/x.rs",
        ] {
            std::fs::create_dir_all(d.join(file).parent().unwrap()).unwrap();
            std::fs::write(d.join(file), "fn main() {}\n").unwrap();
        }
        let binary = |manifest: &str| {
            let manifest: Table = format!("[package]\nname = \"p\"\n{manifest}")
                .parse()
                .unwrap();
            judge_binary(&manifest, d, "p").map(|p| p.strip_prefix(d).unwrap().to_path_buf())
        };
        let path = |p: &str| Some(PathBuf::from(p));
        // A tools binary listed first is not the judge's.
        let tools_first = "[[bin]]\nname = \"tools\"\n[[bin]]\nname = \"p\"\n";
        assert_eq!(binary(tools_first), path("src/main.rs"));
        let moved = "[[bin]]\nname = \"tools\"\n[[bin]]\nname = \"p\"\npath = \"src/x.rs\"\n";
        assert_eq!(binary(moved), path("src/x.rs"));
        assert_eq!(binary("[[bin]]\nname = \"tools\"\n"), path("src/main.rs"));
        // No binary of the package's name: `default-run`'s, else the only one.
        std::fs::remove_file(d.join("src/main.rs")).unwrap();
        let run_other = "default-run = \"other\"\n[[bin]]\nname = \"tools\"\n";
        assert_eq!(binary(run_other), path("src/bin/other/main.rs"));
        assert_eq!(
            binary("[[bin]]\nname = \"tools\"\n"),
            path("src/bin/tools.rs")
        );
        let two = "[[bin]]\nname = \"tools\"\n[[bin]]\nname = \"other\"\n";
        assert_eq!(binary(two), None);
    }

    fn info(name: &str) -> CrateInfo {
        CrateInfo {
            package: name.into(),
            dir: PathBuf::from(format!("/nowhere/{name}")),
            lib_name: name.into(),
            lib_path: None,
            main_path: None,
            deps: Vec::new(),
            when: None,
        }
    }

    #[test]
    fn a_crate_is_compiled_when_any_of_its_users_is_and_their_table_applies() {
        // problem -> always: a; windows: b; unix and windows: d. b -> always: a, c.
        let mut order: Vec<CrateInfo> = ["a", "c", "b", "d", "problem"].map(info).into();
        let edge = |from: &str, to: &str, when: Option<&str>| {
            (
                PathBuf::from(format!("/nowhere/{from}")),
                PathBuf::from(format!("/nowhere/{to}")),
                when.map(str::to_string),
            )
        };
        let edges = [
            edge("problem", "a", None),
            edge("problem", "b", Some("windows")),
            edge("problem", "d", Some("unix")),
            edge("problem", "d", Some("windows")),
            edge("b", "a", None),
            edge("b", "c", None),
        ];
        set_conditions(&mut order, &edges);
        let when: Vec<Option<&str>> = order.iter().map(|c| c.when.as_deref()).collect();
        assert_eq!(
            when,
            [
                None,
                Some("windows"),
                Some("windows"),
                Some("any(unix, windows)"),
                None
            ]
        );
    }
}
