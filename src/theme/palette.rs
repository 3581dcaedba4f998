//! Colours of the game, in one place. The multiverse's visual language is the documents':
//! seed 002 (a yellow present, orange frames on the boards that must be played, green
//! dashed frames on those that may be) and seed 004 (a board's border in the colour of the
//! side to move there, purple arrows along active timelines, an inactive timeline's arrow
//! in its creator's colour).

use bevy::prelude::Color;

pub const BACKGROUND: Color = Color::srgb(0.1, 0.11, 0.15);
pub const PIECE_WHITE: Color = Color::srgb(0.93, 0.9, 0.82);
pub const PIECE_BLACK: Color = Color::srgb(0.13, 0.13, 0.16);
pub const SQUARE_LIGHT: [u8; 3] = [222, 206, 170];
pub const SQUARE_DARK: [u8; 3] = [150, 114, 82];
/// A board's border: whose move it is on that board.
pub const BORDER_WHITE: Color = Color::srgb(0.9, 0.88, 0.82);
pub const BORDER_BLACK: Color = Color::srgb(0.045, 0.045, 0.055);
/// A board the player must move on (seed 002: orange).
pub const MANDATORY: Color = Color::srgb(1.0, 0.5, 0.05);
/// A board the player may move on (seed 002: green, dashed).
pub const PLAYABLE: Color = Color::srgb(0.25, 0.85, 0.3);
/// The present (seed 002: a yellow band; seed 004: a thick line).
pub const PRESENT: Color = Color::srgba(1.0, 0.86, 0.15, 0.16);
pub const PRESENT_LINE: Color = Color::srgb(1.0, 0.86, 0.15);
/// Timeline arrows (seed 004): purple while active, else the creator's colour.
pub const TIMELINE_ACTIVE: Color = Color::srgb(0.58, 0.3, 0.92);
pub const TIMELINE_WHITE: Color = Color::srgb(0.86, 0.85, 0.8);
pub const TIMELINE_BLACK: Color = Color::srgb(0.16, 0.16, 0.2);
pub const SELECTED: Color = Color::srgb(0.3, 1.0, 0.45);
pub const DESTINATION: Color = Color::srgb(0.3, 0.95, 0.5);
pub const CAPTURE_DEST: Color = Color::srgb(1.0, 0.35, 0.3);
pub const THREAT: Color = Color::srgb(1.0, 0.15, 0.15);
pub const TRAVEL_WHITE: Color = Color::srgba(0.95, 0.9, 0.75, 0.75);
pub const TRAVEL_BLACK: Color = Color::srgba(0.55, 0.55, 0.7, 0.75);
/// The moves of the turn shown while browsing history.
pub const BROWSED_MOVE: Color = Color::srgb(0.35, 0.8, 1.0);
pub const LABEL: Color = Color::srgb(0.8, 0.82, 0.9);
