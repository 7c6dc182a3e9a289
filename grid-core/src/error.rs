//! The one error type of input parsing: what was expected, what was found, and where.

use std::fmt;

/// A place in the input text: 1-based line, and 1-based column counted in characters.
///
/// ```
/// let at = grid_core::TextPosition { line: 2, column: 7 };
/// assert_eq!(at.to_string(), "line 2, column 7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TextPosition {
    /// Line number, the first line being 1.
    pub line: usize,
    /// Column number in characters (not bytes), the first column being 1.
    pub column: usize,
}

impl fmt::Display for TextPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Malformed judge input: says what was expected and, when known, where in the input.
///
/// Printed as `line L, column C: MESSAGE` when it has a position, as `MESSAGE` otherwise.
///
/// ```
/// use grid_core::{Scanner, TextPosition};
/// let err = Scanner::new("").token("N").unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 1: expected N, found end of input");
/// assert_eq!(err.position(), Some(TextPosition { line: 1, column: 1 }));
/// assert_eq!(err.message(), "expected N, found end of input");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    position: Option<TextPosition>,
    message: String,
}

impl InputError {
    /// An error with a complete, human-readable message and no position in the input (for
    /// problems found after parsing, such as a board breaking a rule of the statement).
    ///
    /// ```
    /// let e = grid_core::InputError::new("expected at least one tile");
    /// assert_eq!(e.to_string(), "expected at least one tile");
    /// assert_eq!(e.position(), None);
    /// ```
    pub fn new(message: impl Into<String>) -> InputError {
        InputError {
            position: None,
            message: message.into(),
        }
    }

    /// An error at `position`: `expected EXPECTED, found FOUND`.
    ///
    /// ```
    /// use grid_core::{InputError, TextPosition};
    /// let e = InputError::at(TextPosition { line: 3, column: 2 }, "a digit", "`x`");
    /// assert_eq!(e.to_string(), "line 3, column 2: expected a digit, found `x`");
    /// ```
    pub fn at(
        position: TextPosition,
        expected: impl fmt::Display,
        found: impl fmt::Display,
    ) -> InputError {
        InputError {
            position: Some(position),
            message: format!("expected {expected}, found {}", visible(&found.to_string())),
        }
    }

    /// Where in the input the error is, when known.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("1\n x");
    /// s.next::<u8>("N").unwrap();
    /// let at = s.next::<u8>("M").unwrap_err().position().unwrap();
    /// assert_eq!((at.line, at.column), (2, 2));
    /// ```
    pub fn position(&self) -> Option<TextPosition> {
        self.position
    }

    /// The message without the position prefix.
    ///
    /// ```
    /// let e = grid_core::Scanner::new("x").next::<u8>("N").unwrap_err();
    /// assert_eq!(e.message(), "expected N, found `x`");
    /// assert_eq!(grid_core::InputError::new("bad").message(), "bad");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// `text` with each character a terminal shows as nothing (a control, a byte order mark, a
/// zero-width space) written as its code point, `<U+FEFF>`: an input saved with a BOM is
/// otherwise refused with "found ``".
///
/// ```
/// let e = grid_core::Scanner::new("\u{feff}3").next::<u8>("N").unwrap_err();
/// assert_eq!(e.message(), "expected N, found `<U+FEFF>3`");
/// ```
fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let invisible = c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}');
        if invisible {
            out.push_str(&format!("<U+{:04X}>", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(position) = self.position {
            write!(f, "{position}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for InputError {}
