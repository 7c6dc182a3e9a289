//! New Game: 17837's generator, input text and shrinker, against 17837's independent reference
//! played with only bottom pieces moving.

use boj_17837_new_game_2::stress::{never_ending_game, reference_turn_with, Game, NewGame2};
use problem_harness::{Rng, Stress};

use crate::RULE;

/// The New Game stress problem.
#[derive(Default)]
pub struct NewGame;

/// Reference: the turn a stack reaches four when only bottom pieces move, or -1 after 1000 turns.
pub fn reference_turn(game: &Game) -> i64 {
    reference_turn_with(game, RULE)
}

impl Stress for NewGame {
    type Case = Game;

    fn default_size(&self) -> usize {
        NewGame2.default_size()
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Game {
        NewGame2.generate(rng, size)
    }

    fn input(&self, game: &Game) -> String {
        NewGame2.input(game)
    }

    fn reference(&self, game: &Game) -> String {
        format!("{}\n", reference_turn(game))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, game: &Game) -> Vec<Game> {
        NewGame2.shrink(game)
    }

    fn describe(&self, game: &Game) -> String {
        NewGame2.describe(game)
    }

    fn worst(&self) -> String {
        self.input(&never_ending_game(RULE))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use problem_harness::{run, Outcome, Settings};

    use super::*;

    /// Samples 5 and 6, the two that 17780 adds (1 to 4 answer as under 17837).
    #[test]
    fn the_reference_gives_the_official_answers() {
        let sample_5 = Game {
            colours: vec![
                vec![0, 0, 2, 0],
                vec![0, 0, 1, 0],
                vec![0, 0, 1, 2],
                vec![0, 2, 0, 0],
            ],
            pieces: vec![(1, 0, 1), (2, 1, 3), (1, 1, 1), (3, 0, 3)],
        };
        assert_eq!(reference_turn(&sample_5), 8);
        let sample_6 = Game {
            colours: vec![
                vec![0, 1, 2, 0, 1, 1],
                vec![1, 2, 0, 1, 1, 0],
                vec![2, 1, 0, 1, 1, 0],
                vec![1, 0, 1, 1, 0, 2],
                vec![2, 0, 1, 2, 0, 1],
                vec![0, 2, 1, 0, 2, 1],
            ],
            pieces: vec![
                (0, 0, 1),
                (1, 1, 2),
                (2, 2, 4),
                (3, 3, 1),
                (4, 4, 3),
                (5, 5, 2),
                (0, 5, 3),
                (5, 0, 2),
                (1, 3, 3),
                (3, 1, 1),
            ],
        };
        assert_eq!(reference_turn(&sample_6), 9);
        let under_17837 = boj_17837_new_game_2::stress::reference_turn(&sample_6);
        assert_eq!(under_17837, 7);
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        let settings = Settings {
            cases: 300,
            seed: 1,
            size: 10,
            jobs: 2,
            case_timeout: Duration::from_secs(60),
        };
        assert_eq!(
            run(Arc::new(NewGame), settings, &|_| {}).outcome,
            Outcome::Agreed
        );
    }

    #[test]
    fn the_worst_game_lasts_every_turn() {
        let game = crate::parse(&NewGame.worst()).expect("valid");
        assert_eq!(game.colours.rows(), 12);
        assert_eq!(game.pieces.len(), 10);
        assert_eq!(crate::ending_turn(&game), None);
    }
}
