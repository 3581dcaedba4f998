//! The tooltip naming the piece under the cursor, how it moves and what its place adds.

use crate::kingdrops::input::KdHovered;
use crate::kingdrops::mirror::KdPiece;
use crate::kingdrops::texts;
use crate::screens::Screen;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

pub(super) fn piece_tip(
    mut contexts: EguiContexts,
    hovered: Res<KdHovered>,
    pieces: Query<&KdPiece>,
    screen: Res<State<Screen>>,
) -> Result {
    if *screen.get() == Screen::KingdropsNew {
        return Ok(());
    }
    let Some(at) = hovered.0 else { return Ok(()) };
    let Some(p) = pieces.iter().find(|p| p.slot == at) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let rule = texts::rule(p.piece.kind);
    let note = texts::where_note(p.piece, p.slot);
    crate::theme::pointer_tip(ctx, "kingdrops piece tip", |ui| {
        ui.label(egui::RichText::new(texts::piece_title(p.piece)).strong());
        ui.label(egui::RichText::new(rule).small());
        if let Some(n) = note {
            ui.label(egui::RichText::new(n).small().weak());
        }
    });
    Ok(())
}
