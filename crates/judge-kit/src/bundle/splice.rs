//! One crate as one text: `mod x;` files are inlined where they are declared, items the judge
//! never compiles (`#[cfg(test)]`, `#[cfg(feature = ..)]`, tests) and doc comments are cut out,
//! and the paths that change meaning once the crate is a module of the bundle are rewritten.
//! Everything else is the author's text byte for byte, so `//` comments and inner attributes
//! survive. Edits are byte ranges found from spans (proc-macro2 `span-locations`).

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use proc_macro2::{Spacing, Span, TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, ImplItem, Item, Token, TraitItem, UseTree};

use super::cfg;
use super::prune::use_leaves;
use super::std_macros;

/// How paths of one crate change in the bundle, where every crate is a module at the root.
#[derive(Clone, Debug, Default)]
pub struct Rewriter {
    /// Dependency names as this crate's code says them, to their module in the bundle.
    pub deps: HashMap<String, String>,
    /// This crate's module in the bundle; `None` for the binary, which is the bundle's root.
    pub own_module: Option<String>,
    /// This crate's `#[macro_export]` macros: they live at the bundle's root.
    pub own_macros: HashSet<String>,
    /// Each dependency module's `#[macro_export]` macros.
    pub dep_macros: HashMap<String, HashSet<String>>,
    /// The names of each dependency module's root items other than macros (a crate may have
    /// a `fn chmin` beside its `chmin!`).
    pub dep_items: HashMap<String, HashSet<String>>,
    /// This crate's root items other than macros.
    pub own_items: HashSet<String>,
    /// Off for a first pass that only inlines and cuts (to learn the crate's macros).
    pub active: bool,
    /// Macros the crate's root brings into every module with `#[macro_use] extern crate`:
    /// each module of the crate imports them from the bundle's root.
    pub macro_prelude: Vec<String>,
    /// The dependency modules with a `macro_rules!` that makes `#[macro_export]` macros (see
    /// [`makes_exported_macros`]): their exported macros cannot all be listed.
    pub dep_macro_makers: HashSet<String>,
    /// The crates each dependency module hands on at its root ([`reexported_crates`]).
    pub dep_crates: HashMap<String, HashMap<String, String>>,
    /// For the binary: the macros libraries export, which the bundle puts at its root, where
    /// main.rs's code is (see [`std_macros`]).
    pub root_macros: HashSet<String>,
    /// The dependencies this crate's root imports under a name of its own (`pub use dep as
    /// __dep;`), by that name, to their module: `$crate::__dep::m!` is `$crate::m!`.
    pub own_crates: HashMap<String, String>,
}

/// A byte range of one file replaced by new text.
struct Edit {
    range: Range<usize>,
    text: String,
}

/// Where `mod x;` files of a source file are found.
#[derive(Clone)]
struct Dirs {
    /// For `mod x;` written directly in the file: `<children>/x.rs` or `<children>/x/mod.rs`.
    children: PathBuf,
    /// The file's own folder, base of `#[path]` written directly in the file.
    own: PathBuf,
}

/// Loads the crate whose root file is `root_file` as one text. `at_bundle_root` is true for the
/// binary (its items stay at the bundle's root).
pub fn load(root_file: &Path, rewriter: &Rewriter, at_bundle_root: bool) -> Result<String> {
    let folder = root_file
        .parent()
        .expect("a source file has a folder")
        .to_path_buf();
    let dirs = Dirs {
        children: folder.clone(),
        own: folder,
    };
    let mut stack = Vec::new();
    let rewriter = with_root_aliases(root_file, rewriter);
    let text = splice_file(
        root_file,
        &dirs,
        &rewriter,
        at_bundle_root,
        &mut stack,
        &mut Vec::new(),
    )?;
    Ok(text.unwrap_or_default())
}

/// `rewriter`, knowing what the crate's root brings into every module with `extern crate`:
/// names it gives crates (`extern crate x as y;`, paths of `y` then rewritten everywhere like
/// the crate's; `self` is the crate itself), and the macros of `#[macro_use] extern crate x;`.
fn with_root_aliases(root_file: &Path, rewriter: &Rewriter) -> Rewriter {
    let mut rewriter = rewriter.clone();
    let Some(file) = read_source(root_file)
        .ok()
        .and_then(|text| super::parsed::parse_file(&text).ok())
    else {
        return rewriter;
    };
    for item in &file.items {
        let Item::ExternCrate(e) = item else {
            continue;
        };
        if e.attrs.iter().any(|a| a.path().is_ident("macro_use")) {
            let macros = rewriter
                .deps
                .get(&unraw(&e.ident))
                .and_then(|module| rewriter.dep_macros.get(module));
            let mut names: Vec<String> = macros.into_iter().flatten().cloned().collect();
            names.sort();
            rewriter.macro_prelude.extend(names);
        }
        let Some((_, alias)) = &e.rename else {
            continue;
        };
        let name = unraw(&e.ident);
        let module = if name == "self" {
            rewriter.own_module.clone().unwrap_or_default()
        } else {
            match rewriter.deps.get(&name) {
                Some(module) => module.clone(),
                None => continue,
            }
        };
        rewriter.deps.insert(unraw(alias), module);
    }
    rewriter
}

/// The text of the source file at `path` as rustc reads it: without a byte-order mark, and
/// with a first line that is a shebang (`#!/usr/bin/env ..`, not an inner attribute `#![..]`)
/// left blank, so that line numbers stay those of the file. Spliced into the middle of a bundle,
/// a shebang would no longer be the first line, where alone rustc skips it.
pub(super) fn read_source(path: &Path) -> Result<String> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    Ok(match text.strip_prefix("#!") {
        Some(rest) if !starts_attribute(rest) => {
            let line_end = rest.find('\n').unwrap_or(rest.len());
            rest[line_end..].to_string()
        }
        _ => text.to_string(),
    })
}

/// Whether `rest`, what follows a file's leading `#!`, opens an inner attribute: its first
/// token (past whitespace and comments) is `[`, as rustc decides.
fn starts_attribute(mut rest: &str) -> bool {
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            match after.find("*/") {
                Some(end) => rest = &after[end + 2..],
                None => return false,
            }
        } else {
            return rest.starts_with('[');
        }
    }
}

fn at(path: &Path, span: Span) -> String {
    format!("{}:{}", path.display(), span.start().line)
}

/// One file as text, its `mod x;` files inlined; `None` when its own inner attributes turn it
/// off (`#![cfg(test)]` at the top of a tests file).
fn splice_file(
    path: &Path,
    dirs: &Dirs,
    rewriter: &Rewriter,
    at_bundle_root: bool,
    stack: &mut Vec<PathBuf>,
    textual: &mut Vec<String>,
) -> Result<Option<String>> {
    if stack.iter().any(|p| p == path) {
        bail!(
            "{}: this file includes itself through `mod`",
            path.display()
        );
    }
    stack.push(path.to_path_buf());
    let text = read_source(path)?;
    let file = super::parsed::parse_file(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}:{}:{}: {e}",
            path.display(),
            e.span().start().line,
            e.span().start().column + 1
        )
    })?;
    if cfg::is_off(&file.attrs) {
        stack.pop();
        return Ok(None);
    }
    let mut walker = Walker {
        path,
        dirs,
        rewriter,
        at_bundle_root,
        stack,
        edits: Vec::new(),
        removed: Vec::new(),
        textual,
    };
    // Every module but the bundle's root (where the macros are) imports the crate's prelude;
    // at its end, where no cut item or doc comment can swallow the import.
    if !at_bundle_root {
        walker.import_prelude(text.len(), &file.items);
        if walker.stack.len() == 1 {
            walker.import_own_macros(text.len(), &file.items);
        }
    }
    walker.items(&file.items, &[])?;
    if rewriter.active {
        // `use` statements inside function bodies import macros too.
        for u in uses_in_blocks(&file) {
            walker.macro_imports(u, false);
        }
    }
    let Walker { edits, removed, .. } = walker;
    let mut edits = edits;
    let tokens: TokenStream = text
        .parse()
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if rewriter.active && at_bundle_root && stack.len() == 1 {
        let libraries: HashSet<String> = rewriter.deps.keys().cloned().collect();
        let hidden = std_macros::hidden(
            &rewriter.root_macros,
            &file,
            &rewriter.macro_prelude,
            &libraries,
        );
        for at in std_macros::bare_calls(tokens.clone(), &hidden) {
            if !inside(&removed, at) {
                edits.push(Edit {
                    range: at..at,
                    text: "::std::".to_string(),
                });
            }
        }
    }
    let mut problems = Vec::new();
    let mut dep_aliases = HashMap::new();
    use_aliases(tokens.clone(), &rewriter.deps, &mut dep_aliases);
    let mut context = TokenContext {
        rw: rewriter,
        dep_aliases,
        removed: &removed,
        text: &text,
        edits: &mut edits,
        problems: &mut problems,
        path,
        doc_tokens: DocTokens::Code,
    };
    context.rewrite(tokens, &HashSet::new());
    if let Some(first) = problems.first() {
        bail!("{first}");
    }
    stack.pop();
    Ok(Some(apply(&text, edits)))
}

/// The `use` items written inside blocks (function bodies and the like) of `file`.
fn uses_in_blocks(file: &syn::File) -> Vec<&syn::ItemUse> {
    struct Find<'ast>(Vec<&'ast syn::ItemUse>);
    impl<'ast> syn::visit::Visit<'ast> for Find<'ast> {
        fn visit_block(&mut self, block: &'ast syn::Block) {
            for stmt in &block.stmts {
                if let syn::Stmt::Item(Item::Use(u)) = stmt {
                    self.0.push(u);
                }
            }
            syn::visit::visit_block(self, block);
        }
    }
    let mut find = Find(Vec::new());
    syn::visit::visit_file(&mut find, file);
    find.0
}

/// Applies edits, skipping any that fall inside an earlier, wider one (a cut-out item).
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.range.start, std::cmp::Reverse(e.range.end)));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in edits {
        if edit.range.start < at {
            continue;
        }
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.text);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Walks one file's items, collecting the edits that inline, cut and rewrite them.
struct Walker<'a> {
    path: &'a Path,
    dirs: &'a Dirs,
    rewriter: &'a Rewriter,
    at_bundle_root: bool,
    stack: &'a mut Vec<PathBuf>,
    edits: Vec<Edit>,
    removed: Vec<Range<usize>>,
    /// The `macro_rules!` names in textual scope where the walk is: defined before it in
    /// this module or in the modules around it.
    textual: &'a mut Vec<String>,
}

/// The outer attributes of an item.
pub fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

impl Walker<'_> {
    /// Imports the crate's macro prelude ([`Rewriter::macro_prelude`]) at byte `at`, the end
    /// of a module's `items` (a `use` works anywhere in its module). A name the crate's own
    /// `macro_rules!` gives there (before the module, around it, or in it) is left out: that
    /// macro shadows the prelude's under cargo, and beside an import it would be ambiguous.
    fn import_prelude(&mut self, at: usize, items: &[Item]) {
        let in_module: Vec<String> = items.iter().filter_map(macro_rules_name).collect();
        let names: Vec<String> = self
            .rewriter
            .macro_prelude
            .iter()
            .filter(|name| !self.textual.contains(name) && !in_module.contains(name))
            .cloned()
            .collect();
        if self.rewriter.active && !names.is_empty() {
            self.edits.push(Edit {
                range: at..at,
                text: format!(
                    "\n#[allow(unused_imports)]\nuse crate::{{{}}};\n",
                    names.join(", ")
                ),
            });
        }
    }

    /// At the root of a wrapped crate, imports the crate's own `#[macro_export]` macros from the
    /// bundle's root at byte `at`: under cargo they are items of the crate's root, which calls
    /// them by their bare names wherever it likes (before their `macro_rules!` too). Left out:
    /// names of other items at the root (a `fn chmin` beside `chmin!`; an import would bring
    /// main.rs's root items of that name too) and names the root already imports.
    fn import_own_macros(&mut self, at: usize, items: &[Item]) {
        let mut imported = Vec::new();
        for item in items {
            if let Item::Use(u) = item {
                let mut leaves = Vec::new();
                use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                imported.extend(leaves.into_iter().filter_map(|(_, visible)| visible));
            }
        }
        let mut names: Vec<&String> = self
            .rewriter
            .own_macros
            .iter()
            .filter(|m| !self.rewriter.own_items.contains(*m) && !imported.contains(m))
            .collect();
        names.sort();
        if self.rewriter.active && !names.is_empty() {
            let names: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
            self.edits.push(Edit {
                range: at..at,
                text: format!(
                    "\n#[allow(unused_imports)]\nuse crate::{{{}}};\n",
                    names.join(", ")
                ),
            });
        }
    }

    /// Cuts the text of `span` (and keeps the token rewriter out of it).
    fn cut(&mut self, span: Span) {
        self.replace(span.byte_range(), String::new());
    }

    /// Replaces the bytes `range` with `text` (and keeps the token rewriter out of them).
    fn replace(&mut self, range: Range<usize>, text: String) {
        self.removed.push(range.clone());
        self.edits.push(Edit { range, text });
    }

    fn items(&mut self, items: &[Item], inline: &[String]) -> Result<()> {
        let in_scope = self.textual.len();
        for item in items {
            if cfg::is_off(item_attrs(item)) {
                self.cut(item.span());
                continue;
            }
            match item {
                Item::Mod(m) => match &m.content {
                    Some((brace, inner)) => {
                        let mut path = inline.to_vec();
                        path.push(unraw(&m.ident));
                        self.import_prelude(brace.span.close().byte_range().start, inner);
                        self.items(inner, &path)?;
                    }
                    None => self.module_file(m, inline)?,
                },
                Item::Macro(_) => self.textual.extend(macro_rules_name(item)),
                Item::Impl(imp) => {
                    for member in &imp.items {
                        let attrs = match member {
                            ImplItem::Const(c) => &c.attrs,
                            ImplItem::Fn(f) => &f.attrs,
                            ImplItem::Type(t) => &t.attrs,
                            ImplItem::Macro(m) => &m.attrs,
                            _ => continue,
                        };
                        if cfg::is_off(attrs) {
                            self.cut(member.span());
                        }
                    }
                }
                Item::Trait(t) => {
                    for member in &t.items {
                        let attrs = match member {
                            TraitItem::Const(c) => &c.attrs,
                            TraitItem::Fn(f) => &f.attrs,
                            TraitItem::Type(t) => &t.attrs,
                            TraitItem::Macro(m) => &m.attrs,
                            _ => continue,
                        };
                        if cfg::is_off(attrs) {
                            self.cut(member.span());
                        }
                    }
                }
                Item::ExternCrate(e) if self.rewriter.active => {
                    self.extern_crate(e, inline.is_empty())?
                }
                Item::Use(u) if self.rewriter.active => {
                    self.use_of_dependency(item, u, inline.is_empty());
                    self.macro_imports(u, inline.is_empty());
                }
                _ => {}
            }
        }
        // A module's `macro_rules!` are out of scope after it (`#[macro_use]` on a module
        // aside).
        self.textual.truncate(in_scope);
        Ok(())
    }

    /// `use dep;` and `use dep::{self, ..}` bring the crate's name into a module. Every
    /// `dep::` path is rewritten to `crate::<module>::` anyway, so at the bundle's root (where
    /// the module itself is) the import goes, and elsewhere it is allowed to be unused.
    fn use_of_dependency(&mut self, item: &Item, u: &syn::ItemUse, top: bool) {
        let is_dep = |ident: &syn::Ident| self.rewriter.deps.contains_key(&unraw(ident));
        let mut selfs = Vec::new();
        match &u.tree {
            UseTree::Name(n) if is_dep(&n.ident) => selfs.push(item.span().byte_range()),
            UseTree::Path(p) if is_dep(&p.ident) => {
                if let UseTree::Group(g) = &*p.tree {
                    let only_self = g
                        .items
                        .iter()
                        .all(|t| matches!(t, UseTree::Name(n) if n.ident == "self"));
                    // At the root, `use dep::{self};` would be left an empty import.
                    let whole = only_self && self.at_bundle_root && top;
                    if whole {
                        selfs.push(item.span().byte_range());
                    }
                    for pair in g.items.pairs().filter(|_| !whole) {
                        if let UseTree::Name(n) = pair.value() {
                            if n.ident == "self" {
                                let start = n.ident.span().byte_range().start;
                                let end =
                                    pair.punct().map_or(n.ident.span().byte_range().end, |c| {
                                        c.span.byte_range().end
                                    });
                                selfs.push(start..end);
                            }
                        }
                    }
                }
            }
            _ => return,
        }
        if selfs.is_empty() {
            return;
        }
        if self.at_bundle_root && top {
            for range in selfs {
                self.replace(range, String::new());
            }
        } else {
            // Just before `pub`/`use`, after any doc comment (which is cut on its own).
            let start = match &u.vis {
                syn::Visibility::Inherited => u.use_token.span.byte_range().start,
                vis => vis.span().byte_range().start,
            };
            self.edits.push(Edit {
                range: start..start,
                text: "#[allow(unused_imports)] ".to_string(),
            });
        }
    }

    /// `use dep::{a_macro, ..}`, `use dep::*` and, in a library, `use crate::{a_macro, ..}`
    /// name `#[macro_export]` macros, which live at the bundle's root, not in the crate's
    /// module: each such macro is taken out of the `use` and imported from the root on its
    /// own (at the root itself, where it already is, not at all); a glob of the crate's root
    /// imports all of its macros that way. So are the paths of a group at the top of the
    /// `use` (`use {dep::a_macro, std::fmt::Write};`).
    fn macro_imports(&mut self, u: &syn::ItemUse, top: bool) {
        let at_root = self.at_bundle_root && top;
        let mut imports: Vec<String> = Vec::new();
        match &u.tree {
            UseTree::Path(p) => {
                if self.path_macros(p, at_root, &mut imports) {
                    self.cut(u.span());
                }
            }
            UseTree::Group(g) => {
                let taken: Vec<usize> = (0..g.items.len())
                    .filter(|&index| match &g.items[index] {
                        UseTree::Path(p) => self.path_macros(p, at_root, &mut imports),
                        _ => false,
                    })
                    .collect();
                if taken.len() == g.items.len() {
                    self.cut(u.span());
                } else {
                    self.cut_from_group(g, &taken);
                }
            }
            _ => return,
        }
        if imports.is_empty() {
            return;
        }
        let vis = vis_prefix(&u.vis);
        let end = u.span().byte_range().end;
        self.edits.push(Edit {
            range: end..end,
            text: format!(
                "\n#[allow(unused_imports)]\n{vis}use crate::{{{}}};",
                imports.join(", ")
            ),
        });
    }

    /// For one path of a `use` (`dep::..` or, in a library, `crate::..`): adds to `imports` the
    /// root imports of the `#[macro_export]` macros it names (see [`Walker::macro_imports`])
    /// and cuts them out of its group. Returns whether the whole path names such macros (its
    /// caller cuts it then).
    fn path_macros(&mut self, p: &syn::UsePath, at_root: bool, imports: &mut Vec<String>) -> bool {
        let first = unraw(&p.ident);
        if at_root && self.reexported_crate_at_root(p) {
            return true;
        }
        let empty = HashSet::new();
        let (macros, items) = if first == "crate" && self.rewriter.own_module.is_some() {
            (&self.rewriter.own_macros, &self.rewriter.own_items)
        } else {
            let Some(module) = self.rewriter.deps.get(&first) else {
                return false;
            };
            let Some(macros) = self.rewriter.dep_macros.get(module) else {
                return false;
            };
            (
                macros,
                self.rewriter.dep_items.get(module).unwrap_or(&empty),
            )
        };
        if macros.is_empty() {
            return false;
        }
        let all_macros = || {
            let mut names: Vec<String> = macros.iter().cloned().collect();
            names.sort();
            names
        };
        // What a leaf of the `use` imports from the root when it names a macro: `m` or
        // `m as n`. A name that is an item of the crate too (`fn chmin` beside `chmin!`)
        // stays in the `use` for the item, and calls of the macro by that name get its path
        // instead (see `TokenContext::rewrite`): importing both under one name can clash with
        // another import of the item.
        let macro_leaf = |tree: &UseTree| -> Option<String> {
            let (ident, rename) = match tree {
                UseTree::Name(n) => (&n.ident, None),
                UseTree::Rename(r) => (&r.ident, Some(&r.rename)),
                _ => return None,
            };
            let name = unraw(ident);
            if !macros.contains(&name) || items.contains(&name) {
                return None;
            }
            Some(rename.map_or(name.clone(), |r| format!("{name} as {r}")))
        };
        // At the root a macro is already where an import would put it, unless renamed.
        let mut take = |import: String| {
            if !at_root || import.contains(" as ") {
                imports.push(import);
            }
        };
        match &*p.tree {
            // A glob of the crate's root imports all of its macros.
            UseTree::Glob(_) => {
                all_macros().into_iter().for_each(&mut take);
                false
            }
            UseTree::Group(g) => {
                let mut taken = Vec::new();
                for (index, tree) in g.items.iter().enumerate() {
                    if matches!(tree, UseTree::Glob(_)) {
                        all_macros().into_iter().for_each(&mut take);
                    } else if let Some(import) = macro_leaf(tree) {
                        take(import);
                        taken.push(index);
                    }
                }
                let whole = taken.len() == g.items.len();
                if !whole {
                    self.cut_from_group(g, &taken);
                }
                whole
            }
            leaf => macro_leaf(leaf).map(take).is_some(),
        }
    }

    /// Whether the `use` path `p` is `dep::c;` with `c` a crate the dependency hands on under
    /// the name of its module in the bundle: at the root, where that module is, the import
    /// would name it twice.
    fn reexported_crate_at_root(&self, p: &syn::UsePath) -> bool {
        let UseTree::Name(leaf) = &*p.tree else {
            return false;
        };
        let leaf = unraw(&leaf.ident);
        self.rewriter
            .deps
            .get(&unraw(&p.ident))
            .and_then(|module| self.rewriter.dep_crates.get(module))
            .and_then(|crates| crates.get(&leaf))
            .is_some_and(|module| *module == leaf)
    }

    /// Cuts the items at `taken` (in order, not all of them) out of the `use` group `g`, with
    /// their commas.
    fn cut_from_group(&mut self, g: &syn::UseGroup, taken: &[usize]) {
        let count = g.items.len();
        for (index, pair) in g.items.pairs().enumerate() {
            if !taken.contains(&index) {
                continue;
            }
            let start = pair.value().span().byte_range().start;
            let end = pair
                .punct()
                .map_or(pair.value().span().byte_range().end, |c| {
                    c.span.byte_range().end
                });
            // The last one has no comma after it: take the one before it, unless the one
            // before goes too (it takes that comma itself).
            let previous_kept = index > 0 && !taken.contains(&(index - 1));
            let range = if index + 1 == count && !g.items.trailing_punct() && previous_kept {
                let before = g
                    .items
                    .pairs()
                    .nth(index - 1)
                    .and_then(|p| p.punct().map(|c| c.span.byte_range().start));
                before.unwrap_or(start)..end
            } else {
                start..end
            };
            self.replace(range, String::new());
        }
    }

    fn extern_crate(&mut self, e: &syn::ItemExternCrate, top: bool) -> Result<()> {
        let name = unraw(&e.ident);
        let aliased_here = e
            .rename
            .as_ref()
            .is_some_and(|(_, alias)| self.rewriter.deps.contains_key(&unraw(alias)));
        if name == "self" && aliased_here && top {
            // Its paths are rewritten to the crate's own (see `with_root_aliases`).
            self.cut(e.span());
            return Ok(());
        }
        let Some(module) = self.rewriter.deps.get(&name) else {
            if name == "self" || super::scope::SYSROOT.contains(&name.as_str()) {
                return Ok(());
            }
            bail!(
                "{}: `extern crate {name}` names no dependency of this crate; a judge compiles one file with no crates",
                at(self.path, e.extern_token.span)
            );
        };
        let exports_macros = self
            .rewriter
            .dep_macros
            .get(module)
            .is_some_and(|m| !m.is_empty());
        let macro_use = e.attrs.iter().any(|a| a.path().is_ident("macro_use"));
        if macro_use && exports_macros && !top {
            bail!(
                "{}: `#[macro_use] extern crate {name}` in a module, not at the crate's root: one file cannot give its macros to this module alone; put it at the root or call them as `{name}::the_macro!(..)`",
                at(self.path, e.extern_token.span)
            );
        }
        // Every `name::` path is rewritten to the bundle module, so the declaration goes; a
        // renaming one becomes a `use` of the module under the new name.
        let text = match &e.rename {
            // At the root the alias is rewritten everywhere already; a `use` keeps it a name
            // for other ways of naming it.
            Some((_, alias)) => format!(
                "#[allow(unused_imports)] {}use crate::{module} as {alias};",
                vis_prefix(&e.vis)
            ),
            None => String::new(),
        };
        self.replace(e.span().byte_range(), text);
        Ok(())
    }

    fn module_file(&mut self, m: &syn::ItemMod, inline: &[String]) -> Result<()> {
        let name = unraw(&m.ident);
        let path_attr = match m.attrs.iter().find(|a| a.path().is_ident("path")) {
            Some(attr) => Some((attr, attr.meta.clone())),
            None => self.cfg_attr_path(m)?,
        };
        let (file, dirs) = if let Some((attr, meta)) = &path_attr {
            let attr = *attr;
            let value = match meta {
                syn::Meta::NameValue(syn::MetaNameValue {
                    value:
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(s),
                            ..
                        }),
                    ..
                }) => s.value(),
                _ => bail!(
                    "{}: `#[path]` needs a string, as in #[path = \"file.rs\"]",
                    at(self.path, attr.span())
                ),
            };
            let base = if inline.is_empty() {
                self.dirs.own.clone()
            } else {
                inline
                    .iter()
                    .fold(self.dirs.children.clone(), |d, c| d.join(c))
            };
            let file = base.join(value);
            // A file reached through `#[path]` owns its folder, like a `mod.rs`.
            let folder = file.parent().map(Path::to_path_buf).unwrap_or(base);
            let dirs = Dirs {
                children: folder.clone(),
                own: folder,
            };
            (file, dirs)
        } else {
            let base = inline
                .iter()
                .fold(self.dirs.children.clone(), |d, c| d.join(c));
            let flat = base.join(format!("{name}.rs"));
            let nested = base.join(&name).join("mod.rs");
            if !flat.is_file() && !nested.is_file() && self.cfg_not_surely_on(m) {
                // Cargo built it, so its `#[cfg]` is off on this machine, and so on the judge's
                // (one that turned it on would need the file too).
                self.cut(m.span());
                return Ok(());
            }
            if !flat.is_file() && !nested.is_file() {
                bail!(
                    "{}: `mod {name};` but neither {} nor {} exists",
                    at(self.path, m.ident.span()),
                    flat.display(),
                    nested.display()
                );
            }
            let file = if flat.is_file() { flat } else { nested };
            let dirs = Dirs {
                children: base.join(&name),
                own: file.parent().map(Path::to_path_buf).unwrap_or(base.clone()),
            };
            (file, dirs)
        };
        if !file.is_file() {
            bail!(
                "{}: `mod {name};` but {} does not exist",
                at(self.path, m.ident.span()),
                file.display()
            );
        }
        let Some(child) =
            splice_file(&file, &dirs, self.rewriter, false, self.stack, self.textual)?
        else {
            self.cut(m.span());
            return Ok(());
        };
        if let Some((attr, _)) = path_attr {
            self.cut(attr.span());
        }
        let semi = m.semi.expect("a file module ends with `;`");
        self.edits.push(Edit {
            range: semi.span.byte_range(),
            text: format!(" {{\n{}\n}}", child.trim_end()),
        });
        Ok(())
    }

    /// Whether some `#[cfg]` of `m` is not known to be on for the judge.
    fn cfg_not_surely_on(&self, m: &syn::ItemMod) -> bool {
        m.attrs.iter().any(|attr| {
            attr.path().is_ident("cfg")
                && attr
                    .parse_args::<syn::Meta>()
                    .map_or(true, |meta| cfg::eval(&meta) != cfg::Truth::True)
        })
    }

    /// The `path = ".."` of a `#[cfg_attr(condition, .., path = "..", ..)]` on `m` whose
    /// condition is on for the judge (with the attribute, which goes as a whole); `None` when
    /// there is none or its condition is off. A condition only the judge's machine decides
    /// (`unix`) is refused: one file holds one module there.
    fn cfg_attr_path<'m>(
        &self,
        m: &'m syn::ItemMod,
    ) -> Result<Option<(&'m syn::Attribute, syn::Meta)>> {
        let mut found = None;
        for attr in m.attrs.iter().filter(|a| a.path().is_ident("cfg_attr")) {
            let Ok(parts) =
                attr.parse_args_with(Punctuated::<syn::Meta, Token![,]>::parse_terminated)
            else {
                continue;
            };
            let mut parts = parts.into_iter();
            let Some(condition) = parts.next() else {
                continue;
            };
            let Some(path) = parts.find(|meta| meta.path().is_ident("path")) else {
                continue;
            };
            match cfg::eval(&condition) {
                cfg::Truth::True => found = Some((attr, path)),
                cfg::Truth::False => {}
                cfg::Truth::Unknown => bail!(
                    "{}: `#[cfg_attr(.., path = ..)]` picks the file of `mod {}` by a condition of the judge's machine, which the bundler cannot decide; write one `#[cfg(..)] #[path = ..] mod` for each condition instead",
                    at(self.path, attr.span()),
                    unraw(&m.ident)
                ),
            }
        }
        Ok(found)
    }
}

/// The name a `macro_rules!` item defines.
fn macro_rules_name(item: &Item) -> Option<String> {
    match item {
        Item::Macro(m) if m.mac.path.is_ident("macro_rules") => m.ident.as_ref().map(unraw),
        _ => None,
    }
}

/// An identifier without its `r#`.
pub fn unraw(ident: &syn::Ident) -> String {
    unraw_str(&ident.to_string())
}

/// A visibility as written before an item, with a space after it (empty for private).
fn vis_prefix(vis: &syn::Visibility) -> String {
    let vis = quote::ToTokens::to_token_stream(vis).to_string();
    if vis.is_empty() {
        vis
    } else {
        vis + " "
    }
}

/// Whether `tree` is the identifier `name`.
fn is_ident(tree: Option<&TokenTree>, name: &str) -> bool {
    matches!(tree, Some(TokenTree::Ident(id)) if id == name)
}

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

fn is_punct(tree: Option<&TokenTree>, c: char) -> bool {
    matches!(tree, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// Whether the identifier at `i` is a macro's name in a call: `name!(..)`, `name![..]`,
/// `name!{..}`; not `name != x`, nor a field or method (`x.name`).
fn is_macro_bang(t: &[TokenTree], i: usize) -> bool {
    let bang = matches!(t.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!' && p.spacing() == Spacing::Alone);
    let field = i >= 1 && is_punct(t.get(i - 1), '.');
    bang && !field && matches!(t.get(i + 2), Some(TokenTree::Group(_)))
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

/// `::` starting at `i`.
fn is_colon2(t: &[TokenTree], i: usize) -> bool {
    matches!(t.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
        && is_punct(t.get(i + 1), ':')
}

/// Whether `t[i..]` reads `:: m !` with `m` among `macros`: a call of one of them by path.
fn calls_macro_in(t: &[TokenTree], i: usize, macros: Option<&HashSet<String>>) -> bool {
    is_colon2(t, i)
        && ident_at(t, i + 2).is_some_and(|m| macros.is_some_and(|set| set.contains(&m)))
        && is_punct(t.get(i + 3), '!')
}

/// Every identifier in `stream`, groups included.
fn idents_in(stream: TokenStream) -> Vec<String> {
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

fn ident_at(t: &[TokenTree], i: usize) -> Option<String> {
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
fn continues_path(t: &[TokenTree], i: usize) -> bool {
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

fn inside(removed: &[Range<usize>], at: usize) -> bool {
    removed.iter().any(|r| r.contains(&at))
}

/// Keywords followed by the name of the item they declare, in the namespace a crate's name is
/// looked up in (types and modules: a `fn grid_core` does not hide the crate `grid_core::`).
const DECLARING: &[&str] = &["mod", "struct", "enum", "union", "type", "trait"];

/// The names items at this level of `t` declare (not those inside nested blocks): after a
/// declaring keyword, after `as` in a `use` (an alias), and the last segment of
/// every `use` path (`use a::grid_core;`, `use a::{b, grid_core}`) past its first.
fn declared_names(t: &[TokenTree]) -> HashSet<String> {
    let mut names = HashSet::new();
    let mut in_use = false;
    for i in 0..t.len() {
        match &t[i] {
            TokenTree::Ident(id) => {
                let word = id.to_string();
                if word == "use" {
                    in_use = true;
                } else if (DECLARING.contains(&word.as_str())
                    && !(i >= 1 && is_punct(t.get(i - 1), '\'')))
                    || (word == "as" && in_use)
                {
                    // Only a `use` alias declares: a cast (`x as dep::Id`) and a qualified path
                    // (`<T as dep::Trait>`) name a type, and `extern crate x as y` names a crate,
                    // handled as one.
                    if let Some(TokenTree::Ident(name)) = t.get(i + 1) {
                        names.insert(unraw_str(&name.to_string()));
                    }
                } else if in_use
                    && i >= 3
                    && is_colon2(t, i - 2)
                    && !is_ident(t.get(i - 3), "use")
                    && !is_colon2(t, i + 1)
                {
                    names.insert(unraw_str(&word));
                }
            }
            TokenTree::Group(g) if in_use => {
                // `use grid_core::{self, ..}` brings in the crate itself under its own name,
                // which hides nothing; `use std::io::{self, ..}` hides a dependency `io`.
                let first_segment = (i >= 4 && is_ident(t.get(i - 4), "use"))
                    || (i >= 6 && is_colon2(t, i - 5) && is_ident(t.get(i - 6), "use"));
                let parent = group_parent(t, i).filter(|_| !first_segment);
                use_group_leaves(g.stream(), parent, &mut names);
            }
            TokenTree::Punct(p) if p.as_char() == ';' => in_use = false,
            _ => {}
        }
    }
    names
}

/// The names a `use` group (`{b, c::grid_core, d as e}`) brings in, at every depth; `parent` is
/// the module the group is in (`io` in `std::io::{self, Read}`), which its `self` brings in.
fn use_group_leaves(stream: TokenStream, parent: Option<String>, names: &mut HashSet<String>) {
    let t: Vec<TokenTree> = stream.into_iter().collect();
    for i in 0..t.len() {
        match &t[i] {
            TokenTree::Ident(id) => {
                let word = id.to_string();
                let last = !is_colon2(&t, i + 1) && !is_ident(t.get(i + 1), "as");
                let aliased = i >= 1 && is_ident(t.get(i - 1), "as");
                if word == "self" && last {
                    names.extend(parent.clone());
                } else if (last || aliased) && word != "self" && word != "as" {
                    names.insert(unraw_str(&word));
                }
            }
            TokenTree::Group(g) => use_group_leaves(g.stream(), group_parent(&t, i), names),
            _ => {}
        }
    }
}

/// The name before the `::` in front of the `use` group at `i` (`io` in `std::io::{..}`).
fn group_parent(t: &[TokenTree], i: usize) -> Option<String> {
    if i < 3 || !is_colon2(t, i - 2) {
        return None;
    }
    match &t[i - 3] {
        TokenTree::Ident(id) => Some(unraw_str(&id.to_string())),
        _ => None,
    }
}

/// Adds to `aliases` every `use dep as alias;` (or `use ::dep as alias;`) in `stream`, at any
/// depth, whose `dep` is one of `deps`: the alias to the dependency's module.
fn use_aliases(
    stream: TokenStream,
    deps: &HashMap<String, String>,
    aliases: &mut HashMap<String, String>,
) {
    let t: Vec<TokenTree> = stream.into_iter().collect();
    for i in 0..t.len() {
        if let TokenTree::Group(g) = &t[i] {
            use_aliases(g.stream(), deps, aliases);
            continue;
        }
        if ident_at(&t, i).as_deref() != Some("use") {
            continue;
        }
        let at = if is_colon2(&t, i + 1) { i + 3 } else { i + 1 };
        let dep = ident_at(&t, at).map(|d| unraw_str(&d));
        let Some(module) = dep.and_then(|d| deps.get(&d)) else {
            continue;
        };
        if ident_at(&t, at + 1).as_deref() == Some("as") && is_punct(t.get(at + 3), ';') {
            if let Some(alias) = ident_at(&t, at + 2) {
                aliases.insert(unraw_str(&alias), module.clone());
            }
        }
    }
}

/// A name without its `r#`.
fn unraw_str(name: &str) -> String {
    name.strip_prefix("r#").unwrap_or(name).to_string()
}

/// What rewriting one file's tokens needs.
struct TokenContext<'a> {
    rw: &'a Rewriter,
    /// Other names of dependencies, from `use dep as alias;` anywhere in the file, to the
    /// dependency's module: `alias::m!` of one of its exported macros is `crate::m!`.
    dep_aliases: HashMap<String, String>,
    removed: &'a [Range<usize>],
    text: &'a str,
    edits: &'a mut Vec<Edit>,
    problems: &'a mut Vec<String>,
    path: &'a Path,
    /// What the tokens being rewritten are, for their doc comments.
    doc_tokens: DocTokens,
}

impl TokenContext<'_> {
    /// Cuts a doc comment (`///`, `//!`, `/** */`) with its line when the line holds nothing
    /// else. Docs document an API the judge never reads; `//` notes stay.
    fn cut_doc_comment(&mut self, range: Range<usize>) {
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
    fn doc_attribute(&self, t: &[TokenTree], i: usize) -> Option<(Range<usize>, usize)> {
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
    fn missing_docs_lint(&mut self, t: &[TokenTree], i: usize) -> Option<usize> {
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

    /// Rewrites paths anywhere in the token stream, macro arguments included: a dependency's
    /// name at the start of a path becomes `crate::<its module>` (`crate` alone when it names
    /// one of the dependency's exported macros, which live at the root); inside a wrapped crate
    /// `crate::`/`$crate::` gain the crate's module. Reports what cannot work in one file.
    ///
    /// `shadowed` are the dependency names that items of the enclosing blocks declare (a local
    /// `mod grid_core`, a `use x::grid_core`): there the name is the local item, not the
    /// dependency, and stays as it is.
    fn rewrite(&mut self, stream: TokenStream, shadowed: &HashSet<String>) {
        let rw = self.rw;
        let path = self.path;
        let t: Vec<TokenTree> = stream.into_iter().collect();
        let mut shadowed = shadowed.clone();
        let declared = declared_names(&t);
        shadowed.extend(
            declared
                .iter()
                .filter(|n| rw.deps.contains_key(*n))
                .cloned(),
        );
        // Imported names that are a dependency's macro and item at once: calls of the macro
        // are given its path (the `use` keeps only the item, see `macro_imports`).
        let macro_and_item = |name: &String| {
            rw.dep_macros.iter().any(|(module, macros)| {
                macros.contains(name)
                    && rw
                        .dep_items
                        .get(module)
                        .is_some_and(|items| items.contains(name))
            }) || (rw.own_macros.contains(name) && rw.own_items.contains(name))
        };
        shadowed.extend(
            declared
                .iter()
                .filter(|n| macro_and_item(n))
                .map(|n| format!("{n}!")),
        );
        let mut skip_until = 0;
        for i in 0..t.len() {
            if i < skip_until {
                continue;
            }
            let id = match &t[i] {
                TokenTree::Group(g) => {
                    // A module's body sees only what it declares itself (and the crates);
                    // any other block also sees what encloses it.
                    let module_body = i >= 2
                        && is_ident(t.get(i - 2), "mod")
                        && g.delimiter() == proc_macro2::Delimiter::Brace;
                    let outer = if module_body {
                        HashSet::new()
                    } else {
                        shadowed.clone()
                    };
                    // `use ::{dep::X, std::io};`: the group's paths may become `crate::dep::X`,
                    // which cannot follow a leading `::`; without it (`use {..};`) the group
                    // means the same.
                    let leading_group = rw.active
                        && g.delimiter() == proc_macro2::Delimiter::Brace
                        && i >= 2
                        && is_colon2(&t, i - 2)
                        && !continues_path(&t, i);
                    if leading_group {
                        self.edits.push(Edit {
                            range: t[i - 2].span().byte_range().start
                                ..t[i - 1].span().byte_range().end,
                            text: String::new(),
                        });
                    }
                    let doc_tokens = self.doc_tokens;
                    self.doc_tokens = doc_tokens.of_group(&t, i);
                    self.rewrite(g.stream(), &outer);
                    self.doc_tokens = doc_tokens;
                    continue;
                }
                TokenTree::Punct(p) if p.as_char() == '#' => {
                    if inside(self.removed, p.span().byte_range().start) {
                        continue;
                    }
                    if self.doc_tokens != DocTokens::Code {
                        continue;
                    }
                    if let Some((range, next)) = self.doc_attribute(&t, i) {
                        self.cut_doc_comment(range);
                        skip_until = next;
                    } else if let Some(next) = self.missing_docs_lint(&t, i) {
                        skip_until = next;
                    }
                    continue;
                }
                TokenTree::Ident(id) => id,
                _ => continue,
            };
            let span = id.span();
            if inside(self.removed, span.byte_range().start) {
                continue;
            }
            let edits = &mut *self.edits;
            let problems = &mut *self.problems;
            let name = id.to_string();
            let bang = is_macro_bang(&t, i);
            if bang && ["include", "include_str", "include_bytes"].contains(&name.as_str()) {
                problems.push(format!(
                    "{}: `{name}!` reads a file beside the source, but a judge compiles the bundle alone",
                    at(path, span)
                ));
            }
            if bang && (name == "env" || name == "option_env") {
                problems.push(format!(
                    "{}: `{name}!` reads cargo's environment at build time, which a judge's plain rustc does not set",
                    at(path, span)
                ));
            }
            // Their values name where the code is, which the bundle moves (one file, crates as
            // modules): output made from them would differ from the cargo build's.
            if bang && ["module_path", "file", "line", "column"].contains(&name.as_str()) {
                problems.push(format!(
                    "{}: `{name}!` gives the bundle's module path, file and line, not the source's, so what it prints would differ from the cargo build; write the text itself",
                    at(path, span)
                ));
            }
            // `std::any::type_name::<T>()` names `T` by its module path, which the bundle moves.
            let type_name = name == "type_name"
                && ((i >= 3 && is_ident(t.get(i - 3), "any") && is_colon2(&t, i - 2))
                    || (is_colon2(&t, i + 1) && is_punct(t.get(i + 3), '<')));
            if type_name {
                problems.push(format!(
                    "{}: `type_name` names a type by its module path, which the bundle moves (a crate becomes a module), so what it prints would differ from the cargo build; write the name itself",
                    at(path, span)
                ));
            }
            // The text of a path the bundle rewrites (`stringify!(grid_core::Grid)`) would be
            // the rewritten one.
            if bang && name == "stringify" {
                if let Some(TokenTree::Group(g)) = t.get(i + 2) {
                    // `crate::` paths are rewritten in a library, which becomes a module.
                    let rewritten = |name: &str| {
                        (name == "crate" && rw.own_module.is_some()) || rw.deps.contains_key(name)
                    };
                    if idents_in(g.stream()).iter().any(|n| rewritten(n)) {
                        problems.push(format!(
                            "{}: `stringify!` of a path the bundle rewrites (a crate's, or a library's `crate::` one) gives the bundle's path, not the source's; write the text itself",
                            at(path, span)
                        ));
                    }
                }
            }
            if !rw.active {
                continue;
            }
            let after_colons = i >= 2 && is_colon2(&t, i - 2);
            if name == "crate" {
                // `use crate as me;` in a wrapped crate: `me` is that crate's module.
                if !after_colons && is_ident(t.get(i + 1), "as") {
                    if let Some(module) = &rw.own_module {
                        let end = span.byte_range().end;
                        edits.push(Edit {
                            range: end..end,
                            text: format!("::{module}"),
                        });
                    }
                    continue;
                }
                if !is_colon2(&t, i + 1) || after_colons {
                    continue;
                }
                let next = ident_at(&t, i + 3);
                // `crate::alias::m!`, `alias` a dependency's name at the crate's root (`extern
                // crate dep as alias;`) and `m` one of its exported macros: at the bundle's
                // root, `crate::m!`.
                let dep_macro = next
                    .as_ref()
                    .and_then(|n| rw.deps.get(n).or_else(|| rw.own_crates.get(n)))
                    .is_some_and(|module| calls_macro_in(&t, i + 4, rw.dep_macros.get(module)));
                if dep_macro {
                    edits.push(Edit {
                        range: t[i + 3].span().byte_range().start..t[i + 5].span().byte_range().end,
                        text: String::new(),
                    });
                    continue;
                }
                let Some(module) = &rw.own_module else {
                    continue;
                };
                // A macro call (`crate::m!`), not an item of the same name (`crate::m(..)`).
                let is_macro = calls_macro_in(&t, i + 1, Some(&rw.own_macros));
                if !is_macro {
                    let end = span.byte_range().end;
                    edits.push(Edit {
                        range: end..end,
                        text: format!("::{module}"),
                    });
                }
                continue;
            }
            if (name == "self" || name == "super") && !after_colons && rw.own_module.is_some() {
                // `self::m!`, `super::super::m!` of the crate's own exported macro, which the
                // bundle's root holds: `crate::m!`.
                let mut last = i;
                while ident_at(&t, last).as_deref() == Some("super")
                    && is_colon2(&t, last + 1)
                    && ident_at(&t, last + 3).as_deref() == Some("super")
                {
                    last += 3;
                }
                if calls_macro_in(&t, last + 1, Some(&rw.own_macros)) {
                    let end = t[last].span().byte_range().end;
                    edits.push(Edit {
                        range: span.byte_range().start..end,
                        text: "crate".to_string(),
                    });
                }
                continue;
            }
            let bare = name.strip_prefix("r#").unwrap_or(&name);
            let alias_of = self.dep_aliases.get(bare);
            if !after_colons
                && alias_of
                    .is_some_and(|module| calls_macro_in(&t, i + 1, rw.dep_macros.get(module)))
            {
                edits.push(Edit {
                    range: span.byte_range(),
                    text: "crate".to_string(),
                });
                continue;
            }
            if bang && !after_colons && shadowed.contains(&format!("{bare}!")) {
                edits.push(Edit {
                    range: span.byte_range().start..span.byte_range().start,
                    text: "crate::".to_string(),
                });
                continue;
            }
            let leading = after_colons && !continues_path(&t, i);
            // `::dep` names the crate even where a local `dep` hides it.
            if shadowed.contains(bare) && !leading {
                continue;
            }
            let Some(module) = rw.deps.get(bare) else {
                continue;
            };
            if i >= 1 && (is_punct(t.get(i - 1), '.') || is_punct(t.get(i - 1), '$')) {
                continue;
            }
            if after_colons && !leading {
                continue;
            }
            let start = if leading {
                t[i - 2].span().byte_range().start
            } else {
                span.byte_range().start
            };
            let end = span.byte_range().end;
            let followed = is_colon2(&t, i + 1);
            // A macro call (`dep::m!`), not an item of the same name (`dep::m(..)`); in a `use`
            // the macro is handled with the whole `use` (see `macro_imports`).
            // `dep::c::m!`, `c` a crate the dependency hands on and `m` a macro at the root.
            let handed_on_crate = is_colon2(&t, i + 1)
                && ident_at(&t, i + 3).is_some_and(|c| {
                    rw.dep_crates
                        .get(module)
                        .is_some_and(|crates| crates.contains_key(&c))
                })
                && calls_macro_in(&t, i + 4, Some(&rw.root_macros));
            if handed_on_crate {
                edits.push(Edit {
                    range: start..t[i + 3].span().byte_range().end,
                    text: "crate".to_string(),
                });
                continue;
            }
            let names_macro = calls_macro_in(&t, i + 1, rw.dep_macros.get(module));
            let made_macro = !names_macro
                && calls_made_macro(
                    &t,
                    i + 1,
                    rw.dep_macro_makers.contains(module),
                    rw.dep_items.get(module),
                );
            if made_macro && rw.own_module.is_none() {
                // rustc refuses a path to a macro made by a macro of the same crate (`crate::m!`,
                // the lint macro_expanded_macro_exports_accessed_by_absolute_paths); main.rs's
                // module is the bundle's root, where the bare name finds it.
                edits.push(Edit {
                    range: start..t[i + 2].span().byte_range().end,
                    text: String::new(),
                });
                continue;
            }
            let before = if leading {
                i.checked_sub(3)
            } else {
                i.checked_sub(1)
            };
            let after_use = before.and_then(|b| ident_at(&t, b)).as_deref() == Some("use");
            let text = if names_macro || module.is_empty() {
                "crate".to_string()
            } else if followed
                || (after_use && ident_at(&t, i + 1).as_deref() == Some("as"))
                || (after_use && is_punct(t.get(i + 1), ';'))
            {
                format!("crate::{module}")
            } else {
                continue;
            };
            edits.push(Edit {
                range: start..end,
                text,
            });
        }
    }
}

/// The names of the items at the root of a crate's text, macros aside: what `use crate::x`
/// or `use dep::x` may import besides a macro of the same name.
pub fn root_item_names(text: &str) -> HashSet<String> {
    let Ok(file) = super::parsed::parse_file(text) else {
        return HashSet::new();
    };
    let mut names = HashSet::new();
    for item in &file.items {
        let ident = match item {
            Item::Const(i) => Some(&i.ident),
            Item::Enum(i) => Some(&i.ident),
            Item::Fn(i) => Some(&i.sig.ident),
            Item::Mod(i) => Some(&i.ident),
            Item::Static(i) => Some(&i.ident),
            Item::Struct(i) => Some(&i.ident),
            Item::Trait(i) => Some(&i.ident),
            Item::Type(i) => Some(&i.ident),
            Item::Union(i) => Some(&i.ident),
            Item::ExternCrate(i) => i.rename.as_ref().map(|(_, alias)| alias),
            Item::Use(u) => {
                let mut leaves = Vec::new();
                use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                // A private `use crate::m;` at a wrapped crate's root imports one of the
                // bundle's root macros (see `Walker::import_own_macros`): no item of the crate.
                let public = matches!(u.vis, syn::Visibility::Public(_));
                let root_macro = |path: &[String]| path.len() == 2 && path[0] == "crate";
                names.extend(
                    leaves
                        .into_iter()
                        .filter(|(path, _)| public || !root_macro(path))
                        .filter_map(|(_, visible)| visible),
                );
                None
            }
            _ => None,
        };
        names.extend(ident.map(unraw));
    }
    names
}

/// The two-segment leaves `pub use crate::x;` and `pub use crate::x as y;` at the root of a
/// wrapped crate's bundled `text`: `(x, y)` (`(x, x)` without `as`). Splicing made them so from
/// `pub use dep::m;` and `pub use dep;`, which hand on a dependency's macro or the crate itself.
fn root_reexports_of_bundle_root(text: &str) -> Vec<(String, String)> {
    let Ok(file) = super::parsed::parse_file(text) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for item in &file.items {
        let Item::Use(u) = item else {
            continue;
        };
        if !matches!(u.vis, syn::Visibility::Public(_)) {
            continue;
        }
        let mut leaves = Vec::new();
        use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
        for (path, visible) in leaves {
            if let ([first, name], Some(visible)) = (path.as_slice(), visible) {
                if first == "crate" {
                    found.push((name.clone(), visible));
                }
            }
        }
    }
    found
}

/// The dependencies (`deps`, by the names code uses) that the root of a crate's `text`, as
/// written, imports under another name (`pub use dep as d;`), by that name, to their module.
pub fn renamed_deps_at_root(text: &str, deps: &HashMap<String, String>) -> HashMap<String, String> {
    let Ok(file) = super::parsed::parse_file(text) else {
        return HashMap::new();
    };
    let mut found = HashMap::new();
    for item in &file.items {
        let Item::Use(u) = item else { continue };
        let mut leaves = Vec::new();
        use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
        for (path, visible) in leaves {
            if let ([dep], Some(visible)) = (path.as_slice(), visible) {
                if let Some(module) = deps.get(dep).filter(|_| *dep != visible) {
                    found.insert(visible, module.clone());
                }
            }
        }
    }
    found
}

/// The macros among `macros` (those at the bundle's root) that a wrapped crate's bundled
/// `text` hands on under their own names: `pub use dep::m;` at its root, by then `pub use
/// crate::m;`.
pub fn reexported_macros(text: &str, macros: &HashSet<String>) -> HashSet<String> {
    root_reexports_of_bundle_root(text)
        .into_iter()
        .filter(|(name, visible)| name == visible && macros.contains(name))
        .map(|(_, visible)| visible)
        .collect()
}

/// The crates a library's bundled `text` hands on at its root (`pub use dep;`, `pub use dep as
/// d;`, which splicing made `pub use crate::<module>..`), by the name it gives them, to their
/// module; `modules` are the bundle's library modules.
pub fn reexported_crates(text: &str, modules: &HashSet<String>) -> HashMap<String, String> {
    root_reexports_of_bundle_root(text)
        .into_iter()
        .filter(|(module, _)| modules.contains(module))
        .map(|(module, visible)| (visible, module))
        .collect()
}

/// Whether `text` has a `macro_rules!` whose expansion holds `#[macro_export]`: the macros it
/// makes live at the crate's root, but their names are known only by expanding its calls.
/// A `dep::m!` of a name that is no item at the crate's root is then taken for one of them.
pub fn makes_exported_macros(text: &str) -> bool {
    struct Find(bool);
    impl<'ast> syn::visit::Visit<'ast> for Find {
        fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
            if m.mac.path.is_ident("macro_rules")
                && holds_ident(m.mac.tokens.clone(), "macro_export")
            {
                self.0 = true;
            }
        }
    }
    let mut find = Find(false);
    if let Ok(file) = super::parsed::parse_file(text) {
        syn::visit::visit_file(&mut find, &file);
    }
    find.0
}

/// Whether `tokens` hold the identifier `name` at any depth.
fn holds_ident(tokens: TokenStream, name: &str) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Ident(id) => id == name,
        TokenTree::Group(g) => holds_ident(g.stream(), name),
        _ => false,
    })
}

/// Whether the tokens from `i` are `::m!` with `m` a macro a maker may have made: the crate
/// makes exported macros (`maker`) and `m` is none of its root `items`.
fn calls_made_macro(
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

/// The `#[macro_export]` macros of a crate's text, which the bundle puts at its root.
pub fn exported_macros(text: &str) -> HashSet<String> {
    struct Find(HashSet<String>);
    impl<'ast> syn::visit::Visit<'ast> for Find {
        fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
            if let Some(ident) = &m.ident {
                if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
                    self.0.insert(unraw(ident));
                }
            }
        }
    }
    let mut find = Find(HashSet::new());
    if let Ok(file) = super::parsed::parse_file(text) {
        syn::visit::visit_file(&mut find, &file);
    }
    find.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_reexports_of_root_macros_under_their_own_names_are_handed_on() {
        let text = "pub use crate::kmax;\n\
                    pub use crate::{kmin as least, chmin};\n\
                    pub(crate) use crate::kmid;\n\
                    use crate::other;\n\
                    pub use crate::kit::max2;\n\
                    mod m { pub use crate::deep; }\n";
        let known: HashSet<String> = ["kmax", "kmin", "chmin", "kmid", "other", "deep", "max2"]
            .map(String::from)
            .into();
        let mut found: Vec<String> = reexported_macros(text, &known).into_iter().collect();
        found.sort();
        assert_eq!(found, ["chmin", "kmax"]);
    }
}
