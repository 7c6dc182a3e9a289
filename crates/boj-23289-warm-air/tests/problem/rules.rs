//! The rule corners of 23289, each as a small office.

use boj_23289_warm_air::{blow, cool_ring, even_out, parse, run, warmth_per_round};
use grid_core::{Dir, Grid, Walls};

/// A board from whitespace-separated rows of numbers.
fn grid(text: &str) -> Grid<i32> {
    let numbers = |line: &str| {
        line.split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect()
    };
    Grid::from_rows(text.trim().lines().map(numbers).collect()).unwrap()
}

/// The judge input for a map (rows of values), `K` and walls `x y t`.
fn input(k: i32, map: &str, walls: &[(usize, usize, u8)]) -> String {
    let g = grid(map);
    let mut text = format!("{} {} {k}\n{g}{}\n", g.rows(), g.cols(), walls.len());
    for (x, y, t) in walls {
        text.push_str(&format!("{x} {y} {t}\n"));
    }
    text
}

/// What all heaters of the map add in one round, as a printed board.
fn warmth(map: &str, walls: &[(usize, usize, u8)]) -> String {
    let office = parse(&input(1000, map, walls)).unwrap();
    warmth_per_round(&office).to_string()
}

/// The answer for a map, `K` and walls.
fn answer(k: i32, map: &str, walls: &[(usize, usize, u8)]) -> String {
    run(&input(k, map, walls)).unwrap()
}

#[test]
fn each_heater_value_blows_its_way_with_5_in_front() {
    // A 3 x 3 office, heater in the middle: the wedge is the front cell (5) and the three cells
    // of the next line (4), the rest off the board. The inspected cell sits in a corner.
    assert_eq!(
        warmth("5 0 0\n0 1 0\n0 0 0", &[]),
        grid("0 0 0\n0 0 5\n0 0 0").to_string()
    );
    assert_eq!(
        warmth("5 0 0\n0 2 0\n0 0 0", &[]),
        grid("0 0 0\n5 0 0\n0 0 0").to_string()
    );
    assert_eq!(
        warmth("5 0 0\n0 3 0\n0 0 0", &[]),
        grid("0 5 0\n0 0 0\n0 0 0").to_string()
    );
    assert_eq!(
        warmth("5 0 0\n0 4 0\n0 0 0", &[]),
        grid("0 0 0\n0 0 0\n0 5 0").to_string()
    );
}

#[test]
fn without_walls_the_wedge_widens_one_cell_each_way_per_column_down_to_1() {
    let mut map = vec![vec![0; 6]; 9];
    map[4][0] = 1;
    map[0][0] = 5;
    let text: String = map
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|v: &i32| v.to_string()).collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert_eq!(
        warmth(&text, &[]),
        grid(
            "0 0 0 0 0 1
             0 0 0 0 2 1
             0 0 0 3 2 1
             0 0 4 3 2 1
             0 5 4 3 2 1
             0 0 4 3 2 1
             0 0 0 3 2 1
             0 0 0 0 2 1
             0 0 0 0 0 1"
        )
        .to_string()
    );
}

#[test]
fn the_board_edge_cuts_the_wedge_and_the_wind_goes_no_further_than_5_columns() {
    // Heater in the top row blowing down a 7-row office: no wind off the board, row 6 (the
    // 6th line ahead) untouched.
    assert_eq!(
        warmth(
            "0 4 0 0
             0 0 0 0
             0 0 0 0
             0 0 0 0
             0 0 0 0
             0 0 0 0
             0 0 0 5",
            &[]
        ),
        grid(
            "0 0 0 0
             0 5 0 0
             4 4 4 0
             3 3 3 3
             2 2 2 2
             1 1 1 1
             0 0 0 0"
        )
        .to_string()
    );
}

#[test]
fn a_wall_ahead_stops_the_straight_wind() {
    // Heater at (1, 1) (1-based) blowing right; a wall right of (1, 2) (t = 1): nothing goes
    // straight on to (1, 3), which stays cold; (2, 3) is reached diagonally via (2, 2), and
    // from there the wind spreads on, (1, 4) included.
    assert_eq!(
        warmth("1 0 0 0\n0 0 0 0\n0 0 0 5", &[(1, 2, 1)]),
        grid("0 5 0 3\n0 0 4 3\n0 0 0 3").to_string()
    );
}

#[test]
fn a_diagonal_is_stopped_by_a_wall_on_its_sideways_step() {
    // Heater (2, 1) blowing right; wall between (2, 2) and (1, 2) (x = 2, y = 2, t = 0): the
    // wind cannot go up from (2, 2), so (1, 3) stays cold; (2, 3) and (3, 3) warm.
    assert_eq!(
        warmth("0 0 0\n1 0 0\n0 0 5", &[(2, 2, 0)]),
        grid("0 0 0\n0 5 4\n0 0 4").to_string()
    );
}

#[test]
fn a_diagonal_is_stopped_by_a_wall_on_its_step_ahead() {
    // Heater (2, 1) blowing right; wall between (1, 2) and (1, 3) (x = 1, y = 2, t = 1): up to
    // (1, 2) is open, but ahead from there is walled: (1, 3) stays cold.
    assert_eq!(
        warmth("0 0 0\n1 0 0\n0 0 5", &[(1, 2, 1)]),
        grid("0 0 0\n0 5 4\n0 0 4").to_string()
    );
    // Turned with the heater: blowing up from (3, 2), a wall right of the front cell (2, 2)
    // stops the diagonal up-right, not the straight wind nor the diagonal up-left.
    assert_eq!(
        warmth("0 0 0\n0 0 0\n5 3 0", &[(2, 2, 1)]),
        grid("4 4 0\n0 5 0\n0 0 0").to_string()
    );
}

#[test]
fn a_cell_reached_by_several_paths_is_warmed_once_per_blow() {
    // Column 3 (1-based) of the wedge is reached from two or three cells of column 2 each; it
    // still gets 3, not more.
    let walls = Walls::new(5, 5);
    let warmed = blow(&walls, (2, 0), Dir::Right);
    let mut cells: Vec<_> = warmed.iter().map(|&(p, _)| p).collect();
    let count = cells.len();
    cells.sort();
    cells.dedup();
    assert_eq!(cells.len(), count);
    // Columns 1 to 4: 1, 3, 5 and 5 cells (7 cut to the board's 5 rows).
    assert_eq!(count, 1 + 3 + 5 + 5);
}

#[test]
fn warmth_of_different_heaters_adds_up_and_reaches_other_heaters() {
    // Two heaters blowing right side by side: the second, (1, 2), is warmed by the first's
    // wind (5) and never by its own; (1, 3) gets 4 from the first and 5 from the second.
    assert_eq!(
        warmth("1 1 0\n0 0 0\n0 0 5", &[]),
        grid("0 5 9\n0 0 4\n0 0 0").to_string()
    );
}

#[test]
fn evening_out_gives_a_quarter_of_the_difference_rounded_down_all_at_once() {
    // 40 beside 7: 8 moves. 7 beside 0: 1 moves, from the 7 as it was, not after it gained.
    let mut t = grid("40 7 0");
    even_out(&mut t, &Walls::new(1, 3));
    assert_eq!(t.to_string(), "32 14 1\n");
    // A difference below 4 moves nothing; equal cells move nothing.
    let mut t = grid("3 0\n3 3");
    assert!(!even_out(&mut t, &Walls::new(2, 2)));
    assert_eq!(t.to_string(), "3 0\n3 3\n");
    // A cell gains from, or loses to, each of its four neighbours.
    let mut t = grid("0 8 0\n8 0 8\n0 8 0");
    even_out(&mut t, &Walls::new(3, 3));
    assert_eq!(t.to_string(), "4 2 4\n2 8 2\n4 2 4\n");
}

#[test]
fn no_heat_crosses_a_wall() {
    let mut walls = Walls::new(2, 2);
    walls.insert((0, 0), Dir::Right);
    let mut t = grid("80 0\n0 0");
    even_out(&mut t, &walls);
    // Only downwards: 20 to (1, 0).
    assert_eq!(t.to_string(), "60 0\n20 0\n");
}

#[test]
fn the_outer_ring_cools_by_one_corners_once_zeros_stay() {
    let mut t = grid("5 0 2 1\n1 9 9 0\n3 9 9 7\n1 1 0 4");
    assert_eq!(cool_ring(&mut t), 9);
    assert_eq!(t.to_string(), "4 0 1 0\n0 9 9 0\n2 9 9 6\n0 0 0 3\n");
}

#[test]
fn a_2_by_2_office_is_all_ring() {
    let mut t = grid("1 2\n3 0");
    assert_eq!(cool_ring(&mut t), 3);
    assert_eq!(t.to_string(), "0 1\n2 0\n");
}

#[test]
fn at_least_one_chocolate_is_eaten_and_the_check_comes_after_cooling() {
    // K = 1 in front of a heater: 5 after the blow, but the check waits for the round's end.
    assert_eq!(answer(1, "1 5 0\n0 0 0\n0 0 0", &[]), "1\n");
    // In front of the heater in a 2 x 2 office the cell's 5 gives 1 to each of its two
    // neighbours and cools to 2: K = 2 takes one chocolate, K = 3 two.
    assert_eq!(answer(2, "1 5\n0 0", &[]), "1\n");
    assert_eq!(answer(3, "1 5\n0 0", &[]), "2\n");
}

#[test]
fn every_inspected_cell_must_reach_k() {
    // The near cell alone is quick; with a far one walled off from the heat, never.
    assert_eq!(answer(2, "1 5 0\n0 0 0\n0 0 0", &[]), "1\n");
    assert_eq!(
        answer(2, "1 5 0\n0 0 0\n0 0 5", &[(3, 3, 0), (3, 2, 1)]),
        "101\n"
    );
}

#[test]
fn more_than_100_chocolates_print_101_and_exactly_100_prints_100() {
    // Found by a search over K on this office; the stress reference gives the same.
    assert_eq!(answer(127, "1 0 5\n0 0 0", &[]), "100\n");
    assert_eq!(answer(128, "1 0 5\n0 0 0", &[]), "101\n");
    assert_eq!(answer(1000, "1 0 5\n0 0 0", &[]), "101\n");
}

#[test]
fn a_wall_given_twice_is_one_wall() {
    let map = "0 0 0\n1 0 0\n0 0 5";
    assert_eq!(
        warmth(map, &[(2, 2, 0), (2, 2, 0)]),
        warmth(map, &[(2, 2, 0)])
    );
    assert_eq!(
        answer(40, map, &[(2, 2, 0), (2, 2, 0)]),
        answer(40, map, &[(2, 2, 0)])
    );
}

#[test]
fn the_statements_sample_and_its_worked_answers() {
    let map = "
        0 0 0 0 0 0 0 0
        0 0 0 0 4 0 0 0
        0 0 0 0 0 0 0 0
        0 0 5 5 0 0 0 0
        0 0 0 0 0 5 0 0
        0 0 0 0 0 0 0 0
        0 0 0 0 3 0 0 0
    ";
    let walls = [(4, 4, 1), (5, 4, 0), (5, 6, 0)];
    for (k, expected) in [(1, 1), (4, 2), (70, 53), (100, 79), (1000, 101)] {
        assert_eq!(answer(k, map, &walls), format!("{expected}\n"), "K = {k}");
    }
}

#[test]
fn malformed_inputs_name_what_and_where() {
    let cases = [
        (
            "1 3 1\n",
            "line 1, column 1: expected R in 2..=20, found `1`",
        ),
        (
            "2 21 1\n",
            "line 1, column 3: expected C in 2..=20, found `21`",
        ),
        (
            "2 2 1001\n",
            "line 1, column 5: expected K in 1..=1000, found `1001`",
        ),
        (
            "2 2 5\n1 6\n0 5\n0\n",
            "line 2, column 3: expected the map at row 1, column 2 in 0..=5, found `6`",
        ),
        (
            "2 2 5\n2 0\n0 5\n0\n",
            "line 2, column 1: expected a heater at row 1, column 1 whose front cell is on the \
             board, found `2` (blowing left off the board)",
        ),
        (
            "2 2 5\n0 0\n0 5\n0\n",
            "line 4, column 1: expected at least a heater (1..=4) on the map, found none",
        ),
        (
            "2 2 5\n1 0\n0 0\n0\n",
            "line 4, column 1: expected at least an inspected cell (5) on the map, found none",
        ),
        (
            "2 2 5\n1 0\n0 5\n5\n",
            "line 4, column 1: expected W in 0..=4, found `5`",
        ),
        (
            "2 2 5\n1 0\n0 5\n1\n1 2 0\n",
            "line 5, column 1: expected x of wall 1 in 2..=2 (t = 0: a wall above row x), \
             found `1`",
        ),
        (
            "2 2 5\n1 0\n0 5\n1\n2 2 1\n",
            "line 5, column 3: expected y of wall 1 in 1..=1 (t = 1: a wall right of column y), \
             found `2`",
        ),
        (
            "2 2 5\n1 0\n0 5\n1\n1 1 2\n",
            "line 5, column 5: expected t of wall 1 in 0..=1, found `2`",
        ),
        (
            "2 2 5\n1 0\n0 5\n1\n1 1 1\n",
            "line 5, column 1: expected wall 1 not between a heater and the cell it blows into, \
             found a wall between (1, 1) and the cell right of it",
        ),
        (
            "2 2 5\n0 0\n3 5\n1\n2 1 0\n",
            "line 5, column 1: expected wall 1 not between a heater and the cell it blows into, \
             found a wall between (2, 1) and the cell above it",
        ),
        (
            "2 2 5\n1 0\n0 5\n2\n2 1 1\n",
            "line 6, column 1: expected x of wall 2 in 1..=2, found end of input",
        ),
        (
            "2 2 5\n1 0\n0 5\n0\n9\n",
            "line 5, column 1: expected end of input, found `9`",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(parse(text).unwrap_err().to_string(), expected, "{text}");
    }
}

#[test]
fn left_and_down_heaters_check_both_steps_of_a_diagonal() {
    // Review r2, by hand from the statement's table. Left (2) at (2, 3): front (2, 2) gets 5;
    // then (1, 1) via (1, 2), (2, 1), (3, 1) via (3, 2).
    let left = "0 0 0\n0 0 2\n0 0 5";
    assert_eq!(warmth(left, &[]), grid("4 0 0\n4 5 0\n4 0 0").to_string());
    // Wall between (3, 2) and (2, 2) (t = 0 at (3, 2)): the sideways step down is blocked.
    assert_eq!(
        warmth(left, &[(3, 2, 0)]),
        grid("4 0 0\n4 5 0\n0 0 0").to_string()
    );
    // Wall between (1, 1) and (1, 2) (t = 1 at (1, 1)): the step ahead from (1, 2) is blocked.
    assert_eq!(
        warmth(left, &[(1, 1, 1)]),
        grid("0 0 0\n4 5 0\n4 0 0").to_string()
    );
    // Down (4) at (1, 2): front (2, 2) gets 5; then (3, 1) via (2, 1), (3, 2), (3, 3) via (2, 3).
    let down = "0 4 0\n0 0 0\n5 0 0";
    assert_eq!(warmth(down, &[]), grid("0 0 0\n0 5 0\n4 4 4").to_string());
    // Wall between (2, 1) and (2, 2) (t = 1 at (2, 1)): sideways step to the left blocked.
    // Wall between (3, 3) and (2, 3) (t = 0 at (3, 3)): step ahead from (2, 3) blocked.
    assert_eq!(
        warmth(down, &[(2, 1, 1), (3, 3, 0)]),
        grid("0 0 0\n0 5 0\n0 4 0").to_string()
    );
    // Wall between (3, 2) and (2, 2) (t = 0 at (3, 2)): only the straight step is blocked.
    assert_eq!(
        warmth(down, &[(3, 2, 0)]),
        grid("0 0 0\n0 5 0\n4 0 4").to_string()
    );
}

#[test]
fn a_cell_the_wind_misses_is_not_warmed_but_the_wind_goes_round_it() {
    // Right (1) at (2, 1); wall between (2, 2) and (2, 3): (2, 3) is reached by no move (its only
    // way in is straight from (2, 2)), but column 4 is: (2, 4) diagonally from (1, 3) via (2, 3)
    // (the wind may pass sideways through a cell it did not warm).
    assert_eq!(
        warmth("5 0 0 0\n1 0 0 0\n0 0 0 0", &[(2, 2, 1)]),
        grid("0 0 4 3\n0 5 0 3\n0 0 4 3").to_string()
    );
}

#[test]
fn walls_beside_or_behind_a_heater_and_the_largest_inputs_are_accepted() {
    // Right (1) at (2, 2): walls behind it (to (2, 1)), above it, and between its front cell
    // and the cells beside that are all allowed; only a wall between it and (2, 3) is not.
    let map = "0 0 0 0\n0 1 0 0\n0 0 0 5";
    let walls = [(2, 1, 1), (2, 2, 0), (2, 3, 0), (3, 3, 0)];
    let office = parse(&input(10, map, &walls)).unwrap();
    // Front (2, 3) 5; both diagonals are blocked on their sideways step, only (2, 4) gets 4.
    assert_eq!(
        warmth_per_round(&office).to_string(),
        grid("0 0 0 0\n0 0 5 4\n0 0 0 0").to_string()
    );
    // R = C = 20, K = 1000, W = R x C = 400 walls (some given twice), at the extreme
    // coordinates of both kinds; heaters on all four edges blowing inwards.
    let mut rows = vec![vec![0; 20]; 20];
    rows[0][5] = 4;
    rows[19][5] = 3;
    rows[5][0] = 1;
    rows[5][19] = 2;
    rows[10][10] = 5;
    rows[19][19] = 5;
    let map: String = rows
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|v: &i32| v.to_string()).collect();
            cells.join(" ") + "\n"
        })
        .collect();
    let mut walls = vec![
        (2, 1, 0),
        (20, 20, 0),
        (1, 1, 1),
        (20, 19, 1),
        (2, 20, 0),
        (1, 19, 1),
    ];
    while walls.len() < 400 {
        // Above-walls (t = 0), none in column 6: the front of the up and down heaters.
        let i = walls.len();
        let y = 1 + i % 20;
        walls.push((2 + i % 19, if y == 6 { 7 } else { y }, 0));
    }
    let text = input(1000, &map, &walls);
    let office = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(office.heaters.len(), 4);
    // The inspected corner (20, 20) is walled off from (19, 20) and (20, 19) and no wind reaches
    // it: it stays at 0, so K is never met.
    assert_eq!(run(&text).unwrap(), "101\n");
}
