//! The rule corners of 12100, each as a small board.

use boj_12100_2048_easy::{best_tile, parse, run, tilt, MOVES};
use grid_core::{Dir, Grid};

fn board(rows: &[&[u32]]) -> Grid<u32> {
    Grid::from_rows(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
}

fn tilted(rows: &[&[u32]], dir: Dir) -> String {
    let mut b = board(rows);
    tilt(&mut b, dir);
    b.to_string()
}

#[test]
fn three_equal_tiles_merge_nearest_the_wall_first() {
    assert_eq!(tilted(&[&[2, 2, 2]], Dir::Left), "4 2 0\n");
    assert_eq!(tilted(&[&[2, 2, 2]], Dir::Right), "0 2 4\n");
    assert_eq!(tilted(&[&[2], &[2], &[2]], Dir::Up), "4\n2\n0\n");
    assert_eq!(tilted(&[&[2], &[2], &[2]], Dir::Down), "0\n2\n4\n");
}

#[test]
fn a_merged_tile_does_not_merge_again_in_the_same_move() {
    assert_eq!(tilted(&[&[2, 2, 2, 2]], Dir::Left), "4 4 0 0\n");
    assert_eq!(tilted(&[&[4, 2, 2, 0]], Dir::Left), "4 4 0 0\n");
    assert_eq!(tilted(&[&[2, 2, 4, 8]], Dir::Left), "4 4 8 0\n");
}

#[test]
fn tiles_merge_across_gaps() {
    assert_eq!(tilted(&[&[2, 0, 0, 2]], Dir::Right), "0 0 0 4\n");
}

#[test]
fn zero_moves_count_so_a_stuck_board_answers_its_largest_tile() {
    assert_eq!(best_tile(&board(&[&[2, 4], &[8, 16]]), MOVES), 16);
    assert_eq!(best_tile(&board(&[&[1024]]), MOVES), 1024);
}

#[test]
fn n_equals_one() {
    assert_eq!(run("1\n2\n").unwrap(), "2\n");
}

#[test]
fn five_moves_but_not_six() {
    // Sixteen 2s sum to 32, so 32 is the ceiling, and it takes four tilts (left, up, left, up).
    let twos = board(&[&[2, 2, 2, 2], &[2, 2, 2, 2], &[2, 2, 2, 2], &[2, 2, 2, 2]]);
    assert_eq!(best_tile(&twos, 3), 16);
    assert_eq!(best_tile(&twos, 4), 32);
    assert_eq!(best_tile(&twos, MOVES), 32);
}

#[test]
fn the_search_uses_every_move() {
    // Each tilt of this row merges one pair, and only the fifth makes 64.
    let row = board(&[&[2, 2, 4, 8, 16, 32]]);
    assert_eq!(best_tile(&row, 4), 32);
    assert_eq!(best_tile(&row, 5), 64);
    assert_eq!(best_tile(&row, MOVES), 64);
}

#[test]
fn malformed_boards_are_rejected_with_their_place() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("0\n"),
        "line 1, column 1: expected N in 1..=20, found `0`"
    );
    assert_eq!(
        err("21\n"),
        "line 1, column 1: expected N in 1..=20, found `21`"
    );
    assert_eq!(
        err("2\n2 3\n0 0\n"),
        "line 2, column 3: expected the tile at row 1, column 2 (0 or a power of two from 2 to 1024), found `3`"
    );
    assert_eq!(
        err("1\n2048\n"),
        "line 2, column 1: expected the tile at row 1, column 1 (0 or a power of two from 2 to 1024), found `2048`"
    );
    assert_eq!(
        err("2\n2 2\n2\n"),
        "line 4, column 1: expected the tile at row 2, column 2 (0 or a power of two from 2 to 1024), found end of input"
    );
    assert_eq!(
        err("1\n2 4\n"),
        "line 2, column 3: expected end of input, found `4`"
    );
    assert_eq!(
        err("2\n0 0\n0 0\n"),
        "expected at least one tile on the board, found only zeros"
    );
}

#[test]
fn opposite_tilts_make_the_same_largest_tile() {
    // The search tries only left and up on its last move; this is why that is enough.
    let boards: [&[&[u32]]; 3] = [
        &[&[2, 2, 2, 0], &[4, 4, 4, 4], &[8, 0, 8, 2], &[2, 4, 2, 4]],
        &[
            &[2, 2, 4, 4],
            &[16, 0, 16, 16],
            &[0, 0, 0, 0],
            &[2, 0, 0, 2],
        ],
        &[
            &[32, 2, 2, 32],
            &[32, 4, 2, 32],
            &[2, 2, 2, 2],
            &[64, 64, 0, 64],
        ],
    ];
    for rows in boards {
        for turn in [Dir::Left, Dir::Up] {
            let mut there = board(rows);
            let mut back = board(rows);
            tilt(&mut there, turn);
            tilt(&mut back, turn.reverse());
            assert_eq!(
                there.iter().max(),
                back.iter().max(),
                "{turn:?} on {rows:?}"
            );
            let mut a: Vec<u32> = there.iter().copied().filter(|&v| v != 0).collect();
            let mut b: Vec<u32> = back.iter().copied().filter(|&v| v != 0).collect();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "the same tiles either way");
        }
    }
}
