//! Who plays each side of the next Kingdrops game.

use bevy::prelude::*;

use crate::players::{AiLevel, Player};

/// Who plays each side in the next game (the new-game screen's choice).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KdPlayers(pub [Player; 2]);

impl Default for KdPlayers {
    fn default() -> Self {
        KdPlayers([Player::Human, Player::Ai(AiLevel::Medium)])
    }
}
