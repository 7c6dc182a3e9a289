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

    /// Adds `name` as used in path position; true when it was new.
    pub fn add_path(&mut self, name: &str) -> bool {
        self.paths.insert(name.to_string())
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

/// The names a string literal captures if it is a format string: the argument of every
/// `{..}` (`{name}`, `{name:..}`) and every `name$` its spec takes a width or precision from
/// (`{:>WIDTH$}`, `{:.PREC$}`); positions (`{0}`, `{:1$}`) and `{{` escapes name nothing.
fn format_args_in(literal: &str) -> Vec<String> {
    if !(literal.starts_with('"') || literal.starts_with('r')) {
        return Vec::new();
    }
    let mut names = Vec::new();
    let mut rest = literal;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        if let Some(after) = rest.strip_prefix('{') {
            rest = after;
            continue;
        }
        let end = rest.find('}').unwrap_or(rest.len());
        let (argument, spec) = rest[..end].split_once(':').unwrap_or((&rest[..end], ""));
        names.extend(identifier(argument));
        names.extend(spec_parameters(spec));
        rest = &rest[end..];
    }
    names
}

/// The `name$` parameters of a format spec (`>w$.p$`); a run of digits before the name is the
/// `0` flag or a width (`{:0w$}`), not part of it.
fn spec_parameters(spec: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut run_start = 0;
    for (at, c) in spec.char_indices() {
        if c == '$' {
            let run = spec[run_start..at].trim_start_matches(|c: char| c.is_ascii_digit());
            names.extend(identifier(run));
        }
        if !(c.is_alphanumeric() || c == '_') {
            run_start = at + c.len_utf8();
        }
    }
    names
}

/// `text` as a name if it is an identifier (not a position, not empty).
fn identifier(text: &str) -> Option<String> {
    let text = text.trim();
    let is_ident = text.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_alphanumeric() || c == '_');
    is_ident.then(|| text.strip_prefix("r#").unwrap_or(text).to_string())
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

    #[test]
    fn format_strings_name_their_arguments_widths_and_precisions() {
        let names = |text: &str| {
            let mut names = format_args_in(text);
            names.sort();
            names
        };
        assert_eq!(names(r#""[{:>WIDTH$}] [{:.PREC$}]""#), ["PREC", "WIDTH"]);
        assert_eq!(names(r#""{v:>w$.p$} {:1$} {:.*} {0:2$}""#), ["p", "v", "w"]);
        assert_eq!(
            names(r#""{:_<0pad$} {:+#010.digits$x}""#),
            ["digits", "pad"]
        );
        assert_eq!(names(r#""{{LIT}} {{{real}}} {{:>W$}}""#), ["real"]);
        assert_eq!(names(r##"r#"{raw:?}"#"##), ["raw"]);
        assert!(names(r#"b"{x}""#).is_empty() && names("'{'").is_empty());
    }
}
