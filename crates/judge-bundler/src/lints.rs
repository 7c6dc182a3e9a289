//! main.rs's crate-level lint levels (`#![deny(warnings)]`, `#![forbid(unsafe_code)]`): under
//! cargo they judge main.rs's code alone, each library being a crate with levels of its own.
//! In the bundle they open the file, which holds the libraries too, so the libraries' modules
//! are given those lints back as `allow`, and `forbid` (which no `allow` inside may lift)
//! becomes `deny`: main.rs's own code is held to the same lints as before.

use anyhow::Result;
use proc_macro2::{TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Meta, Token};

/// The lint levels that judge code: lints set to these are given back to the libraries.
const LEVELS: &[&str] = &["warn", "deny", "forbid"];

/// `attrs` (main.rs's text up to its last inner attribute) with each `forbid` made `deny`, and
/// the lints main.rs warns of, denies or forbids (`cfg_attr` ones too, whatever the condition).
pub(super) fn main_levels(attrs: &str) -> Result<(String, Vec<String>)> {
    let file = super::parsed::parse(attrs)?;
    let mut lints = Vec::new();
    let mut forbids = Vec::new();
    for attr in &file.attrs {
        levels(&attr.meta, &mut lints, &mut forbids);
    }
    let mut text = attrs.to_string();
    // From the end, so that earlier ranges stay where they are.
    forbids.sort_by_key(|range| std::cmp::Reverse(range.start));
    for range in forbids {
        text.replace_range(range, "deny");
    }
    let mut seen = std::collections::HashSet::new();
    lints.retain(|lint| seen.insert(lint.clone()));
    Ok((text, lints))
}

/// Collects the lints `meta` sets to a judging level, and where it says `forbid`; looks
/// inside `cfg_attr`.
fn levels(meta: &Meta, lints: &mut Vec<String>, forbids: &mut Vec<std::ops::Range<usize>>) {
    let Meta::List(list) = meta else { return };
    let Some(level) = list.path.get_ident().map(|i| i.to_string()) else {
        return;
    };
    if level == "cfg_attr" {
        // `cfg_attr(condition, attr, attr, ..)`: the attributes after the first comma.
        for part in top_level_parts(list.tokens.clone()).into_iter().skip(1) {
            if let Ok(meta) = syn::parse2::<Meta>(part) {
                levels(&meta, lints, forbids);
            }
        }
        return;
    }
    if !LEVELS.contains(&level.as_str()) {
        return;
    }
    if level == "forbid" {
        forbids.push(list.path.segments[0].ident.span().byte_range());
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
/// `#![warn(missing_docs)]`; an attribute with nothing left goes), nor those the bundle changes
/// ([`CHANGED_BY_BUNDLING`]) at a judging level.
pub(super) fn without_crate_level_lints(text: &str) -> Result<String> {
    without_lints(text, |level, lint| {
        CRATE_LEVEL_ONLY.contains(&lint)
            || (LEVELS.contains(&level) && CHANGED_BY_BUNDLING.contains(&lint))
    })
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
    fn forbid_becomes_deny_and_every_judging_lint_is_listed_once() {
        let (text, lints) = main_levels(
            "//! A program.\n#![forbid(unsafe_code)]\n#![deny(warnings, clippy::all)]\n\
             #![allow(dead_code)]\n#![cfg_attr(not(test), forbid(unsafe_code), warn(unused))]\n",
        )
        .unwrap();
        assert_eq!(
            text,
            "//! A program.\n#![deny(unsafe_code)]\n#![deny(warnings, clippy::all)]\n\
             #![allow(dead_code)]\n#![cfg_attr(not(test), deny(unsafe_code), warn(unused))]\n"
        );
        assert_eq!(lints, ["unsafe_code", "warnings", "clippy::all", "unused"]);
    }

    #[test]
    fn attributes_that_set_no_lint_change_nothing() {
        let attrs = "#![recursion_limit = \"256\"]\n#![allow(unused)]\n";
        assert_eq!(main_levels(attrs).unwrap(), (attrs.to_string(), Vec::new()));
    }
}
