//! The stress runner: references agree with the official answers, runs are deterministic, and a
//! deliberately wrong solver is caught and shrunk.

use judge_kit::stress::block_game::{reference_removed, BlockGame};
use judge_kit::stress::game_2048::{reference_best, Game2048};
use judge_kit::stress::new_game_2::{reference_turn, Game, NewGame2};
use judge_kit::stress::puyo::{reference_steps, Puyo};
use judge_kit::stress::puzzle::{reference_filled, Case, Puzzle};
use judge_kit::stress::{case_rng, run, shrink, Settings, StressProblem};

#[test]
fn references_give_the_official_answers() {
    // Puyo sample: columns bottom first.
    let cols = [
        b"RR".to_vec(),
        b"RRYY".to_vec(),
        b"YYG".to_vec(),
        b"GG".to_vec(),
        b"G".to_vec(),
        vec![],
    ];
    assert_eq!(reference_steps(&cols), 3);
    assert_eq!(
        reference_best(&vec![vec![2, 2, 2], vec![4, 4, 4], vec![8, 8, 8]], 5),
        16
    );
    let colours = vec![
        vec![0, 0, 2, 0],
        vec![0, 0, 1, 0],
        vec![0, 0, 1, 2],
        vec![0, 2, 0, 0],
    ];
    let sample_1 = Game {
        colours: colours.clone(),
        pieces: vec![(1, 0, 1), (2, 1, 3), (1, 1, 1), (3, 0, 2)],
    };
    assert_eq!(reference_turn(&sample_1), -1);
    let white = vec![vec![0; 4]; 4];
    let sample_4 = Game {
        colours: white,
        pieces: vec![(0, 0, 1), (0, 1, 1), (0, 2, 1), (2, 2, 3)],
    };
    assert_eq!(reference_turn(&sample_4), 2);
    let block_example = vec![
        vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 0, 0, 0, 4, 0, 0, 0],
        vec![0, 0, 0, 0, 0, 4, 4, 0, 0, 0],
        vec![0, 0, 0, 0, 3, 0, 4, 0, 0, 0],
        vec![0, 0, 0, 2, 3, 0, 0, 0, 5, 5],
        vec![1, 2, 2, 2, 3, 3, 0, 0, 0, 5],
        vec![1, 1, 1, 0, 0, 0, 0, 0, 0, 5],
    ];
    assert_eq!(reference_removed(&block_example), 2);
    let puzzle_2 = Case {
        board: vec![vec![0, 0, 0], vec![1, 1, 0], vec![1, 1, 1]],
        table: vec![vec![1, 1, 1], vec![1, 0, 0], vec![0, 0, 0]],
    };
    assert_eq!(reference_filled(&puzzle_2), 0);
}

#[test]
fn the_same_seed_gives_the_same_cases() {
    for i in 0..50 {
        let a = NewGame2.generate(&mut case_rng(7, i), 12);
        let b = NewGame2.generate(&mut case_rng(7, i), 12);
        assert_eq!(a, b);
        assert_eq!(
            Puzzle::default().generate(&mut case_rng(7, i), 10),
            Puzzle::default().generate(&mut case_rng(7, i), 10)
        );
    }
    let first = NewGame2.generate(&mut case_rng(7, 0), 12);
    assert_ne!(
        first,
        NewGame2.generate(&mut case_rng(8, 0), 12),
        "another seed, another case"
    );
}

#[test]
fn every_problem_agrees_on_a_short_fixed_seed_run() {
    let settings = Settings {
        cases: 300,
        seed: 1,
        size: 8,
    };
    assert!(run(&Puyo, settings, &|_| {}).failure.is_none());
    assert!(run(&Game2048::default(), settings, &|_| {})
        .failure
        .is_none());
    assert!(run(&NewGame2, settings, &|_| {}).failure.is_none());
    assert!(run(&BlockGame::default(), settings, &|_| {})
        .failure
        .is_none());
    assert!(run(&Puzzle::default(), settings, &|_| {}).failure.is_none());
}

/// 2048 whose "real" solution may make only four moves: wrong whenever the fifth move matters.
struct FourMoves;

impl StressProblem for FourMoves {
    type Case = Vec<Vec<u32>>;
    fn name(&self) -> &'static str {
        "four-moves"
    }
    fn default_size(&self) -> usize {
        8
    }
    fn generate(&self, rng: &mut judge_kit::stress::Rng, size: usize) -> Self::Case {
        Game2048::default().generate(rng, size)
    }
    fn input(&self, case: &Self::Case) -> String {
        Game2048::default().input(case)
    }
    fn reference(&self, case: &Self::Case) -> String {
        Game2048::default().reference(case)
    }
    fn real(&self, input: &str) -> Result<String, String> {
        let board = boj_12100_2048_easy::parse(input).map_err(|e| e.to_string())?;
        Ok(format!("{}\n", boj_12100_2048_easy::best_tile(&board, 4)))
    }
    fn shrink(&self, case: &Self::Case) -> Vec<Self::Case> {
        Game2048::default().shrink(case)
    }
}

#[test]
fn a_wrong_solver_is_found_and_shrunk_to_a_small_board() {
    let report = run(
        &FourMoves,
        Settings {
            cases: 2000,
            seed: 3,
            size: 8,
        },
        &|_| {},
    );
    let failure = report.failure.expect("four moves are not enough somewhere");
    assert_ne!(failure.expected, failure.actual);
    assert!(
        failure.input.len() < failure.shrunk_from,
        "{} -> {}",
        failure.shrunk_from,
        failure.input.len()
    );
    let board = boj_12100_2048_easy::parse(&failure.input).unwrap();
    assert!(
        board.rows() <= 4,
        "shrunk to a small board:\n{}",
        failure.input
    );
    // Shrinking stopped at a local minimum: no smaller candidate still fails.
    let rows: Vec<Vec<u32>> = board.to_rows();
    assert_eq!(shrink(&FourMoves, rows.clone()), rows);
    for candidate in FourMoves.shrink(&rows) {
        assert_eq!(
            FourMoves.real(&FourMoves.input(&candidate)).unwrap(),
            FourMoves.reference(&candidate)
        );
    }
}
