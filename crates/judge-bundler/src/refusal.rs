//! What the bundler refuses: a construct that cannot be put into one file the judge compiles
//! alone, as a typed error (where, and what kind), its message written here alone.

use std::fmt;
use std::path::{Path, PathBuf};

use proc_macro2::Span;

/// Something the bundler cannot put into one file, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The file the construct is in (a source file or a manifest), when it is in one.
    pub file: Option<PathBuf>,
    /// The construct's line in `file` (1-based), when it has one.
    pub line: Option<usize>,
    /// What is refused.
    pub kind: RefusalKind,
}

/// What the bundler refuses, and why (see [`Refusal`]'s message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefusalKind {
    /// A dependency outside the workspace (`rand`).
    ExternalCrate {
        /// The package that depends on it.
        package: String,
        /// The dependency's name.
        dependency: String,
    },
    /// `extern crate x;` of a crate that is no dependency.
    UnknownExternCrate {
        /// The crate named.
        name: String,
    },
    /// `#[macro_use] extern crate x;` in a module rather than at the crate's root.
    MacroUseInModule {
        /// The crate named.
        name: String,
    },
    /// A crate of another edition than the judge's.
    Edition {
        /// The crate's package.
        package: String,
        /// The edition it states (`None`: none, so cargo builds it as 2015).
        stated: Option<String>,
    },
    /// A crate cargo builds with features.
    Features {
        /// The crate's package.
        package: String,
        /// The features on.
        features: Vec<String>,
    },
    /// A crate with a build script.
    BuildScript {
        /// The crate's package.
        package: String,
        /// The script.
        script: PathBuf,
    },
    /// A procedural macro crate.
    ProcMacro {
        /// The crate's package.
        package: String,
    },
    /// A `[target.<triple>.dependencies]` table.
    TargetTriple {
        /// The table's key.
        key: String,
    },
    /// `mod x;` whose file is not there.
    MissingModuleFile {
        /// The module's name.
        module: String,
        /// The files looked for, in order.
        looked_for: Vec<PathBuf>,
    },
    /// `#[cfg_attr(.., path = ..)]` on a condition only the judge's machine decides.
    CfgAttrPath {
        /// The module's name.
        module: String,
    },
    /// `include!`, `include_str!`, `include_bytes!`.
    ReadsFile {
        /// The macro's name.
        macro_name: String,
    },
    /// `env!`, `option_env!`.
    ReadsEnvironment {
        /// The macro's name.
        macro_name: String,
    },
    /// `module_path!`, `file!`, `line!`, `column!`.
    NamesLocation {
        /// The macro's name.
        macro_name: String,
    },
    /// `std::any::type_name`.
    TypeName,
    /// `std::panic::Location::caller()`: where the code is, in the bundle.
    CallerLocation,
    /// `stringify!` of a path the bundle rewrites.
    StringifyRewrittenPath,
    /// `stringify!` of several tokens in a library the bundle prints again.
    StringifyReprinted,
    /// A `use` at the top of main.rs bringing in a name the bundle gives a crate's module.
    ImportNamedLikeCrate {
        /// The name.
        name: String,
    },
    /// A glob at the top of main.rs of a library that defines an item named like a crate the
    /// bundle makes a module: under cargo the glob's item hides the crate, in the bundle the
    /// module hides the glob's.
    GlobBringsCrateName {
        /// The name.
        name: String,
        /// The library globbed, by its name in code.
        library: String,
    },
    /// An item at the top of main.rs with the name the bundle gives a crate's module.
    ItemNamedLikeCrate {
        /// The name.
        name: String,
    },
    /// An item at main.rs's root named like a crate a library names with `extern crate`.
    ItemNamedLikeSysrootCrate {
        /// The name.
        name: String,
        /// The crate it names in the library.
        krate: String,
        /// The library's module in the bundle.
        module: String,
    },
    /// Two crates exporting a `macro_rules!` of one name.
    MacroClash {
        /// The crate (module, or `main.rs`) found second.
        module: String,
        /// The crate found first.
        other: String,
        /// The macro's name.
        name: String,
    },
}

impl Refusal {
    /// A refusal with no place in a file.
    pub(super) fn new(kind: RefusalKind) -> Refusal {
        Refusal {
            file: None,
            line: None,
            kind,
        }
    }

    /// A refusal of the whole file at `file` (a manifest).
    pub(super) fn in_file(file: &Path, kind: RefusalKind) -> Refusal {
        Refusal {
            file: Some(file.to_path_buf()),
            line: None,
            kind,
        }
    }

    /// A refusal of what `span` covers in the source file at `file`.
    pub(super) fn at(file: &Path, span: Span, kind: RefusalKind) -> Refusal {
        Refusal::at_line(file, Some(span.start().line), kind)
    }

    /// A refusal at `line` (when known) of the source file at `file`.
    pub(super) fn at_line(file: &Path, line: Option<usize>, kind: RefusalKind) -> Refusal {
        Refusal {
            file: Some(file.to_path_buf()),
            line,
            kind,
        }
    }

    /// The refusal with its paths relative to the first of `roots` they are in.
    pub(super) fn relative_to(mut self, roots: &[&Path]) -> Refusal {
        let relative = |path: &mut PathBuf| {
            if let Some(rest) = roots.iter().find_map(|r| path.strip_prefix(r).ok()) {
                *path = rest.to_path_buf();
            }
        };
        if let Some(file) = &mut self.file {
            relative(file);
        }
        match &mut self.kind {
            RefusalKind::BuildScript { script, .. } => relative(script),
            RefusalKind::MissingModuleFile { looked_for, .. } => {
                looked_for.iter_mut().for_each(relative)
            }
            _ => {}
        }
        self
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line) {
            (Some(file), Some(line)) => write!(f, "{}:{line}: {}", file.display(), self.kind),
            (Some(file), None) => write!(f, "{}: {}", file.display(), self.kind),
            (None, _) => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for Refusal {}

/// The edition the judge compiles a bundle as (`rustc --edition 2021`).
pub(super) const JUDGE_EDITION: &str = "2021";

impl fmt::Display for RefusalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefusalKind::ExternalCrate { package, dependency } => write!(
                f,
                "{package} depends on `{dependency}`: a judge compiles one file with no crates, so a problem may use only grid-core and std"
            ),
            RefusalKind::UnknownExternCrate { name } => write!(
                f,
                "`extern crate {name}` names no dependency of this crate; a judge compiles one file with no crates"
            ),
            RefusalKind::MacroUseInModule { name } => write!(
                f,
                "`#[macro_use] extern crate {name}` in a module, not at the crate's root: one file cannot give its macros to this module alone; put it at the root or call them as `{name}::the_macro!(..)`"
            ),
            RefusalKind::Edition { package, stated } => {
                let stated = stated.as_ref().map_or_else(
                    || "states no edition (so cargo builds it as 2015)".to_string(),
                    |e| format!("is edition {e}"),
                );
                write!(
                    f,
                    "{package} {stated}, but the judge compiles the bundle as edition {JUDGE_EDITION}, where the same code may not compile or may mean something else (`array.into_iter()`, bare trait objects, `panic!(message)`); set `edition = \"{JUDGE_EDITION}\"` (`cargo fix --edition` migrates the code)"
                )
            }
            RefusalKind::Features { package, features } => write!(
                f,
                "cargo builds {package} with the feature{} {}, but a judge compiles the bundle with none, so its `#[cfg(feature = ..)]` code would be off there; build it without features (no `default` in its [features], or `default-features = false` and no `features` where it is a dependency)",
                if features.len() == 1 { "" } else { "s" },
                features
                    .iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            RefusalKind::BuildScript { package, script } => write!(
                f,
                "{package} has a build script, {}, which cargo runs before compiling it (to set cfgs or environment variables, or to write code), but a judge compiles the bundle with plain rustc, which runs none; do in the code what it does, or remove it",
                script.display()
            ),
            RefusalKind::ProcMacro { package } => write!(
                f,
                "{package} is a procedural macro crate, which the compiler builds and runs as a plug-in: a judge's one file cannot hold one; write the macro with `macro_rules!`"
            ),
            RefusalKind::TargetTriple { key } => write!(
                f,
                "`[target.{key}.dependencies]` names a target triple, which a bundle cannot match to the judge's machine; state it as a condition, e.g. `[target.'cfg(unix)'.dependencies]`"
            ),
            RefusalKind::MissingModuleFile { module, looked_for } => match looked_for.as_slice() {
                [flat, nested] => write!(
                    f,
                    "`mod {module};` but neither {} nor {} exists",
                    flat.display(),
                    nested.display()
                ),
                files => write!(
                    f,
                    "`mod {module};` but {} does not exist",
                    files
                        .iter()
                        .map(|p| p.display().to_string())
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            },
            RefusalKind::CfgAttrPath { module } => write!(
                f,
                "`#[cfg_attr(.., path = ..)]` picks the file of `mod {module}` by a condition of the judge's machine, which the bundler cannot decide; write one `#[cfg(..)] #[path = ..] mod` for each condition instead"
            ),
            RefusalKind::ReadsFile { macro_name } => write!(
                f,
                "`{macro_name}!` reads a file beside the source, but a judge compiles the bundle alone"
            ),
            RefusalKind::ReadsEnvironment { macro_name } => write!(
                f,
                "`{macro_name}!` reads cargo's environment at build time, which a judge's plain rustc does not set"
            ),
            RefusalKind::NamesLocation { macro_name } => {
                let gives = match macro_name.as_str() {
                    "module_path" => "module path",
                    "file" => "file name",
                    "line" => "line",
                    _ => "column",
                };
                write!(
                    f,
                    "`{macro_name}!` gives the bundle's {gives}, not the source's, so what it prints would differ from the cargo build; write the text itself"
                )
            }
            RefusalKind::CallerLocation => write!(
                f,
                "`Location::caller()` gives the bundle's file, line and column, not the source's, so what it prints would differ from the cargo build; write the text itself"
            ),
            RefusalKind::TypeName => write!(
                f,
                "`type_name` names a type by its module path, which the bundle moves (a crate becomes a module), so what it prints would differ from the cargo build; write the name itself"
            ),
            RefusalKind::StringifyReprinted => write!(
                f,
                "`stringify!` of several tokens in a library the bundle prints again from its syntax tree, which changes their spacing (`a+b` becomes `a + b`), so what it gives would differ from the cargo build; write the text itself"
            ),
            RefusalKind::StringifyRewrittenPath => write!(
                f,
                "`stringify!` of a path the bundle rewrites (a crate's, or a library's `crate::` one) gives the bundle's path, not the source's; write the text itself"
            ),
            RefusalKind::ImportNamedLikeCrate { name } => write!(
                f,
                "a `use` brings `{name}` to the top of main.rs, where the bundle makes the crate `{name}` a module; import it under another name (`as {name}_mod`) or inside a function"
            ),
            RefusalKind::GlobBringsCrateName { name, library } => write!(
                f,
                "`use {library}::*;` brings `{library}::{name}` to the top of main.rs, where under cargo it hides the crate `{name}`, but the bundle makes the crate `{name}` a module there, which would win over the glob; import what you use from `{library}` by name, or rename its `{name}`"
            ),
            RefusalKind::ItemNamedLikeCrate { name } => write!(
                f,
                "`{name}` at the top of main.rs has the name of the crate `{name}`, which the bundle makes a module beside it"
            ),
            RefusalKind::ItemNamedLikeSysrootCrate { name, krate, module } => write!(
                f,
                "`{name}` at the top of main.rs has the name {module} gives the crate `{krate}` at its root (`extern crate`), which the bundle puts at its top too: rename one of them"
            ),
            RefusalKind::MacroClash {
                module,
                other,
                name,
            } => write!(
                f,
                "`{module}` and `{other}` both export `macro_rules! {name}`: in one file both would be `crate::{name}!` (#[macro_export] puts a macro at the crate's root): rename one of them"
            ),
        }
    }
}
