//! Timeline Wager: ordinary chess on many timelines at once, with stakes.
//!
//! No Bevy, no files, no clock reading: the game and the command line give this crate
//! events with their times (ms since the start) and text, and get state and text back.
//!
//! - `chess`: one timeline's chess (cozy-chess move generation; UCI, FEN, SAN, PGN, the
//!   draw rules, perft).
//! - `state`: the `Match` and its rules (splits, securing, merges, the end of the match).
//! - `clock`: time controls and the exact weighted-clock arithmetic.
//! - `event`, `error`, `timeline`, `points`, `outcome`: what the match is made of.
//! - `record`: the match record (save format) writer and reader; `Match::timeline_pgn`
//!   exports one timeline as PGN.
//! - `take_back`: a player's last move on a timeline and its answer taken off.
//! - `ai`: the opponent.
//!
//! See the crate's README for the rules decisions where rules.md is silent.

pub mod ai;
pub mod chess;
pub mod clock;
pub mod error;
pub mod event;
mod export;
pub mod outcome;
pub mod points;
pub mod record;
pub mod state;
pub mod take_back;
pub mod timeline;

pub use cozy_chess;

pub use clock::{Clocks, Rate, TimeControl};
pub use error::MatchError;
pub use event::{Action, Event, TimedEvent};
pub use points::Points;
pub use record::RecordError;
pub use state::{
    Applied, EndReason, FlagFall, MAX_OPEN_TIMELINES, Match, MatchResult, Offer, Outcome,
    START_SHARE, WIN_ABOVE,
};
pub use take_back::TakeBackError;
pub use timeline::{Fork, Timeline, TimelineEnd};
