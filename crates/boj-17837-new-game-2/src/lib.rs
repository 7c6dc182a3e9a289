//! Baekjoon 17837 New Game 2: pieces carry the pieces stacked above them; find the turn in which
//! a stack first reaches four pieces.

/// Stress generator, independent reference and worst input, for the workspace tools only.
#[cfg(feature = "tools")]
pub mod stress;
/// The game drawn turn by turn (`scripts/trace`), for the workspace tools only.
#[cfg(feature = "tools")]
pub mod trace;

use grid_core::{Dir, Grid, InputError, Pos, Scanner};

/// Cell colour: pieces stack on top in order.
pub const WHITE: u8 = 0;
/// Cell colour: the moving pieces are reversed before stacking.
pub const RED: u8 = 1;
/// Cell colour: a piece bounces off it (and off the board's edge).
pub const BLUE: u8 = 2;
/// The game stops when a stack holds this many pieces.
pub const STACK_LIMIT: usize = 4;
/// Turns played before giving up.
pub const MAX_TURNS: usize = 1000;

/// Which pieces may move on their turn: the one rule where 17837 and its first version, 17780
/// "New Game", differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rule {
    /// 17837: every piece moves, carrying the pieces stacked above it.
    #[default]
    CarryAbove,
    /// 17780: only a piece at the bottom of its stack moves (carrying the whole stack); any other
    /// piece does nothing on its turn, not even turn around.
    BottomOnly,
}

/// One piece: where it stands and which way it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its cell, 0-based.
    pub pos: Pos,
    /// Its direction; reversing it on a bounce is permanent.
    pub dir: Dir,
}

/// The starting position: board colours and the pieces in turn order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `WHITE`, `RED` or `BLUE` per cell.
    pub colours: Grid<u8>,
    /// Piece 1 first.
    pub pieces: Vec<Piece>,
}

/// The direction numbered `code` in the input (1 right, 2 left, 3 up, 4 down).
pub fn dir_from_code(code: u8) -> Option<Dir> {
    match code {
        1 => Some(Dir::Right),
        2 => Some(Dir::Left),
        3 => Some(Dir::Up),
        4 => Some(Dir::Down),
        _ => None,
    }
}

/// Parses `N K`, the N x N colours and K lines `row col dir` (1-based, distinct cells).
pub fn parse(input: &str) -> Result<Game, InputError> {
    let mut scanner = Scanner::new(input);
    let n = scanner.next_in("N", 4..=12usize)?;
    let k = scanner.next_in("K", 4..=10usize)?;
    let mut cells = Vec::with_capacity(n * n);
    for r in 1..=n {
        for c in 1..=n {
            cells.push(scanner.next_in(
                format_args!("the colour of row {r}, column {c}"),
                WHITE..=BLUE,
            )?);
        }
    }
    let colours = Grid::from_vec(n, n, cells);
    let mut pieces: Vec<Piece> = Vec::with_capacity(k);
    for i in 1..=k {
        let start = scanner.skip_whitespace();
        let row: usize = scanner.next_in(format_args!("the row of piece {i}"), 1..=n)?;
        let col: usize = scanner.next_in(format_args!("the column of piece {i}"), 1..=n)?;
        let code: u8 = scanner.next_in(format_args!("the direction of piece {i}"), 1..=4)?;
        let pos = (row - 1, col - 1);
        if let Some(j) = pieces.iter().position(|p| p.pos == pos) {
            return Err(scanner.error_at(
                start,
                format_args!("piece {i} on a cell of its own"),
                format_args!("piece {} already at {row} {col}", j + 1),
            ));
        }
        let dir = dir_from_code(code).expect("checked to be 1..=4");
        pieces.push(Piece { pos, dir });
    }
    scanner.finish()?;
    Ok(Game { colours, pieces })
}

/// A game in progress: where every piece is and what each cell's stack holds.
#[derive(Clone, Debug)]
pub struct Play {
    colours: Grid<u8>,
    pieces: Vec<Piece>,
    stacks: Grid<Vec<usize>>,
    rule: Rule,
    /// The pieces of the move under way, kept to avoid an allocation per move.
    moving: Vec<usize>,
}

impl Play {
    /// The starting position of `game`, under 17837's rule ([`Rule::CarryAbove`]).
    pub fn new(game: &Game) -> Play {
        Play::with_rule(game, Rule::default())
    }

    /// The starting position of `game`, played under `rule`.
    pub fn with_rule(game: &Game, rule: Rule) -> Play {
        let colours = game.colours.clone();
        let mut stacks = Grid::new(colours.rows(), colours.cols(), Vec::new());
        for (i, p) in game.pieces.iter().enumerate() {
            stacks[p.pos].push(i);
        }
        Play {
            colours,
            pieces: game.pieces.clone(),
            stacks,
            rule,
            moving: Vec::new(),
        }
    }

    /// Every piece, 0-based in turn order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The pieces (0-based) on `pos`, bottom first.
    pub fn stack(&self, pos: Pos) -> &[usize] {
        &self.stacks[pos]
    }

    /// The cell a piece at `from` facing `dir` would enter: on the board and not blue.
    fn open_target(&self, from: Pos, dir: Dir) -> Option<Pos> {
        self.colours
            .step(from, dir)
            .filter(|&t| self.colours[t] != BLUE)
    }

    /// Moves piece `i` (0-based) with everything above it; returns whether its target stack
    /// now holds [`STACK_LIMIT`] or more pieces. Under [`Rule::BottomOnly`] a piece that is not at
    /// the bottom of its stack does nothing.
    pub fn move_piece(&mut self, i: usize) -> bool {
        let from = self.pieces[i].pos;
        let height = self.stacks[from]
            .iter()
            .position(|&p| p == i)
            .expect("a piece is in its own stack");
        if height > 0 && self.rule == Rule::BottomOnly {
            return false;
        }
        let target = match self.open_target(from, self.pieces[i].dir) {
            Some(t) => t,
            None => {
                self.pieces[i].dir = self.pieces[i].dir.reverse();
                match self.open_target(from, self.pieces[i].dir) {
                    Some(t) => t,
                    None => return false,
                }
            }
        };
        self.moving.clear();
        self.moving.extend(self.stacks[from].drain(height..));
        if self.colours[target] == RED {
            self.moving.reverse();
        }
        for &p in &self.moving {
            self.pieces[p].pos = target;
        }
        self.stacks[target].extend_from_slice(&self.moving);
        self.stacks[target].len() >= STACK_LIMIT
    }

    /// Plays one turn (piece 1 to piece K), stopping the moment a stack is tall enough;
    /// returns whether that happened.
    pub fn play_turn(&mut self) -> bool {
        self.play_turn_observed(0, &mut |_| {})
    }

    /// [`Play::play_turn`] as turn `turn`, telling `observe` about every move (free when it
    /// does nothing).
    pub fn play_turn_observed(&mut self, turn: usize, observe: &mut impl FnMut(Moved<'_>)) -> bool {
        (0..self.pieces.len()).any(|i| {
            let ended = self.move_piece(i);
            observe(Moved {
                turn,
                piece: i,
                play: self,
                ended,
            });
            ended
        })
    }
}

/// Plays up to [`MAX_TURNS`] turns; the turn in which a stack first reaches [`STACK_LIMIT`].
pub fn ending_turn(game: &Game) -> Option<usize> {
    ending_turn_with(game, Rule::default())
}

/// [`ending_turn`] under `rule`.
pub fn ending_turn_with(game: &Game, rule: Rule) -> Option<usize> {
    ending_turn_observed(game, rule, &mut |_| {})
}

/// One move as [`ending_turn_observed`] reports it.
#[derive(Clone, Copy, Debug)]
pub struct Moved<'a> {
    /// The turn, from 1.
    pub turn: usize,
    /// The piece that moved (0-based), with every piece above it.
    pub piece: usize,
    /// The game after the move.
    pub play: &'a Play,
    /// Whether this move ended the game.
    pub ended: bool,
}

/// [`ending_turn_with`], telling `observe` about every move (free when `observe` does nothing).
pub fn ending_turn_observed(
    game: &Game,
    rule: Rule,
    observe: &mut impl FnMut(Moved<'_>),
) -> Option<usize> {
    let mut play = Play::with_rule(game, rule);
    (1..=MAX_TURNS).find(|&turn| play.play_turn_observed(turn, observe))
}

/// The whole judge program over text: parse, solve, format (`-1` when the game does not end).
pub fn run(input: &str) -> Result<String, InputError> {
    run_with(input, Rule::default())
}

/// [`run`] under `rule`: the judge program of 17837 ([`Rule::CarryAbove`]) or 17780
/// ([`Rule::BottomOnly`]).
pub fn run_with(input: &str, rule: Rule) -> Result<String, InputError> {
    let answer = match ending_turn_with(&parse(input)?, rule) {
        Some(turn) => turn.to_string(),
        None => "-1".to_string(),
    };
    Ok(answer + "\n")
}
