//! The Timeline Wager panels: the bar on top (the timeline on screen, its bank, the
//! secured totals, both clocks at their rates, the split toggle and stake, resign, save,
//! menu), merge offers (each person answers; the AI answers for itself), the promotion
//! choice, the map of timelines with the moves of the one on screen, and the result.

mod browse_bar;
mod offers;
mod promotion;
mod result;
mod side_panel;
mod top_bar;

use super::matchplay::WagerMatch;
use crate::screens::Screen;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            top_bar::top_bar,
            offers::offers,
            promotion::promotion,
            side_panel::side_panel,
            result::result_box,
        )
            .run_if(in_state(Screen::WagerPlay))
            .distributive_run_if(resource_exists::<WagerMatch>),
    );
}
