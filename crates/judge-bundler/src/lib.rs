//! Turning a problem crate plus the parts of its workspace libraries it uses into one
//! judge-ready `.rs` file: [`bundle`] takes the crate ([`Target`]: its folder, and the
//! workspace root) and gives the [`Bundle`], or a [`Refusal`] saying what cannot be in one
//! file, where, and what to do.
//!
//! The file is the inner attributes of the problem's `main.rs`, then `mod <its lib> { lib.rs }`,
//! then one module per library crate it depends on (grid-core, other problems' libraries,
//! transitively) holding only the items the problem reaches, then the rest of `main.rs` (last,
//! so that its `macro_rules!` are not in scope in the libraries). The problem's own code is the
//! author's text (comments and inner attributes kept), with `mod x;` files inlined, items the
//! judge never compiles cut out and paths rewritten where they change meaning (module `splice`);
//! library crates are pruned (module `prune`) and printed without their docs and tests.

mod cfg;
mod docs;
mod edits;
mod exports;
mod imports;
mod lints;
mod manifest;
mod names;
mod parsed;
mod paths;
mod prune;
mod refusal;
mod rewriter;
mod scope;
mod splice;
mod std_macros;
mod syntax;
mod tokens;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use syn::spanned::Spanned;
use syn::{File, Item, ItemMod};

use manifest::CrateInfo;
use names::Used;
pub use refusal::{Refusal, RefusalKind};
use rewriter::Rewriter;

/// The crate to bundle: a binary crate (with its `src/main.rs`) of a Cargo workspace.
#[derive(Clone, Debug)]
pub struct Target {
    /// Its package name, which names the bundle (`<name>.rs`).
    pub name: String,
    /// Its folder, holding its `Cargo.toml`.
    pub dir: PathBuf,
    /// The names of its normal, non-optional dependencies (what its binary is built from).
    pub dependencies: Vec<String>,
    /// The judge the bundle is for, as its first line names it (`baekjoon problem 1000: URL`).
    pub judge: String,
}

/// A finished bundle.
#[derive(Clone, Debug)]
pub struct Bundle {
    /// The whole file.
    pub source: String,
    /// Bytes of each part as printed on its own: `main.rs`, `lib.rs`, then each library module.
    pub parts: Vec<(String, usize)>,
    /// Set by [`bundle_sound`] when the pruned file did not compile and this one is unpruned:
    /// the first error of the pruned one.
    pub unsound_pruning: Option<String>,
}

/// How to bundle.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Drop the library items the problem does not reach (off: whole crates, for comparison).
    pub prune: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { prune: true }
    }
}

/// Where `scripts/bundle` writes a crate's bundle: `<root>/target/bundle/<name>.rs`.
pub fn output_path(root: &Path, target: &Target) -> PathBuf {
    root.join("target/bundle")
        .join(format!("{}.rs", target.name))
}

/// Builds `target`'s bundle and writes it to [`output_path`], returning both (see
/// [`bundle_sound`] for what is written when pruning went wrong).
pub fn write(root: &Path, target: &Target, options: Options) -> Result<(PathBuf, Bundle)> {
    let made = bundle_sound(root, target, options)?;
    let path = output_path(root, target);
    std::fs::create_dir_all(path.parent().expect("a bundle path has a folder"))?;
    std::fs::write(&path, &made.source).with_context(|| format!("writing {}", path.display()))?;
    Ok((path, made))
}

/// [`bundle`], with a safety net under pruning: when the pruned file does not type-check with
/// the current `rustc` but the whole crates do, the whole crates are returned, with
/// [`Bundle::unsound_pruning`] saying what rustc said of the pruned one. Pruning is a guess
/// about the names the code reaches; a wrong guess must not cost a submission.
pub fn bundle_sound(root: &Path, target: &Target, options: Options) -> Result<Bundle> {
    let made = bundle(root, target, options)?;
    if !options.prune {
        return Ok(made);
    }
    sound(made, || bundle(root, target, Options { prune: false }))
}

/// The pruned bundle `made`, or the unpruned one `whole` makes when only that one compiles.
fn sound(made: Bundle, whole: impl FnOnce() -> Result<Bundle>) -> Result<Bundle> {
    let Some(error) = first_type_error(&made.source) else {
        return Ok(made);
    };
    let mut whole = whole()?;
    if first_type_error(&whole.source).is_some() {
        // Not pruning's doing: the check reports the pruned file's errors.
        return Ok(made);
    }
    whole.unsound_pruning = Some(error);
    Ok(whole)
}

/// The first error the current `rustc` finds type-checking `source` as a program, if any
/// (none also when no `rustc` can be run: the check will say so).
fn first_type_error(source: &str) -> Option<String> {
    let dir = tempfile::tempdir().ok()?;
    let file = dir.path().join("bundle.rs");
    std::fs::write(&file, source).ok()?;
    let out = std::process::Command::new("rustc")
        .args([
            "--edition",
            "2021",
            "--emit=metadata",
            "--crate-name",
            "bundle",
        ])
        .arg("--out-dir")
        .arg(dir.path())
        .arg(&file)
        .output()
        .ok()?;
    if out.status.success() {
        return None;
    }
    let messages = String::from_utf8_lossy(&out.stderr);
    let first = messages
        .lines()
        .find(|l| l.starts_with("error"))
        .unwrap_or("error");
    Some(first.to_string())
}

/// What each library loaded so far offers by name: its exported macros and its root's other
/// items, by module.
#[derive(Default)]
struct Offered {
    macros: HashMap<String, HashSet<String>>,
    items: HashMap<String, HashSet<String>>,
    /// The libraries with a `macro_rules!` that makes exported macros.
    macro_makers: HashSet<String>,
    /// The crates each library hands on at its root, by the name it gives them.
    crates: HashMap<String, HashMap<String, String>>,
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
        insert_macros(&mut self.macros, module, exported)?;
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
    }
}

/// Loads a crate as text in two passes: the first learns its exported macros, which the
/// second needs to leave `crate::that_macro!` alone.
fn load_crate(file: &Path, mut rw: Rewriter, at_root: bool) -> Result<(String, HashSet<String>)> {
    let first = splice::load(
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
    Ok((splice::load(file, &rw, at_root)?, macros))
}

/// Builds the single-file submission for `target`, whose workspace is at `root`. What it cannot
/// bundle is a [`Refusal`] (in the `anyhow` error) naming the construct and its `file:line`
/// (relative to `root`).
pub fn bundle(root: &Path, target: &Target, options: Options) -> Result<Bundle> {
    build(root, target, options).map_err(|e| {
        // Dependencies are found by canonical path, so either spelling of the root may appear.
        let canonical = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        // A refusal stays typed (its message is the same).
        if e.chain().count() == 1 {
            if let Some(refusal) = e.downcast_ref::<Refusal>() {
                return refusal.clone().relative_to(&[root, &canonical]).into();
            }
        }
        let mut message = format!("{e:#}");
        for prefix in [root, &canonical] {
            message = message.replace(&format!("{}/", prefix.display()), "");
        }
        anyhow::anyhow!("{message}")
    })
}

/// What loading the crates gave: each library as a module, and what must go to the top.
#[derive(Default)]
struct Loaded {
    /// What each library loaded so far offers by name.
    offered: Offered,
    /// The library crates the problem depends on, each as `mod <name> { .. }`.
    library_mods: Vec<ItemMod>,
    /// The crate attributes of the libraries, for the bundle's top.
    hoisted: Vec<String>,
    /// `extern crate` of sysroot crates, each with the library module it came from (`None`:
    /// the problem's own library).
    sysroot_crates: Vec<(Option<String>, String)>,
}

impl Loaded {
    /// Loads `info`'s library (its root file `lib`) as bundled text, recording what it offers
    /// and taking its crate attributes and sysroot crates to the top; `module` is where those
    /// came from (`None` for the problem's own library).
    fn library_text(
        &mut self,
        info: &CrateInfo,
        lib: &Path,
        module: Option<String>,
    ) -> Result<String> {
        let rw = rewriter(info, Some(&info.lib_name), &self.offered);
        let (text, exported) = load_crate(lib, rw, false)?;
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

    /// Loads the library crates the problem depends on (dependencies first), each as a module.
    fn libraries(&mut self, libraries: &[CrateInfo]) -> Result<()> {
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
    fn main_rewriter(&self, own: &CrateInfo) -> Rewriter {
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

/// The problem's own code as bundled: main.rs and (when there is one) lib.rs.
struct UserCode {
    main_text: String,
    lib_text: Option<String>,
}

fn build(root: &Path, target: &Target, options: Options) -> Result<Bundle> {
    let crates = manifest::crate_graph(root, &target.dir, &target.dependencies)?;
    let (own, libraries) = crates.split_first().expect("the problem crate comes first");
    let main_path = own.main_path.clone().with_context(|| {
        format!(
            "{}: no binary (src/main.rs): a judge runs a program",
            target.name
        )
    })?;
    let mut loaded = Loaded::default();
    loaded.libraries(libraries)?;
    let lib_text = match &own.lib_path {
        Some(lib) => Some(loaded.library_text(own, lib, None)?),
        None => None,
    };
    let (main_text, main_macros) = load_crate(&main_path, loaded.main_rewriter(own), true)?;
    // main.rs's exported macros are at the bundle's root too, beside the libraries'.
    refuse_macro_clash(&loaded.offered.macros, "main.rs", &main_macros)?;
    check_root_names(&main_text, &main_path, &crates)?;
    let user = UserCode {
        main_text,
        lib_text,
    };
    let kept = if options.prune {
        pruned_libraries(&user, std::mem::take(&mut loaded.library_mods))?
    } else {
        std::mem::take(&mut loaded.library_mods)
    };
    let parts = part_sizes(&user, &kept);
    let body = assemble(own, &user, loaded, kept)?;
    let header = format!(
        "// {} — {}\n// Bundled by scripts/bundle from crates/{} and the parts of grid-core it uses.\n// Compile: rustc --edition 2021 -O {}.rs\n\n",
        target.name, target.judge, target.name, target.name
    );
    Ok(Bundle {
        source: header + &body,
        parts,
        unsound_pruning: None,
    })
}

/// The library modules with only the items the problem's code (`user`) reaches, and the
/// modules it imports.
fn pruned_libraries(user: &UserCode, library_mods: Vec<ItemMod>) -> Result<Vec<ItemMod>> {
    // One text for the names the problem uses; the newline keeps a last `//` comment of
    // main.rs from swallowing lib.rs's first line.
    let mut user_text = user.main_text.clone();
    if let Some(text) = &user.lib_text {
        user_text.push('\n');
        user_text.push_str(text);
    }
    let shells: Vec<ItemMod> = library_mods
        .iter()
        .map(|m| ItemMod {
            content: None,
            ..m.clone()
        })
        .collect();
    let mut used = Used::default();
    let tokens: TokenStream = user_text
        .parse()
        .map_err(|e| anyhow::anyhow!("the problem's code does not tokenize: {e}"))?;
    used.add(tokens);
    let mut tree = prune::Tree::new(library_mods);
    tree.reach(&mut used);
    let libraries: Vec<String> = shells.iter().map(|m| m.ident.to_string()).collect();
    let mut imports = library_imports(&user.main_text, &libraries).context("main.rs")?;
    if let Some(text) = &user.lib_text {
        imports.extend(library_imports(text, &libraries).context("lib.rs")?);
    }
    tree.keep_imported_modules(&imports);
    Ok(tree.rebuild(shells))
}

/// Bytes of each part as printed on its own: `main.rs`, `lib.rs`, then each library module
/// (its root items, then each of its modules).
fn part_sizes(user: &UserCode, kept: &[ItemMod]) -> Vec<(String, usize)> {
    let mut parts = vec![("main.rs".to_string(), user.main_text.len())];
    if let Some(text) = &user.lib_text {
        parts.push(("lib.rs".to_string(), text.len()));
    }
    for module in kept {
        let items = module.content.iter().flat_map(|(_, items)| items);
        let (mods, rest): (Vec<&Item>, Vec<&Item>) =
            items.partition(|item| matches!(item, Item::Mod(_)));
        // Root items other than `use` (a library without submodules, grid-core's root fns).
        if rest.iter().any(|item| !matches!(item, Item::Use(_))) {
            let size = unparse(rest.into_iter().cloned().collect()).len();
            parts.push((module.ident.to_string(), size));
        }
        for item in mods {
            if let Item::Mod(m) = item {
                parts.push((
                    format!("{}::{}", module.ident, m.ident),
                    unparse(vec![item.clone()]).len(),
                ));
            }
        }
    }
    parts
}

/// The bundle's text below its header: the crate attributes, main.rs's inner attributes, the
/// sysroot crates, the problem's library, the `kept` library modules, then main.rs's code.
fn assemble(
    own: &CrateInfo,
    user: &UserCode,
    loaded: Loaded,
    kept: Vec<ItemMod>,
) -> Result<String> {
    let mut body: String = strongest_crate_attrs(loaded.hoisted)
        .iter()
        .map(|a| format!("{a}\n"))
        .collect();
    // main.rs's inner attributes must open the file, but its code comes after the libraries: a
    // `macro_rules!` is in scope in all the text after it, and one of main.rs's would otherwise
    // reach into the libraries' modules, where a library's own macro of that name then is
    // ambiguous (E0659) or shadowed.
    let as_bundled = "main.rs as bundled";
    let (main_attrs, main_code) = split_inner_attrs(&user.main_text).context(as_bundled)?;
    let main_attrs = lints::without_bundler_judged_lints(main_attrs).context(as_bundled)?;
    let (main_attrs, main_lints) = lints::main_levels(&main_attrs).context(as_bundled)?;
    let given_back: String = lints::allowable_on_modules(&main_lints)
        .iter()
        .map(|l| format!(", {l}"))
        .collect();
    if !main_attrs.trim().is_empty() {
        body.push_str(main_attrs.trim_end());
        body.push('\n');
    }
    let sysroot_crates = sysroot_crate_lines(loaded.sysroot_crates, main_code, &kept);
    body.push_str(&sysroot_crates.context(as_bundled)?);
    if let Some(text) = &user.lib_text {
        // A library's public items and re-exports are its API; inside a binary they sit in a
        // private module, where rustc would call the ones main.rs does not use dead or unused.
        body.push_str(&format!(
            "\n#[allow(dead_code, unused_imports{given_back})]\nmod {} {{\n{}\n}}\n",
            own.lib_name,
            text.trim_end()
        ));
    }
    for mut module in kept {
        let allow = syn::parse::Parser::parse_str(
            syn::Attribute::parse_outer,
            &format!("#[allow(dead_code, unused_imports, unused_macros{given_back})]"),
        )
        .context("main.rs's lint names")?;
        module.attrs.splice(0..0, allow);
        body.push('\n');
        body.push_str(&unparse(vec![Item::Mod(module)]));
    }
    body.push('\n');
    body.push_str(main_code.trim());
    body.push('\n');
    Ok(body)
}

/// The libraries' `extern crate` of sysroot crates, once each, for the modules pruning kept
/// (`kept`), and not where main.rs's root (`main_code`) declares the same (it serves every
/// module).
fn sysroot_crate_lines(
    sysroot_crates: Vec<(Option<String>, String)>,
    main_code: &str,
    kept: &[ItemMod],
) -> Result<String> {
    let in_main = root_extern_crates(main_code)?;
    let kept_modules: HashSet<String> = kept.iter().map(|m| m.ident.to_string()).collect();
    let mut seen = HashSet::new();
    let mut lines = String::new();
    for (module, item) in sysroot_crates {
        if module.is_some_and(|m| !kept_modules.contains(&m)) {
            continue;
        }
        let key = extern_crate_key(&item);
        if !in_main.contains(&key) && seen.insert(key) {
            // Library code, judged by main.rs's lints at the root (`rust_2018_idioms` calls it
            // unused where pruning left no `alloc::` path); under cargo they never judge it.
            lines.push_str(&format!("#[allow(unused_extern_crates)]\n{item}\n"));
        }
    }
    Ok(lines)
}

/// Inner attributes that mean something only on the crate root, so a wrapped crate's go to
/// the top of the bundle.
const CRATE_ATTRS: &[&str] = &["recursion_limit", "type_length_limit"];

/// Inner attributes of a library's root that mean nothing in the bundle, whose crate is the
/// judge's binary with std: a wrapped crate's are cut (rustc warns of them on a module).
const DROPPED_CRATE_ATTRS: &[&str] = &["no_std", "crate_type", "crate_name"];

/// The hoisted crate attributes (`#![recursion_limit = "256"]`, as texts), one of each name:
/// the largest limit, which every crate's code needs (rustc takes the first and calls the
/// others unused).
fn strongest_crate_attrs(hoisted: Vec<String>) -> Vec<String> {
    let limit = |text: &str| {
        let attrs = syn::parse::Parser::parse_str(syn::Attribute::parse_inner, text).ok()?;
        let attr = attrs.first()?;
        let name = attr.path().get_ident()?.to_string();
        let syn::Meta::NameValue(nv) = &attr.meta else {
            return None;
        };
        let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(value),
            ..
        }) = &nv.value
        else {
            return None;
        };
        Some((name, value.value().parse::<u64>().ok()?))
    };
    let mut kept: Vec<(Option<(String, u64)>, String)> = Vec::new();
    for text in hoisted {
        let parsed = limit(&text);
        let same_name = kept.iter_mut().find(|(k, t)| match (k, &parsed) {
            (Some((a, _)), Some((b, _))) => a == b,
            _ => *t == text,
        });
        match same_name {
            Some(slot) => {
                if matches!((&slot.0, &parsed), (Some((_, old)), Some((_, new))) if new > old) {
                    *slot = (parsed, text);
                }
            }
            None => kept.push((parsed, text)),
        }
    }
    kept.into_iter().map(|(_, text)| text).collect()
}

/// Cuts a library's root `extern crate` of a sysroot crate (`extern crate alloc;`, `extern crate
/// std as s;`) out of its text, returning them. At a crate's root one gives the name to every
/// module of the crate; in the library's module of the bundle it would give it to that module
/// alone, so it goes to the bundle's root, which gives it to every module again.
fn hoist_sysroot_crates(text: &str) -> Result<(String, Vec<String>)> {
    let sysroot = |item: &Item| matches!(item, Item::ExternCrate(e) if scope::SYSROOT.iter().any(|n| e.ident == n));
    cut_out(text, |file| {
        file.items
            .iter()
            .filter(|item| sysroot(item))
            .map(|item| item.span().byte_range())
            .collect()
    })
}

/// `text` (a crate's) without the byte ranges `pick` finds in its syntax (in order), and the
/// texts cut.
fn cut_out(
    text: &str,
    pick: impl Fn(&File) -> Vec<std::ops::Range<usize>>,
) -> Result<(String, Vec<String>)> {
    let file = parsed::parse(text)?;
    let mut out = String::with_capacity(text.len());
    let mut cut = Vec::new();
    let mut at = 0;
    for range in pick(&file) {
        out.push_str(&text[at..range.start]);
        cut.push(text[range.clone()].to_string());
        at = range.end;
    }
    out.push_str(&text[at..]);
    Ok((out, cut))
}

/// The name and alias (`extern crate alloc as a;`: `("alloc", Some("a"))`) of an `extern
/// crate` item's text.
fn extern_crate_key(text: &str) -> (String, Option<String>) {
    match syn::parse_str::<syn::ItemExternCrate>(text) {
        Ok(e) => (e.ident.to_string(), e.rename.map(|(_, a)| a.to_string())),
        Err(_) => (text.to_string(), None),
    }
}

/// The `extern crate` items at the root of `text`, as [`extern_crate_key`]s.
fn root_extern_crates(text: &str) -> Result<HashSet<(String, Option<String>)>> {
    let file = parsed::parse(text)?;
    Ok(file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::ExternCrate(e) => Some((
                e.ident.to_string(),
                e.rename.as_ref().map(|(_, a)| a.to_string()),
            )),
            _ => None,
        })
        .collect())
}

/// Cuts the crate-root-only inner attributes out of a crate's text, returning those the bundle
/// keeps at its top ([`CRATE_ATTRS`]; [`DROPPED_CRATE_ATTRS`] go).
fn hoist_crate_attrs(text: &str) -> Result<(String, Vec<String>)> {
    let text = &lints::without_crate_level_lints(text)?;
    let named =
        |attr: &syn::Attribute, names: &[&str]| names.iter().any(|name| attr.path().is_ident(name));
    let (text, cut) = cut_out(text, |file| {
        file.attrs
            .iter()
            .filter(|attr| named(attr, CRATE_ATTRS) || named(attr, DROPPED_CRATE_ATTRS))
            .map(|attr| attr.span().byte_range())
            .collect()
    })?;
    let kept = cut
        .into_iter()
        .filter(|text| {
            syn::parse::Parser::parse_str(syn::Attribute::parse_inner, text).map_or(true, |attrs| {
                attrs.iter().all(|a| !named(a, DROPPED_CRATE_ATTRS))
            })
        })
        .collect();
    Ok((text, kept))
}

/// `text` (a crate root) cut after its last inner attribute: the attributes (with what comes
/// before them), then the rest.
fn split_inner_attrs(text: &str) -> Result<(&str, &str)> {
    let file = parsed::parse(text)?;
    let end = file
        .attrs
        .last()
        .map_or(0, |attr| attr.span().byte_range().end);
    Ok(text.split_at(end))
}

/// Records `module`'s exported macros ([`refuse_macro_clash`] first).
fn insert_macros(
    macros: &mut HashMap<String, HashSet<String>>,
    module: &str,
    exported: HashSet<String>,
) -> Result<()> {
    refuse_macro_clash(macros, module, &exported)?;
    macros.insert(module.to_string(), exported);
    Ok(())
}

/// Refuses `exported`, the macros `module` exports, when another crate of `macros` exports one
/// of the same name: both would collide at the bundle's root, where `#[macro_export]` puts them.
fn refuse_macro_clash(
    macros: &HashMap<String, HashSet<String>>,
    module: &str,
    exported: &HashSet<String>,
) -> Result<()> {
    for (other, names) in macros {
        if let Some(name) = exported.intersection(names).next() {
            let kind = RefusalKind::MacroClash {
                module: module.to_string(),
                other: other.clone(),
                name: name.clone(),
            };
            return Err(Refusal::new(kind).into());
        }
    }
    Ok(())
}

/// Refuses a type-namespace item or import at the top of `main.rs` (as bundled) named like a
/// crate's module.
fn check_root_names(main_text: &str, main_path: &Path, crates: &[CrateInfo]) -> Result<()> {
    let file = parsed::parse(main_text).context("main.rs as bundled")?;
    let module_named = |name: &str| crates.iter().any(|c| c.lib_name == name);
    for item in &file.items {
        if let Item::Use(u) = item {
            let mut leaves = Vec::new();
            syntax::use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
            // `use crate::m;` of the module itself is the module (splicing writes a
            // dependency's name so); anything else by that name is a second item.
            let clash = leaves.iter().find_map(|(path, visible)| {
                let name = visible.as_deref()?;
                let itself = matches!(path.as_slice(), [c, m] if c == "crate" && m == name);
                (module_named(name) && !itself).then_some(name)
            });
            if let Some(name) = clash {
                let kind = RefusalKind::ImportNamedLikeCrate {
                    name: name.to_string(),
                };
                return Err(
                    Refusal::at_line(main_path, root_use_line(main_path, name)?, kind).into(),
                );
            }
            continue;
        }
        let Some(ident) = type_namespace_ident(item) else {
            continue;
        };
        if module_named(&syntax::unraw(ident)) {
            let named = |item: &Item| {
                (type_namespace_ident(item) == Some(ident)).then(|| item.span().start().line)
            };
            let kind = RefusalKind::ItemNamedLikeCrate {
                name: ident.to_string(),
            };
            return Err(
                Refusal::at_line(main_path, root_item_line(main_path, named)?, kind).into(),
            );
        }
    }
    Ok(())
}

/// The name an item gives in the namespace of modules and types, where a crate's module of
/// the same name would clash with it.
fn type_namespace_ident(item: &Item) -> Option<&syn::Ident> {
    match item {
        Item::Mod(i) => Some(&i.ident),
        Item::Struct(i) => Some(&i.ident),
        Item::Enum(i) => Some(&i.ident),
        Item::Trait(i) => Some(&i.ident),
        Item::Type(i) => Some(&i.ident),
        Item::Union(i) => Some(&i.ident),
        _ => None,
    }
}

/// The line of the first `use` at the root of the file at `path` that brings in `name` (`None`
/// when there is none).
fn root_use_line(path: &Path, name: &str) -> Result<Option<usize>> {
    root_item_line(path, |item| {
        let Item::Use(u) = item else { return None };
        let mut leaves = Vec::new();
        syntax::use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
        leaves
            .iter()
            .any(|(_, visible)| visible.as_deref() == Some(name))
            .then(|| u.use_token.span.start().line)
    })
}

/// The line of the first item at the root of the file at `path` for which `line_of` gives a
/// line (`None` when there is none). Read from the file itself: the text the bundler works on
/// has its `mod x;` files inlined, which moves the lines after them.
fn root_item_line(path: &Path, line_of: impl Fn(&Item) -> Option<usize>) -> Result<Option<usize>> {
    let text = syntax::read_source(path)?;
    let file = parsed::parse_file(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(file.items.iter().find_map(&line_of))
}

/// The paths the problem's own code imports from the library modules (`libraries`), written
/// from the bundle's root: `use crate::grid_core::rect;` in lib.rs or `use grid_core::*;` in
/// main.rs are both `grid_core::rect`, `grid_core` (a glob's is the path before `*`).
fn library_imports(text: &str, libraries: &[String]) -> Result<Vec<Vec<String>>> {
    struct Uses(Vec<Vec<String>>);
    impl<'ast> syn::visit::Visit<'ast> for Uses {
        fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
            if u.leading_colon.is_none() {
                let mut leaves = Vec::new();
                syntax::use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                self.0.extend(leaves.into_iter().map(|(path, _)| path));
            }
        }
    }
    let file = parsed::parse_file(text)
        .map_err(|e| anyhow::anyhow!("the rewritten code does not parse: {e}"))?;
    let mut uses = Uses(Vec::new());
    syn::visit::Visit::visit_file(&mut uses, &file);
    Ok(uses
        .0
        .into_iter()
        .filter_map(|mut path| {
            if matches!(
                path.first().map(String::as_str),
                Some("crate" | "self" | "super")
            ) {
                path.remove(0);
            }
            libraries.contains(path.first()?).then_some(path)
        })
        .collect())
}

/// A library crate's text as `mod <name> { .. }`, doc comments removed.
fn library_module(name: &str, text: &str, path: &Path) -> Result<ItemMod> {
    let tokens: TokenStream = text
        .parse()
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let file: File = syn::parse2(strip_docs(tokens))
        .with_context(|| format!("parsing {} without its docs", path.display()))?;
    let ident = syn::Ident::new(name, proc_macro2::Span::call_site());
    let attrs = file.attrs;
    let items = file.items;
    // Public, so that a library's `pub use dependency as name;` may re-export it.
    let mut module: ItemMod = syn::parse_quote!(pub mod #ident {});
    module.attrs = attrs;
    module.content = Some((Default::default(), items));
    Ok(module)
}

fn unparse(items: Vec<Item>) -> String {
    prettyplease::unparse(&File {
        shebang: None,
        attrs: Vec::new(),
        items,
    })
}

/// Removes `#[doc = ...]` and `#![doc = ...]` (doc comments) anywhere in a token stream but in
/// a macro's call or matchers (`m! { /// line .. }`), where they may be tokens the macro asks
/// for (`$(#[doc = $line:literal])*`).
fn strip_docs(tokens: TokenStream) -> TokenStream {
    strip_docs_in(tokens, docs::DocTokens::Code)
}

/// [`strip_docs`] for `tokens` that are `what`.
fn strip_docs_in(tokens: TokenStream, what: docs::DocTokens) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        if let TokenTree::Punct(p) = &trees[i] {
            if p.as_char() == '#' && what == docs::DocTokens::Code {
                let bang =
                    matches!(trees.get(i + 1), Some(TokenTree::Punct(b)) if b.as_char() == '!');
                let at = i + 1 + usize::from(bang);
                if let Some(TokenTree::Group(g)) = trees.get(at) {
                    let is_doc = g.delimiter() == Delimiter::Bracket
                        && matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(id)) if id == "doc");
                    if is_doc {
                        i = at + 1;
                        continue;
                    }
                }
            }
        }
        match &trees[i] {
            TokenTree::Group(g) => {
                let inner_what = what.of_group(&trees, i);
                let mut inner = Group::new(g.delimiter(), strip_docs_in(g.stream(), inner_what));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made(source: &str) -> Bundle {
        Bundle {
            source: source.to_string(),
            parts: Vec::new(),
            unsound_pruning: None,
        }
    }

    #[test]
    fn a_pruned_file_that_does_not_compile_gives_way_to_the_whole_one() {
        let pruned = made("mod lib { use super::Gone; } fn main() {}");
        let whole = made("mod lib { pub struct Gone; } fn main() {}");
        let chosen = sound(pruned, || Ok(whole.clone())).unwrap();
        assert_eq!(chosen.source, whole.source);
        let note = chosen.unsound_pruning.unwrap();
        assert!(note.starts_with("error[E0432]"), "{note}");
        // A pruned file that compiles is kept, and the whole one never made.
        let fine = made("fn main() {}");
        let chosen = sound(fine.clone(), || panic!("not needed")).unwrap();
        assert_eq!(chosen.source, fine.source);
        assert!(chosen.unsound_pruning.is_none());
        // When neither compiles, the pruned one stays for the check to report.
        let broken = made("fn main() { let x: u8 = \"no\"; }");
        let chosen = sound(broken.clone(), || Ok(broken.clone())).unwrap();
        assert!(chosen.unsound_pruning.is_none());
    }
}
