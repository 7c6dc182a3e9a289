//! The hardest valid inputs the generators can find for each problem, for benchmarks and for
//! timing whole processes. Each search is deterministic.

use super::block_game::BlockGame;
use super::game_2048::Game2048;
use super::new_game_2::{reference_turn, NewGame2};
use super::puyo::{reference_steps, Puyo};
use super::puzzle::Puzzle;
use super::{case_rng, StressProblem};

/// 2048 at N = 20: a lone 1024 in a corner among 4s. Every move changes the board, the 1024
/// can never merge and the 4s cannot catch up, while the total (2620) leaves room for a 2048:
/// no bound of the search bites, so the full search runs.
pub fn game_2048() -> String {
    let mut board = vec![vec![4; 20]; 20];
    board[0][0] = 1024;
    Game2048::default().input(&board)
}

/// The Puyo field with the longest chain among 200,000 generated ones.
pub fn puyo() -> String {
    let best = (0..200_000)
        .map(|i| Puyo.generate(&mut case_rng(11, i), 12))
        .max_by_key(|cols| {
            (
                reference_steps(cols),
                cols.iter().map(Vec::len).sum::<usize>(),
            )
        })
        .expect("some cases");
    Puyo.input(&best)
}

/// New Game 2 at N = 12, K = 10 that plays all 1000 turns without ending.
pub fn new_game_2() -> String {
    (0..)
        .map(|i| NewGame2.generate(&mut case_rng(12, i), 12))
        .find(|g| g.colours.len() == 12 && g.pieces.len() == 10 && reference_turn(g) == -1)
        .map(|g| NewGame2.input(&g))
        .expect("the search is unbounded")
}

/// Block Game at N = 50 with as many blocks (up to the 200 ids) as 50 tries could pack.
pub fn block_game() -> String {
    let generator = BlockGame { max_blocks: 200 };
    let board = (0..)
        .map(|i| generator.generate(&mut case_rng(13, i), 50))
        .filter(|b| b.len() == 50)
        .take(50)
        .max_by_key(|b| b.iter().flatten().filter(|&&v| v != 0).count())
        .expect("the search is unbounded");
    generator.input(&board)
}

/// Puzzle at N = 50 with as many holes and pieces as 50 tries could place.
pub fn puzzle() -> String {
    let generator = Puzzle { max_regions: 400 };
    let case = (0..)
        .map(|i| generator.generate(&mut case_rng(14, i), 50))
        .filter(|c| c.board.len() == 50)
        .take(50)
        .max_by_key(|c| {
            c.board.iter().flatten().filter(|&&v| v == 0).count()
                + c.table.iter().flatten().filter(|&&v| v == 1).count()
        })
        .expect("the search is unbounded");
    generator.input(&case)
}

/// The worst input of the problem crate `name`.
pub fn for_problem(name: &str) -> Option<String> {
    Some(match name {
        "boj-11559-puyo-puyo" => puyo(),
        "boj-12100-2048-easy" => game_2048(),
        "boj-17837-new-game-2" => new_game_2(),
        "programmers-42894-block-game" => block_game(),
        "programmers-84021-puzzle-pieces" => puzzle(),
        _ => return None,
    })
}
