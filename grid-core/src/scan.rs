//! A scanner over judge input text whose errors say what was expected and at which line/column.

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

use super::error::{InputError, TextPosition};
use super::grid::Grid;

/// Reads judge input token by token or line by line, tracking where it is for error messages.
///
/// ```
/// let mut s = grid_core::Scanner::new("2\n5 7\n");
/// let n: usize = s.next_in("N", 1..=10).unwrap();
/// let v: Vec<u32> = (0..n).map(|_| s.next("a value").unwrap()).collect();
/// assert_eq!(v, vec![5, 7]);
/// assert!(s.finish().is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Scanner<'a> {
    /// Starts at the beginning of `text`.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("x");
    /// assert_eq!(s.token("t").unwrap(), "x");
    /// ```
    pub fn new(text: &'a str) -> Scanner<'a> {
        Scanner { text, pos: 0 }
    }

    /// An error at byte offset `at`: `line L, column C: expected WHAT, found FOUND`.
    ///
    /// ```
    /// let s = grid_core::Scanner::new("ab\ncd");
    /// let e = s.error_at(4, "a digit", "`d`");
    /// assert_eq!(e.to_string(), "line 2, column 2: expected a digit, found `d`");
    /// ```
    pub fn error_at(&self, at: usize, what: impl Display, found: impl Display) -> InputError {
        InputError::at(self.position_of(at), what, found)
    }

    /// The line and column (1-based, columns in characters) of byte offset `at`.
    ///
    /// # Panics
    /// When `at` is past the end of the text or not on a character boundary.
    ///
    /// ```
    /// use grid_core::{Scanner, TextPosition};
    /// let s = Scanner::new("ab\néd");
    /// assert_eq!(s.position_of(0), TextPosition { line: 1, column: 1 });
    /// assert_eq!(s.position_of(5), TextPosition { line: 2, column: 2 });
    /// ```
    pub fn position_of(&self, at: usize) -> TextPosition {
        let before = &self.text[..at];
        let line = before.matches('\n').count() + 1;
        let column = before.rfind('\n').map_or(before.chars().count(), |nl| {
            before[nl + 1..].chars().count()
        }) + 1;
        TextPosition { line, column }
    }

    /// The byte offset of the next unread character.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("ab cd");
    /// s.token("t").unwrap();
    /// assert_eq!(s.offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Skips whitespace and returns the byte offset where the next token starts.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("  \n x");
    /// assert_eq!(s.skip_whitespace(), 4);
    /// ```
    pub fn skip_whitespace(&mut self) -> usize {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
        self.pos
    }

    /// The next whitespace-separated token; `what` names it in the error at the end of input.
    ///
    /// Every `what` of this type is only formatted when an error is reported, so callers can pass
    /// `format_args!(...)` per cell of a large board at no cost.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("  3 x\n");
    /// assert_eq!(s.token("N").unwrap(), "3");
    /// assert_eq!(s.token("K").unwrap(), "x");
    /// assert_eq!(s.token("M").unwrap_err().to_string(), "line 2, column 1: expected M, found end of input");
    /// ```
    pub fn token(&mut self, what: impl Display) -> Result<&'a str, InputError> {
        self.skip_whitespace();
        let rest = &self.text[self.pos..];
        if rest.is_empty() {
            return Err(self.error_at(self.pos, what, "end of input"));
        }
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        self.pos += len;
        Ok(&rest[..len])
    }

    /// The next token parsed as `T`.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("12 ab");
    /// assert_eq!(s.next::<u32>("N").unwrap(), 12);
    /// assert_eq!(s.next::<u32>("K").unwrap_err().to_string(), "line 1, column 4: expected K, found `ab`");
    /// ```
    pub fn next<T: FromStr>(&mut self, what: impl Display) -> Result<T, InputError> {
        self.next_if(what, |_| true)
    }

    /// The next token parsed as `T` and required to lie in `range`.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("13");
    /// let e = s.next_in("N", 4..=12).unwrap_err();
    /// assert_eq!(e.to_string(), "line 1, column 1: expected N in 4..=12, found `13`");
    /// ```
    pub fn next_in<T: FromStr + PartialOrd + Display>(
        &mut self,
        what: impl Display,
        range: RangeInclusive<T>,
    ) -> Result<T, InputError> {
        let described = InRange {
            what,
            range: &range,
        };
        self.next_if(described, |v| range.contains(v))
    }

    /// The next token parsed as `T` and accepted by `valid`; `what` should say what is valid.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("2 3");
    /// let even = |v: &u32| v % 2 == 0;
    /// assert_eq!(s.next_if("an even number", even).unwrap(), 2);
    /// let e = s.next_if("an even number", even).unwrap_err();
    /// assert_eq!(e.to_string(), "line 1, column 3: expected an even number, found `3`");
    /// ```
    pub fn next_if<T: FromStr>(
        &mut self,
        what: impl Display,
        valid: impl FnOnce(&T) -> bool,
    ) -> Result<T, InputError> {
        let start = self.skip_whitespace();
        let token = self.token(&what)?;
        match token.parse::<T>() {
            Ok(v) if valid(&v) => Ok(v),
            _ => Err(self.error_at(start, what, format_args!("`{token}`"))),
        }
    }

    /// The rest of the current line without its line break (and without trailing spaces).
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("ab \r\ncd");
    /// assert_eq!(s.line("row 1").unwrap(), "ab");
    /// assert_eq!(s.line("row 2").unwrap(), "cd");
    /// assert!(s.line("row 3").is_err());
    /// ```
    pub fn line(&mut self, what: impl Display) -> Result<&'a str, InputError> {
        let rest = &self.text[self.pos..];
        if rest.is_empty() {
            return Err(self.error_at(self.pos, what, "end of input"));
        }
        let len = rest.find('\n').unwrap_or(rest.len());
        self.pos += (len + 1).min(rest.len());
        Ok(rest[..len].trim_end())
    }

    /// `rows` lines of exactly `cols` characters each, every one of them in `allowed`.
    ///
    /// When the scanner stands inside a line whose rest is only whitespace (just after the
    /// numbers of a line such as `N M`), the board starts on the next line, so
    /// `next` then `char_grid` reads the usual "N, then N lines" input without a call to
    /// [`Scanner::line`] in between. At the start of a line, that line is the first row.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("2 \n#.\n.#\n");
    /// let n: usize = s.next("N").unwrap();
    /// assert_eq!(s.char_grid(n, n, ".#", "the map").unwrap().to_string(), "#.\n.#\n");
    ///
    /// let mut s = grid_core::Scanner::new("R.\nGG\n");
    /// let g = s.char_grid(2, 2, ".RG", "the field").unwrap();
    /// assert_eq!(g.to_string(), "R.\nGG\n");
    /// let e = grid_core::Scanner::new("R.\nGX\n").char_grid(2, 2, ".RG", "the field").unwrap_err();
    /// assert_eq!(e.to_string(), "line 2, column 2: expected one of `.RG` in the field, found `X`");
    /// ```
    pub fn char_grid(
        &mut self,
        rows: usize,
        cols: usize,
        allowed: &str,
        what: impl Display,
    ) -> Result<Grid<char>, InputError> {
        self.skip_blank_rest_of_line();
        let mut cells = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            let start = self.pos;
            let row = r + 1;
            let line = self.line(format_args!("row {row} of {what} ({cols} characters)"))?;
            for (i, ch) in line.char_indices() {
                if !allowed.contains(ch) {
                    return Err(self.error_at(
                        start + i,
                        format_args!("one of `{allowed}` in {what}"),
                        format_args!("`{ch}`"),
                    ));
                }
            }
            let len = line.chars().count();
            if len != cols {
                return Err(self.error_at(
                    start,
                    format_args!("row {row} of {what} ({cols} characters)"),
                    format_args!("{len} characters"),
                ));
            }
            cells.extend(line.chars());
        }
        Ok(Grid::from_vec(rows, cols, cells))
    }

    /// Moves to the start of the next line when the scanner is inside a line (not at its start)
    /// and the rest of that line is whitespace.
    fn skip_blank_rest_of_line(&mut self) {
        let at_line_start = self.pos == 0 || self.text[..self.pos].ends_with('\n');
        if at_line_start {
            return;
        }
        let rest = &self.text[self.pos..];
        let len = rest.find('\n').map_or(rest.len(), |nl| nl + 1);
        if rest[..len].trim().is_empty() {
            self.pos += len;
        }
    }

    /// Succeeds only when nothing but whitespace is left.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("1 2\n");
    /// s.token("a").unwrap();
    /// assert_eq!(s.finish().unwrap_err().to_string(), "line 1, column 3: expected end of input, found `2`");
    /// ```
    pub fn finish(&mut self) -> Result<(), InputError> {
        self.skip_whitespace();
        if self.pos == self.text.len() {
            return Ok(());
        }
        let start = self.pos;
        let token = self.token("end of input")?;
        Err(self.error_at(start, "end of input", format_args!("`{token}`")))
    }

    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    pub(crate) fn set_offset(&mut self, pos: usize) {
        self.pos = pos;
    }
}

/// Describes a value that must lie in a range, formatted only when an error needs it.
struct InRange<'r, W, T> {
    what: W,
    range: &'r RangeInclusive<T>,
}

impl<W: Display, T: Display> Display for InRange<'_, W, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} in {}..={}",
            self.what,
            self.range.start(),
            self.range.end()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_number_names_what_and_where() {
        let mut s = Scanner::new("4 4\n0 1\n");
        s.next::<u32>("N").unwrap();
        s.next::<u32>("K").unwrap();
        s.next::<u32>("colour").unwrap();
        s.next::<u32>("colour").unwrap();
        let e = s.next::<u32>("the colour of row 2, column 1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 1: expected the colour of row 2, column 1, found end of input"
        );
    }

    #[test]
    fn short_row_is_reported_with_its_length() {
        let e = Scanner::new("...\n..\n")
            .char_grid(2, 3, ".", "the field")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 1: expected row 2 of the field (3 characters), found 2 characters"
        );
    }

    #[test]
    fn missing_row_is_end_of_input() {
        let e = Scanner::new("...\n")
            .char_grid(2, 3, ".", "the field")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 1: expected row 2 of the field (3 characters), found end of input"
        );
    }

    #[test]
    fn negative_number_out_of_unsigned_range() {
        let e = Scanner::new("-1").next_in("N", 1usize..=20).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 1: expected N in 1..=20, found `-1`"
        );
    }

    #[test]
    fn char_grid_after_a_number_line_starts_on_the_next_line() {
        for (text, numbers) in [
            ("2\nab\ncd\n", 1),
            ("2  \r\nab\r\ncd", 1),
            ("1 2\t\nab\ncd", 2),
        ] {
            let mut s = Scanner::new(text);
            for _ in 0..numbers {
                s.next::<u8>("a number").unwrap();
            }
            let g = s.char_grid(2, 2, "abcd", "board").unwrap();
            assert_eq!(g.to_string(), "ab\ncd\n", "{text:?}");
            assert!(s.finish().is_ok());
        }
    }

    #[test]
    fn char_grid_after_line_or_at_the_start_reads_the_current_line() {
        let mut s = Scanner::new("2\nab\ncd\n");
        s.line("N").unwrap();
        assert_eq!(
            s.char_grid(2, 2, "abcd", "b").unwrap().to_string(),
            "ab\ncd\n"
        );
        // An empty first line at the start is a row of 0 characters, not something to skip.
        let e = Scanner::new("\nab\n")
            .char_grid(1, 2, "ab", "b")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 1: expected row 1 of b (2 characters), found 0 characters"
        );
        // A zero-width board reads empty lines.
        let mut s = Scanner::new("2\n\n\n");
        s.next::<u8>("N").unwrap();
        assert_eq!(s.char_grid(2, 0, "", "b").unwrap().rows(), 2);
    }

    #[test]
    fn char_grid_on_the_rest_of_a_line_with_text_reads_that_text() {
        let mut s = Scanner::new("2 ab\ncd\n");
        s.next::<u8>("N").unwrap();
        let e = s.char_grid(2, 2, "abcd", "b").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 2: expected one of `abcd` in b, found ` `"
        );
    }

    #[test]
    fn errors_carry_their_position() {
        let mut s = Scanner::new("3\n1 x\n");
        s.next::<u8>("N").unwrap();
        s.next::<u8>("a").unwrap();
        let e = s.next::<u8>("b").unwrap_err();
        assert_eq!(e.position(), Some(TextPosition { line: 2, column: 3 }));
        assert_eq!(e.message(), "expected b, found `x`");
        assert_eq!(e.to_string(), "line 2, column 3: expected b, found `x`");
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let s = Scanner::new("éé x");
        assert_eq!(
            s.error_at(5, "w", "x").to_string(),
            "line 1, column 4: expected w, found x"
        );
    }
}
