//! The promotion choice.

use crate::wager::input::{Selection, SplitMode, move_request};
use crate::wager::matchplay::{WagerMatch, WagerRequest};
use crate::wager::texts::piece_name;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;
use timefork_wager::chess::Piece;

/// A pawn reaching the last rank becomes the piece the player picks.
pub(super) fn promotion(
    mut contexts: EguiContexts,
    w: Res<WagerMatch>,
    split: Res<SplitMode>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<WagerRequest>,
) -> Result {
    if selection.promotion.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut chosen = None;
    let mut cancel = false;
    egui::Window::new(tr!("wager-promote-title"))
        .id(egui::Id::new("wager promotion"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for mv in &selection.promotion {
                    let name = piece_name(mv.promotion.unwrap_or(Piece::Pawn));
                    if ui.button(name).clicked() {
                        chosen = Some(*mv);
                    }
                }
                cancel = ui.button(tr!("wager-cancel")).clicked();
            });
        });
    if let Some(mv) = chosen {
        if let Some(r) = move_request(&w, mv, *split) {
            requests.write(r);
        }
        *selection = Selection::default();
    } else if cancel {
        *selection = Selection::default();
    }
    Ok(())
}
