//! Pages that follow each site's real structure, odd ones included.

use super::*;

const BOJ_3190: &str = include_str!("../../tests/pages/boj-3190.html");
const PROGRAMMERS_84021: &str = include_str!("../../tests/pages/programmers-84021.html");

fn sample(input: &str, output: &str) -> PageSample {
    PageSample {
        input: input.into(),
        output: output.into(),
    }
}

/// A Baekjoon page as the site writes it: `labels` after the title, `time` and `memory` in
/// the limits table, each sample in its `<pre class="sampledata">`.
fn boj_page(id: &str, labels: &str, time: &str, memory: &str, samples: &[(&str, &str)]) -> String {
    let mut body = String::new();
    for (i, (input, output)) in samples.iter().enumerate() {
        let n = i + 1;
        body.push_str(&format!(
            "<div class=\"col-md-6\"><section id=\"sampleinput{n}\"><div class=\"headline\"><h2>예제 입력 {n} <button type=\"button\" class=\"btn btn-link copy-button\" data-clipboard-target=\"#sample-input-{n}\">복사</button></h2></div><pre class=\"sampledata\" id=\"sample-input-{n}\">{input}</pre></section></div>\n\
             <div class=\"col-md-6\"><section id=\"sampleoutput{n}\"><div class=\"headline\"><h2>예제 출력 {n}</h2></div><pre class=\"sampledata\" id=\"sample-output-{n}\">{output}</pre></section></div>\n"
        ));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"ko\"><head><meta charset=\"utf-8\"><title>{id}번: 문제</title>\n\
         <link rel=\"canonical\" href=\"https://www.acmicpc.net/problem/{id}\" /></head><body>\n\
         <div class=\"page-header\"><h1><span id=\"problem_title\">문제 {id}</span>{labels}</h1></div>\n\
         <table class=\"table\" id=\"problem-info\"><thead><tr><th style=\"width:16%\">시간 제한</th><th>메모리 제한</th><th>제출</th><th>정답</th><th>맞힌 사람</th><th>정답 비율</th></tr></thead>\n\
         <tbody><tr><td>{time}</td><td>{memory}</td><td>10</td><td>5</td><td>5</td><td>50.000%</td></tr></tbody></table>\n\
         <div id=\"problem-body\">{body}</div></body></html>\n"
    )
}

#[test]
fn a_baekjoon_page_gives_title_limits_address_and_exact_samples() {
    let page = read(Site::Baekjoon, "3190", BOJ_3190.as_bytes(), None).unwrap();
    assert_eq!(page.title, "뱀");
    assert_eq!(page.problem, "3190");
    assert_eq!(page.url, "https://www.acmicpc.net/problem/3190");
    assert_eq!(page.time_limit_ms, Some(1000));
    assert_eq!(page.memory_limit_mb, Some(128));
    assert!(!page.special_judge);
    assert_eq!(page.samples.len(), 3);
    assert_eq!(
        page.samples[0],
        sample("6\n3\n3 4\n2 5\n5 3\n3\n3 D\n15 L\n17 D\n", "9\n")
    );
    // A trailing space and a blank line kept, no final line break added (the page has none).
    assert_eq!(
        page.samples[1],
        sample(
            "10 \n4\n1 2\n1 3\n1 4\n1 5\n\n4\n8 D\n10 D\n11 D\n13 L",
            "21"
        )
    );
    // Entities decoded, a nested tag read through, `<br>` a line break, an empty output.
    assert_eq!(page.samples[2], sample("a < b && c's \"x\"\ny\n", ""));
}

#[test]
fn limits_labels_and_odd_samples_follow_the_page() {
    let text = boj_page(
        "1001",
        "<span class=\"problem-label problem-label-spj\">스페셜 저지</span>",
        "0.5 초 (추가 시간 없음) ",
        "512 MB",
        &[("1 2  \n\n", "\n")],
    );
    let page = read(Site::Baekjoon, "1001", text.as_bytes(), None).unwrap();
    assert_eq!(page.time_limit_ms, Some(500));
    assert_eq!(page.memory_limit_mb, Some(512));
    assert!(page.special_judge);
    // A line break right after `<pre>` is not part of it (HTML), as a browser shows it.
    assert_eq!(page.samples, [sample("1 2  \n\n", "")]);
    let label_only = boj_page(
        "1002",
        "<span class=\"problem-label\">스페셜 저지</span>",
        "2 초",
        "256 MB",
        &[],
    );
    let page = read(Site::Baekjoon, "1002", label_only.as_bytes(), None).unwrap();
    assert!(page.special_judge);
    assert_eq!(page.samples, []);
    assert_eq!(page.time_limit_ms, Some(2000));
}

#[test]
fn a_page_in_euc_kr_reads_as_in_utf8() {
    let text = boj_page("1003", "", "1 초", "128 MB", &[("가 나\n", "다\n")]).replace(
        "<meta charset=\"utf-8\">",
        "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=euc-kr\">",
    );
    let bytes = encoding_rs::EUC_KR.encode(&text).0.into_owned();
    assert!(std::str::from_utf8(&bytes).is_err());
    let page = read(Site::Baekjoon, "1003", &bytes, None).unwrap();
    assert_eq!(page.title, "문제 1003");
    assert_eq!(page.samples, [sample("가 나\n", "다\n")]);
}

#[test]
fn a_programmers_page_gives_one_sample_per_example_row() {
    let page = read(
        Site::Programmers,
        "84021",
        PROGRAMMERS_84021.as_bytes(),
        None,
    )
    .unwrap();
    assert_eq!(page.title, "퍼즐 조각 채우기");
    assert_eq!(
        page.url,
        "https://school.programmers.co.kr/learn/courses/30/lessons/84021"
    );
    assert_eq!((page.time_limit_ms, page.memory_limit_mb), (None, None));
    // Exactly the samples our crate keeps, typed from the same page.
    let root = crate::problems::workspace_root();
    let dir = root.join("samples/programmers-84021-puzzle-pieces");
    let file = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    assert_eq!(
        page.samples,
        [
            sample(&file("1.in"), &file("1.out")),
            sample(&file("2.in"), &file("2.out"))
        ]
    );
}

#[test]
fn foreign_pages_are_refused_with_what_was_expected() {
    let refused = |site, id, text: &str| {
        read(site, id, text.as_bytes(), None)
            .unwrap_err()
            .to_string()
    };
    let wanted =
        "expected the page of Baekjoon problem 3190 (https://www.acmicpc.net/problem/3190)";
    assert_eq!(
        refused(Site::Baekjoon, "3190", " \n"),
        format!("the page is empty; {wanted}")
    );
    let challenge = "<!DOCTYPE html><html lang=\"en-US\"><head><title>Just a moment...</title></head><body><div id=\"challenge-error-text\">Enable JavaScript and cookies to continue</div></body></html>";
    assert!(refused(Site::Baekjoon, "3190", challenge)
        .starts_with("this is a bot-check (\"Just a moment...\") page, not the problem; "));
    let login = "<html><head><title>로그인</title></head><body><form action=\"/signin\" method=\"post\"><input name=\"login_user_id\"><input type=\"password\" name=\"login_password\"></form></body></html>";
    assert_eq!(
        refused(Site::Baekjoon, "3190", login),
        format!("this is a login page, not the problem; {wanted}")
    );
    assert_eq!(
        refused(Site::Baekjoon, "3191", BOJ_3190),
        "this is the page of Baekjoon problem 3190, not 3191; expected the page of Baekjoon problem 3191 (https://www.acmicpc.net/problem/3191)"
    );
    assert_eq!(
        refused(Site::Baekjoon, "3190", PROGRAMMERS_84021),
        format!("not a Baekjoon problem page: no <span id=\"problem_title\">; {wanted}")
    );
    assert!(
        refused(Site::Programmers, "84021", BOJ_3190).starts_with("not a Programmers lesson page")
    );
    assert!(refused(Site::Programmers, "1", PROGRAMMERS_84021)
        .starts_with("this is the page of Programmers problem 84021, not 1"));
    let half =
        boj_page("7", "", "1 초", "128 MB", &[("1\n", "1\n")]).replace("sample-output-1", "x");
    assert!(refused(Site::Baekjoon, "7", &half).starts_with("sample 1 has an input but no output"));
    let no_limits = boj_page("7", "", "빠름", "128 MB", &[]);
    assert!(refused(Site::Baekjoon, "7", &no_limits)
        .starts_with("time limit `빠름` is not like `1 초`"));
}
