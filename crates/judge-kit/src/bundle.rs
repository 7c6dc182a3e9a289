//! Turning a problem crate plus the parts of grid-core it uses into one judge-ready `.rs` file.
//!
//! The file is `main.rs`, then `mod <crate> { lib.rs }`, then `mod grid_core { ... }` holding only
//! the grid-core items the problem reaches. Reachability is by name: an item is kept when its name
//! appears in the problem's code or in an item already kept (methods of inherent impls likewise),
//! which can only over-keep, never drop something used. Tests and doc comments are removed.

use std::collections::{BTreeSet, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};
use syn::{parse_quote, Attribute, File, ImplItem, Item, UseTree};

use super::problems::Problem;

/// The crate every problem may depend on, as it is named in code.
const LIBRARY: &str = "grid_core";

/// A finished bundle.
#[derive(Clone, Debug)]
pub struct Bundle {
    /// The whole file.
    pub source: String,
    /// Bytes of each part as printed on its own: `main.rs`, `lib.rs`, then each grid-core module.
    pub parts: Vec<(String, usize)>,
}

/// How to bundle.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Drop the grid-core items the problem does not reach (off: whole modules, for comparison).
    pub prune: bool,
    /// Run rustfmt over the result when it is installed.
    pub rustfmt: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            prune: true,
            rustfmt: true,
        }
    }
}

/// Where `scripts/bundle` writes a problem's bundle.
pub fn output_path(root: &Path, problem: &Problem) -> PathBuf {
    root.join("target/bundle")
        .join(format!("{}.rs", problem.name))
}

/// Builds `problem`'s bundle and writes it to [`output_path`], returning both.
pub fn write(root: &Path, problem: &Problem, options: Options) -> Result<(PathBuf, Bundle)> {
    let made = bundle(root, problem, options)?;
    let path = output_path(root, problem);
    std::fs::create_dir_all(path.parent().expect("a bundle path has a folder"))?;
    std::fs::write(&path, &made.source).with_context(|| format!("writing {}", path.display()))?;
    Ok((path, made))
}

/// Builds the single-file submission for `problem`.
pub fn bundle(root: &Path, problem: &Problem, options: Options) -> Result<Bundle> {
    for dep in &problem.dependencies {
        if dep != "grid-core" {
            bail!(
                "{} depends on `{dep}`: a judge compiles one file with no crates, so a problem may use only grid-core and std",
                problem.name
            );
        }
    }
    let src = problem.dir.join("src");
    let mut main = load_crate(&src.join("main.rs"))?;
    let mut lib = load_crate(&src.join("lib.rs"))?;
    let mut grid = load_crate(&root.join("grid-core/src/lib.rs"))?;
    for file in [&mut main, &mut lib, &mut grid] {
        StripTests.visit_file_mut(file);
    }
    let lib_ident = problem.ident();
    RewritePaths { own_module: None }.visit_file_mut(&mut main);
    RewritePaths {
        own_module: Some(&lib_ident),
    }
    .visit_file_mut(&mut lib);
    RewritePaths {
        own_module: Some(LIBRARY),
    }
    .visit_file_mut(&mut grid);
    if options.prune {
        let mut roots = HashSet::new();
        collect_idents(main.to_token_stream(), &mut roots);
        collect_idents(lib.to_token_stream(), &mut roots);
        prune(&mut grid, roots);
    }

    let mut parts = vec![
        ("main.rs".to_string(), unparse_len(&main.items)),
        ("lib.rs".to_string(), unparse_len(&lib.items)),
    ];
    for item in &grid.items {
        if let Item::Mod(m) = item {
            if let Some((_, items)) = &m.content {
                parts.push((format!("grid_core::{}", m.ident), unparse_len(items)));
            }
        }
    }

    let lib_name = syn::Ident::new(&lib_ident, proc_macro2::Span::call_site());
    let lib_items = &lib.items;
    let grid_items = &grid.items;
    let mut items = main.items.clone();
    items.push(parse_quote! {
        #[allow(dead_code)]
        mod #lib_name { #(#lib_items)* }
    });
    items.push(parse_quote! {
        #[allow(dead_code, unused_imports)]
        mod grid_core { #(#grid_items)* }
    });
    let file = File {
        shebang: None,
        attrs: Vec::new(),
        items,
    };
    let mut body = prettyplease::unparse(&file);
    if options.rustfmt {
        if let Some(formatted) = rustfmt(&body) {
            body = formatted;
        }
    }
    let judge = &problem.judge;
    let header = format!(
        "// {} — {} problem {}: {}\n// Bundled by scripts/bundle from crates/{} and the parts of grid-core it uses.\n// Compile: rustc --edition 2021 -O {}.rs\n\n",
        problem.name, judge.site, judge.problem, judge.url, problem.name, problem.name
    );
    Ok(Bundle {
        source: header + &body,
        parts,
    })
}

fn unparse_len(items: &[Item]) -> usize {
    let file = File {
        shebang: None,
        attrs: Vec::new(),
        items: items.to_vec(),
    };
    prettyplease::unparse(&file).len()
}

/// Formats with rustfmt when it is installed and succeeds.
fn rustfmt(source: &str) -> Option<String> {
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(source.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    if out.status.success() {
        String::from_utf8(out.stdout).ok()
    } else {
        None
    }
}

/// Parses a crate root, inlining `mod name;` files, with doc comments removed.
fn load_crate(root_file: &Path) -> Result<File> {
    let dir = root_file
        .parent()
        .expect("a source file has a folder")
        .to_path_buf();
    load_module(root_file, &dir)
}

fn load_module(path: &Path, children_dir: &Path) -> Result<File> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let parsed: File =
        syn::parse_file(&text).with_context(|| format!("parsing {}", path.display()))?;
    let tokens = strip_docs(parsed.to_token_stream());
    let mut file: File =
        syn::parse2(tokens).with_context(|| format!("re-parsing {}", path.display()))?;
    for item in &mut file.items {
        if let Item::Mod(m) = item {
            if m.content.is_none() {
                let name = m.ident.to_string();
                let flat = children_dir.join(format!("{name}.rs"));
                let nested = children_dir.join(&name).join("mod.rs");
                let child_path = if flat.is_file() { flat } else { nested };
                let child = load_module(&child_path, &children_dir.join(&name))?;
                m.content = Some((Default::default(), child.items));
                m.semi = None;
            }
        }
    }
    Ok(file)
}

/// Removes `#[doc = ...]` and `#![doc = ...]` (doc comments) anywhere in a token stream.
fn strip_docs(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        if let TokenTree::Punct(p) = &trees[i] {
            if p.as_char() == '#' {
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
                let mut inner = Group::new(g.delimiter(), strip_docs(g.stream()));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

fn is_cfg_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        (a.path().is_ident("cfg") && {
            // The judge compiles without tests and without features.
            let cfg = a.meta.to_token_stream().to_string().replace(' ', "");
            cfg == "cfg(test)" || cfg.starts_with("cfg(feature=")
        }) || a.path().is_ident("test")
    })
}

/// Drops `#[cfg(test)]` and `#[test]` items everywhere.
struct StripTests;

impl VisitMut for StripTests {
    fn visit_file_mut(&mut self, file: &mut File) {
        file.items.retain(|item| !is_cfg_test(item_attrs(item)));
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, m: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut m.content {
            items.retain(|item| !is_cfg_test(item_attrs(item)));
        }
        visit_mut::visit_item_mod_mut(self, m);
    }

    fn visit_item_impl_mut(&mut self, i: &mut syn::ItemImpl) {
        i.items.retain(|item| match item {
            ImplItem::Fn(f) => !is_cfg_test(&f.attrs),
            ImplItem::Const(c) => !is_cfg_test(&c.attrs),
            _ => true,
        });
        visit_mut::visit_item_impl_mut(self, i);
    }
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        _ => &[],
    }
}

/// Makes paths valid once the crate is a module of the bundle: `grid_core::x` becomes
/// `crate::grid_core::x`, and inside a wrapped crate `crate::x` becomes `crate::<module>::x`.
struct RewritePaths<'a> {
    own_module: Option<&'a str>,
}

impl RewritePaths<'_> {
    fn new_head(&self, first: &str) -> Option<Vec<&str>> {
        match (first, self.own_module) {
            (LIBRARY, _) => Some(vec!["crate"]),
            ("crate", Some(module)) => Some(vec!["crate", module]),
            _ => None,
        }
    }
}

impl VisitMut for RewritePaths<'_> {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if path.leading_colon.is_none() && path.segments.len() > 1 {
            let first = path.segments[0].ident.to_string();
            if let Some(head) = self.new_head(&first) {
                let rest: Vec<syn::PathSegment> = path
                    .segments
                    .iter()
                    .skip(usize::from(first == "crate"))
                    .cloned()
                    .collect();
                path.segments.clear();
                for name in head {
                    path.segments
                        .push(syn::Ident::new(name, proc_macro2::Span::call_site()).into());
                }
                path.segments.extend(rest);
            }
        }
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        if item.leading_colon.is_none() {
            if let UseTree::Path(p) = &item.tree {
                let first = p.ident.to_string();
                if let Some(head) = self.new_head(&first) {
                    let mut tree = if first == "crate" {
                        (*p.tree).clone()
                    } else {
                        item.tree.clone()
                    };
                    for name in head.into_iter().rev() {
                        let ident = syn::Ident::new(name, proc_macro2::Span::call_site());
                        tree = UseTree::Path(syn::UsePath {
                            ident,
                            colon2_token: Default::default(),
                            tree: Box::new(tree),
                        });
                    }
                    item.tree = tree;
                }
            }
        }
    }
}

fn collect_idents(tokens: TokenStream, out: &mut HashSet<String>) {
    for tree in tokens {
        match tree {
            TokenTree::Ident(id) => {
                let name = id.to_string();
                out.insert(name.strip_prefix("r#").unwrap_or(&name).to_string());
            }
            TokenTree::Group(g) => collect_idents(g.stream(), out),
            _ => {}
        }
    }
}

fn idents_of(node: &impl ToTokens) -> HashSet<String> {
    let mut set = HashSet::new();
    collect_idents(node.to_token_stream(), &mut set);
    set
}

/// The name an item defines, for the items reachability tracks.
fn defined_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

fn impl_item_name(item: &ImplItem) -> Option<String> {
    match item {
        ImplItem::Fn(f) => Some(f.sig.ident.to_string()),
        ImplItem::Const(c) => Some(c.ident.to_string()),
        ImplItem::Type(t) => Some(t.ident.to_string()),
        _ => None,
    }
}

/// The last identifier of a path type (`Grid` for `Grid<T>`), if it is one.
fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// The items of grid-core's modules: `(index of the module in the crate root, its items)`.
type ModuleItems = Vec<(usize, Vec<Item>)>;

/// What reachability found: items by `(module, item)`, inherent-impl members by
/// `(module, item, member)`, and the names of the kept named items.
#[derive(Default)]
struct Reach {
    items: HashSet<(usize, usize)>,
    members: HashSet<(usize, usize, usize)>,
    names: HashSet<String>,
}

/// Keeps only the grid-core items reachable by name from the identifiers in `used`.
fn prune(grid: &mut File, used: HashSet<String>) {
    let all: ModuleItems = grid
        .items
        .iter()
        .enumerate()
        .filter_map(|(m, item)| match item {
            Item::Mod(module) => Some((
                m,
                module
                    .content
                    .as_ref()
                    .map(|(_, items)| items.clone())
                    .unwrap_or_default(),
            )),
            _ => None,
        })
        .collect();
    let defined: HashSet<String> = all
        .iter()
        .flat_map(|(_, items)| items.iter().filter_map(defined_name))
        .collect();
    let reach = reach(&all, &defined, used);
    rebuild(grid, &all, &defined, &reach);
}

/// Grows the kept set to a fixpoint: a named item is kept when its name is used; an impl when
/// its type and trait are kept or foreign (inherent impls member by member); whatever is kept
/// adds its own identifiers to the used ones.
fn reach(all: &ModuleItems, defined: &HashSet<String>, mut used: HashSet<String>) -> Reach {
    let mut kept = Reach::default();
    let available = |name: &Option<String>, names: &HashSet<String>| match name {
        Some(n) => !defined.contains(n) || names.contains(n),
        None => true,
    };
    loop {
        let before = (kept.items.len(), kept.members.len());
        for (m, items) in all {
            for (i, item) in items.iter().enumerate() {
                if let Some(name) = defined_name(item) {
                    if used.contains(&name) && kept.items.insert((*m, i)) {
                        used.extend(idents_of(item));
                        kept.names.insert(name);
                    }
                    continue;
                }
                let Item::Impl(imp) = item else { continue };
                let self_name = type_name(&imp.self_ty);
                let trait_name = imp
                    .trait_
                    .as_ref()
                    .and_then(|(_, p, _)| p.segments.last().map(|s| s.ident.to_string()));
                if !available(&self_name, &kept.names) || !available(&trait_name, &kept.names) {
                    continue;
                }
                if trait_name.is_some() {
                    // A trait impl is all or nothing.
                    if kept.items.insert((*m, i)) {
                        used.extend(idents_of(item));
                    }
                    continue;
                }
                for (j, member) in imp.items.iter().enumerate() {
                    let wanted = impl_item_name(member).is_none_or(|n| used.contains(&n));
                    if wanted && kept.members.insert((*m, i, j)) {
                        used.extend(idents_of(member));
                        used.extend(idents_of(&imp.generics));
                        kept.items.insert((*m, i));
                    }
                }
            }
        }
        if (kept.items.len(), kept.members.len()) == before {
            return kept;
        }
    }
}

/// Rewrites grid-core to what `reach` kept: modules with no code left and re-exports of pruned
/// items disappear.
fn rebuild(grid: &mut File, all: &ModuleItems, defined: &HashSet<String>, kept: &Reach) {
    let mut kept_modules: BTreeSet<String> = BTreeSet::new();
    let mut module_names: HashSet<String> = HashSet::new();
    for (m, items) in all {
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            match item {
                Item::Use(u) => {
                    if let Some(tree) = filter_use(&u.tree, defined, &kept.names) {
                        let mut u = u.clone();
                        u.tree = tree;
                        out.push(Item::Use(u));
                    }
                }
                Item::Impl(imp) if imp.trait_.is_none() && kept.items.contains(&(*m, i)) => {
                    let mut imp = imp.clone();
                    let members = std::mem::take(&mut imp.items);
                    imp.items = members
                        .into_iter()
                        .enumerate()
                        .filter(|(j, _)| kept.members.contains(&(*m, i, *j)))
                        .map(|(_, member)| member)
                        .collect();
                    out.push(Item::Impl(imp));
                }
                _ if kept.items.contains(&(*m, i)) => out.push(item.clone()),
                _ => {}
            }
        }
        let has_code = out.iter().any(|item| !matches!(item, Item::Use(_)));
        if let Item::Mod(module) = &mut grid.items[*m] {
            module_names.insert(module.ident.to_string());
            if has_code {
                kept_modules.insert(module.ident.to_string());
                module.content = Some((Default::default(), out));
            } else {
                module.content = None;
            }
        }
    }
    grid.items.retain_mut(|item| match item {
        Item::Mod(module) => module.content.is_some(),
        Item::Use(u) => {
            let names_dropped_module = matches!(&u.tree, UseTree::Path(p)
                if module_names.contains(&p.ident.to_string()) && !kept_modules.contains(&p.ident.to_string()));
            match filter_use(&u.tree, defined, &kept.names) {
                Some(tree) if !names_dropped_module => {
                    u.tree = tree;
                    true
                }
                _ => false,
            }
        }
        _ => true,
    });
}

/// A `use` tree without the leaves that name grid-core items which were pruned.
fn filter_use(
    tree: &UseTree,
    defined: &HashSet<String>,
    kept: &HashSet<String>,
) -> Option<UseTree> {
    let keep_name = |name: &syn::Ident| {
        let n = name.to_string();
        !defined.contains(&n) || kept.contains(&n)
    };
    match tree {
        UseTree::Path(p) => filter_use(&p.tree, defined, kept).map(|inner| {
            let mut p = p.clone();
            p.tree = Box::new(inner);
            UseTree::Path(p)
        }),
        UseTree::Name(n) => keep_name(&n.ident).then(|| tree.clone()),
        UseTree::Rename(r) => keep_name(&r.ident).then(|| tree.clone()),
        UseTree::Glob(_) => Some(tree.clone()),
        UseTree::Group(g) => {
            let items: Vec<UseTree> = g
                .items
                .iter()
                .filter_map(|t| filter_use(t, defined, kept))
                .collect();
            if items.is_empty() {
                return None;
            }
            let mut g = g.clone();
            g.items = items.into_iter().collect();
            Some(UseTree::Group(g))
        }
    }
}
