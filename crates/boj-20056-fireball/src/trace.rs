//! Fireball drawn command by command from [`crate::solve_observed`]: each command's move (every
//! fireball where it landed), then its merges and splits (the cells that held two or more
//! marked).
//!
//! A cell shows its total mass, followed by `xK` when it holds `K >= 2` fireballs; a single
//! fireball is coloured by its direction. The first [`FULL_COMMANDS`](crate::trace::FULL_COMMANDS)
//! commands are drawn in full, then only the last one.

use grid_core::{Buckets, Pos};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{parse, solve_observed, Fireball as Ball, FireballEvent, DIAGONAL};

/// Commands drawn from the start; later ones are skipped up to the last.
pub const FULL_COMMANDS: usize = 3;

/// The Fireball trace.
pub struct Fireball;

impl Trace for Fireball {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let parsed = parse(input).map_err(|e| e.to_string())?;
        let n = parsed.n;
        let count = parsed.commands;
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!(
                "{} fireball{}, {count} command{}; {} mass in all",
                parsed.fireballs.len(),
                plural(parsed.fireballs.len()),
                plural(count),
                mass(&parsed.fireballs)
            ),
            board: board(n, &parsed.fireballs, &[]),
        }];
        let mut last = 0;
        let total = solve_observed(&parsed, &mut |event| {
            let command = match event {
                FireballEvent::Moved { command, .. } | FireballEvent::Split { command, .. } => {
                    command
                }
            };
            last = command;
            if command >= FULL_COMMANDS && command + 1 != count {
                return;
            }
            let skipped = match command.checked_sub(FULL_COMMANDS) {
                Some(0) => String::new(),
                Some(1) => format!("(command {command} not shown) "),
                Some(_) => format!("(commands {} to {command} not shown) ", FULL_COMMANDS + 1),
                None => String::new(),
            };
            match event {
                FireballEvent::Moved { fireballs, .. } => frames.push(Frame {
                    title: format!("command {}: move", command + 1),
                    caption: format!(
                        "{skipped}every fireball moved its speed in its direction, wrapping \
                         at the edges"
                    ),
                    board: board(n, fireballs, &[]),
                }),
                FireballEvent::Split {
                    merges, fireballs, ..
                } => {
                    let told: Vec<String> = merges
                        .iter()
                        .map(|m| {
                            let (r, c) = m.pos;
                            if m.mass == 0 {
                                format!("{} at ({}, {}) vanish", m.count, r + 1, c + 1)
                            } else {
                                format!(
                                    "{} at ({}, {}) split into 4 of mass {}, speed {}, {}",
                                    m.count,
                                    r + 1,
                                    c + 1,
                                    m.mass,
                                    m.speed,
                                    if m.dirs == DIAGONAL {
                                        "diagonal"
                                    } else {
                                        "straight"
                                    }
                                )
                            }
                        })
                        .collect();
                    let marked: Vec<Pos> = merges.iter().map(|m| m.pos).collect();
                    frames.push(Frame {
                        title: format!("command {}: merge and split", command + 1),
                        caption: format!(
                            "{}; {} mass left",
                            if told.is_empty() {
                                "no cell holds two fireballs".to_string()
                            } else {
                                told.join("; ")
                            },
                            mass(fireballs)
                        ),
                        board: board(n, fireballs, &marked),
                    });
                }
            }
        });
        let ended = if last + 1 < count {
            format!(
                "no fireball left after command {}; the rest change nothing: ",
                last + 1
            )
        } else {
            String::new()
        };
        frames.push(Frame {
            title: "answer".to_string(),
            caption: format!("{ended}the answer is {total}"),
            board: frames.last().map(|f| f.board.clone()).unwrap_or_default(),
        });
        Ok(frames)
    }
}

/// The board: each cell's total mass (`xK` after it for `K >= 2` fireballs), `.` for none; a
/// single fireball coloured by its direction; cells in `marked` marked.
fn board(n: usize, fireballs: &[Ball], marked: &[Pos]) -> Vec<Vec<Cell>> {
    let cells = Buckets::by_cell(n, n, fireballs.iter().copied(), |f| f.pos);
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let here = &cells[(r, c)];
                    let cell = match here {
                        [] => Cell::plain("."),
                        [one] => Cell::new(one.mass.to_string(), Some(one.dir.index() as u32)),
                        _ => Cell::plain(format!("{}x{}", mass(here), here.len())),
                    };
                    cell.marked_if(marked.contains(&(r, c)))
                })
                .collect()
        })
        .collect()
}

/// The total mass.
fn mass(fireballs: &[Ball]) -> u64 {
    fireballs.iter().map(|f| u64::from(f.mass)).sum()
}

/// `s` unless there is exactly one.
fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}
