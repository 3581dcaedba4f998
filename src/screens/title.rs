//! The title screen: new game, load, settings, quit.

use super::{Screen, menu_window};
use crate::theme::menu_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), end_match);
    app.add_systems(
        EguiPrimaryContextPass,
        title.run_if(in_state(Screen::Title)),
    );
}

/// Leaving a match for the title ends it: the mirror clears with the match.
fn end_match(mut commands: Commands) {
    commands.remove_resource::<crate::matchplay::Match>();
}

fn title(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    menu_window(ctx, "title", |ui| {
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new("TIMEFORK").size(56.0).strong());
            ui.label(
                egui::RichText::new("multiverse chess with time travel")
                    .size(18.0)
                    .weak(),
            );
            ui.add_space(24.0);
            if menu_button(ui, "New game").clicked() {
                next.set(Screen::NewGame);
            }
            if menu_button(ui, "Load game").clicked() {
                next.set(Screen::Load);
            }
            if menu_button(ui, "Leaderboard").clicked() {
                next.set(Screen::Leaderboard);
            }
            if menu_button(ui, "Settings").clicked() {
                next.set(Screen::Settings);
            }
            if menu_button(ui, "Quit").clicked() {
                exit.write(AppExit::Success);
            }
        });
    });
    Ok(())
}
