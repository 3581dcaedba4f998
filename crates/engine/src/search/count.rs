//! Counting a position's legal actions, up to a cap.

use super::dfs::{Dfs, Quiet, quiet_search};
use super::hypercuboid;
use super::iter::for_each_action;
use super::limits::{Limits, Outcome};
use crate::position::Position;

/// Number of legal actions, counting at most `cap` (0 = no cap).
pub fn count_actions(pos: &Position, cap: u64, limits: Limits) -> Outcome<u64> {
    // Actions that play only the boards that must be played, without branching, are found
    // fastest (with backjumping). When there are at least `cap` of them, that is the answer.
    // When there is none, whether any action exists is decided first (`find_action`), so
    // that a position without legal actions is never enumerated.
    let mut n = 0u64;
    let mut d = Dfs::new(pos, limits, |_: &Position| {
        n += 1;
        cap != 0 && n < cap
    });
    let r = quiet_search(&mut d);
    let stopped = d.stopped;
    match r {
        Some(Quiet::Fail(_)) => {
            let pre = d.prefiltered();
            match hypercuboid::find(pos, &pre, limits) {
                Outcome::Unknown => return Outcome::Unknown,
                Outcome::Done(None) => return Outcome::Done(0),
                Outcome::Done(Some(_)) => {}
            }
        }
        None => return Outcome::Done(0),
        Some(Quiet::Found | Quiet::Stop) => {}
    }
    drop(d);
    if stopped && (cap == 0 || n < cap) {
        return Outcome::Unknown;
    }
    if cap != 0 && n >= cap {
        return Outcome::Done(cap);
    }
    let mut n = 0u64;
    let r = for_each_action(pos, limits, |_| {
        n += 1;
        cap == 0 || n < cap
    });
    match r {
        Outcome::Done(()) => Outcome::Done(n),
        Outcome::Unknown if cap != 0 && n >= cap => Outcome::Done(n),
        Outcome::Unknown => Outcome::Unknown,
    }
}
