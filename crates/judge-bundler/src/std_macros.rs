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

/// What a file may mean by a macro's bare name other than std's: the names it imports, those
/// it defines with `macro_rules!` (outside inline modules, whose macros stay in them unless
/// `#[macro_use]`), and whether it globs a path that may lead anywhere in a library. A glob
/// import of a crate of `libraries` (their names in code, to the macros each exports) imports
/// that crate's macros; a glob of a path that may lead anywhere in a library (`use lib::a::*;`)
/// any of them; other globs (`use std::io::*;`) none.
pub fn meant<'a>(file: &syn::File, libraries: &'a HashMap<String, HashSet<String>>) -> Meant<'a> {
    let mut meant = Meant {
        libraries,
        imported: HashSet::new(),
        defined: HashSet::new(),
        library_glob: false,
    };
    syn::visit::Visit::visit_file(&mut meant, file);
    meant
}

impl Meant<'_> {
    /// Which of `root_macros` (the macros libraries put at the bundle's root) would hide a
    /// std macro in the file: std's names, less those the file imports or defines, and
    /// `brought_in` (its `#[macro_use] extern crate` macros); none after a glob that may bring
    /// any library macro.
    pub fn hidden(&self, root_macros: &HashSet<String>, brought_in: &[String]) -> HashSet<String> {
        self.hidden_where(root_macros, brought_in, true)
    }

    /// [`Meant::hidden`] for main.rs's root file, less what it defines: whether its own
    /// `macro_rules!` is meant depends on where the call is (see [`bare_calls`]).
    pub fn hidden_unless_imported(
        &self,
        root_macros: &HashSet<String>,
        brought_in: &[String],
    ) -> HashSet<String> {
        self.hidden_where(root_macros, brought_in, false)
    }

    fn hidden_where(
        &self,
        root_macros: &HashSet<String>,
        brought_in: &[String],
        defined_meant: bool,
    ) -> HashSet<String> {
        if self.library_glob {
            return HashSet::new();
        }
        root_macros
            .iter()
            .filter(|m| {
                let meant = self.imported.contains(*m)
                    || brought_in.contains(m)
                    || (defined_meant && self.defined.contains(*m));
                STD_MACROS.contains(&m.as_str()) && !meant
            })
            .cloned()
            .collect()
    }
}

/// The names a file defines with `macro_rules!` or imports, and whether it imports a glob that
/// may bring in any library macro (see [`meant`]).
pub struct Meant<'a> {
    libraries: &'a HashMap<String, HashSet<String>>,
    imported: HashSet<String>,
    defined: HashSet<String>,
    library_glob: bool,
}

impl<'ast> syn::visit::Visit<'ast> for Meant<'_> {
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
                    self.imported.insert(name);
                }
                // `use lib::*;`: that library's exported macros, which live at its root.
                None if path.len() == 1 && self.libraries.contains_key(&path[0]) => {
                    self.imported
                        .extend(self.libraries[&path[0]].iter().cloned());
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
            self.defined.extend(m.ident.as_ref().map(|i| i.to_string()));
        }
    }
}

/// A bare call `m!` of a macro some library puts at the bundle's root, and whether a
/// `macro_rules!` of that name of the file's own is in textual scope there: in main.rs's root,
/// the call means that one (as under cargo), not the library's.
#[derive(Debug, PartialEq)]
pub struct BareCall {
    /// The byte offset of the macro's name.
    pub at: usize,
    /// The macro's name.
    pub name: String,
    /// Whether the file's own macro of that name is in scope.
    pub own: bool,
}

/// The bare calls in `tokens` (main.rs's root file, or a macro's body) of the macros in
/// `names`, in its own module (not in inline `mod x { .. }`, where the bundle's root items are
/// not in scope), not after `::` or `$`, with whether the file's own macro is meant. A `macro_rules!` is in scope from its definition to
/// the end of its block or module; a `#[macro_use]` module's, to the end of the module around
/// it: `after_module` gives the macros each such module hands on, by the byte offset where its
/// item ends.
pub fn bare_calls(
    tokens: TokenStream,
    names: &HashSet<String>,
    after_module: &HashMap<usize, Vec<String>>,
) -> Vec<BareCall> {
    let mut calls = Vec::new();
    let mut walk = Textual {
        names,
        after_module,
        calls: &mut calls,
    };
    walk.tokens(tokens, &mut Vec::new());
    calls
}

struct Textual<'a> {
    names: &'a HashSet<String>,
    after_module: &'a HashMap<usize, Vec<String>>,
    calls: &'a mut Vec<BareCall>,
}

impl Textual<'_> {
    fn tokens(&mut self, tokens: TokenStream, scope: &mut Vec<String>) {
        let t: Vec<TokenTree> = tokens.into_iter().collect();
        for i in 0..t.len() {
            match &t[i] {
                TokenTree::Group(g) => {
                    let module_body = i >= 2
                        && matches!(&t[i - 2], TokenTree::Ident(m) if m == "mod")
                        && g.delimiter() == proc_macro2::Delimiter::Brace;
                    if module_body {
                        self.module_ends(g.span().byte_range().end, scope);
                    } else if g.delimiter() == proc_macro2::Delimiter::Brace {
                        // A block: what it defines stays in it.
                        self.tokens(g.stream(), &mut scope.clone());
                    } else {
                        self.tokens(g.stream(), scope);
                    }
                }
                TokenTree::Punct(p) if p.as_char() == ';' => {
                    self.module_ends(p.span().byte_range().end, scope);
                }
                TokenTree::Ident(id) => {
                    let name = id.to_string();
                    let defined =
                        i >= 2 && matches!(&t[i - 2], TokenTree::Ident(m) if m == "macro_rules");
                    if defined {
                        scope.push(name);
                        continue;
                    }
                    if !self.names.contains(&name) {
                        continue;
                    }
                    let bang =
                        matches!(t.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                    let called = matches!(t.get(i + 2), Some(TokenTree::Group(_)));
                    let after_path = i >= 1
                        && matches!(&t[i - 1], TokenTree::Punct(p) if p.as_char() == ':' || p.as_char() == '$');
                    if bang && called && !after_path {
                        self.calls.push(BareCall {
                            at: id.span().byte_range().start,
                            own: scope.contains(&name),
                            name,
                        });
                    }
                }
                TokenTree::Punct(_) | TokenTree::Literal(_) => {}
            }
        }
    }

    /// A `#[macro_use]` module's item may end at `end`: its macros come into scope.
    fn module_ends(&self, end: usize, scope: &mut Vec<String>) {
        if let Some(macros) = self.after_module.get(&end) {
            scope.extend(macros.iter().cloned());
        }
    }
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
            let calls = bare_calls(g.stream(), hidden, &HashMap::new());
            at.extend(calls.into_iter().map(|call| call.at));
        } else {
            in_macro_bodies(g.stream(), hidden, at);
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
        let mut names: Vec<String> = meant(&file, &libraries)
            .hidden(&root, &brought)
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

    /// The root calls of `text` of `names`, as `(call, own)`: the call's text and whether it
    /// means main.rs's own macro. Each module in `after_module` hands on its macros where the
    /// item ending in the text given ends.
    fn calls_in(
        text: &str,
        names: &[&str],
        after_module: &[(&str, &[&str])],
    ) -> Vec<(String, bool)> {
        let names: HashSet<String> = names.iter().map(|n| n.to_string()).collect();
        let ends = after_module
            .iter()
            .map(|(end, macros)| {
                let at = text.find(end).unwrap() + end.len();
                (at, macros.iter().map(|n| n.to_string()).collect())
            })
            .collect();
        bare_calls(text.parse().unwrap(), &names, &ends)
            .into_iter()
            .map(|c| (text[c.at..c.at + 7].to_string(), c.own))
            .collect()
    }

    #[test]
    fn finds_bare_calls_in_the_root_module_only() {
        let text = "fn main() { let x = dbg!(1) * 2; println!(\"{}\", dbg!(x)); }\n\
                    mod inner { fn f() { dbg!(3); } }\n\
                    fn g() { std::dbg!(4); $crate::dbg!(5); let dbg = 1; }\n\
                    macro_rules! m { () => { dbg!(6) }; }";
        let found = calls_in(text, &["dbg"], &[]);
        let calls: Vec<&str> = found.iter().map(|(c, _)| c.as_str()).collect();
        // Two in `main` (one inside `println!`'s arguments) and one in the macro's body.
        assert_eq!(calls, ["dbg!(1)", "dbg!(x)", "dbg!(6)"]);
        assert!(found.iter().all(|(_, own)| !own));
    }

    #[test]
    fn a_call_means_mains_macro_only_where_it_is_in_textual_scope() {
        let text = "fn a() { dbg!(1); }\n\
                    fn b() { macro_rules! dbg { () => {} } dbg!(2); }\n\
                    fn c() { dbg!(3); }\n\
                    #[macro_use] mod macros;\n\
                    fn d() { dbg!(4); vec!(5); }\n\
                    macro_rules! dbg { () => {} }\n\
                    fn e() { dbg!(6); }";
        let found = calls_in(text, &["dbg", "vec"], &[("mod macros;", &["dbg", "vec"])]);
        let own = |call: &str| found.iter().any(|(c, own)| c == call && *own);
        // Before any definition: none; in the block after its own: the block's, not after it.
        assert!(!own("dbg!(1)"));
        assert!(own("dbg!(2)"));
        assert!(!own("dbg!(3)"));
        // After the `#[macro_use]` module: the macros it hands on; then the root's own.
        assert!(own("dbg!(4)"));
        assert!(own("vec!(5)"));
        assert!(own("dbg!(6)"));
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
