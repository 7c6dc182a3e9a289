//! What each name of the libraries' module tree denotes, with imports resolved to a fixpoint
//! the way rustc resolves them: items and modules first, then every `use` leaf (globs
//! included, each bringing only the names visible to the importing module) until nothing
//! changes. Built once over the whole tree and once over what pruning keeps, it tells an
//! import whose target went (drop the leaf) from one whose target stays or was never ours
//! (std, core, alloc: keep it).

use std::collections::{BTreeSet, HashMap};

use syn::{Item, Visibility};

use super::syntax::{unraw, use_leaves};

/// What a name or path denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Denotes {
    /// Outside these crates: std, core, alloc.
    External,
    /// A module of the tree.
    Module(usize),
    /// An item `(node, index)`; for a path through an enum (a variant), the enum.
    Item(usize, usize),
}

/// One module as the resolver sees it.
pub(super) struct ModuleView<'a> {
    /// The enclosing module (none for the bundle's root).
    pub parent: Option<usize>,
    /// The module's items, in order.
    pub items: &'a [Item],
    /// Child modules: `(item index, node)`.
    pub children: &'a [(usize, usize)],
}

/// A name's entry: what it denotes, and the module whose subtree may see it (none: all).
type Entry = (Denotes, Option<usize>);

/// Every module's names, resolved.
pub(super) struct Scopes {
    names: Vec<HashMap<String, BTreeSet<Entry>>>,
    parents: Vec<Option<usize>>,
    /// The variants of each enum: the only items a `use` path may go through.
    variants: HashMap<(usize, usize), Vec<String>>,
}

/// The crates every Rust program may name without declaring them.
pub(super) const SYSROOT: &[&str] = &["std", "core", "alloc"];

impl Scopes {
    /// No modules: a placeholder until a tree is resolved.
    pub fn empty() -> Scopes {
        Scopes {
            names: Vec::new(),
            parents: Vec::new(),
            variants: HashMap::new(),
        }
    }

    /// Resolves the tree `modules`, where only the modules `alive` and the items `present`
    /// exist (a module's `use` items always take part: each leaf counts if it resolves).
    pub fn new(
        modules: &[ModuleView],
        alive: impl Fn(usize) -> bool,
        present: impl Fn(usize, usize) -> bool,
    ) -> Scopes {
        let mut scopes = Scopes {
            names: vec![HashMap::new(); modules.len()],
            parents: modules.iter().map(|m| m.parent).collect(),
            variants: HashMap::new(),
        };
        for (n, module) in modules.iter().enumerate() {
            for (i, item) in module.items.iter().enumerate() {
                if let Item::Enum(e) = item {
                    let names = e.variants.iter().map(|v| unraw(&v.ident)).collect();
                    scopes.variants.insert((n, i), names);
                }
            }
        }
        for (n, module) in modules.iter().enumerate() {
            if !alive(n) {
                continue;
            }
            for (i, item) in module.items.iter().enumerate() {
                if matches!(item, Item::Mod(_) | Item::Use(_)) || !present(n, i) {
                    continue;
                }
                // An exported macro in a function's body is at the root too, while the
                // function is there.
                for name in exported_macros_in_body(item) {
                    scopes.insert(0, &name, (Denotes::Item(n, i), None));
                }
                let Some(name) = defined_name(item) else {
                    continue;
                };
                let seen = match item_vis(item) {
                    Some(vis) => scopes.seen_by(vis, n),
                    None => Some(n),
                };
                scopes.insert(n, &name, (Denotes::Item(n, i), seen));
                // `#[macro_export]` puts a macro at the crate's root: the bundle's.
                if let Item::Macro(mac) = item {
                    if mac.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
                        scopes.insert(0, &name, (Denotes::Item(n, i), None));
                    }
                }
            }
            for &(at, child) in module.children {
                if let (true, Item::Mod(m)) = (alive(child), &module.items[at]) {
                    let seen = scopes.seen_by(&m.vis, n);
                    scopes.insert(n, &unraw(&m.ident), (Denotes::Module(child), seen));
                }
            }
        }
        let uses: Vec<(usize, &syn::ItemUse)> = modules
            .iter()
            .enumerate()
            .filter(|&(n, _)| alive(n))
            .flat_map(|(n, m)| {
                m.items.iter().filter_map(move |item| match item {
                    Item::Use(u) => Some((n, u)),
                    _ => None,
                })
            })
            .collect();
        loop {
            let mut changed = false;
            for &(n, u) in &uses {
                let seen = scopes.seen_by(&u.vis, n);
                let mut leaves = Vec::new();
                use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                for (path, visible) in leaves {
                    let targets = scopes.resolve(n, &path, u.leading_colon.is_some());
                    changed |= scopes.import(n, &path, visible.as_deref(), targets, seen, modules);
                }
            }
            if !changed {
                break;
            }
        }
        scopes
    }

    /// Brings what one leaf resolved to into module `n`; true when a name was new.
    fn import(
        &mut self,
        n: usize,
        path: &[String],
        visible: Option<&str>,
        targets: BTreeSet<Denotes>,
        seen: Option<usize>,
        modules: &[ModuleView],
    ) -> bool {
        let mut changed = false;
        match visible {
            // `use x as _;` brings no name in.
            Some("_") => {}
            // `use m::{self}` is a leaf whose path is its module's; `use x;` of a name
            // already here would denote itself.
            Some(name) => {
                if path.len() == 1 && path[0] == name {
                    return false;
                }
                for target in targets {
                    changed |= self.insert(n, name, (target, seen));
                }
            }
            None => {
                for target in targets {
                    match target {
                        Denotes::Module(m) if m != n => {
                            let offered: Vec<(String, Denotes)> = self.names[m]
                                .iter()
                                .flat_map(|(name, entries)| {
                                    entries
                                        .iter()
                                        .filter(|(_, within)| self.sees(n, *within))
                                        .map(move |&(d, _)| (name.clone(), d))
                                })
                                .collect();
                            for (name, d) in offered {
                                changed |= self.insert(n, &name, (d, seen));
                            }
                        }
                        // A glob of an enum brings in its variants, which live with it.
                        Denotes::Item(m, i) => {
                            if let Item::Enum(e) = &modules[m].items[i] {
                                for v in &e.variants {
                                    changed |= self.insert(n, &unraw(&v.ident), (target, seen));
                                }
                            }
                        }
                        Denotes::Module(_) | Denotes::External => {}
                    }
                }
            }
        }
        changed
    }

    fn insert(&mut self, n: usize, name: &str, entry: Entry) -> bool {
        self.names[n]
            .entry(name.to_string())
            .or_default()
            .insert(entry)
    }

    /// The module whose subtree sees an item of visibility `vis` declared in module `n`.
    fn seen_by(&self, vis: &Visibility, n: usize) -> Option<usize> {
        match vis {
            // `pub(crate)`: the bundle is one crate.
            Visibility::Public(_) => None,
            Visibility::Inherited => Some(n),
            Visibility::Restricted(r) => {
                if r.path.is_ident("super") {
                    self.parents[n]
                } else if r.path.is_ident("self") {
                    Some(n)
                } else {
                    None
                }
            }
        }
    }

    /// Whether module `n` lies in the subtree of `within` (none: everywhere).
    fn sees(&self, n: usize, within: Option<usize>) -> bool {
        let Some(within) = within else { return true };
        let mut at = Some(n);
        while let Some(m) = at {
            if m == within {
                return true;
            }
            at = self.parents[m];
        }
        false
    }

    /// What `path`, written in a `use` of module `n`, denotes; empty when it names nothing.
    pub fn resolve(&self, n: usize, path: &[String], leading_colon: bool) -> BTreeSet<Denotes> {
        let mut current = BTreeSet::new();
        let Some(first) = path.first() else {
            return current;
        };
        if leading_colon {
            // `::name` is an extern crate; the bundle has no others than std's.
            current.insert(Denotes::External);
            return current;
        }
        match first.as_str() {
            "crate" => {
                current.insert(Denotes::Module(0));
            }
            "self" => {
                current.insert(Denotes::Module(n));
            }
            "super" => current.extend(self.parents[n].map(Denotes::Module)),
            name => {
                current.extend(self.names[n].get(name).into_iter().flatten().map(|e| e.0));
                if current.is_empty() && SYSROOT.contains(&name) {
                    current.insert(Denotes::External);
                }
            }
        }
        for segment in &path[1..] {
            let mut next = BTreeSet::new();
            for target in current {
                match target {
                    Denotes::Module(m) => match segment.as_str() {
                        "super" => next.extend(self.parents[m].map(Denotes::Module)),
                        "self" => {
                            next.insert(target);
                        }
                        name => next.extend(
                            self.names[m]
                                .get(name)
                                .into_iter()
                                .flatten()
                                .filter(|(_, within)| self.sees(n, *within))
                                .map(|e| e.0),
                        ),
                    },
                    // Through an item a `use` reaches only an enum's variants (a type's or a
                    // trait's associated items cannot be imported): the enum decides.
                    Denotes::Item(m, i) => {
                        let variants = self.variants.get(&(m, i));
                        if variants.is_some_and(|v| v.contains(segment)) {
                            next.insert(target);
                        }
                    }
                    Denotes::External => {
                        next.insert(target);
                    }
                }
            }
            current = next;
        }
        current
    }
}

/// The visibility an item is declared with (none: private, as a `macro_rules!`).
fn item_vis(item: &Item) -> Option<&Visibility> {
    Some(match item {
        Item::Const(i) => &i.vis,
        Item::Enum(i) => &i.vis,
        Item::Fn(i) => &i.vis,
        Item::Static(i) => &i.vis,
        Item::Struct(i) => &i.vis,
        Item::Trait(i) => &i.vis,
        Item::TraitAlias(i) => &i.vis,
        Item::Type(i) => &i.vis,
        Item::Union(i) => &i.vis,
        Item::ExternCrate(i) => &i.vis,
        _ => return None,
    })
}

/// The name an item defines in its module (none for impls, macro calls, `const _`).
/// The `#[macro_export]` macros written in the body of `item` (a function, a const or a
/// static), which live at the crate's root.
pub(super) fn exported_macros_in_body(item: &Item) -> Vec<String> {
    struct Find(Vec<String>);
    impl<'ast> syn::visit::Visit<'ast> for Find {
        fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
            if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
                self.0.extend(m.ident.as_ref().map(unraw));
            }
        }
    }
    let mut find = Find(Vec::new());
    visit_body(item, &mut find);
    find.0
}

/// Runs `visitor` over the body of `item` (a function's block, a const's or static's value):
/// where items written inside it are.
pub(super) fn visit_body<'ast>(item: &'ast Item, visitor: &mut impl syn::visit::Visit<'ast>) {
    match item {
        Item::Fn(f) => visitor.visit_block(&f.block),
        Item::Const(c) => visitor.visit_expr(&c.expr),
        Item::Static(s) => visitor.visit_expr(&s.expr),
        _ => {}
    }
}

pub(super) fn defined_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        Item::Macro(i) => i.ident.as_ref()?,
        _ => return None,
    };
    let name = unraw(ident);
    (name != "_").then_some(name)
}
