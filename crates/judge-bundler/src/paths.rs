//! Rewriting paths token by token, macro arguments included: a dependency's name at the start
//! of a path becomes its module in the bundle, `crate::` in a wrapped crate gains the crate's
//! module, and macro calls by path reach the bundle's root. Constructs whose meaning the
//! bundle would change are reported.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::Path;
use std::rc::Rc;

use proc_macro2::{TokenStream, TokenTree};

use super::docs::{self, DocTokens};
use super::edits::{inside, Edit};
use super::refusal::{Refusal, RefusalKind};
use super::rewriter::Rewriter;
use super::tokens::*;

/// Keywords followed by the name of the item they declare, in the namespace a crate's name is
/// looked up in (types and modules: a `fn grid_core` does not hide the crate `grid_core::`).
const DECLARING: &[&str] = &["mod", "struct", "enum", "union", "type", "trait"];

/// The names items at this level of `t` declare (not those inside nested blocks): after a
/// declaring keyword, after `as` in a `use` (an alias), and the last segment of
/// every `use` path (`use a::grid_core;`, `use a::{b, grid_core}`) past its first, unless renamed.
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
                    && !is_ident(t.get(i + 1), "as")
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

/// The renaming leaves of the `use` items at this level of `t`, at any depth of their groups:
/// `(m, n)` for `use a::m as n;` and `use a::{m as n};`.
fn use_renames(t: &[TokenTree]) -> Vec<(String, String)> {
    fn leaves(t: &[TokenTree], found: &mut Vec<(String, String)>) {
        for i in 0..t.len() {
            match &t[i] {
                TokenTree::Group(g) => {
                    leaves(&g.stream().into_iter().collect::<Vec<_>>(), found);
                }
                TokenTree::Ident(id) if id == "as" && i >= 1 => {
                    if let (Some(name), Some(alias)) = (ident_at(t, i - 1), ident_at(t, i + 1)) {
                        found.push((unraw_str(&name), unraw_str(&alias)));
                    }
                }
                _ => {}
            }
        }
    }
    let mut found = Vec::new();
    let mut start = None;
    for i in 0..t.len() {
        if is_ident(t.get(i), "use") {
            start = Some(i + 1);
        } else if let (Some(from), true) = (start, is_punct(t.get(i), ';')) {
            leaves(&t[from..i], &mut found);
            start = None;
        }
    }
    found
}

/// `shadowed` (what the enclosing blocks declare) with what the items of this level of `t`
/// declare: dependency names, and imported names that are a dependency's macro and item
/// at once, whose calls are given the macro's path (the `use` keeps only the item, see
/// `macro_imports`); through `use super::*;` what the module around declares, through `use
/// crate::*;` in a library what its root declares.
pub(super) fn level_hidden(rw: &Rewriter, t: &[TokenTree], shadowed: &Hidden) -> Hidden {
    let mut shadowed = shadowed.clone();
    let declared = declared_names(t);
    shadowed.names.extend(
        declared
            .iter()
            .filter(|n| rw.deps.contains_key(*n))
            .cloned(),
    );
    let macro_and_item = |name: &String| {
        rw.dep_macros.iter().any(|(module, macros)| {
            macros.contains(name)
                && rw
                    .dep_items
                    .get(module)
                    .is_some_and(|items| items.contains(name))
        }) || (rw.own_macros.contains(name) && rw.own_items.contains(name))
    };
    shadowed.macro_calls.extend(
        declared
            .iter()
            .filter(|n| macro_and_item(n))
            .map(|n| (n.clone(), n.clone())),
    );
    // `use dep::m as n;`: calls `n!` are calls of `m!` (this replaces what `n` alone
    // would mean).
    shadowed.macro_calls.extend(
        use_renames(t)
            .into_iter()
            .filter(|(name, _)| macro_and_item(name))
            .map(|(name, alias)| (alias, name)),
    );
    // `use super::*;` brings what the module around declares (a module named like a
    // dependency, an import of a macro and item), before the dependency's name.
    if let Some(parent) = shadowed.parent.clone().filter(|_| globs(t, "super")) {
        shadowed.names.extend(parent.names.iter().cloned());
        for (name, macro_name) in &parent.macro_calls {
            shadowed
                .macro_calls
                .entry(name.clone())
                .or_insert_with(|| macro_name.clone());
        }
    }
    if rw.own_module.is_some() && globs(t, "crate") {
        shadowed.macro_calls.extend(own_macros_and_items(rw));
    }
    if rw.own_module.is_none() {
        std_from_root(t, &declared, &mut shadowed);
    }
    // A glob of a dependency's root (`use dep::*;`) brings each such name too.
    for module in globbed_dependencies(t, &rw.deps) {
        let (Some(macros), Some(items)) = (rw.dep_macros.get(&module), rw.dep_items.get(&module))
        else {
            continue;
        };
        shadowed
            .macro_calls
            .extend(macros.intersection(items).map(|n| (n.clone(), n.clone())));
    }
    shadowed
}

/// In main.rs, sets `hidden.std_from_root` for the level `t` (which declares `declared`): what
/// its globs bring of the root's std-named library macros, less what it declares itself.
fn std_from_root(t: &[TokenTree], declared: &HashSet<String>, hidden: &mut Hidden) {
    let parent = hidden.parent.clone();
    let from_parent = || {
        let p = parent.as_ref()?;
        p.root_std.clone().or_else(|| p.std_from_root.clone())
    };
    let from_root = || {
        let mut at = parent.clone();
        while let Some(h) = at {
            if h.root_std.is_some() {
                return h.root_std.clone();
            }
            at = h.parent.clone();
        }
        None
    };
    let globbed = if globs(t, "crate") {
        from_root()
    } else if globs(t, "super") {
        from_parent()
    } else {
        None
    };
    let reached = globbed.or_else(|| hidden.std_from_root.clone());
    let Some(reached) = reached else {
        return;
    };
    let own = macro_rules_names(t);
    let left: HashSet<String> = reached
        .iter()
        .filter(|m| !declared.contains(*m) && !own.contains(*m))
        .cloned()
        .collect();
    hidden.std_from_root = (!left.is_empty()).then(|| Rc::new(left));
}

/// The names `t` (one level of tokens) defines with `macro_rules!`.
fn macro_rules_names(t: &[TokenTree]) -> HashSet<String> {
    (0..t.len())
        .filter(|&i| is_ident(t.get(i), "macro_rules") && is_punct(t.get(i + 1), '!'))
        .filter_map(|i| ident_at(t, i + 2))
        .map(|n| unraw_str(&n))
        .collect()
}

/// The names that are a macro and an item at once at the root of the library being rewritten,
/// each to itself: what its root declares of them, whose calls need the macro's path.
fn own_macros_and_items(rw: &Rewriter) -> impl Iterator<Item = (String, String)> + '_ {
    rw.own_macros
        .intersection(&rw.own_items)
        .map(|n| (n.clone(), n.clone()))
}

/// Adds to `aliases` every `use dep as alias;` (or `use ::dep as alias;`) in `stream`, at any
/// depth, whose `dep` is one of `deps`: the alias to the dependency's module.
pub(super) fn use_aliases(
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
        let Some((at, module)) = used_dependency(&t, i, deps) else {
            continue;
        };
        if ident_at(&t, at + 1).as_deref() == Some("as") && is_punct(t.get(at + 3), ';') {
            if let Some(alias) = ident_at(&t, at + 2) {
                aliases.insert(unraw_str(&alias), module.clone());
            }
        }
        // `use dep::{self as alias, ..};` names the crate too.
        if let (true, Some(TokenTree::Group(g))) = (is_colon2(&t, at + 1), t.get(at + 3)) {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            for j in 0..inner.len() {
                let starts_leaf = j == 0 || is_punct(inner.get(j - 1), ',');
                let self_as = ident_at(&inner, j).as_deref() == Some("self")
                    && ident_at(&inner, j + 1).as_deref() == Some("as");
                if let (true, true, Some(alias)) = (starts_leaf, self_as, ident_at(&inner, j + 2)) {
                    aliases.insert(unraw_str(&alias), module.clone());
                }
            }
        }
    }
}

/// The modules of the dependencies whose roots `t` (one level of tokens) imports by glob:
/// `use dep::*;` or `use ::dep::*;`.
fn globbed_dependencies(t: &[TokenTree], deps: &HashMap<String, String>) -> Vec<String> {
    (0..t.len())
        .filter_map(|i| used_dependency(t, i, deps))
        .filter(|&(at, _)| is_colon2(t, at + 1) && is_punct(t.get(at + 3), '*'))
        .map(|(_, module)| module.clone())
        .collect()
}

/// Whether `t` (one level of tokens) has `use <module>::*;` (`super`, `crate`).
fn globs(t: &[TokenTree], module: &str) -> bool {
    (0..t.len()).any(|i| {
        is_ident(t.get(i), "use")
            && is_ident(t.get(i + 1), module)
            && is_colon2(t, i + 2)
            && is_punct(t.get(i + 4), '*')
    })
}

/// When `t[i]` is `use` and the path after it starts at one of `deps` (`use dep..` or `use
/// ::dep..`): where that name is in `t`, and the dependency's module.
fn used_dependency<'a>(
    t: &[TokenTree],
    i: usize,
    deps: &'a HashMap<String, String>,
) -> Option<(usize, &'a String)> {
    if ident_at(t, i).as_deref() != Some("use") {
        return None;
    }
    let at = if is_colon2(t, i + 1) { i + 3 } else { i + 1 };
    let module = deps.get(&unraw_str(&ident_at(t, at)?))?;
    Some((at, module))
}

/// What the items of the enclosing blocks declare, which changes what names inside mean.
#[derive(Clone, Default)]
pub(super) struct Hidden {
    /// Dependency names a local item declares (a local `mod grid_core`, a `use x::grid_core`):
    /// there the name is the local item, not the dependency, and stays as it is.
    names: HashSet<String>,
    /// Imported names that are a dependency's macro and item at once (the `use` keeps only
    /// the item, see `macro_imports`), to that macro's name: their calls get its path.
    macro_calls: HashMap<String, String>,
    /// What the module around this one declares, which `use super::*;` brings in.
    parent: Option<Rc<Hidden>>,
    /// At main.rs's root: the std-named macros libraries put at the bundle's root that its
    /// bare calls there would mean instead of std's (see `std_macros::hidden`).
    root_std: Option<Rc<HashSet<String>>>,
    /// In a module of main.rs that reaches the root's names through globs (`use super::*;`,
    /// `use crate::*;`): those of `root_std` it does not declare itself. Under cargo the glob
    /// brings nothing of the libraries', so its bare calls of them are std's.
    std_from_root: Option<Rc<HashSet<String>>>,
}

impl Hidden {
    /// Where a file starts: the file of a module, its `parent` what the module around declares;
    /// the root file of a library (`library_root`), the names that are a macro and an item at
    /// once, which its root declares.
    /// At main.rs's root file, `root_std` is what `Hidden::root_std` holds.
    pub(super) fn file(
        rw: &Rewriter,
        parent: Option<Rc<Hidden>>,
        library_root: bool,
        root_std: Option<HashSet<String>>,
    ) -> Hidden {
        let mut hidden = Hidden {
            parent,
            root_std: root_std.map(Rc::new),
            ..Hidden::default()
        };
        if library_root && rw.own_module.is_some() {
            hidden.macro_calls.extend(own_macros_and_items(rw));
        }
        hidden
    }

    /// Where a module's body starts, in the module (or block) `self` describes: it sees only
    /// what it declares itself, and through `use super::*;` what `self` declares.
    fn module_body(&self) -> Hidden {
        Hidden {
            parent: Some(Rc::new(self.clone())),
            ..Hidden::default()
        }
    }

    /// What the module whose items are `t` declares, inside the module `self` describes.
    pub(super) fn module(&self, rw: &Rewriter, t: TokenStream) -> Hidden {
        let t: Vec<TokenTree> = t.into_iter().collect();
        level_hidden(rw, &t, &self.module_body())
    }
}

/// What rewriting one file's tokens needs.
pub(super) struct TokenContext<'a> {
    pub rw: &'a Rewriter,
    /// Other names of dependencies, from `use dep as alias;` anywhere in the file, to the
    /// dependency's module: `alias::m!` of one of its exported macros is `crate::m!`.
    pub dep_aliases: HashMap<String, String>,
    pub removed: &'a [Range<usize>],
    pub text: &'a str,
    pub edits: &'a mut Vec<Edit>,
    /// What cannot work in one file, each with the byte range of the name that says so.
    pub problems: &'a mut Vec<(Range<usize>, Refusal)>,
    pub path: &'a Path,
    /// What the tokens being rewritten are, for their doc comments.
    pub doc_tokens: DocTokens,
    /// Whether the tokens are in a `macro_rules!` body, expanded where the macro is called.
    pub in_macro_rules: bool,
    /// Other names the file's imports give std items of [`MOVED_MEANING`], to their own.
    pub std_aliases: HashMap<String, String>,
}

/// The std macros and items whose value the bundle would change (where the code is, its text,
/// a file beside it, cargo's environment), refused by any name.
pub(super) const MOVED_MEANING: &[&str] = &[
    "include",
    "include_str",
    "include_bytes",
    "env",
    "option_env",
    "module_path",
    "file",
    "line",
    "column",
    "stringify",
    "type_name",
    "Location",
];

impl TokenContext<'_> {
    /// The doc cutting, over this file's edits.
    fn docs(&mut self) -> docs::DocCuts<'_> {
        docs::DocCuts {
            text: self.text,
            edits: &mut *self.edits,
        }
    }

    /// Rewrites paths anywhere in the token stream, macro arguments included: a dependency's
    /// name at the start of a path becomes `crate::<its module>` (`crate` alone when it names
    /// one of the dependency's exported macros, which live at the root); inside a wrapped crate
    /// `crate::`/`$crate::` gain the crate's module. Reports what cannot work in one file.
    ///
    /// `shadowed` is what the items of the enclosing blocks declare.
    pub(super) fn rewrite(&mut self, stream: TokenStream, shadowed: &Hidden) {
        let t: Vec<TokenTree> = stream.into_iter().collect();
        let shadowed = level_hidden(self.rw, &t, shadowed);
        let mut skip_until = 0;
        for i in 0..t.len() {
            if i < skip_until {
                continue;
            }
            match &t[i] {
                TokenTree::Group(g) => self.group(&t, i, g, &shadowed),
                TokenTree::Punct(p) if p.as_char() == '#' => {
                    if let Some(next) = self.attribute(&t, i) {
                        skip_until = next;
                    }
                }
                TokenTree::Ident(id) => self.ident(&t, i, id, &shadowed),
                _ => {}
            }
        }
    }

    /// The group `g` at `i` of `t`: its tokens rewritten in turn.
    fn group(&mut self, t: &[TokenTree], i: usize, g: &proc_macro2::Group, shadowed: &Hidden) {
        // A module's body sees only what it declares itself (and the crates);
        // any other block also sees what encloses it.
        let module_body = i >= 2
            && is_ident(t.get(i - 2), "mod")
            && g.delimiter() == proc_macro2::Delimiter::Brace;
        let outer = if module_body {
            shadowed.module_body()
        } else {
            shadowed.clone()
        };
        // `use ::{dep::X, std::io};`: the group's paths may become `crate::dep::X`,
        // which cannot follow a leading `::`; without it (`use {..};`) the group
        // means the same.
        let leading_group = self.rw.active
            && g.delimiter() == proc_macro2::Delimiter::Brace
            && i >= 2
            && is_colon2(t, i - 2)
            && !continues_path(t, i);
        if leading_group {
            self.edits.push(Edit {
                range: t[i - 2].span().byte_range().start..t[i - 1].span().byte_range().end,
                text: String::new(),
            });
        }
        self.crate_visibility(t, i, g);
        let doc_tokens = self.doc_tokens;
        self.doc_tokens = doc_tokens.of_group(t, i);
        let in_macro_rules = self.in_macro_rules;
        self.in_macro_rules |= self.doc_tokens == DocTokens::Definition;
        self.rewrite(g.stream(), &outer);
        self.doc_tokens = doc_tokens;
        self.in_macro_rules = in_macro_rules;
    }

    /// `pub(crate)` (the group `g` at `i` of `t`) in a library's code: visible in the library,
    /// which is a module of the bundle (`pub(in crate::grid_core)`), not in the whole bundle,
    /// where a glob of main.rs would import it and its name could clash with main.rs's.
    fn crate_visibility(&mut self, t: &[TokenTree], i: usize, g: &proc_macro2::Group) {
        let (Some(module), true) = (&self.rw.own_module, self.rw.active) else {
            return;
        };
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        let crate_only = g.delimiter() == proc_macro2::Delimiter::Parenthesis
            && i >= 1
            && is_ident(t.get(i - 1), "pub")
            && inner.len() == 1
            && is_ident(inner.first(), "crate");
        if crate_only
            && self.doc_tokens == DocTokens::Code
            && !self.in_macro_rules
            && !inside(self.removed, g.span().byte_range().start)
        {
            self.edits.push(Edit {
                range: inner[0].span().byte_range(),
                text: format!("in crate::{module}"),
            });
        }
    }

    /// The attribute whose `#` is at `i` of `t`: cut when it is a doc (or a `missing_docs`
    /// lint), returning the index after it then.
    fn attribute(&mut self, t: &[TokenTree], i: usize) -> Option<usize> {
        if inside(self.removed, t[i].span().byte_range().start) {
            return None;
        }
        if self.doc_tokens != DocTokens::Code {
            return None;
        }
        if let Some((range, next)) = self.docs().doc_attribute(t, i) {
            self.docs().cut_doc_comment(range);
            Some(next)
        } else {
            let library = self.rw.active && self.rw.own_module.is_some();
            self.docs().lint_attribute(t, i, library)
        }
    }

    /// The identifier `id` at `i` of `t`: refused when the bundle would change what it
    /// means, rewritten when it starts a path that changes.
    fn ident(&mut self, t: &[TokenTree], i: usize, id: &proc_macro2::Ident, shadowed: &Hidden) {
        if inside(self.removed, id.span().byte_range().start) {
            return;
        }
        self.refuse_moved_meaning(t, i, id);
        if !self.rw.active {
            return;
        }
        let name = id.to_string();
        let after_colons = i >= 2 && is_colon2(t, i - 2);
        if name == "crate" {
            self.crate_path(t, i, after_colons);
        } else if (name == "self" || name == "super")
            && !after_colons
            && self.rw.own_module.is_some()
        {
            self.own_macro_by_relative_path(t, i);
        } else if self.std_macro_through_glob(t, i, &name, after_colons, shadowed) {
        } else if !self.dependency_macro_call(t, i, &name, after_colons, shadowed) {
            self.dependency_path(t, i, &name, after_colons, shadowed);
        }
    }

    /// Reports the identifier `id` at `i` of `t` when what it gives would be read from the
    /// bundle rather than the source: a file beside it, cargo's environment, the module path,
    /// file and line, a type's path, the text of a path the bundle rewrites.
    fn refuse_moved_meaning(&mut self, t: &[TokenTree], i: usize, id: &proc_macro2::Ident) {
        let rw = self.rw;
        let own_name = |name: String| self.std_aliases.get(&name).cloned().unwrap_or(name);
        let name = own_name(id.to_string());
        let bang = is_macro_bang(t, i);
        let macro_name = || name.clone();
        let mut kinds = Vec::new();
        if bang && ["include", "include_str", "include_bytes"].contains(&name.as_str()) {
            kinds.push(RefusalKind::ReadsFile {
                macro_name: macro_name(),
            });
        }
        if bang && (name == "env" || name == "option_env") {
            kinds.push(RefusalKind::ReadsEnvironment {
                macro_name: macro_name(),
            });
        }
        // Their values name where the code is, which the bundle moves (one file, crates as
        // modules): output made from them would differ from the cargo build's.
        if bang && ["module_path", "file", "line", "column"].contains(&name.as_str()) {
            kinds.push(RefusalKind::NamesLocation {
                macro_name: macro_name(),
            });
        }
        // `std::any::type_name::<T>()` names `T` by its module path, which the bundle moves.
        let type_name = name == "type_name"
            && ((i >= 3 && is_ident(t.get(i - 3), "any") && is_colon2(t, i - 2))
                || (is_colon2(t, i + 1) && is_punct(t.get(i + 3), '<')));
        if type_name {
            kinds.push(RefusalKind::TypeName);
        }
        let location = i >= 3 && ident_at(t, i - 3).map(own_name).as_deref() == Some("Location");
        let caller = name == "caller" && location && is_colon2(t, i - 2);
        if caller {
            kinds.push(RefusalKind::CallerLocation);
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
                    kinds.push(RefusalKind::StringifyRewrittenPath);
                } else if rw.reprinted {
                    // One token reads the same however it is printed; a macro's `$x` is the
                    // caller's tokens.
                    let trees: Vec<TokenTree> = g.stream().into_iter().collect();
                    let spaced = trees.len() > 1 && !trees.iter().any(|t| is_punct(Some(t), '$'));
                    if spaced {
                        kinds.push(RefusalKind::StringifyReprinted);
                    }
                }
            }
        }
        for kind in kinds {
            let refusal = Refusal::at(self.path, id.span(), kind);
            self.problems.push((id.span().byte_range(), refusal));
        }
    }

    /// `crate` at `i` of `t` (not after `::` when `after_colons` is false): `use crate as me;`
    /// and `crate::` paths of a wrapped crate gain its module; `crate::alias::m!` of a
    /// dependency's macro becomes `crate::m!`.
    fn crate_path(&mut self, t: &[TokenTree], i: usize, after_colons: bool) {
        let rw = self.rw;
        let span = t[i].span();
        // `use crate as me;` in a wrapped crate: `me` is that crate's module.
        if !after_colons && is_ident(t.get(i + 1), "as") {
            if let Some(module) = &rw.own_module {
                let end = span.byte_range().end;
                self.edits.push(Edit {
                    range: end..end,
                    text: format!("::{module}"),
                });
            }
            return;
        }
        if !is_colon2(t, i + 1) || after_colons {
            return;
        }
        let next = ident_at(t, i + 3);
        // `crate::alias::m!`, `alias` a dependency's name at the crate's root (`extern
        // crate dep as alias;`) and `m` one of its exported macros: at the bundle's
        // root, `crate::m!`.
        let dep_macro = next
            .as_ref()
            .and_then(|n| rw.deps.get(n).or_else(|| rw.own_crates.get(n)))
            .is_some_and(|module| calls_macro_in(t, i + 4, rw.dep_macros.get(module)));
        if dep_macro {
            self.edits.push(Edit {
                range: t[i + 3].span().byte_range().start..t[i + 5].span().byte_range().end,
                text: String::new(),
            });
            return;
        }
        // `crate::d::x`, `d` a crate's name given by `extern crate` at the root: the
        // crate's module (the `extern crate` item itself does not stay in the module), or
        // for a sysroot crate (`extern crate core as kore;`) the name itself, which the
        // bundle's top declares.
        if let Some(name) = next.as_ref().filter(|n| rw.root_crate_names.contains(*n)) {
            let text = match rw.deps.get(name) {
                Some(module) if !module.is_empty() => format!("crate::{module}"),
                // main.rs's `extern crate self as me;`: main.rs is the bundle's root.
                Some(_) => "crate".to_string(),
                None => return,
            };
            self.edits.push(Edit {
                range: span.byte_range().start..t[i + 3].span().byte_range().end,
                text,
            });
            return;
        }
        let Some(module) = &rw.own_module else {
            return;
        };
        // A macro call (`crate::m!`), not an item of the same name (`crate::m(..)`).
        let is_macro = calls_macro_in(t, i + 1, Some(&rw.own_macros));
        if !is_macro {
            let end = span.byte_range().end;
            self.edits.push(Edit {
                range: end..end,
                text: format!("::{module}"),
            });
        }
    }

    /// `self::m!`, `super::super::m!` (from `i` of `t`) of the crate's own exported macro,
    /// which the bundle's root holds: `crate::m!`.
    fn own_macro_by_relative_path(&mut self, t: &[TokenTree], i: usize) {
        let mut last = i;
        while ident_at(t, last).as_deref() == Some("super")
            && is_colon2(t, last + 1)
            && ident_at(t, last + 3).as_deref() == Some("super")
        {
            last += 3;
        }
        if calls_macro_in(t, last + 1, Some(&self.rw.own_macros)) {
            let end = t[last].span().byte_range().end;
            self.edits.push(Edit {
                range: t[i].span().byte_range().start..end,
                text: "crate".to_string(),
            });
        }
    }

    /// A bare call `m!` at `i` of `t` of a std macro that a library's macro of the same name at
    /// the bundle's root would take over through this module's globs (see
    /// [`Hidden::std_from_root`]): written `::std::m!`. Returns whether it was one.
    fn std_macro_through_glob(
        &mut self,
        t: &[TokenTree],
        i: usize,
        name: &str,
        after_colons: bool,
        shadowed: &Hidden,
    ) -> bool {
        let hidden = shadowed
            .std_from_root
            .as_ref()
            .is_some_and(|set| set.contains(name));
        let after_dollar = i >= 1 && is_punct(t.get(i - 1), '$');
        let bare_call = is_macro_bang(t, i) && !after_colons && !after_dollar;
        if !hidden || !bare_call {
            return false;
        }
        let start = t[i].span().byte_range().start;
        self.edits.push(Edit {
            range: start..start,
            text: "::std::".to_string(),
        });
        true
    }

    /// A call of a dependency's macro by a name of this file at `i` of `t`: `alias::m!`
    /// (`use dep as alias;`) becomes `crate::m!`, and `m!` of a name that is the dependency's
    /// macro and item at once gets the path `crate::m!`. Returns whether it was one.
    fn dependency_macro_call(
        &mut self,
        t: &[TokenTree],
        i: usize,
        name: &str,
        after_colons: bool,
        shadowed: &Hidden,
    ) -> bool {
        let rw = self.rw;
        let span = t[i].span();
        let bare = name.strip_prefix("r#").unwrap_or(name);
        let alias_of = self.dep_aliases.get(bare);
        if !after_colons
            && alias_of.is_some_and(|module| calls_macro_in(t, i + 1, rw.dep_macros.get(module)))
        {
            self.edits.push(Edit {
                range: span.byte_range(),
                text: "crate".to_string(),
            });
            return true;
        }
        let macro_name = shadowed.macro_calls.get(bare);
        if let (true, false, Some(macro_name)) = (is_macro_bang(t, i), after_colons, macro_name) {
            self.edits.push(Edit {
                range: span.byte_range(),
                text: format!("crate::{macro_name}"),
            });
            return true;
        }
        false
    }

    /// A dependency's name at `i` of `t` starting a path (`dep::x`, `::dep::x`, `use dep;`), or
    /// in a library's `macro_rules!` body its own: it becomes `crate::<its module>`, or `crate`
    /// for a macro at the bundle's root.
    fn dependency_path(
        &mut self,
        t: &[TokenTree],
        i: usize,
        name: &str,
        after_colons: bool,
        shadowed: &Hidden,
    ) {
        let rw = self.rw;
        let span = t[i].span();
        let bare = name.strip_prefix("r#").unwrap_or(name);
        let leading = after_colons && !continues_path(t, i);
        // `::dep` names the crate even where a local `dep` hides it.
        if shadowed.names.contains(bare) && !leading {
            return;
        }
        // In a library's `macro_rules!` bodies its own name starts a path too (`grid_core::Dir`
        // in grid-core's macro): the macro is expanded in crates that depend on it.
        let own = rw
            .own_module
            .as_ref()
            .filter(|m| self.in_macro_rules && *m == bare);
        let Some(module) = rw.deps.get(bare).or(own) else {
            return;
        };
        let macros = if own.is_some() && !rw.deps.contains_key(bare) {
            Some(&rw.own_macros)
        } else {
            rw.dep_macros.get(module)
        };
        if i >= 1 && (is_punct(t.get(i - 1), '.') || is_punct(t.get(i - 1), '$')) {
            return;
        }
        if after_colons && !leading {
            return;
        }
        let start = if leading {
            t[i - 2].span().byte_range().start
        } else {
            span.byte_range().start
        };
        let end = span.byte_range().end;
        if self.macro_through_dependency(t, i, module, start) {
            return;
        }
        let followed = is_colon2(t, i + 1);
        let names_macro = calls_macro_in(t, i + 1, macros);
        let before = if leading {
            i.checked_sub(3)
        } else {
            i.checked_sub(1)
        };
        let after_use = before.and_then(|b| ident_at(t, b)).as_deref() == Some("use");
        let text = if names_macro || module.is_empty() {
            "crate".to_string()
        } else if followed
            || (after_use && ident_at(t, i + 1).as_deref() == Some("as"))
            || (after_use && is_punct(t.get(i + 1), ';'))
        {
            format!("crate::{module}")
        } else {
            return;
        };
        self.edits.push(Edit {
            range: start..end,
            text,
        });
    }

    /// A macro call through the dependency `module` named at `i` of `t` (its path starting at
    /// byte `start`) that is not `dep::m!` of one of its listed macros: `dep::c::m!` (`c` a
    /// crate the dependency hands on, `m` at the bundle's root) becomes `crate::m!`, and in
    /// main.rs `dep::m!` of a macro the dependency's macros make becomes the bare `m!`.
    /// Returns whether it was one.
    fn macro_through_dependency(
        &mut self,
        t: &[TokenTree],
        i: usize,
        module: &str,
        start: usize,
    ) -> bool {
        let rw = self.rw;
        // A macro call (`dep::m!`), not an item of the same name (`dep::m(..)`); in a `use`
        // the macro is handled with the whole `use` (see `macro_imports`).
        // `dep::c::m!`, `c` a crate the dependency hands on and `m` a macro at the root.
        let handed_on_crate = is_colon2(t, i + 1)
            && ident_at(t, i + 3).is_some_and(|c| {
                rw.dep_crates
                    .get(module)
                    .is_some_and(|crates| crates.contains_key(&c))
            })
            && calls_macro_in(t, i + 4, Some(&rw.root_macros));
        if handed_on_crate {
            self.edits.push(Edit {
                range: start..t[i + 3].span().byte_range().end,
                text: "crate".to_string(),
            });
            return true;
        }
        let names_macro = calls_macro_in(t, i + 1, rw.dep_macros.get(module));
        let made_macro = !names_macro
            && calls_made_macro(
                t,
                i + 1,
                rw.dep_macro_makers.contains(module),
                rw.dep_items.get(module),
            );
        if made_macro && rw.own_module.is_none() {
            // rustc refuses a path to a macro made by a macro of the same crate (`crate::m!`,
            // the lint macro_expanded_macro_exports_accessed_by_absolute_paths); main.rs's
            // module is the bundle's root, where the bare name finds it.
            self.edits.push(Edit {
                range: start..t[i + 2].span().byte_range().end,
                text: String::new(),
            });
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<TokenTree> {
        text.parse::<TokenStream>().unwrap().into_iter().collect()
    }

    #[test]
    fn a_renamed_import_declares_its_new_name_only() {
        let t = tokens("use a::grid_core as g; use b::{c as d, e}; use f::h;");
        let mut names: Vec<String> = declared_names(&t).into_iter().collect();
        names.sort();
        assert_eq!(names, ["d", "e", "g", "h"]);
    }

    #[test]
    fn renames_are_read_from_uses_at_every_depth_of_their_groups() {
        let t = tokens("use a::m as n; use b::{c::{p as q}, r}; let x = y as u8;");
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(use_renames(&t), [pair("m", "n"), pair("p", "q")]);
    }
}
