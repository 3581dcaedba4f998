//! Keeps the Kingdrops game being played under `unfinished/` as its record, after every
//! turn and when the game is left, so Continue brings it back (the setup is not kept: it
//! is quickly made again).

use super::matchplay::KdMatch;
use super::save::record_text;
use crate::game_kit::GameSystems;
use crate::unfinished::{Continuing, Kept, UnfinishedDir};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeptKingdrops>();
    app.add_systems(
        Update,
        keep.after(GameSystems::Apply)
            .run_if(resource_exists::<KdMatch>),
    );
}

/// Where the Kingdrops game is kept.
#[derive(Resource, Default, Debug)]
pub struct KeptKingdrops(pub Kept);

fn keep(
    m: Res<KdMatch>,
    dir: Res<UnfinishedDir>,
    mut continuing: ResMut<Continuing>,
    mut kept: ResMut<KeptKingdrops>,
) {
    // A network game goes on only by joining it again.
    let keep = !m.players.contains(&crate::players::Player::Remote);
    kept.0
        .follow(m.id, keep, &super::save::FILE, &dir, &mut continuing);
    kept.0
        .write(m.game.turns().len(), m.outcome().is_some(), false, || {
            record_text(&m)
        });
}

/// Leaving writes the game as it stands (before the game is ended).
pub(super) fn keep_on_leaving(m: Option<Res<KdMatch>>, mut kept: ResMut<KeptKingdrops>) {
    if let Some(m) = m.filter(|m| m.id == kept.0.match_id) {
        kept.0
            .write(m.game.turns().len(), m.outcome().is_some(), true, || {
                record_text(&m)
            });
    }
}
