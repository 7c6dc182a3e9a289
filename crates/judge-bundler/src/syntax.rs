//! Rust source as the passes read it: a file's text as rustc reads it, and small `syn` helpers
//! (names without `r#`, an item's attributes, the leaves of a `use`). It imports no other module
//! of the bundler but `recorded`, through which files are read.

use std::path::Path;

use anyhow::{Context, Result};
use proc_macro2::Span;
use syn::{Attribute, Item, UseTree};

/// The text of the source file at `path` as rustc reads it: without a byte-order mark, and
/// with a first line that is a shebang (`#!/usr/bin/env ..`, not an inner attribute `#![..]`)
/// left blank, so that line numbers stay those of the file. Spliced into the middle of a bundle,
/// a shebang would no longer be the first line, where alone rustc skips it.
pub(super) fn read_source(path: &Path) -> Result<String> {
    let text = super::recorded::read_to_string(path)
        .with_context(|| format!("reading {}", path.display()))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let text = match text.strip_prefix("#!") {
        Some(rest) if !starts_attribute(rest) => {
            let line_end = rest.find('\n').unwrap_or(rest.len());
            rest[line_end..].to_string()
        }
        _ => text.to_string(),
    };
    Ok(identifiers_in_nfc(text))
}

/// `text` with every identifier in Unicode's NFC form. rustc compares identifiers in that form
/// (`café` with one accented letter or with a combining accent is one name); the bundler
/// compares them as written, so it writes them all in that form first. Everything else, string
/// literals included, stays byte for byte. Text that does not lex is left for the parser to
/// report.
fn identifiers_in_nfc(text: String) -> String {
    use unicode_normalization::UnicodeNormalization;
    if text.is_ascii() {
        return text;
    }
    let Ok(tokens) = text.parse::<proc_macro2::TokenStream>() else {
        return text;
    };
    let mut changes = Vec::new();
    not_nfc_identifiers(tokens, &mut changes);
    let mut out = text;
    // From the end, so the earlier byte ranges stay where they were.
    changes.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
    for (range, name) in changes {
        out.replace_range(range, &name.nfc().collect::<String>());
    }
    out
}

/// The byte range and text of each identifier in `tokens` that is not in NFC form.
fn not_nfc_identifiers(
    tokens: proc_macro2::TokenStream,
    out: &mut Vec<(std::ops::Range<usize>, String)>,
) {
    use unicode_normalization::{is_nfc_quick, IsNormalized};
    for tree in tokens {
        match tree {
            proc_macro2::TokenTree::Group(g) => not_nfc_identifiers(g.stream(), out),
            proc_macro2::TokenTree::Ident(id) => {
                let name = id.to_string();
                if !name.is_ascii() && is_nfc_quick(name.chars()) != IsNormalized::Yes {
                    out.push((id.span().byte_range(), name));
                }
            }
            _ => {}
        }
    }
}

/// Whether `rest`, what follows a file's leading `#!`, opens an inner attribute: its first
/// token (past whitespace and comments) is `[`, as rustc decides.
fn starts_attribute(mut rest: &str) -> bool {
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            match after.find("*/") {
                Some(end) => rest = &after[end + 2..],
                None => return false,
            }
        } else {
            return rest.starts_with('[');
        }
    }
}

pub(super) fn at(path: &Path, span: Span) -> String {
    format!("{}:{}", path.display(), span.start().line)
}

/// The outer attributes of an item.
pub(super) fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// The name a `macro_rules!` item defines.
pub(super) fn macro_rules_name(item: &Item) -> Option<String> {
    match item {
        Item::Macro(m) if m.mac.path.is_ident("macro_rules") => m.ident.as_ref().map(unraw),
        _ => None,
    }
}

/// An identifier without its `r#`.
pub(super) fn unraw(ident: &syn::Ident) -> String {
    let name = ident.to_string();
    name.strip_prefix("r#").unwrap_or(&name).to_string()
}

/// A visibility as written before an item, with a space after it (empty for private).
pub(super) fn vis_prefix(vis: &syn::Visibility) -> String {
    let vis = quote::ToTokens::to_token_stream(vis).to_string();
    if vis.is_empty() {
        vis
    } else {
        vis + " "
    }
}

/// The leaves of a use tree: the full path and the name it brings in (`None` for a glob).
pub(super) fn use_leaves(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(unraw(&p.ident));
            use_leaves(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(n) => {
            if n.ident == "self" {
                out.push((prefix.clone(), prefix.last().cloned()));
            } else {
                let mut path = prefix.clone();
                path.push(unraw(&n.ident));
                out.push((path, Some(unraw(&n.ident))));
            }
        }
        UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(unraw(&r.ident));
            }
            out.push((path, Some(unraw(&r.rename))));
        }
        UseTree::Glob(_) => out.push((prefix.clone(), None)),
        UseTree::Group(g) => {
            for t in &g.items {
                use_leaves(t, prefix, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_written_in_nfc_and_nothing_else_changes() {
        let nfd = "cafe\u{301}";
        let text = format!("fn {nfd}() {{ let s = \"{nfd}\"; r#{nfd}(); }} // {nfd}");
        let nfc = "caf\u{e9}";
        assert_eq!(
            identifiers_in_nfc(text),
            format!("fn {nfc}() {{ let s = \"{nfd}\"; r#{nfc}(); }} // {nfd}")
        );
        // Text that does not lex is left as it is, for the parser to report.
        let broken = format!("fn {nfd}() {{");
        assert_eq!(identifiers_in_nfc(broken.clone()), broken);
    }
}
