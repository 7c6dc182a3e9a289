//! The plain-text trace of every sample (`samples/<crate>/*.in`), one snapshot per case
//! (`trace@<case>`, the input in its description), so that every rule change shows in review.

use problem_tools::trace::{render_text, samples, Trace};

#[test]
fn trace_of_every_sample() {
    let trace = programmers_84021_puzzle_pieces::trace::PuzzlePieces;
    let cases = samples(env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME"));
    assert!(!cases.is_empty(), "no samples to trace");
    for (case, input) in cases {
        let frames = trace
            .frames(&input)
            .unwrap_or_else(|e| panic!("sample {case}: {e}"));
        insta::with_settings!({ description => input.trim_end(), omit_expression => true }, {
            insta::assert_snapshot!(format!("trace@{case}"), render_text(&frames, false));
        });
    }
}
