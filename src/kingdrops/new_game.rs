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
    menu_window(ctx, "kingdrops new game", [460.0, 370.0], |ui| {
        ui.heading("New Kingdrops game");
        ui.add_space(4.0);
        ui.add(
            egui::Label::new(
                "Each side sets up its 16 pieces on its own two ranks, White first. A turn \
                 is up to three moves, each piece once, as many as possible; one of them \
                 may drop a piece from the reserve next to the king. Captured queens, \
                 rooks, bishops and guards go to prison and come back by exchange. Win by \
                 taking the enemy king, or by bringing your king, a spearman or an archer \
                 to the last rank.",
            )
            .wrap(),
        );
        ui.add_space(10.0);
        player_picker(ui, "White", &mut players.0[0], &LEVELS);
        player_picker(ui, "Black", &mut players.0[1], &LEVELS);
        ui.add_space(10.0);
        if menu_button(ui, "Set up the pieces")
            .on_hover_text("White sets up first, then Black; the AI sets up its own side")
            .clicked()
        {
            choice = Some(NewGameChoice::Start);
        }
        ui.add_space(6.0);
        if ui.button("Back").clicked() {
            choice = Some(NewGameChoice::Back);
        }
    });
    choice
}
