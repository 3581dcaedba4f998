//! A table: one game of one kind under the authority of whoever runs it (the server, a
//! LAN host). Requests come in the game's own text from a side; the table reads them with
//! the rules crate, refuses with the rules' reason, and answers with what every client of
//! the game must hear. Time is given by the caller, in milliseconds on its own clock.

pub mod fived;
pub mod kingdrops;
pub mod wager;

use std::sync::atomic::AtomicBool;

use timefork_net::msg::{Snapshot, ToJoiner};
use timefork_net::online::{ClockSpec, PlayReq};
use timefork_records::{GameKind, Side};

use crate::Ending;

/// What a request (or the clock, or a check) did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    /// What every client of the game must hear, in order.
    pub syncs: Vec<ToJoiner>,
    /// The side that asked moved (an offer of a draw made to it lapses).
    pub moved: bool,
    /// The game ended here.
    pub ended: Option<Ending>,
}

/// A check the table needs run away from it (5D's mate check after a submitted turn):
/// `key` says which position it was about, so a late answer is recognised.
pub struct Probe {
    pub key: usize,
    pub run: Box<dyn FnOnce(&AtomicBool) -> Option<Ending> + Send>,
}

/// Who plays, for the record's headers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seats {
    pub white: String,
    pub black: String,
}

/// One game under authority.
pub trait Table: Send {
    fn kind(&self) -> GameKind;
    /// The variant's name as the record gives it.
    fn variant(&self) -> String;
    /// The side to play now; None once the game is over.
    fn to_move(&self) -> Option<Side>;
    /// Turns completed (a game is aborted rather than lost before the second).
    fn turns(&self) -> usize;
    /// A request of `side` at `now`.
    fn play(&mut self, side: Side, req: &PlayReq, now: u64) -> Result<Played, String>;
    /// Ends the game from outside its rules (resignation is a request; a draw agreed,
    /// an abandonment or an abort come from the room).
    fn end(&mut self, ending: Ending, now: u64) -> Played;
    fn ending(&self) -> Option<Ending>;
    /// The flag of the side to move fell by `now`: the game ends.
    fn tick(&mut self, now: u64) -> Option<Played>;
    /// When the running flag falls, for a timer.
    fn flag_at(&self, now: u64) -> Option<u64>;
    /// Starts the clock of the side to move (a new game, or a game rebuilt after a
    /// restart: the time between is nobody's).
    fn start_clock(&mut self, now: u64);
    fn stop_clock(&mut self, now: u64);
    /// The whole game, for a client that joins, rejoins or watches.
    fn snapshot(&self, now: u64) -> Snapshot;
    /// The clocks at `now`, as a change to send.
    fn clocks(&self, now: u64) -> Option<ToJoiner>;
    /// The game's record in its own format.
    fn record(&self, now: u64) -> String;
    /// A check to run off the table, when one is due and not yet asked for.
    fn probe(&mut self) -> Option<Probe>;
    /// The answer of the probe `key`; a stale one is dropped.
    fn probe_answer(&mut self, key: usize, ending: Option<Ending>, now: u64) -> Option<Played>;
    /// Whether the players may agree a draw (Timeline Wager has none).
    fn draws_by_agreement(&self) -> bool {
        true
    }
}

/// The variant a seek without one plays.
pub fn default_variant(kind: GameKind) -> &'static str {
    match kind {
        GameKind::FiveD => fived::DEFAULT_VARIANT,
        GameKind::Kingdrops => kingdrops::VARIANT,
        GameKind::Wager => wager::VARIANT,
    }
}

/// A new table for a game of `kind`.
pub fn new_table(
    kind: GameKind,
    variant: Option<&str>,
    seats: Seats,
    clock: Option<ClockSpec>,
) -> Result<Box<dyn Table>, String> {
    match kind {
        GameKind::FiveD => Ok(Box::new(fived::FiveDTable::new(variant, seats, clock)?)),
        GameKind::Kingdrops => Ok(Box::new(kingdrops::KingdropsTable::new(
            variant, seats, clock,
        )?)),
        GameKind::Wager => Ok(Box::new(wager::WagerTable::new(variant, seats, clock)?)),
    }
}
