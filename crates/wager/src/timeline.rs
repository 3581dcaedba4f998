//! One timeline: its game of chess, its bank, and whether it is still open.

use cozy_chess::{Board, Color};

use crate::chess::{DrawReason, Game};
use crate::points::Points;

/// Where a timeline split off: its parent and the parent's ply count at the split. The
/// new timeline shares the parent's positions `0..=ply` and adds the splitting move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fork {
    pub parent: usize,
    pub ply: usize,
}

/// How a timeline closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimelineEnd {
    /// The winner secured the whole bank.
    Checkmate { winner: Color },
    /// Each side secured its half of the bank.
    Draw(DrawReason),
    /// Both players accepted a merge: the bank went to timeline `into`.
    Merged { into: usize },
}

impl TimelineEnd {
    /// `1-0`, `0-1`, `1/2-1/2` or `merged`.
    pub fn as_str(self) -> &'static str {
        match self {
            TimelineEnd::Checkmate {
                winner: Color::White,
            } => "1-0",
            TimelineEnd::Checkmate {
                winner: Color::Black,
            } => "0-1",
            TimelineEnd::Draw(_) => "1/2-1/2",
            TimelineEnd::Merged { .. } => "merged",
        }
    }
}

/// A timeline of the match.
#[derive(Clone, Debug)]
pub struct Timeline {
    pub(crate) number: usize,
    pub(crate) fork: Option<Fork>,
    pub(crate) game: Game,
    pub(crate) bank: Points,
    pub(crate) end: Option<TimelineEnd>,
    pub(crate) created_ms: u64,
}

impl Timeline {
    /// `n` of `L<n>`: 0 for the first, then in the order they were made.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The parent and split point (None for L0).
    pub fn fork(&self) -> Option<Fork> {
        self.fork
    }

    /// The whole history, including the part shared with the parent.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// Plies from the match's start position (shared part included).
    pub fn plies(&self) -> usize {
        self.game.plies()
    }

    pub fn side_to_move(&self) -> Color {
        self.game.side_to_move()
    }

    /// The points at stake here (for a closed timeline: what was at stake when it closed).
    pub fn bank(&self) -> Points {
        self.bank
    }

    pub fn is_open(&self) -> bool {
        self.end.is_none()
    }

    pub fn end(&self) -> Option<TimelineEnd> {
        self.end
    }

    /// Milliseconds since the start when this timeline was made (0 for L0).
    pub fn created_ms(&self) -> u64 {
        self.created_ms
    }
}
