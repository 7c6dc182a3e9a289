//! A library crate's bundled text as `mod <name> { .. }` without its docs, and items printed.

use std::path::Path;

use anyhow::{Context, Result};
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use syn::{File, Item, ItemMod};

use super::docs;

/// A library crate's text as `mod <name> { .. }`, doc comments removed.
pub(super) fn library_module(name: &str, text: &str, path: &Path) -> Result<ItemMod> {
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
pub(super) fn unparse(items: Vec<Item>) -> String {
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
