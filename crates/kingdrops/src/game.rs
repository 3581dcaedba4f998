//! A game: the start position, the turns played, the repetition rule and the result.

use std::collections::HashMap;

use crate::moves::{Move, Turn};
use crate::position::Position;
use crate::result::{GameResult, WinReason};
use crate::setup::{Placement, SetupError};
use crate::turn::{TurnError, TurnOutcome};

/// A game from its start position (normally right after the setup) through the turns
/// played so far.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[k]` is the position after `k` turns (`positions[0]` the start).
    positions: Vec<Position>,
    turns: Vec<Turn>,
    /// How often each position occurred at the start or at the end of a turn.
    counts: HashMap<Position, u32>,
    result: Option<GameResult>,
    from_setup: bool,
}

impl Game {
    /// A game from any position (its result is the board's if it is already won).
    pub fn new(start: Position) -> Game {
        let from_setup = start.setup_placements().is_ok();
        Game::with_start(start, from_setup)
    }

    /// A game from both sides' setups.
    pub fn from_setup(white: &Placement, black: &Placement) -> Result<Game, SetupError> {
        Ok(Game::with_start(Position::from_setup(white, black)?, true))
    }

    fn with_start(start: Position, from_setup: bool) -> Game {
        let mut counts = HashMap::new();
        counts.insert(start.clone(), 1);
        Game {
            result: start.winner(),
            positions: vec![start],
            turns: Vec::new(),
            counts,
            from_setup,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// Whether the start position is a setup (both sides' 16 pieces on their home ranks,
    /// White to move, nothing in reserve or prison).
    pub fn started_from_setup(&self) -> bool {
        self.from_setup
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a start")
    }

    /// The turns played, in order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The positions: the start, then the one after each turn.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// `None` while the game goes on.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// How many times `pos` has occurred (at the start or at the end of a turn).
    pub fn occurrences(&self, pos: &Position) -> u32 {
        self.counts.get(pos).copied().unwrap_or(0)
    }

    /// The legal turns now (none once the game is over).
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.position().legal_turns()
    }

    /// Move-by-move play in the current turn: the moves that may follow `moves` (see
    /// `Position::legal_next_moves`); an error once the game is over.
    pub fn legal_next_moves(&self, moves: &[Move]) -> Result<Vec<Move>, TurnError> {
        if let Some(r) = self.result {
            return Err(TurnError::GameOver(r));
        }
        self.position().legal_next_moves(moves)
    }

    /// Whether the current turn may end after `moves` (see `Position::can_end_turn`).
    pub fn can_end_turn(&self, moves: &[Move]) -> Result<bool, TurnError> {
        if let Some(r) = self.result {
            return Err(TurnError::GameOver(r));
        }
        self.position().can_end_turn(moves)
    }

    /// Plays a turn. A winning turn ends the game for the mover; a turn that makes a
    /// position occur for the third time ends it against the mover.
    pub fn play(&mut self, turn: &Turn) -> Result<TurnOutcome, TurnError> {
        if let Some(r) = self.result {
            return Err(TurnError::GameOver(r));
        }
        let mover = self.position().side_to_move();
        let outcome = self.position().apply_turn(turn)?;
        let n = self.counts.entry(outcome.position.clone()).or_insert(0);
        *n += 1;
        if let Some(reason) = outcome.win {
            self.result = Some(GameResult {
                winner: mover,
                reason,
            });
        } else if *n >= 3 {
            self.result = Some(GameResult {
                winner: mover.opponent(),
                reason: WinReason::Repetition,
            });
        }
        self.positions.push(outcome.position.clone());
        self.turns.push(*turn);
        Ok(outcome)
    }

    /// Takes back the last turn (`None` at the start).
    pub fn undo(&mut self) -> Option<Turn> {
        let turn = self.turns.pop()?;
        let pos = self.positions.pop().expect("one position per turn");
        if let Some(n) = self.counts.get_mut(&pos) {
            *n -= 1;
            if *n == 0 {
                self.counts.remove(&pos);
            }
        }
        self.result = self.position().winner();
        Some(turn)
    }
}
