//! The Kingdrops board's look: how thick its border, how high pieces stand, the trays'
//! and highlights' colours.

use bevy::prelude::*;

/// The border around the squares (as thick as a playable 5D board's).
pub(super) const BORDER: f32 = crate::board_look::BORDER_THICK;
/// Gizmos sit just above the board.
pub(super) const LIFT: f32 = 0.03;
/// A dragged piece floats this high over the cursor's point.
pub(super) const DRAG_LIFT: f32 = 0.5;
pub(super) const RESERVE_FILL: Color = Color::srgb(0.13, 0.15, 0.2);
pub(super) const PRISON_FILL: Color = Color::srgb(0.21, 0.11, 0.11);
pub(super) const SETUP_FILL: Color = Color::srgb(0.14, 0.17, 0.16);
pub(super) const DROP_TARGET: Color = Color::srgb(1.0, 0.78, 0.2);
pub(super) const THIS_TURN: Color = Color::srgb(1.0, 0.6, 0.15);
