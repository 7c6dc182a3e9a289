//! What a crate's text offers by name, read from its parsed tree after splicing: its
//! `#[macro_export]` macros, its root's other items, and what its root hands on (`pub use
//! dep::m;`, `pub use dep as d;`).

use std::collections::{HashMap, HashSet};

use syn::Item;

use super::syntax::{unraw, use_leaves};
use super::tokens::holds_ident;

/// The names of the items at the root of a crate's parsed text, macros aside: what `use
/// crate::x` or `use dep::x` may import besides a macro of the same name.
pub(super) fn root_item_names(file: &syn::File) -> HashSet<String> {
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
/// wrapped crate's bundled `file`: `(x, y)` (`(x, x)` without `as`). Splicing made them so from
/// `pub use dep::m;` and `pub use dep;`, which hand on a dependency's macro or the crate itself.
fn root_reexports_of_bundle_root(file: &syn::File) -> Vec<(String, String)> {
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

/// The dependencies (`deps`, by the names code uses) that the root of a crate's parsed text
/// (`file`), as written, imports under another name (`pub use dep as d;`), by that name, to
/// their module.
pub(super) fn renamed_deps_at_root(
    file: &syn::File,
    deps: &HashMap<String, String>,
) -> HashMap<String, String> {
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
/// `file` hands on under their own names: `pub use dep::m;` at its root, by then `pub use
/// crate::m;`.
pub(super) fn reexported_macros(file: &syn::File, macros: &HashSet<String>) -> HashSet<String> {
    root_reexports_of_bundle_root(file)
        .into_iter()
        .filter(|(name, visible)| name == visible && macros.contains(name))
        .map(|(_, visible)| visible)
        .collect()
}

/// The crates a library's bundled `file` hands on at its root (`pub use dep;`, `pub use dep as
/// d;`, which splicing made `pub use crate::<module>..`), by the name it gives them, to their
/// module; `modules` are the bundle's library modules.
pub(super) fn reexported_crates(
    file: &syn::File,
    modules: &HashSet<String>,
) -> HashMap<String, String> {
    root_reexports_of_bundle_root(file)
        .into_iter()
        .filter(|(module, _)| modules.contains(module))
        .map(|(module, visible)| (visible, module))
        .collect()
}

/// Whether `file` has a `macro_rules!` whose expansion holds `#[macro_export]`: the macros it
/// makes live at the crate's root, but their names are known only by expanding its calls.
/// A `dep::m!` of a name that is no item at the crate's root is then taken for one of them.
pub(super) fn makes_exported_macros(file: &syn::File) -> bool {
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
    syn::visit::visit_file(&mut find, file);
    find.0
}

/// The `#[macro_export]` macros of a crate's parsed text, which the bundle puts at its root.
pub(super) fn exported_macros(file: &syn::File) -> HashSet<String> {
    exported_macros_in(&file.items)
}

/// [`exported_macros`] of a crate's root `items` (a library module's, as bundled).
pub(super) fn exported_macros_in(items: &[syn::Item]) -> HashSet<String> {
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
    for item in items {
        syn::visit::Visit::visit_item(&mut find, item);
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
        let file = syn::parse_file(text).unwrap();
        let mut found: Vec<String> = reexported_macros(&file, &known).into_iter().collect();
        found.sort();
        assert_eq!(found, ["chmin", "kmax"]);
    }
}
