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
mod hoist;
mod imports;
mod lints;
mod load;
mod manifest;
mod modules;
mod names;
mod parsed;
mod paths;
mod prune;
mod recorded;
mod refusal;
mod rewriter;
mod root_names;
mod scope;
mod splice;
mod std_macros;
mod syntax;
mod tokens;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use proc_macro2::TokenStream;
use syn::{Item, ItemMod};

use hoist::{extern_crate_key, root_extern_crates, split_inner_attrs, strongest_crate_attrs};
use load::{load_crate, macro_clashes, Loaded};
use manifest::CrateInfo;
use modules::unparse;
use names::Used;
pub use refusal::{Refusal, RefusalKind};
use root_names::{check_root_names, type_names_defined};

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
    // The whole crates may hold what cannot be in one file, which pruning left out: then the
    // pruned file stays, and the check reports its errors.
    let Ok(mut whole) = whole() else {
        return Ok(made);
    };
    if first_type_error(&whole.source).is_some() {
        // Not pruning's doing: the check reports the pruned file's errors.
        return Ok(made);
    }
    whole.unsound_pruning = Some(error);
    Ok(whole)
}

/// The first error the current `rustc` finds type-checking `source` as a program compiled as
/// the judge compiles it (`-O`: no debug assertions, so `#[cfg(debug_assertions)]` is off), if
/// any (none also when no `rustc` can be run: the check will say so).
fn first_type_error(source: &str) -> Option<String> {
    let dir = tempfile::tempdir().ok()?;
    let file = dir.path().join("bundle.rs");
    std::fs::write(&file, source).ok()?;
    let out = std::process::Command::new("rustc")
        .args([
            "--edition",
            "2021",
            "-O",
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
    let mut loaded = Loaded::of_libraries(libraries)?;
    let lib_text = match &own.lib_path {
        Some(lib) => Some(loaded.library_text(own, lib, None)?),
        None => None,
    };
    let (main_text, main_macros, _) = load_crate(&main_path, loaded.main_rewriter(own), true)?;
    // main.rs's exported macros are at the bundle's root too, beside the libraries'.
    let mut clashes = std::mem::take(&mut loaded.offered.clashes);
    clashes.extend(macro_clashes(
        &loaded.offered.macros,
        "main.rs",
        &main_macros,
    ));
    let mut defined: HashMap<String, HashSet<String>> = loaded
        .library_mods
        .iter()
        .map(|m| {
            let items = m.content.as_ref().map_or(&[][..], |(_, items)| &items[..]);
            (m.ident.to_string(), type_names_defined(items))
        })
        .collect();
    if let Some(text) = &lib_text {
        let file = parsed::parse(text).context("lib.rs as bundled")?;
        defined.insert(own.lib_name.clone(), type_names_defined(&file.items));
    }
    check_root_names(
        &main_text,
        &main_path,
        &crates,
        &loaded.sysroot_crates,
        &defined,
    )?;
    let user = UserCode {
        main_text,
        lib_text,
    };
    let kept = if options.prune {
        pruned_libraries(&user, std::mem::take(&mut loaded.library_mods))?
    } else {
        std::mem::take(&mut loaded.library_mods)
    };
    refuse_clashes_kept(&kept, &main_macros, clashes)?;
    let parts = part_sizes(&user, &kept);
    let deferred = std::mem::take(&mut loaded.deferred);
    let body = assemble(own, &user, loaded, kept)?;
    refuse_what_stayed(&body, deferred)?;
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

/// The first clash of exported macros (see [`load::macro_clashes`]) whose two macros both stay
/// in the bundle: the `kept` library modules still export them (main.rs and the problem's own
/// library stay whole).
fn refuse_clashes_kept(
    kept: &[ItemMod],
    main_macros: &HashSet<String>,
    clashes: Vec<RefusalKind>,
) -> Result<()> {
    if clashes.is_empty() {
        return Ok(());
    }
    let exported: HashMap<String, HashSet<String>> = kept
        .iter()
        .map(|m| {
            let items = m.content.as_ref().map_or(&[][..], |(_, items)| &items[..]);
            (m.ident.to_string(), exports::exported_macros_in(items))
        })
        .collect();
    // main.rs and the problem's own library (no module of `kept`) stay whole.
    let stays = |module: &str, name: &str| match exported.get(module) {
        Some(names) => names.contains(name),
        None => module != "main.rs" || main_macros.contains(name),
    };
    for kind in clashes {
        if let RefusalKind::MacroClash {
            module,
            other,
            name,
        } = &kind
        {
            if stays(module, name) && stays(other, name) {
                return Err(Refusal::new(kind).into());
            }
        }
    }
    Ok(())
}

/// The first of the libraries' constructs that cannot work in one file whose marker is still in
/// the bundle's text `body` (see [`splice::Deferred`]): what pruning left out cannot matter.
fn refuse_what_stayed(body: &str, deferred: splice::Deferred) -> Result<()> {
    let Some(at) = body.find(splice::DEFERRED_MARKER) else {
        return Ok(());
    };
    let rest = &body[at..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let marker = &rest[..end];
    match deferred.into_iter().find(|(m, _)| m == marker) {
        Some((_, refusal)) => Err(refusal.into()),
        None => bail!("the bundle holds `{marker}`, a name the bundler keeps for itself"),
    }
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
    // main.rs's inner attributes must open the file, but its code comes after the libraries: a
    // `macro_rules!` is in scope in all the text after it, and one of main.rs's would otherwise
    // reach into the libraries' modules, where a library's own macro of that name then is
    // ambiguous (E0659) or shadowed.
    let as_bundled = "main.rs as bundled";
    let (main_attrs, main_code) = split_inner_attrs(&user.main_text).context(as_bundled)?;
    // Its limits (`recursion_limit`) join the libraries': one of each, the largest.
    let (main_attrs, mut limits) = hoist::cut_crate_limits(main_attrs).context(as_bundled)?;
    limits.extend(loaded.hoisted);
    let mut body: String = strongest_crate_attrs(limits)
        .iter()
        .map(|a| format!("{a}\n"))
        .collect();
    let main_attrs = lints::without_bundler_judged_lints(&main_attrs).context(as_bundled)?;
    let main_lints = lints::main_levels(&main_attrs).context(as_bundled)?;
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
        // So it does when the whole crates are refused (what pruning left out cannot be in
        // one file): the refusal is not the pruned file's.
        let chosen = sound(broken.clone(), || anyhow::bail!("env! in unused code")).unwrap();
        assert_eq!(chosen.source, broken.source);
    }

    #[test]
    fn the_check_under_pruning_has_the_judges_cfgs() {
        // The judge compiles with -O: no debug assertions, so this file has its `main`.
        let judged = made("#[cfg(not(debug_assertions))] fn main() {}");
        let chosen = sound(judged.clone(), || panic!("not needed")).unwrap();
        assert!(chosen.unsound_pruning.is_none());
    }

    /// Writes `text` at `path` under `root`, making its folders.
    fn put(root: &Path, path: &str, text: &str) {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// A workspace at `root` with the library `lib-a` (its `src/lib.rs` is `lib`) and the
    /// problem `prob`, whose main prints `lib_a::first()`: the problem as a [`Target`].
    fn lib_and_problem(root: &Path, lib: &str) -> Target {
        put(
            root,
            "Cargo.toml",
            "[workspace]\nmembers = [\"lib-a\", \"prob\"]\n",
        );
        let manifest = |name: &str, deps: &str| {
            format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n{deps}")
        };
        put(root, "lib-a/Cargo.toml", &manifest("lib-a", ""));
        put(root, "lib-a/src/lib.rs", lib);
        put(
            root,
            "prob/Cargo.toml",
            &manifest("prob", "lib-a = { path = \"../lib-a\" }\n"),
        );
        put(
            root,
            "prob/src/main.rs",
            "fn main() { println!(\"{}\", lib_a::first()); }\n",
        );
        Target {
            name: "prob".to_string(),
            dir: root.join("prob"),
            dependencies: vec!["lib-a".to_string()],
            judge: "a test".to_string(),
        }
    }

    #[test]
    fn a_library_file_edited_between_two_bundles_is_read_again() {
        let ws = tempfile::tempdir().unwrap();
        let root = ws.path();
        let target = lib_and_problem(root, "pub mod m;\npub use m::*;\n");
        put(root, "lib-a/src/m.rs", "pub fn first() -> u8 { 101 }\n");
        let made = || bundle(root, &target, Options::default()).unwrap().source;
        let first = made();
        assert!(first.contains("101"), "{first}");
        assert_eq!(made(), made(), "the same crates bundle the same");
        put(root, "lib-a/src/m.rs", "pub fn first() -> u8 { 102 }\n");
        assert!(made().contains("102"), "an edited file is read again");
        // The module moves to m/mod.rs: a path probed before is a file now.
        std::fs::remove_file(root.join("lib-a/src/m.rs")).unwrap();
        put(root, "lib-a/src/m/mod.rs", "pub fn first() -> u8 { 103 }\n");
        assert!(made().contains("103"), "a moved module is found again");
        // A submodule is added: its parent's text changed.
        put(
            root,
            "lib-a/src/m/mod.rs",
            "mod deep;\npub use deep::first;\n",
        );
        put(
            root,
            "lib-a/src/m/deep.rs",
            "pub fn first() -> u8 { 104 }\n",
        );
        assert!(made().contains("104"), "a new submodule is read");
    }

    #[test]
    fn a_path_attribute_naming_no_file_is_refused_with_that_path() {
        let ws = tempfile::tempdir().unwrap();
        let root = ws.path();
        let target = lib_and_problem(root, "#[path = \"gone.rs\"]\npub mod m;\npub use m::*;\n");
        let error = bundle(root, &target, Options::default()).unwrap_err();
        let refusal = error.downcast_ref::<Refusal>().expect("a refusal");
        assert_eq!(
            refusal.kind,
            RefusalKind::MissingModuleFile {
                module: "m".to_string(),
                looked_for: vec![PathBuf::from("lib-a/src/gone.rs")],
            },
            "{error:#}"
        );
    }
}
