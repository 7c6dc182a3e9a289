//! The rule corners of 17144, each as a small room.

use boj_17144_fine_dust::{blow, parse, run, solve, spread_dust};
use grid_core::Grid;

/// A room from whitespace-separated rows, `-1` in the purifier cells (kept as -1 for printing).
fn room(text: &str) -> Grid<i32> {
    let numbers = |line: &str| {
        line.split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect()
    };
    Grid::from_rows(text.trim().lines().map(numbers).collect()).unwrap()
}

/// The purifier's upper row (0-based) of a room printed with `-1`s.
fn purifier_of(g: &Grid<i32>) -> usize {
    (0..g.rows()).find(|&r| g[(r, 0)] == -1).unwrap()
}

/// Applies `step` to the room (purifier cells as 0) and prints it with the `-1`s back.
fn after(text: &str, step: fn(&mut Grid<i32>, usize)) -> String {
    let g = room(text);
    let upper = purifier_of(&g);
    let mut dust = g.map(|&v| v.max(0));
    step(&mut dust, upper);
    dust[(upper, 0)] = -1;
    dust[(upper + 1, 0)] = -1;
    dust.to_string()
}

fn spread_once(dust: &mut Grid<i32>, upper: usize) {
    spread_dust(dust, upper);
}

fn blow_once(dust: &mut Grid<i32>, upper: usize) {
    blow(dust, upper);
}

/// The answer for `T` seconds in the room.
fn answer(seconds: usize, text: &str) -> String {
    let g = room(text);
    run(&format!("{} {} {seconds}\n{g}", g.rows(), g.cols())).unwrap()
}

const EMPTY: &str = "
    0 0 0 0 0 0
    0 0 0 0 0 0
    -1 0 0 0 0 0
    -1 0 0 0 0 0
    0 0 0 0 0 0
    0 0 0 0 0 0
";

/// `EMPTY` with `value` at `(r, c)` (0-based).
fn with(r: usize, c: usize, value: i32) -> String {
    let mut g = room(EMPTY);
    g[(r, c)] = value;
    g.to_string()
}

#[test]
fn a_cell_sends_a_fifth_rounded_down_to_each_of_four_neighbours_and_keeps_the_rest() {
    // 24 / 5 = 4 to each of 4 neighbours, 24 - 16 = 8 kept.
    assert_eq!(
        after(&with(1, 3, 24), spread_once),
        room(
            "0 0 0 4 0 0
             0 0 4 8 4 0
             -1 0 0 4 0 0
             -1 0 0 0 0 0
             0 0 0 0 0 0
             0 0 0 0 0 0"
        )
        .to_string()
    );
}

#[test]
fn below_five_nothing_is_sent() {
    let text = with(1, 3, 4);
    assert_eq!(after(&text, spread_once), room(&text).to_string());
}

#[test]
fn directions_outside_the_room_do_not_count() {
    // A corner sends to its two neighbours only and keeps 10 - 2 * 2.
    assert_eq!(
        after(&with(0, 5, 10), spread_once),
        room(
            "0 0 0 0 2 6
             0 0 0 0 0 2
             -1 0 0 0 0 0
             -1 0 0 0 0 0
             0 0 0 0 0 0
             0 0 0 0 0 0"
        )
        .to_string()
    );
    // An edge cell sends to three.
    assert_eq!(
        after(&with(5, 2, 15), spread_once),
        room(
            "0 0 0 0 0 0
             0 0 0 0 0 0
             -1 0 0 0 0 0
             -1 0 0 0 0 0
             0 0 3 0 0 0
             0 3 6 3 0 0"
        )
        .to_string()
    );
}

#[test]
fn nothing_is_sent_into_the_purifier_and_that_direction_does_not_count() {
    // The statement's 8 right of the lower purifier cell: 1 to each of three, keeps 5.
    assert_eq!(
        after(&with(3, 1, 8), spread_once),
        room(
            "0 0 0 0 0 0
             0 0 0 0 0 0
             -1 1 0 0 0 0
             -1 5 1 0 0 0
             0 1 0 0 0 0
             0 0 0 0 0 0"
        )
        .to_string()
    );
    // Above the upper purifier cell: three directions too (up, right, not down into it).
    assert_eq!(
        after(&with(1, 0, 20), spread_once),
        room(
            "4 0 0 0 0 0
             12 4 0 0 0 0
             -1 0 0 0 0 0
             -1 0 0 0 0 0
             0 0 0 0 0 0
             0 0 0 0 0 0"
        )
        .to_string()
    );
}

#[test]
fn the_spread_is_decided_from_the_amounts_at_the_start_of_the_second() {
    // 4 gets 2 from the 10 beside it, but spreads from its 4: it sends nothing. Row by row in
    // place, it would hold 6 and send 1 to each neighbour.
    assert_eq!(
        after(
            "0 0 0 0 0 0
             0 10 4 0 0 0
             -1 0 0 0 0 0
             -1 0 0 0 0 0
             0 0 0 0 0 0
             0 0 0 0 0 0",
            spread_once
        ),
        room(
            "0 2 0 0 0 0
             2 2 6 0 0 0
             -1 2 0 0 0 0
             -1 0 0 0 0 0
             0 0 0 0 0 0
             0 0 0 0 0 0"
        )
        .to_string()
    );
    // Two cells that both spread swap their fifths from the old amounts: 10 and 25 send 2 and 5.
    assert_eq!(
        after(
            "0 0 0 0 0 0
             0 0 0 0 0 0
             -1 0 0 0 0 0
             -1 0 0 0 0 0
             0 0 10 25 0 0
             0 0 0 0 0 0",
            spread_once
        ),
        room(
            "0 0 0 0 0 0
             0 0 0 0 0 0
             -1 0 0 0 0 0
             -1 0 2 5 0 0
             0 2 7 7 5 0
             0 0 2 5 0 0"
        )
        .to_string()
    );
}

#[test]
fn the_upper_loop_turns_counter_clockwise_and_the_lower_clockwise() {
    // One amount on each side of each loop, and one inside each rectangle (which stays).
    let before = "
        3 0 1 0 0 0
        0 9 0 0 0 2
        -1 0 0 3 0 0
        -1 0 0 4 0 0
        5 8 0 0 0 7
        2 0 0 6 0 0
    ";
    assert_eq!(
        after(before, blow_once),
        room(
            "0 1 0 0 0 2
             3 9 0 0 0 0
             -1 0 0 0 3 0
             -1 0 0 0 4 0
             2 8 0 0 0 0
             0 0 6 0 0 7"
        )
        .to_string()
    );
}

#[test]
fn the_purifier_blows_clean_air_and_swallows_what_reaches_it() {
    // The cells right of the purifier hold dust: it moves on and they get 0; the cells the wind
    // blows into the purifier from lose their dust for good.
    let text = "
        0 0 0 0 0 0
        7 0 0 0 0 0
        -1 3 0 0 0 0
        -1 4 0 0 0 0
        11 0 0 0 0 0
        0 0 0 0 0 0
    ";
    let g = room(text);
    let mut dust = g.map(|&v| v.max(0));
    assert_eq!(blow(&mut dust, 2), 18);
    dust[(2, 0)] = -1;
    dust[(3, 0)] = -1;
    assert_eq!(
        dust.to_string(),
        room(
            "0 0 0 0 0 0
             0 0 0 0 0 0
             -1 0 3 0 0 0
             -1 0 4 0 0 0
             0 0 0 0 0 0
             0 0 0 0 0 0"
        )
        .to_string()
    );
}

#[test]
fn a_loop_carries_dust_round_to_the_purifier() {
    // The upper loop of a 6 x 6 room has 2 * (3 + 6) - 4 - 1 = 13 cells: dust in its first cell
    // is swallowed on the 13th wind, not before.
    let mut dust = room(EMPTY).map(|&v| v.max(0));
    dust[(2, 1)] = 50;
    for k in 1..13 {
        assert_eq!(blow(&mut dust, 2), 0, "wind {k}");
    }
    assert_eq!(blow(&mut dust, 2), 50);
    assert!(dust.iter().all(|&v| v == 0));
}

#[test]
fn the_statements_worked_second() {
    let sample = "
        0 0 0 0 0 0 0 9
        0 0 0 0 3 0 0 8
        -1 0 5 0 0 0 22 0
        -1 8 0 0 0 0 0 0
        0 0 0 0 0 10 43 0
        0 0 5 0 15 0 0 0
        0 0 40 0 0 0 20 0
    ";
    let spread = "
        0 0 0 0 0 0 1 8
        0 0 1 0 3 0 5 6
        -1 2 1 1 0 4 6 5
        -1 5 2 0 0 2 12 0
        0 1 1 0 5 10 13 8
        0 1 9 4 3 5 12 0
        0 8 17 8 3 4 8 4
    ";
    let blown = "
        0 0 0 0 0 1 8 6
        0 0 1 0 3 0 5 5
        -1 0 2 1 1 0 4 6
        -1 0 5 2 0 0 2 12
        0 1 1 0 5 10 13 0
        0 1 9 4 3 5 12 8
        8 17 8 3 4 8 4 0
    ";
    assert_eq!(after(sample, spread_once), room(spread).to_string());
    assert_eq!(after(spread, blow_once), room(blown).to_string());
    assert_eq!(answer(1, sample), "188\n");
}

#[test]
fn each_second_spreads_first_then_blows() {
    // 25 just right of the upper purifier cell: spread first (5 to each of three neighbours,
    // none into the purifier), then the wind moves what is on the loop. Blowing first would put
    // the 25 at (2, 2) and spread it there.
    let text = with(2, 1, 25);
    assert_eq!(
        after(&text, |d, u| {
            spread_dust(d, u);
            blow(d, u);
        }),
        room(
            "0 0 0 0 0 0
             0 5 0 0 0 0
             -1 0 10 5 0 0
             -1 0 5 0 0 0
             0 0 0 0 0 0
             0 0 0 0 0 0"
        )
        .to_string()
    );
}

#[test]
fn the_answer_sums_the_dust_and_not_the_purifier() {
    assert_eq!(answer(1, EMPTY), "0\n");
    assert_eq!(answer(1000, EMPTY), "0\n");
    // An amount inside the lower rectangle that never spreads stays forever.
    assert_eq!(answer(1000, &with(4, 3, 4)), "4\n");
}

#[test]
fn the_purifier_may_stand_as_high_or_as_low_as_allowed() {
    let high = "
        0 0 0 0 0 0
        0 0 0 0 0 0
        -1 0 0 0 0 0
        -1 0 0 0 0 0
        0 0 0 0 0 0
        0 0 0 0 0 9
    ";
    let low = "
        0 0 0 0 0 0
        0 0 0 0 0 0
        0 0 0 0 0 0
        -1 0 0 0 0 0
        -1 0 0 0 0 0
        0 0 0 0 0 0
        9 0 0 0 0 0
    ";
    // 9 in the bottom-right corner: 1 to each of 2 neighbours; the wind moves all three along
    // the lower loop, none into the purifier.
    assert_eq!(answer(1, high), "9\n");
    // 9 in the bottom-left corner: the 1 it sends up to (5, 0), the lower loop's last cell, is
    // blown into the purifier at once.
    assert_eq!(answer(1, low), "8\n");
    let parsed = parse(&format!("7 6 1\n{}", room(low))).unwrap();
    assert_eq!((parsed.purifier, solve(&parsed)), (3, 8));
}

#[test]
fn malformed_inputs_name_what_and_where() {
    let rows = |rows: &[&str]| format!("6 6 1\n{}\n", rows.join("\n"));
    let (zero, top) = ("0 0 0 0 0 0", "-1 0 0 0 0 0");
    let cases = [
        (
            "5 6 1\n".to_string(),
            "line 1, column 1: expected R in 6..=50, found `5`",
        ),
        (
            "6 51 1\n".to_string(),
            "line 1, column 3: expected C in 6..=50, found `51`",
        ),
        (
            "6 6 0\n".to_string(),
            "line 1, column 5: expected T in 1..=1000, found `0`",
        ),
        (
            rows(&[zero, top, top, zero, zero, zero]),
            "line 3, column 1: expected the purifier's upper cell in rows 3..=3, found `-1` at row 2",
        ),
        (
            rows(&[zero, zero, zero, top, top, zero]),
            "line 5, column 1: expected the purifier's upper cell in rows 3..=3, found `-1` at row 4",
        ),
        (
            rows(&[zero, zero, top, zero, zero, zero]),
            "line 5, column 1: expected -1 at row 4, column 1 (the purifier's lower cell, under \
             its upper cell at row 3), found `0`",
        ),
        (
            rows(&[zero, zero, top, top, top, zero]),
            "line 6, column 1: expected the dust at row 5, column 1 (the purifier is above) in \
             0..=1000, found `-1`",
        ),
        (
            rows(&[zero, zero, top, top, "0 0 -1 0 0 0", zero]),
            "line 6, column 5: expected the dust at row 5, column 3 in 0..=1000, found `-1`",
        ),
        (
            rows(&[zero, zero, zero, zero, zero, zero]),
            "line 8, column 1: expected the purifier: -1 in two cells of column 1, found no -1 \
             in the room",
        ),
        (
            rows(&[zero, zero, top, top, "0 0 0 0 0 1001", zero]),
            "line 6, column 11: expected the dust at row 5, column 6 in 0..=1000, found `1001`",
        ),
        (
            rows(&[zero, zero, top, top, zero]),
            "line 7, column 1: expected the dust at row 6, column 1 (the purifier is above) in \
             0..=1000, found end of input",
        ),
        (
            format!("{}7\n", rows(&[zero, zero, top, top, zero, zero])),
            "line 8, column 1: expected end of input, found `7`",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(parse(&text).unwrap_err().to_string(), expected, "{text}");
    }
}

#[test]
fn loops_follow_the_rooms_own_rows_and_columns_when_it_is_not_square() {
    // Review r2, by hand from the statement. 9 rows x 6 columns, purifier in rows 3 and 4
    // (1-based); every amount below 5, so only the wind moves dust. Upper loop: (1,1) down to
    // (2,1), (2,1) into the purifier, (1,6) left, (3,6) up. Lower loop: (4,2) right, (4,6)
    // down, (9,6) left, (9,1) up, (5,1) into the purifier. (7,3) is inside: it stays.
    let tall = "
        3 0 0 0 0 1
        2 0 0 0 0 0
        -1 0 0 0 0 4
        -1 2 0 0 0 1
        3 0 0 0 0 0
        0 0 0 0 0 0
        0 0 4 0 0 0
        0 0 0 0 0 0
        2 0 0 0 0 4
    ";
    assert_eq!(
        after(tall, blow_once),
        room(
            "0 0 0 0 1 0
             3 0 0 0 0 4
             -1 0 0 0 0 0
             -1 0 2 0 0 0
             0 0 0 0 0 1
             0 0 0 0 0 0
             0 0 4 0 0 0
             2 0 0 0 0 0
             0 0 0 0 4 0"
        )
        .to_string()
    );
    // 26 in all; 2 + 3 swallowed in the first second, the 3 that reached (2, 1) in the second.
    assert_eq!(answer(1, tall), "21\n");
    assert_eq!(answer(2, tall), "18\n");

    // 6 rows x 9 columns: the corners of both loops.
    let wide = "
        4 0 0 0 0 0 0 0 4
        0 0 0 0 0 0 0 0 0
        -1 4 0 0 0 0 0 0 4
        -1 0 0 0 0 0 0 0 4
        0 0 0 0 0 0 0 0 0
        4 0 0 0 0 0 0 0 4
    ";
    assert_eq!(
        after(wide, blow_once),
        room(
            "0 0 0 0 0 0 0 4 0
             4 0 0 0 0 0 0 0 4
             -1 0 4 0 0 0 0 0 0
             -1 0 0 0 0 0 0 0 0
             4 0 0 0 0 0 0 0 4
             0 0 0 0 0 0 0 4 0"
        )
        .to_string()
    );
    assert_eq!(answer(1, wide), "28\n");
    // The 4s blown down to (2, 1) and up to (5, 1) enter the purifier in the second second.
    assert_eq!(answer(2, wide), "20\n");
}

#[test]
fn the_largest_valid_inputs_are_accepted() {
    // R = C = 50, T = 1000, every amount 1000 (also in column 1 next to the purifier), the
    // purifier as high (u = 3) and as low (u = R - 3 = 47) as allowed; and the thin extremes.
    for (rows, cols, upper) in [(50, 50, 3), (50, 50, 47), (6, 50, 3), (50, 6, 47)] {
        let mut text = format!("{rows} {cols} 1000\n");
        for r in 1..=rows {
            let first = if r == upper || r == upper + 1 {
                "-1"
            } else {
                "1000"
            };
            text.push_str(first);
            for _ in 1..cols {
                text.push_str(" 1000");
            }
            text.push('\n');
        }
        let parsed = parse(&text).unwrap_or_else(|e| panic!("{rows}x{cols} u={upper}: {e}"));
        assert_eq!(parsed.purifier, upper - 1);
        let total = solve(&parsed);
        assert!((0..(rows * cols - 2) as i64 * 1000).contains(&total));
    }
}
