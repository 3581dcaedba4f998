//! The in-game panels: the turn bar (whose turn, the present, clocks, undo and submit with
//! the reason it is refused), the move list with import and export, and the game-over box.

mod analysis_bar;
mod move_list;
pub mod piece_tip;
mod review_panel;
mod turn_bar;

use crate::game_kit::states::ActiveGame;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub use move_list::MoveListText;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<move_list::ExportState>();
    app.add_systems(
        EguiPrimaryContextPass,
        (
            turn_bar::turn_bar,
            move_list::move_list,
            turn_bar::game_over_box,
            piece_tip::piece_tip,
            review_panel::review_panel,
        )
            .run_if(in_state(ActiveGame::FiveD))
            .distributive_run_if(resource_exists::<crate::fived::matchplay::Match>),
    );
}
