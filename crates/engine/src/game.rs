//! A game: a start position, the actions submitted since, and the headers it came with.

use crate::SubmitError;
use crate::position::{Move, Position};
use crate::search::{self, Limits, Outcome};
use rand::SeedableRng;
use rand::rngs::StdRng;

#[derive(Clone, Debug)]
pub struct Game {
    /// Headers in file order (key as written, value).
    pub headers: Vec<(String, String)>,
    pub start: Position,
    /// Each submitted action: the moves in the order they were made.
    pub actions: Vec<Vec<Move>>,
    current: Position,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Checkmate,
    Stalemate,
    Check,
    Ongoing,
    /// A search limit stopped the decision.
    Unknown,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Checkmate => "checkmate",
            GameStatus::Stalemate => "stalemate",
            GameStatus::Check => "check",
            GameStatus::Ongoing => "ongoing",
            GameStatus::Unknown => "unknown",
        }
    }
}

/// An action that could not be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// Move number `index` (0-based within the action) is not a legal move there.
    IllegalMove { index: usize, mv: Move },
    /// All moves were made but the turn cannot be submitted.
    CannotSubmit(SubmitError),
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            headers: Vec::new(),
            current: start.clone(),
            start,
            actions: Vec::new(),
        }
    }

    /// The current position (after all actions; no moves of an unfinished turn).
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The position after the first `k` actions.
    pub fn position_at(&self, k: usize) -> Position {
        let mut p = self.start.clone();
        for a in &self.actions[..k.min(self.actions.len())] {
            for m in a {
                p.make_move(m);
            }
            p.submit_unchecked();
        }
        p
    }

    /// Applies and submits an action after checking each move and the submission.
    pub fn apply_action(&mut self, moves: &[Move]) -> Result<(), ActionError> {
        let mut p = self.current.clone();
        for (i, m) in moves.iter().enumerate() {
            if !is_legal_move(&p, m) {
                return Err(ActionError::IllegalMove { index: i, mv: *m });
            }
            p.make_move(m);
        }
        if let Some(e) = p.submit_error() {
            return Err(ActionError::CannotSubmit(e));
        }
        p.submit_unchecked();
        self.current = p;
        self.actions.push(moves.to_vec());
        Ok(())
    }

    /// Positions 0..=n (state k = after the first k actions).
    pub fn states(&self) -> Vec<Position> {
        let mut out = vec![self.start.clone()];
        let mut p = self.start.clone();
        for a in &self.actions {
            for m in a {
                p.make_move(m);
            }
            p.submit_unchecked();
            out.push(p.clone());
        }
        out
    }

    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }
}

/// Whether `m` is one of the moves the player to move can make now.
pub fn is_legal_move(p: &Position, m: &Move) -> bool {
    if !p.is_playable(m.from.l, m.from.h) {
        return false;
    }
    // Only the mover's own piece, from a square on the board: the generator makes moves for
    // whatever stands on `from`, and a request from outside (a file, 5DUCI) may name anything.
    if !p
        .piece_at(m.from)
        .is_some_and(|piece| piece.is_color(p.to_move))
    {
        return false;
    }
    let mut v = Vec::new();
    p.piece_moves(m.from, &mut v);
    v.contains(m)
}

/// Nodes a checkmate or stalemate may take to prove: the game's mate check and the
/// leaderboard's verification spend the same, so every mate the game declares verifies.
pub const MATE_PROOF_NODES: u64 = 200_000_000;

/// Checkmate, stalemate, check or ongoing for the player to move.
///
/// The exact search races random constructions (`search::find_action_raced`, seeded by
/// the position, on a second thread): proving that an action exists is then quick even
/// where the exact search alone has a long tail.
pub fn status(p: &Position, limits: Limits) -> GameStatus {
    let check = p.in_check();
    let mut rng = StdRng::seed_from_u64(p.position_hash());
    match search::find_action_raced(p, limits, &mut rng) {
        Outcome::Unknown => GameStatus::Unknown,
        Outcome::Done(Some(_)) => {
            if check {
                GameStatus::Check
            } else {
                GameStatus::Ongoing
            }
        }
        Outcome::Done(None) => {
            if check {
                GameStatus::Checkmate
            } else {
                GameStatus::Stalemate
            }
        }
    }
}

impl Game {
    /// Sets the current position directly (the reader has already replayed the actions).
    pub(crate) fn set_current(&mut self, p: Position) {
        self.current = p;
    }
}
