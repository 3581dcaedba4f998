//! The Kingdrops panels: the setup bar (quick choices, Ready), the turn bar (side to
//! move, "move 1 of 3", undo, end turn, resign, save, menu), the move list in the turn
//! text of rules.md, the banner when the game ends, and the tooltip naming the piece
//! under the cursor and how it moves.

pub mod browse_bar;
pub mod move_list;
pub mod piece_tip;
pub mod review_panel;
pub mod setup_bar;
pub mod turn_bar;

use super::matchplay::KdMatch;
use super::setup::KdSetup;
use crate::game_kit::states::ActiveGame;
use crate::screens::Screen;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<turn_bar::SaveNote>();
    app.add_systems(
        EguiPrimaryContextPass,
        setup_bar::setup_bar
            .run_if(in_state(Screen::KingdropsSetup))
            .run_if(resource_exists::<KdSetup>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        (
            turn_bar::turn_bar,
            move_list::move_list,
            review_panel::review_panel,
        )
            .run_if(in_state(Screen::KingdropsPlay))
            .distributive_run_if(resource_exists::<KdMatch>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        piece_tip::piece_tip.run_if(in_state(ActiveGame::Kingdrops)),
    );
}
