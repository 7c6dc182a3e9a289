//! Loading the crates in order, dependencies first: each spliced in two passes (the first
//! learns its exported macros), what it offers by name recorded for the crates that use it,
//! and each library made a module.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::path::Path;

use anyhow::{bail, Context, Result};
use syn::{File, ItemMod};

use super::exports;
use super::hoist::{hoist_crate_attrs, hoist_sysroot_crates};
use super::manifest::CrateInfo;
use super::modules::library_module;
use super::parsed;
use super::recorded::{self, Observation};
use super::refusal::RefusalKind;
use super::rewriter::Rewriter;
use super::splice::{self, Deferred};
use super::std_macros;

/// What each library loaded so far offers by name: its exported macros and its root's other
/// items, by module.
#[derive(Clone, Default)]
pub(super) struct Offered {
    pub macros: HashMap<String, HashSet<String>>,
    pub items: HashMap<String, HashSet<String>>,
    /// The libraries with a `macro_rules!` that makes exported macros.
    pub macro_makers: HashSet<String>,
    /// The crates each library hands on at its root, by the name it gives them.
    pub crates: HashMap<String, HashMap<String, String>>,
    /// The std macros some library exports a macro of the same name as (known from a first
    /// load; see [`Rewriter::shadowed_std`]).
    pub shadowed_std: HashSet<String>,
    /// Macros two libraries export under one name (see [`macro_clashes`]).
    pub clashes: Vec<RefusalKind>,
}
impl Offered {
    /// Records what the library `module` (its bundled text, parsed: `file`; exporting the macros `exported`)
    /// offers. A macro of a dependency it hands on under its own name (`pub use dep::m;`) is
    /// offered as a macro, not an item: in the bundle it is the one at the root, where an
    /// importer's `use module::m;` would name it twice.
    fn add(&mut self, module: &str, file: &File, exported: HashSet<String>) -> Result<()> {
        let known: HashSet<String> = self.macros.values().flatten().cloned().collect();
        let handed_on = exports::reexported_macros(file, &known);
        if exports::makes_exported_macros(file) {
            self.macro_makers.insert(module.to_string());
        }
        let modules: HashSet<String> = self.items.keys().cloned().collect();
        self.crates.insert(
            module.to_string(),
            exports::reexported_crates(file, &modules),
        );
        let clashes = macro_clashes(&self.macros, module, &exported);
        self.clashes.extend(clashes);
        self.macros.insert(module.to_string(), exported);
        let mut items = exports::root_item_names(file);
        items.retain(|name| !handed_on.contains(name));
        self.items.insert(module.to_string(), items);
        self.macros
            .get_mut(module)
            .expect("just inserted")
            .extend(handed_on);
        Ok(())
    }
}
/// A crate's rewriter: its dependencies' modules, their exported macros and root items.
fn rewriter(info: &CrateInfo, own: Option<&str>, offered: &Offered) -> Rewriter {
    let deps: HashMap<String, String> = info.deps.iter().cloned().collect();
    fn of<V: Clone>(
        deps: &HashMap<String, String>,
        map: &HashMap<String, V>,
    ) -> HashMap<String, V> {
        deps.values()
            .filter_map(|module| Some((module.clone(), map.get(module)?.clone())))
            .collect()
    }
    let dep_macro_makers = deps
        .values()
        .filter(|module| offered.macro_makers.contains(*module))
        .cloned()
        .collect();
    Rewriter {
        dep_macro_makers,
        dep_crates: of(&deps, &offered.crates),
        dep_macros: of(&deps, &offered.macros),
        dep_items: of(&deps, &offered.items),
        deps,
        own_module: own.map(str::to_string),
        own_macros: Default::default(),
        own_items: Default::default(),
        active: true,
        macro_prelude: Vec::new(),
        root_macros: offered.macros.values().flatten().cloned().collect(),
        own_crates: HashMap::new(),
        shadowed_std: offered.shadowed_std.clone(),
        root_crate_names: HashSet::new(),
        reprinted: false,
    }
}
/// Loads a crate as text in two passes: the first learns its exported macros, which the
/// second needs to leave `crate::that_macro!` alone.
pub(super) fn load_crate(
    file: &Path,
    mut rw: Rewriter,
    at_root: bool,
) -> Result<(String, HashSet<String>, Deferred)> {
    let (first, _) = splice::load(
        file,
        &Rewriter {
            active: false,
            ..rw.clone()
        },
        at_root,
    )?;
    let parsed = parsed::parse(&first).with_context(|| format!("{} as bundled", file.display()))?;
    rw.own_macros = exports::exported_macros(&parsed);
    rw.own_items = exports::root_item_names(&parsed);
    rw.own_crates = exports::renamed_deps_at_root(&parsed, &rw.deps);
    let macros = rw.own_macros.clone();
    let (text, deferred) = splice::load(file, &rw, at_root)?;
    Ok((text, macros, deferred))
}
/// What loading the crates gave: each library as a module, and what must go to the top.
#[derive(Clone, Default)]
pub(super) struct Loaded {
    /// What each library loaded so far offers by name.
    pub offered: Offered,
    /// The library crates the problem depends on, each as `mod <name> { .. }`.
    pub library_mods: Vec<ItemMod>,
    /// The crate attributes of the libraries, for the bundle's top.
    pub hoisted: Vec<String>,
    /// `extern crate` of sysroot crates, each with the library module it came from (`None`:
    /// the problem's own library).
    pub sysroot_crates: Vec<(Option<String>, String)>,
    /// What the libraries hold that cannot work in one file, refused where pruning keeps it.
    pub deferred: Deferred,
}
/// A thread's last load of libraries: for which crates, what it asked the disk, and what it gave.
struct LastLoad {
    libraries: Vec<CrateInfo>,
    seen: Vec<Observation>,
    loaded: Loaded,
}

thread_local! {
    static LAST_LOAD: RefCell<Option<LastLoad>> = const { RefCell::new(None) };
}

impl Loaded {
    /// Loads `info`'s library (its root file `lib`) as bundled text, recording what it offers
    /// and taking its crate attributes and sysroot crates to the top; `module` is where those
    /// came from (`None` for the problem's own library).
    pub(super) fn library_text(
        &mut self,
        info: &CrateInfo,
        lib: &Path,
        module: Option<String>,
    ) -> Result<String> {
        let mut rw = rewriter(info, Some(&info.lib_name), &self.offered);
        // A dependency's module is printed again from its syntax tree; the problem's own
        // library keeps its text.
        rw.reprinted = module.is_some();
        let (text, exported, deferred) = load_crate(lib, rw, false)?;
        self.deferred.extend(deferred);
        let as_bundled = || format!("{} as bundled", lib.display());
        let file = parsed::parse(&text).with_context(as_bundled)?;
        self.offered.add(&info.lib_name, &file, exported)?;
        let (text, attrs) = hoist_crate_attrs(&text).with_context(as_bundled)?;
        self.hoisted.extend(attrs);
        let (text, externs) = hoist_sysroot_crates(&text).with_context(as_bundled)?;
        self.sysroot_crates
            .extend(externs.into_iter().map(|e| (module.clone(), e)));
        Ok(text)
    }

    /// [`Loaded::libraries`] from nothing, reusing this thread's last load of the same crates
    /// while every file it read still has the same text and every path it probed for a file
    /// still is (or is not) one. Loading splices and rewrites every file of the libraries, most
    /// of a bundle's time, and `bundle --all` and the tests bundle many problems over one
    /// grid-core.
    pub(super) fn of_libraries(libraries: &[CrateInfo]) -> Result<Loaded> {
        let reused = LAST_LOAD.with(|last| {
            let last = last.borrow();
            let last = last.as_ref()?;
            (last.libraries == libraries && recorded::still_holds(&last.seen))
                .then(|| last.loaded.clone())
        });
        if let Some(loaded) = reused {
            return Ok(loaded);
        }
        let mut loaded = Loaded::default();
        let (done, seen) = recorded::recording(|| loaded.libraries(libraries));
        done?;
        LAST_LOAD.with(|last| {
            *last.borrow_mut() = Some(LastLoad {
                libraries: libraries.to_vec(),
                seen,
                loaded: loaded.clone(),
            });
        });
        Ok(loaded)
    }

    /// Loads the library crates the problem depends on (dependencies first), each as a module.
    /// When one exports a macro named like a std macro, all are loaded again knowing it (see
    /// [`Rewriter::shadowed_std`]): a library loaded before it must know it too.
    pub(super) fn libraries(&mut self, libraries: &[CrateInfo]) -> Result<()> {
        self.load_libraries(libraries)?;
        let shadowed = std_macros::named_like_std(self.offered.macros.values().flatten());
        if !shadowed.is_empty() {
            *self = Loaded::default();
            self.offered.shadowed_std = shadowed;
            self.load_libraries(libraries)?;
        }
        Ok(())
    }

    /// [`Loaded::libraries`], with what this load knows beforehand.
    fn load_libraries(&mut self, libraries: &[CrateInfo]) -> Result<()> {
        for info in libraries {
            let Some(lib) = &info.lib_path else {
                bail!(
                    "{} is used as a library but has no src/lib.rs",
                    info.package
                );
            };
            let text = self.library_text(info, lib, Some(info.lib_name.clone()))?;
            let mut module = library_module(&info.lib_name, &text, lib)?;
            if let Some(predicate) = &info.when {
                // Cargo links the crate only where its table's condition holds; so is the module.
                let predicate: syn::Meta = syn::parse_str(predicate)
                    .with_context(|| format!("{}: cfg `{predicate}`", info.package))?;
                module
                    .attrs
                    .insert(0, syn::parse_quote!(#[cfg(#predicate)]));
            }
            self.library_mods.push(module);
        }
        Ok(())
    }

    /// main.rs's rewriter: the problem's own library (`own`, when it has one) is a dependency
    /// like the others.
    pub(super) fn main_rewriter(&self, own: &CrateInfo) -> Rewriter {
        let offered = &self.offered;
        let mut main_rw = rewriter(own, None, offered);
        if own.lib_path.is_none() {
            return main_rw;
        }
        let name = &own.lib_name;
        main_rw.deps.insert(name.clone(), name.clone());
        if let Some(m) = offered.macros.get(name) {
            main_rw.dep_macros.insert(name.clone(), m.clone());
        }
        if offered.macro_makers.contains(name) {
            main_rw.dep_macro_makers.insert(name.clone());
        }
        if let Some(crates) = offered.crates.get(name) {
            main_rw.dep_crates.insert(name.clone(), crates.clone());
        }
        if let Some(items) = offered.items.get(name) {
            main_rw.dep_items.insert(name.clone(), items.clone());
        }
        main_rw
    }
}
/// The macros of `exported` (what `module` exports) that another crate of `macros` exports
/// under the same name: both would be at the bundle's root, where `#[macro_export]` puts them,
/// so both cannot stay (refused unless pruning leaves one out).
pub(super) fn macro_clashes(
    macros: &HashMap<String, HashSet<String>>,
    module: &str,
    exported: &HashSet<String>,
) -> Vec<RefusalKind> {
    let mut others: Vec<(&String, &HashSet<String>)> = macros.iter().collect();
    others.sort_by_key(|(name, _)| *name);
    let mut clashes = Vec::new();
    for (other, names) in others {
        let mut names: Vec<&String> = exported.intersection(names).collect();
        names.sort();
        clashes.extend(names.into_iter().map(|name| RefusalKind::MacroClash {
            module: module.to_string(),
            other: other.clone(),
            name: name.clone(),
        }));
    }
    clashes
}
