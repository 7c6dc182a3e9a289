//! Edits of one file's text: byte ranges replaced by new text, applied at the end. A leaf: it
//! imports no other module of the bundler.

use std::ops::Range;

use proc_macro2::Span;

/// A byte range of one file replaced by new text.
pub(super) struct Edit {
    /// The bytes replaced.
    pub range: Range<usize>,
    /// What replaces them.
    pub text: String,
}

/// Applies edits, skipping any that fall inside an earlier, wider one (a cut-out item).
pub(super) fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.range.start, std::cmp::Reverse(e.range.end)));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in edits {
        if edit.range.start < at {
            continue;
        }
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.text);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The bytes `range` of `text` with the edits that fall inside it applied.
pub(super) fn apply_within(text: &str, edits: &[Edit], range: Range<usize>) -> String {
    let inner = edits
        .iter()
        .filter(|e| range.start <= e.range.start && e.range.end <= range.end)
        .map(|e| Edit {
            range: e.range.start - range.start..e.range.end - range.start,
            text: e.text.clone(),
        })
        .collect();
    apply(&text[range], inner)
}

/// Whether byte `at` is inside one of the `removed` ranges.
pub(super) fn inside(removed: &[Range<usize>], at: usize) -> bool {
    removed.iter().any(|r| r.contains(&at))
}

/// One file's edits, and the ranges cut or replaced whole, which the token rewriter keeps out of.
#[derive(Default)]
pub(super) struct Edits {
    /// Every edit, in the order made.
    pub list: Vec<Edit>,
    /// The ranges cut or replaced whole.
    pub removed: Vec<Range<usize>>,
}

impl Edits {
    /// Adds `edit` (the token rewriter may still edit inside its range).
    pub fn push(&mut self, edit: Edit) {
        self.list.push(edit);
    }

    /// Cuts the text of `span` (and keeps the token rewriter out of it).
    pub fn cut(&mut self, span: Span) {
        self.replace(span.byte_range(), String::new());
    }

    /// Replaces the bytes `range` with `text` (and keeps the token rewriter out of them).
    pub fn replace(&mut self, range: Range<usize>, text: String) {
        self.removed.push(range.clone());
        self.list.push(Edit { range, text });
    }
}
