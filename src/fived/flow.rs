//! Gameplay and game over: starting a match opened from a file, and moving to the
//! game-over screen when the match ends (the world stays; only the panels change).

use super::save::Saved;
use crate::fived::matchplay::Match;
use crate::saved_games::OpenGame;
use crate::screens::Screen;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        to_game_over
            .run_if(in_state(Screen::FiveDPlay))
            .run_if(resource_exists::<Match>),
    );
    app.add_systems(
        Update,
        back_to_gameplay
            .run_if(in_state(Screen::FiveDOver))
            .run_if(resource_exists::<Match>),
    );
}

/// A 5D game opened from the load screen or the command line starts here. A plain 5DPGN
/// is played by the last players chosen on the new-game screen (given on the command
/// line, it is for two people to look at).
pub(super) fn open_games(
    mut opened: MessageReader<OpenGame>,
    settings: Res<crate::settings::Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for OpenGame(o) in opened.read() {
        let Some(saved) = o.get::<Saved>() else {
            continue;
        };
        let players = if o.from_command_line {
            [crate::players::Player::Human; 2]
        } else {
            settings.last_players
        };
        commands.insert_resource(saved.clone().into_match(players));
        next.set(Screen::FiveDPlay);
    }
}

fn to_game_over(m: Res<Match>, mut next: ResMut<NextState<Screen>>) {
    if m.is_over() {
        next.set(Screen::FiveDOver);
    }
}

/// A new match imported from the game-over screen is played.
fn back_to_gameplay(m: Res<Match>, mut next: ResMut<NextState<Screen>>) {
    if !m.is_over() {
        next.set(Screen::FiveDPlay);
    }
}
