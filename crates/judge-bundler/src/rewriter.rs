//! What a crate's paths become in the bundle, where every crate is a module at the root.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use anyhow::{Context, Result};
use syn::Item;

use super::parsed;
use super::syntax::{read_source, unraw};

/// How paths of one crate change in the bundle, where every crate is a module at the root.
#[derive(Clone, Debug, Default)]
pub(super) struct Rewriter {
    /// Dependency names as this crate's code says them, to their module in the bundle.
    pub deps: HashMap<String, String>,
    /// This crate's module in the bundle; `None` for the binary, which is the bundle's root.
    pub own_module: Option<String>,
    /// This crate's `#[macro_export]` macros: they live at the bundle's root.
    pub own_macros: HashSet<String>,
    /// Each dependency module's `#[macro_export]` macros.
    pub dep_macros: HashMap<String, HashSet<String>>,
    /// The names of each dependency module's root items other than macros (a crate may have
    /// a `fn chmin` beside its `chmin!`).
    pub dep_items: HashMap<String, HashSet<String>>,
    /// This crate's root items other than macros.
    pub own_items: HashSet<String>,
    /// Off for a first pass that only inlines and cuts (to learn the crate's macros).
    pub active: bool,
    /// Macros the crate's root brings into every module with `#[macro_use] extern crate`:
    /// each module of the crate imports them from the bundle's root.
    pub macro_prelude: Vec<String>,
    /// The dependency modules with a `macro_rules!` that makes `#[macro_export]` macros (see
    /// [`makes_exported_macros`]): their exported macros cannot all be listed.
    pub dep_macro_makers: HashSet<String>,
    /// The crates each dependency module hands on at its root ([`reexported_crates`]).
    pub dep_crates: HashMap<String, HashMap<String, String>>,
    /// For the binary: the macros libraries export, which the bundle puts at its root, where
    /// main.rs's code is (see [`std_macros`]).
    pub root_macros: HashSet<String>,
    /// Std macros that some bundled library exports under the same name: at the bundle's root
    /// theirs hides std's, and a library macro may be called there. Bare calls of them in
    /// this library's `macro_rules!` bodies are written `::std::m!` (see [`std_macros`]).
    pub shadowed_std: HashSet<String>,
    /// The names `extern crate` items give crates at this crate's root (`extern crate dep as
    /// d;`, `extern crate self as me;`): root items, so `crate::d::x` is a path too.
    pub root_crate_names: HashSet<String>,
    /// Whether the crate's code reaches the bundle printed again from its syntax tree (a
    /// dependency's module), not as written: token spacing then changes.
    pub reprinted: bool,
    /// The dependencies this crate's root imports under a name of its own (`pub use dep as
    /// __dep;`), by that name, to their module: `$crate::__dep::m!` is `$crate::m!`.
    pub own_crates: HashMap<String, String>,
}

/// `rewriter`, knowing what the crate's root brings into every module with `extern crate`:
/// names it gives crates (`extern crate x as y;`, paths of `y` then rewritten everywhere like
/// the crate's; `self` is the crate itself), and the macros of `#[macro_use] extern crate x;`.
pub(super) fn with_root_aliases(root_file: &Path, rewriter: &Rewriter) -> Result<Rewriter> {
    let mut rewriter = rewriter.clone();
    let text = read_source(root_file)?;
    let file = parsed::parse(&text).with_context(|| root_file.display().to_string())?;
    for item in &file.items {
        let Item::ExternCrate(e) = item else {
            continue;
        };
        if e.attrs.iter().any(|a| a.path().is_ident("macro_use")) {
            let macros = rewriter
                .deps
                .get(&unraw(&e.ident))
                .and_then(|module| rewriter.dep_macros.get(module));
            let mut names: Vec<String> = macros.into_iter().flatten().cloned().collect();
            names.sort();
            rewriter.macro_prelude.extend(names);
        }
        let name = unraw(&e.ident);
        let Some((_, alias)) = &e.rename else {
            rewriter.root_crate_names.insert(name);
            continue;
        };
        rewriter.root_crate_names.insert(unraw(alias));
        let module = if name == "self" {
            rewriter.own_module.clone().unwrap_or_default()
        } else {
            match rewriter.deps.get(&name) {
                Some(module) => module.clone(),
                None => continue,
            }
        };
        rewriter.deps.insert(unraw(alias), module);
    }
    Ok(rewriter)
}
