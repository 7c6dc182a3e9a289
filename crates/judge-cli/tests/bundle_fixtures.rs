//! The bundler on Rust it must survive: one small crate per construct under
//! `tests/fixtures/bundle` (a workspace of its own with a mini grid-core). Each is bundled,
//! compiled alone by the current rustc with no warning and run on its sample, and type-checked
//! alone by the judge floor with no warning; the same crates built by cargo must give the same
//! answers, and the floor's cargo (when there is one) must accept them without a warning.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use judge_cli::bench_history::target_dir;
use judge_cli::bundle::{bundle, Bundle, Options, Refusal, RefusalKind};
use judge_cli::compiler::{declared_floor, floor_compiler_path, verify_floor, Compiler};
use judge_cli::problems::{discover, select, workspace_root, Problem};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bundle")
}

fn refused_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bundle-refused")
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The current rustc and, when present and really 1.63, the floor (required under CI=true).
fn compilers() -> Vec<Compiler> {
    let mut list = vec![Compiler::probe("rustc").expect("rustc on PATH")];
    match Compiler::probe(floor_compiler_path()) {
        Some(floor) => match verify_floor(&floor, &declared_floor(&fixtures()).unwrap()) {
            Ok(()) => list.push(floor),
            Err(message) if in_ci() => panic!("{message}"),
            Err(message) => {
                eprintln!("WARNING: {message}; fixtures checked with current rustc only")
            }
        },
        None if in_ci() => panic!(
            "no judge-floor compiler at {}",
            floor_compiler_path().display()
        ),
        None => {
            eprintln!("WARNING: no judge-floor compiler; fixtures checked with current rustc only")
        }
    }
    list
}

/// Runs `exe` on `input`, returning its stdout; panics when it fails.
fn run(exe: &Path, input: &str) -> String {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program that never reads its input may be gone before it is written.
    let written = child.stdin.take().unwrap().write_all(input.as_bytes());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{} failed: {}",
        exe.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The sample of a fixture: `(input, expected output)`.
fn sample(problem: &Problem) -> (String, String) {
    let dir = fixtures().join("samples").join(&problem.name);
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    (read("1.in"), read("1.out"))
}

fn made(name: &str) -> Bundle {
    let root = fixtures();
    let all = discover(&root).unwrap();
    bundle(&root, select(&all, name).unwrap(), Options::default()).unwrap()
}

#[test]
fn one_crate_per_construct_each_its_own_case() {
    let problems = discover(&fixtures()).unwrap();
    assert_eq!(problems.len(), 88, "one crate per construct");
    let cases = include_str!(concat!(env!("OUT_DIR"), "/bundle_fixture_cases.rs"));
    assert_eq!(cases.matches("#[test]").count(), problems.len());
}

/// The fixture problems, discovered once for all the cases.
fn fixture_problems() -> &'static [Problem] {
    static PROBLEMS: OnceLock<Vec<Problem>> = OnceLock::new();
    PROBLEMS.get_or_init(|| discover(&fixtures()).unwrap())
}

/// The compilers, probed once for all the cases.
fn fixture_compilers() -> &'static [Compiler] {
    static COMPILERS: OnceLock<Vec<Compiler>> = OnceLock::new();
    COMPILERS.get_or_init(compilers)
}

/// The fixture `name` bundles, compiles alone by every compiler without a warning, and answers
/// its sample. The current rustc builds it with the judge's cfgs (no debug assertions, as `-O`)
/// but unoptimised, a quarter of `-O`'s time (answers are compared here, not speed), and runs
/// it; the floor type-checks it, which finds every error and lint a build would. (What a
/// construct of the bundler makes it print does not depend on the compiler; the real problems'
/// bundles are built with `-O` and judged by both compilers in `scripts/test`'s bundles layer.)
fn check_fixture(name: &str) {
    let root = fixtures();
    let problem = select(fixture_problems(), name).unwrap();
    assert_eq!(problem.name, name);
    let dir = tempfile::tempdir().unwrap();
    let made = bundle(&root, problem, Options::default())
        .unwrap_or_else(|e| panic!("{}: {e:#}", problem.name));
    // `bundle` has no safety net (`bundle_sound`): pruning that went wrong fails the build below.
    let source = dir.path().join(format!("{}.rs", problem.name));
    std::fs::write(&source, &made.source).unwrap();
    let (input, expected) = sample(problem);
    let (current, floor) = fixture_compilers().split_first().unwrap();
    let out_dir = dir.path().join("current");
    let compiled = current.compile_unoptimised(&source, &out_dir).unwrap();
    assert_eq!(
        compiled.messages, "",
        "{} warns on {}:\n{}",
        problem.name, current.version, made.source
    );
    assert_eq!(
        run(
            compiled.exe.as_ref().expect("no messages, so it compiled"),
            &input
        ),
        expected,
        "{} on {}",
        problem.name,
        current.version
    );
    for compiler in floor {
        let checked = compiler
            .type_check(&source, &dir.path().join("floor"))
            .unwrap();
        assert!(
            checked.passed && checked.messages.is_empty(),
            "{} does not type-check cleanly on {}:\n{}\n{}",
            problem.name,
            compiler.version,
            checked.messages,
            made.source
        );
    }
}

/// Every fixture bundles, compiles alone with no warning and answers its sample: one case each
/// (written by build.rs from the fixture folders), so that every failing fixture is reported.
mod every_fixture_bundles_compiles_alone_without_warnings_and_answers_its_sample {
    include!(concat!(env!("OUT_DIR"), "/bundle_fixture_cases.rs"));
}

/// The cargo beside the judge-floor rustc (rustup's 1.63.0 toolchain, or Debian's `cargo`
/// package next to its `rustc`), if there is one.
fn floor_cargo() -> Option<(PathBuf, PathBuf)> {
    let rustc = Compiler::probe(floor_compiler_path())?;
    let cargo = rustc.path.with_file_name("cargo");
    cargo.is_file().then_some((cargo, rustc.path))
}

/// Runs `cargo VERB --release` on the fixture workspace into `target`, warnings denied, with
/// `rustc` when given; whether it succeeded. The release profile has the judge's cfgs (no debug
/// assertions); the fixture workspace sets it to opt-level 0, since only answers are compared.
fn cargo_on_fixtures(cargo: &Path, verb: &str, rustc: Option<&Path>, target: &Path) -> bool {
    let mut command = Command::new(cargo);
    command
        .args([verb, "--release", "--offline", "--locked", "--quiet"])
        .arg("--manifest-path")
        .arg(fixtures().join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target)
        .env("RUSTFLAGS", "-D warnings");
    if let Some(rustc) = rustc {
        command.env("RUSTC", rustc);
    }
    command.status().unwrap().success()
}

#[test]
fn the_fixtures_are_real_crates_that_give_the_same_answers() {
    let target = target_dir(&workspace_root()).unwrap();
    let cargo = std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from);
    let built = target.join("bundle-fixtures");
    assert!(
        cargo_on_fixtures(&cargo, "build", None, &built),
        "the fixture workspace builds with {} without warnings",
        cargo.display()
    );
    for problem in discover(&fixtures()).unwrap() {
        let (input, expected) = sample(&problem);
        let exe = built.join("release").join(&problem.name);
        assert_eq!(run(&exe, &input), expected, "{} as a crate", problem.name);
    }
    // The floor's cargo checks that the crates are Rust it accepts (no let-else, no newer std
    // APIs); their answers are the current build's.
    match floor_cargo() {
        Some((cargo, rustc)) => assert!(
            cargo_on_fixtures(
                &cargo,
                "check",
                Some(&rustc),
                &target.join("bundle-fixtures-floor")
            ),
            "the fixture workspace type-checks with {} without warnings",
            cargo.display()
        ),
        None if in_ci() => panic!("no cargo beside the judge-floor rustc"),
        None => eprintln!("WARNING: no cargo beside the judge-floor rustc; fixtures built as crates by the current toolchain only"),
    }
}

#[test]
fn what_the_judge_never_compiles_and_what_nothing_uses_stay_out() {
    for problem in discover(&fixtures()).unwrap() {
        let text = made(&problem.name).source;
        for absent in [
            "MARKER",
            "#[cfg(test)]",
            "#[test]",
            "///",
            "//!",
            "mod tests",
            "fx_tools",
        ] {
            // Doc lines a macro asks for as tokens stay (below).
            let macro_tokens = problem.name == "fx-doc-macro-matcher" && absent == "///";
            assert!(
                macro_tokens || !text.contains(absent),
                "{}: `{absent}` in\n{text}",
                problem.name
            );
        }
    }
    let docs = made("fx-doc-macro-matcher").source;
    assert!(
        !docs.contains("/// Defines") && docs.contains("/// first line"),
        "{docs}"
    );
    let tools = made("fx-cfg-tools").source;
    for absent in ["mod tools", "fn reset", "\"debug\"", "only_for_tests"] {
        assert!(!tools.contains(absent), "`{absent}` in\n{tools}");
    }
    assert!(tools.contains("fn judged") && tools.contains("\"release\""));
    // A dependency the code never touches leaves nothing behind.
    assert!(!made("fx-comments").source.contains("mod grid_core"));
    // Docs read from files go, under `cfg_attr` or not; other `cfg_attr`s are rustc's to decide.
    let docs = made("fx-doc-attrs").source;
    for absent in ["include_str", "README", "docs.rs"] {
        assert!(!docs.contains(absent), "`{absent}` in\n{docs}");
    }
    assert!(docs.contains("#[cfg_attr(test, derive(Debug))]"), "{docs}");
}

#[test]
fn the_authors_comments_and_inner_attributes_survive() {
    let text = made("fx-comments").source;
    for note in [
        "// NOTE-MAIN: read everything, answer once.",
        "// NOTE-LIB: this comment must reach the judge.",
        "// NOTE-INNER: Gauss.",
        "/* NOTE-BLOCK */",
    ] {
        assert!(text.contains(note), "`{note}` lost:\n{text}");
    }
    assert_eq!(
        text.matches("#![allow(non_snake_case)]").count(),
        2,
        "{text}"
    );
    let lib_mod = text.find("mod fx_comments {").unwrap();
    let inner = text[lib_mod..].find("#![allow(non_snake_case)]").unwrap();
    assert!(
        text[lib_mod..lib_mod + inner].trim_end().ends_with('{'),
        "lib.rs's attribute opens its module:\n{text}"
    );
}

#[test]
fn libraries_keep_exactly_what_is_reached() {
    let root_fn = made("fx-root-fn").source;
    assert!(
        root_fn.contains("fn total") && root_fn.contains("fn sum"),
        "{root_fn}"
    );
    assert!(
        !root_fn.contains("mod dir") && !root_fn.contains("fn area"),
        "{root_fn}"
    );
    let names = made("fx-names").source;
    assert_eq!(
        names.matches("fn area").count(),
        4,
        "two local, two in grid-core:\n{names}"
    );
    let nested = made("fx-nested-mod").source;
    assert!(
        nested.contains("pub mod deep") && !nested.contains("unused_nested"),
        "{nested}"
    );
    let reuse = made("fx-reuse").source;
    for present in [
        "mod fx_base",
        "fn parse_dirs",
        "fn end",
        "mod grid_core",
        "fn manhattan",
    ] {
        assert!(reuse.contains(present), "`{present}` missing:\n{reuse}");
    }
    assert!(made("fx-lib-name").source.contains("mod solver {"));
    let use_self = made("fx-use-self").source;
    assert!(
        use_self.contains("fn scaled") && use_self.contains("impl Add for P"),
        "{use_self}"
    );
    assert!(
        !use_self.contains("fn find"),
        "`.find(` is a method call, not grid-core's `find`:\n{use_self}"
    );
    let glob = made("fx-trait-glob").source;
    assert!(
        glob.contains("pub trait Turn") && glob.contains("impl Turn for Dir"),
        "{glob}"
    );
    // A module a user added, whose imports go through the root that glob-imports it back:
    // the imports of what the problem does not reach go with it.
    let user = made("fx-user-module").source;
    assert!(user.contains("fn steps_from_top"), "{user}");
    for gone in [
        "struct Grid",
        "trait Cell",
        "trait Turn",
        "fn cells_of",
        "Cell,",
        "board",
    ] {
        assert!(!user.contains(gone), "`{gone}` in\n{user}");
    }
    let where_trait = made("fx-where-trait").source;
    assert!(
        where_trait.contains("pub trait Cell") && where_trait.contains("impl Cell for u8"),
        "{where_trait}"
    );
}

#[test]
fn what_cannot_work_in_one_file_is_refused_with_where_and_why() {
    let root = refused_root();
    let all = discover(&root).unwrap();
    let error = |name: &str| {
        bundle(&root, select(&all, name).unwrap(), Options::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error("fx-external"),
        "fx-external depends on `rand`: a judge compiles one file with no crates, so a problem may use only grid-core and std"
    );
    assert_eq!(
        error("fx-missing-mod"),
        "crates/fx-missing-mod/src/lib.rs:2: `mod missing;` but neither crates/fx-missing-mod/src/missing.rs nor crates/fx-missing-mod/src/missing/mod.rs exists"
    );
    assert_eq!(
        error("fx-include"),
        "crates/fx-include/src/lib.rs:2: `include_str!` reads a file beside the source, but a judge compiles the bundle alone"
    );
    assert_eq!(
        error("fx-import-named-like-crate"),
        "crates/fx-import-named-like-crate/src/main.rs:2: a `use` brings `grid_core` to the top of main.rs, where the bundle makes the crate `grid_core` a module; import it under another name (`as grid_core_mod`) or inside a function"
    );
    assert_eq!(
        error("fx-env"),
        "crates/fx-env/src/lib.rs:3: `env!` reads cargo's environment at build time, which a judge's plain rustc does not set"
    );
    assert_eq!(
        error("fx-main-mod-like-crate"),
        "crates/fx-main-mod-like-crate/src/main.rs:2: `grid_core` at the top of main.rs has the name of the crate `grid_core`, which the bundle makes a module beside it"
    );
    assert_eq!(
        error("fx-main-mod-like-sysroot-crate"),
        "crates/fx-main-mod-like-sysroot-crate/src/main.rs:3: `alloc` at the top of main.rs has the name the problem's lib.rs gives the crate `alloc` at its root (`extern crate`), which the bundle puts at its top too: rename one of them"
    );
    assert_eq!(
        error("fx-main-macro-clash"),
        "`main.rs` and `fx_main_macro_clash` both export `macro_rules! twice`: in one file both would be `crate::twice!` (#[macro_export] puts a macro at the crate's root): rename one of them"
    );
    // Two libraries' macros of one name, both kept (pruning leaves unused ones out).
    assert_eq!(
        error("fx-kept-macro-clash"),
        "`grid_core` and `fx_one_lib` both export `macro_rules! one`: in one file both would be `crate::one!` (#[macro_export] puts a macro at the crate's root): rename one of them"
    );
    assert_eq!(
        error("fx-glob-crate-name"),
        "crates/fx-glob-crate-name/src/main.rs:1: `use fx_glob_crate_name::*;` brings `fx_glob_crate_name::grid_core` to the top of main.rs, where under cargo it hides the crate `grid_core`, but the bundle makes the crate `grid_core` a module there, which would win over the glob; import what you use from `fx_glob_crate_name` by name, or rename its `grid_core`"
    );
    assert_eq!(
        error("fx-type-name"),
        "crates/fx-type-name/src/lib.rs:6: `type_name` names a type by its module path, which the bundle moves (a crate becomes a module), so what it prints would differ from the cargo build; write the name itself"
    );
    assert_eq!(
        error("fx-stringify-path"),
        "crates/fx-stringify-path/src/lib.rs:3: `stringify!` of a path the bundle rewrites (a crate's, or a library's `crate::` one) gives the bundle's path, not the source's; write the text itself"
    );
    assert_eq!(
        error("fx-cfg-attr-path"),
        "crates/fx-cfg-attr-path/src/lib.rs:1: `#[cfg_attr(.., path = ..)]` picks the file of `mod imp` by a condition of the judge's machine, which the bundler cannot decide; write one `#[cfg(..)] #[path = ..] mod` for each condition instead"
    );
    assert_eq!(
        error("fx-module-path"),
        "crates/fx-module-path/src/lib.rs:5: `module_path!` gives the bundle's module path, not the source's, so what it prints would differ from the cargo build; write the text itself"
    );
    assert_eq!(
        error("fx-stringify-reprinted"),
        "crates/fx-spaced-lib/src/lib.rs:3: `stringify!` of several tokens in a library the bundle prints again from its syntax tree, which changes their spacing (`a+b` becomes `a + b`), so what it gives would differ from the cargo build; write the text itself"
    );
    assert_eq!(
        error("fx-caller-location"),
        "crates/fx-caller-location/src/lib.rs:3: `Location::caller()` gives the bundle's file, line and column, not the source's, so what it prints would differ from the cargo build; write the text itself"
    );
    // By another name, as by its own.
    assert_eq!(
        error("fx-renamed-line"),
        "crates/fx-renamed-line/src/lib.rs:4: `line!` gives the bundle's line, not the source's, so what it prints would differ from the cargo build; write the text itself"
    );
    assert_eq!(
        error("fx-renamed-location"),
        "crates/fx-renamed-location/src/lib.rs:6: `Location::caller()` gives the bundle's file, line and column, not the source's, so what it prints would differ from the cargo build; write the text itself"
    );
    let other_edition = |manifest: &str, package: &str, stated: &str| {
        format!(
            "{manifest}: {package} {stated}, but the judge compiles the bundle as edition 2021, where the same code may not compile or may mean something else (`array.into_iter()`, bare trait objects, `panic!(message)`); set `edition = \"2021\"` (`cargo fix --edition` migrates the code)"
        )
    };
    assert_eq!(
        error("fx-edition-2018"),
        other_edition(
            "crates/fx-edition-2018/Cargo.toml",
            "fx-edition-2018",
            "is edition 2018"
        )
    );
    assert_eq!(
        error("fx-no-edition"),
        other_edition(
            "crates/fx-no-edition/Cargo.toml",
            "fx-no-edition",
            "states no edition (so cargo builds it as 2015)"
        )
    );
    let with_features = |manifest: &str, package: &str, features: &str| {
        format!(
            "{manifest}: cargo builds {package} with the feature {features}, but a judge compiles the bundle with none, so its `#[cfg(feature = ..)]` code would be off there; build it without features (no `default` in its [features], or `default-features = false` and no `features` where it is a dependency)"
        )
    };
    assert_eq!(
        error("fx-default-feature"),
        with_features(
            "crates/fx-default-feature/Cargo.toml",
            "fx-default-feature",
            "`fast`"
        )
    );
    assert_eq!(
        error("fx-dep-feature"),
        with_features("grid-core/Cargo.toml", "grid-core", "`extra`")
    );
    // What cargo does before compiling (a build script, stated or found beside the manifest;
    // a procedural macro, built for the compiler) a judge's rustc does not.
    let build_script = |package: &str, script: &str| {
        format!(
            "crates/{package}/Cargo.toml: {package} has a build script, crates/{package}/{script}, which cargo runs before compiling it (to set cfgs or environment variables, or to write code), but a judge compiles the bundle with plain rustc, which runs none; do in the code what it does, or remove it"
        )
    };
    assert_eq!(
        error("fx-build-script"),
        build_script("fx-build-script", "src/build.rs")
    );
    assert_eq!(
        error("fx-build-rs"),
        build_script("fx-build-rs", "build.rs")
    );
    assert_eq!(
        error("fx-proc-macro"),
        "crates/fx-macro-lib/Cargo.toml: fx-macro-lib is a procedural macro crate, which the compiler builds and runs as a plug-in: a judge's one file cannot hold one; write the macro with `macro_rules!`"
    );
    // A library the problem uses is held to the same edition.
    assert_eq!(
        error("fx-uses-old-lib"),
        other_edition(
            "crates/fx-old-lib/Cargo.toml",
            "fx-old-lib",
            "is edition 2018"
        )
    );
}

#[test]
fn a_refusal_is_typed_with_its_kind_file_and_line() {
    let root = refused_root();
    let all = discover(&root).unwrap();
    let refusal = |name: &str| -> Refusal {
        let error = bundle(&root, select(&all, name).unwrap(), Options::default()).unwrap_err();
        let message = error.to_string();
        let refusal = error
            .downcast::<Refusal>()
            .unwrap_or_else(|e| panic!("{name}: not a refusal: {e:#}"));
        assert_eq!(
            refusal.to_string(),
            message,
            "one message, rendered by Display"
        );
        refusal
    };
    let at = |file: &str, line: Option<usize>| (Some(PathBuf::from(file)), line);
    let s = String::from;
    // Each refused fixture: its kind, then its file and line.
    type Where = (Option<PathBuf>, Option<usize>);
    let cases: Vec<(&str, RefusalKind, Where)> = vec![
        (
            "fx-external",
            RefusalKind::ExternalCrate {
                package: s("fx-external"),
                dependency: s("rand"),
            },
            (None, None),
        ),
        (
            "fx-missing-mod",
            RefusalKind::MissingModuleFile {
                module: s("missing"),
                looked_for: vec![
                    PathBuf::from("crates/fx-missing-mod/src/missing.rs"),
                    PathBuf::from("crates/fx-missing-mod/src/missing/mod.rs"),
                ],
            },
            at("crates/fx-missing-mod/src/lib.rs", Some(2)),
        ),
        (
            "fx-include",
            RefusalKind::ReadsFile {
                macro_name: s("include_str"),
            },
            at("crates/fx-include/src/lib.rs", Some(2)),
        ),
        (
            "fx-import-named-like-crate",
            RefusalKind::ImportNamedLikeCrate {
                name: s("grid_core"),
            },
            at("crates/fx-import-named-like-crate/src/main.rs", Some(2)),
        ),
        (
            "fx-env",
            RefusalKind::ReadsEnvironment {
                macro_name: s("env"),
            },
            at("crates/fx-env/src/lib.rs", Some(3)),
        ),
        (
            "fx-main-mod-like-crate",
            RefusalKind::ItemNamedLikeCrate {
                name: s("grid_core"),
            },
            at("crates/fx-main-mod-like-crate/src/main.rs", Some(2)),
        ),
        (
            "fx-main-mod-like-sysroot-crate",
            RefusalKind::ItemNamedLikeSysrootCrate {
                name: s("alloc"),
                krate: s("alloc"),
                module: s("the problem's lib.rs"),
            },
            at("crates/fx-main-mod-like-sysroot-crate/src/main.rs", Some(3)),
        ),
        (
            "fx-main-macro-clash",
            RefusalKind::MacroClash {
                module: s("main.rs"),
                other: s("fx_main_macro_clash"),
                name: s("twice"),
            },
            (None, None),
        ),
        (
            "fx-kept-macro-clash",
            RefusalKind::MacroClash {
                module: s("grid_core"),
                other: s("fx_one_lib"),
                name: s("one"),
            },
            (None, None),
        ),
        (
            "fx-glob-crate-name",
            RefusalKind::GlobBringsCrateName {
                name: s("grid_core"),
                library: s("fx_glob_crate_name"),
            },
            at("crates/fx-glob-crate-name/src/main.rs", Some(1)),
        ),
        (
            "fx-type-name",
            RefusalKind::TypeName,
            at("crates/fx-type-name/src/lib.rs", Some(6)),
        ),
        (
            "fx-stringify-path",
            RefusalKind::StringifyRewrittenPath,
            at("crates/fx-stringify-path/src/lib.rs", Some(3)),
        ),
        (
            "fx-cfg-attr-path",
            RefusalKind::CfgAttrPath { module: s("imp") },
            at("crates/fx-cfg-attr-path/src/lib.rs", Some(1)),
        ),
        (
            "fx-module-path",
            RefusalKind::NamesLocation {
                macro_name: s("module_path"),
            },
            at("crates/fx-module-path/src/lib.rs", Some(5)),
        ),
        (
            "fx-edition-2018",
            RefusalKind::Edition {
                package: s("fx-edition-2018"),
                stated: Some(s("2018")),
            },
            at("crates/fx-edition-2018/Cargo.toml", None),
        ),
        (
            "fx-no-edition",
            RefusalKind::Edition {
                package: s("fx-no-edition"),
                stated: None,
            },
            at("crates/fx-no-edition/Cargo.toml", None),
        ),
        (
            "fx-default-feature",
            RefusalKind::Features {
                package: s("fx-default-feature"),
                features: vec![s("fast")],
            },
            at("crates/fx-default-feature/Cargo.toml", None),
        ),
        (
            "fx-dep-feature",
            RefusalKind::Features {
                package: s("grid-core"),
                features: vec![s("extra")],
            },
            at("grid-core/Cargo.toml", None),
        ),
        (
            "fx-build-script",
            RefusalKind::BuildScript {
                package: s("fx-build-script"),
                script: PathBuf::from("crates/fx-build-script/src/build.rs"),
            },
            at("crates/fx-build-script/Cargo.toml", None),
        ),
        (
            "fx-build-rs",
            RefusalKind::BuildScript {
                package: s("fx-build-rs"),
                script: PathBuf::from("crates/fx-build-rs/build.rs"),
            },
            at("crates/fx-build-rs/Cargo.toml", None),
        ),
        (
            "fx-proc-macro",
            RefusalKind::ProcMacro {
                package: s("fx-macro-lib"),
            },
            at("crates/fx-macro-lib/Cargo.toml", None),
        ),
        (
            "fx-uses-old-lib",
            RefusalKind::Edition {
                package: s("fx-old-lib"),
                stated: Some(s("2018")),
            },
            at("crates/fx-old-lib/Cargo.toml", None),
        ),
    ];
    for (name, kind, (file, line)) in cases {
        let refusal = refusal(name);
        assert_eq!(refusal.kind, kind, "{name}");
        assert_eq!((refusal.file, refusal.line), (file, line), "{name}");
    }
}
