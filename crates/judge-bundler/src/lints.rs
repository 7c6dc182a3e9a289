//! Lint levels in one file. Each `deny` and `forbid` becomes `allow` ([`bundled_levels`]):
//! cargo enforced them, and in one file they would judge code cargo never showed them. main.rs's
//! crate-level `warn` levels (`#![warn(unused)]`) open the file, which holds the libraries too:
//! under cargo they judged main.rs's code alone, so the libraries' modules are given those
//! lints back as `allow`. A library root's levels of crate-level-only lints go.

use anyhow::Result;
use proc_macro2::{TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Meta, Token};

/// The lint levels that judge code: lints set to these are given back to the libraries.
const LEVELS: &[&str] = &["warn", "deny", "forbid"];

/// The lints main.rs's inner attributes (`attrs`, its text up to its last inner attribute) set
/// to a judging level (`cfg_attr` ones too, whatever the condition), once each.
pub(super) fn main_levels(attrs: &str) -> Result<Vec<String>> {
    let file = super::parsed::parse(attrs)?;
    let mut lints = Vec::new();
    for attr in &file.attrs {
        levels(&attr.meta, &mut lints);
    }
    let mut seen = std::collections::HashSet::new();
    lints.retain(|lint| seen.insert(lint.clone()));
    Ok(lints)
}

/// Collects the lints `meta` sets to a judging level; looks inside `cfg_attr`.
fn levels(meta: &Meta, lints: &mut Vec<String>) {
    let Meta::List(list) = meta else { return };
    let Some(level) = list.path.get_ident().map(|i| i.to_string()) else {
        return;
    };
    if level == "cfg_attr" {
        // `cfg_attr(condition, attr, attr, ..)`: the attributes after the first comma.
        for part in top_level_parts(list.tokens.clone()).into_iter().skip(1) {
            if let Ok(meta) = syn::parse2::<Meta>(part) {
                levels(&meta, lints);
            }
        }
        return;
    }
    if !LEVELS.contains(&level.as_str()) {
        return;
    }
    let parsed = list.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated);
    for path in parsed.into_iter().flatten() {
        lints.push(lint_name(&path));
    }
}

/// A lint's name as written (`unused`, `clippy::pedantic`).
fn lint_name(path: &syn::Path) -> String {
    path.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

/// Lints that rustc sets only at a crate's root: on a module it warns that their level `is
/// ignored unless specified at crate level` (`unused_crate_dependencies`, the identifier
/// lints of the non-ASCII check; on rustc 1.63 also `elided_lifetimes_in_paths` and the
/// `rust_2018_idioms` group, which holds it).
const CRATE_LEVEL_ONLY: &[&str] = &[
    "unused_crate_dependencies",
    "rust_2018_idioms",
    "elided_lifetimes_in_paths",
    "non_ascii_idents",
    "uncommon_codepoints",
    "confusable_idents",
    "mixed_script_confusables",
];

/// main.rs's lints as the library modules allow them. An `allow` of a crate-level-only lint on
/// a module still holds (1.63 lets `elided_lifetimes_in_paths` of main's `rust_2018_idioms`
/// pass in library code so), but rustc calls it ignored unless `unused_attributes` is allowed
/// there too.
pub(super) fn allowable_on_modules(lints: &[String]) -> Vec<String> {
    let mut out = lints.to_vec();
    let crate_level = lints
        .iter()
        .any(|lint| CRATE_LEVEL_ONLY.contains(&lint.as_str()));
    if crate_level && !out.iter().any(|lint| lint == "unused_attributes") {
        out.insert(0, "unused_attributes".to_string());
    }
    out
}

/// Lints whose verdict on code the bundle itself changes: a library's public items are dead or
/// unreachable in a module of a binary (`dead_code`, the `unused` group holding it,
/// `unreachable_pub`, and `unused_macros`), the imports the bundler adds or prunes may go unused
/// (`unused_imports`), and the paths the bundler writes (`crate::grid_core::..`) are
/// qualifications a lint calls unneeded (`unused_qualifications`). Cargo judged the code
/// without them; set to a judging level in the bundle, they fail code that is right (and a
/// `forbid` would refuse the bundler's own `allow`).
const CHANGED_BY_BUNDLING: &[&str] = &[
    "dead_code",
    "unused",
    "unreachable_pub",
    "unused_qualifications",
    "unused_imports",
    "unused_macros",
];

/// A library root's text (which becomes a module of the bundle) without the crate-level-only
/// lints of its inner lint attributes (`#![warn(rust_2018_idioms, missing_docs)]` becomes
/// `#![warn(missing_docs)]`; an attribute with nothing left goes). Those whose verdict the
/// bundle changes ([`CHANGED_BY_BUNDLING`]) are gone already, with every `deny` and `forbid`
/// (see [`bundled_levels`], which rewrote the text).
pub(super) fn without_crate_level_lints(text: &str) -> Result<String> {
    without_lints(text, |_, lint| CRATE_LEVEL_ONLY.contains(&lint))
}

/// main.rs's inner attributes without the lints that would judge the paths the bundler writes
/// into its code (`unused_qualifications`) at a judging level.
pub(super) fn without_bundler_judged_lints(text: &str) -> Result<String> {
    without_lints(text, |level, lint| {
        LEVELS.contains(&level) && lint == "unused_qualifications"
    })
}

/// `text` with the lints for which `cut(level, lint)` holds taken out of its inner lint
/// attributes (an attribute with nothing left goes).
fn without_lints(text: &str, cut: impl Fn(&str, &str) -> bool) -> Result<String> {
    let file = super::parsed::parse(text)?;
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for attr in &file.attrs {
        let Meta::List(list) = &attr.meta else {
            continue;
        };
        let Some(level) = list.path.get_ident().map(|i| i.to_string()) else {
            continue;
        };
        if !(LEVELS.contains(&level.as_str()) || level == "allow" || level == "expect") {
            continue;
        }
        let Ok(parsed) = list.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
        else {
            continue;
        };
        let names: Vec<String> = parsed.iter().map(lint_name).collect();
        if !names.iter().any(|n| cut(&level, n)) {
            continue;
        }
        let rest: Vec<&String> = names.iter().filter(|n| !cut(&level, n)).collect();
        let replacement = if rest.is_empty() {
            String::new()
        } else {
            let rest: Vec<&str> = rest.iter().map(|n| n.as_str()).collect();
            format!("#![{level}({})]", rest.join(", "))
        };
        edits.push((attr.span().byte_range(), replacement));
    }
    let mut out = text.to_string();
    for (range, replacement) in edits.into_iter().rev() {
        out.replace_range(range, &replacement);
    }
    Ok(out)
}

/// A lint-level attribute's content (`deny(a, b)`, `cfg_attr(test, forbid(c))`, what is inside
/// `#[..]`) as the bundle writes it: `None` when it is no lint attribute or stays as it is,
/// `Some(None)` when nothing is left of it, else the new content.
///
/// `deny` and `forbid` become `allow`: cargo has enforced them on the code they cover, which so
/// has nothing to show under them, and they change no code. In one file they would also judge
/// what cargo never showed them: a library's macros expanded in main.rs (rustc does not lint
/// the expansions of another crate's macros), a library's `#[non_exhaustive]` (no effect in its
/// own crate, so the `_` arm cargo asked for is unreachable), a library module's items that
/// pruning or a binary leaves dead. `missing_docs` goes (the bundle has no docs), and in a
/// library's code (`library`) so do the lints whose verdict bundling changes
/// ([`CHANGED_BY_BUNDLING`]) at `warn`.
pub(super) fn bundled_levels(content: &str, library: bool) -> Option<Option<String>> {
    let meta: Meta = syn::parse_str(content).ok()?;
    match bundled_meta(&meta, library) {
        Rewritten::Same => None,
        Rewritten::Now(text) => Some(Some(text)),
        Rewritten::Gone => Some(None),
    }
}

/// What [`bundled_levels`] makes of one attribute.
enum Rewritten {
    Same,
    Now(String),
    Gone,
}

fn bundled_meta(meta: &Meta, library: bool) -> Rewritten {
    let Meta::List(list) = meta else {
        return Rewritten::Same;
    };
    let Some(level) = list.path.get_ident().map(|i| i.to_string()) else {
        return Rewritten::Same;
    };
    if level == "cfg_attr" {
        let parts = top_level_parts(list.tokens.clone());
        let Some((condition, attributes)) = parts.split_first() else {
            return Rewritten::Same;
        };
        let mut changed = false;
        let mut kept = Vec::new();
        for part in attributes {
            let rewritten = syn::parse2::<Meta>(part.clone())
                .map_or(Rewritten::Same, |meta| bundled_meta(&meta, library));
            match rewritten {
                Rewritten::Same => kept.push(part.to_string()),
                Rewritten::Now(text) => {
                    changed = true;
                    kept.push(text);
                }
                Rewritten::Gone => changed = true,
            }
        }
        return match (changed, kept.is_empty()) {
            (false, _) => Rewritten::Same,
            (true, true) => Rewritten::Gone,
            (true, false) => Rewritten::Now(format!("cfg_attr({condition}, {})", kept.join(", "))),
        };
    }
    if !LEVELS.contains(&level.as_str()) {
        return Rewritten::Same;
    }
    let Ok(parsed) = list.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
    else {
        return Rewritten::Same;
    };
    let lints: Vec<String> = parsed.iter().map(lint_name).collect();
    let cut = |lint: &str| {
        lint == "missing_docs"
            || (library && level == "warn" && CHANGED_BY_BUNDLING.contains(&lint))
    };
    let kept: Vec<&str> = lints
        .iter()
        .map(String::as_str)
        .filter(|l| !cut(l))
        .collect();
    let new_level = if level == "warn" { "warn" } else { "allow" };
    if kept.is_empty() {
        Rewritten::Gone
    } else if level == new_level && kept.len() == lints.len() {
        Rewritten::Same
    } else {
        Rewritten::Now(format!("{new_level}({})", kept.join(", ")))
    }
}

/// A token stream cut at its top-level commas.
fn top_level_parts(tokens: TokenStream) -> Vec<TokenStream> {
    let mut parts = vec![Vec::new()];
    for tree in tokens {
        match &tree {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(Vec::new()),
            _ => parts.last_mut().expect("one part at least").push(tree),
        }
    }
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .map(|p| p.into_iter().collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_level_only_lints_leave_library_roots_and_module_allows() {
        let text =
            "#![warn(rust_2018_idioms)]\n#![deny(missing_docs, unused_crate_dependencies)]\n\
                    #![allow(dead_code)]\npub fn f() {}\n";
        assert_eq!(
            without_crate_level_lints(text).unwrap(),
            "\n#![deny(missing_docs)]\n#![allow(dead_code)]\npub fn f() {}\n"
        );
        let lints = ["rust_2018_idioms", "unused"].map(String::from);
        assert_eq!(
            allowable_on_modules(&lints),
            ["unused_attributes", "rust_2018_idioms", "unused"]
        );
        let lints = ["unused"].map(String::from);
        assert_eq!(allowable_on_modules(&lints), ["unused"]);
    }

    #[test]
    fn every_judging_lint_of_main_is_listed_once() {
        let lints = main_levels(
            "//! A program.\n#![warn(unsafe_code)]\n#![warn(warnings, clippy::all)]\n\
             #![allow(dead_code)]\n#![cfg_attr(not(test), warn(unsafe_code), warn(unused))]\n",
        )
        .unwrap();
        assert_eq!(lints, ["unsafe_code", "warnings", "clippy::all", "unused"]);
        let attrs = "#![recursion_limit = \"256\"]\n#![allow(unused)]\n";
        assert_eq!(main_levels(attrs).unwrap(), Vec::<String>::new());
    }

    #[test]
    fn deny_and_forbid_are_lifted_and_docs_and_bundling_lints_go() {
        let main = |content: &str| bundled_levels(content, false);
        let library = |content: &str| bundled_levels(content, true);
        let now = |text: &str| Some(Some(text.to_string()));
        assert_eq!(main("deny(warnings)"), now("allow(warnings)"));
        assert_eq!(
            main("forbid(unsafe_code, clippy::all)"),
            now("allow(unsafe_code, clippy::all)")
        );
        assert_eq!(main("warn(unused)"), None);
        assert_eq!(main("allow(dead_code)"), None);
        assert_eq!(main("derive(Debug)"), None);
        assert_eq!(main("deny(missing_docs)"), Some(None));
        assert_eq!(main("warn(missing_docs, unused)"), now("warn(unused)"));
        assert_eq!(
            main("cfg_attr(not(test), forbid(unused_imports), derive(Debug))"),
            now("cfg_attr(not (test), allow(unused_imports), derive (Debug))")
        );
        assert_eq!(main("cfg_attr(test, warn(missing_docs))"), Some(None));
        // In a library, bundling decides what is dead or unused, whatever cargo said.
        assert_eq!(library("warn(dead_code, unused_imports)"), Some(None));
        assert_eq!(
            library("warn(dead_code, unsafe_code)"),
            now("warn(unsafe_code)")
        );
        assert_eq!(library("deny(dead_code)"), now("allow(dead_code)"));
        assert_eq!(main("warn(dead_code)"), None);
    }
}
