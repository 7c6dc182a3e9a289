//! Traces: a problem's simulation as a list of frames (a title, a caption and a board of cells),
//! drawn for a terminal (ANSI colours or plain text), as JSON, or as one self-contained HTML
//! page.
//!
//! A problem implements [`Trace`] in its `src/trace.rs` by running its library's observed
//! functions (the same code that computes the answer) and turning each event into a [`Frame`].

use std::fmt::Write as _;

use serde::Serialize;

/// One cell of a drawn board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// What the cell shows (a colour letter, a tile value, a stack of pieces); may be empty.
    pub text: String,
    /// A palette index (see [`PALETTE`]; taken modulo its length), or `None` for no colour.
    pub colour: Option<u32>,
    /// Whether the frame points at this cell (a popping group, the piece that moved).
    pub marked: bool,
}

impl Cell {
    /// A cell showing `text` in palette colour `colour`, not marked.
    pub fn new(text: impl Into<String>, colour: Option<u32>) -> Cell {
        Cell {
            text: text.into(),
            colour,
            marked: false,
        }
    }

    /// A cell without colour showing `text`.
    pub fn plain(text: impl Into<String>) -> Cell {
        Cell::new(text, None)
    }

    /// The same cell, marked when `marked` is true.
    pub fn marked_if(mut self, marked: bool) -> Cell {
        self.marked = marked;
        self
    }
}

/// One step of a simulation: what happened (title, caption) and the board it left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Frame {
    /// A short name of the step, e.g. `chain 1: pop`.
    pub title: String,
    /// A sentence on what the step did (may be empty).
    pub caption: String,
    /// The board, row 0 at the top.
    pub board: Vec<Vec<Cell>>,
}

/// A problem's trace, implemented in its crate's `src/trace.rs` over its library's observed
/// functions.
pub trait Trace {
    /// The frames of the simulation of `input` (judge input text), or the input's error.
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String>;
}

/// Colours of palette indices: `(name, ANSI 256-colour background, CSS colour)`.
pub const PALETTE: [(&str, u8, &str); 12] = [
    ("red", 160, "#e53935"),
    ("green", 34, "#43a047"),
    ("blue", 27, "#1e88e5"),
    ("purple", 91, "#8e24aa"),
    ("yellow", 220, "#fdd835"),
    ("cyan", 37, "#00acc1"),
    ("orange", 208, "#fb8c00"),
    ("pink", 205, "#f06292"),
    ("brown", 94, "#8d6e63"),
    ("lime", 148, "#c0ca33"),
    ("teal", 30, "#00897b"),
    ("grey", 245, "#9e9e9e"),
];

/// The palette entry of colour index `colour` (indices wrap around).
fn palette(colour: u32) -> (&'static str, u8, &'static str) {
    PALETTE[colour as usize % PALETTE.len()]
}

/// Whether a palette colour is light enough to need dark text.
fn is_light(ansi: u8) -> bool {
    matches!(ansi, 220 | 148 | 205 | 245 | 37)
}

/// The widest cell text of a frame (at least 1), in characters.
fn cell_width(frame: &Frame) -> usize {
    frame
        .board
        .iter()
        .flatten()
        .map(|c| c.text.chars().count())
        .max()
        .unwrap_or(1)
        .max(1)
}

/// The frames as text for a terminal: with ANSI colours (a coloured background per palette
/// colour, marked cells bold and underlined) when `colour` is set, else plain text where a
/// marked cell is followed by `*` (cells right-aligned to the widest, line ends trimmed).
///
/// ```
/// use problem_harness::trace::{render_text, Cell, Frame};
/// let frame = Frame {
///     title: "pop".into(),
///     caption: "two go".into(),
///     board: vec![vec![Cell::plain("R").marked_if(true), Cell::plain(".")]],
/// };
/// assert_eq!(render_text(&[frame], false), "== 1/1: pop ==\ntwo go\nR* .\n");
/// ```
pub fn render_text(frames: &[Frame], colour: bool) -> String {
    let mut out = String::new();
    for (i, frame) in frames.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "== {}/{}: {} ==", i + 1, frames.len(), frame.title);
        if !frame.caption.is_empty() {
            let _ = writeln!(out, "{}", frame.caption);
        }
        let width = cell_width(frame);
        for row in &frame.board {
            let mut line = String::new();
            for (c, cell) in row.iter().enumerate() {
                if c > 0 && !colour {
                    line.push(' ');
                }
                let text = format!("{:>width$}", cell.text);
                if colour {
                    let mut style = String::new();
                    if let Some(k) = cell.colour {
                        let (_, ansi, _) = palette(k);
                        let fg = if is_light(ansi) { 16 } else { 231 };
                        let _ = write!(style, "\x1b[48;5;{ansi};38;5;{fg}m");
                    }
                    if cell.marked {
                        style.push_str("\x1b[1;4;7m");
                    }
                    let _ = write!(line, "{style} {text} \x1b[0m");
                } else {
                    line.push_str(&text);
                    line.push(if cell.marked { '*' } else { ' ' });
                }
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    out
}

/// The frames as pretty JSON: `{"problem": name, "frames": [{title, caption, board}, ...]}`.
pub fn render_json(problem: &str, frames: &[Frame]) -> String {
    #[derive(Serialize)]
    struct Document<'a> {
        problem: &'a str,
        frames: &'a [Frame],
    }
    let mut text = serde_json::to_string_pretty(&Document { problem, frames })
        .expect("frames serialise to JSON");
    text.push('\n');
    text
}

/// The frames as one self-contained HTML page (inline CSS and script, no network): previous /
/// next / play buttons, the arrow keys (left, right; space plays; Home and End jump), a frame
/// counter `#counter` (`i / n`), the title `#title`, the caption `#caption` and the board
/// `#board` as a table of coloured cells showing their values.
pub fn render_html(problem: &str, frames: &[Frame]) -> String {
    let data = serde_json::to_string(&frames).expect("frames serialise to JSON");
    let palette: Vec<&str> = PALETTE.iter().map(|&(_, _, css)| css).collect();
    let light: Vec<bool> = PALETTE.iter().map(|&(_, a, _)| is_light(a)).collect();
    HTML_TEMPLATE
        .replace("{{PROBLEM}}", &escape_html(problem))
        .replace("{{PALETTE}}", &script_json(&serde_json::json!(palette)))
        .replace("{{LIGHT}}", &script_json(&serde_json::json!(light)))
        .replace("{{FRAMES}}", &script_safe(&data))
}

/// JSON text that can sit inside a `<script>` element.
fn script_json(value: &serde_json::Value) -> String {
    script_safe(&value.to_string())
}

/// Escapes `<` so that no `</script>` in the data can end the script element.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// Escapes text for HTML.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const HTML_TEMPLATE: &str = include_str!("trace.html");

/// Every sample of the problem crate `name` (folder `manifest_dir`): `(case, input)` for each
/// `samples/<name>/<case>.in` of the workspace, sorted by case name; what trace snapshot tests
/// iterate over (none when the folder is missing).
///
/// # Panics
/// When a sample cannot be read.
pub fn samples(manifest_dir: &str, name: &str) -> Vec<(String, String)> {
    let dir = sample_check::samples_dir(manifest_dir, name);
    sample_check::sample_inputs(&dir)
        .into_iter()
        .map(|path| {
            let case = path
                .file_stem()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            let input = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            (case, input)
        })
        .collect()
}

/// `tests/problem/trace.rs` of a traced problem crate (with insta as a dev-dependency):
/// `problem_harness::trace_snapshots!(my_crate::trace::P);` snapshots the plain-text trace of
/// every sample as `snapshots/trace@<case>.snap` beside that file, the input in its
/// description, so rule changes show in review.
#[macro_export]
macro_rules! trace_snapshots {
    ($trace:expr) => {
        #[test]
        fn trace_of_every_sample() {
            use $crate::trace::Trace as _;
            let trace = $trace;
            let cases = $crate::trace::samples(env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME"));
            assert!(!cases.is_empty(), "no samples to trace");
            for (case, input) in cases {
                let frames = trace
                    .frames(&input)
                    .unwrap_or_else(|e| panic!("sample {case}: {e}"));
                // The file is named by the case alone, not by the test module's path.
                ::insta::with_settings!({
                    description => input.trim_end(),
                    omit_expression => true,
                    prepend_module_to_snapshot => false,
                }, {
                    ::insta::assert_snapshot!(
                        format!("trace@{case}"),
                        $crate::trace::render_text(&frames, false)
                    );
                });
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames() -> Vec<Frame> {
        vec![
            Frame {
                title: "start".into(),
                caption: String::new(),
                board: vec![vec![Cell::new("2", Some(1)), Cell::plain("")]],
            },
            Frame {
                title: "left </script>".into(),
                caption: "merged".into(),
                board: vec![vec![
                    Cell::new("16", Some(4)).marked_if(true),
                    Cell::plain(""),
                ]],
            },
        ]
    }

    #[test]
    fn plain_text_pads_cells_to_the_widest() {
        assert_eq!(
            render_text(&frames(), false),
            "== 1/2: start ==\n2\n\n== 2/2: left </script> ==\nmerged\n16*\n"
        );
    }

    #[test]
    fn colour_text_has_ansi_backgrounds_and_resets() {
        let text = render_text(&frames(), true);
        assert!(
            text.contains("\x1b[48;5;34;38;5;231m 2 \x1b[0m"),
            "{text:?}"
        );
        assert!(text.contains("\x1b[1;4;7m 16 \x1b[0m"), "{text:?}");
    }

    #[test]
    fn json_is_the_frames_as_data() {
        let value: serde_json::Value = serde_json::from_str(&render_json("p", &frames())).unwrap();
        assert_eq!(value["problem"], "p");
        assert_eq!(value["frames"][1]["board"][0][0]["text"], "16");
        assert_eq!(value["frames"][1]["board"][0][0]["colour"], 4);
        assert_eq!(value["frames"][1]["board"][0][0]["marked"], true);
        assert_eq!(
            value["frames"][0]["board"][0][1]["colour"],
            serde_json::Value::Null
        );
    }

    #[test]
    fn html_is_self_contained_and_data_cannot_close_the_script() {
        let page = render_html("p<1>", &frames());
        assert!(page.contains("p&lt;1&gt;"));
        assert!(!page.contains("left </script>"));
        assert!(page.contains("left \\u003c/script>"));
        for remote in ["http://", "https://", "src=", "href="] {
            assert!(!page.contains(remote), "{remote} in the page");
        }
        assert!(!page.contains("{{"), "a placeholder was left");
    }
}
