//! A tooltip on the piece under the cursor: its name and a line on how it moves in five
//! dimensions (x = file, y = rank, T = turn, L = timeline), where the rule surprises.

use crate::multiverse::matchplay::Match;
use crate::multiverse::matchplay::browse::Browse;
use crate::multiverse::picking::Hovered;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_engine::PieceKind;

/// The name of a kind and how it moves.
pub fn describe(kind: PieceKind) -> (&'static str, &'static str) {
    match kind {
        PieceKind::Pawn => (
            "Pawn",
            "One step forward: up the board (y), or along L toward the opponent's timelines; \
             two from its start. Captures diagonally on the board (y and x) or through time \
             (L and T). Promotes to a queen.",
        ),
        PieceKind::Knight => (
            "Knight",
            "Two steps along one axis and one along another (any two of x, y, T, L). Jumps \
             over pieces and missing boards.",
        ),
        PieceKind::Bishop => (
            "Bishop",
            "Any distance along exactly two axes, the same distance on both.",
        ),
        PieceKind::Rook => ("Rook", "Any distance along one axis: x, y, T or L."),
        PieceKind::Queen => (
            "Queen",
            "Any distance along any number of axes, the same distance on each.",
        ),
        PieceKind::King => (
            "King",
            "One step along any axes. Royal: no turn may end with it capturable from any board.",
        ),
        PieceKind::Unicorn => (
            "Unicorn",
            "Any distance along exactly three axes, the same distance on each.",
        ),
        PieceKind::Dragon => (
            "Dragon",
            "Any distance along all four axes at once, the same distance on each.",
        ),
        PieceKind::Princess => (
            "Princess",
            "A rook or a bishop: any distance along one axis, or along two equally.",
        ),
        PieceKind::Brawn => (
            "Brawn",
            "Moves like a pawn. Also captures one step along exactly two axes, at least one \
             of them forward and none backward.",
        ),
        PieceKind::RoyalQueen => (
            "Royal queen",
            "Moves like a queen, and is royal like a king: it must never be left capturable.",
        ),
        PieceKind::CommonKing => (
            "Common king",
            "Moves like a king (one step along any axes) but is not royal: it may be captured.",
        ),
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
    let side = crate::multiverse::matchplay::color_name(piece.color());
    crate::theme::pointer_tip(ctx, "piece tip", |ui| {
        ui.label(egui::RichText::new(format!("{side} {name}")).strong());
        ui.label(egui::RichText::new(rule).small());
    });
    Ok(())
}
