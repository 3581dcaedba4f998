//! Timeline Wager: ordinary chess on many timelines at once, with stakes.
//!
//! No Bevy, no files: the game and the command line give this crate text and times and
//! get text and state back.
//!
//! - `chess`: one timeline's chess (cozy-chess move generation; SAN, PGN, the draw rules,
//!   perft).

pub mod chess;

pub use cozy_chess;
