//! The Kingdrops new-game screen: who plays each side (a person or the AI at Easy,
//! Medium or Hard), then the setup. Over it, rules.md's example layout stands on the
//! board.

use super::KdPlayers;
use super::setup::KdSetup;
use crate::players::AiLevel;
use crate::screens::widgets::player_picker;
use crate::screens::{Screen, menu_window};
use crate::theme::menu_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        new_game.run_if(in_state(Screen::KingdropsNew)),
    );
}

/// The levels offered (the rules crate's AI has three above random).
pub const LEVELS: [AiLevel; 3] = [AiLevel::Easy, AiLevel::Medium, AiLevel::Hard];

/// What the new-game screen asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewGameChoice {
    Start,
    Back,
}

fn new_game(
    mut contexts: EguiContexts,
    mut players: ResMut<KdPlayers>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    match ui(contexts.ctx_mut()?, &mut players) {
        Some(NewGameChoice::Start) => {
            commands.insert_resource(KdSetup::new(players.0));
            next.set(Screen::KingdropsSetup);
        }
        Some(NewGameChoice::Back) => next.set(Screen::Title),
        None => {}
    }
    Ok(())
}

/// The new-game panel.
pub fn ui(ctx: &egui::Context, players: &mut KdPlayers) -> Option<NewGameChoice> {
    let mut choice = None;
    menu_window(ctx, "kingdrops new game", [480.0, 390.0], |ui| {
        ui.heading(tr!("kd-new-heading"));
        ui.add_space(4.0);
        ui.add(egui::Label::new(tr!("kd-new-about")).wrap());
        ui.add_space(10.0);
        player_picker(ui, &tr!("common-white"), &mut players.0[0], &LEVELS);
        player_picker(ui, &tr!("common-black"), &mut players.0[1], &LEVELS);
        ui.add_space(10.0);
        if menu_button(ui, &tr!("kd-set-up-pieces"))
            .on_hover_text(tr!("kd-set-up-pieces-tip"))
            .clicked()
        {
            choice = Some(NewGameChoice::Start);
        }
        ui.add_space(6.0);
        if ui.button(tr!("common-back")).clicked() {
            choice = Some(NewGameChoice::Back);
        }
    });
    choice
}
