//! The rule corners of 17837, each as a small game.

use boj_17837_new_game_2::{ending_turn, parse, run, Play};
use grid_core::Dir;

/// Judge input from board rows and `(row, col, dir)` pieces, all 1-based as in the statement.
fn input(board: &[&str], pieces: &[(usize, usize, u8)]) -> String {
    let mut text = format!("{} {}\n", board.len(), pieces.len());
    for row in board {
        text.push_str(row);
        text.push('\n');
    }
    for (r, c, d) in pieces {
        text.push_str(&format!("{r} {c} {d}\n"));
    }
    text
}

/// Pieces that never move: a corner piece facing the edge with blue behind it.
const PARKED_BOARD: [&str; 4] = ["0 0 2 0", "1 0 2 0", "0 0 0 2", "0 0 0 0"];
const PARKED: [(usize, usize, u8); 2] = [(1, 4, 2), (4, 4, 4)];

#[test]
fn bouncing_off_blue_reverses_the_direction_for_good() {
    // Piece 1 faces blue at (1,3): it turns left and moves to (1,1); next turn it faces the edge,
    // turns right and moves back.
    let game = parse(&input(
        &PARKED_BOARD,
        &[(1, 2, 1), (2, 4, 3), PARKED[0], PARKED[1]],
    ))
    .unwrap();
    let mut play = Play::new(&game);
    assert!(!play.play_turn());
    assert_eq!(
        (play.pieces()[0].pos, play.pieces()[0].dir),
        ((0, 0), Dir::Left)
    );
    assert!(!play.play_turn());
    assert_eq!(
        (play.pieces()[0].pos, play.pieces()[0].dir),
        ((0, 1), Dir::Right)
    );
}

#[test]
fn blue_then_red_reverses_the_direction_and_then_the_stack() {
    // Piece 1 climbs onto piece 2; piece 2 bounces off blue, turns left onto red and the pair
    // lands upside down: piece 1 at the bottom.
    let game = parse(&input(
        &PARKED_BOARD,
        &[(3, 2, 3), (2, 2, 1), PARKED[0], PARKED[1]],
    ))
    .unwrap();
    let mut play = Play::new(&game);
    assert!(!play.play_turn());
    assert_eq!(play.stack((1, 0)), &[0, 1]);
    assert_eq!(play.pieces()[1].dir, Dir::Left);
    assert!(play.stack((1, 1)).is_empty());
}

#[test]
fn blue_on_both_sides_keeps_the_piece_still_but_reversed() {
    let board = ["2 0 2 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"];
    let game = parse(&input(
        &board,
        &[(1, 2, 1), (4, 1, 1), (4, 3, 3), (3, 4, 4)],
    ))
    .unwrap();
    let mut play = Play::new(&game);
    play.move_piece(0);
    assert_eq!(
        (play.pieces()[0].pos, play.pieces()[0].dir),
        ((0, 1), Dir::Left)
    );
}

#[test]
fn only_the_moving_piece_and_those_above_it_move() {
    // Piece 1 climbs onto piece 2, piece 2 carries it down, then piece 1 leaves alone.
    let board = ["0 0 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"];
    let game = parse(&input(
        &board,
        &[(1, 1, 1), (1, 2, 4), (4, 4, 3), (4, 1, 2)],
    ))
    .unwrap();
    let mut play = Play::new(&game);
    play.move_piece(0);
    assert_eq!(play.stack((0, 1)), &[1, 0]);
    play.move_piece(1);
    assert_eq!(play.stack((1, 1)), &[1, 0]);
    play.move_piece(0);
    assert_eq!(play.stack((1, 1)), &[1]);
    assert_eq!(play.stack((1, 2)), &[0]);
}

#[test]
fn white_keeps_order_and_red_reverses_the_moving_part_only() {
    // Pieces 1 and 2 stack on (1,1), then move together onto red (1,2) over piece 3.
    let board = ["0 0 1 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"];
    let game = parse(&input(
        &board,
        &[(2, 1, 3), (1, 1, 1), (1, 3, 4), (4, 4, 3)],
    ))
    .unwrap();
    let mut play = Play::new(&game);
    play.move_piece(0); // onto piece 2 at (0,0): [1, 0]
    assert_eq!(play.stack((0, 0)), &[1, 0]);
    play.move_piece(2); // piece 3 steps down, off the red cell
    play.move_piece(1); // piece 2 carries piece 1 onto white (0,1): order kept
    assert_eq!(play.stack((0, 1)), &[1, 0]);
    play.move_piece(1); // and on onto red (0,2): order reversed
    assert_eq!(play.stack((0, 2)), &[0, 1]);
}

#[test]
fn the_game_ends_the_moment_a_stack_reaches_four() {
    let board = ["0 0 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"];
    // Piece 1 joins 2, the pair joins 3, the three join 4: all within turn 1.
    assert_eq!(
        run(&input(
            &board,
            &[(1, 1, 1), (1, 2, 1), (1, 3, 1), (1, 4, 1)]
        ))
        .unwrap(),
        "1\n"
    );
    let game = parse(&input(
        &board,
        &[(1, 1, 1), (1, 2, 1), (1, 3, 1), (1, 4, 1)],
    ))
    .unwrap();
    let mut play = Play::new(&game);
    assert!(play.play_turn());
    // Piece 4 has not moved yet: it stopped mid-turn.
    assert_eq!(play.stack((0, 3)).len(), 4);
}

#[test]
fn a_game_that_never_ends_answers_minus_one() {
    // Four pieces bouncing between the edge and blue, each alone forever.
    let board = ["0 2 0 0", "0 0 0 0", "0 0 0 0", "0 0 2 0"];
    let game = parse(&input(
        &board,
        &[(1, 1, 1), (4, 4, 2), (2, 2, 1), (3, 3, 2)],
    ))
    .unwrap();
    assert_eq!(ending_turn(&game), None);
    assert_eq!(
        run(&input(
            &board,
            &[(1, 1, 1), (4, 4, 2), (2, 2, 1), (3, 3, 2)]
        ))
        .unwrap(),
        "-1\n"
    );
}

#[test]
fn malformed_games_are_rejected_with_their_place() {
    let board = ["0 0 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"];
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("3 4\n"),
        "line 1, column 1: expected N in 4..=12, found `3`"
    );
    assert_eq!(
        err("4 11\n"),
        "line 1, column 3: expected K in 4..=10, found `11`"
    );
    let bad_colour = input(
        &["0 0 0 0", "0 3 0 0", "0 0 0 0", "0 0 0 0"],
        &[(1, 1, 1); 4],
    );
    assert_eq!(
        err(&bad_colour),
        "line 3, column 3: expected the colour of row 2, column 2 in 0..=2, found `3`"
    );
    let off_board = input(&board, &[(1, 1, 1), (5, 1, 1), (1, 3, 1), (1, 4, 1)]);
    assert_eq!(
        err(&off_board),
        "line 7, column 1: expected the row of piece 2 in 1..=4, found `5`"
    );
    let bad_dir = input(&board, &[(1, 1, 1), (2, 1, 5), (1, 3, 1), (1, 4, 1)]);
    assert_eq!(
        err(&bad_dir),
        "line 7, column 5: expected the direction of piece 2 in 1..=4, found `5`"
    );
    let shared = input(&board, &[(1, 1, 1), (2, 1, 1), (1, 1, 1), (1, 4, 1)]);
    assert_eq!(
        err(&shared),
        "line 8, column 1: expected piece 3 on a cell of its own, found piece 1 already at 1 1"
    );
    let missing = input(&board, &[(1, 1, 1), (2, 1, 1), (1, 2, 1)]).replace("4 3\n", "4 4\n");
    assert_eq!(
        err(&missing),
        "line 9, column 1: expected the row of piece 4 in 1..=4, found end of input"
    );
    let extra = input(&board, &[(1, 1, 1), (2, 1, 1), (1, 3, 1), (1, 4, 1)]) + "7\n";
    assert_eq!(
        err(&extra),
        "line 10, column 1: expected end of input, found `7`"
    );
}
