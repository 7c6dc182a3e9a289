//! The compilers a bundle is proven with: the current `rustc` and the judge floor, whose version
//! is checked against the `rust-version` the problem crates declare.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

/// Where Debian's `rustc` package (1.63 on Debian 12) puts the judge-floor compiler.
pub const DEBIAN_RUSTC: &str = "/usr/bin/rustc";

/// The floor assumed when no crate declares a `rust-version`.
pub const DEFAULT_FLOOR: &str = "1.63";

/// A rustc to compile bundles with.
#[derive(Clone, Debug)]
pub struct Compiler {
    /// The executable.
    pub path: PathBuf,
    /// Its `--version` line, e.g. `rustc 1.63.0`.
    pub version: String,
}

/// What rustc made of one file: the program when it compiled, and everything it printed
/// (errors, or warnings; empty when the file compiled cleanly).
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The executable, when it compiled.
    pub exe: Option<PathBuf>,
    /// rustc's stderr.
    pub messages: String,
}

impl Compiled {
    /// The executable, or an error saying `compiler` could not compile `source`, with its
    /// messages.
    pub fn into_exe(self, compiler: &Compiler, source: &Path) -> Result<PathBuf> {
        match self.exe {
            Some(exe) => Ok(exe),
            None => bail!(
                "{} could not compile {}:\n{}",
                compiler.version,
                source.display(),
                self.messages
            ),
        }
    }
}

impl Compiler {
    /// Asks `path` for its version; `None` when it cannot run.
    pub fn probe(path: impl Into<PathBuf>) -> Option<Compiler> {
        let path = path.into();
        let out = Command::new(&path).arg("--version").output().ok()?;
        if !out.status.success() {
            return None;
        }
        let line = String::from_utf8_lossy(&out.stdout);
        let version = line
            .split(" (")
            .next()
            .unwrap_or("rustc")
            .trim()
            .to_string();
        Some(Compiler { path, version })
    }

    /// `major.minor` of the version line (`1.63` for `rustc 1.63.0`), if it has one.
    pub fn minor_version(&self) -> Option<String> {
        let number = self.version.split_whitespace().nth(1)?;
        let mut parts = number.split('.');
        let major = parts.next()?;
        let minor = parts.next()?;
        Some(format!("{major}.{minor}"))
    }

    /// Compiles one file the way Baekjoon does: `rustc --edition 2021 -O`, nothing else; the
    /// executable, or an error carrying rustc's messages.
    pub fn compile(&self, source: &Path, out_dir: &Path) -> Result<PathBuf> {
        self.compile_in(source, out_dir, out_dir)?
            .into_exe(self, source)
    }

    /// Compiles `source` like [`Compiler::compile`] into `out_dir/main`, running in `cwd` so
    /// that messages name `source` as the user sees it (e.g. `target/bundle/<problem>.rs`), and
    /// keeps what rustc printed whether or not it compiled.
    pub fn compile_in(&self, source: &Path, cwd: &Path, out_dir: &Path) -> Result<Compiled> {
        std::fs::create_dir_all(out_dir)?;
        let out_dir = &std::env::current_dir()?.join(out_dir);
        let exe = out_dir.join("main");
        // rustc's own temporary folders go into `out_dir` too: a scratch folder, which a
        // stopped tool removes with whatever a killed rustc left there.
        let out = Command::new(&self.path)
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&exe)
            .arg(source)
            .current_dir(cwd)
            .env("TMPDIR", out_dir)
            .output()
            .with_context(|| format!("running {}", self.path.display()))?;
        Ok(Compiled {
            exe: out.status.success().then_some(exe),
            messages: String::from_utf8_lossy(&out.stderr).into_owned(),
        })
    }

    /// Builds `source` into `out_dir/main` with the judge's cfgs (no debug assertions, no
    /// overflow checks, as `-O` gives) but without the optimiser: for tests that compare
    /// answers, not speed (a quarter of `-O`'s time on a small program). What rustc printed,
    /// and the program when it built.
    pub fn compile_unoptimised(&self, source: &Path, out_dir: &Path) -> Result<Compiled> {
        std::fs::create_dir_all(out_dir)?;
        let exe = out_dir.join("main");
        let out = Command::new(&self.path)
            .args([
                "--edition",
                "2021",
                "-C",
                "debug-assertions=off",
                "-C",
                "overflow-checks=off",
                "-o",
            ])
            .arg(&exe)
            .arg(source)
            .env("TMPDIR", out_dir)
            .output()
            .with_context(|| format!("running {}", self.path.display()))?;
        Ok(Compiled {
            exe: out.status.success().then_some(exe),
            messages: String::from_utf8_lossy(&out.stderr).into_owned(),
        })
    }

    /// Type-checks `source` as the judge compiles it (`-O`, so with its cfgs: no debug
    /// assertions), without making a program (`--emit=metadata` into `out_dir`): every error
    /// and lint rustc gives, in a fraction of a build's time. What rustc printed, empty when
    /// the file is clean.
    pub fn type_check(&self, source: &Path, out_dir: &Path) -> Result<Checked> {
        std::fs::create_dir_all(out_dir)?;
        let out = Command::new(&self.path)
            .args([
                "--edition",
                "2021",
                "-O",
                "--emit=metadata",
                "--crate-name",
                "main",
            ])
            .arg("--out-dir")
            .arg(out_dir)
            .arg(source)
            .output()
            .with_context(|| format!("running {}", self.path.display()))?;
        Ok(Checked {
            passed: out.status.success(),
            messages: String::from_utf8_lossy(&out.stderr).into_owned(),
        })
    }
}

/// What a type-check of one file found.
#[derive(Clone, Debug)]
pub struct Checked {
    /// Whether rustc accepted the file.
    pub passed: bool,
    /// rustc's stderr: errors or warnings, empty when the file is clean.
    pub messages: String,
}

/// Where the judge-floor compiler is looked for: `$JUDGE_RUSTC`, else Debian's `/usr/bin/rustc`.
pub fn floor_compiler_path() -> PathBuf {
    std::env::var_os("JUDGE_RUSTC").map_or_else(|| PathBuf::from(DEBIAN_RUSTC), PathBuf::from)
}

/// The `rust-version` the judged crates (grid-core and `crates/*` with a judge section) declare
/// under `root`: the lowest one, as `major.minor`; `None` when none declares one.
pub fn declared_floor(root: &Path) -> Option<String> {
    let mut manifests = vec![root.join("grid-core/Cargo.toml")];
    if let Ok(entries) = std::fs::read_dir(root.join("crates")) {
        manifests.extend(entries.flatten().map(|e| e.path().join("Cargo.toml")));
    }
    manifests
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .filter_map(|text| text.parse::<toml::Table>().ok())
        .filter_map(|manifest| {
            let package = manifest.get("package")?.as_table()?;
            let version = package.get("rust-version")?.as_str()?;
            let mut parts = version.split('.');
            let major: u32 = parts.next()?.parse().ok()?;
            let minor: u32 = parts.next()?.parse().ok()?;
            Some((major, minor))
        })
        .min()
        .map(|(major, minor)| format!("{major}.{minor}"))
}

/// Whether `floor` is the declared floor `wanted` (`major.minor`); the error says what to do.
pub fn verify_floor(floor: &Compiler, wanted: &str) -> Result<(), String> {
    match floor.minor_version() {
        Some(found) if found == wanted => Ok(()),
        _ => Err(format!(
            "the judge-floor compiler {} is {}, but the crates declare rust-version {wanted}: install that exact toolchain (`rustup toolchain install {wanted}.0 --profile minimal`, then JUDGE_RUSTC=$(rustup which --toolchain {wanted}.0 rustc)) or Debian 12's rustc package",
            floor.path.display(),
            floor.version
        )),
    }
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The compilers a check uses: the current `rustc` on PATH and the judge floor (`$JUDGE_RUSTC`,
/// else Debian's `/usr/bin/rustc`), whose version must be the declared `rust-version`. A missing
/// or wrong floor compiler is an error under `CI=true` and a loud warning elsewhere.
pub fn compilers() -> Result<Vec<Compiler>> {
    let root = super::problems::workspace_root();
    let wanted = declared_floor(&root).unwrap_or_else(|| DEFAULT_FLOOR.to_string());
    let current = Compiler::probe("rustc").context("no `rustc` on PATH")?;
    let floor_path = floor_compiler_path();
    let mut list = vec![current];
    match Compiler::probe(&floor_path) {
        Some(floor) => {
            if let Err(message) = verify_floor(&floor, &wanted) {
                if in_ci() {
                    bail!("{message}");
                }
                eprintln!("WARNING: {message}; checking with it anyway, which proves nothing about {wanted}");
            }
            list.push(floor);
        }
        None => {
            let message = format!(
                "the judge-floor compiler {} is missing: install it with `apt-get install -y --no-install-recommends rustc` (Debian 12: rustc {wanted}) or set JUDGE_RUSTC",
                floor_path.display()
            );
            if in_ci() {
                bail!("{message}");
            }
            eprintln!("WARNING: {message}; checking with the current rustc only");
        }
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(version: &str) -> Compiler {
        Compiler {
            path: PathBuf::from("/opt/rustc"),
            version: version.to_string(),
        }
    }

    #[test]
    fn the_floor_must_be_the_declared_minor_version() {
        assert_eq!(
            named("rustc 1.63.0").minor_version().as_deref(),
            Some("1.63")
        );
        assert!(verify_floor(&named("rustc 1.63.0"), "1.63").is_ok());
        let err = verify_floor(&named("rustc 1.75.0"), "1.63").unwrap_err();
        assert!(
            err.starts_with("the judge-floor compiler /opt/rustc is rustc 1.75.0, but the crates declare rust-version 1.63"),
            "{err}"
        );
        assert!(verify_floor(&named("rustc 1.6.3"), "1.63").is_err());
    }

    #[test]
    fn this_workspace_declares_1_63() {
        let root = crate::problems::workspace_root();
        assert_eq!(declared_floor(&root).as_deref(), Some("1.63"));
    }
}
