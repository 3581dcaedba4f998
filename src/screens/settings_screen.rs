//! Settings: sound, animation speed, arrows, pieces, the 5D view, graphics. Saved once
//! they settle (see `settings`).

use super::{Screen, menu_window};
use crate::settings::Settings;
use crate::theme::menu_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings_screen.run_if(in_state(Screen::Settings)),
    );
}

fn settings_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut s = settings.clone();
    if ui(ctx, &mut s) {
        next.set(Screen::Title);
    }
    if s != *settings {
        *settings = s;
    }
    Ok(())
}

/// The settings panel; true when Back was pressed.
pub fn ui(ctx: &egui::Context, s: &mut Settings) -> bool {
    let mut back = false;
    menu_window(ctx, "settings", [540.0, 400.0], |ui| {
        ui.heading("Settings");
        ui.add_space(8.0);
        egui::Grid::new("settings_grid")
            .num_columns(2)
            .spacing([16.0, 10.0])
            .show(ui, |ui| {
                ui.label("Volume");
                ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0).show_value(true));
                ui.end_row();
                ui.label("Mute");
                ui.checkbox(&mut s.muted, "");
                ui.end_row();
                ui.label("Animation speed")
                    .on_hover_text("0 turns animations off");
                ui.add(egui::Slider::new(&mut s.animation_speed, 0.0..=4.0));
                ui.end_row();
                ui.label("Arrows for time travel");
                ui.checkbox(&mut s.show_travel_arrows, "");
                ui.end_row();
                ui.label("Pieces").on_hover_text(
                    "3D models, or the flat icons of printed diagrams (clearer with hundreds of boards)",
                );
                ui.horizontal(|ui| {
                    use crate::pieces::PieceStyle;
                    ui.selectable_value(&mut s.piece_style, PieceStyle::Models, "3D models");
                    ui.selectable_value(&mut s.piece_style, PieceStyle::FlatIcons, "Flat icons");
                });
                ui.end_row();
                ui.label("5D view from").on_hover_text(
                    "Whose side of the multiverse is nearest: Auto shows your side against the AI \
                     and the side to move when two people share the computer (seed 004 flips \
                     the timeline axis for each player).",
                );
                ui.horizontal(|ui| {
                    use crate::settings::ViewSide;
                    ui.selectable_value(&mut s.view_side, ViewSide::Auto, "Auto");
                    ui.selectable_value(&mut s.view_side, ViewSide::White, "White");
                    ui.selectable_value(&mut s.view_side, ViewSide::Black, "Black");
                });
                ui.end_row();
                ui.label("Graphics").on_hover_text(
                    "Shadows and anti-aliasing. Auto turns them off on a software renderer.",
                );
                ui.horizontal(|ui| {
                    use crate::settings::Quality;
                    ui.selectable_value(&mut s.quality, Quality::Auto, "Auto");
                    ui.selectable_value(&mut s.quality, Quality::High, "High");
                    ui.selectable_value(&mut s.quality, Quality::Low, "Low");
                });
                ui.end_row();
            });
        ui.add_space(8.0);
        ui.label(
            egui::RichText::new(format!(
                "Saved in {}",
                crate::settings::settings_path().display()
            ))
            .small()
            .weak(),
        );
        ui.add_space(8.0);
        back = menu_button(ui, "Back").clicked();
    });
    back
}
