//! Firestorm drawn storm by storm from [`crate::solve_observed`]: each storm's turn (the tiles'
//! borders shown by their colours), then its melting (the cells that lost ice marked), and at
//! the end the largest chunk marked.
//!
//! The first [`FULL_STORMS`](crate::trace::FULL_STORMS) storms are drawn in full, then only
//! the last one.

use grid_core::Grid;
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{parse, solve_observed, StormEvent};

/// Storms drawn from the start; later ones are skipped up to the last.
pub const FULL_STORMS: usize = 3;

/// The Firestorm trace.
pub struct Firestorm;

impl Trace for Firestorm {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let storms = parse(input).map_err(|e| e.to_string())?;
        let count = storms.levels.len();
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!(
                "{count} firestorm{}, levels {}; {} ice in all",
                if count == 1 { "" } else { "s" },
                join(&storms.levels),
                total(&storms.ice)
            ),
            board: board(&storms.ice, 0, &|_| false),
        }];
        // The board before the melting being reported, and after the last one.
        let mut before = storms.ice.clone();
        let mut ice = storms.ice.clone();
        let (total_left, chunk) = solve_observed(&storms, &mut |event| {
            let storm = match event {
                StormEvent::Turned { storm, .. } | StormEvent::Melted { storm, .. } => storm,
            };
            let drawn = storm < FULL_STORMS || storm + 1 == count;
            let skipped = match storm.checked_sub(FULL_STORMS) {
                Some(1) if storm + 1 == count => format!("(storm {storm} not shown) "),
                Some(2..) if storm + 1 == count => {
                    format!("(storms {} to {storm} not shown) ", FULL_STORMS + 1)
                }
                _ => String::new(),
            };
            match event {
                StormEvent::Turned { storm, level, ice } => {
                    before.clone_from(ice);
                    if !drawn {
                        return;
                    }
                    let side = 1 << level;
                    let caption = if level == 0 {
                        "level 0: tiles of one cell, nothing turns".to_string()
                    } else {
                        format!("every {side} x {side} tile turned a quarter clockwise")
                    };
                    frames.push(Frame {
                        title: format!("storm {}, level {level}: turn", storm + 1),
                        caption: format!("{skipped}{caption}"),
                        board: board(ice, level, &|_| false),
                    });
                }
                StormEvent::Melted {
                    storm,
                    melted,
                    ice: after,
                } => {
                    ice.clone_from(after);
                    if !drawn {
                        return;
                    }
                    frames.push(Frame {
                        title: format!("storm {}: melt", storm + 1),
                        caption: format!(
                            "{melted} icy cell{} with fewer than 3 icy neighbours lost one ice; \
                             {} ice left",
                            if melted == 1 { "" } else { "s" },
                            total(after)
                        ),
                        board: board(after, 0, &|pos| after[pos] < before[pos]),
                    });
                }
            }
        });
        let chunks = ice.map(|&v| v > 0).label_components(|&icy| icy);
        let largest = (0..chunks.count()).max_by_key(|&k| (chunks.size(k), std::cmp::Reverse(k)));
        frames.push(Frame {
            title: "largest chunk".to_string(),
            caption: format!(
                "{total_left} ice left; the largest chunk of icy cells (marked) has {chunk}: \
                 the answer is {total_left} and {chunk}"
            ),
            board: board(&ice, 0, &|pos| {
                largest.is_some() && chunks.label(pos) == largest
            }),
        });
        Ok(frames)
    }
}

/// The ice of every cell, `.` for none; icy cells coloured by the `2^level` tile they are in
/// (a checkerboard of two colours, so the tiles show), marked where `marked` says.
fn board(ice: &Grid<u32>, level: usize, marked: &dyn Fn((usize, usize)) -> bool) -> Vec<Vec<Cell>> {
    (0..ice.rows())
        .map(|r| {
            (0..ice.cols())
                .map(|c| {
                    let v = ice[(r, c)];
                    let cell = if v == 0 {
                        Cell::plain(".")
                    } else {
                        let tile = ((r >> level) + (c >> level)) % 2;
                        Cell::new(v.to_string(), Some(if tile == 0 { 5 } else { 2 }))
                    };
                    cell.marked_if(marked((r, c)))
                })
                .collect()
        })
        .collect()
}

/// The total ice of a board.
fn total(ice: &Grid<u32>) -> u64 {
    ice.iter().map(|&v| u64::from(v)).sum()
}

/// The levels as `1, 2, 3`.
fn join(levels: &[usize]) -> String {
    levels
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
