//! Warm air drawn round by round from [`crate::solve_observed`]: the heaters' blow and the
//! evening out with the cells whose temperature changed marked, then the cooled ring with the
//! check, the inspected cells marked. Heaters show their way (`>`, `<`, `^`, `v`) before their
//! temperature and are red; inspected cells are green once at `K` or more, blue before.
//!
//! The first [`FULL_ROUNDS`](crate::trace::FULL_ROUNDS) rounds are drawn in full, then only
//! the last one.

use grid_core::{Dir, Grid, Pos};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{heater_dir, parse, solve_observed, Office, RoundEvent, INSPECTED};

/// Rounds drawn from the start; later ones are skipped up to the last.
pub const FULL_ROUNDS: usize = 2;

/// The Warm Air trace.
pub struct WarmAir;

impl Trace for WarmAir {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let office = parse(input).map_err(|e| e.to_string())?;
        let start = Grid::new(office.map.rows(), office.map.cols(), 0);
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!(
                "{} heater{}, {} inspected cell{} (marked) to reach K = {}; walls stand between \
                 cells (not drawn)",
                office.heaters.len(),
                if office.heaters.len() == 1 { "" } else { "s" },
                office.inspected.len(),
                if office.inspected.len() == 1 { "" } else { "s" },
                office.k
            ),
            board: board(&office, &start, &|pos| office.inspected.contains(&pos)),
        }];
        let mut before = start;
        // The round the last frame belongs to: it is drawn whatever FULL_ROUNDS says.
        let mut last_drawn = 0;
        // The frames of a round after the first ones, until its check says whether it is the last.
        let mut pending: Vec<Frame> = Vec::new();
        let answer = solve_observed(&office, &mut |event| {
            let (round, temps) = match event {
                RoundEvent::Blown { round, temps }
                | RoundEvent::Evened { round, temps }
                | RoundEvent::Checked { round, temps, .. } => (round, temps),
            };
            let last = matches!(
                event,
                RoundEvent::Checked {
                    warm_enough: true,
                    ..
                }
            ) || round == crate::MAX_CHOCOLATES;
            // A round is drawn whole when it is among the first, or when it is the last (known
            // only at its check, so its blow and evening out are kept until then).
            let (title, caption) = match event {
                RoundEvent::Blown { .. } => (
                    format!("round {round}: blow"),
                    "every heater blew once; their warmth added up".to_string(),
                ),
                RoundEvent::Evened { .. } => (
                    format!("round {round}: even out"),
                    "across every edge without a wall the warmer cell gave a quarter of the \
                     difference, all at once"
                        .to_string(),
                ),
                RoundEvent::Checked {
                    cooled,
                    warm_enough,
                    ..
                } => (
                    format!("round {round}: cool, chocolate {round}, check"),
                    format!(
                        "{cooled} outer cell{} lost 1; every inspected cell (marked) at {} or \
                         more: {}",
                        if cooled == 1 { "" } else { "s" },
                        office.k,
                        if warm_enough { "yes, stop" } else { "no" }
                    ),
                ),
            };
            let checked = matches!(event, RoundEvent::Checked { .. });
            let marked = |pos: Pos| {
                if checked {
                    office.inspected.contains(&pos)
                } else {
                    temps[pos] != before[pos]
                }
            };
            let frame = Frame {
                title,
                caption,
                board: board(&office, temps, &marked),
            };
            if round <= FULL_ROUNDS {
                frames.push(frame);
                last_drawn = round;
            } else {
                pending.push(frame);
                if last {
                    if round > last_drawn + 1 {
                        pending[0].caption = format!(
                            "({} not shown) {}",
                            skipped(last_drawn + 1, round - 1),
                            pending[0].caption
                        );
                    }
                    frames.append(&mut pending);
                } else if checked {
                    pending.clear();
                }
            }
            before.clone_from(temps);
        });
        let words = if answer > crate::MAX_CHOCOLATES {
            format!(
                "{} chocolates were not enough: the answer is {answer}",
                crate::MAX_CHOCOLATES
            )
        } else {
            format!("the check first passed after chocolate {answer}: the answer is {answer}")
        };
        frames.push(Frame {
            title: "answer".to_string(),
            caption: words,
            board: board(&office, &before, &|pos| office.inspected.contains(&pos)),
        });
        Ok(frames)
    }
}

/// "round 3" or "rounds 3 to 9".
fn skipped(first: usize, last: usize) -> String {
    if first == last {
        format!("round {first}")
    } else {
        format!("rounds {first} to {last}")
    }
}

/// The temperatures (`.` for 0), heaters with their way and red, inspected cells blue below `K`
/// and green at `K` or more; marked where `marked` says.
fn board(office: &Office, temps: &Grid<i32>, marked: &dyn Fn(Pos) -> bool) -> Vec<Vec<Cell>> {
    (0..temps.rows())
        .map(|r| {
            (0..temps.cols())
                .map(|c| {
                    let pos = (r, c);
                    let t = temps[pos];
                    let value = office.map[pos];
                    let shown = if t == 0 {
                        ".".to_string()
                    } else {
                        t.to_string()
                    };
                    let cell = match heater_dir(value) {
                        Some(dir) => Cell::new(format!("{}{shown}", arrow(dir)), Some(0)),
                        None if value == INSPECTED => {
                            let colour = if t >= office.k { 1 } else { 2 };
                            Cell::new(shown, Some(colour))
                        }
                        None => Cell::plain(shown),
                    };
                    cell.marked_if(marked(pos))
                })
                .collect()
        })
        .collect()
}

/// The arrow of a heater's way.
fn arrow(dir: Dir) -> char {
    match dir {
        Dir::Right => '>',
        Dir::Left => '<',
        Dir::Up => '^',
        Dir::Down => 'v',
    }
}
