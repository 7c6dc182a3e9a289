//! List-of-rows literals such as `[[0,1],[1,0]]`, the form Programmers prints its boards in.

use std::fmt::Display;
use std::ops::RangeInclusive;

use super::error::InputError;
use super::grid::Grid;
use super::scan::Scanner;

impl<'a> Scanner<'a> {
    /// Reads one literal `[[a,b,...],[c,d,...],...]` of integers in `values` (whitespace allowed
    /// between tokens) as a board; `what` names it in errors, which give line and column.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("[[1, 0],\n [0, 1]] [[2]]");
    /// let g = s.int_grid_literal("board", 0..=1).unwrap();
    /// assert_eq!(g.to_string(), "1 0\n0 1\n");
    /// let e = s.int_grid_literal("table", 0..=1).unwrap_err();
    /// assert_eq!(e.to_string(), "line 2, column 12: expected a number of table in 0..=1, found `2`");
    /// ```
    pub fn int_grid_literal(
        &mut self,
        what: &str,
        values: RangeInclusive<i32>,
    ) -> Result<Grid<i32>, InputError> {
        let mut rows: Vec<Vec<i32>> = Vec::new();
        self.expect_byte(b'[', format_args!("`[` opening {what}"))?;
        if self.peek_byte() == Some(b']') {
            self.set_offset(self.offset() + 1);
            return Ok(Grid::from_vec(0, 0, Vec::new()));
        }
        loop {
            let row_start = self.skip_whitespace();
            let row = self.int_row(what, rows.len() + 1, &values)?;
            if let Some(first) = rows.first() {
                if row.len() != first.len() {
                    let expected = format!(
                        "row {} of {what} to have {} numbers like row 1",
                        rows.len() + 1,
                        first.len()
                    );
                    return Err(self.error_at(row_start, &expected, row.len()));
                }
            }
            rows.push(row);
            match self.peek_byte() {
                Some(b',') => self.set_offset(self.offset() + 1),
                Some(b']') => {
                    self.set_offset(self.offset() + 1);
                    return Grid::from_rows(rows);
                }
                _ => {
                    return Err(self.unexpected(format_args!(
                        "`,` or `]` after row {} of {what}",
                        rows.len()
                    )))
                }
            }
        }
    }

    /// Like [`Scanner::int_grid_literal`], and the board must be square with a side in `sides`.
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("[[0,0,0],[0,0,0]]");
    /// let e = s.square_int_grid_literal("board", 2..=50, 0..=1).unwrap_err();
    /// assert_eq!(e.to_string(), "line 1, column 1: expected board to be square with a side in 2..=50, found 2 rows of 3");
    /// ```
    pub fn square_int_grid_literal(
        &mut self,
        what: &str,
        sides: RangeInclusive<usize>,
        values: RangeInclusive<i32>,
    ) -> Result<Grid<i32>, InputError> {
        let start = self.skip_whitespace();
        let g = self.int_grid_literal(what, values)?;
        if g.rows() != g.cols() || !sides.contains(&g.rows()) {
            let expected = format!(
                "{what} to be square with a side in {}..={}",
                sides.start(),
                sides.end()
            );
            return Err(self.error_at(
                start,
                &expected,
                format_args!("{} rows of {}", g.rows(), g.cols()),
            ));
        }
        Ok(g)
    }

    /// Like [`Scanner::int_grid_literal`], and the board must have a number of rows in `rows`
    /// and of columns in `cols` (a board of no rows has no columns).
    ///
    /// ```
    /// let mut s = grid_core::Scanner::new("[[0,1,1],[1,0,0]]");
    /// let g = s.sized_int_grid_literal("maps", 1..=100, 1..=100, 0..=1).unwrap();
    /// assert_eq!((g.rows(), g.cols()), (2, 3));
    /// let mut s = grid_core::Scanner::new("[[0,1,1]]");
    /// let e = s.sized_int_grid_literal("maps", 2..=100, 1..=100, 0..=1).unwrap_err();
    /// assert_eq!(e.to_string(), "line 1, column 1: expected maps to have 2..=100 rows of 1..=100 numbers, found 1 row of 3");
    /// ```
    pub fn sized_int_grid_literal(
        &mut self,
        what: &str,
        rows: RangeInclusive<usize>,
        cols: RangeInclusive<usize>,
        values: RangeInclusive<i32>,
    ) -> Result<Grid<i32>, InputError> {
        let start = self.skip_whitespace();
        let g = self.int_grid_literal(what, values)?;
        if !rows.contains(&g.rows()) || !cols.contains(&g.cols()) {
            let expected = format!(
                "{what} to have {}..={} rows of {}..={} numbers",
                rows.start(),
                rows.end(),
                cols.start(),
                cols.end()
            );
            let plural = if g.rows() == 1 { "" } else { "s" };
            return Err(self.error_at(
                start,
                &expected,
                format_args!("{} row{plural} of {}", g.rows(), g.cols()),
            ));
        }
        Ok(g)
    }

    fn int_row(
        &mut self,
        what: &str,
        row: usize,
        values: &RangeInclusive<i32>,
    ) -> Result<Vec<i32>, InputError> {
        self.expect_byte(b'[', format_args!("`[` opening row {row} of {what}"))?;
        let mut numbers = Vec::new();
        if self.peek_byte() == Some(b']') {
            self.set_offset(self.offset() + 1);
            return Ok(numbers);
        }
        loop {
            numbers.push(self.int_in(what, values)?);
            match self.peek_byte() {
                Some(b',') => self.set_offset(self.offset() + 1),
                Some(b']') => {
                    self.set_offset(self.offset() + 1);
                    return Ok(numbers);
                }
                _ => return Err(self.unexpected(format_args!("`,` or `]` in row {row} of {what}"))),
            }
        }
    }

    fn int_in(&mut self, what: &str, values: &RangeInclusive<i32>) -> Result<i32, InputError> {
        let start = self.skip_whitespace();
        let bytes = self.text().as_bytes();
        let sign = usize::from(bytes.get(start) == Some(&b'-'));
        let digits = bytes[start + sign..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        // Built only on failure: this runs once per number of a board of thousands.
        let expected = || {
            format!(
                "a number of {what} in {}..={}",
                values.start(),
                values.end()
            )
        };
        if digits == 0 {
            return Err(self.unexpected(expected()));
        }
        let end = start + sign + digits;
        // Ten digits always fit in an i64, so the value is exact before the range check.
        let magnitude = if digits <= 10 {
            bytes[start + sign..end]
                .iter()
                .fold(0i64, |acc, &d| acc * 10 + i64::from(d - b'0'))
        } else {
            i64::MAX
        };
        let value = if sign == 1 { -magnitude } else { magnitude };
        match i32::try_from(value) {
            Ok(v) if values.contains(&v) => {
                self.set_offset(end);
                Ok(v)
            }
            _ => {
                let token = &self.text()[start..end];
                Err(self.error_at(start, expected(), format_args!("`{token}`")))
            }
        }
    }

    /// The next non-whitespace byte, leaving the scanner on it.
    fn peek_byte(&mut self) -> Option<u8> {
        let at = self.skip_whitespace();
        self.text().as_bytes().get(at).copied()
    }

    /// Consumes `byte` (after whitespace); `what` is formatted only if it is not there.
    fn expect_byte(&mut self, byte: u8, what: impl Display) -> Result<(), InputError> {
        if self.peek_byte() == Some(byte) {
            self.set_offset(self.offset() + 1);
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    /// An error at the next non-whitespace character, quoting it.
    fn unexpected(&mut self, what: impl Display) -> InputError {
        let at = self.skip_whitespace();
        let found = match self.text()[at..].chars().next() {
            Some(ch) => format!("`{ch}`"),
            None => "end of input".to_string(),
        };
        self.error_at(at, what, found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Grid<i32>, String> {
        Scanner::new(text)
            .int_grid_literal("board", 0..=200)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn accepts_whitespace_anywhere_between_tokens() {
        let g = parse(" [ [ 1 ,2 ]\n,\t[3,4] ] ").unwrap();
        assert_eq!(g.to_rows(), vec![vec![1, 2], vec![3, 4]]);
    }

    #[test]
    fn unbalanced_brackets() {
        assert_eq!(
            parse("[[1,2],[3,4]").unwrap_err(),
            "line 1, column 13: expected `,` or `]` after row 2 of board, found end of input"
        );
        assert_eq!(
            parse("[[1,2,[3,4]]").unwrap_err(),
            "line 1, column 7: expected a number of board in 0..=200, found `[`"
        );
        assert_eq!(
            parse("[1,2]").unwrap_err(),
            "line 1, column 2: expected `[` opening row 1 of board, found `1`"
        );
        assert_eq!(
            parse("").unwrap_err(),
            "line 1, column 1: expected `[` opening board, found end of input"
        );
    }

    #[test]
    fn ragged_rows_name_the_row() {
        assert_eq!(
            parse("[[1,2],[3]]").unwrap_err(),
            "line 1, column 8: expected row 2 of board to have 2 numbers like row 1, found 1"
        );
    }

    #[test]
    fn not_a_number_and_out_of_range() {
        assert_eq!(
            parse("[[1,x]]").unwrap_err(),
            "line 1, column 5: expected a number of board in 0..=200, found `x`"
        );
        assert_eq!(
            parse("[[1,201]]").unwrap_err(),
            "line 1, column 5: expected a number of board in 0..=200, found `201`"
        );
        assert_eq!(
            parse("[[-1]]").unwrap_err(),
            "line 1, column 3: expected a number of board in 0..=200, found `-1`"
        );
        assert_eq!(
            parse("[[99999999999]]").unwrap_err(),
            "line 1, column 3: expected a number of board in 0..=200, found `99999999999`"
        );
    }

    #[test]
    fn missing_comma_between_numbers() {
        assert_eq!(
            parse("[[1 2]]").unwrap_err(),
            "line 1, column 5: expected `,` or `]` in row 1 of board, found `2`"
        );
    }

    #[test]
    fn a_sized_board_takes_any_shape_within_its_bounds_and_names_the_one_it_found() {
        let sized = |text: &str| {
            Scanner::new(text)
                .sized_int_grid_literal("maps", 1..=3, 2..=4, 0..=1)
                .map(|g| (g.rows(), g.cols()))
                .map_err(|e| e.to_string())
        };
        assert_eq!(sized("[[0,1]]"), Ok((1, 2)));
        assert_eq!(sized("[[0,1,1,0],[1,1,1,1],[0,0,0,0]]"), Ok((3, 4)));
        let expected = "line 1, column 2: expected maps to have 1..=3 rows of 2..=4 numbers, found";
        assert_eq!(sized(" [[0]]"), Err(format!("{expected} 1 row of 1")));
        assert_eq!(
            sized(" [[0,1,1,0,1]]"),
            Err(format!("{expected} 1 row of 5"))
        );
        assert_eq!(
            sized(" [[0,1],[0,1],[0,1],[0,1]]"),
            Err(format!("{expected} 4 rows of 2"))
        );
        assert_eq!(sized(" []"), Err(format!("{expected} 0 rows of 0")));
        // The board's own errors come first.
        assert_eq!(
            sized("[[0,1],[1]]"),
            Err(
                "line 1, column 8: expected row 2 of maps to have 2 numbers like row 1, found 1"
                    .into()
            )
        );
    }

    #[test]
    fn empty_literal_is_an_empty_board() {
        assert_eq!(parse("[]").unwrap().rows(), 0);
    }
}
