//! Block Game drawn removal by removal from [`crate::removable_blocks_observed`]: the block
//! that goes is marked, with the two black blocks (`#`) dropped to complete its rectangle.

use grid_core::Grid;
use problem_harness::trace::{Cell, Frame, Trace};

use crate::{parse, removable_blocks_observed, Removal, EMPTY};

/// Palette colour of the black blocks; block ids take the others.
const BLACK: u32 = 11;

/// The Block Game trace.
pub struct BlockGame;

impl Trace for BlockGame {
    fn frames(&self, input: &str) -> Result<Vec<Frame>, String> {
        let start = parse(input).map_err(|e| e.to_string())?;
        let mut frames = vec![Frame {
            title: "start".to_string(),
            caption: "blocks by id; a block goes when black blocks dropped from the top complete its 2x3 or 3x2 rectangle".to_string(),
            board: board(&start, None),
        }];
        let mut removed: Vec<i32> = Vec::new();
        let answer = removable_blocks_observed(&start, &mut |removal: Removal<'_>| {
            let id = removal.board[removal.cells[0]];
            removed.push(id);
            let mut columns: Vec<String> = removal
                .filled
                .iter()
                .map(|&(_, c)| (c + 1).to_string())
                .collect();
            columns.dedup();
            let columns = match columns.as_slice() {
                [one] => format!("column {one}"),
                many => format!("columns {}", many.join(" and ")),
            };
            frames.push(Frame {
                title: format!("removal {}: block {id}", removed.len()),
                caption: format!(
                    "black blocks dropped into {columns} fill {}; block {id} (marked) goes",
                    removal
                        .filled
                        .iter()
                        .map(|&(r, c)| format!("({}, {})", r + 1, c + 1))
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
                board: board(removal.board, Some(&removal)),
            });
        });
        // Blocks never move: the end is the start without the removed blocks.
        let mut end = start.clone();
        for v in end.iter_mut().filter(|v| removed.contains(v)) {
            *v = EMPTY;
        }
        frames.push(Frame {
            title: "end".to_string(),
            caption: format!("no other block can be completed: the answer is {answer}"),
            board: board(&end, None),
        });
        Ok(frames)
    }
}

/// The cells: block ids coloured by id; with a removal, its block marked and its black blocks
/// drawn as `#`.
fn board(board: &Grid<i32>, removal: Option<&Removal<'_>>) -> Vec<Vec<Cell>> {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| {
                    let v = board[(r, c)];
                    if removal.map_or(false, |m| m.filled.contains(&(r, c))) {
                        Cell::new("#", Some(BLACK))
                    } else if v == EMPTY {
                        Cell::plain(".")
                    } else {
                        Cell::new(v.to_string(), Some(v as u32 % BLACK))
                            .marked_if(removal.map_or(false, |m| m.cells.contains(&(r, c))))
                    }
                })
                .collect()
        })
        .collect()
}
