//! `trace samples/.../1.in --html FILE` through this problem's tools binary, then the page in a
//! real headless Chromium: the controls and arrow keys step through the best moves.

use problem_harness::browser::{drive, Action};
use problem_harness::trace::PALETTE;

const TOOLS: &str = env!("CARGO_BIN_EXE_boj-12100-2048-easy-tools");

/// `#rrggbb` as the `rgb(r, g, b)` a browser computes.
fn rgb(css: &str) -> String {
    let v = |i: usize| u8::from_str_radix(&css[i..i + 2], 16).unwrap();
    format!("rgb({}, {}, {})", v(1), v(3), v(5))
}

#[test]
fn the_page_of_sample_1_steps_through_the_best_moves() {
    use Action::{Click, Key, Wait};
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/boj-12100-2048-easy/1.in"
    );
    let html = std::env::temp_dir().join(format!("trace-2048-{}.html", std::process::id()));
    let status = std::process::Command::new(TOOLS)
        .args(["trace", sample, "--html"])
        .arg(&html)
        .status()
        .expect("the tools binary runs");
    assert!(status.success());
    let page = std::fs::read_to_string(&html).expect("the page was written");
    let _ = std::fs::remove_file(&html);
    let actions = [
        Click("next"),
        Click("prev"),
        Key("ArrowRight"),
        Key("ArrowLeft"),
        Click("play"),
        Wait(1_000),
    ];
    let session = drive(&page, &actions).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(session.errors, Vec::<String>::new());
    let seen: Vec<(&str, &str)> = session
        .shown
        .iter()
        .map(|s| (s.counter.as_str(), s.title.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            ("1 / 2", "start"),
            ("2 / 2", "move 1: left"),
            ("1 / 2", "start"),
            ("2 / 2", "move 1: left"),
            ("1 / 2", "start"),
            ("1 / 2", "start"),
            ("2 / 2", "move 1: left"),
        ]
    );
    let start = &session.shown[0];
    assert_eq!(
        start.cells,
        [["2", "2", "2"], ["4", "4", "4"], ["8", "8", "8"]]
    );
    assert_eq!(start.marked, [(2, 0), (2, 1), (2, 2)]);
    let moved = &session.shown[1];
    assert_eq!(
        moved.cells,
        [["4", "2", "."], ["8", "4", "."], ["16", "8", "."]]
    );
    assert_eq!(moved.marked, [(2, 0)]);
    assert!(
        moved.caption.ends_with("the answer is 16"),
        "{}",
        moved.caption
    );
    // One colour per tile value: 2, 4, 8 and 16 are palette colours 0 to 3.
    for (text, k) in [("2", 0), ("4", 1), ("8", 2), ("16", 3)] {
        let (r, c) = (0..3)
            .flat_map(|r| (0..3).map(move |c| (r, c)))
            .find(|&(r, c)| moved.cells[r][c] == text)
            .unwrap();
        assert_eq!(moved.backgrounds[r][c], rgb(PALETTE[k].2), "tile {text}");
    }
    assert_eq!(session.shown[6].play, "play", "stopped on the last frame");
}
