//! The rule corners of 16236, each as a small board.

use boj_16236_baby_shark::{eat_nearest, parse, run, solve_observed, Meal, Shark};

/// The judge input for a board given as rows of numbers.
fn input(rows: &str) -> String {
    let rows: Vec<&str> = rows
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    format!("{}\n{}\n", rows.len(), rows.join("\n"))
}

/// The judge's answer.
fn answer(rows: &str) -> usize {
    run(&input(rows)).unwrap().trim().parse().unwrap()
}

/// One meal as (cell, distance, fish size, shark size after, time after).
type Step = ((usize, usize), usize, u8, u32, usize);

/// Every meal in order.
fn meals(rows: &str) -> Vec<Step> {
    let sea = parse(&input(rows)).unwrap();
    let mut out = Vec::new();
    solve_observed(&sea, &mut |m: &Meal, s: &Shark, _| {
        out.push((m.at, m.distance, m.fish, s.size, s.time))
    });
    out
}

#[test]
fn no_fish_at_all_is_zero_seconds() {
    assert_eq!(answer("0 0 0\n0 0 0\n0 9 0"), 0);
}

#[test]
fn a_fish_of_the_shark_s_size_is_not_eaten_and_a_larger_one_blocks() {
    assert_eq!(answer("9 2\n2 2"), 0);
    // The only way to the 1 is through a 3: unreachable, so the shark stops at once even
    // though an edible fish remains.
    assert_eq!(answer("9 3 1\n3 3 3\n1 3 0"), 0);
}

#[test]
fn a_fish_of_the_shark_s_size_can_be_walked_through() {
    // The 1 at the end is reached through two 2s: 3 steps.
    assert_eq!(answer("9 2 2 1\n6 6 6 6\n6 6 6 6\n6 6 6 6"), 3);
}

#[test]
fn distance_is_walked_around_blocking_fish_not_straight_line() {
    // Manhattan distance to the 1 at (0, 2) would be 2; the 3s make the shark walk round: 6.
    assert_eq!(meals("9 3 1\n0 3 0\n0 0 0"), vec![((0, 2), 6, 1, 2, 6)]);
}

#[test]
fn equal_distances_go_to_the_upper_fish_then_the_left_one() {
    // (0, 2) and (2, 0) are both 2 away: the upper one. A search trying up, left, right, down
    // and taking the first fish found would reach (2, 0) first (left, then down).
    let mut sea = parse(&input("6 6 1\n0 9 0\n1 0 0")).unwrap();
    let mut shark = Shark::new(sea.shark);
    let first = eat_nearest(&mut sea.fish, &mut shark).unwrap();
    assert_eq!((first.at, first.distance), ((0, 2), 2));
    // Same row, same distance: the left one.
    let mut sea = parse(&input(
        "1 0 9 0 1\n6 6 6 6 6\n6 6 6 6 6\n6 6 6 6 6\n6 6 6 6 6",
    ))
    .unwrap();
    let mut shark = Shark::new(sea.shark);
    assert_eq!(eat_nearest(&mut sea.fish, &mut shark).unwrap().at, (0, 0));
    // A nearer fish wins over an upper or lefter one.
    let mut sea = parse(&input("1 0 0\n0 0 0\n0 9 1")).unwrap();
    let mut shark = Shark::new(sea.shark);
    assert_eq!(eat_nearest(&mut sea.fish, &mut shark).unwrap().at, (2, 2));
}

#[test]
fn sample_3_step_by_step() {
    assert_eq!(
        meals("4 3 2 1\n0 0 0 0\n0 0 9 0\n1 2 3 4"),
        vec![
            ((0, 3), 3, 1, 2, 3),
            ((3, 0), 6, 1, 3, 9),
            ((3, 1), 1, 2, 3, 10),
            ((0, 2), 4, 2, 3, 14),
        ]
    );
}

#[test]
fn the_size_grows_after_eating_as_many_fish_as_the_size_and_the_count_restarts() {
    // Nine fish of size 1 in a corridor: size 3 after 2, size 4 after 3 more, 4 more make
    // them size 5.
    let shown = meals("9 1 1 1 1 1 1 1 1 1\n6 6 6 6 6 6 6 6 6 6\n0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0");
    let sizes: Vec<u32> = shown.iter().map(|m| m.3).collect();
    assert_eq!(sizes, vec![2, 3, 3, 3, 4, 4, 4, 4, 5]);
}

#[test]
fn the_new_size_applies_from_the_next_round() {
    // After two 1s the shark is size 3: the 2 beyond becomes edible, the 3 passable.
    let shown = meals("9 1 1 3 2\n6 6 6 6 6\n6 6 6 6 6\n6 6 6 6 6\n6 6 6 6 6");
    assert_eq!(
        shown,
        vec![
            ((0, 1), 1, 1, 2, 1),
            ((0, 2), 1, 1, 3, 2),
            ((0, 4), 2, 2, 3, 4)
        ]
    );
    // With only one 1 the shark stays size 2 and stops.
    assert_eq!(
        answer("9 1 0 3 2\n6 6 6 6 6\n6 6 6 6 6\n6 6 6 6 6\n6 6 6 6 6"),
        1
    );
}

#[test]
fn the_starting_cell_is_an_empty_cell_afterwards() {
    // The left fish first (same distance, left), then back through the start to the right.
    assert_eq!(answer("1 9 1\n6 6 6\n6 6 6"), 3);
}

#[test]
fn the_shark_grows_past_6_and_then_eats_a_6() {
    // 20 fish of size 1 take it to size 7 (2 + 3 + 4 + 5 + 6); at size 6 the 6 is passable
    // only, at 7 it is eaten last.
    let rows = "1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n9 0 0 0 6";
    let shown = meals(rows);
    assert_eq!(shown.len(), 21);
    let last = shown[20];
    assert_eq!((last.0, last.2, last.3), ((4, 4), 6, 7));
    assert_eq!(answer(rows), last.4);
}

#[test]
fn malformed_inputs_name_what_and_where() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("1\n9\n"),
        "line 1, column 1: expected N in 2..=20, found `1`"
    );
    assert_eq!(
        err("2\n9 7\n0 0\n"),
        "line 2, column 3: expected the cell at row 1, column 2: one of 0 1 2 3 4 5 6 9, found `7`"
    );
    assert_eq!(
        err("2\n9 0\n0 9\n"),
        "line 3, column 3: expected exactly one 9 (the shark), found a second `9`"
    );
    assert_eq!(
        err("2\n1 0\n0 0\n"),
        "expected one 9 (the shark) on the board, found none"
    );
    assert_eq!(
        err("2\n9 0\n0\n"),
        "line 4, column 1: expected the cell at row 2, column 2: one of 0 1 2 3 4 5 6 9, found end of input"
    );
    assert_eq!(
        err("2\n9 0\n0 0 0\n"),
        "line 3, column 5: expected end of input, found `0`"
    );
}

#[test]
fn the_smallest_and_largest_boards() {
    // 2 x 2: (0, 1) and (1, 0) are both 1 away, the upper wins; then (1, 1) is 1 away and
    // (1, 0) 2; the second meal makes the shark size 3; the last fish is 1 away.
    assert_eq!(
        meals("9 1\n1 1"),
        vec![
            ((0, 1), 1, 1, 2, 1),
            ((1, 1), 1, 1, 3, 2),
            ((1, 0), 1, 1, 3, 3)
        ]
    );
    // 20 x 20: one fish in the far corner, 19 + 19 steps away.
    let mut rows = vec![vec!["0"; 20]; 20];
    rows[0][0] = "9";
    rows[19][19] = "1";
    let board: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    assert_eq!(answer(&board.join("\n")), 38);
}

#[test]
fn a_ring_of_eight_fish_at_distance_two_goes_to_the_top_one_then_the_upper_left() {
    // All eight 1s are 2 steps from the shark: (0, 2) is in the top row. From there (1, 1) and
    // (1, 3) are both 2 away (one row down): the left one.
    let steps = meals(
        "0 0 1 0 0
         0 1 0 1 0
         1 0 9 0 1
         0 1 0 1 0
         0 0 1 0 0",
    );
    assert_eq!(steps[..2], [((0, 2), 2, 1, 2, 2), ((1, 1), 2, 1, 3, 4)]);
}
