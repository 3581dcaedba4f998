//! Forced mates in two turns, decided with the exact search as the oracle (issue 20).
//!
//! A mate in two for the side to move is a turn after which every reply of the opponent
//! allows a mate in one. The same look, from the opponent's side after a turn we might
//! play, tells whether that turn loses in two (`safety`).
//!
//! Which first turns are asked about: those that give check, from the checking beam
//! (`turns::checking_turns`, mates over several boards) and then from the lazy
//! enumeration of legal actions ordered by `mates::gives_check`, as for mates in one. A
//! check restricts the replies, so they can be enumerated. Then, within the cap, the quiet
//! first turns, captures first (a sacrifice whose every answer is mated): most have too
//! many replies to be proved, but in positions of a few boards they can be.
//!
//! Each first turn is refuted by one reply after which there is no mate in one. Replies
//! are tried best defence first: the opponent's own beam (`turns::candidates`: captures of
//! the checking piece, royal escapes) and then every legal reply, captures and checks
//! first. A first turn counts as a mate in two only when every reply was enumerated and
//! each was answered by a mate in one that the exact search proved (`MateInOne::Found`),
//! so a `Found` here is a proof; its absence proves nothing.

use std::cell::Cell;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::ai::mates::{
    MateInOne, Reach, WALK_MAX_BOARDS, find_mate_in_one_capped, walk_checking_actions,
};
use crate::ai::turns;
use crate::position::{Move, Position};
use crate::search::{Limits, MoveOrder, Outcome, legal_actions};

/// How much one look may ask about.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    /// Checking first turns asked about.
    pub first_turns: usize,
    /// Replies enumerated per first turn: a first turn with more is not a proved mate.
    pub replies: usize,
    /// Partial turns of the checking beam of each inner look for a mate in one.
    pub beam: usize,
    /// Actions with a checking move asked about in each inner look for a mate in one
    /// (after the checking beam's turns).
    pub checks: usize,
    /// Nodes of each walk over whole actions (0: no cap, the deadline ends it).
    pub walk_nodes: u64,
    /// Replies looked at in all (each a look for a mate in one): past it the look ends as
    /// if out of time. Without a clock this is what bounds the whole look.
    pub looks: usize,
}

impl Default for Caps {
    /// Measured on the states of self-played Standard games: with 48 first turns, 120
    /// replies and inner looks of 48 the look ran to its deadline (1 s) in most states.
    fn default() -> Caps {
        Caps {
            first_turns: 24,
            replies: 60,
            beam: 12,
            checks: 16,
            walk_nodes: 0,
            looks: usize::MAX,
        }
    }
}

impl Caps {
    /// The caps of a look for a mate in two of one's own within `reach`: the default caps,
    /// ended by the reach's budget or the deadline.
    pub(crate) fn within(reach: Reach) -> Caps {
        Caps {
            walk_nodes: reach.walk_nodes,
            looks: reach.looks,
            ..Caps::default()
        }
    }

    /// The caps of the safety net, the look for the opponent's mate in two after a turn
    /// about to be played (`safety`): every first turn, quiet ones too, and more checks in
    /// each inner look, until the reach's budget or the deadline ends it. With the default
    /// caps it missed mates whose first move is quiet (`Nd4`, then mate) or whose mate in
    /// one lay past the sixteenth check asked, so Hard walked into them whenever its own
    /// ordering put such a turn first. A look for one's own mate keeps the default caps:
    /// with these it took 10 s in a position of manyChecks without a clock, where a missed
    /// mate costs only a longer game.
    pub(crate) fn safety_net(reach: Reach) -> Caps {
        Caps {
            first_turns: usize::MAX,
            checks: reach.checks.min(NET_CHECKS),
            ..Caps::within(reach)
        }
    }
}

/// Checks asked about in each inner look for a mate in one of the safety net
/// (`Caps::safety_net`): 16 missed a knights' mate in Focused - Just Knights, 64 did not.
const NET_CHECKS: usize = 64;

/// The opponent's best replies from its beam that are tried before the enumeration.
const DEFENCES: usize = 6;

/// What a look for a mate in two found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateInTwo {
    /// A first turn after which every reply allows a proved mate in one (its moves, in
    /// the order `make_move` replays them).
    Found(Vec<Move>),
    /// No first turn within the caps is a proved mate in two (none is looked for with
    /// more than `WALK_MAX_BOARDS` boards to play: its replies could not all be asked).
    NotFound,
    /// The look ended undecided: the deadline or the stop flag, or its caps on work
    /// (`Caps::looks`, `Caps::walk_nodes`), ended it first.
    Unknown,
}

/// Looks for a forced mate in two of the side to move in `pos` (a position at the start
/// of a turn) among its checking turns, until `deadline` or `stop`.
pub fn find_mate_in_two(
    pos: &Position,
    deadline: Instant,
    stop: &AtomicBool,
    caps: Caps,
) -> MateInTwo {
    // A proof enumerates every reply, whose number is the product of the moves on every
    // board the opponent plays: with many boards there are always more than the cap.
    if pos.mandatory_boards().len() > WALK_MAX_BOARDS {
        return MateInTwo::NotFound;
    }
    let looks = Cell::new(0usize);
    let out_of_time =
        || looks.get() > caps.looks || stop.load(Ordering::Relaxed) || Instant::now() >= deadline;
    let mut tick = 0u32;
    let mut beam_stop = || {
        tick += 1;
        stop.load(Ordering::Relaxed) || (tick.is_multiple_of(8) && Instant::now() >= deadline)
    };
    let mut asked: HashSet<u64> = HashSet::new();
    let mut n = 0usize;
    // A first turn (the position after its moves, not submitted): a mate in two?
    let mut ask = |p: &Position| -> Option<MateInTwo> {
        let mut q = p.clone();
        q.submit_unchecked();
        if !asked.insert(q.position_hash()) {
            return None;
        }
        n += 1;
        if n > caps.first_turns {
            return Some(MateInTwo::NotFound);
        }
        if out_of_time() {
            return Some(MateInTwo::Unknown);
        }
        match every_reply_mated(&q, deadline, stop, caps, &looks) {
            Outcome::Done(true) => Some(MateInTwo::Found(p.turn_moves().copied().collect())),
            Outcome::Done(false) => None,
            Outcome::Unknown if out_of_time() => Some(MateInTwo::Unknown),
            Outcome::Unknown => None,
        }
    };
    for p in turns::checking_turns(pos, 24, &mut beam_stop) {
        if let Some(r) = ask(&p) {
            return r;
        }
    }
    if out_of_time() {
        return MateInTwo::Unknown;
    }
    // Then every action with a checking move, as the look for a mate in one takes them.
    match walk_checking_actions(pos, stop, caps.walk_nodes, &mut ask) {
        Outcome::Done(Some(r)) => return r,
        Outcome::Unknown => return MateInTwo::Unknown,
        Outcome::Done(None) => {}
    }
    // Then quiet first turns, captures first (a sacrifice that leaves every reply mated),
    // within what is left of the cap: their replies are many, so most are refuted at
    // the first defence or have too many replies to be proved.
    let mut quiet = legal_actions(
        pos,
        MoveOrder::CapturesFirst,
        Limits {
            max_nodes: caps.walk_nodes,
            stop: Some(stop),
        },
    );
    while let Some(p) = quiet.next_position() {
        if let Some(r) = ask(p) {
            return r;
        }
    }
    if quiet.stopped() {
        MateInTwo::Unknown
    } else {
        MateInTwo::NotFound
    }
}

/// Whether every legal action of the side to move in `pos` (after the opponent's first
/// turn, submitted) allows the opponent a proved mate in one. `Done(false)` as soon as
/// one reply does not (or is mate already for the side to move: that is no escape either
/// way); `Unknown` when the replies were more than `caps.replies` or time ran out.
fn every_reply_mated(
    pos: &Position,
    deadline: Instant,
    stop: &AtomicBool,
    caps: Caps,
    looks: &Cell<usize>,
) -> Outcome<bool> {
    let mut tried: HashSet<u64> = HashSet::new();
    let mut replies = 0usize;
    // Some reply escapes when the opponent has no proved mate after it.
    let mut escapes = |after_reply: &Position| -> Outcome<bool> {
        let mut q = after_reply.clone();
        q.submit_unchecked();
        if !tried.insert(q.position_hash()) {
            return Outcome::Done(false);
        }
        replies += 1;
        looks.set(looks.get() + 1);
        if replies > caps.replies || looks.get() > caps.looks {
            return Outcome::Unknown;
        }
        match find_mate_in_one_capped(&q, deadline, stop, caps.beam, caps.checks, caps.walk_nodes) {
            MateInOne::Found(_) => Outcome::Done(false),
            MateInOne::None => Outcome::Done(true),
            MateInOne::Unknown => {
                if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                    Outcome::Unknown
                } else {
                    // No mate found within the caps: as good as an escape for a proof.
                    Outcome::Done(true)
                }
            }
        }
    };
    let mut tick = 0u32;
    let mut beam_stop = || {
        tick += 1;
        stop.load(Ordering::Relaxed) || (tick.is_multiple_of(8) && Instant::now() >= deadline)
    };
    let (defences, _) = turns::candidates(pos, DEFENCES, &mut beam_stop);
    for c in &defences {
        let mut p = pos.clone();
        for m in &c.moves {
            p.make_move(m);
        }
        match escapes(&p) {
            Outcome::Done(true) => return Outcome::Done(false),
            Outcome::Done(false) => {}
            Outcome::Unknown => return Outcome::Unknown,
        }
    }
    let mut it = legal_actions(
        pos,
        MoveOrder::CapturesThenChecks,
        Limits {
            max_nodes: caps.walk_nodes,
            stop: Some(stop),
        },
    );
    let mut any = false;
    while let Some(p) = it.next_position() {
        any = true;
        match escapes(p) {
            Outcome::Done(true) => return Outcome::Done(false),
            Outcome::Done(false) => {}
            Outcome::Unknown => return Outcome::Unknown,
        }
    }
    if it.stopped() {
        return Outcome::Unknown;
    }
    // No legal reply at all: the first turn was a mate in one (or a stalemate, which is
    // no win): only a mate counts.
    if !any {
        return Outcome::Done(pos.in_check());
    }
    Outcome::Done(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::mates::Reach;
    use crate::ai::tactics::{self, read_tactic};
    use crate::game::Game;
    use crate::notation::read_turn_moves;
    use crate::search::Limits;

    /// The position after `turn` in the shipped tactic `name`, and whether the exact search
    /// (every first turn, every reply) finds a mate in two for the opponent there.
    fn after(name: &str, turn: &str) -> (Position, bool) {
        let path = format!(
            "{}/tests/data/tactics/{name}.5dpgn",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let t = read_tactic(&text).unwrap();
        let moves = read_turn_moves(t.position(), turn).unwrap();
        let mut g = Game::new(t.position().clone());
        g.apply_action(&moves).unwrap();
        let pos = g.position().clone();
        let exact = tactics::find_mate_in_two_exhaustive(&pos, Limits::default());
        (pos, matches!(exact, Outcome::Done(Some(_))))
    }

    /// Hard played these turns in shipped "avoid mate in 2" tactics when its safety net
    /// missed the opponent's mate: a quiet king move first (Just Knights: Kc2, then a
    /// knight mates) and a rook move on the other timeline ((-1T8)Rb1). The exact search
    /// proves both; the net, within the budget Hard has without a clock, must see them.
    #[test]
    fn the_safety_net_sees_mates_in_two_that_start_quietly() {
        for (name, turn) in [
            (
                "hard-lost-FocusedJustKnights-medium-60ms-g016-s003",
                "(0T2)Ka4",
            ),
            (
                "hard-lost-Standard-medium-100ms-g034-s015",
                "(0T8)Ng8>>(0T7)g6",
            ),
        ] {
            let (pos, exact) = after(name, turn);
            assert!(
                exact,
                "{name}: the exact search finds no mate in two after {turn}"
            );
            let far = Instant::now() + std::time::Duration::from_secs(3600);
            let found = find_mate_in_two(
                &pos,
                far,
                &AtomicBool::new(false),
                Caps::safety_net(Reach::LIMITED),
            );
            assert!(
                matches!(found, MateInTwo::Found(_)),
                "{name}: after {turn} the net answered {found:?}"
            );
        }
    }
}
