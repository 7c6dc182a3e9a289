//! Keeping only what the problem reaches in its library crates (grid-core and any workspace
//! crate it depends on), over their whole module tree.
//!
//! Reachability is by name and conservative: a named item is kept when its name is used as a
//! path by the problem or by anything kept; a trait also when one of its items' names is used
//! at all (its methods are called through glob imports without naming it); an inherent impl
//! member when its name is used at all; a trait impl when its type and trait are kept or are
//! not the library's; items without a name (macro calls, `const _`) always. This can keep too
//! much, never too little. Only `use` items are resolved by path, because a kept `use` of a
//! dropped item would not compile: each leaf is followed through modules, re-exports and globs,
//! and kept unless it surely names something dropped.

use std::collections::HashSet;

use quote::ToTokens;
use syn::{ImplItem, Item, ItemMod, UseTree};

use super::names::Used;
use super::scope::{
    defined_name, exported_macros_in_body, visit_body, Denotes, ModuleView, Scopes,
};
use super::syntax::{unraw, use_leaves};

/// One module of the tree (index 0 is the bundle's root, whose children are the crates).
struct Node {
    parent: Option<usize>,
    items: Vec<Item>,
    /// Child modules by item index (the item is an `ItemMod` shell without content).
    children: Vec<(usize, usize)>,
}

/// The library crates as one module tree.
pub struct Tree {
    nodes: Vec<Node>,
    /// `(node, item)` kept.
    kept: HashSet<(usize, usize)>,
    /// `(node, impl item, member)` kept in inherent impls.
    members: HashSet<(usize, usize, usize)>,
    /// Whether each node still has code.
    alive: Vec<bool>,
    /// Names resolved over the whole tree, before anything is dropped: what paths of the
    /// libraries' own code denote (impl headers, imports) while reachability grows.
    before: Scopes,
    /// Names resolved over what is kept (once reachability is known).
    after: Option<Scopes>,
}

impl Tree {
    /// The tree of `crates`, each an inline module at the bundle's root.
    pub fn new(crates: Vec<ItemMod>) -> Tree {
        let mut tree = Tree {
            nodes: vec![Node {
                parent: None,
                items: Vec::new(),
                children: Vec::new(),
            }],
            kept: HashSet::new(),
            members: HashSet::new(),
            alive: Vec::new(),
            before: Scopes::empty(),
            after: None,
        };
        let items = crates.into_iter().map(Item::Mod).collect();
        tree.fill(0, items);
        tree.before = tree.scopes(false);
        tree
    }

    fn fill(&mut self, node: usize, items: Vec<Item>) {
        let mut own = Vec::with_capacity(items.len());
        for (i, mut item) in items.into_iter().enumerate() {
            if let Item::Mod(m) = &mut item {
                if let Some((_, inner)) = m.content.as_mut() {
                    let inner = std::mem::take(inner);
                    let child = self.nodes.len();
                    self.nodes.push(Node {
                        parent: Some(node),
                        items: Vec::new(),
                        children: Vec::new(),
                    });
                    self.nodes[node].children.push((i, child));
                    self.fill(child, inner);
                }
            }
            own.push(item);
        }
        self.nodes[node].items = own;
    }

    /// Grows the kept set from what `used` names to a fixpoint.
    pub fn reach(&mut self, used: &mut Used) {
        loop {
            let mut changed = false;
            for n in 0..self.nodes.len() {
                for i in 0..self.nodes[n].items.len() {
                    changed |= self.reach_item(n, i, used);
                }
            }
            if !changed {
                break;
            }
        }
        self.alive = vec![false; self.nodes.len()];
        for n in (0..self.nodes.len()).rev() {
            let own = (0..self.nodes[n].items.len()).any(|i| self.kept.contains(&(n, i)));
            let child = self.nodes[n].children.iter().any(|&(_, c)| self.alive[c]);
            self.alive[n] = own || child;
        }
        // A module holding only re-exports (`pub mod prelude { pub use .. }`) must stay when
        // a path goes through it; what it re-exports may live in a module kept only so.
        loop {
            self.after = Some(self.scopes(true));
            let through = self.modules_in_live_uses();
            let revived: Vec<usize> = (0..self.nodes.len())
                .filter(|&n| !self.alive[n] && self.re_exports_reached(n, used, &through))
                .collect();
            if revived.is_empty() {
                break;
            }
            for mut n in revived {
                while !self.alive[n] {
                    self.alive[n] = true;
                    n = self.nodes[n].parent.unwrap_or(n);
                }
            }
        }
    }

    /// The names of the tree resolved: of everything (`pruned` false) or of what is kept.
    fn scopes(&self, pruned: bool) -> Scopes {
        let views: Vec<ModuleView> = self
            .nodes
            .iter()
            .map(|node| ModuleView {
                parent: node.parent,
                items: &node.items,
                children: &node.children,
            })
            .collect();
        if pruned {
            Scopes::new(
                &views,
                |n| self.alive[n],
                |n, i| self.kept.contains(&(n, i)),
            )
        } else {
            Scopes::new(&views, |_| true, |_, _| true)
        }
    }

    /// Keeps alive the modules that imports outside the tree's own `use` items name: the
    /// problem's (`use crate::grid_core::rect;`, a glob of a module; `paths` are written at
    /// the bundle's root) and those inside kept items' bodies (`fn f() { use super::m::*; }`).
    /// A module nothing else keeps would leave such an import dangling; it stays, even empty.
    pub fn keep_imported_modules(&mut self, paths: &[Vec<String>]) {
        let mut imports: Vec<(usize, Vec<String>, bool)> =
            paths.iter().map(|p| (0, p.clone(), false)).collect();
        for (n, node) in self.nodes.iter().enumerate() {
            for (i, item) in node.items.iter().enumerate() {
                if self.kept.contains(&(n, i)) && !matches!(item, Item::Use(_) | Item::Mod(_)) {
                    let mut nested = NestedUses(Vec::new());
                    syn::visit::Visit::visit_item(&mut nested, item);
                    imports.extend(nested.0.into_iter().map(|(p, l)| (n, p, l)));
                }
            }
        }
        for (n, path, leading) in imports {
            for target in self.before.resolve(n, &path, leading) {
                if let Denotes::Module(mut m) = target {
                    while !self.alive[m] {
                        self.alive[m] = true;
                        m = self.nodes[m].parent.unwrap_or(m);
                    }
                }
            }
        }
        self.after = Some(self.scopes(true));
    }

    /// Whether module `n` is named in a path and one of its `pub use` leaves brings in
    /// something used that survives.
    fn re_exports_reached(&self, n: usize, used: &Used, through: &HashSet<String>) -> bool {
        let named = |name: String| used.path(&name) || through.contains(&name);
        if !self.module_name(n).is_some_and(named) {
            return false;
        }
        self.nodes[n].items.iter().any(|item| {
            let Item::Use(u) = item else { return false };
            if matches!(u.vis, syn::Visibility::Inherited) {
                return false;
            }
            let mut leaves = Vec::new();
            use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
            leaves.iter().any(|(path, visible)| {
                let named = visible.as_deref().is_none_or(|name| used.path(name));
                named && self.leaf_kept(n, path, u.leading_colon.is_some())
            })
        })
    }

    /// The modules the `use` paths of live modules go through (`prelude` in `use
    /// crate::prelude::Grid;` and in `use crate::prelude::*;`): an import through a module that
    /// only re-exports names it, though no code does. Those of the modules so named count too:
    /// a chain of re-exports (`r2` hands on what `r1` hands on) names each of its hops.
    fn modules_in_live_uses(&self) -> HashSet<String> {
        let mut through = HashSet::new();
        let mut counted = vec![false; self.nodes.len()];
        loop {
            let mut grew = false;
            for (n, node) in self.nodes.iter().enumerate() {
                let named = self.module_name(n).is_some_and(|m| through.contains(&m));
                if counted[n] || !(self.alive[n] || named) {
                    continue;
                }
                counted[n] = true;
                grew = true;
                for item in &node.items {
                    let Item::Use(u) = item else { continue };
                    let mut leaves = Vec::new();
                    use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                    for (path, visible) in leaves {
                        let modules = if visible.is_some() {
                            &path[..path.len().saturating_sub(1)]
                        } else {
                            &path[..]
                        };
                        through.extend(
                            modules
                                .iter()
                                .filter(|m| !["crate", "self", "super"].contains(&m.as_str()))
                                .cloned(),
                        );
                    }
                }
            }
            if !grew {
                return through;
            }
        }
    }

    /// The name of module `n` (none for the bundle's root).
    fn module_name(&self, n: usize) -> Option<String> {
        let parent = &self.nodes[self.nodes[n].parent?];
        let &(at, _) = parent.children.iter().find(|&&(_, c)| c == n)?;
        match &parent.items[at] {
            Item::Mod(m) => Some(unraw(&m.ident)),
            _ => None,
        }
    }

    fn keep(&mut self, n: usize, i: usize, used: &mut Used) -> bool {
        if self.kept.insert((n, i)) {
            used.add(self.nodes[n].items[i].to_token_stream());
            true
        } else {
            false
        }
    }

    fn reach_item(&mut self, n: usize, i: usize, used: &mut Used) -> bool {
        let item = &self.nodes[n].items[i];
        match item {
            Item::Mod(_) => false,
            Item::Use(u) => {
                let mut leaves = Vec::new();
                use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                let mut changed = false;
                for (path, visible) in leaves {
                    if self.leaf_reached(&path, visible.as_deref(), used) {
                        for name in self.imported_items(&path) {
                            changed |= used.add_path(name);
                        }
                    }
                }
                changed
            }
            Item::Impl(imp) => {
                if imp.trait_.is_some() {
                    if self.impl_available(n, imp, used) {
                        return self.keep(n, i, used);
                    }
                    return false;
                }
                if !self.impl_available(n, imp, used) {
                    return false;
                }
                let wanted: Vec<usize> = imp
                    .items
                    .iter()
                    .enumerate()
                    .filter(|(_, member)| impl_item_name(member).is_none_or(|name| used.any(&name)))
                    .map(|(j, _)| j)
                    .collect();
                let mut changed = false;
                for j in wanted {
                    if self.members.insert((n, i, j)) {
                        let Item::Impl(imp) = &self.nodes[n].items[i] else {
                            unreachable!()
                        };
                        used.add(imp.items[j].to_token_stream());
                        // `Generics` prints without its where clause, which may name a trait.
                        used.add(imp.generics.to_token_stream());
                        used.add(imp.generics.where_clause.to_token_stream());
                        used.add(imp.self_ty.to_token_stream());
                        self.kept.insert((n, i));
                        changed = true;
                    }
                }
                changed
            }
            Item::Trait(t) => {
                let reached = used.path(&unraw(&t.ident))
                    || t.items
                        .iter()
                        .any(|member| trait_item_name(member).is_some_and(|name| used.any(&name)));
                reached && self.keep(n, i, used)
            }
            _ => match defined_name(item) {
                // An impl or an exported macro in a body counts wherever the body is.
                Some(name) => {
                    (used.path(&name) || body_items_reached(item, used)) && self.keep(n, i, used)
                }
                // Nothing names it, so nothing can tell it is unused: keep it.
                None => self.keep(n, i, used),
            },
        }
    }

    /// Whether a `use` leaf brings in something used: its name (`_`: a trait for its methods),
    /// or for a glob of an enum's variants (`use Dir::*`) one of the variants.
    fn leaf_reached(&self, path: &[String], visible: Option<&str>, used: &Used) -> bool {
        match visible {
            Some(name) => name == "_" || used.path(name),
            None => path
                .last()
                .is_some_and(|holder| self.enum_variant_used(holder, used)),
        }
    }

    /// The items a used import uses: the one it brings in (under another name for `as`), and
    /// the enum whose variants it brings in. Not its modules: a module is kept by its items,
    /// and its name would keep methods of the same name (`components` and `fn components`).
    fn imported_items<'p>(&self, path: &'p [String]) -> Vec<&'p String> {
        let mut names: Vec<&String> = path.last().into_iter().collect();
        if let [.., holder, _] = path {
            if self.defines_enum(holder) {
                names.push(holder);
            }
        }
        names
    }

    /// The enums of these crates named `name`.
    fn enums_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a syn::ItemEnum> {
        self.nodes
            .iter()
            .flat_map(|node| &node.items)
            .filter_map(move |item| match item {
                Item::Enum(e) if unraw(&e.ident) == name => Some(e),
                _ => None,
            })
    }

    /// Whether some enum of these crates is named `name`.
    fn defines_enum(&self, name: &str) -> bool {
        self.enums_named(name).next().is_some()
    }

    /// Whether some enum of these crates named `name` has a variant used as a path.
    fn enum_variant_used(&self, name: &str, used: &Used) -> bool {
        self.enums_named(name)
            .any(|e| e.variants.iter().any(|v| used.path(&unraw(&v.ident))))
    }

    /// Whether an impl (in node `n`) has its type and trait kept, or not items of these crates.
    fn impl_available(&self, n: usize, imp: &syn::ItemImpl, used: &Used) -> bool {
        let available =
            |name: &String| !self.defines(name) || used.path(name) || self.trait_kept(name);
        // An impl on a type alias is an impl on the aliased type, reached by either name.
        // The name written may be an import's (`use super::Cell as Node; impl Node {..}`): the
        // items the path resolves to are reached by their own names too.
        let self_ok = match &*imp.self_ty {
            syn::Type::Path(p) => {
                let path = segments(&p.path);
                let name = path.last().cloned().unwrap_or_default();
                !self.names_ours(n, &path, is_type_item)
                    || std::iter::once(name)
                        .chain(self.resolved_names(n, &path, is_type_item))
                        .any(|name| self.alias_chain(&name).iter().any(available))
            }
            _ => true,
        };
        let trait_ok = imp.trait_.as_ref().is_none_or(|(_, trait_path, _)| {
            let path = segments(trait_path);
            let name = path.last().cloned().unwrap_or_default();
            !self.names_ours(n, &path, is_trait_item)
                || available(&name)
                || self
                    .resolved_names(n, &path, is_trait_item)
                    .iter()
                    .any(available)
        });
        self_ok && trait_ok
    }

    /// Whether `path`, written in node `n`, may name an item of these crates that `kind`
    /// accepts. It is resolved from `n`: a path that leads into std, core or alloc names none
    /// (`std::ops::Add`; `Add` after `use std::ops::Add;`, or through a glob of a module that
    /// imports it so; `ops::Add` after `use std::ops;`), whatever these crates call `Add`. Where
    /// it resolves to nothing the resolver follows, any item of that kind and name in these
    /// crates may be the one.
    fn names_ours(&self, n: usize, path: &[String], kind: fn(&Item) -> bool) -> bool {
        let Some(name) = path.last() else {
            return false;
        };
        let found = self.before.resolve(n, path, false);
        // Nothing here or through its imports: the name is the prelude's, as it is for
        // `impl Iterator for C` or `impl Total for Vec<i64>` beside an unused `trait Iterator`
        // or `struct Vec` of these crates.
        if path.len() == 1 && found.is_empty() && PRELUDE.contains(&name.as_str()) {
            return false;
        }
        if found
            .iter()
            .any(|d| matches!(d, Denotes::Item(m, i) if kind(&self.nodes[*m].items[*i])))
        {
            return true;
        }
        found.is_empty()
            && self.nodes.iter().any(|node| {
                node.items
                    .iter()
                    .any(|item| kind(item) && defined_name(item).as_deref() == Some(name))
            })
    }

    /// The names of the items of `kind` in these crates that `path`, written in node `n`,
    /// resolves to (through imports, under whatever name they bring it in).
    fn resolved_names(&self, n: usize, path: &[String], kind: fn(&Item) -> bool) -> Vec<String> {
        self.before
            .resolve(n, path, false)
            .into_iter()
            .filter_map(|d| match d {
                Denotes::Item(m, i) if kind(&self.nodes[m].items[i]) => {
                    defined_name(&self.nodes[m].items[i])
                }
                _ => None,
            })
            .collect()
    }

    /// `name` and what it is an alias of, through `type A = B;` items, transitively. An alias
    /// of a type without a name (`(usize, usize)`, `[u8; 3]`, `&str`) ends the chain with
    /// [`UNNAMED_TYPE`], which no item defines: an impl on it is an impl on a type that is
    /// always there, kept like `impl Trait for (usize, usize)` (code calls its methods on
    /// tuples and arrays without naming the alias).
    fn alias_chain(&self, name: &str) -> Vec<String> {
        let mut chain = vec![name.to_string()];
        let mut at = 0;
        while at < chain.len() && chain.len() <= 16 {
            for item in self.nodes.iter().flat_map(|node| &node.items) {
                let Item::Type(alias) = item else { continue };
                let target = type_name(&alias.ty).unwrap_or_else(|| UNNAMED_TYPE.to_string());
                if unraw(&alias.ident) == chain[at] && !chain.contains(&target) {
                    chain.push(target);
                }
            }
            at += 1;
        }
        chain
    }

    fn defines(&self, name: &str) -> bool {
        self.nodes.iter().any(|node| {
            node.items
                .iter()
                .any(|item| defined_name(item).as_deref() == Some(name))
        })
    }

    fn trait_kept(&self, name: &str) -> bool {
        self.nodes.iter().enumerate().any(|(n, node)| {
            node.items.iter().enumerate().any(|(i, item)| {
                matches!(item, Item::Trait(t) if unraw(&t.ident) == name)
                    && self.kept.contains(&(n, i))
            })
        })
    }

    /// The kept crates as modules, in order; crates with nothing kept are left out.
    pub fn rebuild(self, shells: Vec<ItemMod>) -> Vec<ItemMod> {
        let mut out = Vec::new();
        for (k, mut shell) in shells.into_iter().enumerate() {
            let (_, node) = self.nodes[0].children[k];
            if self.alive[node] {
                shell.content = Some((Default::default(), self.rebuild_node(node)));
                out.push(shell);
            }
        }
        out
    }

    fn rebuild_node(&self, n: usize) -> Vec<Item> {
        let node = &self.nodes[n];
        let mut out = Vec::new();
        for (i, item) in node.items.iter().enumerate() {
            match item {
                Item::Mod(m) => {
                    if let Some(&(_, child)) = node.children.iter().find(|(at, _)| *at == i) {
                        if self.alive[child] {
                            let mut m = m.clone();
                            m.content = Some((Default::default(), self.rebuild_node(child)));
                            out.push(Item::Mod(m));
                        }
                    }
                }
                Item::Use(u) => {
                    if let Some(tree) =
                        self.filter_use(n, &mut Vec::new(), &u.tree, u.leading_colon.is_some())
                    {
                        let mut u = u.clone();
                        u.tree = tree;
                        out.push(Item::Use(u));
                    }
                }
                Item::Impl(imp) if imp.trait_.is_none() => {
                    if self.kept.contains(&(n, i)) {
                        let mut imp = imp.clone();
                        imp.items = std::mem::take(&mut imp.items)
                            .into_iter()
                            .enumerate()
                            .filter(|(j, _)| self.members.contains(&(n, i, *j)))
                            .map(|(_, member)| member)
                            .collect();
                        out.push(Item::Impl(imp));
                    }
                }
                _ => {
                    if self.kept.contains(&(n, i)) {
                        out.push(item.clone());
                    }
                }
            }
        }
        out
    }

    /// A `use` tree without the leaves that name dropped items or modules.
    fn filter_use(
        &self,
        n: usize,
        prefix: &mut Vec<String>,
        tree: &UseTree,
        leading: bool,
    ) -> Option<UseTree> {
        match tree {
            UseTree::Path(p) => {
                prefix.push(unraw(&p.ident));
                let inner = self.filter_use(n, prefix, &p.tree, leading);
                prefix.pop();
                inner.map(|inner| {
                    let mut p = p.clone();
                    p.tree = Box::new(inner);
                    UseTree::Path(p)
                })
            }
            UseTree::Name(name) => {
                let mut path = prefix.clone();
                if name.ident != "self" {
                    path.push(unraw(&name.ident));
                }
                self.leaf_kept(n, &path, leading).then(|| tree.clone())
            }
            UseTree::Rename(r) => {
                let mut path = prefix.clone();
                if r.ident != "self" {
                    path.push(unraw(&r.ident));
                }
                self.leaf_kept(n, &path, leading).then(|| tree.clone())
            }
            UseTree::Glob(_) => self.leaf_kept(n, prefix, leading).then(|| tree.clone()),
            UseTree::Group(g) => {
                let items: Vec<UseTree> = g
                    .items
                    .iter()
                    .filter_map(|t| self.filter_use(n, prefix, t, leading))
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

    /// Whether a `use` leaf of node `n` still names something once pruning is done: it does
    /// when it resolves among what is kept, or when it never named an item of these crates
    /// (std's, or beyond what the resolver follows: the compiler decides).
    fn leaf_kept(&self, n: usize, path: &[String], leading: bool) -> bool {
        if path.is_empty() {
            return true;
        }
        let Some(after) = &self.after else {
            return true;
        };
        !after.resolve(n, path, leading).is_empty()
            || self.before.resolve(n, path, leading).is_empty()
    }
}

/// The leaves of the `use` items inside an item (in function bodies, blocks, consts), each
/// with whether its path starts with `::`.
struct NestedUses(Vec<(Vec<String>, bool)>);

impl<'ast> syn::visit::Visit<'ast> for NestedUses {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut leaves = Vec::new();
        use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
        let leading = u.leading_colon.is_some();
        self.0
            .extend(leaves.into_iter().map(|(path, _)| (path, leading)));
    }

    // A module in a body has its own scope: its imports are not resolved from here.
    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}
}

/// The primitive types and the std types every program names, whose use says nothing about
/// which impls for them it reaches.
const PRIMITIVES: &[&str] = &[
    "bool", "char", "str", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64",
    "u128", "usize", "f32", "f64", "String", "Vec", "Option", "Result", "Box",
];

/// What [`Tree::alias_chain`] calls the target of an alias of a tuple, array, slice, reference
/// or function pointer type (not an identifier, so no item is named so).
const UNNAMED_TYPE: &str = "(unnamed type)";

/// The types and traits every module of an edition-2021 crate may name without importing them
/// (std's prelude and the primitive types).
const PRELUDE: &[&str] = &[
    "Copy",
    "Send",
    "Sized",
    "Sync",
    "Unpin",
    "Drop",
    "Fn",
    "FnMut",
    "FnOnce",
    "Box",
    "ToOwned",
    "Clone",
    "PartialEq",
    "PartialOrd",
    "Eq",
    "Ord",
    "AsRef",
    "AsMut",
    "Into",
    "From",
    "Default",
    "Iterator",
    "Extend",
    "IntoIterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Option",
    "Result",
    "String",
    "ToString",
    "Vec",
    "TryFrom",
    "TryInto",
    "FromIterator",
    "bool",
    "char",
    "str",
    "f32",
    "f64",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
];

/// The segments of a path, without their generic arguments (`std::ops::Range<usize>`: `std`,
/// `ops`, `Range`).
/// Whether `item` holds in its body an item that takes effect outside it and is `used`: an
/// impl (its methods are callable wherever its type is) whose trait or one of whose members is
/// named, or whose type is (a type of the libraries: `impl Half for i64` is not reached by
/// `i64`), or a `#[macro_export]` macro that is called (it is at the crate's root).
fn body_items_reached(item: &Item, used: &Used) -> bool {
    struct Find<'u> {
        used: &'u Used,
        reached: bool,
    }
    impl<'ast> syn::visit::Visit<'ast> for Find<'_> {
        fn visit_item_impl(&mut self, imp: &'ast syn::ItemImpl) {
            let trait_name = imp
                .trait_
                .as_ref()
                .and_then(|(_, path, _)| path.segments.last())
                .map(|s| unraw(&s.ident));
            let members = imp.items.iter().filter_map(impl_item_name);
            let own_type = type_name(&imp.self_ty).filter(|t| !PRIMITIVES.contains(&t.as_str()));
            self.reached |= trait_name
                .into_iter()
                .chain(members)
                .chain(own_type)
                .any(|n| self.used.any(&n));
        }
    }
    let mut find = Find {
        used,
        reached: exported_macros_in_body(item).iter().any(|m| used.any(m)),
    };
    visit_body(item, &mut find);
    find.reached
}

fn segments(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| unraw(&s.ident)).collect()
}

/// Whether an item is a type an impl may be for.
fn is_type_item(item: &Item) -> bool {
    matches!(
        item,
        Item::Struct(_) | Item::Enum(_) | Item::Union(_) | Item::Type(_) | Item::Trait(_)
    )
}

/// Whether an item is a trait an impl may be of.
fn is_trait_item(item: &Item) -> bool {
    matches!(item, Item::Trait(_) | Item::TraitAlias(_))
}

fn impl_item_name(item: &ImplItem) -> Option<String> {
    match item {
        ImplItem::Fn(f) => Some(unraw(&f.sig.ident)),
        ImplItem::Const(c) => Some(unraw(&c.ident)),
        ImplItem::Type(t) => Some(unraw(&t.ident)),
        _ => None,
    }
}

fn trait_item_name(item: &syn::TraitItem) -> Option<String> {
    match item {
        syn::TraitItem::Fn(f) => Some(unraw(&f.sig.ident)),
        syn::TraitItem::Const(c) => Some(unraw(&c.ident)),
        syn::TraitItem::Type(t) => Some(unraw(&t.ident)),
        _ => None,
    }
}

/// The last identifier of a path type (`Grid` for `Grid<T>`), if it is one.
fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| unraw(&s.ident)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `lib` bundled as module `lib` for a problem whose code is `user`, printed.
    fn pruned(lib: &str, user: &str) -> String {
        pruned_with_imports(lib, user, &[])
    }

    /// [`pruned`], where the problem's own code imports `imports` (paths from the bundle's
    /// root) from the library.
    pub(super) fn pruned_with_imports(lib: &str, user: &str, imports: &[Vec<String>]) -> String {
        let module: ItemMod = syn::parse_str(&format!("pub mod lib {{ {lib} }}")).unwrap();
        let shell = ItemMod {
            content: None,
            ..module.clone()
        };
        let mut used = Used::default();
        used.add(user.parse().unwrap());
        let mut tree = Tree::new(vec![module]);
        tree.reach(&mut used);
        tree.keep_imported_modules(imports);
        let items = tree
            .rebuild(vec![shell])
            .into_iter()
            .map(Item::Mod)
            .collect();
        prettyplease::unparse(&syn::File {
            shebang: None,
            attrs: Vec::new(),
            items,
        })
    }

    #[test]
    fn an_import_of_a_dropped_exported_macro_goes_with_it() {
        let lib = "pub mod m { use crate::sq; pub fn area(x: i64) -> i64 { sq!(x) } \
                   pub fn id(x: i64) -> i64 { x } } \
                   #[macro_export] macro_rules! sq { ($x:expr) => { $x * $x }; }";
        let only_id = pruned(lib, "crate::lib::m::id(1)");
        assert!(
            !only_id.contains("sq") && only_id.contains("fn id"),
            "{only_id}"
        );
        let area = pruned(lib, "crate::lib::m::area(1)");
        assert!(
            area.contains("use crate::sq;") && area.contains("macro_rules! sq"),
            "{area}"
        );
    }

    #[test]
    fn an_impl_of_std_trait_stays_beside_unused_items_named_like_it() {
        let lib = "pub mod unused { pub struct Add; pub struct Range; pub trait Hash {} } \
                   pub mod num { use std::hash::Hash; use std::ops::Range; \
                   pub struct Mint(pub u64); \
                   impl std::ops::Add for Mint { type Output = Mint; \
                       fn add(self, o: Mint) -> Mint { Mint(self.0 + o.0) } } \
                   impl Hash for Mint { fn hash<H: std::hash::Hasher>(&self, h: &mut H) {} } \
                   pub trait Span { fn span(&self) -> usize; } \
                   impl Span for Range<usize> { fn span(&self) -> usize { 0 } } }";
        let kept = pruned(
            lib,
            "use crate::lib::num::{Mint, Span}; Mint(1) + Mint(2); (0..1).span()",
        );
        for impl_header in [
            "impl std::ops::Add for Mint",
            "impl Hash for Mint",
            "impl Span for Range<usize>",
        ] {
            assert!(kept.contains(impl_header), "{impl_header} in\n{kept}");
        }
        // Through a module imported from std (`use std::ops; impl ops::Add`), or a glob of a
        // module that imports the trait from std, beside an unused trait of the same name.
        let lib = "pub trait Add {} pub trait Display {} \
                   pub mod num { use std::ops; use std::fmt; pub struct M; \
                   impl ops::Add for M { type Output = M; fn add(self, o: M) -> M { o } } \
                   impl fmt::Display for M { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) } } } \
                   pub mod outer { use std::ops::Add; pub mod inner { use super::*; pub struct N; \
                   impl Add for N { type Output = N; fn add(self, o: N) -> N { o } } } }";
        let kept = pruned(lib, "crate::lib::num::M; crate::lib::outer::inner::N");
        for impl_header in [
            "impl ops::Add for M",
            "impl fmt::Display for M",
            "impl Add for N",
        ] {
            assert!(kept.contains(impl_header), "{impl_header} in\n{kept}");
        }
        // Through the prelude, with no import at all (`impl Iterator for C`, `impl Total for
        // Vec<i64>`), beside an unused trait or type of the same name in another module.
        let lib = "pub mod mine { pub trait Iterator {} pub struct Vec; pub trait Default {} } \
                   pub struct C(pub u32); pub trait Total { fn total(&self) -> i64; } \
                   impl Iterator for C { type Item = u32; fn next(&mut self) -> Option<u32> { None } } \
                   impl Default for C { fn default() -> C { C(0) } } \
                   impl Total for Vec<i64> { fn total(&self) -> i64 { 0 } }";
        let kept = pruned(
            lib,
            "use crate::lib::{C, Total}; C(0).count(); vec![1].total()",
        );
        for impl_header in [
            "impl Iterator for C",
            "impl Default for C",
            "impl Total for Vec<i64>",
        ] {
            assert!(kept.contains(impl_header), "{impl_header} in\n{kept}");
        }
        // A trait of these crates named like std's still goes when nothing keeps it.
        let lib = "pub trait Add {} pub struct Mint; impl Add for Mint {}";
        let without = pruned(lib, "crate::lib::Mint");
        assert!(!without.contains("impl Add"), "{without}");
    }

    #[test]
    fn variants_reached_through_a_glob_keep_their_enum_and_its_imports() {
        let lib = "pub mod dirs { pub enum Compass { North, East } pub use self::Compass::*; } \
                   pub use dirs::East; pub fn twice(x: i64) -> i64 { x * 2 }";
        let none = pruned(lib, "crate::lib::twice(1)");
        assert!(
            !none.contains("dirs") && none.contains("fn twice"),
            "{none}"
        );
        for user in ["crate::lib::dirs::North", "crate::lib::East"] {
            let kept = pruned(lib, user);
            assert!(kept.contains("pub enum Compass"), "{user}:\n{kept}");
            assert!(
                kept.contains("pub use self::Compass::*;"),
                "{user}:\n{kept}"
            );
        }
        let through_root = pruned(lib, "crate::lib::East");
        assert!(
            through_root.contains("pub use dirs::East;"),
            "{through_root}"
        );
    }

    /// Asserts that the pruned text `out` holds each of `present`.
    fn assert_has_all(out: &str, present: &[&str]) {
        for present in present {
            assert!(out.contains(present), "`{present}` missing:\n{out}");
        }
    }

    #[test]
    fn a_used_import_keeps_what_it_names_under_any_name() {
        let lib = "pub mod a { pub fn f() {} pub fn g() {} } \
                   pub use a::f as renamed; pub use a::{g}; pub fn unused() {}";
        let out = pruned(lib, "crate::lib::renamed(); crate::lib::g();");
        assert_has_all(
            &out,
            &[
                "pub fn f",
                "pub fn g",
                "pub use a::f as renamed;",
                "pub use a::g;",
            ],
        );
        assert!(!out.contains("unused"), "{out}");
    }

    #[test]
    fn an_impl_through_an_import_under_another_name_is_kept_for_what_it_imports() {
        let lib = "pub struct Cell; pub trait Weight { fn weight(&self) -> i64; } \
                   pub mod graph { pub struct Node; pub struct W; } \
                   mod methods { use super::Cell as Node; use super::Weight as W; \
                   impl Node { pub fn get(&self) -> i64 { 1 } } \
                   impl W for Node { fn weight(&self) -> i64 { 2 } } }";
        let out = pruned(
            lib,
            "use crate::lib::Weight; crate::lib::Cell.get() + x.weight()",
        );
        assert_has_all(&out, &["impl Node", "fn get", "impl W for Node"]);
    }

    #[test]
    fn an_impl_on_an_alias_is_kept_for_the_aliased_type() {
        let lib = "pub struct Inner(pub i64); pub type Alias = Inner; pub type Twice = Alias; \
                   impl Alias { pub fn doubled(&self) -> i64 { self.0 * 2 } } \
                   impl Twice { pub fn tripled(&self) -> i64 { self.0 * 3 } } \
                   impl Default for Twice { fn default() -> Self { Inner(0) } } \
                   pub struct Other; pub type OtherAlias = Other; \
                   impl OtherAlias { pub fn doubled(&self) {} }";
        let out = pruned(lib, "crate::lib::Inner(7).doubled() + x.tripled()");
        assert_has_all(
            &out,
            &[
                "type Alias = Inner",
                "type Twice = Alias",
                "fn doubled",
                "fn tripled",
            ],
        );
        assert!(out.contains("impl Default for Twice"), "{out}");
        assert!(
            !out.contains("Other"),
            "an alias of a dropped type stays out:\n{out}"
        );
    }

    #[test]
    fn a_module_of_re_exports_stays_when_the_problem_goes_through_it() {
        let lib = "pub mod a { pub fn f() {} pub enum E { X } } \
                   pub mod prelude { pub use crate::lib::a::f; } \
                   pub mod globs { pub use crate::lib::a::*; } \
                   pub mod variants { pub use crate::lib::a::E::*; }";
        let out = pruned(
            lib,
            "crate::lib::prelude::f(); crate::lib::globs::f(); crate::lib::variants::X;",
        );
        assert_has_all(
            &out,
            &[
                "pub mod prelude",
                "pub mod globs",
                "pub mod variants",
                "pub enum E",
            ],
        );
    }
}

#[cfg(test)]
#[path = "prune_imports_tests.rs"]
mod imports_tests;
