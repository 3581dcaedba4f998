//! The move list, in the turn text of rules.md.

use crate::game_kit::history::HistoryStep;
use crate::kingdrops::browse::{KdBrowse, KdBrowseRequest};
use crate::kingdrops::follow::PanelRoom;
use crate::kingdrops::matchplay::KdMatch;
use crate::kingdrops::texts;
use crate::screens::Screen;
use crate::theme::prose::ProseTips as _;
use crate::window::MainWindow;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;

pub(super) fn move_list(
    mut contexts: EguiContexts,
    m: Res<KdMatch>,
    browse: Res<KdBrowse>,
    mut browsing: MessageWriter<KdBrowseRequest>,
    window: MainWindow,
    mut room: ResMut<PanelRoom>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = window.points();
    let list_h = (size.y * 0.45).clamp(120.0, 420.0);
    let r = egui::Window::new(tr!("kd-moves"))
        .id(egui::Id::new("kingdrops moves"))
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .resizable(false)
        .collapsible(false)
        .min_width(250.0)
        .max_width(250.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(list_h)
                .auto_shrink([false, true])
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    let turns = m.game.turns();
                    if turns.is_empty() && m.moves.is_empty() {
                        ui.label(egui::RichText::new(tr!("kd-no-turns")).weak());
                    }
                    egui::Grid::new("kingdrops turns")
                        .num_columns(2)
                        .striped(true)
                        .spacing([8.0, 2.0])
                        .show(ui, |ui| {
                            for (i, t) in turns.iter().enumerate() {
                                let who = if i % 2 == 0 { "" } else { "…" };
                                ui.label(
                                    egui::RichText::new(format!("{}.{who}", i / 2 + 1))
                                        .monospace()
                                        .weak(),
                                );
                                // A click shows the board after this turn.
                                let shown = browse.state(&m) == Some(i + 1);
                                if ui
                                    .selectable_label(
                                        shown,
                                        egui::RichText::new(t.to_string()).monospace(),
                                    )
                                    .on_hover_prose(tr!("kd-browse-tip"))
                                    .clicked()
                                {
                                    browsing.write(if shown {
                                        KdBrowseRequest(HistoryStep::Live)
                                    } else {
                                        KdBrowseRequest(HistoryStep::To(i + 1))
                                    });
                                }
                                ui.end_row();
                            }
                            if !m.moves.is_empty() {
                                ui.label(egui::RichText::new(tr!("kd-now")).monospace().weak());
                                ui.label(egui::RichText::new(m.turn_text()).monospace().italics());
                                ui.end_row();
                            }
                        });
                    if let Some(r) = m.game.result() {
                        ui.label(egui::RichText::new(texts::result(r)).strong());
                    }
                });
            ui.separator();
            if ui
                .button(tr!("kd-copy-record"))
                .on_hover_prose(tr!("kd-copy-record-tip"))
                .clicked()
            {
                ui.ctx().copy_text(crate::kingdrops::save::record_text(&m));
            }
        });
    if let Some(r) = r {
        room.take(Screen::KingdropsPlay, r.response.rect, size);
    }
    Ok(())
}
