//! The rules of 12094 (12100's, with ten moves), and the search's counting shortcut checked
//! against real tilts on every small board.

use boj_12094_2048_hard::{after_merges, best_tile, count_tiles, merges, run, tilt, MOVES};
use grid_core::{Dir, Grid};

fn board(rows: &[&[u32]]) -> Grid<u32> {
    Grid::from_rows(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
}

#[test]
fn ten_moves_but_not_eleven() {
    // Each tilt of this row merges only its leading pair; the tenth makes 2048.
    let row = board(&[&[2, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]]);
    assert_eq!(best_tile(&row, 9), 1024);
    assert_eq!(best_tile(&row, MOVES), 2048);
    let longer = board(&[&[2, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]]);
    assert_eq!(best_tile(&longer, MOVES), 2048);
}

#[test]
fn merges_happen_once_per_move_nearest_the_wall() {
    let mut b = board(&[&[2, 2, 2, 2, 2]]);
    assert!(tilt(&mut b, Dir::Left));
    assert_eq!(b.to_string(), "4 4 2 0 0\n");
    let mut b = board(&[&[2, 2, 2, 2, 2]]);
    assert!(tilt(&mut b, Dir::Right));
    assert_eq!(b.to_string(), "0 0 2 4 4\n");
    // Five 2s make at most 8 however many moves are left: 2 + 8 is not a power of two.
    assert_eq!(best_tile(&board(&[&[2, 2, 2, 2, 2]]), MOVES), 8);
}

#[test]
fn the_sum_of_the_tiles_is_a_ceiling() {
    let twos = board(&[&[2, 2, 2, 2], &[2, 2, 2, 2], &[2, 2, 2, 2], &[2, 2, 2, 2]]);
    assert_eq!(best_tile(&twos, MOVES), 32);
    assert_eq!(best_tile(&board(&[&[2, 4], &[8, 16]]), MOVES), 16);
}

#[test]
fn n_equals_one_and_zero_moves() {
    assert_eq!(run("1\n2\n").unwrap(), "2\n");
    assert_eq!(run("1\n1024\n").unwrap(), "1024\n");
    assert_eq!(best_tile(&board(&[&[2, 2], &[0, 0]]), 0), 2);
}

#[test]
fn the_official_sample() {
    assert_eq!(run("3\n2 2 2\n4 4 4\n8 8 8\n").unwrap(), "16\n");
}

#[test]
fn counting_a_tilt_matches_making_it_on_every_small_board() {
    // Every 3 x 3 board of 0, 2, 4 and 8, in all four directions.
    let values = [0, 2, 4, 8];
    for code in 0..4u32.pow(9) {
        let cells: Vec<u32> = (0..9)
            .map(|i| values[(code >> (2 * i) & 3) as usize])
            .collect();
        let b = Grid::from_vec(3, 3, cells);
        for dir in Dir::ALL {
            let mut tilted = b.clone();
            tilt(&mut tilted, dir);
            let axis = usize::from(dir.is_vertical());
            assert_eq!(
                after_merges(&count_tiles(&b), &merges(&b)[axis]),
                count_tiles(&tilted),
                "{dir:?} on\n{b}"
            );
        }
    }
}
