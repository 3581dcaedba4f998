//! Records the games share, outside any one game's rules and outside Bevy, so that the
//! game and the command line read and check the same files.
//! - `leaderboard`: the local leaderboard (`leaderboard.json`): wins of a person against
//!   the AI, each with its whole game, and the check that replays every entry.

pub mod leaderboard;

use serde::{Deserialize, Serialize};

/// Strength of a computer player, as every game names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum AiLevel {
    Easy,
    #[default]
    Medium,
    Hard,
    Max,
}

impl AiLevel {
    pub const ALL: [AiLevel; 4] = [AiLevel::Easy, AiLevel::Medium, AiLevel::Hard, AiLevel::Max];

    pub fn name(self) -> &'static str {
        match self {
            AiLevel::Easy => "Easy",
            AiLevel::Medium => "Medium",
            AiLevel::Hard => "Hard",
            AiLevel::Max => "Max",
        }
    }
}

/// Which of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum GameKind {
    #[default]
    #[serde(rename = "5d")]
    FiveD,
    #[serde(rename = "wager")]
    Wager,
    #[serde(rename = "kingdrops")]
    Kingdrops,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::FiveD, GameKind::Wager, GameKind::Kingdrops];

    pub fn name(self) -> &'static str {
        match self {
            GameKind::FiveD => "5D Chess",
            GameKind::Wager => "Timeline Wager",
            GameKind::Kingdrops => "Kingdrops",
        }
    }
}

/// A side of the board, in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    #[default]
    White,
    Black,
}

impl Side {
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `white` for White, `black` for Black: a side in another crate's colours
    /// (`side.pick(Color::White, Color::Black)`).
    pub fn pick<T>(self, white: T, black: T) -> T {
        match self {
            Side::White => white,
            Side::Black => black,
        }
    }
}
