//! New Game 2 drawn move by move from [`crate::ending_turn_observed`]: the piece that moved is
//! marked, every cell shows its stack (pieces 1-based, bottom first) or its colour when empty.
//!
//! The first [`FULL_TURNS`](crate::trace::FULL_TURNS) turns are drawn in full, then only the
//! last turn played (the one that ended the game, or turn 1000).

use grid_core::{Dir, Pos};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{ending_turn_observed, parse, Game, Moved, Play, Rule, BLUE, MAX_TURNS, RED};

/// Turns drawn move by move from the start; later ones are skipped up to the last turn.
pub const FULL_TURNS: usize = 3;

/// Palette colours of red and blue cells; pieces take the others.
const RED_COLOUR: u32 = 0;
const BLUE_COLOUR: u32 = 2;
const PIECE_COLOURS: [u32; 10] = [1, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/// The New Game 2 trace.
pub struct NewGame2;

impl Trace for NewGame2 {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        NewGameUnder(Rule::default()).frames(input)
    }
}

/// The trace of a game played under a [`Rule`]: 17837's, or its first version 17780's
/// [`Rule::BottomOnly`], whose crate draws its games with this.
pub struct NewGameUnder(pub Rule);

impl Trace for NewGameUnder {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let rule = self.0;
        let game = parse(input).map_err(|e| e.to_string())?;
        let start = Play::new(&game);
        // Every piece's direction and cell before the move being reported.
        let mut dirs: Vec<Dir> = game.pieces.iter().map(|p| p.dir).collect();
        let mut cells: Vec<Pos> = game.pieces.iter().map(|p| p.pos).collect();
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!(
                "{} pieces; a stack of 4 ends the game (cells: . white, r red, b blue)",
                game.pieces.len()
            ),
            board: board(&game, &start, None),
        }];
        let mut last_turn: Vec<Frame> = Vec::new();
        let mut last_turn_number = 0;
        let ending = ending_turn_observed(&game, rule, &mut |moved: Moved<'_>| {
            let frame = move_frame(&game, rule, &moved, dirs[moved.piece], &cells);
            for ((dir, cell), piece) in dirs.iter_mut().zip(&mut cells).zip(moved.play.pieces()) {
                *dir = piece.dir;
                *cell = piece.pos;
            }
            if moved.turn <= FULL_TURNS {
                frames.push(frame);
            } else {
                if moved.turn != last_turn_number {
                    last_turn.clear();
                    last_turn_number = moved.turn;
                }
                last_turn.push(frame);
            }
        });
        if let Some(first) = last_turn.first_mut() {
            let turn = ending.unwrap_or(MAX_TURNS);
            if turn > FULL_TURNS + 1 {
                first.caption = format!(
                    "(turns {} to {} not shown) {}",
                    FULL_TURNS + 1,
                    turn - 1,
                    first.caption
                );
            }
        }
        frames.extend(last_turn);
        let verdict = match ending {
            Some(turn) => format!("a stack reached 4 pieces in turn {turn}: the answer is {turn}"),
            None => format!("no stack reached 4 pieces in {MAX_TURNS} turns: the answer is -1"),
        };
        if let Some(last) = frames.last_mut() {
            last.caption = format!("{}; {verdict}", last.caption);
        }
        Ok(frames)
    }
}

/// `row r, col c`, 1-based like the input.
fn at(pos: Pos) -> String {
    format!("({}, {})", pos.0 + 1, pos.1 + 1)
}

/// One move's frame: what moved where (every piece stood in `cells` before), the board after it.
fn move_frame(game: &Game, rule: Rule, moved: &Moved<'_>, dir_before: Dir, cells: &[Pos]) -> Frame {
    let piece = moved.play.pieces()[moved.piece];
    let from = cells[moved.piece];
    // A piece that did not move stands where it stood: whether it is at the bottom now is
    // whether it was.
    let idle = piece.pos == from && moved.play.stack(from).first() != Some(&moved.piece);
    // The pieces that came along: a red cell reverses them, so their count is not read off the
    // moving piece's height.
    let carried = moved
        .play
        .pieces()
        .iter()
        .zip(cells)
        .filter(|&(p, &was)| was == from && p.pos == piece.pos && piece.pos != from)
        .count();
    let turned = if piece.dir != dir_before {
        format!(
            "meets blue or the edge going {}, turns to {}, ",
            dir_before.name(),
            piece.dir.name()
        )
    } else {
        String::new()
    };
    let caption = if rule == Rule::BottomOnly && idle {
        format!(
            "piece {} is not at the bottom of its stack at {}: it does nothing",
            moved.piece + 1,
            at(piece.pos)
        )
    } else if piece.pos == from {
        format!(
            "piece {} {turned}and stays at {}",
            moved.piece + 1,
            at(piece.pos)
        )
    } else {
        let landing = if game.colours[piece.pos] == RED {
            " (red: the moving pieces reversed)"
        } else {
            ""
        };
        format!(
            "piece {} {turned}moves {} from {} to {}{landing}, {} piece{} moving; the stack there holds {}",
            moved.piece + 1,
            piece.dir.name(),
            at(from),
            at(piece.pos),
            carried,
            if carried == 1 { "" } else { "s" },
            moved.play.stack(piece.pos).len()
        )
    };
    Frame {
        title: format!("turn {}, piece {}", moved.turn, moved.piece + 1),
        caption,
        board: board(game, moved.play, Some(moved.piece)),
    }
}

/// The cells: stacks of pieces (coloured by their bottom piece, marked where `moving` now
/// stands) or the cell's colour.
fn board(game: &Game, play: &Play, moving: Option<usize>) -> Vec<Vec<Cell>> {
    (0..game.colours.rows())
        .map(|r| {
            (0..game.colours.cols())
                .map(|c| {
                    let stack = play.stack((r, c));
                    match stack.first() {
                        Some(&bottom) => {
                            let text: Vec<String> =
                                stack.iter().map(|p| (p + 1).to_string()).collect();
                            Cell::new(
                                text.join(","),
                                Some(PIECE_COLOURS[bottom % PIECE_COLOURS.len()]),
                            )
                            .marked_if(moving.map_or(false, |m| stack.contains(&m)))
                        }
                        None => match game.colours[(r, c)] {
                            RED => Cell::new("r", Some(RED_COLOUR)),
                            BLUE => Cell::new("b", Some(BLUE_COLOUR)),
                            _ => Cell::plain("."),
                        },
                    }
                })
                .collect()
        })
        .collect()
}
