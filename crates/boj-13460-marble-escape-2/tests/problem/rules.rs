//! The rule corners of 13460, each as a small board.

use boj_13460_marble_escape_2::{least_tilts, parse, run, tilt, Marbles, Outcome};
use grid_core::Dir;

/// The judge input for a board given as its lines.
fn input(lines: &str) -> String {
    let rows: Vec<&str> = lines.split_whitespace().collect();
    format!("{} {}\n{}\n", rows.len(), rows[0].len(), rows.join("\n"))
}

/// The judge's answer for a board given as its lines.
fn answer(lines: &str) -> String {
    run(&input(lines)).unwrap().trim().to_string()
}

/// One tilt of a board: where red and blue end, or the outcome when one fell.
fn after(lines: &str, dir: Dir) -> Outcome {
    let board = parse(&input(lines)).unwrap();
    tilt(&board.cells, board.start, dir).outcome()
}

/// `Rolled` to these 0-based cells.
fn rolled(red: (usize, usize), blue: (usize, usize)) -> Outcome {
    Outcome::Rolled(Marbles { red, blue })
}

#[test]
fn a_marble_stops_on_the_last_free_cell_before_a_wall() {
    let board = "####### #R.#..# #.B#.O# #######";
    // Red rolls one cell to the wall at column 3; blue already stands before it.
    assert_eq!(after(board, Dir::Right), rolled((1, 2), (2, 2)));
    assert_eq!(after(board, Dir::Down), rolled((2, 1), (2, 2)));
}

#[test]
fn in_one_row_the_leading_marble_moves_first_and_the_other_stops_behind_it() {
    // The statement's example: #.R..B.# right is #....RB#, left is #RB....#.
    let board = "######## #.R..B.# #O###### ########";
    assert_eq!(after(board, Dir::Right), rolled((1, 5), (1, 6)));
    assert_eq!(after(board, Dir::Left), rolled((1, 1), (1, 2)));
    // The same with the colours swapped.
    let board = "######## #.B..R.# #O###### ########";
    assert_eq!(after(board, Dir::Right), rolled((1, 6), (1, 5)));
    assert_eq!(after(board, Dir::Left), rolled((1, 2), (1, 1)));
}

#[test]
fn in_one_column_the_leading_marble_moves_first_and_the_other_stops_behind_it() {
    let board = "#### #..# #R.# #..# #B.# #.O# ####";
    assert_eq!(after(board, Dir::Up), rolled((1, 1), (2, 1)));
    assert_eq!(after(board, Dir::Down), rolled((4, 1), (5, 1)));
    let board = "#### #..# #B.# #..# #R.# #.O# ####";
    assert_eq!(after(board, Dir::Up), rolled((2, 1), (1, 1)));
    assert_eq!(after(board, Dir::Down), rolled((5, 1), (4, 1)));
}

#[test]
fn a_wall_between_two_marbles_in_one_row_keeps_them_apart() {
    let board = "######## #R.#.B.# #O###### ########";
    assert_eq!(after(board, Dir::Right), rolled((1, 2), (1, 6)));
    assert_eq!(after(board, Dir::Left), rolled((1, 1), (1, 4)));
}

#[test]
fn a_marble_falls_into_the_hole_at_once_and_never_rolls_over_it() {
    // Room to roll past the hole does not matter: red falls at column 3.
    let board = "####### #R.O..# #B....# #######";
    let board_text = input(board);
    let parsed = parse(&board_text).unwrap();
    let t = tilt(&parsed.cells, parsed.start, Dir::Right);
    assert!(t.red.fell);
    assert_eq!((t.red.end, t.red.steps), ((1, 3), 2));
    assert_eq!(t.blue.end, (2, 5));
    assert_eq!(after(board, Dir::Right), Outcome::Escaped);
    assert_eq!(answer(board), "1");
}

#[test]
fn red_falling_alone_is_success_and_blue_falling_alone_is_failure() {
    let board = "####### #B.O.R# #######";
    assert_eq!(after(board, Dir::Left), Outcome::Escaped);
    assert_eq!(after(board, Dir::Right), Outcome::Failed);
    assert_eq!(answer(board), "1");
}

#[test]
fn when_the_leading_marble_falls_the_other_rolls_on_and_falls_too() {
    // Sample 7: red leads into the hole, blue follows it: both fall, a failure.
    let board = "########## #.O....RB# ##########";
    assert_eq!(after(board, Dir::Left), Outcome::Failed);
    assert_eq!(answer(board), "-1");
    // Blue leading and red following fails too: blue fell.
    let board = "########## #.O....BR# ##########";
    assert_eq!(after(board, Dir::Left), Outcome::Failed);
    assert_eq!(answer(board), "-1");
    // In a column: red leads down into the hole, blue follows it down.
    let board = "##### #B..# #R..# #O..# #####";
    assert_eq!(after(board, Dir::Down), Outcome::Failed);
}

#[test]
fn a_tilt_that_moves_nothing_is_allowed_and_changes_nothing() {
    let board = "####### #RB..O# #######";
    assert_eq!(after(board, Dir::Up), rolled((1, 1), (1, 2)));
    assert_eq!(after(board, Dir::Left), rolled((1, 1), (1, 2)));
    // Right: blue leads and falls, red follows: failure, so red can never escape.
    assert_eq!(after(board, Dir::Right), Outcome::Failed);
    assert_eq!(answer(board), "-1");
}

#[test]
fn the_worked_example_of_sample_2_takes_the_table_s_five_tilts() {
    let board = parse(&input(
        "####### #...RB# #.##### #.....# #####.# #O....# #######",
    ))
    .unwrap();
    let mut at = board.start;
    let table = [
        (Dir::Left, Some(((1, 1), (1, 2)))),
        (Dir::Down, Some(((3, 1), (1, 2)))),
        (Dir::Right, Some(((3, 5), (1, 5)))),
        (Dir::Down, Some(((5, 5), (1, 5)))),
        (Dir::Left, None),
    ];
    for (dir, expected) in table {
        match (tilt(&board.cells, at, dir).outcome(), expected) {
            (Outcome::Rolled(next), Some((red, blue))) => {
                assert_eq!((next.red, next.blue), (red, blue), "{dir:?}");
                at = next;
            }
            (Outcome::Escaped, None) => {}
            (other, _) => panic!("{dir:?}: {other:?}"),
        }
    }
    assert_eq!(least_tilts(&board).map(|t| t.len()), Some(5));
}

#[test]
fn ten_tilts_is_an_answer_and_eleven_is_minus_one() {
    // Mazes whose fewest tilts are exactly 10 and 11 (found by a search with a limit of 20).
    let ten = "
        #########
        #.#.....#
        #R###.###
        #...#...#
        ###.###.#
        #.#..B..#
        #.#####.#
        #......O#
        #########";
    assert_eq!(answer(ten), "10");
    let eleven = "
        #########
        #.#.....#
        #R#####.#
        #...#...#
        ###.#.#.#
        #.#.B.#.#
        #O#####.#
        #.......#
        #########";
    assert_eq!(answer(eleven), "-1");
}

#[test]
fn malformed_inputs_name_what_and_where() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("2 5\n"),
        "line 1, column 1: expected N in 3..=10, found `2`"
    );
    assert_eq!(
        err("3 11\n"),
        "line 1, column 3: expected M in 3..=10, found `11`"
    );
    assert_eq!(
        err("3 5\n#####\n#RBO.\n#####\n"),
        "line 3, column 5: expected `#` on the board's outer ring, found `.`"
    );
    assert_eq!(
        err("3 6\n######\n#RBOR#\n######\n"),
        "line 3, column 5: expected exactly one `R` on the board, found a second `R`"
    );
    assert_eq!(
        err("3 5\n#####\n#R.O#\n#####\n"),
        "expected one `B` (the blue marble) on the board, found none"
    );
    assert_eq!(
        err("3 5\n#####\n#RBX#\n#####\n"),
        "line 3, column 4: expected one of `.#ORB` in the board, found `X`"
    );
    assert_eq!(
        err("3 5\n#####\n#RBO#\n#####\nx\n"),
        "line 5, column 1: expected end of input, found `x`"
    );
}

#[test]
fn the_smallest_and_largest_boards_are_accepted_and_answered() {
    // 5 x 3: red above the hole, blue below it. Up: red cannot move, blue rolls into the hole
    // (failure). Down: blue cannot move, red falls (success).
    let board = "### #R# #O# #B# ###";
    assert_eq!(after(board, Dir::Up), Outcome::Failed);
    assert_eq!(after(board, Dir::Down), Outcome::Escaped);
    assert_eq!(answer(board), "1");
    // 3 x 5, the same along a row.
    assert_eq!(answer("##### #ROB# #####"), "1");
    // 4 x 4: right moves red to (1, 2) but drops blue; up and down are blocked by the other
    // marble and left by the wall, so nothing ever succeeds.
    let board = "#### #R.# #BO# ####";
    assert_eq!(after(board, Dir::Right), Outcome::Failed);
    assert_eq!(after(board, Dir::Up), rolled((1, 1), (2, 1)));
    assert_eq!(after(board, Dir::Down), rolled((1, 1), (2, 1)));
    assert_eq!(answer(board), "-1");
    // With the colours swapped, right drops red alone.
    assert_eq!(answer("#### #B.# #RO# ####"), "1");
    // 10 x 10: red rolls along the bottom row into the hole; blue at the top right stays.
    let board = "
        ##########
        #.......B#
        #........#
        #........#
        #........#
        #........#
        #........#
        #........#
        #R......O#
        ##########";
    assert_eq!(after(board, Dir::Right), Outcome::Escaped);
    assert_eq!(answer(board), "1");
}
