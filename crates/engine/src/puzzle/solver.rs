//! The exact "mate in N turns" search.
//!
//! N counts the attacker's turns. Mate in 1: an action after which the defender is
//! checkmated. Mate in N: an action after which the defender is checkmated, or has legal
//! actions and every one of them leads to a position with a mate in N-1. A stalemated
//! defender is a failure. So a mate in K is also a mate in every N > K.
//!
//! Both sides' actions come from the engine's exact enumeration (`search::legal_actions`),
//! so the answer is exact whenever the search finishes; any limit that stops it makes the
//! whole answer `Stopped`, never a "mate" or "no mate" that was not proved.
//!
//! Two orderings make the usual case fast without touching exactness: the attacker's
//! actions come captures and checks first, and at each depth the last refutation (or mating
//! action) found is tried first in the next sibling position when it is legal there (a
//! "killer"); the enumeration then skips that same action.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::game::is_legal_move;
use crate::position::{Move, Position};
use crate::search::{self, Limits, MoveOrder, Outcome, legal_actions};

/// One player's whole turn: its moves in an order that `Position::make_move` replays.
pub type Action = Vec<Move>;

/// Limits on a puzzle search. A search that reaches one answers "unknown".
#[derive(Clone, Copy, Debug)]
pub struct SolveLimits<'a> {
    /// Actions the solver may try, of either side, over the whole search (0 = no limit).
    pub max_nodes: u64,
    /// Budget of each call of the engine's exact search, in moves made (0 = no limit): an
    /// enumeration or mate test bigger than this stops the solve.
    pub search_nodes: u64,
    /// Wall-clock time for the whole search.
    pub time: Option<Duration>,
    /// Stops the search as soon as it is set (polled every few hundred actions, and by
    /// the engine's search).
    pub stop: Option<&'a AtomicBool>,
}

impl Default for SolveLimits<'_> {
    /// 5,000,000 actions, 2,000,000 moves per engine search, no time limit.
    fn default() -> Self {
        SolveLimits {
            max_nodes: 5_000_000,
            search_nodes: 2_000_000,
            time: None,
            stop: None,
        }
    }
}

/// A limit stopped the search: the answer is unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// The search state: limits, counters and the killer actions of each depth.
pub(crate) struct Solver<'a> {
    lim: SolveLimits<'a>,
    deadline: Option<Instant>,
    /// Actions tried so far.
    pub(crate) nodes: u64,
    /// Last mating action found by `mate_in(_, n)`, by n.
    killer_att: Vec<Option<Action>>,
    /// Last refutation found by `loses(_, k)`, by k.
    killer_def: Vec<Option<Action>>,
}

impl<'a> Solver<'a> {
    pub(crate) fn new(lim: SolveLimits<'a>) -> Solver<'a> {
        Solver {
            lim,
            deadline: lim.time.map(|t| Instant::now() + t),
            nodes: 0,
            killer_att: Vec::new(),
            killer_def: Vec::new(),
        }
    }

    pub(crate) fn tick(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.lim.max_nodes != 0 && self.nodes > self.lim.max_nodes {
            return Err(Stopped);
        }
        if self.nodes & 63 == 0 {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Stopped);
            }
            if self.lim.stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
                return Err(Stopped);
            }
        }
        Ok(())
    }

    pub(crate) fn search_limits(&self) -> Limits<'a> {
        Limits {
            max_nodes: self.lim.search_nodes,
            stop: self.lim.stop,
        }
    }

    fn killer(v: &[Option<Action>], i: usize) -> Option<Action> {
        v.get(i).cloned().flatten()
    }

    fn set_killer(v: &mut Vec<Option<Action>>, i: usize, a: Action) {
        if v.len() <= i {
            v.resize(i + 1, None);
        }
        v[i] = Some(a);
    }

    /// A mate in `n` turns for the player to move in `pos` (at the start of a
    /// turn): a first action, or `None` when there is none (proved).
    pub(crate) fn mate_in(&mut self, pos: &Position, n: u8) -> Result<Option<Action>, Stopped> {
        if n == 0 {
            return Ok(None); // no action mates in zero turns
        }
        let killer = Self::killer(&self.killer_att, n as usize);
        if let Some(k) = &killer
            && let Some(after) = try_action(pos, k)
        {
            self.tick()?;
            if self.loses(&after, n - 1)? {
                return Ok(Some(k.clone()));
            }
        }
        let mut it = legal_actions(pos, MoveOrder::CapturesThenChecks, self.search_limits());
        while let Some(p) = it.next_position() {
            if killer.as_ref().is_some_and(|k| p.turn_moves().eq(k.iter())) {
                continue;
            }
            let action: Action = p.turn_moves().copied().collect();
            let mut after = p.clone();
            after.submit_unchecked();
            self.tick()?;
            if self.loses(&after, n - 1)? {
                Self::set_killer(&mut self.killer_att, n as usize, action.clone());
                return Ok(Some(action));
            }
        }
        if it.stopped() {
            return Err(Stopped);
        }
        Ok(None)
    }

    /// Whether the defender, to move in `pos` (at the start of a turn), loses within `k`
    /// more attacker turns: checkmated now, or (k >= 1) with legal actions that all lead to
    /// a mate in k. Stalemate is not a loss.
    pub(crate) fn loses(&mut self, pos: &Position, k: u8) -> Result<bool, Stopped> {
        let check = pos.in_check();
        if k == 0 {
            if !check {
                return Ok(false);
            }
            return match search::find_action(pos, self.search_limits()) {
                Outcome::Done(found) => Ok(found.is_none()),
                Outcome::Unknown => Err(Stopped),
            };
        }
        Ok(self.refutation(pos, k)?.is_none_and_lost(check))
    }

    /// The defender's escape in `pos` against a mate in `k` more attacker turns: a legal
    /// action after which there is no mate in `k`; `Lost` when every action loses.
    pub(crate) fn refutation(&mut self, pos: &Position, k: u8) -> Result<Defence, Stopped> {
        debug_assert!(k >= 1);
        let killer = Self::killer(&self.killer_def, k as usize);
        if let Some(r) = &killer
            && let Some(after) = try_action(pos, r)
        {
            self.tick()?;
            if self.mate_in(&after, k)?.is_none() {
                return Ok(Defence::Escape(r.clone()));
            }
        }
        let mut it = legal_actions(pos, MoveOrder::Natural, self.search_limits());
        // The enumeration yields every legal action, the killer's too (before it is skipped).
        let mut any = false;
        while let Some(p) = it.next_position() {
            any = true;
            if killer.as_ref().is_some_and(|r| p.turn_moves().eq(r.iter())) {
                continue;
            }
            let action: Action = p.turn_moves().copied().collect();
            let mut after = p.clone();
            after.submit_unchecked();
            self.tick()?;
            if self.mate_in(&after, k)?.is_none() {
                Self::set_killer(&mut self.killer_def, k as usize, action.clone());
                return Ok(Defence::Escape(action));
            }
        }
        if it.stopped() {
            return Err(Stopped);
        }
        Ok(if any {
            Defence::Lost
        } else {
            Defence::NoAction
        })
    }
}

/// What the defender can do against a threatened mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Defence {
    /// This action escapes: no mate in the remaining turns after it.
    Escape(Action),
    /// The defender has legal actions and every one loses.
    Lost,
    /// The defender has no legal action (checkmate if in check, else stalemate).
    NoAction,
}

impl Defence {
    /// Whether the defender loses: every action loses, or none exists and it is in check.
    fn is_none_and_lost(&self, in_check: bool) -> bool {
        match self {
            Defence::Escape(_) => false,
            Defence::Lost => true,
            Defence::NoAction => in_check,
        }
    }
}

/// The position after playing and submitting `moves` from `pos`, if that is a legal
/// action (each move legal when made, and the turn can be submitted).
pub fn try_action(pos: &Position, moves: &[Move]) -> Option<Position> {
    if moves.is_empty() {
        return None;
    }
    let mut p = pos.clone();
    for m in moves {
        if !is_legal_move(&p, m) {
            return None;
        }
        p.make_move(m);
    }
    if !p.can_submit() {
        return None;
    }
    p.submit_unchecked();
    Some(p)
}
