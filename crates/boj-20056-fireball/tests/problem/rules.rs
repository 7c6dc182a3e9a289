//! The rule corners of 20056, each as a few fireballs on a small board.

use boj_20056_fireball::{command, merge, parse, run, Fireball, DIAGONAL, STRAIGHT};
use grid_core::Dir8;

/// A fireball from the input's numbers: 1-based `r c`, then `m s d`.
fn ball(r: usize, c: usize, mass: u32, speed: u32, d: usize) -> Fireball {
    Fireball {
        pos: (r - 1, c - 1),
        mass,
        speed,
        dir: Dir8::from_index(d).unwrap(),
    }
}

/// The judge's answer for an `n x n` board, `k` commands and these fireballs.
fn answer(n: usize, k: usize, balls: &[(usize, usize, u32, u32, usize)]) -> String {
    let mut text = format!("{n} {} {k}\n", balls.len());
    for (r, c, m, s, d) in balls {
        text.push_str(&format!("{r} {c} {m} {s} {d}\n"));
    }
    run(&text).unwrap()
}

/// After one command on `n x n`: every fireball as (1-based r, c, m, s, d), sorted.
fn after(n: usize, balls: &[Fireball]) -> Vec<(usize, usize, u32, u32, usize)> {
    let mut out: Vec<_> = command(n, balls)
        .iter()
        .map(|f| (f.pos.0 + 1, f.pos.1 + 1, f.mass, f.speed, f.dir.index()))
        .collect();
    out.sort();
    out
}

#[test]
fn every_direction_steps_as_the_statements_table_says() {
    // From the middle of a 5 x 5 board, one step each way: 7 0 1 / 6 . 2 / 5 4 3.
    let expected = [
        (2, 3),
        (2, 4),
        (3, 4),
        (4, 4),
        (4, 3),
        (4, 2),
        (3, 2),
        (2, 2),
    ];
    for (d, &(r, c)) in expected.iter().enumerate() {
        assert_eq!(
            after(5, &[ball(3, 3, 7, 1, d)]),
            vec![(r, c, 7, 1, d)],
            "d = {d}"
        );
    }
}

#[test]
fn moves_wrap_around_each_edge_on_its_own() {
    // Up from row 1 is row N; left from column 1 is column N.
    assert_eq!(after(4, &[ball(1, 2, 7, 1, 0)]), vec![(4, 2, 7, 1, 0)]);
    assert_eq!(after(4, &[ball(2, 1, 7, 1, 6)]), vec![(2, 4, 7, 1, 6)]);
    // Down-right from the bottom row, second column: the row wraps, the column does not.
    assert_eq!(after(4, &[ball(4, 2, 7, 1, 3)]), vec![(1, 3, 7, 1, 3)]);
    // Up-left from the corner wraps both.
    assert_eq!(after(4, &[ball(1, 1, 7, 1, 7)]), vec![(4, 4, 7, 1, 7)]);
    // Three steps right from column 3 of 4: 4, 1, 2.
    assert_eq!(after(4, &[ball(1, 3, 7, 3, 2)]), vec![(1, 2, 7, 3, 2)]);
}

#[test]
fn only_speed_mod_n_matters_even_for_speed_1000() {
    // 1000 = 250 * 4: a full number of laps, back on the same cell.
    assert_eq!(
        after(4, &[ball(2, 3, 9, 1000, 5)]),
        vec![(2, 3, 9, 1000, 5)]
    );
    // 1000 mod 7 = 6: six steps up-left from (1, 1) on 7 x 7 is (2, 2).
    assert_eq!(
        after(7, &[ball(1, 1, 9, 1000, 7)]),
        vec![(2, 2, 9, 1000, 7)]
    );
    // 999 mod 50 = 49 steps down from row 1 is row 50.
    assert_eq!(
        after(50, &[ball(1, 1, 9, 999, 4)]),
        vec![(50, 1, 9, 999, 4)]
    );
}

#[test]
fn fireballs_that_pass_or_cross_each_other_do_not_interact() {
    // Head-on neighbours swap cells; crossing diagonals pass the same point; nobody merges.
    let swapped = after(4, &[ball(1, 1, 7, 1, 2), ball(1, 2, 6, 1, 6)]);
    assert_eq!(swapped, vec![(1, 1, 6, 1, 6), (1, 2, 7, 1, 2)]);
    assert_eq!(answer(4, 1, &[(1, 1, 7, 2, 2), (1, 3, 6, 2, 6)]), "13\n");
}

#[test]
fn two_straight_fireballs_meet_and_split_straight() {
    // Sample 1's merge: mass floor(12 / 5) = 2, speed floor(3 / 2) = 1, directions 0 2 4 6.
    let split = after(4, &[ball(1, 1, 5, 2, 2), ball(1, 4, 7, 1, 6)]);
    assert_eq!(
        split,
        vec![
            (1, 3, 2, 1, 0),
            (1, 3, 2, 1, 2),
            (1, 3, 2, 1, 4),
            (1, 3, 2, 1, 6)
        ]
    );
}

#[test]
fn all_diagonal_also_splits_straight_and_a_mix_splits_diagonal() {
    let at = |dirs: &[usize]| {
        let here: Vec<Fireball> = dirs.iter().map(|&d| ball(2, 2, 10, 3, d)).collect();
        merge((1, 1), &here).dirs
    };
    // Parity only: 0 and 4 are all even, 1 and 5 all odd, 0 and 1 mixed.
    assert_eq!(at(&[0, 4]), STRAIGHT);
    assert_eq!(at(&[1, 5]), STRAIGHT);
    assert_eq!(at(&[1, 3, 5, 7]), STRAIGHT);
    assert_eq!(at(&[0, 2, 6]), STRAIGHT);
    assert_eq!(at(&[0, 1]), DIAGONAL);
    assert_eq!(at(&[2, 2, 2, 7]), DIAGONAL);
    assert_eq!(at(&[3, 3, 6]), DIAGONAL);
    // On the board: two diagonal fireballs meeting split into 0 2 4 6.
    let split = after(5, &[ball(1, 1, 10, 1, 3), ball(1, 3, 10, 1, 5)]);
    let dirs: Vec<usize> = split.iter().map(|b| b.4).collect();
    assert_eq!(dirs, vec![0, 2, 4, 6]);
    // A straight one and a diagonal one: 1 3 5 7.
    let split = after(5, &[ball(1, 2, 10, 1, 4), ball(1, 3, 10, 1, 5)]);
    let dirs: Vec<usize> = split.iter().map(|b| b.4).collect();
    assert_eq!(dirs, vec![1, 3, 5, 7]);
    assert!(split.iter().all(|b| (b.0, b.1) == (2, 2)));
}

#[test]
fn three_or_more_merge_with_floored_mass_and_speed() {
    // Three reach (2, 2): masses 4 + 5 + 7 = 16 -> 3; speeds 1 + 2 + 2 = 5 -> 1.
    let split = after(
        5,
        &[
            ball(1, 2, 4, 1, 4),
            ball(2, 4, 5, 2, 6),
            ball(4, 4, 7, 2, 7),
        ],
    );
    assert_eq!(split.len(), 4);
    assert!(split.iter().all(|b| (b.0, b.1, b.2, b.3) == (2, 2, 3, 1)));
    // Speeds 1000 + 999 -> 999 (rounded down), masses 1000 + 1000 -> 400.
    let here = [ball(1, 1, 1000, 1000, 0), ball(1, 1, 1000, 999, 2)];
    let m = merge((0, 0), &here);
    assert_eq!((m.count, m.mass, m.speed), (2, 400, 999));
}

#[test]
fn a_merge_of_mass_below_5_vanishes() {
    // 2 + 2 = 4 -> 0: the cell becomes empty (four fireballs of mass 0 are not left behind).
    assert_eq!(
        after(4, &[ball(1, 1, 2, 1, 2), ball(1, 3, 2, 1, 6)]),
        vec![]
    );
    assert_eq!(answer(4, 1, &[(1, 1, 2, 1, 2), (1, 3, 2, 1, 6)]), "0\n");
    // 2 + 3 = 5 -> 1 each: four fireballs of mass 1.
    assert_eq!(answer(4, 1, &[(1, 1, 2, 1, 2), (1, 3, 3, 1, 6)]), "4\n");
}

#[test]
fn a_lone_fireball_is_left_alone() {
    // Mass 1 alone does not vanish (only a merge divides by 5).
    assert_eq!(answer(4, 5, &[(1, 1, 1, 1, 1)]), "1\n");
}

#[test]
fn a_split_is_not_merged_again_in_the_same_command() {
    // The four new fireballs share their cell until the next command: 4 x 2 = 8, not 8 / 5.
    assert_eq!(answer(4, 1, &[(1, 1, 5, 2, 2), (1, 4, 7, 1, 6)]), "8\n");
}

#[test]
fn a_split_whose_speed_is_a_multiple_of_n_meets_itself_again() {
    // Speed 4 on 4 columns is a full lap: both stay on their cells and do not meet.
    assert_eq!(answer(4, 1, &[(1, 1, 5, 4, 2), (1, 3, 5, 4, 6)]), "10\n");
    // 1 step right from column 1 and 7 from column 3 both end on (1, 2): mass 10 / 5 = 2,
    // speed (1 + 7) / 2 = 4, straight.
    let meet = [(1, 1, 5, 1, 2), (1, 3, 5, 7, 2)];
    assert_eq!(answer(4, 1, &meet), "8\n");
    // Command 2: the four (speed 4 = N) stay on (1, 2) and merge: 8 / 5 = 1 each.
    assert_eq!(answer(4, 2, &meet), "4\n");
    // Command 3: again, 4 / 5 = 0: everything vanishes.
    assert_eq!(answer(4, 3, &meet), "0\n");
}

#[test]
fn no_fireballs_answers_zero() {
    assert_eq!(run("4 0 1\n").unwrap(), "0\n");
    assert_eq!(run("50 0 1000").unwrap(), "0\n");
}

#[test]
fn commands_run_k_times_and_the_answer_is_the_mass_after_the_last() {
    // Samples 1 to 3: 8 after one and two commands, 0 after three.
    let two = [(1, 1, 5, 2, 2), (1, 4, 7, 1, 6)];
    assert_eq!(answer(4, 1, &two), "8\n");
    assert_eq!(answer(4, 2, &two), "8\n");
    assert_eq!(answer(4, 3, &two), "0\n");
    assert_eq!(answer(4, 1000, &two), "0\n");
}

#[test]
fn the_largest_answer_fits() {
    // A full 50 x 50 board of mass 1000 flying together never meets: 2,500,000.
    let balls: Vec<_> = (1..=50)
        .flat_map(|r| (1..=50).map(move |c| (r, c, 1000, 1000, 1)))
        .collect();
    assert_eq!(answer(50, 1000, &balls), "2500000\n");
}

#[test]
fn malformed_inputs_name_what_and_where() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("3 0 1\n"),
        "line 1, column 1: expected N in 4..=50, found `3`"
    );
    assert_eq!(
        err("4 17 1\n"),
        "line 1, column 3: expected M in 0..=16, found `17`"
    );
    assert_eq!(
        err("4 0 0\n"),
        "line 1, column 5: expected K in 1..=1000, found `0`"
    );
    assert_eq!(
        err("4 1 1\n1 5 1 1 0\n"),
        "line 2, column 3: expected the column of fireball 1 in 1..=4, found `5`"
    );
    assert_eq!(
        err("4 1 1\n1 1 0 1 0\n"),
        "line 2, column 5: expected the mass of fireball 1 in 1..=1000, found `0`"
    );
    assert_eq!(
        err("4 1 1\n1 1 1 1001 0\n"),
        "line 2, column 7: expected the speed of fireball 1 in 1..=1000, found `1001`"
    );
    assert_eq!(
        err("4 1 1\n1 1 1 1 8\n"),
        "line 2, column 9: expected the direction of fireball 1 in 0..=7, found `8`"
    );
    assert_eq!(
        err("4 2 1\n1 1 1 1 0\n1 1 2 2 2\n"),
        "line 3, column 1: expected fireball 2 on a cell of its own, found fireball 1 already at 1 1"
    );
    assert_eq!(
        err("4 2 1\n1 1 1 1 0\n"),
        "line 3, column 1: expected the row of fireball 2 in 1..=4, found end of input"
    );
    assert_eq!(
        err("4 1 1\n1 1 1 1 0 5\n"),
        "line 2, column 11: expected end of input, found `5`"
    );
}

#[test]
fn a_mixed_split_flies_diagonally_and_all_four_meet_again_across_both_edges() {
    // Hand-computed on 4 x 4. Command 1: (1,1) right and (2,3) up-left both reach (1,2):
    // mass 10 / 5 = 2, speed 2 / 2 = 1, directions 2 and 7 mixed -> 1 3 5 7.
    let two = [(1, 1, 7, 1, 2), (2, 3, 3, 1, 7)];
    assert_eq!(answer(4, 1, &two), "8\n");
    // Command 2: up-right -> (4,3), down-right -> (2,3), down-left -> (2,1), up-left -> (4,1).
    assert_eq!(answer(4, 2, &two), "8\n");
    // Command 3: all four reach (3,4) (two of them wrapping left from column 1): 8 / 5 = 1
    // each, all diagonal -> 0 2 4 6.
    assert_eq!(answer(4, 3, &two), "4\n");
    // Command 4: up (2,4), right (3,1), down (4,4), left (3,3): no meeting.
    assert_eq!(answer(4, 4, &two), "4\n");
}
