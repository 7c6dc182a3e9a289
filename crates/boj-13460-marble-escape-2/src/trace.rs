//! Marble Escape 2 drawn tilt by tilt: the start, then each tilt of the shortest escape
//! [`crate::least_tilts`] found (the marbles that moved marked), or the start and why the
//! answer is -1.

use grid_core::{Grid, Pos, Ray};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{least_tilts, parse, tilt, Outcome, BLUE, HOLE, MAX_TILTS, RED, WALL};

/// The Marble Escape 2 trace.
pub struct MarbleEscape;

impl Trace for MarbleEscape {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let board = parse(input).map_err(|e| e.to_string())?;
        let start = board.start;
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: format!(
                "red at {}, blue at {}",
                one_based(start.red),
                one_based(start.blue)
            ),
            board: draw(&board.cells, Some(start.red), Some(start.blue), &[]),
        }];
        let tilts = match least_tilts(&board) {
            Some(tilts) => tilts,
            None => {
                frames.push(Frame {
                    title: "no escape".to_string(),
                    caption: format!(
                        "no sequence of at most {MAX_TILTS} tilts drops red without blue: \
                         the answer is -1"
                    ),
                    board: draw(&board.cells, Some(start.red), Some(start.blue), &[]),
                });
                return Ok(frames);
            }
        };
        let mut at = start;
        for (k, &dir) in tilts.iter().enumerate() {
            let tilted = tilt(&board.cells, at, dir);
            let moved: Vec<Pos> = [tilted.red, tilted.blue]
                .iter()
                .filter(|ray| ray.steps > 0)
                .map(|ray| ray.end)
                .collect();
            let on_board = |ray: Ray| if ray.fell { None } else { Some(ray.end) };
            let caption = match tilted.outcome() {
                Outcome::Escaped => format!(
                    "red falls into the hole at {}, blue stops at {}: success after {} \
                     tilt{}, the answer",
                    one_based(tilted.red.end),
                    one_based(tilted.blue.end),
                    k + 1,
                    if k == 0 { "" } else { "s" }
                ),
                Outcome::Rolled(next) => {
                    let caption = format!(
                        "red {}, blue {}",
                        describe(at.red, next.red),
                        describe(at.blue, next.blue)
                    );
                    at = next;
                    caption
                }
                Outcome::Failed => unreachable!("a shortest escape never drops blue"),
            };
            frames.push(Frame {
                title: format!("tilt {}: {}", k + 1, dir.name()),
                caption,
                board: draw(
                    &board.cells,
                    on_board(tilted.red),
                    on_board(tilted.blue),
                    &moved,
                ),
            });
        }
        Ok(frames)
    }
}

/// `(row, col)` counted from 1, as the statement does.
fn one_based((r, c): Pos) -> String {
    format!("({}, {})", r + 1, c + 1)
}

/// A marble's move in words.
fn describe(from: Pos, to: Pos) -> String {
    if from == to {
        format!("stays at {}", one_based(to))
    } else {
        format!("rolls to {}", one_based(to))
    }
}

/// The board with the marbles on it, the cells in `marked` marked.
fn draw(cells: &Grid<char>, red: Option<Pos>, blue: Option<Pos>, marked: &[Pos]) -> Vec<Vec<Cell>> {
    (0..cells.rows())
        .map(|r| {
            (0..cells.cols())
                .map(|c| {
                    let pos = (r, c);
                    let cell = if Some(pos) == red {
                        Cell::new(RED.to_string(), Some(0))
                    } else if Some(pos) == blue {
                        Cell::new(BLUE.to_string(), Some(3))
                    } else if cells[pos] == HOLE {
                        Cell::new(HOLE.to_string(), Some(5))
                    } else if cells[pos] == WALL {
                        Cell::plain(WALL.to_string())
                    } else {
                        Cell::plain(".")
                    };
                    cell.marked_if(marked.contains(&pos))
                })
                .collect()
        })
        .collect()
}
