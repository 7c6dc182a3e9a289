//! Dice Rolling 2 drawn move by move from [`crate::solve_observed`]: the map with the die's
//! cell marked, and for each move the roll (and bounce), the region scored and the turn.
//!
//! The first [`FULL_MOVES`](crate::trace::FULL_MOVES) moves are drawn in full, then only the
//! last one.

use grid_core::{Dir, Grid, Pos};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{parse, solve_observed, Roller};

/// Moves drawn from the start; later ones are skipped up to the last.
pub const FULL_MOVES: usize = 12;

/// The Dice Rolling 2 trace.
pub struct DiceRolling;

impl Trace for DiceRolling {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let game = parse(input).map_err(|e| e.to_string())?;
        let start = Roller::start();
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!(
                "{} move{}; the die at (1, 1): {}; heading {}",
                game.moves,
                if game.moves == 1 { "" } else { "s" },
                faces(&start),
                compass(start.heading)
            ),
            board: draw(&game.map, start.at),
        }];
        let mut count = 0;
        let mut total = 0;
        let mut last = None;
        solve_observed(&game, &mut |m, roller| {
            count += 1;
            total += m.score;
            let bounce = if m.bounced {
                "the border is ahead: reversed, ".to_string()
            } else {
                String::new()
            };
            let turned = match roller.die.bottom.cmp(&m.value) {
                std::cmp::Ordering::Greater => "A > B: turns clockwise to",
                std::cmp::Ordering::Less => "A < B: turns counter-clockwise to",
                std::cmp::Ordering::Equal => "A = B: keeps heading",
            };
            let frame = Frame {
                title: format!("move {count}: {}", compass(m.rolled)),
                caption: format!(
                    "{bounce}rolls {} to {}; B = {}, region C = {}, scores {} (total {total}); \
                     {}; A = {}, {turned} {}",
                    compass(m.rolled),
                    one_based(roller.at),
                    m.value,
                    m.region,
                    m.score,
                    faces(roller),
                    roller.die.bottom,
                    compass(roller.heading)
                ),
                board: draw(&game.map, roller.at),
            };
            if count <= FULL_MOVES {
                frames.push(frame);
            } else {
                last = Some(frame);
            }
        });
        if let Some(mut frame) = last {
            frame.caption = format!(
                "(moves {} to {} not shown) {}",
                FULL_MOVES + 1,
                count - 1,
                frame.caption
            );
            frames.push(frame);
        }
        Ok(frames)
    }
}

/// `(row, col)` counted from 1, as the statement does.
fn one_based((r, c): Pos) -> String {
    format!("({}, {})", r + 1, c + 1)
}

/// The direction by compass, as the statement names it.
fn compass(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "north",
        Dir::Down => "south",
        Dir::Left => "west",
        Dir::Right => "east",
    }
}

/// The die's faces in words.
fn faces(roller: &Roller) -> String {
    let d = roller.die;
    format!(
        "top {}, bottom {}, north {}, south {}, west {}, east {}",
        d.top, d.bottom, d.north, d.south, d.west, d.east
    )
}

/// The map's values coloured by value, the die's cell marked.
fn draw(map: &Grid<u8>, die: Pos) -> Vec<Vec<Cell>> {
    (0..map.rows())
        .map(|r| {
            (0..map.cols())
                .map(|c| {
                    let v = map[(r, c)];
                    Cell::new(v.to_string(), Some(u32::from(v))).marked_if((r, c) == die)
                })
                .collect()
        })
        .collect()
}
