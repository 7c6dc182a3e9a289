//! New Game 2: boards dense in red and blue, pieces near the edges, against a re-implementation
//! on signed coordinates and a map of stacks.

use std::collections::HashMap;

use problem_harness::rand::seq::SliceRandom;
use problem_harness::rand::Rng as _;

use problem_harness::{case_rng, Rng, Stress};

use crate::Rule;

/// A game: colours and pieces `(row, col, dir)`, 0-based cells, judge direction codes 1..=4.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `0` white, `1` red, `2` blue.
    pub colours: Vec<Vec<u8>>,
    /// Piece 1 first.
    pub pieces: Vec<(usize, usize, u8)>,
}

/// The New Game 2 stress problem.
#[derive(Default)]
pub struct NewGame2;

fn delta(code: u8) -> (i64, i64) {
    match code {
        1 => (0, 1),
        2 => (0, -1),
        3 => (-1, 0),
        _ => (1, 0),
    }
}

fn flipped(code: u8) -> u8 {
    match code {
        1 => 2,
        2 => 1,
        3 => 4,
        _ => 3,
    }
}

/// Reference: the turn a stack reaches four, or -1 after 1000 turns.
pub fn reference_turn(game: &Game) -> i64 {
    reference_turn_with(game, Rule::CarryAbove)
}

/// [`reference_turn`] under `rule` (17780 lets only the bottom piece of a stack move).
pub fn reference_turn_with(game: &Game, rule: Rule) -> i64 {
    let n = game.colours.len() as i64;
    let colour = |r: i64, c: i64| -> u8 {
        if r < 0 || c < 0 || r >= n || c >= n {
            2
        } else {
            game.colours[r as usize][c as usize]
        }
    };
    let mut at: Vec<(i64, i64)> = game
        .pieces
        .iter()
        .map(|&(r, c, _)| (r as i64, c as i64))
        .collect();
    let mut dirs: Vec<u8> = game.pieces.iter().map(|p| p.2).collect();
    let mut stacks: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (i, &cell) in at.iter().enumerate() {
        stacks.entry(cell).or_default().push(i);
    }
    for turn in 1..=1000 {
        for i in 0..at.len() {
            let (r, c) = at[i];
            if rule == Rule::BottomOnly && stacks[&(r, c)][0] != i {
                continue;
            }
            let (mut dr, mut dc) = delta(dirs[i]);
            if colour(r + dr, c + dc) == 2 {
                dirs[i] = flipped(dirs[i]);
                (dr, dc) = delta(dirs[i]);
                if colour(r + dr, c + dc) == 2 {
                    continue;
                }
            }
            let to = (r + dr, c + dc);
            let from_stack = stacks.get_mut(&(r, c)).expect("occupied");
            let k = from_stack
                .iter()
                .position(|&p| p == i)
                .expect("in its stack");
            let mut moving: Vec<usize> = from_stack.drain(k..).collect();
            if colour(to.0, to.1) == 1 {
                moving.reverse();
            }
            for &p in &moving {
                at[p] = to;
            }
            let dest = stacks.entry(to).or_default();
            dest.extend(moving);
            if dest.len() >= 4 {
                return turn;
            }
        }
    }
    -1
}

/// The first generated 12 x 12 game with 10 pieces that lasts all [`crate::MAX_TURNS`] turns
/// under `rule`: the most work a game can ask for.
pub fn never_ending_game(rule: Rule) -> Game {
    (0..)
        .map(|i| NewGame2.generate(&mut case_rng(12, i), 12))
        .find(|g| {
            g.colours.len() == 12 && g.pieces.len() == 10 && reference_turn_with(g, rule) == -1
        })
        .expect("the search is unbounded")
}

impl Stress for NewGame2 {
    type Case = Game;

    fn default_size(&self) -> usize {
        12
    }

    fn generate(&self, rng: &mut Rng, size: usize) -> Game {
        let n = rng.gen_range(4..=size.clamp(4, 12));
        let k = rng.gen_range(4..=10);
        // Per-game colour mix, from all white to mostly red and blue.
        let mixes = [(0.0, 0.0), (0.2, 0.1), (0.4, 0.2), (0.2, 0.4), (0.45, 0.45)];
        let (p_red, p_blue) = mixes[rng.gen_range(0..mixes.len())];
        let colours = (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        let x: f64 = rng.gen();
                        if x < p_red {
                            1
                        } else if x < p_red + p_blue {
                            2
                        } else {
                            0
                        }
                    })
                    .collect()
            })
            .collect();
        let mut cells: Vec<(usize, usize)> =
            (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
        if rng.gen_bool(0.5) {
            // Near the edges, where pieces bounce.
            cells.retain(|&(r, c)| r.min(c) == 0 || r.max(c) == n - 1);
        }
        cells.shuffle(rng);
        let pieces = cells
            .into_iter()
            .take(k)
            .map(|(r, c)| (r, c, rng.gen_range(1..=4)))
            .collect();
        Game { colours, pieces }
    }

    fn input(&self, game: &Game) -> String {
        let mut text = format!("{} {}\n", game.colours.len(), game.pieces.len());
        for row in &game.colours {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        for &(r, c, d) in &game.pieces {
            text.push_str(&format!("{} {} {d}\n", r + 1, c + 1));
        }
        text
    }

    fn reference(&self, game: &Game) -> String {
        format!("{}\n", reference_turn(game))
    }

    fn real(&self, input: &str) -> Result<String, String> {
        crate::run(input).map_err(|e| e.to_string())
    }

    fn shrink(&self, game: &Game) -> Vec<Game> {
        let n = game.colours.len();
        let mut out = Vec::new();
        if game.pieces.len() > 4 {
            for i in 0..game.pieces.len() {
                let mut fewer = game.clone();
                fewer.pieces.remove(i);
                out.push(fewer);
            }
        }
        if n > 4 {
            for drop in 0..n {
                if game.pieces.iter().any(|&(r, c, _)| r == drop || c == drop) {
                    continue;
                }
                let shift = |x: usize| if x > drop { x - 1 } else { x };
                let colours = (0..n)
                    .filter(|&r| r != drop)
                    .map(|r| {
                        (0..n)
                            .filter(|&c| c != drop)
                            .map(|c| game.colours[r][c])
                            .collect()
                    })
                    .collect();
                let pieces = game
                    .pieces
                    .iter()
                    .map(|&(r, c, d)| (shift(r), shift(c), d))
                    .collect();
                out.push(Game { colours, pieces });
            }
        }
        for r in 0..n {
            for c in 0..n {
                if game.colours[r][c] != 0 {
                    let mut whiter = game.clone();
                    whiter.colours[r][c] = 0;
                    out.push(whiter);
                }
            }
        }
        out
    }

    fn describe(&self, game: &Game) -> String {
        format!("{0}x{0}-{1}-pieces", game.colours.len(), game.pieces.len())
    }

    fn worst(&self) -> String {
        self.input(&never_ending_game(Rule::CarryAbove))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_gives_the_official_answers() {
        let sample_1 = Game {
            colours: vec![
                vec![0, 0, 2, 0],
                vec![0, 0, 1, 0],
                vec![0, 0, 1, 2],
                vec![0, 2, 0, 0],
            ],
            pieces: vec![(1, 0, 1), (2, 1, 3), (1, 1, 1), (3, 0, 2)],
        };
        assert_eq!(reference_turn(&sample_1), -1);
        let sample_4 = Game {
            colours: vec![vec![0; 4]; 4],
            pieces: vec![(0, 0, 1), (0, 1, 1), (0, 2, 1), (2, 2, 3)],
        };
        assert_eq!(reference_turn(&sample_4), 2);
    }

    #[test]
    fn the_solution_agrees_on_a_short_fixed_seed_run() {
        let size = NewGame2.default_size().min(10);
        problem_harness::assert_agrees(NewGame2, 300, 1, size);
    }
}
