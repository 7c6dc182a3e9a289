//! The bundler on the real problem crates: what it keeps, what it drops, and that it compiles.

use judge_kit::bundle::{bundle, Options};
use judge_kit::check::{check_bundle, Compiler};
use judge_kit::problems::{discover, select, workspace_root, Problem};

fn problem(name: &str) -> Problem {
    let all = discover(&workspace_root()).unwrap();
    select(&all, name).unwrap().clone()
}

fn source(name: &str, prune: bool) -> String {
    let options = Options {
        prune,
        rustfmt: false,
    };
    bundle(&workspace_root(), &problem(name), options)
        .unwrap()
        .source
}

#[test]
fn a_problem_without_rotation_gets_no_rotation_code() {
    let new_game = source("17837", true);
    for absent in [
        "fn rotated_cw",
        "fn remapped",
        "mod rotate",
        "fn flood_fill",
        "fn slide_merge",
        "fn settle",
        "struct Shape",
    ] {
        assert!(
            !new_game.contains(absent),
            "New Game 2's bundle should not contain `{absent}`"
        );
    }
    for present in ["fn step", "fn run_judge", "fn next_in", "mod grid_core"] {
        assert!(
            new_game.contains(present),
            "New Game 2's bundle needs `{present}`"
        );
    }
    let unpruned = source("17837", false);
    assert!(unpruned.contains("fn rotated_cw"));
    assert!(
        unpruned.len() > new_game.len() * 2,
        "{} vs {}",
        unpruned.len(),
        new_game.len()
    );
}

#[test]
fn each_problem_keeps_what_it_uses_and_drops_the_rest() {
    let puyo = source("11559", true);
    assert!(puyo.contains("fn settle") && puyo.contains("fn components"));
    assert!(!puyo.contains("fn slide_merge") && !puyo.contains("fn int_grid_literal"));
    let game_2048 = source("12100", true);
    assert!(game_2048.contains("fn slide_merge") && !game_2048.contains("fn components"));
    let puzzle = source("84021", true);
    assert!(puzzle.contains("fn canonical") && puzzle.contains("fn square_int_grid_literal"));
    assert!(!puzzle.contains("fn settle") && !puzzle.contains("fn char_grid"));
}

#[test]
fn tests_and_doc_comments_are_removed() {
    for name in ["11559", "12100", "17837", "42894", "84021"] {
        let text = source(name, true);
        for absent in [
            "#[test]",
            "#[cfg(test)]",
            "///",
            "//!",
            "#[doc",
            "mod tests",
        ] {
            assert!(
                !text.contains(absent),
                "{name}: `{absent}` left in the bundle"
            );
        }
        assert!(text.starts_with(&format!("// {} — ", problem(name).name)));
    }
}

#[test]
fn a_crate_depending_on_anything_but_grid_core_is_refused() {
    let mut rogue = problem("11559");
    rogue.dependencies.push("rand".to_string());
    let err = bundle(&workspace_root(), &rogue, Options::default())
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "boj-11559-puyo-puyo depends on `rand`: a judge compiles one file with no crates, so a problem may use only grid-core and std"
    );
}

#[test]
fn every_bundle_compiles_alone_and_passes_its_samples() {
    let root = workspace_root();
    let current = Compiler::probe("rustc").expect("rustc on PATH");
    for problem in discover(&root).unwrap() {
        let made = bundle(&root, &problem, Options::default()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{}.rs", problem.name));
        std::fs::write(&path, &made.source).unwrap();
        let results = check_bundle(&root, &problem, &path, std::slice::from_ref(&current)).unwrap();
        let samples = &results[0].samples;
        assert!(!samples.is_empty(), "{} has samples", problem.name);
        for s in samples {
            assert!(
                s.verdict.passed(),
                "{} sample {}: {} {:?}",
                problem.name,
                s.sample.name,
                s.verdict,
                s.outcome
            );
        }
    }
}

#[test]
fn every_bundle_compiles_without_a_warning() {
    let root = workspace_root();
    let current = Compiler::probe("rustc").expect("rustc on PATH");
    let dir = tempfile::tempdir().unwrap();
    for problem in discover(&root).unwrap() {
        let made = bundle(&root, &problem, Options::default()).unwrap();
        let path = dir.path().join(format!("{}.rs", problem.name));
        std::fs::write(&path, &made.source).unwrap();
        let compiled = current
            .compile_output(&path, &dir.path().join(&problem.name))
            .unwrap();
        assert_eq!(compiled.stderr, "", "{} warns", problem.name);
    }
}

#[test]
fn the_tool_names_unknown_problems_and_prints_to_stdout_on_request() {
    let exe = env!("CARGO_BIN_EXE_bundle");
    let out = std::process::Command::new(exe)
        .arg("99999")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("bundle: unknown problem `99999`; known problems: boj-11559-puyo-puyo, "),
        "{err}"
    );
    let out = std::process::Command::new(exe)
        .args(["--stdout", "17837"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("// boj-17837-new-game-2 — baekjoon problem 17837"));
    assert!(text.contains("mod grid_core"));
}
