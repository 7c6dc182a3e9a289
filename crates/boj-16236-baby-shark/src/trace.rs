//! Baby Shark drawn meal by meal from [`crate::solve_observed`]: the start, then the board after
//! each meal (the shark `S` on the cell of the fish it ate, marked), with the distance walked,
//! the time so far and the shark's size.
//!
//! The first [`FULL_MEALS`](crate::trace::FULL_MEALS) meals are drawn in full, then only the
//! last one.

use grid_core::{Grid, Pos};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{parse, solve_observed, Shark, START_SIZE};

/// Meals drawn from the start; later ones are skipped up to the last.
pub const FULL_MEALS: usize = 40;

/// The Baby Shark trace.
pub struct BabyShark;

impl Trace for BabyShark {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let sea = parse(input).map_err(|e| e.to_string())?;
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!("the shark at {}, size {START_SIZE}", one_based(sea.shark)),
            board: draw(&sea.fish, &Shark::new(sea.shark), false),
        }];
        let mut meals = 0;
        // The last meal past FULL_MEALS, drawn at the end.
        let mut last: Option<Frame> = None;
        let time = solve_observed(&sea, &mut |meal, shark, fish| {
            meals += 1;
            let grew = if shark.eaten == 0 {
                format!(", grows to size {}", shark.size)
            } else {
                format!(" ({} of {} eaten to grow)", shark.eaten, shark.size)
            };
            let frame = Frame {
                title: format!("meal {meals}"),
                caption: format!(
                    "eats the size-{} fish at {}, {} step{} away; {} s{grew}",
                    meal.fish,
                    one_based(meal.at),
                    meal.distance,
                    if meal.distance == 1 { "" } else { "s" },
                    shark.time
                ),
                board: draw(fish, shark, true),
            };
            if meals <= FULL_MEALS {
                frames.push(frame);
            } else {
                last = Some(frame);
            }
        });
        if let Some(mut frame) = last {
            frame.caption = format!(
                "(meals {} to {} not shown) {}",
                FULL_MEALS + 1,
                meals - 1,
                frame.caption
            );
            frames.push(frame);
        }
        frames.push(Frame {
            title: "stop".to_string(),
            caption: format!("no edible fish the shark can reach: the answer is {time}"),
            board: frames.last().map(|f| f.board.clone()).unwrap_or_default(),
        });
        Ok(frames)
    }
}

/// `(row, col)` counted from 1, as the statement does.
fn one_based((r, c): Pos) -> String {
    format!("({}, {})", r + 1, c + 1)
}

/// The fish by size (`.` for none), the shark as `S`, marked when `marked`.
fn draw(fish: &Grid<u8>, shark: &Shark, marked: bool) -> Vec<Vec<Cell>> {
    (0..fish.rows())
        .map(|r| {
            (0..fish.cols())
                .map(|c| {
                    if (r, c) == shark.at {
                        Cell::new("S", Some(0)).marked_if(marked)
                    } else if fish[(r, c)] == 0 {
                        Cell::plain(".")
                    } else {
                        let v = fish[(r, c)];
                        Cell::new(v.to_string(), Some(u32::from(v)))
                    }
                })
                .collect()
        })
        .collect()
}
