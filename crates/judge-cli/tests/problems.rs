//! Every discovered problem keeps the workspace's invariants; no problem is named here.

use judge_cli::problems::{discover_all, workspace_root, Problem};

mod common;
use common::scaffold::{cargo_test, scaffold_workspace};

fn problems() -> Vec<Problem> {
    let found = discover_all(&workspace_root()).expect("crates/ is readable");
    assert_eq!(
        found.errors,
        Vec::<String>::new(),
        "broken problem manifests"
    );
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

/// The cargo sample test reads `compare` with sample-check's std-only reader, the tools with a
/// full TOML parser: both must read every problem's manifest alike.
#[test]
fn the_sample_test_and_the_tools_read_the_same_compare_rule() {
    let root = workspace_root();
    for problem in judge_cli::problems::discover(&root).unwrap() {
        assert_eq!(
            sample_check::manifest_compare(&problem.dir),
            Ok(problem.judge.compare),
            "{}",
            problem.name
        );
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

#[test]
fn every_traced_problem_has_a_trace_snapshot_of_each_sample() {
    let root = workspace_root();
    for problem in problems()
        .into_iter()
        .filter(|p| p.dir.join("src/trace.rs").is_file())
    {
        assert!(
            problem.dir.join("tests/problem/trace.rs").is_file(),
            "{}: a trace (src/trace.rs) needs its snapshot test tests/problem/trace.rs",
            problem.name
        );
        let tools = std::fs::read_to_string(problem.dir.join("src/bin/tools.rs"))
            .unwrap_or_else(|e| panic!("{}: src/bin/tools.rs: {e}", problem.name));
        assert!(
            tools.contains("::trace::"),
            "{}: src/bin/tools.rs should pass its trace to tools_main!",
            problem.name
        );
        for input in sample_check::sample_inputs(&problem.samples_dir(&root)) {
            let case = input.file_stem().unwrap().to_string_lossy().into_owned();
            let snapshot = problem
                .dir
                .join(format!("tests/problem/snapshots/trace@{case}.snap"));
            assert!(
                snapshot.is_file(),
                "{}: sample {case} has no trace snapshot (run cargo insta test -p {} --all-features --test problem and review it)",
                problem.name,
                problem.name
            );
        }
    }
}

#[test]
fn a_scaffolded_problem_is_found_by_the_tools_and_a_second_one_is_refused() {
    use judge_cli::problems::{discover_all, Site};
    use judge_cli::scaffold::{create, Spec};
    let root = tempfile::tempdir().unwrap();
    std::fs::create_dir(root.path().join("crates")).unwrap();
    let input = root.path().join("s.in");
    let output = root.path().join("s.out");
    // As copied from a web page: `\r\n` line ends, and no final line break.
    std::fs::write(&input, "1\r\n#\r\n").unwrap();
    std::fs::write(&output, "1").unwrap();
    let spec = Spec {
        site: Site::Baekjoon,
        id: "3190".into(),
        slug: "snake".into(),
        time_limit_ms: Some(2000),
        memory_limit_mb: None,
        samples: vec![(input, output)],
        page: None,
    };
    let created = create(root.path(), &spec).unwrap();
    assert_eq!(created.samples, 1);
    let found = discover_all(root.path()).unwrap();
    assert_eq!(found.errors, Vec::<String>::new());
    let problem = &found.problems[0];
    assert_eq!(problem.name, "boj-3190-snake");
    assert_eq!(problem.judge.time_limit_ms, 2000);
    assert_eq!(problem.judge.memory_limit_mb, 256);
    assert_eq!(problem.judge.url, "https://www.acmicpc.net/problem/3190");
    assert!(!problem.has_tools);
    // Stored as the judge's files are, so that the byte-for-byte sample test agrees with it.
    let sample = |name: &str| {
        std::fs::read_to_string(root.path().join("samples/boj-3190-snake").join(name)).unwrap()
    };
    assert_eq!(
        (sample("1.in"), sample("1.out")),
        ("1\n#\n".into(), "1\n".into())
    );
    let main = std::fs::read_to_string(created.crate_dir.join("src/main.rs")).unwrap();
    assert!(
        main.contains("grid_core::run_judge(boj_3190_snake::run)"),
        "{main}"
    );
    let again = create(root.path(), &spec).unwrap_err().to_string();
    assert!(
        again.ends_with("boj-3190-snake already exists; pick another slug or remove it"),
        "{again}"
    );
    let same_id = Spec {
        slug: "other".into(),
        samples: Vec::new(),
        ..spec
    };
    assert_eq!(
        create(root.path(), &same_id).unwrap_err().to_string(),
        "baekjoon 3190 already has a crate: crates/boj-3190-snake"
    );
    // An id is written as the judge's address writes it, so that one problem has one crate.
    for id in ["03190", "0", "31a", ""] {
        let odd = Spec {
            id: id.into(),
            ..same_id.clone()
        };
        assert_eq!(
            create(root.path(), &odd).unwrap_err().to_string(),
            format!("the problem id must be a number from 1 up with no leading zero, as in the problem's address, found `{id}`")
        );
    }
    // Its files are named after the crate: a name too long for one is refused before any is.
    let long = Spec {
        id: "14503".into(),
        slug: "a".repeat(250),
        ..same_id.clone()
    };
    let refused = create(root.path(), &long).unwrap_err().to_string();
    assert!(
        refused.ends_with("would be 260 characters long; at most 64 (crates.io's limit, and its files are named after it): shorten the slug"),
        "{refused}"
    );
    assert!(!root.path().join("crates").join(long.name()).exists());
    let folder = Spec {
        id: "14503".into(),
        samples: vec![(root.path().join("crates"), root.path().join("s.out"))],
        ..same_id
    };
    assert_eq!(
        create(root.path(), &folder).unwrap_err().to_string(),
        format!(
            "sample file {} is a folder, not a file",
            root.path().join("crates").display()
        )
    );
}

/// What `new` writes passes `cargo fmt --check` whatever the length of the names filled in,
/// and the page's title is plain text in the docs (a Kakao title's `[1차]` is no link, which
/// `cargo doc -D warnings` would refuse). A sample that cannot be read leaves nothing behind:
/// half a crate would stop every cargo command of the workspace.
#[test]
fn a_new_crate_is_formatted_and_a_failed_one_leaves_nothing() {
    use judge_cli::page::Page;
    use judge_cli::problems::Site;
    use judge_cli::scaffold::{create, Spec};
    let root = tempfile::tempdir().unwrap();
    let page = Page {
        site: Site::Programmers,
        problem: "17679".into(),
        title: "[1차] 프렌즈4블록 <b>".into(),
        url: "https://example.invalid/17679".into(),
        time_limit_ms: None,
        memory_limit_mb: None,
        special_judge: false,
        samples: Vec::new(),
    };
    let short = Spec {
        site: Site::Baekjoon,
        id: "1".into(),
        slug: "a".into(),
        time_limit_ms: None,
        memory_limit_mb: None,
        samples: Vec::new(),
        page: None,
    };
    let long = Spec {
        id: "1000".into(),
        slug: "a".repeat(64 - "boj-1000-".len()),
        ..short.clone()
    };
    let titled = Spec {
        site: Site::Programmers,
        id: "17679".into(),
        slug: "friends".into(),
        page: Some(page),
        ..short.clone()
    };
    for spec in [short, long, titled] {
        let created = create(root.path(), &spec).unwrap();
        let sources: Vec<std::path::PathBuf> = ["src/lib.rs", "src/main.rs"]
            .iter()
            .map(|f| created.crate_dir.join(f))
            .chain(
                std::fs::read_dir(created.crate_dir.join("tests/problem"))
                    .unwrap()
                    .map(|e| e.unwrap().path()),
            )
            .collect();
        let checked = std::process::Command::new("rustfmt")
            .args(["--check", "--edition", "2021"])
            .args(&sources)
            .output()
            .unwrap();
        assert!(
            checked.status.success(),
            "{}: {}",
            spec.name(),
            String::from_utf8_lossy(&checked.stdout)
        );
    }
    let lib = std::fs::read_to_string(
        root.path()
            .join("crates/programmers-17679-friends/src/lib.rs"),
    )
    .unwrap();
    assert!(
        lib.starts_with("//! Programmers 17679 \\[1차\\] 프렌즈4블록 \\<b\\>: TODO"),
        "{lib}"
    );

    // A sample handed over as a pipe (`--sample <(gen) out`) is read like a file.
    let fifo = root.path().join("generated.in");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, "5\n").unwrap())
    };
    let expected = root.path().join("generated.out");
    std::fs::write(&expected, "5\n").unwrap();
    let piped = Spec {
        site: Site::Baekjoon,
        id: "1060".into(),
        slug: "piped".into(),
        time_limit_ms: None,
        memory_limit_mb: None,
        samples: vec![(fifo, expected)],
        page: None,
    };
    create(root.path(), &piped).unwrap();
    writer.join().unwrap();
    let sample = root.path().join("samples/boj-1060-piped/1.in");
    assert_eq!(std::fs::read_to_string(sample).unwrap(), "5\n");

    let bad = root.path().join("euc-kr.in");
    std::fs::write(&bad, b"\xff\xfe1\n").unwrap();
    let unreadable = Spec {
        site: Site::Baekjoon,
        id: "1050".into(),
        slug: "t".into(),
        time_limit_ms: None,
        memory_limit_mb: None,
        samples: vec![(bad.clone(), bad.clone())],
        page: None,
    };
    let error = create(root.path(), &unreadable).unwrap_err();
    assert!(format!("{error:#}").contains("euc-kr.in"), "{error:#}");
    assert!(!root.path().join("crates/boj-1050-t").exists());
    assert!(!root.path().join("samples/boj-1050-t").exists());
}

#[test]
fn a_scaffolded_crate_builds_and_its_tests_pass_with_and_without_samples() {
    use judge_cli::problems::Site;
    use judge_cli::scaffold::{create, Spec};
    let dir = scaffold_workspace();
    let ws = dir.path();
    let sample_in = ws.join("s.in");
    let sample_out = ws.join("s.out");
    std::fs::write(&sample_in, "3\n#..\n.#.\n..#\n").unwrap();
    std::fs::write(&sample_out, "3\n").unwrap();
    let boj = Spec {
        site: Site::Baekjoon,
        // Not page_cli.rs's boj-3190-snake: it is scaffolded into the same target, perhaps at
        // the same time, and one crate's binary would overwrite the other's.
        id: "1000".into(),
        slug: "scaffolded".into(),
        time_limit_ms: None,
        memory_limit_mb: None,
        samples: vec![(sample_in, sample_out)],
        page: None,
    };
    create(ws, &boj).unwrap();
    let programmers = Spec {
        site: Site::Programmers,
        id: "12345".into(),
        slug: "no-samples".into(),
        samples: Vec::new(),
        ..boj
    };
    create(ws, &programmers).unwrap();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let test = |package: &str| cargo_test(ws, &["-p", package]);
    // Turning the tools on, as the manifest's comment says, needs no lock entry beyond those
    // `scripts/new` records (the scripts run cargo with `--locked`). Not `--offline`: metadata
    // wants every locked package, those of other platforms too, and a fresh machine's cache
    // holds only what a build here fetched (this test passed only after another had fetched
    // them).
    let metadata = |extra: &[&str]| {
        std::process::Command::new(&cargo)
            .current_dir(ws)
            .args(["metadata", "--format-version", "1"])
            .args(extra)
            .output()
            .unwrap()
    };
    let recorded = metadata(&[]);
    assert!(
        recorded.status.success(),
        "recording the new crates: {}",
        String::from_utf8_lossy(&recorded.stderr)
    );
    let manifest = ws.join("crates/boj-1000-scaffolded/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    assert!(
        text.contains("\n# tools = [\"dep:problem-harness\"]\n"),
        "{text}"
    );
    std::fs::write(&manifest, text.replace("\n# tools = [", "\ntools = [")).unwrap();
    let locked = metadata(&["--locked"]);
    assert!(
        locked.status.success(),
        "{}",
        String::from_utf8_lossy(&locked.stderr)
    );
    std::fs::write(&manifest, text).unwrap();
    let made = test("boj-1000-scaffolded");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let empty = test("programmers-12345-no-samples");
    assert!(!empty.status.success());
    let said = String::from_utf8_lossy(&empty.stdout);
    assert!(
        said.contains("programmers-12345-no-samples: no samples yet"),
        "{said}"
    );
}

/// A problem's tests are one binary, `tests/problem/main.rs` (a test binary is a compile and a
/// link of its own: three per problem were a fifth of the test build), and every file beside it
/// is one of its modules: a file no `mod` names would never compile, let alone run.
#[test]
fn a_problems_tests_are_one_binary_holding_every_file_beside_it() {
    let mut checked = 0;
    for problem in problems() {
        let tests = problem.dir.join("tests");
        let top_level: Vec<String> = std::fs::read_dir(&tests)
            .unwrap_or_else(|e| panic!("{}: {e}", tests.display()))
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".rs"))
            .map(|name| format!("tests/{name}"))
            .collect();
        assert!(
            top_level.is_empty(),
            "{}: {} would each be a test binary: make them modules of tests/problem/main.rs",
            problem.name,
            top_level.join(", ")
        );
        let main = std::fs::read_to_string(tests.join("problem/main.rs"))
            .unwrap_or_else(|e| panic!("{}: tests/problem/main.rs: {e}", problem.name));
        for entry in std::fs::read_dir(tests.join("problem")).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            let Some(module) = name.strip_suffix(".rs") else {
                continue;
            };
            if module != "main" {
                assert!(
                    main.lines().any(|l| l.trim() == format!("mod {module};")),
                    "{}: tests/problem/{name} is not a module of tests/problem/main.rs (`mod {module};`), so it never runs",
                    problem.name
                );
            }
        }
        checked += 1;
    }
    assert!(checked >= 16, "only {checked} problems");
}

/// A binary built without a test harness (`test = false`, as the problems' judge and tools
/// binaries and judge-cli's are) holds no tests: they would never run.
#[test]
fn binaries_without_a_test_harness_hold_no_tests() {
    let root = workspace_root();
    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let Ok(text) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let manifest: toml::Table = text.parse().unwrap();
        let bins = manifest.get("bin").and_then(|b| b.as_array());
        for bin in bins.into_iter().flatten() {
            if bin.get("test").and_then(|t| t.as_bool()) != Some(false) {
                continue;
            }
            let path = dir.join(bin["path"].as_str().unwrap());
            let source = std::fs::read_to_string(&path).unwrap();
            assert!(
                !source.contains("#[test]") && !source.contains("#[cfg(test)]"),
                "{} has tests, but its manifest says `test = false`: move them to the library or tests/",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 41, "only {checked} binaries without a harness");
}

/// Two versions of syn once cost the test build a second syn (15 s of CPU, and more in clippy's
/// and rustdoc's builds): a lock update that resolves a `syn = ">=2, <4"` afresh picks syn 3.
/// Only what this machine builds counts (syn 3 stays in the lock for wasm-bindgen).
#[test]
fn the_workspace_builds_one_version_of_syn_here() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["tree", "--locked", "--duplicates", "--depth", "0"])
        .args(["--edges", "normal,build,dev", "--manifest-path"])
        .arg(workspace_root().join("Cargo.toml"))
        .output()
        .unwrap();
    let listed = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let twice: Vec<&str> = listed.lines().filter(|l| l.starts_with("syn ")).collect();
    assert!(twice.is_empty(), "syn is built in two versions: {twice:?}");
}
