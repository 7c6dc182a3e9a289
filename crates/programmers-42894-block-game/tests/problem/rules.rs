//! The rule corners of 42894, each as a small board.

use programmers_42894_block_game::{parse, run, solution};

fn removed(rows: &[&[i32]]) -> i32 {
    solution(rows.iter().map(|r| r.to_vec()).collect())
}

#[test]
fn official_example() {
    let board: &[&[i32]] = &[
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[0, 0, 0, 0, 0, 0, 4, 0, 0, 0],
        &[0, 0, 0, 0, 0, 4, 4, 0, 0, 0],
        &[0, 0, 0, 0, 3, 0, 4, 0, 0, 0],
        &[0, 0, 0, 2, 3, 0, 0, 0, 5, 5],
        &[1, 2, 2, 2, 3, 3, 0, 0, 0, 5],
        &[1, 1, 1, 0, 0, 0, 0, 0, 0, 5],
    ];
    assert_eq!(removed(board), 2);
}

#[test]
fn a_block_whose_missing_cell_is_under_itself_stays() {
    // A T pointing down: its missing cells sit under its own arms.
    assert_eq!(
        removed(&[&[7, 7, 7, 0], &[0, 7, 0, 0], &[0, 0, 0, 0], &[0, 0, 0, 0]]),
        0
    );
    // The same T pointing up is open to the sky.
    assert_eq!(
        removed(&[&[0, 0, 0, 0], &[0, 0, 0, 0], &[0, 7, 0, 0], &[7, 7, 7, 0]]),
        1
    );
}

/// Three L blocks stacked in columns 0-1 of a 9x9 board: each one's missing cells are in
/// column 1, under the foot of the L above it.
fn stacked_ls(top_ids: [i32; 3]) -> Vec<Vec<i32>> {
    let mut board = vec![vec![0; 9]; 9];
    for (k, id) in top_ids.into_iter().enumerate() {
        let r = 3 * k;
        board[r][0] = id;
        board[r + 1][0] = id;
        board[r + 2][0] = id;
        board[r + 2][1] = id;
    }
    board
}

#[test]
fn removals_unlock_others_in_a_chain() {
    assert_eq!(solution(stacked_ls([7, 42, 200])), 3);
}

#[test]
fn a_block_unlocked_only_after_another_is_removed() {
    // The lower L's missing cells are under the upper L's foot.
    let two: Vec<Vec<i32>> = stacked_ls([9, 8, 0])[..6]
        .iter()
        .map(|row| row[..6].to_vec())
        .collect();
    let lower_alone: Vec<Vec<i32>> = two
        .iter()
        .map(|row| row.iter().map(|&v| if v == 9 { 0 } else { v }).collect())
        .collect();
    assert_eq!(solution(lower_alone), 1);
    assert_eq!(solution(two), 2);
}

#[test]
fn a_permanent_blocker_stops_the_whole_chain() {
    // A downward T in row 0 fills the top L's missing cell (0, 1) and covers its own.
    let mut board = stacked_ls([7, 42, 200]);
    for (r, c) in [(0, 1), (0, 2), (0, 3), (1, 2)] {
        board[r][c] = 99;
    }
    assert_eq!(solution(board.clone()), 0);
    assert_eq!(run(&format!("{board:?}")).unwrap(), "0\n");
}

#[test]
fn ids_are_arbitrary_up_to_200() {
    assert_eq!(
        removed(&[
            &[0, 0, 0, 0],
            &[0, 0, 0, 0],
            &[200, 0, 0, 0],
            &[200, 200, 200, 0]
        ]),
        1
    );
}

#[test]
fn malformed_boards_are_rejected_with_their_place() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("[[0,0,0],[0,0,0],[0,0,0]]"),
        "line 1, column 1: expected board to be square with a side in 4..=50, found 3 rows of 3"
    );
    assert_eq!(
        err("[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,201]]"),
        "line 1, column 39: expected a number of board in 0..=200, found `201`"
    );
    assert_eq!(
        err("[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]"),
        "line 1, column 41: expected `,` or `]` after row 4 of board, found end of input"
    );
    assert_eq!(
        err("[[1,1,0,0],[0,1,1,0],[0,0,0,0],[0,0,0,0]]"),
        "block 1 (first cell at row 1, column 1): expected 4 cells shaped J, L or T, found 4 cells of another shape"
    );
    assert_eq!(
        err("[[1,1,1,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]"),
        "block 1 (first cell at row 1, column 1): expected 4 cells shaped J, L or T, found 3 cells of another shape"
    );
    assert_eq!(
        err("[[1,1,1,0],[0,1,0,0],[0,0,0,0],[0,0,0,1]]"),
        "block 1 (first cell at row 4, column 4): expected one connected block per id, found a second part"
    );
    assert_eq!(
        err("[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]] x"),
        "line 1, column 43: expected end of input, found `x`"
    );
}
