//! main.rs's crate-level lint levels (`#![deny(warnings)]`, `#![forbid(unsafe_code)]`): under
//! cargo they judge main.rs's code alone, each library being a crate with levels of its own.
//! In the bundle they open the file, which holds the libraries too, so the libraries' modules
//! are given those lints back as `allow`, and `forbid` (which no `allow` inside may lift)
//! becomes `deny`: main.rs's own code is held to the same lints as before.

use proc_macro2::{TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::{Meta, Token};

/// The lint levels that judge code: lints set to these are given back to the libraries.
const LEVELS: &[&str] = &["warn", "deny", "forbid"];

/// `attrs` (main.rs's text up to its last inner attribute) with each `forbid` made `deny`, and
/// the lints main.rs warns of, denies or forbids (`cfg_attr` ones too, whatever the condition).
pub(super) fn main_levels(attrs: &str) -> (String, Vec<String>) {
    let Ok(file) = syn::parse_file(attrs) else {
        return (attrs.to_string(), Vec::new());
    };
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
    (text, lints)
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
        let name = path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect::<Vec<_>>()
            .join("::");
        lints.push(name);
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
    fn forbid_becomes_deny_and_every_judging_lint_is_listed_once() {
        let (text, lints) = main_levels(
            "//! A program.\n#![forbid(unsafe_code)]\n#![deny(warnings, clippy::all)]\n\
             #![allow(dead_code)]\n#![cfg_attr(not(test), forbid(unsafe_code), warn(unused))]\n",
        );
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
        assert_eq!(main_levels(attrs), (attrs.to_string(), Vec::new()));
    }
}
