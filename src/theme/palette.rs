//! Colours of the game, in one place.

use bevy::prelude::Color;

pub const BACKGROUND: Color = Color::srgb(0.07, 0.075, 0.1);
pub const PIECE_WHITE: Color = Color::srgb(0.93, 0.9, 0.82);
pub const PIECE_BLACK: Color = Color::srgb(0.13, 0.13, 0.16);
pub const SQUARE_LIGHT: [u8; 3] = [222, 206, 170];
pub const SQUARE_DARK: [u8; 3] = [150, 114, 82];
pub const SLAB: Color = Color::srgb(0.24, 0.2, 0.18);
/// Frames: whose move it is on a board.
pub const FRAME_WHITE: Color = Color::srgb(0.95, 0.93, 0.85);
pub const FRAME_BLACK: Color = Color::srgb(0.35, 0.55, 0.95);
/// A board the player must move on.
pub const MANDATORY: Color = Color::srgb(1.0, 0.75, 0.15);
pub const PRESENT: Color = Color::srgba(0.55, 0.75, 1.0, 0.13);
pub const SELECTED: Color = Color::srgb(0.3, 1.0, 0.45);
pub const DESTINATION: Color = Color::srgb(0.3, 0.95, 0.5);
pub const CAPTURE_DEST: Color = Color::srgb(1.0, 0.35, 0.3);
pub const THREAT: Color = Color::srgb(1.0, 0.15, 0.15);
pub const TRAVEL_WHITE: Color = Color::srgba(0.95, 0.9, 0.75, 0.7);
pub const TRAVEL_BLACK: Color = Color::srgba(0.45, 0.6, 1.0, 0.7);
pub const LABEL: Color = Color::srgb(0.8, 0.82, 0.9);
