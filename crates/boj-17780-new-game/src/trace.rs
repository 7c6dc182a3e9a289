//! New Game drawn move by move: 17837's trace, played under this problem's rule (a piece that
//! is not at the bottom of its stack is drawn doing nothing).

use boj_17837_new_game_2::trace::NewGameUnder;

/// The New Game trace.
pub const NEW_GAME: NewGameUnder = NewGameUnder(crate::RULE);
