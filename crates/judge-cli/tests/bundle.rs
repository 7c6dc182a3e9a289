//! The bundler on the real problem crates: what it keeps, what it drops, and that it compiles.

use judge_cli::bundle::{bundle, Options};
use judge_cli::check::Compiler;
use judge_cli::problems::{discover, workspace_root, Problem};

fn problems() -> Vec<Problem> {
    let all = discover(&workspace_root()).unwrap();
    assert!(!all.is_empty());
    all
}

fn source(problem: &Problem, prune: bool) -> String {
    let options = Options { prune };
    bundle(&workspace_root(), problem, options).unwrap().source
}

#[test]
fn every_bundle_is_headed_pruned_and_free_of_tests_docs_and_tools() {
    let mut some_smaller = false;
    for problem in problems() {
        let name = &problem.name;
        let text = source(&problem, true);
        for absent in [
            "#[test]",
            "#[cfg(test)]",
            "///",
            "//!",
            "#[doc",
            "mod tests",
            "mod stress",
            "problem_harness",
        ] {
            assert!(
                !text.contains(absent),
                "{name}: `{absent}` left in the bundle"
            );
        }
        assert!(text.starts_with(&format!("// {name} — ")), "{name}");
        assert!(text.contains("mod grid_core"), "{name}");
        let unpruned = source(&problem, false);
        assert!(text.len() <= unpruned.len(), "{name}: pruning added code");
        some_smaller |= text.len() < unpruned.len();
    }
    assert!(some_smaller, "pruning dropped nothing anywhere");
}

#[test]
fn a_crate_depending_on_an_external_crate_is_refused() {
    let mut rogue = problems().remove(0);
    rogue.dependencies.push("rand".to_string());
    let err = bundle(&workspace_root(), &rogue, Options::default())
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        format!(
            "{} depends on `rand`: a judge compiles one file with no crates, so a problem may use only grid-core and std",
            rogue.name
        )
    );
}

/// Type-checked as the judge compiles (every error and lint a build finds; the bundles layer of
/// scripts/test builds and judges each on both compilers).
#[test]
fn every_bundle_compiles_without_a_warning() {
    let root = workspace_root();
    let current = Compiler::probe("rustc").expect("rustc on PATH");
    let dir = tempfile::tempdir().unwrap();
    for problem in discover(&root).unwrap() {
        let made = bundle(&root, &problem, Options::default()).unwrap();
        let path = dir.path().join(format!("{}.rs", problem.name));
        std::fs::write(&path, &made.source).unwrap();
        let checked = current
            .type_check(&path, &dir.path().join(&problem.name))
            .unwrap();
        assert!(checked.passed, "{}: {}", problem.name, checked.messages);
        assert_eq!(checked.messages, "", "{} warns", problem.name);
    }
}

#[test]
fn the_tool_names_unknown_problems_and_prints_to_stdout_on_request() {
    let exe = env!("CARGO_BIN_EXE_bundle");
    let out = std::process::Command::new(exe)
        .arg("no-such-problem")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("bundle: unknown problem `no-such-problem`; known problems: "),
        "{err}"
    );
    let first = problems().remove(0);
    let out = std::process::Command::new(exe)
        .args(["--stdout", &first.judge.problem])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(&format!(
            "// {} — {} problem {}",
            first.name, first.judge.site, first.judge.problem
        )),
        "{}",
        &text[..80]
    );
    assert!(text.contains("mod grid_core"));
}

/// The problem's own text goes into the bundle as written: no formatter runs over it. One did
/// (rustfmt, when installed), and it respaces macro arguments, which `stringify!` makes
/// observable: `stringify!(x [1])` printed `x [1]` under cargo and `x[1]` from the bundle on
/// current rustc; and a bundle then depended on whether rustfmt was installed.
#[test]
fn the_problems_own_text_is_not_reformatted() {
    let root = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = root.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\n");
    write(
        "crates/spacing/Cargo.toml",
        "[package]\nname = \"spacing\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [package.metadata.judge]\nsite = \"baekjoon\"\nproblem = \"90999\"\n\
         url = \"https://example.invalid/90999\"\ntime_limit_ms = 1000\n",
    );
    let main = "fn main() {\n    let v = vec![1,2];\n    println!(\"{} {}\", stringify!(x [1]), v.len());\n}\n";
    write("crates/spacing/src/main.rs", main);
    let problems = discover(root.path()).unwrap();
    let made = bundle(root.path(), &problems[0], Options::default()).unwrap();
    assert!(made.source.contains(main), "{}", made.source);
}
