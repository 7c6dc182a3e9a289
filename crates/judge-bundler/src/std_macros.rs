//! A library's `#[macro_export] macro_rules! dbg` lives at its crate's root, where cargo's
//! binary never sees it unless it imports it: main.rs's `dbg!(x)` is std's. In the bundle the
//! macro is at the root of the file, which is also main.rs's module, and there it hides std's.
//! So main.rs's calls of std macros that a library's macro would hide are written `::std::m!`,
//! and so are such calls in the libraries' `macro_rules!` bodies, which main.rs may expand.

use std::collections::{HashMap, HashSet};

use proc_macro2::{TokenStream, TokenTree};
use syn::UseTree;

use super::syntax::use_leaves;

/// The macros at std's root that the prelude brings into every module (and that `::std::m!`
/// names on rustc 1.63 as on current rustc).
pub const STD_MACROS: &[&str] = &[
    "assert",
    "assert_eq",
    "assert_ne",
    "cfg",
    "column",
    "compile_error",
    "concat",
    "dbg",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "env",
    "eprint",
    "eprintln",
    "file",
    "format",
    "format_args",
    "include",
    "include_bytes",
    "include_str",
    "line",
    "matches",
    "module_path",
    "option_env",
    "panic",
    "print",
    "println",
    "stringify",
    "thread_local",
    "todo",
    "unimplemented",
    "unreachable",
    "vec",
    "write",
    "writeln",
];

/// The names among `macros` that are std macros.
pub fn named_like_std<'a>(macros: impl Iterator<Item = &'a String>) -> HashSet<String> {
    macros
        .filter(|m| STD_MACROS.contains(&m.as_str()))
        .cloned()
        .collect()
}

/// Which of `root_macros` (the macros libraries put at the bundle's root) would hide a std
/// macro in main.rs's module, given main.rs's root `file`: std's names, less those main.rs may
/// mean as its own or a library's. Those are the names it defines with `macro_rules!` (outside
/// inline modules, whose macros stay in them unless `#[macro_use]`) or imports by name, and
/// `brought_in` (its `#[macro_use] extern crate` macros). A glob import of a crate of
/// `libraries` (their names in code, to the macros each exports) brings in that crate's
/// macros; a glob of a path that may lead anywhere in a library (`use lib::a::*;`) any of
/// them, so then none is taken as hidden; other globs (`use std::io::*;`) bring in none.
pub fn hidden(
    root_macros: &HashSet<String>,
    file: &syn::File,
    brought_in: &[String],
    libraries: &HashMap<String, HashSet<String>>,
) -> HashSet<String> {
    let mut find = Find {
        libraries,
        meant: HashSet::new(),
        library_glob: false,
    };
    syn::visit::Visit::visit_file(&mut find, file);
    if find.library_glob {
        return HashSet::new();
    }
    root_macros
        .iter()
        .filter(|m| {
            STD_MACROS.contains(&m.as_str()) && !find.meant.contains(*m) && !brought_in.contains(m)
        })
        .cloned()
        .collect()
}

/// The names a file defines with `macro_rules!` or imports, and whether it imports a glob that
/// may bring in any library macro.
struct Find<'a> {
    libraries: &'a HashMap<String, HashSet<String>>,
    meant: HashSet<String>,
    library_glob: bool,
}

impl<'ast> syn::visit::Visit<'ast> for Find<'_> {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let first = match &u.tree {
            UseTree::Path(p) => Some(p.ident.to_string()),
            _ => None,
        };
        let mut leaves = Vec::new();
        use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
        for (path, name) in leaves {
            match name {
                Some(name) => {
                    self.meant.insert(name);
                }
                // `use lib::*;`: that library's exported macros, which live at its root.
                None if path.len() == 1 && self.libraries.contains_key(&path[0]) => {
                    self.meant.extend(self.libraries[&path[0]].iter().cloned());
                }
                None => {
                    let of_library = first
                        .as_ref()
                        .is_none_or(|f| self.libraries.contains_key(f) || f == "crate");
                    self.library_glob |= of_library;
                }
            }
        }
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        // Its `macro_rules!` stay inside it, unless it is `#[macro_use]`; its imports too.
        if m.attrs.iter().any(|a| a.path().is_ident("macro_use")) {
            syn::visit::visit_item_mod(self, m);
        }
    }

    fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
        if m.mac.path.is_ident("macro_rules") {
            self.meant.extend(m.ident.as_ref().map(|i| i.to_string()));
        }
    }
}

/// The byte offsets, in `tokens` (a root file of main.rs), of each call `m!` of a macro in
/// `hidden` by its bare name in the root module: not in an inline `mod x { .. }` (where the
/// bundle's root items are not in scope either) and not after `::` or `$`.
pub fn bare_calls(tokens: TokenStream, hidden: &HashSet<String>) -> Vec<usize> {
    let mut at = Vec::new();
    walk(tokens, hidden, &mut at);
    at
}

/// The byte offsets, in `tokens` (a library's file), of each bare call `m!` of a macro in
/// `hidden` inside a `macro_rules!` body: the body may be expanded at the bundle's root, where
/// a library's macro of that name hides std's.
pub fn bare_calls_in_macro_bodies(tokens: TokenStream, hidden: &HashSet<String>) -> Vec<usize> {
    let mut at = Vec::new();
    in_macro_bodies(tokens, hidden, &mut at);
    at
}

fn in_macro_bodies(tokens: TokenStream, hidden: &HashSet<String>, at: &mut Vec<usize>) {
    let t: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in t.iter().enumerate() {
        let TokenTree::Group(g) = tree else { continue };
        // `macro_rules ! name { .. }`: the group three tokens after `macro_rules`.
        let body = i >= 3 && matches!(&t[i - 3], TokenTree::Ident(m) if m == "macro_rules");
        if body {
            walk(g.stream(), hidden, at);
        } else {
            in_macro_bodies(g.stream(), hidden, at);
        }
    }
}

fn walk(tokens: TokenStream, hidden: &HashSet<String>, at: &mut Vec<usize>) {
    let t: Vec<TokenTree> = tokens.into_iter().collect();
    for i in 0..t.len() {
        match &t[i] {
            TokenTree::Group(g) => {
                let module_body = i >= 2
                    && matches!(&t[i - 2], TokenTree::Ident(m) if m == "mod")
                    && g.delimiter() == proc_macro2::Delimiter::Brace;
                if !module_body {
                    walk(g.stream(), hidden, at);
                }
            }
            TokenTree::Ident(id) if hidden.contains(&id.to_string()) => {
                let bang = matches!(t.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let called = matches!(t.get(i + 2), Some(TokenTree::Group(_)));
                let after_path = i >= 1
                    && matches!(&t[i - 1], TokenTree::Punct(p) if p.as_char() == ':' || p.as_char() == '$');
                // `macro_rules! dbg { .. }` defines, it does not call (and is ruled out above).
                let defined =
                    i >= 2 && matches!(&t[i - 2], TokenTree::Ident(m) if m == "macro_rules");
                if bang && called && !after_path && !defined {
                    at.push(id.span().byte_range().start);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden_in(main: &str, root_macros: &[&str], brought_in: &[&str]) -> Vec<String> {
        let root: HashSet<String> = root_macros.iter().map(|m| m.to_string()).collect();
        let brought: Vec<String> = brought_in.iter().map(|m| m.to_string()).collect();
        // `lib` exports `m`.
        let libraries: HashMap<String, HashSet<String>> =
            [("lib".to_string(), ["m".to_string()].into())].into();
        let file = syn::parse_file(main).unwrap();
        let mut names: Vec<String> = hidden(&root, &file, &brought, &libraries)
            .into_iter()
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_library_macro_hides_std_one_unless_main_means_it() {
        let main = "fn main() { dbg!(1); }";
        // `grid_sum` is no std macro: nothing of std's to hide.
        assert_eq!(
            hidden_in(main, &["dbg", "vec", "grid_sum"], &[]),
            ["dbg", "vec"]
        );
        // Imported by name (a renamed import too), defined, or from `#[macro_use]`: meant.
        let imported = "use lib::dbg; use lib::m as vec; fn main() {}";
        assert!(hidden_in(imported, &["dbg", "vec"], &[]).is_empty());
        let defined = "macro_rules! dbg { () => {} } fn main() {}";
        assert!(hidden_in(defined, &["dbg"], &[]).is_empty());
        assert!(hidden_in(main, &["dbg"], &["dbg"]).is_empty());
        // A glob of a library's root brings in its own macros only; a glob deeper in it may
        // bring any of them; std's brings in none of them.
        assert_eq!(
            hidden_in("use lib::*; fn main() {}", &["dbg"], &[]),
            ["dbg"]
        );
        assert!(hidden_in("use lib::*; fn main() {}", &["m"], &[]).is_empty());
        assert!(hidden_in("use lib::{a::*, b}; fn main() {}", &["dbg"], &[]).is_empty());
        // A `macro_rules!` inside an inline module stays there, unless `#[macro_use]`.
        let inner = "mod helpers { macro_rules! vec { () => {} } } fn main() {}";
        assert_eq!(hidden_in(inner, &["vec"], &[]), ["vec"]);
        let used = "#[macro_use] mod helpers { macro_rules! vec { () => {} } } fn main() {}";
        assert!(hidden_in(used, &["vec"], &[]).is_empty());
        assert_eq!(
            hidden_in("use std::io::*; fn main() {}", &["dbg"], &[]),
            ["dbg"]
        );
    }

    #[test]
    fn finds_bare_calls_in_the_root_module_only() {
        let text = "fn main() { let x = dbg!(1) * 2; println!(\"{}\", dbg!(x)); }\n\
                    mod inner { fn f() { dbg!(3); } }\n\
                    fn g() { std::dbg!(4); $crate::dbg!(5); let dbg = 1; }\n\
                    macro_rules! m { () => { dbg!(6) }; }";
        let hidden: HashSet<String> = ["dbg".to_string()].into();
        let found: Vec<&str> = bare_calls(text.parse().unwrap(), &hidden)
            .into_iter()
            .map(|at| &text[at..at + 7])
            .collect();
        // Two in `main` (one inside `println!`'s arguments) and one in the macro's body.
        assert_eq!(found, ["dbg!(1)", "dbg!(x)", "dbg!(6)"]);
    }

    #[test]
    fn finds_bare_calls_inside_macro_bodies_only() {
        let text = "fn f() { vec![1]; }\n\
                    macro_rules! m { () => { vec![2] }; ($x:expr) => { ::std::vec![$x] }; }\n\
                    mod inner { macro_rules! n { () => { (vec![3], $crate::vec![4]) }; } }";
        let hidden: HashSet<String> = ["vec".to_string()].into();
        let found: Vec<&str> = bare_calls_in_macro_bodies(text.parse().unwrap(), &hidden)
            .into_iter()
            .map(|at| &text[at..at + 7])
            .collect();
        // Not the call in `f`, nor those after `::` or `$crate::`.
        assert_eq!(found, ["vec![2]", "vec![3]"]);
    }
}
