//! Shark Middle School drawn round by round from [`crate::total_score_observed`]: the group
//! chosen (marked), the board after it is removed and the blocks fall, and after the turn and
//! the second fall.
//!
//! The first [`FULL_ROUNDS`](crate::trace::FULL_ROUNDS) rounds are drawn in full, then only
//! the last one.

use grid_core::Grid;
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{parse, total_score_observed, RoundEvent, BLACK, EMPTY, RAINBOW};

/// Rounds drawn from the start; later ones are skipped up to the last.
pub const FULL_ROUNDS: usize = 3;

/// Palette colours: blocks of colour `k` take `BLOCK_COLOURS[k - 1]`.
const BLOCK_COLOURS: [u32; 5] = [0, 1, 2, 4, 3];
const BLACK_COLOUR: u32 = 11;

/// The Shark Middle School trace.
pub struct SharkMiddleSchool;

impl Trace for SharkMiddleSchool {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let start = parse(input).map_err(|e| e.to_string())?;
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: String::new(),
            board: board(&start, &[]),
        }];
        // The frames of the latest round past the first FULL_ROUNDS: the last one's are kept.
        let mut latest: Vec<Frame> = Vec::new();
        let mut rounds = 0;
        let mut score = 0;
        let mut last = start.clone();
        let total = total_score_observed(&start, &mut |event| {
            let frame = match event {
                RoundEvent::Chosen {
                    round,
                    group,
                    board: now,
                } => {
                    rounds = round + 1;
                    latest.clear();
                    let size = group.size();
                    score += (size * size) as u64;
                    let (r, c) = crate::standard_block(now, group);
                    Frame {
                        title: format!("round {}: group", round + 1),
                        caption: format!(
                            "the best group: {size} blocks of colour {} ({} rainbow), standard \
                             block at ({}, {}); scores {size}^2 = {}, {score} in all",
                            group.colour,
                            group.wildcards,
                            r + 1,
                            c + 1,
                            size * size
                        ),
                        board: board(now, &group.cells),
                    }
                }
                RoundEvent::Fell { round, board: now } => Frame {
                    title: format!("round {}: fall", round + 1),
                    caption: "the group removed, every block but the black ones falls".to_string(),
                    board: board(now, &[]),
                },
                RoundEvent::Turned { round, board: now } => {
                    last.clone_from(now);
                    Frame {
                        title: format!("round {}: turn", round + 1),
                        caption: "turned a quarter counter-clockwise, and the blocks fall again"
                            .to_string(),
                        board: board(now, &[]),
                    }
                }
            };
            if rounds <= FULL_ROUNDS {
                frames.push(frame);
            } else {
                latest.push(frame);
            }
        });
        if let Some(first) = latest.first_mut() {
            let skipped = match rounds - 1 - FULL_ROUNDS {
                0 => String::new(),
                1 => format!("(round {} not shown) ", FULL_ROUNDS + 1),
                _ => format!("(rounds {} to {} not shown) ", FULL_ROUNDS + 1, rounds - 1),
            };
            first.caption = format!("{skipped}{}", first.caption);
        }
        frames.extend(latest);
        frames[0].caption = format!(
            "{rounds} round{} of auto-play (cells: # black, + rainbow, 1-5 colours, . empty)",
            if rounds == 1 { "" } else { "s" }
        );
        frames.push(Frame {
            title: "end".to_string(),
            caption: format!(
                "no group of {} or more blocks is left: the answer is {total}",
                crate::MIN_GROUP
            ),
            board: board(&last, &[]),
        });
        Ok(frames)
    }
}

/// The cells: `#` black, `+` rainbow, the colour's number, `.` empty; `group` marked.
fn board(blocks: &Grid<i32>, group: &[(usize, usize)]) -> Vec<Vec<Cell>> {
    (0..blocks.rows())
        .map(|r| {
            (0..blocks.cols())
                .map(|c| {
                    let cell = match blocks[(r, c)] {
                        EMPTY => Cell::plain("."),
                        BLACK => Cell::new("#", Some(BLACK_COLOUR)),
                        RAINBOW => Cell::plain("+"),
                        colour => Cell::new(
                            colour.to_string(),
                            Some(BLOCK_COLOURS[(colour as usize - 1) % BLOCK_COLOURS.len()]),
                        ),
                    };
                    cell.marked_if(group.contains(&(r, c)))
                })
                .collect()
        })
        .collect()
}
