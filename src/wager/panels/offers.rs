//! Open merge offers: each person answers (the AI answers for itself).

use crate::players::Player;
use crate::wager::matchplay::{WagerMatch, WagerRequest};
use crate::wager::texts::side_key;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;
use timefork_wager::Action;
use timefork_wager::chess::Color;

/// Open merge offers: each person answers (two confirmations at one computer).
pub(super) fn offers(
    mut contexts: EguiContexts,
    w: Res<WagerMatch>,
    mut requests: MessageWriter<WagerRequest>,
) -> Result {
    let pending: Vec<_> =
        w.m.offers()
            .iter()
            .filter(|o| {
                [Color::White, Color::Black]
                    .iter()
                    .any(|&s| w.human(s) && o.answer(s).is_none())
            })
            .cloned()
            .collect();
    if pending.is_empty() || w.m.is_over() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(tr!("wager-offers-title"))
        .id(egui::Id::new("wager offers"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
        .show(ctx, |ui| {
            for o in &pending {
                let (ta, tb) = (w.m.timeline(o.a), w.m.timeline(o.b));
                let survivor = match (ta, tb) {
                    (Some(a), Some(b)) if b.plies() > a.plies() => o.b,
                    _ => o.a,
                };
                crate::theme::prose::prose(
                    ui,
                    tr!("wager-offer", a = o.a, b = o.b, survivor = survivor),
                );
                ui.horizontal(|ui| {
                    for side in [Color::White, Color::Black] {
                        match o.answer(side) {
                            Some(yes) => {
                                ui.label(if yes {
                                    tr!("wager-answer-yes", side = side_key(side))
                                } else {
                                    tr!("wager-answer-no", side = side_key(side))
                                });
                            }
                            None if w.human(side) => {
                                ui.label(tr!("wager-answer-pending", side = side_key(side)));
                                for (text, accept) in
                                    [(tr!("wager-accept"), true), (tr!("wager-refuse"), false)]
                                {
                                    if ui.button(text).clicked() {
                                        requests.write(WagerRequest {
                                            side,
                                            action: Action::Merge {
                                                a: o.a,
                                                b: o.b,
                                                accept,
                                            },
                                        });
                                    }
                                }
                            }
                            None if w.player(side) == Player::Remote => {
                                ui.label(tr!("wager-remote-deciding", side = side_key(side)));
                            }
                            None => {
                                ui.label(tr!("wager-ai-deciding", side = side_key(side)));
                            }
                        }
                    }
                });
                ui.separator();
            }
        });
    Ok(())
}
