//! The HTML trace page in a real headless Chromium: every control and key on a four-frame trace.

use problem_harness::browser::{drive, Action};
use problem_harness::trace::{render_html, Cell, Frame, PALETTE};

/// Frame `k` of four: a 2 x 3 board whose cell `(1, k % 3)` is marked and shows `k`.
fn frames() -> Vec<Frame> {
    (0..4u32)
        .map(|k| Frame {
            title: format!("step {k}"),
            caption: format!("caption <{k}> & more"),
            board: vec![
                vec![
                    Cell::plain("."),
                    Cell::new("R", Some(0)),
                    Cell::new("G", Some(1)),
                ],
                (0..3u32)
                    .map(|c| {
                        if c == k % 3 {
                            Cell::new(k.to_string(), Some(2)).marked_if(true)
                        } else {
                            Cell::plain("")
                        }
                    })
                    .collect(),
            ],
        })
        .collect()
}

/// `#rrggbb` as the `rgb(r, g, b)` a browser computes.
fn rgb(css: &str) -> String {
    let v = |i: usize| u8::from_str_radix(&css[i..i + 2], 16).unwrap();
    format!("rgb({}, {}, {})", v(1), v(3), v(5))
}

#[test]
fn buttons_arrow_keys_and_play_step_through_the_frames() {
    use Action::{Click, Key, Wait};
    let page = render_html("demo", &frames());
    let actions = [
        Click("next"),
        Key("ArrowRight"),
        Key("ArrowLeft"),
        Key("End"),
        Click("next"),
        Key("ArrowRight"),
        Key("Home"),
        Click("prev"),
        Click("play"),
        Wait(1_000),
        Wait(3_000),
        Key(" "),
        Key(" "),
    ];
    let session = drive(&page, &actions).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(session.errors, Vec::<String>::new());
    let counters: Vec<&str> = session.shown.iter().map(|s| s.counter.as_str()).collect();
    assert_eq!(
        counters,
        [
            "1 / 4", // loaded
            "2 / 4", // next
            "3 / 4", // right arrow
            "2 / 4", // left arrow
            "4 / 4", // End
            "4 / 4", // next on the last frame (disabled)
            "4 / 4", // right arrow on the last frame
            "1 / 4", // Home
            "1 / 4", // prev on the first frame (disabled)
            "1 / 4", // play: the first step comes after 700 ms
            "2 / 4", // 1 s later
            "4 / 4", // played to the end, then stopped
            "1 / 4", // space at the end plays from the start
            "1 / 4", // space again pauses
        ]
    );
    let loaded = &session.shown[0];
    assert_eq!(loaded.title, "step 0");
    assert_eq!(loaded.caption, "caption <0> & more");
    assert_eq!(loaded.cells, [[".", "R", "G"], ["0", "", ""]]);
    assert_eq!(loaded.marked, [(1, 0)]);
    assert_eq!(loaded.backgrounds[0][1], rgb(PALETTE[0].2));
    assert_eq!(loaded.backgrounds[0][2], rgb(PALETTE[1].2));
    assert_eq!(loaded.backgrounds[1][0], rgb(PALETTE[2].2));
    assert_eq!(loaded.backgrounds[1][1], "rgb(255, 255, 255)");
    assert!(loaded.prev_disabled && !loaded.next_disabled);
    let third = &session.shown[2];
    assert_eq!(third.title, "step 2");
    assert_eq!(third.cells[1], ["", "", "2"]);
    assert_eq!(third.marked, [(1, 2)]);
    let last = &session.shown[4];
    assert_eq!(last.title, "step 3");
    assert!(!last.prev_disabled && last.next_disabled);
    assert_eq!(session.shown[9].play, "pause");
    assert_eq!(session.shown[11].play, "play");
    assert_eq!(session.shown[12].play, "pause");
    assert_eq!(session.shown[13].play, "play");
}
