//! Mates in one turn, decided by the exact search (issue 15).
//!
//! The beam of `turns` builds turns board by board and can miss a mate that needs moves on
//! several boards at once. Here the exact search is the oracle: a turn mates when, after
//! it, the opponent is in check and `find_action` proves the opponent has no legal action
//! (milliseconds in the positions of real games).
//!
//! Which turns to ask about: a mating turn leaves the opponent in check, and a turn gives
//! check only through a move that does (an attack made by a move's boards stays to the
//! end of the turn, since boards are never changed once made). So the lazy enumeration of
//! legal actions (`search::legal_actions`) is ordered by `gives_check`: every action with
//! a checking move comes first, and the first action without one ends the look. This is
//! exhaustive for checks made by one move; a check that needs two moves of the same turn
//! (a board made by one move filling the gap a slider of another board crosses) is not
//! looked for. `find_mate_exhaustive` asks about every legal action, for the tactics
//! bench and the tests. Before that exhaustive look, a beam that ranks checks first
//! (`turns::checking_turns`) proposes checking turns over any number of boards, which is
//! where the exhaustive look runs out of time.

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::ai::turns;
use crate::position::{Move, Position};
use crate::search::{Limits, MoveOrder, Outcome, find_action, for_each_action, legal_actions};

/// Node budget of the exact search asked whether a checked opponent has a legal action.
/// A probe that runs out counts as "not proved mate".
pub const PROBE_NODES: u64 = 200_000;

/// What a look for a mate in one found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateInOne {
    /// A mating action (its moves in the order `make_move` replays them).
    Found(Vec<Move>),
    /// Every action with a checking move was looked at: none mates.
    None,
    /// The deadline or the stop flag ended the look first.
    Unknown,
}

/// Whether move `m` of the side to move gives check on its own: after it, as if the
/// opponent passed, a piece of the mover on a board the move made could capture an enemy
/// royal (directly or by discovery), or an enemy royal on such a board could be captured
/// from any board the mover could play.
pub fn gives_check(p: &mut Position, m: &Move) -> bool {
    let me = p.to_move;
    let e = p.make_move(m);
    let mut made = [e.src_l, e.src_l];
    let n = if let Some(d) = e.dst_l {
        made[1] = d;
        2
    } else {
        1
    };
    // The boards the move made are the opponent's to play; passing would copy them.
    for &l in &made[..n] {
        p.push_null_board(l);
    }
    let hit = made[..n].iter().any(|&l| {
        p.attack_from_board(l, me).is_some() || p.attack_on_board(l, p.last_h(l), me).is_some()
    });
    for &l in &made[..n] {
        p.pop_board(l);
    }
    p.undo_move();
    hit
}

/// Whether the position after an action (not yet submitted) is mate for the opponent.
/// `Unknown` when the probe could not decide within its budget or `stop` was set.
pub fn mates(after_action: &Position, stop: Option<&AtomicBool>) -> Outcome<bool> {
    let mut q = after_action.clone();
    q.submit_unchecked();
    if !q.in_check() {
        return Outcome::Done(false);
    }
    match find_action(
        &q,
        Limits {
            max_nodes: PROBE_NODES,
            stop,
        },
    ) {
        Outcome::Done(None) => Outcome::Done(true),
        Outcome::Done(Some(_)) => Outcome::Done(false),
        Outcome::Unknown => Outcome::Unknown,
    }
}

/// Partial turns the checking beam keeps (see `turns::checking_turns`).
const CHECK_BEAM: usize = 48;

/// Boards to play above which the look for a mate in one stops after its beam (measured
/// on self-played Standard games: with more, the walk over every checking action ran to
/// the deadline without an answer, taking the search's time).
pub const WALK_MAX_BOARDS: usize = 4;

/// Looks for a mating action of the side to move in `pos` (a position at the start of a
/// turn), until `deadline` or `stop`: first among the checking turns of a beam (quick,
/// and it reaches mates across many boards), then among every action with a checking
/// move (exhaustive, in positions with few boards).
pub fn find_mate_in_one(pos: &Position, deadline: Instant, stop: &AtomicBool) -> MateInOne {
    find_mate_in_one_within(pos, deadline, stop, Reach::CLOCKED)
}

/// How far the looks for mates go besides their deadline. With no clock (`ai::Limit`)
/// they end after a fixed number of tries instead, so that what they find is the same on
/// every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Actions with a checking move asked about after the beam's, in a look for a mate in
    /// one.
    pub checks: usize,
    /// Other legal actions tried when every candidate loses (`safety::choose_safe`).
    pub others: usize,
    /// Nodes of each walk over whole actions (0: no cap, the deadline ends it). A walk
    /// enumerates the product of every playable board's moves: with optional boards that
    /// product has no useful bound, so work that must end without a clock needs one.
    pub walk_nodes: u64,
    /// Replies a look for a mate in two may look at in all (`mate_in_two::Caps::looks`).
    pub looks: usize,
}

impl Reach {
    /// The deadline alone decides.
    pub const CLOCKED: Reach = Reach {
        checks: usize::MAX,
        others: usize::MAX,
        walk_nodes: 0,
        looks: usize::MAX,
    };
    /// With no clock: the deadline is far away, these end the looks.
    pub const LIMITED: Reach = Reach {
        checks: 1_000,
        others: 200,
        walk_nodes: 50_000,
        looks: 300,
    };
}

/// `find_mate_in_one` within `reach`.
pub(crate) fn find_mate_in_one_within(
    pos: &Position,
    deadline: Instant,
    stop: &AtomicBool,
    reach: Reach,
) -> MateInOne {
    find_mate_in_one_capped(
        pos,
        deadline,
        stop,
        CHECK_BEAM,
        reach.checks,
        reach.walk_nodes,
    )
}

/// `find_mate_in_one` with a checking beam of `beam` partial turns, asking about at most
/// `max_checks` actions with a checking move after the beam's (`Unknown` when there were
/// more): the look inside a look for a mate in two, where hundreds of such looks share
/// one budget.
pub fn find_mate_in_one_capped(
    pos: &Position,
    deadline: Instant,
    stop: &AtomicBool,
    beam: usize,
    max_checks: usize,
    walk_nodes: u64,
) -> MateInOne {
    let mut tick = 0u32;
    let mut out_of_time = || {
        tick += 1;
        stop.load(Ordering::Relaxed) || (tick.is_multiple_of(8) && Instant::now() >= deadline)
    };
    for p in turns::checking_turns(pos, beam, &mut out_of_time) {
        if mates(&p, Some(stop)) == Outcome::Done(true) {
            return MateInOne::Found(p.turn_moves().copied().collect());
        }
    }
    if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
        return MateInOne::Unknown;
    }
    // The walk enumerates whole actions, the product of every board's moves: with more
    // boards to play it cannot finish, and a mate it would meet first the beam has seen.
    if pos.mandatory_boards().len() > WALK_MAX_BOARDS {
        return MateInOne::Unknown;
    }
    let mut seen = 0u32;
    let mut undecided = false;
    let walk = walk_checking_actions(pos, stop, walk_nodes, |p| {
        seen += 1;
        if seen as usize > max_checks || seen.is_multiple_of(4) && Instant::now() >= deadline {
            return Some(MateInOne::Unknown);
        }
        match mates(p, Some(stop)) {
            Outcome::Done(true) => Some(MateInOne::Found(p.turn_moves().copied().collect())),
            Outcome::Done(false) => None,
            Outcome::Unknown => {
                undecided = true;
                None
            }
        }
    });
    match walk {
        Outcome::Done(Some(answer)) => answer,
        Outcome::Done(None) if !undecided => MateInOne::None,
        _ => MateInOne::Unknown,
    }
}

/// Visits, lazily, the legal actions of `pos` (a position at the start of a turn) that
/// contain a move giving check on its own (`gives_check`), ending at the first action
/// without one (the order puts them all first), or when `visit` answers. `Done(None)`:
/// every such action was visited; `Unknown`: `stop` or `max_nodes` (0: no cap) ended the
/// walk.
pub fn walk_checking_actions<R>(
    pos: &Position,
    stop: &AtomicBool,
    max_nodes: u64,
    mut visit: impl FnMut(&Position) -> Option<R>,
) -> Outcome<Option<R>> {
    let checking: RefCell<HashSet<Move>> = RefCell::new(HashSet::new());
    // The keys are computed on the start position: one scratch copy, each move made and
    // undone on it (a copy per move would cost much with a hundred timelines).
    let scratch = RefCell::new(pos.clone());
    let order = MoveOrder::Key(Box::new(|_: &Position, m: &Move| {
        if gives_check(&mut scratch.borrow_mut(), m) {
            checking.borrow_mut().insert(*m);
            1
        } else {
            0
        }
    }));
    let mut it = legal_actions(
        pos,
        order,
        Limits {
            max_nodes,
            stop: Some(stop),
        },
    );
    while let Some(p) = it.next_position() {
        if !p.turn_moves().any(|m| checking.borrow().contains(m)) {
            return Outcome::Done(None);
        }
        if let Some(r) = visit(p) {
            return Outcome::Done(Some(r));
        }
    }
    if it.stopped() {
        Outcome::Unknown
    } else {
        Outcome::Done(None)
    }
}

/// A mating action of the side to move, by asking about every legal action (no ordering
/// shortcut: the reference for the tactics bench and the tests). `Unknown` if `limits`
/// stopped the enumeration or a probe.
pub fn find_mate_exhaustive(pos: &Position, limits: Limits) -> Outcome<Option<Vec<Move>>> {
    first_action_where(pos, limits, |p| mates(p, limits.stop))
}

/// The first legal action of `pos` (a position at the start of a turn) that `test` answers
/// `Done(true)` for, given the position after its moves (not yet submitted). `Done(None)`
/// only when every action was asked and each answered `Done(false)`; `Unknown` when
/// `limits` stopped the enumeration or a test could not decide and no action passed.
pub fn first_action_where(
    pos: &Position,
    limits: Limits,
    mut test: impl FnMut(&Position) -> Outcome<bool>,
) -> Outcome<Option<Vec<Move>>> {
    let mut found = None;
    let mut undecided = false;
    let r = for_each_action(pos, limits, |p| match test(p) {
        Outcome::Done(true) => {
            found = Some(p.turn_moves().copied().collect());
            false
        }
        Outcome::Done(false) => true,
        Outcome::Unknown => {
            undecided = true;
            true
        }
    });
    match (found, r) {
        (Some(f), _) => Outcome::Done(Some(f)),
        (None, Outcome::Done(())) if !undecided => Outcome::Done(None),
        _ => Outcome::Unknown,
    }
}
