//! While browsing the timeline's history: which ply is shown, steps, and the way back.

use crate::game_kit::history::HistoryStep;
use crate::wager::browse::WagerBrowseRequest;
use bevy::prelude::*;
use bevy_egui::egui;
use timefork_i18n::tr;

/// While browsing the timeline's history: which ply is shown, steps, and the way back.
pub(super) fn browse_bar(ui: &mut egui::Ui, k: usize, out: &mut MessageWriter<WagerBrowseRequest>) {
    ui.horizontal(|ui| {
        let text = if k == 0 {
            tr!("wager-browsing-start")
        } else {
            tr!(
                "wager-browsing-after",
                n = k.div_ceil(2),
                white = if k % 2 == 1 { "yes" } else { "no" }
            )
        };
        ui.label(
            egui::RichText::new(text)
                .strong()
                .color(crate::theme::ASIDE_BLUE),
        );
        if ui
            .add_enabled(k > 0, egui::Button::new("▲"))
            .on_hover_text(tr!("wager-browse-previous"))
            .clicked()
        {
            out.write(WagerBrowseRequest(HistoryStep::Previous));
        }
        if ui
            .button("▼")
            .on_hover_text(tr!("wager-browse-next"))
            .clicked()
        {
            out.write(WagerBrowseRequest(HistoryStep::Next));
        }
        if ui
            .button(egui::RichText::new(tr!("wager-back-to-game")).strong())
            .on_hover_text(tr!("wager-back-to-game-tip"))
            .clicked()
        {
            out.write(WagerBrowseRequest(HistoryStep::Live));
        }
    });
}
