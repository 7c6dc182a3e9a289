//! One crate as one text: `mod x;` files are inlined where they are declared, items the judge
//! never compiles (`#[cfg(test)]`, `#[cfg(feature = ..)]`, tests) and doc comments are cut out,
//! and the paths that change meaning once the crate is a module of the bundle are rewritten.
//! Everything else is the author's text byte for byte, so `//` comments and inner attributes
//! survive. Edits are byte ranges found from spans (proc-macro2 `span-locations`).

use std::cell::OnceCell;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use anyhow::{bail, Result};
use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, ImplItem, Item, Token, TraitItem};

use super::cfg;
use super::docs::DocTokens;
use super::edits::{apply, apply_within, inside, Edit, Edits};
use super::imports::UseEdits;
use super::parsed;
use super::paths::{level_hidden, use_aliases, Hidden, TokenContext};
use super::recorded::is_file;
use super::refusal::{Refusal, RefusalKind};
use super::rewriter::{with_root_aliases, Rewriter};
use super::std_macros;
use super::syntax::{at, item_attrs, macro_rules_name, read_source, unraw, vis_prefix};

/// Where `mod x;` files of a source file are found.
#[derive(Clone)]
struct Dirs {
    /// For `mod x;` written directly in the file: `<children>/x.rs` or `<children>/x/mod.rs`.
    children: PathBuf,
    /// The file's own folder, base of `#[path]` written directly in the file.
    own: PathBuf,
}

/// Loads the crate whose root file is `root_file` as one text. `at_bundle_root` is true for the
/// binary (its items stay at the bundle's root). A library's constructs that cannot work in one
/// file are not refused yet, since pruning may leave them out: each is given a marker name in
/// the text (see [`Deferred`]).
pub(super) fn load(
    root_file: &Path,
    rewriter: &Rewriter,
    at_bundle_root: bool,
) -> Result<(String, Deferred)> {
    let folder = root_file
        .parent()
        .expect("a source file has a folder")
        .to_path_buf();
    let dirs = Dirs {
        children: folder.clone(),
        own: folder,
    };
    let mut walk = CrateWalk::default();
    let rewriter = with_root_aliases(root_file, rewriter)?;
    let text = splice_file(
        root_file,
        &dirs,
        &rewriter,
        at_bundle_root,
        &mut walk,
        &mut Vec::new(),
        None,
    )?;
    Ok((
        text.map(|(text, _)| text).unwrap_or_default(),
        walk.deferred,
    ))
}

/// A library's constructs that cannot work in one file, by the marker name that stands in the
/// text for the name that says so (`env` of `env!`): refused only if the marker is still in the
/// bundle once pruning is done.
pub(super) type Deferred = Vec<(String, Refusal)>;

/// What a walk over one crate's files carries from file to file.
#[derive(Default)]
struct CrateWalk {
    /// The files being spliced, outermost first (a file that includes itself is refused).
    stack: Vec<PathBuf>,
    /// The crate's constructs refused only if pruning keeps them.
    deferred: Deferred,
}

/// What every marker of [`Deferred`] starts with.
pub(super) const DEFERRED_MARKER: &str = "__bundle_refused_";

/// One file as text, its `mod x;` files inlined, with the `macro_rules!` in textual scope at its
/// end that it defines, by name, as the bundle writes them (what `#[macro_use]` on its `mod`
/// hands on); `None` when its own inner attributes turn it off (`#![cfg(test)]` at the top of
/// a tests file). `around` is what the module around the file's module declares (none for a
/// crate's root file).
fn splice_file(
    path: &Path,
    dirs: &Dirs,
    rewriter: &Rewriter,
    at_bundle_root: bool,
    walk: &mut CrateWalk,
    textual: &mut Vec<String>,
    around: Option<Rc<Hidden>>,
) -> Result<Option<(String, WrittenMacros)>> {
    if walk.stack.iter().any(|p| p == path) {
        bail!(
            "{}: this file includes itself through `mod`",
            path.display()
        );
    }
    walk.stack.push(path.to_path_buf());
    let text = read_source(path)?;
    let file = parsed::parse_file(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}:{}:{}: {e}",
            path.display(),
            e.span().start().line,
            e.span().start().column + 1
        )
    })?;
    if cfg::is_off(&file.attrs) {
        walk.stack.pop();
        return Ok(None);
    }
    let tokens: TokenStream = text
        .parse()
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let library_root = !at_bundle_root && walk.stack.len() == 1;
    let main_root = at_bundle_root && walk.stack.len() == 1;
    // What main.rs's root file means by its macros' bare names, read once for both uses.
    let libraries = (main_root && rewriter.active).then(|| dependency_macros(rewriter));
    let main_meant = libraries
        .as_ref()
        .map(|libraries| std_macros::meant(&file, libraries));
    let root_std = main_meant
        .as_ref()
        .map(|meant| meant.hidden(&rewriter.root_macros, &rewriter.macro_prelude));
    let start = Hidden::file(rewriter, around, library_root, root_std.clone());
    let mut walker = Walker {
        path,
        dirs,
        rewriter,
        at_bundle_root,
        walk,
        edits: Edits::default(),
        textual,
        start: &start,
        tokens: &tokens,
        top: OnceCell::new(),
        macro_use_ends: Vec::new(),
    };
    // Every module but the bundle's root (where the macros are) imports the crate's prelude;
    // at its end, where no cut item or doc comment can swallow the import.
    if !at_bundle_root {
        walker.uses().import_prelude(text.len(), &file.items);
        if walker.walk.stack.len() == 1 {
            walker.uses().import_own_macros(text.len(), &file.items);
        }
    }
    let exports = walker.items(&file.items, &[])?;
    if rewriter.active {
        // `use` statements inside function bodies import macros too.
        for u in uses_in_blocks(&file) {
            walker.uses().macro_imports(u, false, &HashSet::new());
        }
    }
    let macro_use_ends = std::mem::take(&mut walker.macro_use_ends);
    let walk = walker.walk;
    let Edits {
        list: mut edits,
        removed,
    } = walker.edits;
    let calls = match &main_meant {
        Some(meant) => {
            let handed_on = macro_use_ends
                .iter()
                .map(|(end, macros)| (*end, macros.iter().map(|(n, _)| n.clone()).collect()))
                .collect();
            main_root_calls(rewriter, meant, &tokens, &handed_on)
        }
        None => std_macro_calls(rewriter, &file, &tokens),
    };
    for at in calls {
        if !inside(&removed, at) {
            edits.push(Edit {
                range: at..at,
                text: "::std::".to_string(),
            });
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
        in_macro_rules: false,
        std_aliases: std_aliases(&file),
    };
    context.rewrite(tokens.clone(), &start);
    match rewriter.own_module.as_ref() {
        // A library's: marked, and refused if pruning keeps it.
        Some(module) => {
            for (range, refusal) in problems {
                let marker = format!("{DEFERRED_MARKER}{module}_{}", walk.deferred.len());
                edits.push(Edit {
                    range,
                    text: marker.clone(),
                });
                walk.deferred.push((marker, refusal));
            }
        }
        None => {
            if let Some((_, first)) = problems.into_iter().next() {
                return Err(first.into());
            }
        }
    }
    walk.stack.pop();
    let written = |defined: Definition| match defined {
        Definition::Here(range) => apply_within(&text, &edits, range),
        Definition::Written(text) => text,
    };
    let exports: WrittenMacros = exports
        .into_iter()
        .map(|(name, defined)| (name, written(defined)))
        .collect();
    // main.rs's own macros a `#[macro_use]` module brings to its root, named like a library's
    // macro at the bundle's root, defined again after the module (see `macro_use_at_root`).
    let copies: Vec<Edit> = macro_use_ends
        .into_iter()
        .map(|(at, macros)| {
            let text = macros
                .into_iter()
                .filter(|(name, _)| rewriter.root_macros.contains(name))
                .map(|(name, defined)| {
                    // Its definition in the module carries `allow(unused_macros)` already.
                    let text = written(defined);
                    format!(
                        "\n// main.rs's `{name}!` again, at the root beside a library's.\n{text}\n"
                    )
                })
                .collect();
            Edit {
                range: at..at,
                text,
            }
        })
        .filter(|copy| !copy.text.is_empty())
        .collect();
    edits.extend(copies);
    Ok(Some((apply(&text, edits), exports)))
}

/// `macro_rules!` by name, as the bundle writes them.
type WrittenMacros = Vec<(String, String)>;

/// Where the text of a `macro_rules!` is: a byte range of the file being spliced, or written
/// already (a module file's).
#[derive(Clone)]
enum Definition {
    Here(std::ops::Range<usize>),
    Written(String),
}

/// Each dependency by its name in code, with the macros it exports.
fn dependency_macros(rewriter: &Rewriter) -> HashMap<String, HashSet<String>> {
    rewriter
        .deps
        .iter()
        .map(|(name, module)| {
            let macros = rewriter.dep_macros.get(module).cloned().unwrap_or_default();
            (name.clone(), macros)
        })
        .collect()
}

/// Where to write `::std::` before main.rs's bare calls, in its root module, of std's macros
/// that a library's macro of the same name at the bundle's root would hide: where none of
/// main.rs's own of that name is in scope and main.rs does not import one (see
/// [`std_macros::Meant::hidden_unless_imported`]).
fn main_root_calls(
    rewriter: &Rewriter,
    meant: &std_macros::Meant,
    tokens: &TokenStream,
    macro_use_ends: &HashMap<usize, Vec<String>>,
) -> Vec<usize> {
    let hidden = meant.hidden_unless_imported(&rewriter.root_macros, &rewriter.macro_prelude);
    let calls = std_macros::bare_calls(tokens.clone(), &rewriter.root_macros, macro_use_ends);
    calls
        .into_iter()
        .filter(|call| !call.own && hidden.contains(&call.name))
        .map(|call| call.at)
        .collect()
}

/// Where to write `::std::` before a bare call of a std macro in a library's file that a
/// library's macro of the same name, at the bundle's root, would hide (see [`std_macros`]):
/// its calls inside `macro_rules!` bodies, which may be expanded at the root. (main.rs's root
/// file: see [`main_root_calls`]; its modules that reach the root by glob:
/// `paths::Hidden::std_from_root`.)
fn std_macro_calls(rewriter: &Rewriter, file: &syn::File, tokens: &TokenStream) -> Vec<usize> {
    if !rewriter.active || rewriter.own_module.is_none() || rewriter.shadowed_std.is_empty() {
        return Vec::new();
    }
    let mut hidden = std_macros::meant(file, &dependency_macros(rewriter))
        .hidden(&rewriter.shadowed_std, &rewriter.macro_prelude);
    // The crate's own macro of that name is what its own calls mean.
    hidden.retain(|m| !rewriter.own_macros.contains(m));
    std_macros::bare_calls_in_macro_bodies(tokens.clone(), &hidden)
}

/// The string of an attribute written `name = "string"` (`#[path = "x.rs"]`).
fn string_value(meta: &syn::Meta) -> Option<String> {
    match meta {
        syn::Meta::NameValue(syn::MetaNameValue {
            value:
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }),
            ..
        }) => Some(s.value()),
        _ => None,
    }
}

/// The names a module's own `use` items bring in one by one (`use a::b;`, `use a::c as d;`),
/// and the `#[macro_use] extern crate` macros (`prelude`) every module of the crate imports: a
/// glob's macros are not imported again under these names (E0252).
fn names_imported(items: &[Item], prelude: &[String]) -> HashSet<String> {
    let mut names: HashSet<String> = prelude.iter().cloned().collect();
    for item in items {
        if let Item::Use(u) = item {
            let mut leaves = Vec::new();
            super::syntax::use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
            names.extend(leaves.into_iter().filter_map(|(_, name)| name));
        }
    }
    names
}

/// The names `file`'s imports give std's items whose meaning the bundle moves (`use std::line
/// as here;`, `use std::panic::Location as Loc;`), to those items' own names: a call by the
/// new name is refused as one by the old.
fn std_aliases(file: &syn::File) -> HashMap<String, String> {
    struct Find(HashMap<String, String>);
    impl<'ast> syn::visit::Visit<'ast> for Find {
        fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
            let mut leaves = Vec::new();
            super::syntax::use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
            for (path, visible) in leaves {
                let from_std = path
                    .first()
                    .is_some_and(|c| ["std", "core", "alloc"].contains(&c.as_str()));
                if let (true, Some(name), Some(visible)) = (from_std, path.last(), visible) {
                    if *name != visible && super::paths::MOVED_MEANING.contains(&name.as_str()) {
                        self.0.insert(visible, name.clone());
                    }
                }
            }
        }
    }
    let mut find = Find(HashMap::new());
    syn::visit::visit_file(&mut find, file);
    find.0
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

/// Walks one file's items, collecting the edits that inline, cut and rewrite them.
struct Walker<'a> {
    path: &'a Path,
    dirs: &'a Dirs,
    rewriter: &'a Rewriter,
    at_bundle_root: bool,
    walk: &'a mut CrateWalk,
    edits: Edits,
    /// The `macro_rules!` names in textual scope where the walk is: defined before it in
    /// this module or in the modules around it.
    textual: &'a mut Vec<String>,
    /// Where the file starts (see [`Hidden::file`]) and its tokens, whose top level...
    start: &'a Hidden,
    tokens: &'a TokenStream,
    /// ... declares this (see [`Hidden`]), for its module files: found once, at the first.
    top: OnceCell<Rc<Hidden>>,
    /// At main.rs's root: the macros each `#[macro_use]` module hands on to it, by the byte
    /// offset where the module's item ends (see [`std_macros::bare_calls`] and
    /// `Walker::macro_use_at_root`).
    macro_use_ends: Vec<(usize, Vec<(String, Definition)>)>,
}

impl Walker<'_> {
    /// The `use` rewrites, over this walk's edits.
    fn uses(&mut self) -> UseEdits<'_> {
        UseEdits {
            rewriter: self.rewriter,
            at_bundle_root: self.at_bundle_root,
            edits: &mut self.edits,
            textual: self.textual,
        }
    }

    /// Cuts the members of an impl or a trait (their attributes and spans) whose `#[cfg]` is
    /// off where the judge compiles.
    fn cut_members_off_here<'m>(
        &mut self,
        members: impl Iterator<Item = (Option<&'m [Attribute]>, proc_macro2::Span)>,
    ) {
        for (attrs, span) in members {
            if attrs.is_some_and(cfg::is_off) {
                self.edits.cut(span);
            }
        }
    }

    /// Walks the items of the module at `inline` of this file; returns the `macro_rules!` in
    /// textual scope at their end that they define, by name (see [`splice_file`]).
    fn items(&mut self, items: &[Item], inline: &[String]) -> Result<Vec<(String, Definition)>> {
        let in_scope = self.textual.len();
        let named_here = names_imported(items, &self.rewriter.macro_prelude);
        let mut defined = Vec::new();
        for item in items {
            if cfg::is_off(item_attrs(item)) {
                self.edits.cut(item.span());
                continue;
            }
            match item {
                Item::Mod(m) => {
                    let handed_on = match &m.content {
                        Some((brace, inner)) => {
                            let mut path = inline.to_vec();
                            path.push(self.inline_module_dir(m, inline));
                            self.uses()
                                .import_prelude(brace.span.close().byte_range().start, inner);
                            self.items(inner, &path)?
                        }
                        None => self
                            .module_file(m, inline, items)?
                            .into_iter()
                            .map(|(name, text)| (name, Definition::Written(text)))
                            .collect(),
                    };
                    if m.attrs.iter().any(|a| a.path().is_ident("macro_use")) {
                        self.macro_use_at_root(m, inline, &handed_on);
                        defined.extend(handed_on);
                    }
                }
                Item::Macro(_) => {
                    if let Some(name) = macro_rules_name(item) {
                        self.allow_unused_own_macro(item, &name, inline);
                        defined.push((name.clone(), Definition::Here(item.span().byte_range())));
                        self.textual.push(name);
                    }
                }
                Item::Impl(imp) => {
                    let members = imp.items.iter().map(|m| (impl_member_attrs(m), m.span()));
                    self.cut_members_off_here(members);
                }
                Item::Trait(t) => {
                    let members = t.items.iter().map(|m| (trait_member_attrs(m), m.span()));
                    self.cut_members_off_here(members);
                }
                Item::ExternCrate(e) if self.rewriter.active => {
                    self.extern_crate(e, inline.is_empty())?
                }
                Item::Use(u) if self.rewriter.active => {
                    self.uses().use_of_dependency(item, u, inline.is_empty());
                    self.uses().macro_imports(u, inline.is_empty(), &named_here);
                }
                _ => {}
            }
        }
        // A module's `macro_rules!` are out of scope after it (`#[macro_use]` on a module
        // aside).
        self.textual.truncate(in_scope);
        // The last definition of a name is the one in scope at the end.
        let mut last: Vec<(String, Definition)> = Vec::new();
        for (name, definition) in defined.into_iter().rev() {
            if !last.iter().any(|(n, _)| *n == name) {
                last.insert(0, (name, definition));
            }
        }
        Ok(last)
    }

    /// Whether this walk is in a module of main.rs below its root, rewriting.
    fn in_main_module(&self, inline: &[String]) -> bool {
        let main_rs = self.rewriter.own_module.is_none();
        let at_root = self.at_bundle_root && inline.is_empty();
        self.rewriter.active && main_rs && !at_root
    }

    /// A `#[macro_use]` module `m` at main.rs's root, handing on `macros`: under cargo the
    /// root's calls of them mean them, but at the bundle's root a library's macro of the same
    /// name is an item too, and a `macro_rules!` brought from another module and an item of the
    /// same name are ambiguous (E0659). Those macros are defined again right after the module
    /// (a definition in the module itself wins over items), and its calls there are not
    /// rewritten (see [`std_macros::bare_calls`]).
    fn macro_use_at_root(
        &mut self,
        m: &syn::ItemMod,
        inline: &[String],
        macros: &[(String, Definition)],
    ) {
        let main_root = self.at_bundle_root && inline.is_empty() && self.rewriter.active;
        if !main_root || self.rewriter.own_module.is_some() {
            return;
        }
        let end = m.span().byte_range().end;
        self.macro_use_ends.push((end, macros.to_vec()));
    }

    /// main.rs's `macro_rules! name` (`item`) in a module below the root, named like a library's
    /// macro at the bundle's root: defined again at the root if a `#[macro_use]` brings it
    /// there (see [`Walker::macro_use_at_root`]), after which this one may be unused.
    fn allow_unused_own_macro(&mut self, item: &Item, name: &str, inline: &[String]) {
        if self.in_main_module(inline) && self.rewriter.root_macros.contains(name) {
            let start = item.span().byte_range().start;
            self.edits.push(Edit {
                range: start..start,
                text: "#[allow(unused_macros)]\n".to_string(),
            });
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
            self.edits.cut(e.span());
            return Ok(());
        }
        let Some(module) = self.rewriter.deps.get(&name) else {
            if name == "self" || super::scope::SYSROOT.contains(&name.as_str()) {
                return Ok(());
            }
            let kind = RefusalKind::UnknownExternCrate { name };
            return Err(Refusal::at(self.path, e.extern_token.span, kind).into());
        };
        let exports_macros = self
            .rewriter
            .dep_macros
            .get(module)
            .is_some_and(|m| !m.is_empty());
        let macro_use = e.attrs.iter().any(|a| a.path().is_ident("macro_use"));
        if macro_use && exports_macros && !top {
            let kind = RefusalKind::MacroUseInModule { name };
            return Err(Refusal::at(self.path, e.extern_token.span, kind).into());
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
        self.edits.replace(e.span().byte_range(), text);
        Ok(())
    }

    /// The folder an inline module's `mod x;` files are found in, as a component of `inline`:
    /// its name, or with `#[path = "p"]` the absolute folder `p` from where a `#[path]` file
    /// module would be looked for (which replaces the folders before it when joined).
    fn inline_module_dir(&self, m: &syn::ItemMod, inline: &[String]) -> String {
        let path = m
            .attrs
            .iter()
            .filter(|a| a.path().is_ident("path"))
            .find_map(|a| string_value(&a.meta));
        let Some(path) = path else {
            return unraw(&m.ident);
        };
        let base = self.path_attr_base(inline).join(path);
        std::path::absolute(&base)
            .unwrap_or(base)
            .to_string_lossy()
            .into_owned()
    }

    /// Where a `#[path]` in the module at `inline` of this file is relative to: the file's own
    /// folder at its top, the inline modules' folders below it.
    fn path_attr_base(&self, inline: &[String]) -> PathBuf {
        if inline.is_empty() {
            self.dirs.own.clone()
        } else {
            inline
                .iter()
                .fold(self.dirs.children.clone(), |d, c| d.join(c))
        }
    }

    /// The file module `m`, declared among `items` of the inline modules `inline` of this file;
    /// the macros it hands on with `#[macro_use]` (see [`splice_file`]).
    fn module_file(
        &mut self,
        m: &syn::ItemMod,
        inline: &[String],
        items: &[Item],
    ) -> Result<WrittenMacros> {
        let name = unraw(&m.ident);
        let path_attr = match m.attrs.iter().find(|a| a.path().is_ident("path")) {
            Some(attr) => Some((attr, attr.meta.clone())),
            None => self.cfg_attr_path(m)?,
        };
        let (file, dirs) = if let Some((attr, meta)) = &path_attr {
            let attr = *attr;
            let Some(value) = string_value(meta) else {
                bail!(
                    "{}: `#[path]` needs a string, as in #[path = \"file.rs\"]",
                    at(self.path, attr.span())
                )
            };
            let base = self.path_attr_base(inline);
            let file = base.join(value);
            if !is_file(&file) {
                let kind = RefusalKind::MissingModuleFile {
                    module: name,
                    looked_for: vec![file],
                };
                return Err(Refusal::at(self.path, m.ident.span(), kind).into());
            }
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
            // Each path is asked once: a library load records every answer (module `recorded`).
            let Some(file) = [&flat, &nested].into_iter().find(|p| is_file(p)).cloned() else {
                if self.cfg_not_surely_on(m) {
                    // Cargo built it, so its `#[cfg]` is off on this machine, and so on the
                    // judge's (one that turned it on would need the file too).
                    self.edits.cut(m.span());
                    return Ok(Vec::new());
                }
                let kind = RefusalKind::MissingModuleFile {
                    module: name,
                    looked_for: vec![flat, nested],
                };
                return Err(Refusal::at(self.path, m.ident.span(), kind).into());
            };
            let dirs = Dirs {
                children: base.join(&name),
                own: file.parent().map(Path::to_path_buf).unwrap_or(base.clone()),
            };
            (file, dirs)
        };
        // What `use super::*;` in the file brings: what the module around declares (for an
        // inline module in an inline module, what the first declares is not seen).
        let top = self.top.get_or_init(|| {
            let t: Vec<proc_macro2::TokenTree> = self.tokens.clone().into_iter().collect();
            Rc::new(level_hidden(self.rewriter, &t, self.start))
        });
        let around = if inline.is_empty() {
            top.clone()
        } else {
            let level = items.iter().map(|i| i.to_token_stream()).collect();
            Rc::new(top.module(self.rewriter, level))
        };
        let Some((child, handed_on)) = splice_file(
            &file,
            &dirs,
            self.rewriter,
            false,
            self.walk,
            self.textual,
            Some(around),
        )?
        else {
            self.edits.cut(m.span());
            return Ok(Vec::new());
        };
        if let Some((attr, _)) = path_attr {
            self.edits.cut(attr.span());
        }
        let semi = m.semi.expect("a file module ends with `;`");
        self.edits.push(Edit {
            range: semi.span.byte_range(),
            text: format!(" {{\n{}\n}}", child.trim_end()),
        });
        Ok(handed_on)
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
                cfg::Truth::Unknown => {
                    let kind = RefusalKind::CfgAttrPath {
                        module: unraw(&m.ident),
                    };
                    return Err(Refusal::at(self.path, attr.span(), kind).into());
                }
            }
        }
        Ok(found)
    }
}

/// The attributes of an impl member that can carry a `#[cfg]`.
fn impl_member_attrs(member: &ImplItem) -> Option<&[Attribute]> {
    match member {
        ImplItem::Const(c) => Some(&c.attrs),
        ImplItem::Fn(f) => Some(&f.attrs),
        ImplItem::Type(t) => Some(&t.attrs),
        ImplItem::Macro(m) => Some(&m.attrs),
        _ => None,
    }
}

/// The attributes of a trait member that can carry a `#[cfg]`.
fn trait_member_attrs(member: &TraitItem) -> Option<&[Attribute]> {
    match member {
        TraitItem::Const(c) => Some(&c.attrs),
        TraitItem::Fn(f) => Some(&f.attrs),
        TraitItem::Type(t) => Some(&t.attrs),
        TraitItem::Macro(m) => Some(&m.attrs),
        _ => None,
    }
}
