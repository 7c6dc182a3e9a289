//! The rule corners of 84021, each as a small board and table.

use programmers_84021_puzzle_pieces::{parse, solution};

fn filled(board: &[&[i32]], table: &[&[i32]]) -> i32 {
    let rows = |g: &[&[i32]]| g.iter().map(|r| r.to_vec()).collect();
    solution(rows(board), rows(table))
}

#[test]
fn official_examples() {
    let board: &[&[i32]] = &[
        &[1, 1, 0, 0, 1, 0],
        &[0, 0, 1, 0, 1, 0],
        &[0, 1, 1, 0, 0, 1],
        &[1, 1, 0, 1, 1, 1],
        &[1, 0, 0, 0, 1, 0],
        &[0, 1, 1, 1, 0, 0],
    ];
    let table: &[&[i32]] = &[
        &[1, 0, 0, 1, 1, 0],
        &[1, 0, 1, 0, 1, 0],
        &[0, 1, 1, 0, 1, 1],
        &[0, 0, 1, 0, 0, 0],
        &[1, 1, 0, 1, 1, 0],
        &[0, 1, 0, 0, 0, 0],
    ];
    assert_eq!(filled(board, table), 14);
    assert_eq!(
        filled(
            &[&[0, 0, 0], &[1, 1, 0], &[1, 1, 1]],
            &[&[1, 1, 1], &[1, 0, 0], &[0, 0, 0]]
        ),
        0
    );
}

#[test]
fn a_piece_that_fits_only_after_rotation() {
    // Hole: an L standing up. Piece: the same L lying down (a quarter turn).
    let board: &[&[i32]] = &[&[0, 1, 1, 1], &[0, 1, 1, 1], &[0, 0, 1, 1], &[1, 1, 1, 1]];
    let table: &[&[i32]] = &[&[0, 0, 1, 0], &[1, 1, 1, 0], &[0, 0, 0, 0], &[0, 0, 0, 0]];
    assert_eq!(filled(board, table), 4);
}

#[test]
fn a_mirror_image_piece_does_not_fit() {
    // The same hole; the piece is a J, the L's mirror image, in every rotation.
    let board: &[&[i32]] = &[&[0, 1, 1, 1], &[0, 1, 1, 1], &[0, 0, 1, 1], &[1, 1, 1, 1]];
    let table: &[&[i32]] = &[&[1, 0, 0, 0], &[1, 1, 1, 0], &[0, 0, 0, 0], &[0, 0, 0, 0]];
    assert_eq!(filled(board, table), 0);
}

#[test]
fn more_pieces_than_holes_of_a_shape_fill_each_hole_once() {
    let board: &[&[i32]] = &[&[0, 1, 1], &[1, 1, 1], &[1, 1, 0]];
    let table: &[&[i32]] = &[&[1, 0, 1], &[0, 0, 0], &[1, 0, 1]];
    assert_eq!(filled(board, table), 2);
}

#[test]
fn more_holes_than_pieces_of_a_shape_use_each_piece_once() {
    let board: &[&[i32]] = &[&[0, 1, 0], &[1, 1, 1], &[0, 1, 0]];
    let table: &[&[i32]] = &[&[1, 0, 0], &[0, 0, 0], &[0, 0, 0]];
    assert_eq!(filled(board, table), 1);
}

#[test]
fn a_piece_smaller_than_its_hole_does_not_fit() {
    let board: &[&[i32]] = &[&[0, 0, 1], &[1, 1, 1], &[1, 1, 1]];
    let table: &[&[i32]] = &[&[1, 0, 0], &[0, 0, 0], &[0, 0, 0]];
    assert_eq!(filled(board, table), 0);
}

#[test]
fn malformed_inputs_are_rejected_with_their_place() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("[[0,1,0],[1,1,1],[0,1,0]]\n[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]"),
        "line 2, column 1: expected table to be 3x3 like game_board, found 4x4"
    );
    assert_eq!(
        err("[[0,1,0],[1,1,1],[0,1,2]]\n[[0,0,0],[0,0,0],[0,0,0]]"),
        "line 1, column 23: expected a number of game_board in 0..=1, found `2`"
    );
    assert_eq!(
        err("[[0,1,0],[1,1,1],[0,1,0]]"),
        "line 1, column 26: expected `[` opening table, found end of input"
    );
    assert_eq!(
        err("[[0,1],[1,1]]\n[[0,0],[0,0]]"),
        "line 1, column 1: expected game_board to be square with a side in 3..=50, found 2 rows of 2"
    );
}
