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
/// Past the enumeration's node budget, the board-by-board construction races the exact
/// search (`any_action`).
pub fn random_action(
    pos: &Position,
    rng: &mut StdRng,
    stop: &AtomicBool,
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
    any_action(pos, rng, stop)
}

/// A legal action, or the proof that there is none, when the beam found none: random
/// board-by-board constructions race the exact search on a second thread, and the first
/// answer wins. Each is quick where the other has a long tail: with two hundred timelines
/// the exact search's fixed order can spend minutes in a subtree without an action while
/// one random construction in ten works; where legal actions are rare, the exact search
/// finds one (or proves mate) and random tries never do. `Err(Stopped)` only when `stop`
/// was set first.
pub fn any_action(
    pos: &Position,
    rng: &mut StdRng,
    stop: &AtomicBool,
) -> Result<Vec<Move>, NoChoice> {
    if stop.load(Ordering::Relaxed) {
        return Err(NoChoice::Stopped);
    }
    // Set when either side of the race has an answer, or when `stop` is.
    let over = AtomicBool::new(false);
    std::thread::scope(|s| {
        let exact = s.spawn(|| {
            let r = exact_action(pos, &over);
            over.store(true, Ordering::Relaxed);
            r
        });
        let mut mine = None;
        while !over.load(Ordering::Relaxed) {
            if stop.load(Ordering::Relaxed) {
                over.store(true, Ordering::Relaxed);
                break;
            }
            if let Some(a) = random_construction(pos, rng) {
                mine = Some(a);
                over.store(true, Ordering::Relaxed);
            }
        }
        let theirs = exact.join().expect("the exact search does not panic");
        match mine {
            Some(a) => Ok(a),
            None => theirs,
        }
    })
}

/// Tries of the board-by-board construction.
const TRIES: usize = 8;

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
