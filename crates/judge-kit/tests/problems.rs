//! Every discovered problem keeps the workspace's invariants; no problem is named here.

use judge_kit::problems::{discover_all, workspace_root, Problem};

fn problems() -> Vec<Problem> {
    let found = discover_all(&workspace_root()).expect("crates/ is readable");
    assert_eq!(found.errors, Vec::<String>::new(), "broken problem manifests");
    assert!(!found.problems.is_empty(), "no problem crates found");
    found.problems
}

#[test]
fn every_problem_has_samples_each_with_its_expected_output() {
    let root = workspace_root();
    for problem in problems() {
        let dir = problem.samples_dir(&root);
        let inputs = sample_check::sample_inputs(&dir);
        assert!(
            !inputs.is_empty(),
            "{}: no samples yet in {}",
            problem.name,
            dir.display()
        );
        for input in inputs {
            assert!(
                input.with_extension("out").is_file(),
                "{}: {} has no .out",
                problem.name,
                input.display()
            );
        }
    }
}

#[test]
fn every_problem_crate_is_named_after_its_site_and_id_and_has_a_judge_binary() {
    for problem in problems() {
        let prefix = format!("{}-{}-", problem.judge.site.prefix(), problem.judge.problem);
        assert!(
            problem.name.starts_with(&prefix),
            "{} should start with {prefix}",
            problem.name
        );
        assert!(
            problem.dir.join("src/main.rs").is_file(),
            "{}: no src/main.rs",
            problem.name
        );
    }
}

#[test]
fn every_problem_with_tools_has_its_tools_binary_and_bench() {
    for problem in problems().into_iter().filter(|p| p.has_tools) {
        for file in ["src/stress.rs", "src/bin/tools.rs", "benches/solve.rs"] {
            assert!(
                problem.dir.join(file).is_file(),
                "{}: the tools feature needs {file}",
                problem.name
            );
        }
    }
}
