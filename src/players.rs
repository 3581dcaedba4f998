//! Who plays a side: a person at this computer or the AI at a level. Shared by every game
//! (each maps the level onto its own engine's levels).

use serde::{Deserialize, Serialize};

pub use timefork_records::AiLevel;

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Player {
    #[default]
    Human,
    Ai(AiLevel),
}

impl Player {
    /// "Human" or "AI · Hard".
    pub fn name(self) -> String {
        match self {
            Player::Human => "Human".into(),
            Player::Ai(l) => format!("AI · {}", l.name()),
        }
    }
}
