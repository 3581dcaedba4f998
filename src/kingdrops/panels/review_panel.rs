//! The review window of a finished game.

use crate::kingdrops::follow::PanelRoom;
use crate::kingdrops::matchplay::KdMatch;
use crate::kingdrops::review::KdReview;
use crate::review::driver::ReviewRequest;
use crate::screens::Screen;
use crate::window::MainWindow;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;

/// The review window of a finished game (the shared `review::window`).
pub(super) fn review_panel(
    mut contexts: EguiContexts,
    m: Res<KdMatch>,
    state: Res<KdReview>,
    mut out: MessageWriter<ReviewRequest>,
    window: MainWindow,
    mut room: ResMut<PanelRoom>,
) -> Result {
    let Some(review) = state.of(m.id) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let size = window.points();
    let name = |i: usize| {
        let side = if review.turns[i].1 {
            tr!("common-white")
        } else {
            tr!("common-black")
        };
        tr!("review-turn", n = i / 2 + 1, side = side)
    };
    // Clear of the move list on the right (250 points wide, 10 from the edge).
    let (action, taken) = crate::review::window::show(ctx, review, 270.0, name);
    if taken > 0.0 {
        let rect = egui::Rect::from_min_max(
            egui::pos2(10.0, size.y - taken + 8.0),
            egui::pos2(size.x - 280.0, size.y - 10.0),
        );
        room.take(Screen::KingdropsPlay, rect, size);
    }
    if let Some(a) = action {
        out.write(match a {
            crate::review::window::ReviewAction::Show(k) => ReviewRequest::Show(k),
            crate::review::window::ReviewAction::Close => ReviewRequest::Close,
        });
    }
    Ok(())
}
