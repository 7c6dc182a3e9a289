//! Fine dust drawn second by second from [`crate::solve_observed`]: each second's spread, then
//! its wind, the cells whose amount changed marked; the purifier is `P`, no dust `.`, amounts
//! of 5 or more (those that spread) coloured.
//!
//! The first [`FULL_SECONDS`](crate::trace::FULL_SECONDS) seconds are drawn in full, then only
//! the last one.

use grid_core::{Grid, Pos};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{parse, solve_observed, total, DustEvent, SHARE};

/// Seconds drawn from the start; later ones are skipped up to the last.
pub const FULL_SECONDS: usize = 3;

/// The Fine Dust trace.
pub struct FineDust;

impl Trace for FineDust {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let room = parse(input).map_err(|e| e.to_string())?;
        let purifier = room.purifier_cells();
        let count = room.seconds;
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!(
                "{} x {} room, purifier in column 1, rows {} and {}; {count} second{}; {} dust",
                room.dust.rows(),
                room.dust.cols(),
                room.purifier + 1,
                room.purifier + 2,
                if count == 1 { "" } else { "s" },
                total(&room.dust)
            ),
            board: board(&room.dust, &purifier, &|_| false),
        }];
        // The room before the step being reported.
        let mut before = room.dust.clone();
        let answer = solve_observed(&room, &mut |event| {
            let (second, dust) = match event {
                DustEvent::Spread { second, dust } | DustEvent::Blown { second, dust, .. } => {
                    (second, dust)
                }
            };
            let drawn = second < FULL_SECONDS || second + 1 == count;
            if drawn {
                let skipped = match second.checked_sub(FULL_SECONDS) {
                    Some(0) | None => String::new(),
                    Some(_) if second + 1 != count => String::new(),
                    Some(1) => format!("(second {second} not shown) "),
                    Some(_) => format!("(seconds {} to {second} not shown) ", FULL_SECONDS + 1),
                };
                let (title, caption) = match event {
                    DustEvent::Spread { .. } => (
                        format!("second {}: spread", second + 1),
                        format!(
                            "{skipped}every cell sent a fifth of its dust to each neighbour \
                             in the room but the purifier, all at once; still {} dust",
                            total(dust)
                        ),
                    ),
                    DustEvent::Blown { swallowed, .. } => (
                        format!("second {}: wind", second + 1),
                        format!(
                            "the loops moved one cell (above counter-clockwise, below \
                             clockwise); the purifier took in {swallowed}; {} dust left",
                            total(dust)
                        ),
                    ),
                };
                frames.push(Frame {
                    title,
                    caption,
                    board: board(dust, &purifier, &|pos| dust[pos] != before[pos]),
                });
            }
            before.clone_from(dust);
        });
        frames.push(Frame {
            title: "answer".to_string(),
            caption: format!(
                "{answer} dust left after {count} second{}: the answer is {answer}",
                if count == 1 { "" } else { "s" }
            ),
            board: board(&before, &purifier, &|_| false),
        });
        Ok(frames)
    }
}

/// The room: `P` for the purifier, `.` for no dust, amounts that spread coloured, marked where
/// `marked` says.
fn board(dust: &Grid<i32>, purifier: &[Pos; 2], marked: &dyn Fn(Pos) -> bool) -> Vec<Vec<Cell>> {
    (0..dust.rows())
        .map(|r| {
            (0..dust.cols())
                .map(|c| {
                    let pos = (r, c);
                    let v = dust[pos];
                    if purifier.contains(&pos) {
                        Cell::new("P", Some(2))
                    } else if v == 0 {
                        Cell::plain(".").marked_if(marked(pos))
                    } else {
                        let colour = if v >= SHARE { Some(6) } else { None };
                        Cell::new(v.to_string(), colour).marked_if(marked(pos))
                    }
                })
                .collect()
        })
        .collect()
}
