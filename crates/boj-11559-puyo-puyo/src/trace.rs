//! Puyo Puyo drawn chain step by chain step from [`crate::chain_steps_observed`]: for each
//! step the field with the popping puyos marked, then the field after the fall.

use grid_core::Grid;
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{chain_steps_observed, parse, ChainEvent, EMPTY};

/// The Puyo Puyo trace.
pub struct Puyo;

impl Trace for Puyo {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let field = parse(input).map_err(|e| e.to_string())?;
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!("{} puyos", count(&field)),
            board: board(&field, None),
        }];
        // The field each pop started from: the start, then the field after each fall.
        let mut before = field.clone();
        let steps = chain_steps_observed(&field, &mut |event| match event {
            ChainEvent::Popped(step, popped) => {
                let gone = count(&before) - count(popped);
                frames.push(Frame {
                    title: format!("chain {step}: pop"),
                    caption: format!("{gone} puyos in groups of 4 or more pop (marked)"),
                    board: board(&before, Some(popped)),
                });
            }
            ChainEvent::Fell(step, fallen) => {
                frames.push(Frame {
                    title: format!("chain {step}: fall"),
                    caption: "the puyos above fall".to_string(),
                    board: board(fallen, None),
                });
                before = fallen.clone();
            }
        });
        let last = frames.last_mut().expect("the start frame");
        let end = format!("nothing more pops: the answer is {steps}");
        last.caption = format!("{}; {end}", last.caption);
        Ok(frames)
    }
}

/// Non-empty cells of `field`.
fn count(field: &Grid<char>) -> usize {
    field.iter().filter(|&&c| c != EMPTY).count()
}

/// The palette colour of a puyo letter.
fn colour(puyo: char) -> Option<u32> {
    "RGBPY".find(puyo).map(|k| k as u32)
}

/// The cells of `field`; with `popped`, the cells it emptied are marked.
fn board(field: &Grid<char>, popped: Option<&Grid<char>>) -> Vec<Vec<Cell>> {
    (0..field.rows())
        .map(|r| {
            (0..field.cols())
                .map(|c| {
                    let puyo = field[(r, c)];
                    let gone = popped.map_or(false, |p| puyo != EMPTY && p[(r, c)] == EMPTY);
                    Cell::new(puyo.to_string(), colour(puyo)).marked_if(gone)
                })
                .collect()
        })
        .collect()
}
