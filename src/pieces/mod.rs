//! Piece models and flat icons for every kind of every game, shared by the games' views:
//! the `timefork-pieces` crate makes the models in code, `meshes` turns them into Bevy
//! meshes and loads the flat icons (`assets/pieces/flat/`, drawn by `tools/flat_icons`).

pub mod meshes;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

pub use timefork_pieces::Shape;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, meshes::setup);
}

/// A side's colour, as the pieces are painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

/// How pieces are drawn: 3D models, or the flat 2D icons most 5D players know (the
/// better choice when hundreds of boards are on screen).
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PieceStyle {
    #[default]
    Models,
    FlatIcons,
}
