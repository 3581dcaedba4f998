//! The random mover (`Level::Random`).
//!
//! Uniform over all legal actions when the exact search can enumerate them within a node
//! budget (reservoir sampling over `for_each_action`; true in Standard openings and most
//! positions with a few timelines). Otherwise a random legal action built board by board:
//! each board that must be played gets a random move that is safe on its own, and the turn
//! is kept if the engine says it can be submitted (not uniform then), tried again and
//! again, racing the exact search's `find_action` (`any_action`), which supplies one or
//! proves there is none (until `stop` is set: `NoChoice::Stopped` then).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::RngExt;
use rand::rngs::StdRng;

use crate::ai::NoChoice;
use crate::position::{Move, Position};
use crate::search::{Limits, Outcome, find_action_raced, for_each_action};

/// Node budget of the enumeration before giving up on uniformity.
const ENUM_NODES: u64 = 20_000;

/// A random legal action, or why there is none (see `NoChoice`: a proof, or `stop`).
///
/// Past the enumeration's node budget or `deadline`, the board-by-board construction
/// races the exact search (`any_action`).
pub fn random_action(
    pos: &Position,
    rng: &mut StdRng,
    stop: &AtomicBool,
    deadline: Instant,
) -> Result<Vec<Move>, NoChoice> {
    let mut chosen: Option<Vec<Move>> = None;
    let mut n = 0u64;
    // The enumeration also ends at the deadline: with dozens of timelines its node budget
    // can take seconds, and a turn of a millisecond must still be answered in time.
    let enum_stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                    enum_stop.store(true, Ordering::Relaxed);
                    break;
                }
                std::thread::sleep(Duration::from_micros(500));
            }
        });
        let r = for_each_action(
            pos,
            Limits {
                max_nodes: ENUM_NODES,
                stop: Some(&enum_stop),
            },
            |p| {
                n += 1;
                if rng.random_range(0..n) == 0 {
                    chosen = Some(p.turn_moves().copied().collect());
                }
                true
            },
        );
        finished.store(true, Ordering::Relaxed);
        r
    });
    if let Outcome::Done(()) = r {
        // The whole enumeration: no action at all is a proof.
        return match chosen {
            Some(a) => Ok(a),
            None if pos.in_check() => Err(NoChoice::Checkmate),
            None => Err(NoChoice::Stalemate),
        };
    }
    any_action(pos, rng, stop)
}

/// A legal action, or the proof that there is none, when the beam found none: the exact
/// search raced by random board-by-board constructions (`search::find_action_raced`).
/// `Err(Stopped)` only when `stop` was set first.
pub fn any_action(
    pos: &Position,
    rng: &mut StdRng,
    stop: &AtomicBool,
) -> Result<Vec<Move>, NoChoice> {
    let limits = Limits {
        max_nodes: 0,
        stop: Some(stop),
    };
    match find_action_raced(pos, limits, rng) {
        Outcome::Done(Some(a)) => Ok(a),
        Outcome::Done(None) if pos.in_check() => Err(NoChoice::Checkmate),
        Outcome::Done(None) => Err(NoChoice::Stalemate),
        Outcome::Unknown => Err(NoChoice::Stopped),
    }
}
