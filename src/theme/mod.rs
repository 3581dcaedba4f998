//! Look and feel: the palette and egui's style.

pub mod palette;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, style_once);
}

fn style_once(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut style = (*ctx.global_style()).clone();
    style.visuals = egui::Visuals::dark();
    style.visuals.window_corner_radius = egui::CornerRadius::same(8);
    style.spacing.button_padding = egui::vec2(10.0, 5.0);
    style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    for (text_style, size) in [
        (egui::TextStyle::Body, 15.0),
        (egui::TextStyle::Button, 15.0),
        (egui::TextStyle::Heading, 22.0),
        (egui::TextStyle::Monospace, 13.0),
        (egui::TextStyle::Small, 12.0),
    ] {
        if let Some(f) = style.text_styles.get_mut(&text_style) {
            f.size = size;
        }
    }
    ctx.set_global_style(style);
    *done = true;
    Ok(())
}

/// A big menu button of a fixed width.
pub fn menu_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [240.0, 36.0],
        egui::Button::new(egui::RichText::new(text).size(18.0)),
    )
}
