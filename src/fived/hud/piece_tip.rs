//! A tooltip on the piece under the cursor: its name and a line on how it moves in five
//! dimensions (x = file, y = rank, T = turn, L = timeline), where the rule surprises.

use crate::fived::matchplay::Match;
use crate::fived::matchplay::browse::Browse;
use crate::fived::picking::Hovered;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_engine::PieceKind;
use timefork_i18n::tr;

/// The name of a kind and how it moves, in the current language.
pub fn describe(kind: PieceKind) -> (String, String) {
    (piece_name(kind), piece_rule(kind))
}

/// A kind's name ("Pawn", "Royal queen").
pub fn piece_name(kind: PieceKind) -> String {
    match kind {
        PieceKind::Pawn => tr!("fived-piece-pawn"),
        PieceKind::Knight => tr!("fived-piece-knight"),
        PieceKind::Bishop => tr!("fived-piece-bishop"),
        PieceKind::Rook => tr!("fived-piece-rook"),
        PieceKind::Queen => tr!("fived-piece-queen"),
        PieceKind::King => tr!("fived-piece-king"),
        PieceKind::Unicorn => tr!("fived-piece-unicorn"),
        PieceKind::Dragon => tr!("fived-piece-dragon"),
        PieceKind::Princess => tr!("fived-piece-princess"),
        PieceKind::Brawn => tr!("fived-piece-brawn"),
        PieceKind::RoyalQueen => tr!("fived-piece-royal-queen"),
        PieceKind::CommonKing => tr!("fived-piece-common-king"),
    }
}

/// How a kind moves in five dimensions, where the rule surprises.
pub fn piece_rule(kind: PieceKind) -> String {
    match kind {
        PieceKind::Pawn => tr!("fived-rule-pawn"),
        PieceKind::Knight => tr!("fived-rule-knight"),
        PieceKind::Bishop => tr!("fived-rule-bishop"),
        PieceKind::Rook => tr!("fived-rule-rook"),
        PieceKind::Queen => tr!("fived-rule-queen"),
        PieceKind::King => tr!("fived-rule-king"),
        PieceKind::Unicorn => tr!("fived-rule-unicorn"),
        PieceKind::Dragon => tr!("fived-rule-dragon"),
        PieceKind::Princess => tr!("fived-rule-princess"),
        PieceKind::Brawn => tr!("fived-rule-brawn"),
        PieceKind::RoyalQueen => tr!("fived-rule-royal-queen"),
        PieceKind::CommonKing => tr!("fived-rule-common-king"),
    }
}

pub(super) fn piece_tip(
    mut contexts: EguiContexts,
    m: Res<Match>,
    browse: Res<Browse>,
    hovered: Res<Hovered>,
) -> Result {
    let Some(at) = hovered.0 else { return Ok(()) };
    let Some(piece) = browse.position(&m).piece_at(at) else {
        return Ok(());
    };
    let Some(kind) = piece.kind() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (name, rule) = describe(kind);
    let side = crate::fived::matchplay::side_id(piece.color());
    // The side and the name in the order (and case) each language writes them.
    let title = tr!("fived-piece-of-side", side = side, piece = name);
    crate::theme::pointer_tip(ctx, "piece tip", |ui| {
        ui.label(egui::RichText::new(title).strong());
        ui.label(egui::RichText::new(rule).small());
    });
    Ok(())
}
