//! Who plays a side: a person at this computer or the AI at a level. Shared by every game
//! (each maps the level onto its own engine's levels).

use serde::{Deserialize, Serialize};
use timefork_i18n::tr;

pub use timefork_records::AiLevel;

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Player {
    #[default]
    Human,
    Ai(AiLevel),
    /// The person at the other computer of a network game (never written to a file: a
    /// saved copy of a network game is a game between two people).
    Remote,
}

impl Player {
    /// "Human" or "AI · Hard".
    pub fn name(self) -> String {
        match self {
            Player::Human => tr!("common-human"),
            Player::Ai(l) => tr!("common-ai-player", level = level_name(l)),
            Player::Remote => tr!("common-remote"),
        }
    }
}

/// An AI level's name in the current language ("Hard").
pub fn level_name(level: AiLevel) -> String {
    match level {
        AiLevel::Easy => tr!("common-level-easy"),
        AiLevel::Medium => tr!("common-level-medium"),
        AiLevel::Hard => tr!("common-level-hard"),
        AiLevel::Max => tr!("common-level-max"),
    }
}

/// A game's name in the current language ("5D Chess").
pub fn game_name(game: timefork_records::GameKind) -> String {
    use timefork_records::GameKind;
    match game {
        GameKind::FiveD => tr!("common-game-fived"),
        GameKind::Wager => tr!("common-game-wager"),
        GameKind::Kingdrops => tr!("common-game-kingdrops"),
    }
}
