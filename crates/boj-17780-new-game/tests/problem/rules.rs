//! The rule corners of 17780, each as a small game; the first two are where it differs from 17837.

use boj_17780_new_game::{ending_turn, parse, run, Play, Rule, RULE};
use grid_core::Dir;

/// The game in `text` (judge input), ready to play under 17780's rule.
fn play(text: &str) -> Play {
    Play::with_rule(&parse(text).expect("a valid game"), RULE)
}

/// The first lines of a game on an all-white 4 x 4 board, pieces still to come.
const WHITE_BOARD: &str = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";

#[test]
fn only_the_bottom_piece_moves_and_it_carries_the_whole_stack() {
    let mut play = play(&format!("{WHITE_BOARD}1 1 1\n1 2 4\n4 4 3\n4 1 2\n"));
    play.move_piece(0); // piece 1 climbs onto piece 2
    assert_eq!(play.stack((0, 1)), &[1, 0]);
    play.move_piece(0); // piece 1 is on top now: nothing happens
    assert_eq!(play.stack((0, 1)), &[1, 0]);
    assert_eq!(play.pieces()[0].dir, Dir::Right);
    play.move_piece(1); // piece 2, at the bottom, carries piece 1 down
    assert!(play.stack((0, 1)).is_empty());
    assert_eq!(play.stack((1, 1)), &[1, 0]);
    assert_eq!(play.pieces()[0].pos, (1, 1));
}

#[test]
fn a_piece_above_the_bottom_does_not_even_turn_around() {
    // Piece 1 climbs onto piece 2 at (1,1) and then faces the edge.
    let text = format!("{WHITE_BOARD}2 1 3\n1 1 1\n4 4 3\n4 1 2\n");
    let mut play = play(&text);
    play.move_piece(0);
    assert_eq!(play.stack((0, 0)), &[1, 0]);
    play.move_piece(0);
    assert_eq!(play.stack((0, 0)), &[1, 0]);
    assert_eq!(play.pieces()[0].dir, Dir::Up);
    // Under 17837 it bounces off the edge and leaves alone.
    let mut play = Play::with_rule(&parse(&text).unwrap(), Rule::CarryAbove);
    play.move_piece(0);
    play.move_piece(0);
    assert_eq!(
        (play.pieces()[0].pos, play.pieces()[0].dir),
        ((1, 0), Dir::Down)
    );
}

#[test]
fn blue_or_the_edge_reverses_the_bottom_piece_and_the_stack_moves_back_once() {
    // Piece 2 climbs onto piece 1 at (1,2); piece 1 faces blue at (1,3), turns left and carries
    // piece 2 to (1,1); next it faces the edge, turns right and carries it back.
    let board = "4 4\n0 0 2 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    let mut play = play(&format!("{board}1 2 1\n2 2 3\n4 4 3\n4 1 2\n"));
    play.move_piece(1);
    assert_eq!(play.stack((0, 1)), &[0, 1]);
    play.move_piece(0);
    assert_eq!(play.stack((0, 0)), &[0, 1]);
    assert_eq!(play.pieces()[0].dir, Dir::Left);
    play.move_piece(0);
    assert_eq!(play.stack((0, 1)), &[0, 1]);
    assert_eq!(play.pieces()[0].dir, Dir::Right);
    // The carried piece keeps its own direction.
    assert_eq!(play.pieces()[1].dir, Dir::Up);
}

#[test]
fn blue_on_both_sides_keeps_the_piece_still_but_reversed() {
    let board = "4 4\n2 0 2 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    let mut play = play(&format!("{board}1 2 1\n4 1 1\n4 3 3\n3 4 4\n"));
    play.move_piece(0);
    assert_eq!(play.stack((0, 1)), &[0]);
    assert_eq!(play.pieces()[0].dir, Dir::Left);
}

#[test]
fn red_reverses_the_moving_stack_before_it_lands_on_top() {
    // Piece 2 climbs onto piece 1; piece 1 carries it onto white (order kept), then onto red
    // (1,3) over piece 3 (order reversed): piece 3, then 2, then 1.
    let board = "4 4\n0 0 1 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    let mut play = play(&format!("{board}1 1 1\n2 1 3\n1 3 4\n4 4 3\n"));
    play.move_piece(1);
    assert_eq!(play.stack((0, 0)), &[0, 1]);
    play.move_piece(0);
    assert_eq!(play.stack((0, 1)), &[0, 1]);
    play.move_piece(0);
    assert_eq!(play.stack((0, 2)), &[2, 1, 0]);
    // Piece 1 is on top now, so it stays.
    play.move_piece(0);
    assert_eq!(play.stack((0, 2)), &[2, 1, 0]);
}

#[test]
fn the_game_ends_the_moment_a_stack_reaches_four() {
    // Piece 1 climbs onto 2, 2 carries it onto 3, 3 carries both onto 4: all within turn 1.
    let text = format!("{WHITE_BOARD}1 1 1\n1 2 1\n1 3 1\n1 4 1\n");
    assert_eq!(run(&text).unwrap(), "1\n");
    let mut play = play(&text);
    assert!(play.play_turn());
    assert_eq!(play.stack((0, 3)), &[3, 2, 1, 0]);
    // Piece 4, now at the bottom, has not moved: the turn stopped there.
    assert_eq!(play.pieces()[3].dir, Dir::Right);
}

#[test]
fn a_game_that_never_ends_answers_minus_one() {
    // Pieces 1 and 2 stack at once and swing between (1,1) and (1,2) with piece 1 on top, never
    // to move again; pieces 3 and 4 sit between blue and the edge.
    let board = "4 4\n0 0 2 0\n0 0 0 0\n0 0 0 0\n0 0 2 0\n";
    let text = format!("{board}1 1 1\n1 2 2\n4 4 2\n1 4 1\n");
    let mut play = play(&text);
    for _ in 0..10 {
        assert!(!play.play_turn());
        assert_eq!(play.pieces()[0].dir, Dir::Right);
        assert_eq!(play.stack(play.pieces()[0].pos), &[1, 0]);
    }
    assert_eq!(ending_turn(&parse(&text).unwrap()), None);
    assert_eq!(run(&text).unwrap(), "-1\n");
}
