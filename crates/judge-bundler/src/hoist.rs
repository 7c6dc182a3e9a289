//! What goes to the bundle's top: a library root's crate-level inner attributes
//! (`recursion_limit`, ...) and `extern crate` of sysroot crates, cut out of its text; and
//! main.rs's inner attributes, split from its code.

use std::collections::HashSet;

use anyhow::Result;
use syn::spanned::Spanned;
use syn::{File, Item};

use super::lints;
use super::parsed;
use super::scope;

/// Inner attributes that mean something only on the crate root, so a wrapped crate's go to
/// the top of the bundle.
const CRATE_ATTRS: &[&str] = &["recursion_limit", "type_length_limit"];
/// Inner attributes of a library's root that mean nothing in the bundle, whose crate is the
/// judge's binary with std: a wrapped crate's are cut (rustc warns of them on a module).
const DROPPED_CRATE_ATTRS: &[&str] = &["no_std", "crate_type", "crate_name"];
/// The hoisted crate attributes (`#![recursion_limit = "256"]`, as texts), one of each name:
/// the largest limit, which every crate's code needs (rustc takes the first and calls the
/// others unused).
pub(super) fn strongest_crate_attrs(hoisted: Vec<String>) -> Vec<String> {
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
pub(super) fn hoist_sysroot_crates(text: &str) -> Result<(String, Vec<String>)> {
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
pub(super) fn extern_crate_key(text: &str) -> (String, Option<String>) {
    match syn::parse_str::<syn::ItemExternCrate>(text) {
        Ok(e) => (e.ident.to_string(), e.rename.map(|(_, a)| a.to_string())),
        Err(_) => (text.to_string(), None),
    }
}
/// The `extern crate` items at the root of `text`, as [`extern_crate_key`]s.
pub(super) fn root_extern_crates(text: &str) -> Result<HashSet<(String, Option<String>)>> {
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
pub(super) fn hoist_crate_attrs(text: &str) -> Result<(String, Vec<String>)> {
    cut_crate_attrs(
        &lints::without_crate_level_lints(text)?,
        DROPPED_CRATE_ATTRS,
    )
}
/// `text` without its inner [`CRATE_ATTRS`] and `dropped` ones, and the texts of the first (what
/// the bundle's top keeps).
fn cut_crate_attrs(text: &str, dropped: &[&str]) -> Result<(String, Vec<String>)> {
    let named =
        |attr: &syn::Attribute, names: &[&str]| names.iter().any(|name| attr.path().is_ident(name));
    let (text, cut) = cut_out(text, |file| {
        file.attrs
            .iter()
            .filter(|attr| named(attr, CRATE_ATTRS) || named(attr, dropped))
            .map(|attr| attr.span().byte_range())
            .collect()
    })?;
    let kept = cut
        .into_iter()
        .filter(|text| {
            syn::parse::Parser::parse_str(syn::Attribute::parse_inner, text)
                .map_or(true, |attrs| attrs.iter().all(|a| !named(a, dropped)))
        })
        .collect();
    Ok((text, kept))
}
/// Inner attributes of main.rs that would change the bundle beyond main.rs's code: the crate
/// type (cargo builds a binary whatever it says; rustc would make a library of the file), and
/// `no_implicit_prelude`, which at the file's top would take the prelude from the libraries'
/// modules too (main.rs's own code, written without the prelude, compiles with it).
const MAIN_ONLY_ATTRS: &[&str] = &["crate_type", "crate_name", "no_implicit_prelude"];

/// main.rs's inner attributes (`text`) without its crate limits ([`CRATE_ATTRS`]), which join
/// the libraries' (see [`strongest_crate_attrs`]) and are returned, and without those that
/// would change the libraries or the crate ([`MAIN_ONLY_ATTRS`]), which go.
pub(super) fn cut_crate_limits(text: &str) -> Result<(String, Vec<String>)> {
    cut_crate_attrs(text, MAIN_ONLY_ATTRS)
}
/// `text` (a crate root) cut after its last inner attribute: the attributes (with what comes
/// before them), then the rest.
pub(super) fn split_inner_attrs(text: &str) -> Result<(&str, &str)> {
    let file = parsed::parse(text)?;
    let end = file
        .attrs
        .last()
        .map_or(0, |attr| attr.span().byte_range().end);
    Ok(text.split_at(end))
}
