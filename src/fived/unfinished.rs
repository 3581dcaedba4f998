//! Keeps the 5D match being played (a new game, a file, a pasted text; not the backdrop,
//! a puzzle, a lesson or a network game) under `unfinished/` as a save, after every turn and when the game
//! is left, with its players and clocks, so Continue brings it back exactly.

use super::matchplay::clocks::Clocks;
use super::matchplay::{Match, Origin};
use super::save::save_text;
use crate::game_kit::GameSystems;
use crate::game_kit::states::ActiveGame;
use crate::players::Player;
use crate::unfinished::{Continuing, Kept, UnfinishedDir};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeptFiveD>();
    app.add_systems(
        Update,
        keep.after(GameSystems::Apply)
            .run_if(resource_exists::<Match>),
    );
    app.add_systems(OnExit(ActiveGame::FiveD), keep_on_leaving);
}

/// Where the 5D match is kept.
#[derive(Resource, Default, Debug)]
pub struct KeptFiveD(pub Kept);

/// A game of this computer's own: a network game goes on only by joining it again (a
/// kept copy would be played alone while the other player waits).
fn keepable(m: &Match) -> bool {
    matches!(m.origin, Origin::Variant | Origin::File | Origin::Pasted)
        && !m.players.contains(&Player::Remote)
}

fn keep(
    m: Res<Match>,
    clocks: Res<Clocks>,
    dir: Res<UnfinishedDir>,
    mut continuing: ResMut<Continuing>,
    mut kept: ResMut<KeptFiveD>,
) {
    kept.0.follow(
        m.id,
        keepable(&m),
        &super::save::FILE,
        &dir,
        &mut continuing,
    );
    kept.0
        .write(m.game.actions.len(), m.outcome.is_some(), false, || {
            save_text(&m, &clocks, None)
        });
}

/// Leaving writes the clocks as they stand.
pub(super) fn keep_on_leaving(
    m: Option<Res<Match>>,
    clocks: Res<Clocks>,
    mut kept: ResMut<KeptFiveD>,
) {
    if let Some(m) = m.filter(|m| m.id == kept.0.match_id) {
        kept.0
            .write(m.game.actions.len(), m.outcome.is_some(), true, || {
                save_text(&m, &clocks, None)
            });
    }
}
