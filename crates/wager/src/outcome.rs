//! How a match ends: what the match state records and its errors report.

use cozy_chess::Color;

/// The result of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

impl Outcome {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    pub fn win_for(side: Color) -> Outcome {
        match side {
            Color::White => Outcome::WhiteWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::WhiteWins => Some(Color::White),
            Outcome::BlackWins => Some(Color::Black),
            Outcome::Draw => None,
        }
    }
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The winner's secured points exceed 50.
    Points,
    /// Every timeline closed and neither side exceeds 50.
    AllClosed,
    Resignation,
    /// The loser's clock ran out.
    FlagFall,
    /// Both clocks ran out in the same millisecond: a draw.
    BothFlags,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchResult {
    pub outcome: Outcome,
    pub reason: EndReason,
    /// When it ended, in ms since the start.
    pub at_ms: u64,
}
