//! Not walking into a mate in one (issue 15).
//!
//! The search's replies come from a beam, which can miss a mate that needs moves on several
//! boards. So before Hard and Max play a turn, the exact search checks it: the opponent's
//! actions with a checking move are asked, one by one, whether they mate
//! (`mates::find_mate_in_one`). The turns are taken best first; the first that is safe is
//! played. When every candidate of the beam loses that way, other legal actions are
//! tried until one is safe or time runs out.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::ai::eval::{self, MATE, MATE_BOUND};
use crate::ai::mates::{MateInOne, find_mate_in_one};
use crate::ai::turns::Candidate;
use crate::position::{Move, Position};
use crate::search::{Limits, MoveOrder, legal_actions};

/// The score of a turn after which the opponent mates at once.
pub const MATED_NEXT: i32 = -(MATE - 2);

/// The turn to play and what is known of it.
pub(crate) struct SafePick {
    pub moves: Vec<Move>,
    pub score: i32,
}

/// The first of `ranked` (best first) after which the opponent has no mate in one; if the
/// check of one cannot finish before `deadline`, that one (nothing better is known). When
/// every one loses, other legal actions of `pos` are tried until `deadline`.
pub(crate) fn choose_safe(
    pos: &Position,
    ranked: &[(Candidate, i32)],
    deadline: Instant,
    stop: &AtomicBool,
) -> SafePick {
    let out_of_time = || stop.load(Ordering::Relaxed) || Instant::now() >= deadline;
    // Turns the search already saw mated at once are looked at last.
    let known_lost = |s: i32| s <= -MATE_BOUND;
    let order = ranked
        .iter()
        .filter(|(_, s)| !known_lost(*s))
        .chain(ranked.iter().filter(|(_, s)| known_lost(*s)));
    for (c, s) in order {
        match c.safe {
            // The search checked it.
            Some(true) => {
                return SafePick {
                    moves: c.moves.clone(),
                    score: *s,
                };
            }
            Some(false) => continue,
            None => {}
        }
        if out_of_time() {
            return SafePick {
                moves: c.moves.clone(),
                score: *s,
            };
        }
        match find_mate_in_one(&c.after, deadline, stop) {
            MateInOne::Found(_) => {}
            MateInOne::None | MateInOne::Unknown => {
                return SafePick {
                    moves: c.moves.clone(),
                    score: *s,
                };
            }
        }
    }
    // Every candidate loses at once: any other legal action that does not.
    let tried: HashSet<u64> = ranked
        .iter()
        .map(|(c, _)| c.after.position_hash())
        .collect();
    let mut it = legal_actions(
        pos,
        MoveOrder::CapturesThenChecks,
        Limits {
            max_nodes: 0,
            stop: Some(stop),
        },
    );
    while let Some(p) = it.next_position() {
        if out_of_time() {
            break;
        }
        let mut after = p.clone();
        after.submit_unchecked();
        if tried.contains(&after.position_hash()) {
            continue;
        }
        match find_mate_in_one(&after, deadline, stop) {
            MateInOne::Found(_) => {}
            MateInOne::None => {
                return SafePick {
                    moves: p.turn_moves().copied().collect(),
                    score: -eval::evaluate(&after),
                };
            }
            MateInOne::Unknown => break,
        }
    }
    let (c, _) = &ranked[0];
    SafePick {
        moves: c.moves.clone(),
        score: MATED_NEXT,
    }
}
