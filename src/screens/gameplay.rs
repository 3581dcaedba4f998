//! Gameplay and game over: entering a match from the command line, and moving to the
//! game-over screen when the match ends (the world stays; only the panels change).

use super::Screen;
use crate::LaunchOptions;
use crate::matchplay::{Match, Player};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, open_game_from_command_line);
    app.add_systems(
        Update,
        to_game_over
            .run_if(in_state(Screen::Gameplay))
            .run_if(resource_exists::<Match>),
    );
    app.add_systems(
        Update,
        back_to_gameplay
            .run_if(in_state(Screen::GameOver))
            .run_if(resource_exists::<Match>),
    );
}

fn open_game_from_command_line(
    opts: Option<Res<LaunchOptions>>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some((_, game)) = opts.as_ref().and_then(|o| o.game.clone()) {
        commands.insert_resource(Match::new(game, [Player::Human, Player::Human]));
        next.set(Screen::Gameplay);
    }
}

fn to_game_over(m: Res<Match>, mut next: ResMut<NextState<Screen>>) {
    if m.is_over() {
        next.set(Screen::GameOver);
    }
}

/// A new match imported from the game-over screen is played.
fn back_to_gameplay(m: Res<Match>, mut next: ResMut<NextState<Screen>>) {
    if !m.is_over() {
        next.set(Screen::Gameplay);
    }
}
