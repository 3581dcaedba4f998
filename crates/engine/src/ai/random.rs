//! The random mover (`Level::Random`).
//!
//! Uniform over all legal actions when the exact search can enumerate them within a node
//! budget (reservoir sampling over `for_each_action`; true in Standard openings and most
//! positions with a few timelines). Otherwise a random legal action built board by board:
//! each board that must be played gets a random move that is safe on its own, and the turn
//! is kept if the engine says it can be submitted (not uniform then), tried again and
//! again until the deadline. If none works, the exact search's `find_action` supplies one
//! or proves there is none (until `stop` is set: `NoChoice::Stopped` then).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::ai::{NoChoice, exact_action};
use crate::position::{Move, Position};
use crate::search::{Limits, Outcome, for_each_action, safe_after};

/// Node budget of the enumeration before giving up on uniformity.
const ENUM_NODES: u64 = 20_000;

/// A random legal action, or why there is none (see `NoChoice`: a proof, or `stop`).
///
/// The board-by-board construction is retried until `deadline` before the exact search is
/// asked (which can take minutes in positions with a hundred timelines).
pub fn random_action(
    pos: &Position,
    rng: &mut StdRng,
    stop: &AtomicBool,
    deadline: Instant,
) -> Result<Vec<Move>, NoChoice> {
    let mut chosen: Option<Vec<Move>> = None;
    let mut n = 0u64;
    let r = for_each_action(
        pos,
        Limits {
            max_nodes: ENUM_NODES,
            stop: Some(stop),
        },
        |p| {
            n += 1;
            if rng.random_range(0..n) == 0 {
                chosen = Some(p.turn_moves().copied().collect());
            }
            true
        },
    );
    if let Outcome::Done(()) = r {
        // The whole enumeration: no action at all is a proof.
        return match chosen {
            Some(a) => Ok(a),
            None if pos.in_check() => Err(NoChoice::Checkmate),
            None => Err(NoChoice::Stalemate),
        };
    }
    if let Some(a) = random_construction_until(pos, rng, stop, deadline) {
        return Ok(a);
    }
    exact_action(pos, stop)
}

/// Tries of the board-by-board construction.
const TRIES: usize = 8;

/// `random_construction`, repeated until one works, `stop` is set or `deadline` passes
/// (tried at least once). Where the beam finds nothing (a hundred timelines, most moves
/// unsafe) one construction in ten or so may still work, at a few milliseconds each.
pub fn random_construction_until(
    pos: &Position,
    rng: &mut StdRng,
    stop: &AtomicBool,
    deadline: Instant,
) -> Option<Vec<Move>> {
    loop {
        if let Some(a) = random_construction(pos, rng) {
            return Some(a);
        }
        if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
            return None;
        }
    }
}

/// A random action built board by board (see the module docs), if one of the tries works.
pub fn random_construction(pos: &Position, rng: &mut StdRng) -> Option<Vec<Move>> {
    let mut moves = Vec::new();
    'tries: for _ in 0..TRIES {
        let mut p = pos.clone();
        let mut steps = 0;
        while !p.present_passed() {
            steps += 1;
            if steps > 4 * (p.l_max() - p.l_min() + 2) {
                continue 'tries;
            }
            let boards = p.mandatory_boards();
            let (l, _) = boards[rng.random_range(0..boards.len())];
            moves.clear();
            p.board_moves(l, &mut moves);
            moves.shuffle(rng);
            let mut ok = false;
            for m in &moves {
                let e = p.make_move(m);
                if safe_after(&p, e, true) {
                    ok = true;
                    break;
                }
                p.undo_move();
            }
            if !ok {
                continue 'tries;
            }
        }
        if p.can_submit() {
            return Some(p.turn_moves().copied().collect());
        }
    }
    None
}
