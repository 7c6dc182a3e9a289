//! The rule corners of 21611, each as a short line of marbles on a small board.

use boj_21611_blizzard::{change, explode, parse, run, solve_observed, track, SpellEvent};
use grid_core::{Grid, Pos};

/// The judge input for an `n x n` board holding `line` in cells 1, 2, ... and `spells` `(d, s)`.
fn input(n: usize, line: &[u8], spells: &[(u8, usize)]) -> String {
    let mut board = Grid::new(n, n, 0u8);
    board.write_along(&track(n)[..line.len()], line, 0);
    let mut text = format!("{n} {}\n{board}", spells.len());
    for (d, s) in spells {
        text.push_str(&format!("{d} {s}\n"));
    }
    text
}

/// The judge's answer.
fn answer(n: usize, line: &[u8], spells: &[(u8, usize)]) -> String {
    run(&input(n, line, spells)).unwrap()
}

/// What each spell's blizzard reached and each spell's changed line.
fn observed(n: usize, line: &[u8], spells: &[(u8, usize)]) -> (Vec<Vec<Pos>>, Vec<Vec<u8>>) {
    let parsed = parse(&input(n, line, spells)).unwrap();
    let (mut reached, mut changed) = (Vec::new(), Vec::new());
    solve_observed(&parsed, &mut |event| match event {
        SpellEvent::Blizzard { destroyed, .. } => reached.push(destroyed.to_vec()),
        SpellEvent::Changed { line, .. } => changed.push(line.to_vec()),
        _ => {}
    });
    (reached, changed)
}

#[test]
fn cells_are_numbered_along_the_statements_spiral() {
    let number = |n: usize| {
        let mut g = Grid::new(n, n, 0usize);
        for (k, &p) in track(n).iter().enumerate() {
            g[p] = k + 1;
        }
        g.to_string()
    };
    assert_eq!(number(3), "8 7 6\n1 0 5\n2 3 4\n");
    assert_eq!(
        number(5),
        "24 23 22 21 20\n9 8 7 6 19\n10 1 0 5 18\n11 2 3 4 17\n12 13 14 15 16\n"
    );
    let seven = number(7);
    assert!(seven.starts_with("48 47 46 45 44 43 42\n25 24 23 22 21 20 41\n"));
    assert!(seven.ends_with("30 31 32 33 34 35 36\n"));
    assert_eq!(track(49).len(), 49 * 49 - 1);
    assert_eq!(track(49)[49 * 49 - 2], (0, 0));
}

#[test]
fn direction_codes_are_up_down_left_right_and_reach_s_cells() {
    let line = [1u8, 2, 3, 1, 2, 3];
    let spells = [(1, 2), (2, 2), (3, 2), (4, 2), (1, 1)];
    let (reached, _) = observed(5, &line, &spells);
    assert_eq!(
        reached,
        vec![
            vec![(1, 2), (0, 2)],
            vec![(3, 2), (4, 2)],
            vec![(2, 1), (2, 0)],
            vec![(2, 3), (2, 4)],
            vec![(1, 2)],
        ]
    );
}

#[test]
fn destroyed_marbles_score_nothing() {
    // The blizzard takes the 3 of cell 1; 3 3 1 is left, nothing explodes.
    assert_eq!(answer(3, &[3, 3, 3, 1], &[(3, 1)]), "0\n");
}

#[test]
fn the_marbles_close_the_gap_before_exploding() {
    // 1 1 [2] 1 1: the blizzard down takes cell 3; 1 1 1 1 explodes: 4.
    assert_eq!(answer(3, &[1, 1, 2, 1, 1], &[(2, 1)]), "4\n");
}

#[test]
fn runs_of_three_stay_runs_of_four_or_more_explode_and_score_their_number() {
    let score = |line: &[u8]| {
        let mut line = line.to_vec();
        (explode(&mut line), line)
    };
    assert_eq!(
        score(&[1, 1, 1, 2, 2, 2, 3, 3, 3]),
        (0, vec![1, 1, 1, 2, 2, 2, 3, 3, 3])
    );
    assert_eq!(score(&[1, 1, 1, 1]), (4, vec![]));
    assert_eq!(score(&[3, 2, 2, 2, 2, 3]), (8, vec![3, 3]));
    assert_eq!(score(&[1, 3, 3, 3, 3, 3]), (15, vec![1]));
}

#[test]
fn all_long_runs_of_a_round_explode_together() {
    // The statement's example: BBBB and CCCC together, then the five A's they bring together.
    // (One run at a time would pop BBBB, then AAAA, then CCCC, and leave one A: 24, not 25.)
    let mut line = vec![1, 1, 1, 2, 2, 2, 2, 1, 3, 3, 3, 3, 1];
    assert_eq!(explode(&mut line), 2 * 4 + 3 * 4 + 5);
    assert!(line.is_empty());
}

#[test]
fn explosions_repeat_until_no_long_run_is_left() {
    // 3333, then 2222, then 1111: three rounds.
    let mut line = vec![1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 1, 1, 2];
    assert_eq!(explode(&mut line), 12 + 8 + 4);
    assert_eq!(line, vec![2]);
}

#[test]
fn the_worked_example_of_sample_1_scores_28() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/boj-21611-blizzard/1.in"
    ))
    .unwrap();
    assert_eq!(run(&text).unwrap(), "28\n");
}

#[test]
fn each_run_becomes_its_count_then_its_number() {
    assert_eq!(change(&[2, 2, 3, 1, 1, 1], 48), vec![2, 2, 1, 3, 3, 1]);
    assert_eq!(change(&[], 8), Vec::<u8>::new());
}

#[test]
fn the_change_is_cut_to_the_boards_cells() {
    // The statement's example on 3 x 3: 14 marbles, the first 8 stay.
    assert_eq!(
        change(&[1, 2, 3, 1, 3, 1, 2], 8),
        vec![1, 1, 1, 2, 1, 3, 1, 1]
    );
    // On the board: the blizzard up takes cell 7; 1 2 1 2 1 2 2 becomes 12 marbles, 8 stay.
    let (_, changed) = observed(3, &[1, 2, 1, 2, 1, 2, 1, 2], &[(1, 1)]);
    assert_eq!(changed, vec![vec![1, 1, 1, 2, 1, 1, 1, 2]]);
}

#[test]
fn the_change_happens_on_every_spell_even_when_nothing_is_hit_or_explodes() {
    // The blizzard up reaches only cell 7, which stays empty: the line still changes.
    let (_, changed) = observed(3, &[1, 2], &[(1, 1), (1, 1), (1, 1)]);
    assert_eq!(
        changed,
        vec![vec![1, 1, 1, 2], vec![3, 1, 1, 2], vec![1, 3, 2, 1, 1, 2]]
    );
    // Cells 7 and 22 beyond the last marble: nothing destroyed, the change still applies.
    let (_, changed) = observed(5, &[1, 2, 3], &[(1, 2)]);
    assert_eq!(changed, vec![vec![1, 1, 1, 2, 1, 3]]);
}

#[test]
fn an_empty_board_stays_empty_and_scores_zero() {
    assert_eq!(answer(3, &[], &[(1, 1), (2, 1)]), "0\n");
    let (_, changed) = observed(49, &[], &[(4, 24)]);
    assert_eq!(changed, vec![Vec::<u8>::new()]);
}

#[test]
fn spells_are_cast_in_order() {
    // Down first takes the 1 of cell 3 and 2 2 2 2 explodes; left first takes a 2 and the
    // change rewrites the line before the down spell.
    assert_eq!(answer(3, &[2, 2, 1, 2, 2], &[(2, 1), (3, 1)]), "8\n");
    assert_eq!(answer(3, &[2, 2, 1, 2, 2], &[(3, 1), (2, 1)]), "0\n");
}

#[test]
fn malformed_inputs_name_what_and_where() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("4 1\n"),
        "line 1, column 1: expected N, odd, in 3..=49, found `4`"
    );
    assert_eq!(
        err("51 1\n"),
        "line 1, column 1: expected N, odd, in 3..=49, found `51`"
    );
    assert_eq!(
        err("3 0\n"),
        "line 1, column 3: expected M in 1..=100, found `0`"
    );
    assert_eq!(
        err("3 1\n0 0 4\n"),
        "line 2, column 5: expected the marble at row 1, column 3 in 0..=3, found `4`"
    );
    assert_eq!(
        err("3 1\n0 0 0\n0 1 0\n"),
        "line 3, column 3: expected 0 at the shark's cell, row 2, column 2 in 0..=0, found `1`"
    );
    assert_eq!(
        err("3 1\n0 0 0\n0 0 0\n0 0 0\n5 1\n"),
        "line 5, column 1: expected the direction of spell 1 in 1..=4, found `5`"
    );
    assert_eq!(
        err("3 1\n0 0 0\n0 0 0\n0 0 0\n1 2\n"),
        "line 5, column 3: expected the reach of spell 1 in 1..=1, found `2`"
    );
    assert_eq!(
        err("3 2\n0 0 0\n0 0 0\n0 0 0\n1 1\n"),
        "line 6, column 1: expected the direction of spell 2 in 1..=4, found end of input"
    );
    assert_eq!(
        err("3 1\n0 0 0\n0 0 0\n0 0 0\n1 1 1\n"),
        "line 5, column 5: expected end of input, found `1`"
    );
}

#[test]
fn a_reach_of_two_removes_two_apart_cells_and_the_cascade_crosses_both_gaps() {
    // 5 x 5, left 2: cells 1 and 10 go (a 1 and a 3, not scored). The line
    // 2 3 2 3 1 1 2 2 [3] 2 2 1 1 3 closes to ... 2 2 2 2 ... : 2222 (8), then 1111 (4).
    let line = [1, 2, 3, 2, 3, 1, 1, 2, 2, 3, 2, 2, 1, 1, 3];
    assert_eq!(answer(5, &line, &[(3, 2)]), "12\n");
    // Left: 2 3 2 33 -> (1,2) (1,3) (1,2) (2,3).
    let (_, changed) = observed(5, &line, &[(3, 2)]);
    assert_eq!(changed, vec![vec![1, 2, 1, 3, 1, 2, 2, 3]]);
}

#[test]
fn a_full_board_at_the_largest_reach_is_accepted_and_cut_to_its_cells() {
    // 5 x 5 full of 1 2 3 1 2 3 ... (24 marbles). Right 2 takes cells 5 and 18 (a 2 and a 3):
    // 22 runs of 1 -> 44 marbles, the first 24 are (1, b) for the first 12 marbles.
    let line: Vec<u8> = (0..24).map(|i| i % 3 + 1).collect();
    let first: Vec<u8> = vec![
        1, 1, 1, 2, 1, 3, 1, 1, 1, 3, 1, 1, 1, 2, 1, 3, 1, 1, 1, 2, 1, 3, 1, 1,
    ];
    let (_, changed) = observed(5, &line, &[(4, 2)]);
    assert_eq!(changed, vec![first.clone()]);
    assert_eq!(answer(5, &line, &[(4, 2)]), "0\n");
    // Then left 2 takes cells 1 and 10: 1 1 1 | 1 1 1 join into six 1s (6 points); the
    // 12 runs left fill the 24 cells exactly.
    let (_, changed) = observed(5, &line, &[(4, 2), (3, 2)]);
    assert_eq!(
        changed[1],
        vec![2, 1, 1, 2, 1, 1, 1, 3, 1, 2, 1, 1, 1, 3, 3, 1, 1, 2, 1, 1, 1, 3, 2, 1]
    );
    assert_eq!(answer(5, &line, &[(4, 2), (3, 2)]), "6\n");
}
