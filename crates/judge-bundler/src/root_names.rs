//! main.rs's root names against the crates' modules: a `use` or an item at the top of main.rs
//! named like a crate the bundle makes a module beside it is refused, at its line.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use anyhow::{Context, Result};
use syn::spanned::Spanned;
use syn::Item;

use super::manifest::CrateInfo;
use super::parsed;
use super::refusal::{Refusal, RefusalKind};
use super::syntax;

/// Refuses a type-namespace item or import at the top of `main.rs` (as bundled) named like a
/// crate's module, and a glob there of a library that defines one (`defined`: the names each
/// library, by module, defines in the type namespace at its root, see [`type_names_defined`]).
pub(super) fn check_root_names(
    main_text: &str,
    main_path: &Path,
    crates: &[CrateInfo],
    sysroot_crates: &[(Option<String>, String)],
    defined: &HashMap<String, HashSet<String>>,
) -> Result<()> {
    let file = parsed::parse(main_text).context("main.rs as bundled")?;
    let module_named = |name: &str| crates.iter().any(|c| c.lib_name == name);
    refuse_sysroot_crate_names(&file, main_path, sysroot_crates)?;
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
            // `use lib::*;` (as bundled, `use crate::lib::*;`) of a library defining one.
            for (path, visible) in &leaves {
                let library = match path.as_slice() {
                    [c, m] if visible.is_none() && c == "crate" => m,
                    [m] if visible.is_none() => m,
                    _ => continue,
                };
                let Some(names) = defined.get(library) else {
                    continue;
                };
                let mut hiding: Vec<&String> = names
                    .iter()
                    .filter(|n| module_named(n) && *n != library)
                    .collect();
                hiding.sort();
                if let Some(name) = hiding.first() {
                    let kind = RefusalKind::GlobBringsCrateName {
                        name: name.to_string(),
                        library: library.clone(),
                    };
                    let line = root_glob_line(main_path, library)?;
                    return Err(Refusal::at_line(main_path, line, kind).into());
                }
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
/// Refuses an item or import at main.rs's root (`file`, from `main_path`) named like a crate a
/// library names at its root (`extern crate alloc;`, `extern crate std as s;`), which the
/// bundle puts at its top (`sysroot_crates`: the library's module and the item's text) where
/// the two would clash (E0260). The same `extern crate` in main.rs is one item, not a clash.
fn refuse_sysroot_crate_names(
    file: &syn::File,
    main_path: &Path,
    sysroot_crates: &[(Option<String>, String)],
) -> Result<()> {
    let named: Vec<(String, String, String)> = sysroot_crates
        .iter()
        .map(|(module, text)| {
            let (krate, alias) = super::hoist::extern_crate_key(text);
            let name = alias.unwrap_or_else(|| krate.clone());
            let module = module
                .clone()
                .unwrap_or_else(|| "the problem's lib.rs".to_string());
            (name, krate, module)
        })
        .collect();
    // Names it gives besides the very `extern crate` the library has, which is one item.
    let clashing = |item: &Item| -> Vec<String> {
        match item {
            Item::ExternCrate(e) => {
                let name = e.rename.as_ref().map_or(&e.ident, |(_, alias)| alias);
                let same = named
                    .iter()
                    .any(|(n, krate, _)| *name == *n && e.ident == krate);
                if same {
                    Vec::new()
                } else {
                    vec![syntax::unraw(name)]
                }
            }
            Item::Use(u) => {
                let mut leaves = Vec::new();
                syntax::use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                leaves
                    .into_iter()
                    .filter_map(|(_, visible)| visible)
                    .collect()
            }
            other => type_namespace_ident(other)
                .map(syntax::unraw)
                .into_iter()
                .collect(),
        }
    };
    let clash = file.items.iter().find_map(|item| {
        let names = clashing(item);
        named.iter().find(|(n, _, _)| names.contains(n))
    });
    if let Some((name, krate, module)) = clash {
        let kind = RefusalKind::ItemNamedLikeSysrootCrate {
            name: name.clone(),
            krate: krate.clone(),
            module: module.clone(),
        };
        // From the file itself: in the bundled text, lines move after the first `mod x;`.
        let line = root_item_line(main_path, |item| {
            clashing(item)
                .contains(name)
                .then(|| item.span().start().line)
        })?;
        return Err(Refusal::at_line(main_path, line, kind).into());
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
/// The names `items` (a crate's root) define in the type namespace (`use` aside).
pub(super) fn type_names_defined(items: &[Item]) -> HashSet<String> {
    items
        .iter()
        .filter_map(type_namespace_ident)
        .map(syntax::unraw)
        .collect()
}

/// The line of the first `use` at the root of the file at `path` with a glob of a path ending in
/// `library` (`use lib::*;`), `None` when there is none.
fn root_glob_line(path: &Path, library: &str) -> Result<Option<usize>> {
    root_use_line_with(path, |path, visible| {
        visible.is_none() && path.last().map(String::as_str) == Some(library)
    })
}

/// The line of the first `use` at the root of the file at `path` that brings in `name` (`None`
/// when there is none).
fn root_use_line(path: &Path, name: &str) -> Result<Option<usize>> {
    root_use_line_with(path, |_, visible| visible == Some(name))
}

/// The line of the first `use` at the root of the file at `path` with a leaf (its path, and the
/// name it brings in, `None` for a glob) for which `wanted` holds.
fn root_use_line_with(
    path: &Path,
    wanted: impl Fn(&[String], Option<&str>) -> bool,
) -> Result<Option<usize>> {
    root_item_line(path, |item| {
        let Item::Use(u) = item else { return None };
        let mut leaves = Vec::new();
        syntax::use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
        leaves
            .iter()
            .any(|(path, visible)| wanted(path, visible.as_deref()))
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
