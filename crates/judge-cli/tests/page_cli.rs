//! `scripts/new --from-page` / `--fetch` and `scripts/samples` end to end: pages served by a
//! small HTTP server on 127.0.0.1 (no test reaches the internet), and a tiny workspace whose
//! new crates are built and tested.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use judge_cli::page::{load, Source};
use judge_cli::problems::{discover_all, workspace_root, Compare, Site};

mod common;
use common::scaffold::{cargo_test, scaffold_workspace};

const BOJ_3190: &str = include_str!("pages/boj-3190.html");

/// The answer the test server gives for a path: status line, content type, body.
fn answer(path: &str) -> (&'static str, &'static str, Vec<u8>) {
    let html = "text/html; charset=UTF-8";
    match path {
        "/problem/3190" => ("200 OK", html, BOJ_3190.as_bytes().to_vec()),
        "/problem/1004" => {
            // Declared only in the HTTP header, as EUC-KR.
            let page = BOJ_3190.replace("3190", "1004").replace("<meta charset=\"utf-8\">", "");
            let bytes = encoding_rs::EUC_KR.encode(&page).0.into_owned();
            ("200 OK", "text/html; charset=euc-kr", bytes)
        }
        "/problem/9" => (
            "403 Forbidden",
            html,
            b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>"
                .to_vec(),
        ),
        "/problem/8" => ("403 Forbidden", html, b"<html>no</html>".to_vec()),
        "/problem/7" => (
            "200 OK",
            html,
            b"<html><head><title>\xeb\xa1\x9c\xea\xb7\xb8\xec\x9d\xb8</title></head><body><input type=password></body></html>".to_vec(),
        ),
        _ => ("404 Not Found", html, b"<html>404</html>".to_vec()),
    }
}

/// Serves [`answer`]s on 127.0.0.1 for at most `requests` connections; returns the base URL.
fn serve(requests: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().take(requests) {
            let Ok(mut stream) = stream else { continue };
            let mut request = Vec::new();
            let mut buffer = [0u8; 1024];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                match stream.read(&mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buffer[..n]),
                }
            }
            let text = String::from_utf8_lossy(&request);
            let path = text.split_whitespace().nth(1).unwrap_or("/").to_string();
            let (status, kind, body) = answer(&path);
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&body);
        }
    });
    base
}

#[test]
fn fetch_reads_the_served_page_and_says_why_when_it_cannot() {
    let base = serve(16);
    let fetched =
        |path: &str, id: &str| load(Site::Baekjoon, id, &Source::Fetch(format!("{base}{path}")));
    let page = fetched("/problem/3190", "3190").unwrap();
    assert_eq!((page.title.as_str(), page.samples.len()), ("뱀", 3));
    let euc_kr = fetched("/problem/1004", "1004").unwrap();
    assert_eq!(euc_kr.title, "뱀");
    let error = |path: &str, id: &str| fetched(path, id).unwrap_err().to_string();
    let missing = error("/problem/404", "404");
    assert!(
        missing.ends_with("answered 404 Not Found: no such problem (check the id, or --url)"),
        "{missing}"
    );
    let forbidden = error("/problem/8", "8");
    assert!(forbidden.contains("answered 403 Forbidden: the site refused the download; save the page in a browser and use --from-page FILE"), "{forbidden}");
    let challenge = error("/problem/9", "9");
    assert!(
        challenge.contains("this is a bot-check (\"Just a moment...\") page, not the problem"),
        "{challenge}"
    );
    let login = error("/problem/7", "7");
    assert!(
        login.contains("this is a login page, not the problem"),
        "{login}"
    );
    let other = error("/problem/3190", "3191");
    assert!(
        other.contains("this is the page of Baekjoon problem 3190, not 3191"),
        "{other}"
    );
    // Nobody listens on port 1 here: as when offline.
    let offline = load(
        Site::Baekjoon,
        "1",
        &Source::Fetch("http://127.0.0.1:1/problem/1".into()),
    )
    .unwrap_err()
    .to_string();
    assert!(
        offline.starts_with("cannot download http://127.0.0.1:1/problem/1: "),
        "{offline}"
    );
    assert!(
        offline.ends_with("(offline?); save the page in a browser and use --from-page FILE"),
        "{offline}"
    );
}

/// Runs one of this crate's tools in `ws`, as the scripts do.
fn tool(exe: &str, ws: &Path, args: &[&str]) -> Output {
    Command::new(exe)
        .current_dir(ws)
        .env_remove("JUDGE_KIT_CWD")
        .args(args)
        .output()
        .unwrap()
}

fn page_file(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pages")
        .join(name)
        .display()
        .to_string()
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() && !path.is_symlink() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    found.sort();
    found
}

#[test]
fn a_refused_page_writes_nothing_and_says_one_line_with_exit_2() {
    let dir = scaffold_workspace();
    let ws = dir.path();
    let before = files(ws);
    let empty = ws.join("empty.html");
    std::fs::write(&empty, "").unwrap();
    let base = serve(4);
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "boj".into(),
                "3190".into(),
                "snake".into(),
                "--from-page".into(),
                empty.display().to_string(),
            ],
            "the page is empty; expected the page of Baekjoon problem 3190",
        ),
        (
            vec![
                "boj".into(),
                "3191".into(),
                "snake".into(),
                "--from-page".into(),
                page_file("boj-3190.html"),
            ],
            "this is the page of Baekjoon problem 3190, not 3191",
        ),
        (
            vec!["boj".into(), "9".into(), "snake".into(), "--fetch".into()],
            "bot-check",
        ),
        (
            vec![
                "programmers".into(),
                "84021".into(),
                "p".into(),
                "--fetch".into(),
                "--url".into(),
                format!("{base}/nowhere"),
            ],
            "answered 404 Not Found",
        ),
    ];
    for (args, says) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = Command::new(env!("CARGO_BIN_EXE_new"))
            .current_dir(ws)
            .env_remove("JUDGE_KIT_CWD")
            .env("JUDGE_KIT_BOJ_BASE", &base)
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("new: ") && stderr.contains(says),
            "{args:?}: {stderr}"
        );
        let mut now = files(ws);
        now.retain(|p| p != Path::new("empty.html"));
        assert_eq!(now, before, "{args:?} wrote something");
    }
}

#[test]
fn new_from_a_page_makes_crates_whose_tests_find_the_placeholder_wrong() {
    let dir = scaffold_workspace();
    let ws = dir.path();
    let new = env!("CARGO_BIN_EXE_new");
    let made = tool(
        new,
        ws,
        &[
            "boj",
            "3190",
            "snake",
            "--from-page",
            &page_file("boj-3190.html"),
        ],
    );
    let said = String::from_utf8_lossy(&made.stdout);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    assert!(
        said.contains("\"뱀\": 3 sample(s), time limit 1000 ms, memory limit 128 MiB"),
        "{said}"
    );
    let made = tool(
        new,
        ws,
        &[
            "programmers",
            "84021",
            // Not the real crate's name: both are built in the workspace's target, and one
            // binary would replace the other.
            "from-page",
            "--from-page",
            &page_file("programmers-84021.html"),
        ],
    );
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let spj = ws.join("spj.html");
    std::fs::write(
        &spj,
        BOJ_3190
            .replace("3190", "1005")
            .replace("<span id=\"problem_title\">뱀</span>", "<span id=\"problem_title\">뱀</span><span class=\"problem-label problem-label-spj\">스페셜 저지</span>"),
    )
    .unwrap();
    let made = tool(
        new,
        ws,
        &[
            "boj",
            "1005",
            "any-path",
            "--from-page",
            spj.to_str().unwrap(),
        ],
    );
    assert!(String::from_utf8_lossy(&made.stdout)
        .contains("note: a special judge decides this problem"));

    let found = discover_all(ws).unwrap();
    assert_eq!(found.errors, Vec::<String>::new());
    let judge = |name: &str| {
        found
            .problems
            .iter()
            .find(|p| p.name == name)
            .unwrap()
            .judge
            .clone()
    };
    let snake = judge("boj-3190-snake");
    assert_eq!(
        (snake.time_limit_ms, snake.memory_limit_mb, snake.compare),
        (1000, 128, Compare::Baekjoon)
    );
    assert_eq!(snake.url, "https://www.acmicpc.net/problem/3190");
    assert_eq!(judge("boj-1005-any-path").compare, Compare::Special);
    let puzzle = judge("programmers-84021-from-page");
    assert_eq!(
        (puzzle.time_limit_ms, puzzle.url.as_str()),
        (
            10_000,
            "https://school.programmers.co.kr/learn/courses/30/lessons/84021"
        )
    );
    let read = |p: &str| std::fs::read_to_string(ws.join(p)).unwrap();
    assert!(
        read("crates/boj-3190-snake/Cargo.toml").contains("description = \"Baekjoon 3190 뱀: TODO")
    );
    assert!(read("crates/boj-3190-snake/src/lib.rs").starts_with("//! Baekjoon 3190 뱀: TODO"));
    assert!(read("crates/programmers-84021-from-page/src/lib.rs")
        .starts_with("//! Programmers 84021 퍼즐 조각 채우기: TODO"));
    assert_eq!(
        read("samples/boj-3190-snake/2.in"),
        "10 \n4\n1 2\n1 3\n1 4\n1 5\n\n4\n8 D\n10 D\n11 D\n13 L\n"
    );
    assert_eq!(read("samples/boj-3190-snake/3.out"), "");
    let real = workspace_root().join("samples/programmers-84021-puzzle-pieces");
    for name in ["1.in", "1.out", "2.in", "2.out"] {
        assert_eq!(
            read(&format!("samples/programmers-84021-from-page/{name}")),
            std::fs::read_to_string(real.join(name)).unwrap()
        );
    }

    // scripts/samples: what is there is kept, a changed sample refused unless forced.
    let samples = env!("CARGO_BIN_EXE_samples");
    let page = page_file("boj-3190.html");
    std::fs::remove_file(ws.join("samples/boj-3190-snake/2.in")).unwrap();
    std::fs::remove_file(ws.join("samples/boj-3190-snake/2.out")).unwrap();
    std::fs::write(ws.join("samples/boj-3190-snake/1.out"), "10\n").unwrap();
    let refused = tool(samples, ws, &["snake", "--from-page", &page]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains(
        "already holds another sample as 1.in/1.out: nothing written (--force replaces them)"
    ));
    assert!(!ws.join("samples/boj-3190-snake/2.in").exists());
    let forced = tool(samples, ws, &["3190", "--from-page", &page, "--force"]);
    let said = String::from_utf8_lossy(&forced.stdout);
    assert!(
        forced.status.success(),
        "{}",
        String::from_utf8_lossy(&forced.stderr)
    );
    assert!(
        said.contains("replaced samples/boj-3190-snake/1.in, 1.out (--force)"),
        "{said}"
    );
    assert!(
        said.contains("added samples/boj-3190-snake/2.in, 2.out"),
        "{said}"
    );
    assert!(
        said.contains("skipped a sample already there as samples/boj-3190-snake/3.in"),
        "{said}"
    );
    let base = serve(1);
    let fetched = Command::new(samples)
        .current_dir(ws)
        .env_remove("JUDGE_KIT_CWD")
        .env("JUDGE_KIT_BOJ_BASE", &base)
        .args(["3190", "--fetch"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&fetched.stdout);
    assert!(
        fetched.status.success(),
        "{}",
        String::from_utf8_lossy(&fetched.stderr)
    );
    assert_eq!(
        said.matches("skipped a sample already there").count(),
        3,
        "{said}"
    );

    // The crates build, and their sample tests find the placeholder solve wrong.
    let test = |package: &str| {
        let out = cargo_test(ws, &["-p", package, "--test", "problem", "samples::"]);
        assert!(
            !out.status.success(),
            "{package}: the placeholder passed its samples"
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let snake = test("boj-3190-snake");
    assert!(snake.contains("3 of 3 samples fail"), "{snake}");
    let puzzle = test("programmers-84021-from-page");
    assert!(puzzle.contains("2 of 2 samples fail"), "{puzzle}");
    let special = test("boj-1005-any-path");
    assert!(
        special.contains("samples_run_and_exit_0") && !special.contains("no samples yet"),
        "{special}"
    );
}
