//! Macro imports in `use` items: `#[macro_export]` macros live at the bundle's root, not in
//! their crate's module, so a `use` naming one is rewritten to import it from the root, and
//! every module imports the macros its crate's root brings in.

use std::collections::HashSet;

use syn::spanned::Spanned;
use syn::{Item, UseTree};

use super::edits::{Edit, Edits};
use super::rewriter::Rewriter;
use super::syntax::{macro_rules_name, unraw, use_leaves, vis_prefix};

/// The `use` rewrites of one file, added to its edits.
pub(super) struct UseEdits<'a> {
    /// How the crate's paths change.
    pub rewriter: &'a Rewriter,
    /// Whether the file is the bundle's root (main.rs).
    pub at_bundle_root: bool,
    /// The file's edits.
    pub edits: &'a mut Edits,
    /// The `macro_rules!` names in textual scope where the walk is.
    pub textual: &'a [String],
}

/// The names the `use` items among `items` bring in.
fn imported_names(items: &[Item]) -> Vec<String> {
    let mut imported = Vec::new();
    for item in items {
        if let Item::Use(u) = item {
            let mut leaves = Vec::new();
            use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
            imported.extend(leaves.into_iter().filter_map(|(_, visible)| visible));
        }
    }
    imported
}

impl UseEdits<'_> {
    /// Imports the crate's macro prelude ([`Rewriter::macro_prelude`]) at byte `at`, the end
    /// of a module's `items` (a `use` works anywhere in its module). A name the crate's own
    /// `macro_rules!` gives there (before the module, around it, or in it) is left out: that
    /// macro shadows the prelude's under cargo, and beside an import it would be ambiguous. So
    /// is a name the module imports itself, which shadows the prelude's too (and imported
    /// twice would be E0252).
    pub(super) fn import_prelude(&mut self, at: usize, items: &[Item]) {
        let in_module: Vec<String> = items.iter().filter_map(macro_rules_name).collect();
        let imported = imported_names(items);
        let names: Vec<String> = self
            .rewriter
            .macro_prelude
            .iter()
            .filter(|name| {
                !self.textual.contains(name)
                    && !in_module.contains(name)
                    && !imported.contains(name)
            })
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
    pub(super) fn import_own_macros(&mut self, at: usize, items: &[Item]) {
        let imported = imported_names(items);
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

    /// `use dep;` and `use dep::{self, ..}` bring the crate's name into a module. Every
    /// `dep::` path is rewritten to `crate::<module>::` anyway, so at the bundle's root (where
    /// the module itself is) the import goes, and elsewhere it is allowed to be unused. So is
    /// another name for the crate (`use dep as d;`, `use dep::{self as d}`): its calls of the
    /// crate's exported macros become `crate::m!`, and they may have been its only uses.
    pub(super) fn use_of_dependency(&mut self, item: &Item, u: &syn::ItemUse, top: bool) {
        let is_dep = |ident: &syn::Ident| self.rewriter.deps.contains_key(&unraw(ident));
        let mut selfs = Vec::new();
        let renamed_self = |t: &UseTree| matches!(t, UseTree::Rename(r) if r.ident == "self");
        let renamed = match &u.tree {
            UseTree::Rename(r) => is_dep(&r.ident),
            UseTree::Path(p) if is_dep(&p.ident) => {
                matches!(&*p.tree, UseTree::Group(g) if g.items.iter().any(renamed_self))
            }
            _ => false,
        };
        if renamed {
            self.allow_unused(u);
        }
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
                self.edits.replace(range, String::new());
            }
        } else if !renamed {
            self.allow_unused(u);
        }
    }

    /// Allows `u` to be unused: `#[allow(unused_imports)]` just before its `pub`/`use`, after
    /// any doc comment (which is cut on its own).
    fn allow_unused(&mut self, u: &syn::ItemUse) {
        let start = match &u.vis {
            syn::Visibility::Inherited => u.use_token.span.byte_range().start,
            vis => vis.span().byte_range().start,
        };
        self.edits.push(Edit {
            range: start..start,
            text: "#[allow(unused_imports)] ".to_string(),
        });
    }

    /// `use dep::{a_macro, ..}`, `use dep::*` and, in a library, `use crate::{a_macro, ..}`
    /// name `#[macro_export]` macros, which live at the bundle's root, not in the crate's
    /// module: each such macro is taken out of the `use` and imported from the root on its
    /// own (at the root itself, where it already is, not at all); a glob of the crate's root
    /// imports all of its macros that way. So are the paths of a group at the top of the
    /// `use` (`use {dep::a_macro, std::fmt::Write};`).
    ///
    /// `named_here` are the names the module imports one by one (see `names_imported`): a
    /// glob's macro of such a name is imported by that import already.
    pub(super) fn macro_imports(
        &mut self,
        u: &syn::ItemUse,
        top: bool,
        named_here: &HashSet<String>,
    ) {
        let at_root = self.at_bundle_root && top;
        let mut imports: Vec<String> = Vec::new();
        match &u.tree {
            UseTree::Path(p) => {
                if self.path_macros(p, at_root, named_here, &mut imports) {
                    self.edits.cut(u.span());
                }
            }
            UseTree::Group(g) => {
                let taken: Vec<usize> = (0..g.items.len())
                    .filter(|&index| match &g.items[index] {
                        UseTree::Path(p) => self.path_macros(p, at_root, named_here, &mut imports),
                        _ => false,
                    })
                    .collect();
                if taken.len() == g.items.len() {
                    self.edits.cut(u.span());
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
    /// root imports of the `#[macro_export]` macros it names (see [`UseEdits::macro_imports`])
    /// and cuts them out of its group. Returns whether the whole path names such macros (its
    /// caller cuts it then).
    fn path_macros(
        &mut self,
        p: &syn::UsePath,
        at_root: bool,
        named_here: &HashSet<String>,
        imports: &mut Vec<String>,
    ) -> bool {
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
        // A name that is an item too comes through the glob as the item; calls of the macro
        // by that name get its path (see `paths::level_hidden`). Imported from the
        // root, it would bring whatever the root has of that name, main.rs's items included,
        // and that import would beat the glob's item.
        let all_macros = || {
            let mut names: Vec<String> = macros
                .iter()
                .filter(|name| !items.contains(*name) && !named_here.contains(*name))
                .cloned()
                .collect();
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
            self.edits.replace(range, String::new());
        }
    }
}
