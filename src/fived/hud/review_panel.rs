//! The review window of a finished 5D game (the shared `review::window`), its turns named
//! as the move list names them.

use crate::fived::follow::PANELS;
use crate::fived::matchplay::{Match, color_name};
use crate::fived::review::FiveDReview;
use crate::review::ReviewRoom;
use crate::review::driver::ReviewRequest;
use crate::review::window::{ReviewAction, show};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use timefork_engine::Color;
use timefork_i18n::tr;

pub(super) fn review_panel(
    mut contexts: EguiContexts,
    m: Res<Match>,
    state: Res<FiveDReview>,
    mut out: MessageWriter<ReviewRequest>,
    mut room: ResMut<ReviewRoom>,
) -> Result {
    let Some(review) = state.of(m.id) else {
        room.set_if_neq(ReviewRoom(0.0));
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    // Turn numbers as in 5DPGN: White and Black share a number, from 1.
    let black_first = review.turns.first().is_some_and(|t| !t.1);
    let name = |i: usize| {
        let (_, white) = review.turns[i];
        let n = (i + usize::from(black_first)) / 2 + 1;
        let side = color_name(if white { Color::White } else { Color::Black });
        tr!("review-turn", n = n, side = side)
    };
    let (action, taken) = show(ctx, review, PANELS.right, name);
    room.set_if_neq(ReviewRoom(taken));
    if let Some(a) = action {
        out.write(match a {
            ReviewAction::Show(k) => ReviewRequest::Show(k),
            ReviewAction::Close => ReviewRequest::Close,
        });
    }
    Ok(())
}
