//! Pruning keeps whatever any single grid-core item needs. The test copies grid-core into a
//! temporary workspace, adds modules written the way users write them (importing their
//! siblings with `use super::{..}`, `use crate::..` and `use super::*`), and generates one
//! problem crate per public item (named through its module path and its root `pub use`) and
//! one per doctest. Every crate is bundled. A probe that names only its item is type-checked
//! alone by the current rustc (whether pruning kept what the item needs is a matter of names);
//! the whole library, unpruned, by every compiler. A doctest's program is type-checked by the
//! floor, compiled and run by the current rustc, and must print what it prints under cargo
//! (`doctest ok`, its assertions having held: `cargo test --doc` proves that they do).
//! A new grid-core item is covered the day it is written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use judge_cli::bundle::{bundle, Options};
use judge_cli::compiler::{compilers, Compiler};
use judge_cli::problems::{discover, workspace_root};
use rayon::prelude::*;
use syn::{ImplItem, Item};

/// Modules a user adds to grid-core, importing their siblings in each ordinary way, each
/// re-exported from the root as users do (`pub mod x; pub use x::*;`).
const USER_MODULES: &[(&str, &str)] = &[
    (
        "probe_user_super",
        "//! Imports its siblings through the root.\n\
         use super::{Dir, Grid, InputError, Rect};\n\
         /// Rows a step down can take.\n\
         pub fn steps_down(d: Dir, rows: usize) -> Result<usize, InputError> {\n\
             if rows == 0 { return Err(InputError::new(\"no rows\")); }\n\
             Ok(if d == Dir::Down { rows - 1 } else { 0 })\n\
         }\n\
         /// Cells of a board.\n\
         pub fn cells_of(g: &Grid<u8>) -> usize { g.rows() * g.cols() }\n\
         /// The whole board as a rectangle's height.\n\
         pub fn height(r: Rect) -> usize { r.height }\n",
    ),
    (
        "probe_user_crate",
        "//! Imports its siblings through `crate::`, nested groups, renames and `self`.\n\
         use crate::{dir::{self, Dir as Heading}, grid::{Grid as Board, Pos}, scan::Scanner};\n\
         /// The heading turned twice.\n\
         pub fn back(h: Heading) -> Heading { h.turn_cw().turn_cw() }\n\
         /// The first number of a text.\n\
         pub fn first_number(text: &str) -> Option<u32> { Scanner::new(text).next_in(\"n\", 0..=9).ok() }\n\
         /// A board's top left corner.\n\
         pub fn corner(_: &Board<u8>) -> Pos { (0, 0) }\n\
         /// The module's own name for directions.\n\
         pub fn up() -> dir::Dir { dir::Dir::Up }\n",
    ),
    (
        "probe_user_glob",
        "//! Imports everything of the root.\n\
         use super::*;\n\
         /// A direction's name, reversed.\n\
         pub fn reverse_name(d: Dir) -> &'static str { d.reverse().name() }\n\
         /// An error at the start of the text.\n\
         pub fn at_start() -> InputError { InputError::new(\"start\") }\n",
    ),
];

/// One public item of grid-core: the module that defines it, its name, and for a method or
/// associated item, its name within the type or trait.
#[derive(Clone, Debug)]
struct PublicItem {
    module: Vec<String>,
    name: String,
    member: Option<String>,
    is_macro: bool,
}

impl PublicItem {
    fn display(&self) -> String {
        let mut path = vec!["grid_core".to_string()];
        path.extend(self.module.iter().cloned());
        path.push(self.name.clone());
        path.extend(self.member.iter().cloned());
        path.join("::")
    }
}

/// The public items of the module `module` (its `items`), and of its public submodules, read
/// from their files under `src`; members of inherent impls are found with their type's module.
fn public_items(src: &Path, module: &[String], items: &[Item], out: &mut Vec<PublicItem>) {
    let item = |name: String, member: Option<String>| PublicItem {
        module: module.to_vec(),
        name,
        member,
        is_macro: false,
    };
    for it in items {
        if cfg_test(it) {
            continue;
        }
        match it {
            Item::Mod(m) if is_pub(&m.vis) => {
                let mut inner = module.to_vec();
                inner.push(m.ident.to_string());
                match &m.content {
                    Some((_, items)) => public_items(src, &inner, items, out),
                    None => {
                        let rel = inner.join("/");
                        let file = [format!("{rel}.rs"), format!("{rel}/mod.rs")]
                            .into_iter()
                            .map(|f| src.join(f))
                            .find(|f| f.exists())
                            .unwrap_or_else(|| panic!("no file for module {rel}"));
                        let text = std::fs::read_to_string(file).unwrap();
                        let parsed = syn::parse_file(&text).unwrap();
                        public_items(src, &inner, &parsed.items, out);
                    }
                }
            }
            Item::Fn(i) if is_pub(&i.vis) => out.push(item(i.sig.ident.to_string(), None)),
            Item::Struct(i) if is_pub(&i.vis) => out.push(item(i.ident.to_string(), None)),
            Item::Enum(i) if is_pub(&i.vis) => out.push(item(i.ident.to_string(), None)),
            Item::Const(i) if is_pub(&i.vis) => out.push(item(i.ident.to_string(), None)),
            Item::Static(i) if is_pub(&i.vis) => out.push(item(i.ident.to_string(), None)),
            Item::Type(i) if is_pub(&i.vis) => out.push(item(i.ident.to_string(), None)),
            Item::Trait(t) if is_pub(&t.vis) => {
                out.push(item(t.ident.to_string(), None));
                for member in &t.items {
                    if let syn::TraitItem::Fn(f) = member {
                        out.push(item(t.ident.to_string(), Some(f.sig.ident.to_string())));
                    }
                }
            }
            Item::Macro(m) if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                if let Some(ident) = &m.ident {
                    out.push(PublicItem {
                        module: Vec::new(),
                        name: ident.to_string(),
                        member: None,
                        is_macro: true,
                    });
                }
            }
            Item::Impl(imp) if imp.trait_.is_none() => {
                let syn::Type::Path(ty) = &*imp.self_ty else {
                    continue;
                };
                let ty = ty.path.segments.last().unwrap().ident.to_string();
                for member in &imp.items {
                    let name = match member {
                        ImplItem::Fn(f) if is_pub(&f.vis) => f.sig.ident.to_string(),
                        ImplItem::Const(c) if is_pub(&c.vis) => c.ident.to_string(),
                        _ => continue,
                    };
                    out.push(item(ty.clone(), Some(name)));
                }
            }
            _ => {}
        }
    }
}

/// Members found in an impl outside their type's module are moved to the type's module.
fn place_members(items: &mut [PublicItem]) {
    let types: Vec<(String, Vec<String>)> = items
        .iter()
        .filter(|i| i.member.is_none())
        .map(|i| (i.name.clone(), i.module.clone()))
        .collect();
    for item in items.iter_mut().filter(|i| i.member.is_some()) {
        if let Some((_, module)) = types.iter().find(|(name, _)| *name == item.name) {
            item.module = module.clone();
        }
    }
}

fn is_pub(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Public(_))
}

fn cfg_test(item: &Item) -> bool {
    let attrs: &[syn::Attribute] = match item {
        Item::Mod(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        _ => return false,
    };
    attrs
        .iter()
        .any(|a| a.path().is_ident("cfg") && quote::quote!(#a).to_string().contains("test"))
}

/// The names the root re-exports: name -> module path it comes from (`Grid` -> `grid`),
/// globs (`pub use extra::*`) as the module with name `*`.
fn root_re_exports(lib: &syn::File) -> Vec<(Vec<String>, String)> {
    fn walk(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                walk(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => out.push((prefix.clone(), n.ident.to_string())),
            syn::UseTree::Rename(r) => out.push((prefix.clone(), r.rename.to_string())),
            syn::UseTree::Glob(_) => out.push((prefix.clone(), "*".to_string())),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| walk(t, prefix, out)),
        }
    }
    let mut out = Vec::new();
    for item in &lib.items {
        if let Item::Use(u) = item {
            if is_pub(&u.vis) {
                walk(&u.tree, &mut Vec::new(), &mut out);
            }
        }
    }
    out
}

/// The `main.rs` of a probe that names only `item`: imported through its module path and
/// through the root when the root re-exports it, and named as a path in a macro no code
/// calls (so nothing but the bundle's own compile checks what it keeps).
fn probe_main(item: &PublicItem, re_exports: &[(Vec<String>, String)]) -> String {
    let display = item.display();
    let mut text = format!("//! Probe of `{display}`.\n");
    if item.is_macro {
        text.push_str(&format!(
            "#[allow(unused_macros)]\nmacro_rules! reach {{ () => {{ grid_core::{}!() }}; }}\n",
            item.name
        ));
    } else {
        let mut in_module = item.module.clone();
        in_module.push(item.name.clone());
        text.push_str(&format!(
            "#[allow(unused_imports)]\nuse grid_core::{} as _;\n",
            in_module.join("::")
        ));
        let through_root = re_exports
            .iter()
            .any(|(from, n)| *from == item.module && (*n == item.name || n == "*"));
        if through_root && !item.module.is_empty() {
            text.push_str(&format!(
                "#[allow(unused_imports)]\nuse grid_core::{} as _;\n",
                item.name
            ));
        }
        text.push_str(&format!(
            "#[allow(unused_macros)]\nmacro_rules! reach {{ () => {{ {display} }}; }}\n"
        ));
    }
    text.push_str(&format!(
        "fn main() {{\n    println!(\"probe {display}\");\n}}\n"
    ));
    text
}

/// One doctest: where it is documented, its code, and whether it may run (not `no_run`).
struct Doctest {
    at: String,
    code: String,
    runs: bool,
}

/// The Rust code blocks of a doc comment, hidden lines (`# `) shown, as rustdoc runs them.
fn doctests_in(at: &str, docs: &str, out: &mut Vec<Doctest>) {
    let mut lines = docs.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.trim_start().strip_prefix("```") else {
            continue;
        };
        let info = info.trim();
        let words: Vec<&str> = info.split([',', ' ']).filter(|w| !w.is_empty()).collect();
        let rust = words
            .iter()
            .all(|w| matches!(*w, "rust" | "no_run" | "should_panic" | "edition2021"));
        let mut code = String::new();
        for line in lines.by_ref() {
            if line.trim_start().starts_with("```") {
                break;
            }
            let trimmed = line.trim_start();
            let shown = if trimmed == "#" {
                ""
            } else if let Some(rest) = trimmed.strip_prefix("# ") {
                rest
            } else {
                line
            };
            code.push_str(shown);
            code.push('\n');
        }
        if rust {
            out.push(Doctest {
                at: at.to_string(),
                // A doctest with its own `main` prints what it prints: it is only compiled.
                runs: !words.contains(&"no_run")
                    && !words.contains(&"should_panic")
                    && !code.contains("fn main"),
                code,
            });
        }
    }
}

fn doc_text(attrs: &[syn::Attribute]) -> String {
    let mut text = String::new();
    for attr in attrs {
        if let syn::Meta::NameValue(nv) = &attr.meta {
            if nv.path.is_ident("doc") {
                if let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) = &nv.value
                {
                    let line = s.value();
                    text.push_str(line.strip_prefix(' ').unwrap_or(&line));
                    text.push('\n');
                }
            }
        }
    }
    text
}

/// Every doctest of every source file under `src`.
fn all_doctests(src: &Path) -> Vec<Doctest> {
    struct Docs<'a> {
        file: &'a str,
        out: Vec<Doctest>,
    }
    impl<'ast> syn::visit::Visit<'ast> for Docs<'_> {
        fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
        fn visit_item(&mut self, item: &'ast Item) {
            let attrs: Option<&[syn::Attribute]> = match item {
                Item::Fn(i) => Some(&i.attrs),
                Item::Struct(i) => Some(&i.attrs),
                Item::Enum(i) => Some(&i.attrs),
                Item::Trait(i) => Some(&i.attrs),
                Item::Const(i) => Some(&i.attrs),
                Item::Type(i) => Some(&i.attrs),
                Item::Macro(i) => Some(&i.attrs),
                Item::Mod(i) => Some(&i.attrs),
                _ => None,
            };
            if let Some(attrs) = attrs {
                let at = format!("{}: {}", self.file, item_name(item));
                doctests_in(&at, &doc_text(attrs), &mut self.out);
            }
            if !cfg_test(item) {
                syn::visit::visit_item(self, item);
            }
        }
        fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
            let at = format!("{}: fn {}", self.file, f.sig.ident);
            doctests_in(&at, &doc_text(&f.attrs), &mut self.out);
        }
        fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
            let at = format!("{}: fn {}", self.file, f.sig.ident);
            doctests_in(&at, &doc_text(&f.attrs), &mut self.out);
        }
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let parsed = syn::parse_file(&std::fs::read_to_string(&file).unwrap()).unwrap();
        doctests_in(
            &format!("{name}: module"),
            &doc_text(&parsed.attrs),
            &mut out,
        );
        let mut docs = Docs {
            file: &name,
            out: Vec::new(),
        };
        syn::visit::Visit::visit_file(&mut docs, &parsed);
        out.extend(docs.out);
    }
    out
}

fn item_name(item: &Item) -> String {
    match item {
        Item::Fn(i) => format!("fn {}", i.sig.ident),
        Item::Struct(i) => format!("struct {}", i.ident),
        Item::Enum(i) => format!("enum {}", i.ident),
        Item::Trait(i) => format!("trait {}", i.ident),
        Item::Const(i) => format!("const {}", i.ident),
        Item::Type(i) => format!("type {}", i.ident),
        Item::Mod(i) => format!("mod {}", i.ident),
        _ => "item".to_string(),
    }
}

/// A doctest's body as a function `name` that runs it, wrapped as rustdoc wraps it (a body
/// that ends in `Ok::<..>(())` returns a `Result`).
fn doctest_fn(name: &str, test: &Doctest) -> String {
    let body: String = test.code.lines().map(|l| format!("    {l}\n")).collect();
    if test.code.trim_end().ends_with("(())") && test.code.contains("Ok::<") {
        return format!(
            "/// {}\nfn {name}() {{\n    fn inner() -> Result<(), impl std::fmt::Debug> {{\n{body}    }}\n    inner().unwrap();\n}}\n",
            test.at
        );
    }
    format!("/// {}\nfn {name}() {{\n{body}}}\n", test.at)
}

/// The programs the doctests make: `(what, main.rs, whether it runs)`. The runnable doctests
/// of one source file make one program, each a function its `main` calls in order (what a
/// user writing code for that file's items writes); a doctest with its own `main`, or one
/// that must not run, is a program of its own, only compiled.
fn doctest_programs(doctests: &[Doctest]) -> Vec<(String, String, bool)> {
    let mut by_file: BTreeMap<&str, Vec<&Doctest>> = BTreeMap::new();
    let mut programs = Vec::new();
    for test in doctests {
        if test.runs {
            let file = test.at.split(':').next().unwrap_or_default();
            by_file.entry(file).or_default().push(test);
        } else {
            let main = format!(
                "//! Doctest of {}.\n#![allow(unused)]\n{}",
                test.at, test.code
            );
            programs.push((test.at.clone(), main, false));
        }
    }
    for (file, tests) in by_file {
        let mut main = format!("//! The doctests of {file}.\n#![allow(unused)]\n");
        for (k, test) in tests.iter().enumerate() {
            main.push_str(&doctest_fn(&format!("doctest_{k}"), test));
        }
        main.push_str("fn main() {\n");
        for k in 0..tests.len() {
            main.push_str(&format!("    doctest_{k}();\n"));
        }
        main.push_str("    println!(\"doctest ok\");\n}\n");
        programs.push((format!("the doctests of {file}"), main, true));
    }
    programs
}

/// What a doctest's program prints when its assertions hold. Cargo's doctest run (`cargo test
/// --doc`, among the workspace's tests) proves they hold under cargo, so it is also what the
/// cargo build of the same program prints.
const DOCTEST_OK: &str = "doctest ok\n";

/// Writes `text` to `path`, making its folder.
fn write_file(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A problem crate of the generated workspace: manifest, main.rs and an empty sample.
fn write_problem(ws: &Path, name: &str, id: usize, main: &str, expected: &str) {
    let dir = ws.join("crates").join(name);
    write_file(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n\
             [package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"{id}\"\ntime_limit_ms = 1000\n\
             memory_limit_mb = 256\n\n[dependencies]\ngrid-core = {{ path = \"../../grid-core\" }}\n"
        ),
    );
    write_file(&dir.join("src/main.rs"), main);
    let samples = ws.join("samples").join(name);
    write_file(&samples.join("1.in"), "");
    write_file(&samples.join("1.out"), expected);
}

/// grid-core copied into `ws` with the user modules added: its source folder.
fn copy_grid_core(ws: &Path) -> PathBuf {
    let real = workspace_root().join("grid-core");
    let src = ws.join("grid-core/src");
    for entry in std::fs::read_dir(real.join("src")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            write_file(&src.join(path.file_name().unwrap()), &text);
        }
    }
    let mut lib = std::fs::read_to_string(real.join("src/lib.rs")).unwrap();
    for (name, text) in USER_MODULES {
        lib.push_str(&format!("pub mod {name};\npub use {name}::*;\n"));
        write_file(&src.join(format!("{name}.rs")), text);
    }
    write_file(&src.join("lib.rs"), &lib);
    // The library alone: no dev-dependencies, benches or workspace inheritance.
    write_file(
        &ws.join("grid-core/Cargo.toml"),
        "[package]\nname = \"grid-core\"\nversion = \"0.1.0\"\nedition = \"2021\"\nrust-version = \"1.63\"\n",
    );
    src
}

#[test]
fn every_grid_core_item_and_doctest_bundles_alone_and_answers_as_the_cargo_build() {
    let scratch_ws = tempfile::tempdir().unwrap();
    let ws = scratch_ws.path().to_path_buf();
    let src = copy_grid_core(&ws);
    let lib = syn::parse_file(&std::fs::read_to_string(src.join("lib.rs")).unwrap()).unwrap();
    let mut items = Vec::new();
    public_items(&src, &[], &lib.items, &mut items);
    place_members(&mut items);
    let re_exports = root_re_exports(&lib);
    let doctests = all_doctests(&src);
    assert!(items.len() > 100, "{} items found", items.len());
    assert!(doctests.len() > 50, "{} doctests found", doctests.len());
    for (name, _) in USER_MODULES {
        assert!(
            items
                .iter()
                .any(|i| i.module.first().map(String::as_str) == Some(name)),
            "{name} not probed"
        );
    }

    // Generated crates: `probe-N` name one item, `doctest-N` run one doctest.
    let mut wanted = BTreeMap::new();
    for (k, item) in items.iter().enumerate() {
        let name = format!("boj-{}-item-probe", 100_000 + k);
        write_problem(&ws, &name, 100_000 + k, &probe_main(item, &re_exports), "");
        wanted.insert(name, (item.display(), false, true));
    }
    for (k, (what, main, runs)) in doctest_programs(&doctests).into_iter().enumerate() {
        let name = format!("boj-{}-doctest-probe", 200_000 + k);
        write_problem(&ws, &name, 200_000 + k, &main, "");
        wanted.insert(name, (what, true, runs));
    }
    write_file(
        &ws.join("Cargo.toml"),
        "[workspace]\nresolver = \"2\"\nmembers = [\"grid-core\", \"crates/*\"]\n",
    );

    let compilers = compilers().unwrap();
    let problems = discover(&ws).unwrap();
    assert_eq!(problems.len(), wanted.len());
    let scratch = tempfile::tempdir().unwrap();
    let failures: Vec<String> = problems
        .par_iter()
        .flat_map_iter(|problem| {
            let (what, compiled, may_run) = &wanted[&problem.name];
            let mut failed = Vec::new();
            let made = match bundle(&ws, problem, Options::default()) {
                Ok(made) => made,
                Err(e) => return vec![format!("{what}: does not bundle: {e:#}")],
            };
            let dir = scratch.path().join(&problem.name);
            std::fs::create_dir_all(&dir).unwrap();
            let source = dir.join("main.rs");
            std::fs::write(&source, &made.source).unwrap();
            // A doctest's program is built and run by the current compiler and type-checked by
            // the floor (what it accepts, not how it runs, is what differs). A probe is
            // type-checked by the current compiler: whether pruning kept what an item needs is
            // a matter of names, the same on both; what the floor accepts of the library is
            // checked once, on the whole of it, below.
            let (current, floor) = compilers.split_first().unwrap();
            let mut type_check = |compiler: &Compiler| {
                let checked = compiler.type_check(&source, &dir).unwrap();
                if !checked.passed {
                    failed.push(format!(
                        "{what}: the bundle does not compile on {}:\n{}\n{}",
                        compiler.version, checked.messages, made.source
                    ));
                }
            };
            if !*compiled {
                type_check(current);
            } else {
                floor.iter().for_each(&mut type_check);
                let exe = dir.join("main");
                match build_debug(current, &source, &exe) {
                    Err(messages) => failed.push(format!(
                        "{what}: the bundle does not compile on {}:\n{messages}\n{}",
                        current.version, made.source
                    )),
                    Ok(()) if *may_run => {
                        let got = Command::new(&exe).output().unwrap();
                        let expected = DOCTEST_OK;
                        if got.stdout != expected.as_bytes() || !got.status.success() {
                            failed.push(format!(
                                "{what}: on {} the bundle printed {:?} ({}; stderr {:?}), the cargo build prints {expected:?}",
                                current.version,
                                String::from_utf8_lossy(&got.stdout),
                                got.status,
                                String::from_utf8_lossy(&got.stderr),
                            ));
                        }
                    }
                    Ok(()) => {}
                }
            }
            failed
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} probes failed:\n\n{}",
        failures.len(),
        wanted.len(),
        failures.join("\n\n")
    );

    // The whole library, the user modules with it, unpruned: every compiler accepts all of it.
    let whole = bundle(&ws, &problems[0], Options { prune: false }).unwrap();
    let source = scratch.path().join("whole.rs");
    std::fs::write(&source, &whole.source).unwrap();
    for compiler in &compilers {
        let checked = compiler
            .type_check(&source, &scratch.path().join("whole"))
            .unwrap();
        assert!(
            checked.passed,
            "the whole library does not compile on {}:\n{}",
            compiler.version, checked.messages
        );
    }
    for (name, _) in USER_MODULES {
        assert!(whole.source.contains(&format!("mod {name}")), "{name}");
    }
}

/// Builds `source` into `exe` with `compiler`, without -O: the answers are compared, not the
/// speed, and a debug build also stops on an overflow an optimised one would hide. rustc's
/// messages when it fails.
fn build_debug(compiler: &Compiler, source: &Path, exe: &Path) -> Result<(), String> {
    let out = Command::new(&compiler.path)
        .args(["--edition", "2021", "-o"])
        .arg(exe)
        .arg(source)
        .output()
        .unwrap();
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Runs `exe` on `input`: its stdout, or why it failed.
fn run_on(exe: &Path, input: &str) -> Result<String, String> {
    use std::io::Write;
    let mut child = Command::new(exe)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    // A program that never reads its input may be gone before it is written.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(format!(
            "{}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[test]
fn every_problem_answers_the_same_pruned_and_unpruned_and_both_compile_on_both_compilers() {
    let root = workspace_root();
    let problems = discover(&root).unwrap();
    assert!(!problems.is_empty());
    let compilers = compilers().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let failures: Vec<String> = problems
        .par_iter()
        .flat_map_iter(|problem| {
            let samples = judge_cli::samples::load(&problem.samples_dir(&root)).unwrap();
            assert!(!samples.is_empty(), "{} has no samples", problem.name);
            let mut failed = Vec::new();
            let mut answers: Vec<(String, Vec<Result<String, String>>)> = Vec::new();
            let (current, floor) = compilers.split_first().unwrap();
            for prune in [true, false] {
                let made = bundle(&root, problem, Options { prune })
                    .unwrap_or_else(|e| panic!("{}: {e:#}", problem.name));
                let dir = scratch.path().join(format!("{}-{prune}", problem.name));
                std::fs::create_dir_all(&dir).unwrap();
                let source = dir.join("main.rs");
                std::fs::write(&source, &made.source).unwrap();
                let label = |compiler: &Compiler| {
                    format!(
                        "{} {} on {}",
                        problem.name,
                        if prune { "pruned" } else { "unpruned" },
                        compiler.version
                    )
                };
                // The floor type-checks both bundles (what it accepts, not what they print, is
                // what differs between compilers; the bundles layer builds and judges the
                // pruned ones on both).
                let exe = dir.join("main");
                match build_debug(current, &source, &exe) {
                    Err(messages) => {
                        failed.push(format!("{}: does not compile:\n{messages}", label(current)))
                    }
                    Ok(()) => {
                        let got = samples.iter().map(|s| run_on(&exe, &s.input)).collect();
                        answers.push((label(current), got));
                    }
                }
                for compiler in floor {
                    let checked = compiler.type_check(&source, &dir.join("floor")).unwrap();
                    if !checked.passed {
                        failed.push(format!(
                            "{}: does not compile:\n{}",
                            label(compiler),
                            checked.messages
                        ));
                    }
                }
            }
            if let Some((first_label, first)) = answers.first() {
                for (label, got) in &answers {
                    for (k, sample) in samples.iter().enumerate() {
                        if let Err(why) = &got[k] {
                            failed.push(format!("{label}: sample {} failed: {why}", sample.name));
                        } else if got[k] != first[k] {
                            failed.push(format!(
                                "{label}: sample {} printed {:?}, {first_label} {:?}",
                                sample.name, got[k], first[k]
                            ));
                        }
                    }
                }
            }
            failed
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
