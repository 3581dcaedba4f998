//! The side panel: the map of timelines with the moves of the one on screen.

use crate::game_kit::history::HistoryStep;
use crate::theme::prose::ProseTips as _;
use crate::wager::browse::{WagerBrowse, WagerBrowseRequest};
use crate::wager::map::{self, MapAnim};
use crate::wager::matchplay::WagerMatch;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;
use timefork_wager::chess::san;

/// The map of timelines and the moves of the one on screen.
pub(super) fn side_panel(
    mut contexts: EguiContexts,
    mut w: ResMut<WagerMatch>,
    time: Res<Time<Real>>,
    mut anim: Local<MapAnim>,
    browse: Res<WagerBrowse>,
    mut browsing: MessageWriter<WagerBrowseRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let height = (ctx.content_rect().height() - 20.0).max(200.0);
    let now = time.elapsed_secs_f64();
    let mut clicked = None;
    egui::Window::new(tr!("wager-timelines-title"))
        .id(egui::Id::new("wager timelines"))
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .resizable(false)
        .collapsible(false)
        .fixed_size([crate::wager::view::PANELS.right - 30.0, height - 40.0])
        .show(ctx, |ui| {
            let map_area = egui::ScrollArea::both()
                .id_salt("map")
                .max_height(height * 0.55)
                .show(ui, |ui| {
                    clicked = map::show(ui, &w, &mut anim, now);
                });
            crate::game_kit::guide::mark_control(ui.ctx(), "wager-map", map_area.inner_rect);
            ui.separator();
            ui.label(egui::RichText::new(tr!("wager-moves-on", n = w.viewing)).strong());
            egui::ScrollArea::vertical()
                .id_salt("moves")
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if let Some(t) = w.m.timeline(w.viewing) {
                        let g = t.game();
                        let fork = t.fork().map(|f| f.ply);
                        // A row a full move; each move a button showing the board after it.
                        let shown = browse.ply(&w);
                        let moves = g.moves();
                        for row in (0..moves.len()).step_by(2) {
                            ui.horizontal(|ui| {
                                ui.label(
                                    egui::RichText::new(format!("{:>3}.", row / 2 + 1))
                                        .monospace()
                                        .weak(),
                                );
                                for (i, &mv) in moves.iter().enumerate().skip(row).take(2) {
                                    let text = san::to_san(&g.boards()[i], mv)
                                        .unwrap_or_else(|_| mv.to_string());
                                    let shared = fork.is_some_and(|p| i < p);
                                    let rt = egui::RichText::new(text).monospace();
                                    let here = shown == Some(i + 1);
                                    let r = ui
                                        .selectable_label(here, if shared { rt.weak() } else { rt })
                                        .on_hover_prose(if shared {
                                            tr!("wager-move-before-split")
                                        } else {
                                            tr!("wager-move-on-timeline")
                                        });
                                    if r.clicked() {
                                        browsing.write(if here {
                                            WagerBrowseRequest(HistoryStep::Live)
                                        } else {
                                            WagerBrowseRequest(HistoryStep::To(i + 1))
                                        });
                                    }
                                }
                            });
                        }
                        if g.moves().is_empty() {
                            ui.label(egui::RichText::new(tr!("wager-no-moves")).weak());
                        }
                    }
                });
        });
    if let Some(n) = clicked {
        w.viewing = n;
    }
    Ok(())
}
