//! Baekjoon 17780 New Game: the first version of 17837 "New Game 2", where only the piece at the
//! bottom of a stack moves (carrying the whole stack) and any other piece does nothing.
//!
//! Everything but that rule is 17837's: its parser, board, stacks and colour rules, played under
//! [`Rule::BottomOnly`].

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The game drawn move by move (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

pub use boj_17837_new_game_2::{parse, Game, Piece, Play, Rule, MAX_TURNS, STACK_LIMIT};
use grid_core::InputError;

/// The rule that sets this problem apart from 17837.
pub const RULE: Rule = Rule::BottomOnly;

/// Plays up to [`MAX_TURNS`] turns, only bottom pieces moving; the turn in which a stack first
/// reaches [`STACK_LIMIT`].
pub fn ending_turn(game: &Game) -> Option<usize> {
    boj_17837_new_game_2::ending_turn_with(game, RULE)
}

/// The whole judge program over text: parse, solve, format (`-1` when the game does not end).
pub fn run(input: &str) -> Result<String, InputError> {
    boj_17837_new_game_2::run_with(input, RULE)
}
