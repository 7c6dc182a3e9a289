//! Blizzard drawn step by step from [`crate::solve_observed`]: each spell's blizzard (the cells
//! it reached marked), the marbles closing up, every explosion round (the line after, what
//! exploded in the caption), and the change into (count, number) pairs.
//!
//! Marbles are coloured by number, the shark is `S`. The first
//! [`FULL_SPELLS`](crate::trace::FULL_SPELLS) spells are drawn in full, then only the last one.

use grid_core::{Grid, Pos};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{parse, solve_observed, track, SpellEvent};

/// Spells drawn from the start; later ones are skipped up to the last.
pub const FULL_SPELLS: usize = 3;

/// The Blizzard trace.
pub struct Blizzard;

impl Trace for Blizzard {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let parsed = parse(input).map_err(|e| e.to_string())?;
        let n = parsed.board.rows();
        let order = track(n);
        let count = parsed.spells.len();
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!(
                "{} marbles, {count} spell{}",
                parsed.board.iter().filter(|&&b| b > 0).count(),
                if count == 1 { "" } else { "s" }
            ),
            board: board(&parsed.board, &[]),
        }];
        let mut score = 0u64;
        let mut scratch = parsed.board.clone();
        let total = solve_observed(&parsed, &mut |event| {
            let spell = match event {
                SpellEvent::Blizzard { spell, .. }
                | SpellEvent::Moved { spell, .. }
                | SpellEvent::Exploded { spell, .. }
                | SpellEvent::Changed { spell, .. } => spell,
            };
            if let SpellEvent::Exploded { popped, .. } = event {
                score += popped
                    .iter()
                    .map(|&(b, c)| u64::from(b) * c as u64)
                    .sum::<u64>();
            }
            if spell >= FULL_SPELLS && spell + 1 != count {
                return;
            }
            let s = parsed.spells[spell];
            let title = format!("spell {} ({} {})", spell + 1, s.dir.name(), s.reach);
            let mut line_board = |line: &[u8]| {
                scratch.write_along(&order, line, 0);
                board(&scratch, &[])
            };
            let frame = match event {
                SpellEvent::Blizzard {
                    destroyed,
                    board: after,
                    ..
                } => {
                    let skipped = match spell.checked_sub(FULL_SPELLS) {
                        Some(1) => format!("(spell {spell} not shown) "),
                        Some(k) if k > 1 => {
                            format!("(spells {} to {spell} not shown) ", FULL_SPELLS + 1)
                        }
                        _ => String::new(),
                    };
                    Frame {
                        title: format!("{title}: blizzard"),
                        caption: format!(
                            "{skipped}the blizzard empties {} cell{} {} of the shark",
                            destroyed.len(),
                            if destroyed.len() == 1 { "" } else { "s" },
                            s.dir.name()
                        ),
                        board: board(after, destroyed),
                    }
                }
                SpellEvent::Moved { line, .. } => Frame {
                    title: format!("{title}: move"),
                    caption: format!("the {} marbles close the gaps", line.len()),
                    board: line_board(line),
                },
                SpellEvent::Exploded {
                    round,
                    popped,
                    line,
                    ..
                } => {
                    let told: Vec<String> =
                        popped.iter().map(|&(b, c)| format!("{c} x {b}")).collect();
                    Frame {
                        title: format!("{title}: explosion {}", round + 1),
                        caption: format!(
                            "exploded together: {}; score so far {score}",
                            told.join(", ")
                        ),
                        board: line_board(line),
                    }
                }
                SpellEvent::Changed { line, .. } => Frame {
                    title: format!("{title}: change"),
                    caption: format!("every run became (count, number): {} marbles", line.len()),
                    board: line_board(line),
                },
            };
            frames.push(frame);
        });
        frames.push(Frame {
            title: "answer".to_string(),
            caption: format!("the answer is {total}"),
            board: frames.last().map(|f| f.board.clone()).unwrap_or_default(),
        });
        Ok(frames)
    }
}

/// The board: marbles coloured by number, `.` for none, `S` for the shark; `marked` cells
/// marked.
fn board(marbles: &Grid<u8>, marked: &[Pos]) -> Vec<Vec<Cell>> {
    let n = marbles.rows();
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let cell = if (r, c) == (n / 2, n / 2) {
                        Cell::plain("S")
                    } else {
                        match marbles[(r, c)] {
                            0 => Cell::plain("."),
                            b => Cell::new(b.to_string(), Some(u32::from(b) - 1)),
                        }
                    };
                    cell.marked_if(marked.contains(&(r, c)))
                })
                .collect()
        })
        .collect()
}
