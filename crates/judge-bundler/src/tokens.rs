//! Reading token lists: what the tokens at an index are (`::`, `name!(..)`, a path's start).
//! A leaf: it imports no other module of the bundler.

use std::collections::HashSet;

use proc_macro2::{Spacing, TokenStream, TokenTree};

/// Whether `tree` is the identifier `name`.
pub(super) fn is_ident(tree: Option<&TokenTree>, name: &str) -> bool {
    matches!(tree, Some(TokenTree::Ident(id)) if id == name)
}

pub(super) fn is_punct(tree: Option<&TokenTree>, c: char) -> bool {
    matches!(tree, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// Whether the identifier at `i` is a macro's name in a call: `name!(..)`, `name![..]`,
/// `name!{..}`; not `name != x`, nor a field or method (`x.name`).
pub(super) fn is_macro_bang(t: &[TokenTree], i: usize) -> bool {
    let bang = matches!(t.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!' && p.spacing() == Spacing::Alone);
    let field = i >= 1 && is_punct(t.get(i - 1), '.');
    bang && !field && matches!(t.get(i + 2), Some(TokenTree::Group(_)))
}

/// `::` starting at `i`.
pub(super) fn is_colon2(t: &[TokenTree], i: usize) -> bool {
    matches!(t.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
        && is_punct(t.get(i + 1), ':')
}

/// Whether `t[i..]` reads `:: m !` with `m` among `macros`: a call of one of them by path.
pub(super) fn calls_macro_in(t: &[TokenTree], i: usize, macros: Option<&HashSet<String>>) -> bool {
    is_colon2(t, i)
        && ident_at(t, i + 2).is_some_and(|m| macros.is_some_and(|set| set.contains(&m)))
        && is_punct(t.get(i + 3), '!')
}

/// Every identifier in `stream`, groups included.
pub(super) fn idents_in(stream: TokenStream) -> Vec<String> {
    let mut names = Vec::new();
    for tree in stream {
        match tree {
            TokenTree::Ident(id) => names.push(unraw_str(&id.to_string())),
            TokenTree::Group(g) => names.extend(idents_in(g.stream())),
            _ => {}
        }
    }
    names
}

pub(super) fn ident_at(t: &[TokenTree], i: usize) -> Option<String> {
    match t.get(i) {
        Some(TokenTree::Ident(id)) => Some(id.to_string()),
        _ => None,
    }
}

/// Words after which `::name` starts a path (rather than continuing one).
const KEYWORDS: &[&str] = &[
    "use", "return", "in", "match", "if", "while", "as", "mut", "dyn", "impl", "for", "let",
    "else", "move", "ref", "break", "where", "type", "const", "static", "pub", "fn", "unsafe",
    "loop", "box", "yield",
];

/// Whether the `::` just before index `i` continues a path (`a::name`, `<T>::name`).
pub(super) fn continues_path(t: &[TokenTree], i: usize) -> bool {
    if i < 3 {
        return false;
    }
    let before = i.checked_sub(4).and_then(|b| t.get(b));
    match &t[i - 3] {
        // A lifetime (`&'a ::dep::T`) ends a type's prefix; it is not a path segment.
        TokenTree::Ident(_) if is_punct(before, '\'') => false,
        TokenTree::Ident(id) => !KEYWORDS.contains(&id.to_string().as_str()),
        // `<T>::name`, `Vec::<u8>::new`; but `->` and `=>` end a signature or an arm, a `>`
        // with no `<` before it compares, and `impl<T>` / `for<'a>` end generics before a
        // path that starts there.
        TokenTree::Punct(p) if p.as_char() == '>' => {
            let arrow = (is_punct(before, '-') || is_punct(before, '=')) && is_joint(before);
            !arrow
                && opening_angle(t, i - 3).is_some_and(|open| {
                    let owner = open.checked_sub(1).and_then(|o| t.get(o));
                    !is_ident(owner, "impl") && !is_ident(owner, "for")
                })
        }
        TokenTree::Punct(_) | TokenTree::Group(_) | TokenTree::Literal(_) => false,
    }
}

/// The index of the `<` that the `>` at `close` closes, when there is one before it.
fn opening_angle(t: &[TokenTree], close: usize) -> Option<usize> {
    let mut depth = 0usize;
    for j in (0..=close).rev() {
        match &t[j] {
            TokenTree::Punct(p) if p.as_char() == '>' => {
                // `->` and `=>` are not brackets.
                let arrow = j > 0
                    && (is_punct(t.get(j - 1), '-') || is_punct(t.get(j - 1), '='))
                    && is_joint(t.get(j - 1));
                if !arrow {
                    depth += 1;
                }
            }
            TokenTree::Punct(p) if p.as_char() == '<' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(j);
                }
            }
            TokenTree::Punct(p) if p.as_char() == ';' => return None,
            _ => {}
        }
    }
    None
}

/// Whether `tree` is a punctuation joined to the next one (`-` of `->`).
fn is_joint(tree: Option<&TokenTree>) -> bool {
    matches!(tree, Some(TokenTree::Punct(p)) if p.spacing() == Spacing::Joint)
}

/// A name without its `r#`.
pub(super) fn unraw_str(name: &str) -> String {
    name.strip_prefix("r#").unwrap_or(name).to_string()
}

/// Whether `tokens` hold the identifier `name` at any depth.
pub(super) fn holds_ident(tokens: TokenStream, name: &str) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Ident(id) => id == name,
        TokenTree::Group(g) => holds_ident(g.stream(), name),
        _ => false,
    })
}

/// Whether the tokens from `i` are `::m!` with `m` a macro a maker may have made: the crate
/// makes exported macros (`maker`) and `m` is none of its root `items`.
pub(super) fn calls_made_macro(
    t: &[TokenTree],
    i: usize,
    maker: bool,
    items: Option<&HashSet<String>>,
) -> bool {
    maker
        && is_colon2(t, i)
        && is_punct(t.get(i + 3), '!')
        && ident_at(t, i + 2).is_some_and(|m| !items.is_some_and(|set| set.contains(&m)))
}
