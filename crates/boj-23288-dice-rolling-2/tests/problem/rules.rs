//! The rule corners of 23288, each as a small map.

use boj_23288_dice_rolling_2::{parse, region_sizes, run, solve_observed, step, turn, Roller};
use grid_core::Dir;

/// The judge input for a map given as rows of numbers, with `k` moves.
fn input(rows: &str, k: usize) -> String {
    let rows: Vec<&str> = rows
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let cols = rows[0].split_whitespace().count();
    format!("{} {cols} {k}\n{}\n", rows.len(), rows.join("\n"))
}

/// The judge's answer.
fn answer(rows: &str, k: usize) -> u64 {
    run(&input(rows, k)).unwrap().trim().parse().unwrap()
}

const SAMPLE_MAP: &str = "
    4 1 2 3 3
    6 1 1 3 3
    5 6 1 3 2
    5 5 6 5 5";

#[test]
fn one_roll_east_from_the_start_tips_the_west_face_up() {
    let game = parse(&input(SAMPLE_MAP, 1)).unwrap();
    let mut roller = Roller::start();
    step(&game.map, &region_sizes(&game.map), &mut roller);
    let d = roller.die;
    assert_eq!(
        (d.top, d.bottom, d.east, d.west, d.north, d.south),
        (4, 3, 1, 6, 2, 5)
    );
    assert_eq!(roller.at, (0, 1));
}

#[test]
fn the_worked_start_move_by_move() {
    // (rolled, lands on (1-based), B, C, score, bottom A, next heading) from the statement.
    let table = [
        (Dir::Right, (1, 2), 1, 4, 4, 3, Dir::Down),
        (Dir::Down, (2, 2), 1, 4, 4, 5, Dir::Left),
        (Dir::Left, (2, 1), 6, 1, 6, 6, Dir::Left),
        (Dir::Right, (2, 2), 1, 4, 4, 5, Dir::Down),
        (Dir::Down, (3, 2), 6, 1, 6, 4, Dir::Right),
        (Dir::Right, (3, 3), 1, 4, 4, 1, Dir::Right),
        (Dir::Right, (3, 4), 3, 5, 15, 3, Dir::Right),
    ];
    let game = parse(&input(SAMPLE_MAP, 7)).unwrap();
    let mut seen = Vec::new();
    let total = solve_observed(&game, &mut |m, r| {
        seen.push((
            m.rolled,
            (r.at.0 + 1, r.at.1 + 1),
            m.value,
            m.region,
            m.score,
            r.die.bottom,
            r.heading,
        ))
    });
    assert_eq!(seen, table);
    assert_eq!(total, 43);
}

#[test]
fn off_the_map_ahead_reverses_the_heading_for_good_then_rolls() {
    // Move 4 of the worked start: heading west on column 1, the die rolls east instead, and
    // the turn after it starts from east.
    let game = parse(&input(SAMPLE_MAP, 4)).unwrap();
    let mut moves = Vec::new();
    solve_observed(&game, &mut |m, r| {
        moves.push((m.rolled, m.bounced, r.heading))
    });
    assert_eq!(moves[3], (Dir::Right, true, Dir::Down));
    assert!(moves[..3].iter().all(|&(_, bounced, _)| !bounced));
    // On a map of 9s every bottom is smaller: the die turns counter-clockwise after every
    // move, and on a 2 x 2 map each new heading points off the map, so the next move bounces.
    let all_nine = "9 9\n9 9";
    let game = parse(&input(all_nine, 4)).unwrap();
    let mut headings = Vec::new();
    solve_observed(&game, &mut |m, r| {
        headings.push((m.rolled, m.bounced, r.at, r.heading))
    });
    assert_eq!(
        headings,
        vec![
            (Dir::Right, false, (0, 1), Dir::Up),
            (Dir::Down, true, (1, 1), Dir::Right),
            (Dir::Left, true, (1, 0), Dir::Down),
            (Dir::Up, true, (0, 0), Dir::Left),
        ]
    );
}

#[test]
fn bottom_larger_turns_clockwise_smaller_counter_clockwise_equal_keeps() {
    for heading in Dir::ALL {
        assert_eq!(turn(heading, 5, 4), heading.turn_cw());
        assert_eq!(turn(heading, 4, 5), heading.turn_ccw());
        assert_eq!(turn(heading, 4, 4), heading);
    }
    assert_eq!(turn(Dir::Right, 6, 1), Dir::Down);
    assert_eq!(turn(Dir::Right, 1, 6), Dir::Up);
}

#[test]
fn the_region_is_4_connected_equal_values_including_the_cell() {
    let map = parse(&input("1 2 1\n2 1 2\n1 1 1", 1)).unwrap().map;
    // The 1 at (1, 2) joins the bottom row's three 1s; the corner 1s touch it only diagonally.
    assert_eq!(region_sizes(&map).to_string(), "1 1 1\n1 4 1\n4 4 4\n");
    // One move east onto the 2 at (1, 2): alone in its region, C = 1, score 2.
    assert_eq!(answer("1 2 1\n2 1 2\n1 1 1", 1), 2);
}

#[test]
fn the_largest_answer_fits() {
    let row = vec!["9"; 20].join(" ");
    let map = vec![row; 20].join("\n");
    assert_eq!(answer(&map, 1000), 3_600_000);
}

#[test]
fn malformed_inputs_name_what_and_where() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("1 2 1\n"),
        "line 1, column 1: expected N in 2..=20, found `1`"
    );
    assert_eq!(
        err("2 21 1\n"),
        "line 1, column 3: expected M in 2..=20, found `21`"
    );
    assert_eq!(
        err("2 2 1001\n"),
        "line 1, column 5: expected K in 1..=1000, found `1001`"
    );
    assert_eq!(
        err("2 2 1\n1 0\n1 1\n"),
        "line 2, column 3: expected the value at row 1, column 2 in 1..=9, found `0`"
    );
    assert_eq!(
        err("2 2 1\n1 1\n1\n"),
        "line 4, column 1: expected the value at row 2, column 2 in 1..=9, found end of input"
    );
    assert_eq!(
        err("2 2 1\n1 1\n1 1 1\n"),
        "line 3, column 5: expected end of input, found `1`"
    );
}

#[test]
fn one_roll_from_the_start_in_each_direction_follows_the_statement() {
    // (top, bottom, north, south, west, east) after one roll from top 1, north 2, east 3.
    let faces = |dir: Dir| {
        let d = grid_core::Die::standard().rolled(dir);
        (d.top, d.bottom, d.north, d.south, d.west, d.east)
    };
    // East: west -> top, top -> east, east -> bottom, bottom -> west.
    assert_eq!(faces(Dir::Right), (4, 3, 2, 5, 6, 1));
    // West: east -> top, top -> west, west -> bottom, bottom -> east.
    assert_eq!(faces(Dir::Left), (3, 4, 2, 5, 1, 6));
    // South: north -> top, top -> south, south -> bottom, bottom -> north.
    assert_eq!(faces(Dir::Down), (2, 5, 6, 1, 4, 3));
    // North: south -> top, top -> north, north -> bottom, bottom -> south.
    assert_eq!(faces(Dir::Up), (5, 2, 1, 6, 4, 3));
}

#[test]
fn a_small_map_with_every_kind_of_turn_worked_by_hand() {
    // Moves: east onto 5 (bottom 3 < 5: north); north is off the map, south onto 4 (bottom 5
    // > 4: west); west onto 3 (bottom 6: north); north onto 1 (bottom 3: east); east onto 5
    // (bottom 5 = 5: east); east onto 2 (bottom 4: south); south onto 6 (bottom 6 = 6:
    // south); south is off the map, north onto 2. Scores 5 4 3 1 5 2 6 2, all regions of 1.
    let map = "1 5 2\n3 4 6";
    let totals: Vec<u64> = (1..=8).map(|k| answer(map, k)).collect();
    assert_eq!(totals, vec![5, 9, 12, 13, 18, 20, 26, 28]);
}
