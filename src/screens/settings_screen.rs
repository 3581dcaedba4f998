//! Settings: sound, animation speed, arrows. Saved as soon as they change.

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
    menu_window(ctx, "settings", |ui| {
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
        if menu_button(ui, "Back").clicked() {
            next.set(Screen::Title);
        }
    });
    if s != *settings {
        *settings = s;
    }
    Ok(())
}
