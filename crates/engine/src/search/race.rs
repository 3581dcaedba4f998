//! `find_action`, and when it has a long tail, raced by random constructions.
//!
//! The exact search answers almost every position within a few hundred nodes (an action, or
//! the proof that there is none). It has a long tail: in some positions its fixed order
//! spends minutes in subtrees without an action (seen with two hundred timelines, and with
//! ten timelines and a king in check, where it took 55 s), while a random action built board
//! by board works at the first tries. Where legal actions are rare the exact search finds
//! one (or proves there is none) and random tries never do. So the exact search runs alone
//! on the calling thread first, with a small node budget (no thread, no second core, in the
//! common case); only when that budget is spent do the two run side by side, and the first
//! answer wins.

use std::sync::atomic::{AtomicBool, Ordering};

use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::dfs::{find_action, safe_after};
use super::limits::{Limits, Outcome};
use crate::position::{Move, Position};

/// Nodes the exact search gets alone, on the calling thread, before the race starts. The
/// positions of real games are answered within it (`timefork-cli bench --max-nodes 4000`
/// decides every state of the conformance games, most at its greedy first try); the
/// tail needs millions.
pub const ALONE_NODES: u64 = 4_000;

/// Like `find_action` (`Done(None)` is a proof that there is no action; `Unknown` when the
/// node budget or `limits.stop` ended the exact search before either side answered). The
/// exact search runs alone for `ALONE_NODES` nodes; past them, random constructions
/// (`random_construction`) are tried on the calling thread while the exact search starts
/// again on another. The action found may differ between runs; whether there is one does
/// not.
pub fn find_action_raced(
    pos: &Position,
    limits: Limits,
    rng: &mut StdRng,
) -> Outcome<Option<Vec<Move>>> {
    let stopped = || limits.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    if stopped() {
        return Outcome::Unknown;
    }
    let alone = match limits.max_nodes {
        0 => ALONE_NODES,
        n => n.min(ALONE_NODES),
    };
    if let Outcome::Done(r) = find_action(
        pos,
        Limits {
            max_nodes: alone,
            stop: limits.stop,
        },
    ) {
        return Outcome::Done(r);
    }
    if stopped() || limits.max_nodes == alone {
        return Outcome::Unknown;
    }
    // Set when either side has an answer, or when the caller's stop is.
    let over = AtomicBool::new(false);
    std::thread::scope(|s| {
        let exact = s.spawn(|| {
            let r = find_action(
                pos,
                Limits {
                    // The restart counts against the caller's budget with the first try.
                    max_nodes: match limits.max_nodes {
                        0 => 0,
                        n => n - alone,
                    },
                    stop: Some(&over),
                },
            );
            over.store(true, Ordering::Relaxed);
            r
        });
        let mut mine = None;
        while !over.load(Ordering::Relaxed) {
            if stopped() {
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
            Some(a) => Outcome::Done(Some(a)),
            None => theirs,
        }
    })
}

/// Tries of the board-by-board construction per call.
const TRIES: usize = 8;

/// A random legal action built board by board, if one of a few tries works: each board
/// that must be played gets a random move that is safe on its own, and the turn is kept
/// if the engine says it can be submitted. Not uniform over the legal actions, and it
/// plays only the boards that must be played. `pos` is at the start of a turn.
fn random_construction(pos: &Position, rng: &mut StdRng) -> Option<Vec<Move>> {
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
            if boards.is_empty() {
                return None;
            }
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
