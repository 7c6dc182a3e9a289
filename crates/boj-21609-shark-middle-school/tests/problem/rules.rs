//! The rules and tie-breaks of 21609, each on a small board written with one character per
//! cell: `#` black, `0` rainbow, `1`..`5` colours, `.` empty.

use boj_21609_shark_middle_school::{
    best_group, fall, parse, play_round, run, standard_block, total_score, BLACK, EMPTY,
};
use grid_core::Grid;

/// A board from its character picture (surrounding whitespace and blank lines ignored).
fn board(text: &str) -> Grid<i32> {
    let text: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    Grid::from_lines(&text.join("\n"))
        .unwrap()
        .map(|&ch| match ch {
            '#' => BLACK,
            '.' => EMPTY,
            d => d.to_digit(10).expect("a block") as i32,
        })
}

/// A board as its character picture, one line per row.
fn show(board: &Grid<i32>) -> String {
    board
        .map(|&v| match v {
            BLACK => '#',
            EMPTY => '.',
            d => char::from_digit(d as u32, 10).expect("a block"),
        })
        .to_string()
}

/// The group auto-play picks first: (colour, size, rainbow blocks, standard block).
fn best(text: &str) -> Option<(i32, usize, usize, (usize, usize))> {
    let board = board(text);
    best_group(&board).map(|g| (g.colour, g.size(), g.wildcards, standard_block(&board, &g)))
}

#[test]
fn the_largest_group_wins_over_every_tie_break() {
    // The 2s have the larger row and column, but the 1s are more.
    assert_eq!(best("111\n#22\n###"), Some((1, 3, 0, (0, 0))));
}

#[test]
fn equal_sizes_go_to_the_most_rainbow_blocks() {
    // The 1s' standard block has the larger row, but the 2s hold a rainbow block.
    assert_eq!(best("202\n###\n111"), Some((2, 3, 1, (0, 0))));
}

#[test]
fn then_to_the_standard_block_with_the_largest_row() {
    // The 1s' standard block has the larger column, the 2s' the larger row.
    assert_eq!(best("#11\n###\n22#"), Some((2, 2, 0, (2, 0))));
}

#[test]
fn then_to_the_standard_block_with_the_largest_column() {
    assert_eq!(
        best("11#22\n#####\n#####\n#####\n#####"),
        Some((2, 2, 0, (0, 3)))
    );
}

#[test]
fn the_standard_block_is_a_normal_block_never_a_rainbow() {
    // Both groups: 2 blocks, 1 rainbow. The 1s' rainbow is at row 0 but their normal block is at
    // row 1, below the 2s' normal block at row 0: the 1s win on the row.
    assert_eq!(best("0#2#\n1#0#\n####\n####"), Some((1, 2, 1, (1, 0))));
}

#[test]
fn a_group_needs_a_normal_block() {
    assert_eq!(best("00\n00"), None);
    assert_eq!(total_score(&board("00\n00")), 0);
}

#[test]
fn a_group_needs_at_least_two_blocks() {
    assert_eq!(best("1#\n#2"), None);
    // A rainbow block makes the second block.
    assert_eq!(best("10\n##"), Some((1, 2, 1, (0, 0))));
}

#[test]
fn normal_blocks_of_a_group_share_one_colour() {
    assert_eq!(best("12\n21"), None);
}

#[test]
fn black_blocks_join_no_group_and_cut_groups_apart() {
    assert_eq!(best("1#1\n###\n1#1"), None);
    assert_eq!(best("#0\n0#"), None);
}

#[test]
fn a_group_takes_every_reachable_block_of_its_colour_and_rainbow() {
    assert_eq!(best("101\n#1#\n###"), Some((1, 4, 1, (0, 0))));
}

#[test]
fn a_rainbow_block_joins_every_colour_and_goes_with_the_group_removed() {
    // Alone, neither the 1 nor the 2 is a group: the rainbow makes both. The 2s win on the
    // column; the rainbow goes with them, so the 1 is left alone: one group of 2, score 4.
    assert_eq!(best("102\n###\n###"), Some((2, 2, 1, (0, 2))));
    assert_eq!(total_score(&board("102\n###\n###")), 4);
}

#[test]
fn blocks_fall_onto_black_blocks_and_black_blocks_never_fall() {
    let mut b = board(
        "
        12.
        .#.
        ..3
        0.#
        ...
    ",
    );
    assert!(fall(&mut b));
    // The 1 and the rainbow reach the floor; the 2 and the 3 rest on black blocks; the black
    // block above the empty bottom cell stays where it is.
    assert_eq!(show(&b), ".2.\n.#.\n..3\n1.#\n0..\n");
}

#[test]
fn a_round_is_remove_fall_turn_counter_clockwise_fall() {
    // The 3s win (same size as the 1s, larger row). After they go the 2 falls to the bottom;
    // the board turns counter-clockwise (right column to the top row); the 1s then fall.
    let mut b = board("211\n3#4\n35#");
    assert_eq!(play_round(&mut b), Some(2));
    assert_eq!(show(&b), ".4#\n1#5\n1.2\n");
}

#[test]
fn a_removed_group_of_b_blocks_scores_b_squared() {
    // 3 ones (9), then, after the turn, 2 twos (4): 13.
    assert_eq!(total_score(&board("111\n###\n22#")), 13);
}

#[test]
fn official_samples() {
    let sample = |text: &str| total_score(&parse(text).unwrap());
    assert_eq!(
        sample("5 3\n2 2 -1 3 1\n3 3 2 0 -1\n0 0 0 1 2\n-1 3 1 3 2\n0 3 2 2 1\n"),
        77
    );
    assert_eq!(
        sample("6 4\n2 3 1 0 -1 2\n2 -1 4 1 3 3\n3 0 4 2 2 1\n-1 4 -1 2 3 4\n3 -1 4 2 0 3\n1 2 2 2 2 1\n"),
        125
    );
    assert_eq!(sample("4 3\n1 1 1 3\n3 2 3 3\n1 2 -1 3\n-1 -1 1 1\n"), 33);
}

#[test]
fn a_single_cell_board_scores_nothing() {
    assert_eq!(run("1 1\n1\n").unwrap(), "0\n");
}

#[test]
fn malformed_inputs_name_what_and_where() {
    let err = |text: &str| run(text).unwrap_err().to_string();
    assert_eq!(
        err("0 1\n"),
        "line 1, column 1: expected N in 1..=20, found `0`"
    );
    assert_eq!(
        err("2 6\n"),
        "line 1, column 3: expected M in 1..=5, found `6`"
    );
    assert_eq!(
        err("2 3\n1 -2\n"),
        "line 2, column 3: expected the block at row 1, column 2 in -1..=3, found `-2`"
    );
    assert_eq!(
        err("2 3\n1 1\n1\n"),
        "line 4, column 1: expected the block at row 2, column 2 in -1..=3, found end of input"
    );
    assert_eq!(
        err("1 3\n1 1\n"),
        "line 2, column 3: expected end of input, found `1`"
    );
}
