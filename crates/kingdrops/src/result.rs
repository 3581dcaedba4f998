//! How a game ends.

use std::fmt;

use crate::piece::Color;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The winner captured the opposing king.
    KingCaptured,
    /// The winner moved its king, a spearman or an archer onto its last rank.
    LastRank,
    /// The loser made a turn that produced the third occurrence of a position.
    Repetition,
}

impl WinReason {
    /// The reason as the command line prints it.
    pub fn as_str(self) -> &'static str {
        match self {
            WinReason::KingCaptured => "king captured",
            WinReason::LastRank => "runner on the last rank",
            WinReason::Repetition => "third repetition",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The end of a game: who won and why (Kingdrops has no draws).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub winner: Color,
    pub reason: WinReason,
}

impl GameResult {
    /// `1-0` when White won, `0-1` when Black did.
    pub fn score_text(self) -> &'static str {
        match self.winner {
            Color::White => "1-0",
            Color::Black => "0-1",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({} wins: {})",
            self.score_text(),
            self.winner,
            self.reason
        )
    }
}
