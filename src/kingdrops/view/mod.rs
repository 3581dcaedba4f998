//! Drawing Kingdrops in 3D, in the 5D boards' look: a slab whose border is the colour of
//! the side to move and a checkered top, the trays beside it (reserves, prisons, the
//! setup tray), the piece models or flat icons, the highlights (the picked piece and its
//! targets, the drop targets next to the king, the moves of this turn and of the last,
//! an attacked king, the ranks to set up on), and the coordinates and tray names.

mod board;
mod highlights;
mod labels;
mod look;
pub mod pieces;

use crate::game_kit::GameSystems;
use crate::game_kit::states::ActiveGame;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub(super) fn plugin(app: &mut App) {
    // The board stands while any Kingdrops screen is open and goes with the last.
    app.add_systems(OnEnter(ActiveGame::Kingdrops), board::spawn_board);
    app.add_systems(
        Update,
        (
            board::turn_board,
            board::show_trays,
            pieces::dress_pieces,
            pieces::follow_the_hand,
        )
            .chain()
            .after(GameSystems::Mirror)
            .run_if(in_state(ActiveGame::Kingdrops)),
    );
    app.add_systems(
        PostUpdate,
        highlights::draw_highlights.run_if(in_state(ActiveGame::Kingdrops)),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        labels::draw_labels.run_if(in_state(ActiveGame::Kingdrops)),
    );
}
