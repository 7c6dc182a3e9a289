//! Cutting docs: doc comments and `#[doc = ..]` attributes go (a judge never reads them),
//! and so does a `missing_docs` lint that would then fail the bundle. Doc lines a macro asks
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

/// Whether a `cfg_attr(condition, ..)` (its tokens, `cfg_attr` first) only sets the
/// `missing_docs` lint: `#![cfg_attr(not(test), deny(missing_docs))]`.
fn only_missing_docs_after_condition(inner: &[TokenTree]) -> bool {
    let Some(TokenTree::Group(args)) = inner.get(1) else {
        return false;
    };
    let attributes = cfg_attr_attributes(args.stream());
    !attributes.is_empty()
        && attributes
            .iter()
            .all(|a| lint_list(a).is_some_and(|lints| only_missing_docs(&lints)))
}

/// The lints of a lint-level attribute's tokens (`deny(a, b)`, `warn(..)`, `forbid(..)`).
fn lint_list(attribute: &[TokenTree]) -> Option<Vec<TokenTree>> {
    let level = ["deny", "warn", "forbid"]
        .iter()
        .any(|l| is_ident(attribute.first(), l));
    match attribute {
        [_, TokenTree::Group(list)] if level => Some(list.stream().into_iter().collect()),
        _ => None,
    }
}

/// Whether a lint list names `missing_docs` and nothing else.
fn only_missing_docs(lints: &[TokenTree]) -> bool {
    let mut names = lints.iter().filter(|l| !is_punct(Some(l), ','));
    names
        .next()
        .is_some_and(|l| is_ident(Some(l), "missing_docs"))
        && names.next().is_none()
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

    /// The bundle has no docs, so a lint asking for them (`#![deny(missing_docs)]`) would fail
    /// it: for the attribute starting with the `#` at `i` that sets `missing_docs` (with
    /// `deny`, `warn` or `forbid`), cuts that lint from it (the whole attribute when it names
    /// no other) and returns the index after the attribute.
    pub(super) fn missing_docs_lint(&mut self, t: &[TokenTree], i: usize) -> Option<usize> {
        let (at, g) = attribute_at(t, i)?;
        let whole = t[i].span().byte_range().start..g.span().byte_range().end;
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        if is_ident(inner.first(), "cfg_attr") && only_missing_docs_after_condition(&inner) {
            self.cut_doc_comment(whole);
            return Some(at + 1);
        }
        let lints = lint_list(&inner)?;
        let position = lints
            .iter()
            .position(|l| is_ident(Some(l), "missing_docs"))?;
        let only = only_missing_docs(&lints);
        let range = if only {
            whole
        } else {
            let start = lints[position].span().byte_range().start;
            match lints.get(position + 1) {
                Some(comma) if is_punct(Some(comma), ',') => start..comma.span().byte_range().end,
                _ => {
                    // The last lint: take the comma before it.
                    let comma = lints[position - 1].span().byte_range().start;
                    comma..lints[position].span().byte_range().end
                }
            }
        };
        if only {
            self.cut_doc_comment(range);
        } else {
            self.edits.push(Edit {
                range,
                text: String::new(),
            });
        }
        Some(at + 1)
    }
}
