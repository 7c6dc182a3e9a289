//! Cutting docs: doc comments and `#[doc = ..]` attributes go (a judge never reads them),
//! and so does a `missing_docs` lint that would then fail the bundle (with the other lint
//! levels the bundle changes, see [`super::lints::bundled_levels`]). Doc lines a macro asks
//! for as tokens stay.

use std::ops::Range;

use proc_macro2::{TokenStream, TokenTree};

use super::edits::Edit;
use super::tokens::{is_ident, is_punct};

/// The attributes a `cfg_attr` adds, from its arguments (a condition, then attributes,
/// comma-separated), each as its tokens.
fn cfg_attr_attributes(args: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut parts: Vec<Vec<TokenTree>> = vec![Vec::new()];
    for tree in args {
        if is_punct(Some(&tree), ',') {
            parts.push(Vec::new());
        } else {
            parts.last_mut().expect("a part").push(tree);
        }
    }
    parts
        .into_iter()
        .skip(1)
        .filter(|p| !p.is_empty())
        .collect()
}

/// Whether the arguments of a `cfg_attr` add only `doc` attributes, at least one.
fn only_docs_after_condition(args: TokenStream) -> bool {
    let attributes = cfg_attr_attributes(args);
    !attributes.is_empty() && attributes.iter().all(|a| is_ident(a.first(), "doc"))
}

/// The bracketed group of the attribute whose `#` is at `i` (`#[..]` or `#![..]`), with its
/// index.
fn attribute_at(t: &[TokenTree], i: usize) -> Option<(usize, &proc_macro2::Group)> {
    let at = i + 1 + usize::from(is_punct(t.get(i + 1), '!'));
    match t.get(at)? {
        TokenTree::Group(g) if g.delimiter() == proc_macro2::Delimiter::Bracket => Some((at, g)),
        _ => None,
    }
}

/// What the group at `i` of a token list holds, as far as its doc comments go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DocTokens {
    /// Code: its docs document items, and go.
    Code,
    /// A macro call's tokens (`m! { /// line .. }`), where a doc line may be input the macro
    /// asks for (`$(#[doc = $line:literal])*`): they stay.
    Call,
    /// A `macro_rules!` body: its matchers stay as they are, its transcribers are code.
    Definition,
}

impl DocTokens {
    /// What the group at `i` of `t` holds, `self` being what holds `t`.
    pub(super) fn of_group(self, t: &[TokenTree], i: usize) -> DocTokens {
        let ident = |at: usize| matches!(t.get(at), Some(TokenTree::Ident(_)));
        let after_arrow = i >= 2 && is_punct(t.get(i - 2), '=') && is_punct(t.get(i - 1), '>');
        let definition = i >= 3
            && ident(i - 1)
            && is_punct(t.get(i - 2), '!')
            && is_ident(t.get(i - 3), "macro_rules");
        if definition {
            DocTokens::Definition
        } else if i >= 2 && is_punct(t.get(i - 1), '!') && ident(i - 2) {
            DocTokens::Call
        } else {
            match self {
                DocTokens::Definition if after_arrow => DocTokens::Code,
                DocTokens::Definition => DocTokens::Call,
                other => other,
            }
        }
    }
}

/// Cuts docs out of one file's `text`, adding to its `edits`.
pub(super) struct DocCuts<'a> {
    /// The file's text.
    pub text: &'a str,
    /// The file's edits so far.
    pub edits: &'a mut Vec<Edit>,
}

impl DocCuts<'_> {
    /// Cuts a doc comment (`///`, `//!`, `/** */`) with its line when the line holds nothing
    /// else. Docs document an API the judge never reads; `//` notes stay.
    pub(super) fn cut_doc_comment(&mut self, range: Range<usize>) {
        let line_start = self.text[..range.start].rfind('\n').map_or(0, |i| i + 1);
        let only_indent = self.text[line_start..range.start].trim().is_empty();
        let mut end = range.end;
        let mut start = range.start;
        if only_indent && self.text[end..].starts_with('\n') {
            start = line_start;
            end += 1;
        }
        self.edits.push(Edit {
            range: start..end,
            text: String::new(),
        });
    }

    /// The byte range of the doc attribute starting with the `#` at `i`, and the index after
    /// it, when it is one to cut: a doc comment, `#[doc = include_str!(..)]` (docs read from a
    /// file the judge does not have), or a `cfg_attr` that only adds docs (`#![cfg_attr(doc,
    /// doc = include_str!("../README.md"))]`), whatever its condition.
    pub(super) fn doc_attribute(&self, t: &[TokenTree], i: usize) -> Option<(Range<usize>, usize)> {
        let (at, g) = attribute_at(t, i)?;
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        let start = t[i].span().byte_range().start;
        let end = g.span().byte_range().end.max(t[i].span().byte_range().end);
        let cut = if is_ident(inner.first(), "doc") {
            let text = &self.text[start..end];
            let comment = ["///", "//!", "/**", "/*!"]
                .iter()
                .any(|s| text.starts_with(s));
            let included = inner.iter().any(|tree| is_ident(Some(tree), "include_str"));
            comment || included
        } else if is_ident(inner.first(), "cfg_attr") {
            match inner.get(1) {
                Some(TokenTree::Group(args))
                    if args.delimiter() == proc_macro2::Delimiter::Parenthesis =>
                {
                    only_docs_after_condition(args.stream())
                }
                _ => false,
            }
        } else {
            false
        };
        cut.then_some((start..end, at + 1))
    }

    /// The lint-level attribute whose `#` is at `i`, as the bundle needs it (see
    /// [`super::lints::bundled_levels`]; `library`: in a library's code): rewritten, or cut when
    /// it sets no lint any more. Returns the index after it when it is one.
    pub(super) fn lint_attribute(
        &mut self,
        t: &[TokenTree],
        i: usize,
        library: bool,
    ) -> Option<usize> {
        let (at, g) = attribute_at(t, i)?;
        let range = g.span().byte_range();
        let content = &self.text[range.start + 1..range.end - 1];
        match super::lints::bundled_levels(content, library)? {
            Some(content) => self.edits.push(Edit {
                range,
                text: format!("[{content}]"),
            }),
            None => self.cut_doc_comment(t[i].span().byte_range().start..range.end),
        }
        Some(at + 1)
    }
}
