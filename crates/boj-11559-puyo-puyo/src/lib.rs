//! Baekjoon 11559 Puyo Puyo: count the chain steps of a settled 12 x 6 field.
//!
//! A step pops every 4-connected same-colour group of 4 or more at once, then lets the rest
//! fall; the answer is how many steps popped something.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The chain drawn step by step (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Dir, Grid, InputError, Scanner, TextPosition};

/// Rows of the field.
pub const ROWS: usize = 12;
/// Columns of the field.
pub const COLS: usize = 6;
/// An empty cell.
pub const EMPTY: char = '.';
/// Smallest group that pops.
pub const POP_SIZE: usize = 4;

/// Parses exactly 12 lines of 6 characters from `.RGBPY`; the field must be settled.
pub fn parse(input: &str) -> Result<Grid<char>, InputError> {
    let mut scanner = Scanner::new(input);
    let field = scanner.char_grid(ROWS, COLS, ".RGBPY", "the field")?;
    scanner.finish()?;
    for (r, c) in field.positions() {
        if r + 1 < ROWS && field[(r, c)] != EMPTY && field[(r + 1, c)] == EMPTY {
            // The field is the whole input, so row and column are the text's line and column.
            let at = TextPosition {
                line: r + 1,
                column: c + 1,
            };
            let found = format!("`{}` above an empty cell", field[(r, c)]);
            return Err(InputError::at(at, "a settled field", found));
        }
    }
    Ok(field)
}

/// Pops every group of [`POP_SIZE`] or more at once; returns whether anything popped.
///
/// ```
/// let mut f = grid_core::Grid::from_lines("RRRR\nGGG.").unwrap();
/// assert!(boj_11559_puyo_puyo::pop_groups(&mut f));
/// assert_eq!(f.to_string(), "....\nGGG.\n");
/// ```
pub fn pop_groups(field: &mut Grid<char>) -> bool {
    let groups = field.components(|&c| c != EMPTY);
    let mut popped = false;
    for k in (0..groups.count()).filter(|&k| groups.size(k) >= POP_SIZE) {
        for pos in groups.cells(k) {
            field[pos] = EMPTY;
        }
        popped = true;
    }
    popped
}

/// Number of chain steps: pop, fall, repeat while something pops.
pub fn chain_steps(field: &Grid<char>) -> usize {
    chain_steps_observed(field, &mut |_| {})
}

/// A moment of a chain step, as [`chain_steps_observed`] reports it.
#[derive(Clone, Copy, Debug)]
pub enum ChainEvent<'a> {
    /// Step `step` (from 1) popped its groups: the field with those cells emptied.
    Popped(usize, &'a Grid<char>),
    /// Step `step` ended: the field after the fall.
    Fell(usize, &'a Grid<char>),
}

/// [`chain_steps`], telling `observe` about every pop and fall (free when it does nothing).
pub fn chain_steps_observed(field: &Grid<char>, observe: &mut impl FnMut(ChainEvent<'_>)) -> usize {
    let mut field = field.clone();
    let mut steps = 0;
    while pop_groups(&mut field) {
        observe(ChainEvent::Popped(steps + 1, &field));
        field.settle(Dir::Down, |&c| c == EMPTY);
        steps += 1;
        observe(ChainEvent::Fell(steps, &field));
    }
    steps
}

/// The whole judge program over text: parse, solve, format.
pub fn run(input: &str) -> Result<String, InputError> {
    Ok(format!("{}\n", chain_steps(&parse(input)?)))
}
