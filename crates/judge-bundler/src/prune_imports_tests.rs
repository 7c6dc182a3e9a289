//! Imports follow pruning: every kind of `use` a library module may hold, pruned for a
//! problem that reaches only part of the library, and the result compiled by rustc.

use std::process::Command;

/// `lib` bundled as module `lib` at the root of a program whose own code is `user` (items,
/// `fn main` among them): the pruned file, after it compiled (as a check, warnings allowed).
fn pruned_program(lib: &str, user: &str) -> String {
    let imports = crate::library_imports(user, &["lib".to_string()]).unwrap();
    let library = super::tests::pruned_with_imports(lib, user, &imports);
    let program = format!("#![allow(unused)]\n{library}\n{user}\n");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("main.rs");
    std::fs::write(&file, &program).unwrap();
    let out = Command::new("rustc")
        .args([
            "--edition",
            "2021",
            "--emit=metadata",
            "--crate-name",
            "probe",
        ])
        .arg("--out-dir")
        .arg(dir.path())
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the pruned program does not compile:\n{program}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    library
}

/// The library of the example: a user module importing its siblings through the root,
/// whose root glob-imports it back.
const CYCLE: &str = "pub mod grid { pub struct Grid(pub u8); pub struct Cell; } \
                     pub mod dir { #[derive(Clone, Copy)] pub enum Dir { Up, Down } } \
                     pub mod extra { use super::{Dir, Grid, Cell}; \
                        pub fn steps(d: Dir) -> usize { match d { Dir::Up => 1, Dir::Down => 2 } } \
                        pub fn size(g: &Grid) -> u8 { g.0 } } \
                     pub use grid::{Cell, Grid}; pub use dir::Dir; pub use extra::*;";

#[test]
fn an_import_through_a_root_that_globs_the_module_back_goes_with_its_target() {
    let out = pruned_program(
        CYCLE,
        "use crate::lib::{steps, Dir}; fn main() { steps(Dir::Up); }",
    );
    assert!(!out.contains("Grid") && !out.contains("Cell"), "{out}");
    // What is still used keeps its import, from the same group.
    assert!(out.contains("use super::Dir;"), "{out}");
    let out = pruned_program(
        CYCLE,
        "use crate::lib::{size, Grid}; fn main() { size(&Grid(1)); }",
    );
    assert!(
        out.contains("use super::Grid;") && !out.contains("Cell"),
        "{out}"
    );
}

#[test]
fn nested_groups_self_and_renames_keep_only_leaves_that_survive() {
    let lib = "pub mod grid { pub struct Grid; pub struct Cell; pub fn make() -> Grid { Grid } } \
               pub mod dir { pub enum Dir { Up } pub fn all() -> [Dir; 1] { [Dir::Up] } } \
               pub mod rect { pub struct Rect; } \
               pub mod user { \
                  use super::{grid::{self, Cell, Grid as Board}, dir::{self as d, Dir}, rect::{self}}; \
                  use super::rect::Rect as Area; \
                  pub fn first() -> Dir { let [x] = d::all(); x } }";
    let out = pruned_program(lib, "fn main() { crate::lib::user::first(); }");
    for gone in ["Grid", "Cell", "Board", "Rect", "Area", "rect"] {
        assert!(!out.contains(gone), "`{gone}` left in:\n{out}");
    }
    assert!(out.contains("dir::{self as d, Dir}"), "{out}");
}

#[test]
fn globs_of_dropped_modules_go_and_globs_of_kept_ones_stay() {
    let lib = "pub mod a { pub fn used() {} } pub mod b { pub fn unused() {} } \
               pub mod c { pub enum E { X, Y } } \
               pub mod user { use super::a::*; use super::b::*; use super::c::E::*; \
                  use crate::lib::*; use self::inner::*; \
                  pub mod inner { pub fn deep() { super::super::a::used() } } \
                  pub fn go() { used(); inner::deep(); } }";
    let out = pruned_program(lib, "fn main() { crate::lib::user::go(); }");
    assert!(out.contains("use super::a::*;"), "{out}");
    assert!(out.contains("use crate::lib::*;"), "{out}");
    assert!(out.contains("use self::inner::*;"), "{out}");
    assert!(
        !out.contains("super::b::*") && !out.contains("E::*"),
        "{out}"
    );
}

#[test]
fn re_exports_at_every_depth_follow_what_they_name() {
    let lib = "pub mod grid { pub struct Grid; } pub mod dir { pub struct Dir; } \
               pub mod prelude { pub use super::grid::Grid; pub use super::dir::Dir; \
                  pub use crate::lib::grid::Grid as G; } \
               pub use prelude::*; \
               pub mod a { pub mod b { pub mod c { \
                  use crate::lib::grid::Grid; use super::super::super::dir::Dir; \
                  use crate::lib::prelude::G; \
                  pub fn d() -> Dir { Dir } } } } \
               pub use a::b::c::d;";
    let out = pruned_program(lib, "fn main() { crate::lib::d(); }");
    assert!(!out.contains("Grid") && !out.contains(" G"), "{out}");
    assert!(out.contains("use super::super::super::dir::Dir;"), "{out}");
}

#[test]
fn imports_from_std_stay_whatever_is_dropped() {
    let lib = "pub mod m { use std::collections::HashMap; use core::fmt::{self, Write}; \
               use super::alloc_free::nothing; use ::std::cmp::Ordering; \
               pub fn f() {} } pub mod alloc_free { pub fn nothing() {} }";
    // `alloc_free` is ours, not a crate like `alloc`: its import goes with it.
    let out = pruned_program(lib, "fn main() { crate::lib::m::f(); }");
    for kept in [
        "use std::collections::HashMap;",
        "use core::fmt::{self, Write};",
        "use ::std::cmp::Ordering;",
    ] {
        assert!(out.contains(kept), "`{kept}` missing:\n{out}");
    }
    assert!(!out.contains("nothing"), "{out}");
}

#[test]
fn a_glob_of_the_parent_keeps_its_private_items_that_are_used() {
    let lib = "fn helper() -> u8 { 3 } fn unused() {} \
               pub mod child { use super::*; pub fn f() -> u8 { helper() } }";
    let out = pruned_program(lib, "fn main() { crate::lib::child::f(); }");
    assert!(
        out.contains("fn helper") && !out.contains("fn unused"),
        "{out}"
    );
}

#[test]
fn variants_imported_from_a_dropped_enum_go() {
    let lib = "pub mod dir { pub enum Dir { Up, Down } pub enum Turn { Left } } \
               pub mod m { use super::dir::Dir::{Up, Down}; use super::dir::Turn::Left; \
                  pub fn f() -> u8 { match Left { Left => 1 } } }";
    let out = pruned_program(lib, "fn main() { crate::lib::m::f(); }");
    assert!(!out.contains("Dir"), "{out}");
    assert!(out.contains("use super::dir::Turn::Left;"), "{out}");
}

#[test]
fn modules_the_problem_imports_stay_even_when_nothing_in_them_is_used() {
    let lib = "pub mod rect { pub struct Rect; } pub mod grid { pub struct Grid; } \
               pub mod tools { pub fn f() {} }";
    pruned_program(
        lib,
        "use crate::lib::rect; use crate::lib::grid::*; use crate::lib::tools::{self}; \
         fn main() {}",
    );
    // A glob of the whole library when nothing in it is used.
    pruned_program(
        "pub fn f() {} pub mod m { pub fn g() {} }",
        "use crate::lib::*; fn main() {}",
    );
}

#[test]
fn modules_imported_inside_a_kept_body_stay() {
    let lib = "pub mod rect { pub struct Rect; } \
               pub fn f() -> u8 { use self::rect as r; use crate::lib::rect::*; 1 }";
    let out = pruned_program(lib, "fn main() { crate::lib::f(); }");
    assert!(out.contains("pub mod rect"), "{out}");
}

#[test]
fn items_a_kept_item_names_anywhere_are_kept() {
    let lib =
        "pub mod shapes { pub struct Rect { pub w: u8 } pub trait Area { fn area(&self) -> u8; } \
                  pub struct Marker; pub const SIDE: u8 = 2; pub type Side = u8; \
                  #[derive(Debug)] pub struct Wrapped(pub Side); } \
               pub mod m { use super::shapes::{Area, Marker, Rect, Side, Wrapped, SIDE}; \
                  pub struct Holder<T: Area = Rect>(pub T); \
                  impl<T> Holder<T> where T: Area { pub fn get(&self) -> u8 { self.0.area() } } \
                  impl Area for Rect { fn area(&self) -> u8 { self.w * SIDE } } \
                  #[doc = \"x\"] pub fn f(_: Option<Marker>) -> Wrapped { Wrapped(1) } }";
    let out = pruned_program(
        lib,
        "use crate::lib::m::{f, Holder}; \
         fn main() { f(None); }",
    );
    for kept in [
        "struct Rect",
        "trait Area",
        "struct Marker",
        "SIDE",
        "type Side",
        "Wrapped",
    ] {
        assert!(out.contains(kept), "`{kept}` missing:\n{out}");
    }
}

#[test]
fn a_re_export_of_a_dropped_module_with_a_function_of_its_name_goes() {
    // Found writing grid-core's `runs` module: `pub use runs::{runs, Run}` at the root named
    // itself through the use, and the old resolver kept it after `runs` was dropped.
    let lib = "pub mod runs { pub struct Run; pub fn runs() -> Vec<Run> { Vec::new() } \
                  pub fn pop() {} } \
               pub mod other { pub fn f() {} } \
               pub use runs::{pop, runs, Run};";
    let out = pruned_program(lib, "fn main() { crate::lib::other::f(); }");
    assert!(!out.contains("runs"), "{out}");
    let out = pruned_program(lib, "fn main() { crate::lib::runs(); }");
    assert!(out.contains("pub use runs::{runs, Run};"), "{out}");
}

#[test]
fn impls_on_aliases_of_tuples_and_arrays_stay_for_code_that_never_names_the_alias() {
    // Found by a probe of user-written modules: the pruned file lost `impl PosExt for Pos`
    // (E0599 on a tuple) or, worse, `impl Describe for Rgb`, after which `[u8; 3]` fell back
    // to the slice impl and printed another answer.
    let lib = "pub type Pos = (usize, usize); pub type Delta = (isize, isize); \
               pub type Rgb = [u8; 3]; pub enum Dir { Up } \
               pub mod ext { use super::Pos; pub trait PosExt { fn manhattan(self, o: Self) -> usize; } \
                  impl PosExt for Pos { fn manhattan(self, o: Self) -> usize { \
                     self.0.abs_diff(o.0) + self.1.abs_diff(o.1) } } } \
               pub mod delta { use super::{Delta, Dir}; \
                  impl From<Dir> for Delta { fn from(_: Dir) -> Self { (-1, 0) } } } \
               pub mod colour { use super::Rgb; pub trait Describe { fn describe(&self) -> String; } \
                  impl Describe for Rgb { fn describe(&self) -> String { format!(\"rgb {}\", self[0]) } } \
                  impl Describe for [u8] { fn describe(&self) -> String { format!(\"{} bytes\", self.len()) } } }";
    let out = pruned_program(
        lib,
        "use crate::lib::{ext::PosExt, colour::Describe, Dir}; \
         fn main() { (0usize, 1usize).manhattan((2, 3)); let d: (isize, isize) = Dir::Up.into(); \
         [1u8, 2, 3].describe(); }",
    );
    for kept in [
        "impl PosExt for Pos",
        "impl From<Dir> for Delta",
        "impl Describe for Rgb",
    ] {
        assert!(out.contains(kept), "`{kept}` missing:\n{out}");
    }
}
