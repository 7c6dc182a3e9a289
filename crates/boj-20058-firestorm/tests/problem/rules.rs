//! The rule corners of 20058, each as a small board.

use boj_20058_firestorm::{cast, largest_chunk, melt, parse, run};
use grid_core::Grid;

/// A board from whitespace-separated rows of numbers.
fn board(text: &str) -> Grid<u32> {
    let rows = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    Grid::from_rows(rows).unwrap()
}

/// The board after one firestorm of `level`.
fn after(text: &str, level: usize) -> String {
    let mut ice = board(text);
    cast(&mut ice, level);
    ice.to_string()
}

/// The judge's answer for board `text` (side `2^n`) and `levels`.
fn answer(n: usize, text: &str, levels: &[usize]) -> String {
    let levels: Vec<String> = levels.iter().map(usize::to_string).collect();
    let input = format!(
        "{n} {}\n{}\n{}\n",
        levels.len(),
        text.trim(),
        levels.join(" ")
    );
    run(&input).unwrap()
}

/// A full 4 x 4 board of distinct amounts: nothing runs out, only the four corners melt.
const FULL: &str = "
    11 12 13 14
    15 16 17 18
    19 20 21 22
    23 24 25 26
";

#[test]
fn level_0_turns_nothing_and_only_corners_melt() {
    // Corners have 2 icy neighbours; edge cells have 3 (off the board is no ice) and keep.
    assert_eq!(
        after(FULL, 0),
        "10 12 13 13\n15 16 17 18\n19 20 21 22\n22 24 25 25\n"
    );
}

#[test]
fn level_1_turns_every_2x2_tile_clockwise() {
    // Tile [[11, 12], [15, 16]] becomes [[15, 11], [16, 12]], and so on; then corners melt.
    assert_eq!(
        after(FULL, 1),
        "14 11 17 12\n16 12 18 14\n23 19 25 21\n23 20 26 21\n"
    );
}

#[test]
fn level_n_turns_the_whole_board_clockwise() {
    assert_eq!(
        after(FULL, 2),
        "22 19 15 10\n24 20 16 12\n25 21 17 13\n25 22 18 13\n"
    );
}

#[test]
fn turning_happens_before_melting() {
    // 11 starts in the board's corner, where it would melt; turned first, it lands on the top
    // edge (3 icy neighbours) and keeps its ice, while 15, turned into the corner, melts.
    let turned = board(&after(FULL, 1));
    assert_eq!((turned[(0, 0)], turned[(0, 1)]), (14, 11));
}

#[test]
fn melting_is_decided_from_the_board_before_the_step() {
    // The middle of the T has exactly 3 icy neighbours. They all melt this step, but the middle
    // decides from the board before: it keeps its ice (in place, scanning row by row, the top
    // cell would melt first and the middle would see only 2).
    let mut ice = board("0 1 0 0\n1 1 1 0\n0 0 0 0\n0 0 0 0");
    assert_eq!(melt(&mut ice), 3);
    assert_eq!(ice.to_string(), "0 0 0 0\n0 1 0 0\n0 0 0 0\n0 0 0 0\n");
}

#[test]
fn three_icy_neighbours_keep_two_melt() {
    let mut ice = board("0 2 0 0\n2 2 2 0\n0 2 0 0\n0 0 0 0");
    melt(&mut ice);
    // The centre has 4, the arms 1 each.
    assert_eq!(ice.to_string(), "0 1 0 0\n1 2 1 0\n0 1 0 0\n0 0 0 0\n");
    let mut ice = board("0 2 0 0\n2 2 2 0\n0 0 0 0\n0 0 0 0");
    melt(&mut ice);
    assert_eq!(ice.to_string(), "0 1 0 0\n1 2 1 0\n0 0 0 0\n0 0 0 0\n");
    let mut ice = board("0 0 0 0\n2 2 2 0\n0 0 0 0\n0 0 0 0");
    melt(&mut ice);
    assert_eq!(ice.to_string(), "0 0 0 0\n1 1 1 0\n0 0 0 0\n0 0 0 0\n");
}

#[test]
fn a_cell_without_ice_stays_at_zero_and_does_not_count_as_ice() {
    let mut ice = board("0 0\n0 0");
    assert_eq!(melt(&mut ice), 0);
    assert_eq!(ice.to_string(), "0 0\n0 0\n");
}

#[test]
fn a_chunk_joins_any_amounts_but_not_diagonals() {
    assert_eq!(
        largest_chunk(&board("1 7 0 0\n0 100 0 3\n0 0 3 0\n0 0 0 0")),
        3
    );
    assert_eq!(
        largest_chunk(&board("1 0 1 0\n0 1 0 1\n1 0 1 0\n0 1 0 1")),
        1
    );
}

#[test]
fn no_ice_left_prints_zero_for_both() {
    assert_eq!(
        answer(2, "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0", &[2]),
        "0\n0\n"
    );
    // Everything melts: single cells of 1 with no icy neighbours.
    assert_eq!(
        answer(2, "1 0 1 0\n0 1 0 1\n1 0 1 0\n0 1 0 1", &[0]),
        "0\n0\n"
    );
}

#[test]
fn answer_is_the_sum_then_the_largest_chunk() {
    // Full board of 2s: the corners melt to 1, nothing is cut off.
    assert_eq!(
        answer(2, "2 2 2 2\n2 2 2 2\n2 2 2 2\n2 2 2 2", &[1]),
        "28\n16\n"
    );
    // A second level-0 storm: the corners melt through, and the new corners never had 3.
    assert_eq!(
        answer(2, "2 2 2 2\n2 2 2 2\n2 2 2 2\n2 2 2 2", &[0, 0]),
        "24\n12\n"
    );
}

#[test]
fn storms_are_cast_in_order() {
    // The same two storms in the other order leave different ice.
    let text = "1 1 1 2\n0 0 2 1\n1 1 2 2\n2 1 1 1";
    assert_eq!(answer(2, text, &[1, 2]), "8\n7\n");
    assert_eq!(answer(2, text, &[2, 1]), "6\n5\n");
}

#[test]
fn malformed_inputs_name_what_and_where() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("1 1\n"),
        "line 1, column 1: expected N in 2..=6, found `1`"
    );
    assert_eq!(
        err("2 0\n"),
        "line 1, column 3: expected Q in 1..=1000, found `0`"
    );
    assert_eq!(
        err("2 1\n1 1 1 1\n1 1 101 1\n"),
        "line 3, column 5: expected the ice at row 2, column 3 in 0..=100, found `101`"
    );
    assert_eq!(
        err(&format!("2 2\n{}1\n", "1 1 1 1\n".repeat(4))),
        "line 7, column 1: expected level 2 of 2 in 0..=2, found end of input"
    );
    assert_eq!(
        err(&format!("2 1\n{}1 1\n", "1 1 1 1\n".repeat(4))),
        "line 6, column 3: expected end of input, found `1`"
    );
}
