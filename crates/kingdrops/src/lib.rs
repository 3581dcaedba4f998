//! Kingdrops, the third game of Timefork: rules, KFEN, game records and the AI (no Bevy).
//!
//! Kingdrops (Matteo Perlini) is played on an 8x8 board after a free setup; a turn is up
//! to three moves (each piece at most once, at most one drop, as many moves as possible
//! unless the turn wins early); captured queens, rooks, bishops and guards go to prison
//! and come back through exchanges; a side wins by capturing the enemy king or by
//! bringing its king, a spearman or an archer to the last rank. The decisions are in
//! rules.md section 3 and in this crate's README.
//!
//! Where to find things:
//! - `piece`, `square`: colours, kinds, letters, squares.
//! - `position`: the board, side to move, reserves, prisons; `kfen`: its text.
//! - `movegen`: how each piece moves and which squares are attacked.
//! - `moves`: moves and turns and their text.
//! - `turn`: the rules of a turn (legal turns, move-by-move play, the exchange).
//! - `setup`: placements (validate, random, mirror, standard).
//! - `game`, `record`: a game with its history (repetition) and its record.
//! - `perft`: counting turns.
//! - `ai`: the AI opponent.

pub mod ai;
pub mod game;
pub mod kfen;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod position;
pub mod record;
pub mod result;
pub mod setup;
pub mod square;
pub mod turn;

pub use game::Game;
pub use kfen::{KfenError, KfenField};
pub use moves::{Move, ParseMoveError, Turn};
pub use perft::{perft, perft_divide};
pub use piece::{Color, Kind, Piece};
pub use position::Position;
pub use record::{RECORD_VERSION, RecordError};
pub use result::{GameResult, WinReason};
pub use setup::{Placement, SetupError};
pub use square::Square;
pub use turn::{Exchange, IllegalReason, TurnError, TurnOutcome};
