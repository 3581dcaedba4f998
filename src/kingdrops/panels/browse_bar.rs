//! While browsing the history: which position is shown, steps back and forth, and the
//! way back.

use crate::game_kit::history::HistoryStep;
use crate::kingdrops::browse::KdBrowseRequest;
use crate::kingdrops::matchplay::KdMatch;
use crate::kingdrops::texts;
use crate::theme;
use bevy::prelude::*;
use bevy_egui::egui;
use timefork_i18n::tr;

/// While browsing: which position is shown, steps back and forth, and the way back.
pub(super) fn browse_bar(
    ui: &mut egui::Ui,
    m: &KdMatch,
    k: usize,
    out: &mut MessageWriter<KdBrowseRequest>,
) {
    ui.horizontal_wrapped(|ui| {
        let text = match k.checked_sub(1) {
            None => tr!("kd-browsing-start"),
            Some(i) => tr!(
                "kd-browsing-after",
                n = k,
                side = texts::side(m.game.positions()[i].side_to_move())
            ),
        };
        ui.label(egui::RichText::new(text).strong().color(theme::ASIDE_BLUE));
        if ui
            .add_enabled(k > 0, egui::Button::new("◀"))
            .on_hover_text(tr!("kd-browse-previous"))
            .clicked()
        {
            out.write(KdBrowseRequest(HistoryStep::Previous));
        }
        if ui
            .button("▶")
            .on_hover_text(tr!("kd-browse-next"))
            .clicked()
        {
            out.write(KdBrowseRequest(HistoryStep::Next));
        }
        if ui
            .button(egui::RichText::new(tr!("kd-back-to-game")).strong())
            .on_hover_text(tr!("kd-back-to-game-tip"))
            .clicked()
        {
            out.write(KdBrowseRequest(HistoryStep::Live));
        }
    });
}
