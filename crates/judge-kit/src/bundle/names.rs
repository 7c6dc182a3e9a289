//! Which names a piece of code uses, told apart by position: after a lone `.` a name can only
//! be a method (or field), anywhere else it may be any item. A free function `find` is then
//! not kept just because the user calls `iter().find(..)`.

use std::collections::HashSet;

use proc_macro2::{Spacing, TokenStream, TokenTree};

/// Names used by some code.
#[derive(Clone, Debug, Default)]
pub struct Used {
    /// Names in path position: items, modules, variants, macros, associated items.
    pub paths: HashSet<String>,
    /// Names only seen after `.`: methods and fields.
    pub methods: HashSet<String>,
}

impl Used {
    /// Adds every name of `tokens`; true when one was new.
    pub fn add(&mut self, tokens: TokenStream) -> bool {
        let before = self.paths.len() + self.methods.len();
        self.walk(tokens);
        self.paths.len() + self.methods.len() != before
    }

    fn walk(&mut self, tokens: TokenStream) {
        let t: Vec<TokenTree> = tokens.into_iter().collect();
        for (i, tree) in t.iter().enumerate() {
            match tree {
                TokenTree::Group(g) => self.walk(g.stream()),
                TokenTree::Ident(id) => {
                    let name = id.to_string();
                    let name = name.strip_prefix("r#").unwrap_or(&name).to_string();
                    if after_lone_dot(&t, i) {
                        self.methods.insert(name);
                    } else {
                        self.paths.insert(name);
                    }
                }
                // `format!("{LIMIT}")` uses `LIMIT` from inside a string.
                TokenTree::Literal(lit) => self.paths.extend(format_args_in(&lit.to_string())),
                TokenTree::Punct(_) => {}
            }
        }
    }

    /// Whether `name` is used as a path.
    pub fn path(&self, name: &str) -> bool {
        self.paths.contains(name)
    }

    /// Whether `name` is used at all (what a method or associated item may be reached by).
    pub fn any(&self, name: &str) -> bool {
        self.paths.contains(name) || self.methods.contains(name)
    }
}

/// The names a string literal captures if it is a format string: `{name}` and `{name:..}`.
fn format_args_in(literal: &str) -> Vec<String> {
    if !(literal.starts_with('"') || literal.starts_with('r')) {
        return Vec::new();
    }
    let mut names = Vec::new();
    let mut rest = literal;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        if rest.starts_with('{') {
            rest = &rest[1..];
            continue;
        }
        let end = rest.find(['}', ':']).unwrap_or(rest.len());
        let name = &rest[..end];
        let is_ident = name.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_alphanumeric() || c == '_');
        if is_ident {
            names.push(name.strip_prefix("r#").unwrap_or(name).to_string());
        }
    }
    names
}

/// `x.name` but not `0..name`.
fn after_lone_dot(t: &[TokenTree], i: usize) -> bool {
    let dot = |k: usize| matches!(&t[k], TokenTree::Punct(p) if p.as_char() == '.');
    if i == 0 || !dot(i - 1) {
        return false;
    }
    let joint_dot_before = i >= 2
        && matches!(&t[i - 2], TokenTree::Punct(p) if p.as_char() == '.' && p.spacing() == Spacing::Joint);
    !joint_dot_before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_position_is_told_from_path_position() {
        let mut used = Used::default();
        used.add(
            "v.iter().find(|x| x == N); for i in 0..LEN {} a..=B; Dir::Up"
                .parse()
                .unwrap(),
        );
        for path in ["v", "x", "N", "i", "LEN", "B", "Dir", "Up", "a"] {
            assert!(used.path(path), "{path}");
        }
        assert!(!used.any("no"), "`{{` is an escaped brace");
        for method in ["iter", "find"] {
            assert!(!used.path(method) && used.any(method), "{method}");
        }
    }
}
