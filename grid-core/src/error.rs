//! The one error type of input parsing: a message naming what was expected and where.

use std::fmt;

/// Malformed judge input: says what was expected and where it went wrong.
///
/// ```
/// let err = grid_core::Scanner::new("").token("N").unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 1: expected N, found end of input");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    message: String,
}

impl InputError {
    /// Builds an error from a complete, human-readable message.
    ///
    /// ```
    /// let e = grid_core::InputError::new("line 2: expected N");
    /// assert_eq!(e.to_string(), "line 2: expected N");
    /// ```
    pub fn new(message: impl Into<String>) -> InputError {
        InputError {
            message: message.into(),
        }
    }

    /// The message, without any prefix.
    ///
    /// ```
    /// assert_eq!(grid_core::InputError::new("bad").message(), "bad");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InputError {}
