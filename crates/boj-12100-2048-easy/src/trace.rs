//! 2048 (Easy) drawn move by move: the best move sequence [`crate::best_tile_observed`] found,
//! with the board the search itself reached after each move (the largest tile marked).

use grid_core::{Dir, Grid};
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{best_tile_observed, parse, SearchEvent, MOVES};

/// The 2048 trace.
pub struct Easy2048;

impl Trace for Easy2048 {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let start = parse(input).map_err(|e| e.to_string())?;
        // The moves the search is inside of, and a copy of them at its last new best tile.
        let mut open: Vec<(Dir, Grid<u32>)> = Vec::new();
        let mut best_path: Vec<(Dir, Grid<u32>)> = Vec::new();
        let best = best_tile_observed(&start, MOVES, &mut |event| match event {
            SearchEvent::Tilted(dir, board) => open.push((dir, board.clone())),
            SearchEvent::Back => {
                open.pop();
            }
            SearchEvent::Best(_) => best_path = open.clone(),
        });
        Ok(path_frames(&start, &best_path, best, MOVES))
    }
}

/// The frames of a best move sequence: the start, then the board after each move of `path`
/// (the largest tile marked), the last saying that `best` is the answer for `moves` moves.
/// 12094 (2048 Hard) draws its games with this too.
pub fn path_frames(
    start: &Grid<u32>,
    path: &[(Dir, Grid<u32>)],
    best: u32,
    moves: usize,
) -> Vec<Frame> {
    let mut frames = vec![Frame {
        title: "start".to_string(),
        caption: format!("largest tile {}", largest(start)),
        board: board(start),
    }];
    for (k, (dir, after)) in path.iter().enumerate() {
        frames.push(Frame {
            title: format!("move {}: {}", k + 1, dir.name()),
            caption: format!("tilt {}: largest tile {}", dir.name(), largest(after)),
            board: board(after),
        });
    }
    let last = frames.last_mut().expect("the start frame");
    last.caption = format!(
        "{}; no sequence of up to {moves} moves does better: the answer is {best}",
        last.caption
    );
    frames
}

/// The largest tile of `board`.
fn largest(board: &Grid<u32>) -> u32 {
    board.iter().copied().max().unwrap_or(0)
}

/// The cells: tiles coloured by value (empty cells `.`), the largest marked.
fn board(board: &Grid<u32>) -> Vec<Vec<Cell>> {
    let top = largest(board);
    board
        .row_slices()
        .map(|row| {
            row.iter()
                .map(|&v| {
                    if v == 0 {
                        Cell::plain(".")
                    } else {
                        Cell::new(v.to_string(), Some(v.trailing_zeros() - 1)).marked_if(v == top)
                    }
                })
                .collect()
        })
        .collect()
}
