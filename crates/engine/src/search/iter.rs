//! The enumeration of legal actions as a lazy, resumable iterator (`legal_actions`).
//!
//! It walks the same canonical tree as the rest of the search (phase 1: each start-playable
//! board in turn is passed or played without branching; phase 2: branching jumps in every
//! order), but with an explicit stack of frames instead of recursion, so that it can stop
//! after any action and resume on the next call. The stack holds at most one frame per
//! playable board per phase, and frames reuse their buffers, so memory does not grow with
//! the number of actions yielded.

use std::cmp::Reverse;

use super::dfs::{Dfs, find_action};
use super::limits::{Limits, Outcome};
use crate::piece::PieceKind;
use crate::position::{Move, Position};

/// The order in which `legal_actions` yields actions. Every order yields the same set.
///
/// An order other than `Natural` gives each move a key (computed once, at the start) and
/// sorts actions into tiers by their best move: for `CapturesFirst`, every action that
/// captures comes before every action that does not; for `CapturesThenChecks`, actions
/// that capture, then actions that check but do not capture, then the rest; for `Key`,
/// actions with a move of positive key, then the rest. Each tier is one depth-first walk
/// over the playable boards (boards that must be played first, in the search's own order)
/// with every board's moves sorted by key, higher first, so within a tier actions come in
/// lexicographic order of the choices made board by board (which board weighs most is the
/// search's decision, not part of this contract). The walk of a tier visits the actions
/// of the tiers after it without yielding them, so going through every tier costs up to one
/// walk per tier; the first action comes as soon as the first tier's walk reaches one.
pub enum MoveOrder<'k> {
    /// The search's own order (the fastest to produce the first action): boards that may be
    /// left alone are passed first, moves in generation order.
    Natural,
    /// Actions that capture first; on each board, captures first (the most valuable victim
    /// first) and, on a board that may be left alone, captures before passing and the other
    /// moves after it.
    CapturesFirst,
    /// Actions that capture first, then actions that check (a move after which the moved
    /// piece attacks a royal piece from the board it made), then the rest; on each board
    /// moves in that order, passing on an optional board after captures and checks.
    CapturesThenChecks,
    /// A custom key, higher first, computed once per move at the start from the position
    /// at the start of the turn and the move: actions with a move of positive key first. On
    /// a board that may be left alone, passing comes after the moves with a positive key and
    /// before the rest.
    Key(MoveKey<'k>),
}

/// A move's key for `MoveOrder::Key`: the position at the start of the turn and the move.
pub type MoveKey<'k> = Box<dyn FnMut(&Position, &Move) -> i32 + 'k>;

/// A rough value of the piece a move captures (0 for none).
fn victim_value(pos: &Position, m: &Move) -> i32 {
    let me = pos.to_move;
    let victim = pos
        .piece_at(m.to)
        .filter(|p| !p.is_empty() && !p.is_color(me))
        .and_then(|p| p.kind());
    let kind = match (victim, m.special) {
        (Some(k), _) => k,
        (None, crate::position::Special::EnPassant) => PieceKind::Pawn,
        (None, _) => return 0,
    };
    match kind {
        PieceKind::Pawn | PieceKind::Brawn => 1,
        PieceKind::Knight | PieceKind::Bishop | PieceKind::CommonKing => 3,
        PieceKind::Unicorn => 4,
        PieceKind::Rook | PieceKind::Dragon => 5,
        PieceKind::Princess => 8,
        PieceKind::Queen => 9,
        PieceKind::King | PieceKind::RoyalQueen => 10,
    }
}

/// Whether the piece that made move `m` attacks a royal piece of the other side from the
/// board the move made (as if it could move again there).
fn gives_check(pos: &mut Position, m: &Move) -> bool {
    let me = pos.to_move;
    let e = pos.make_move(m);
    let l = e.dst_l.unwrap_or(e.src_l);
    let at = crate::position::Coord {
        l,
        h: pos.last_h(l),
        x: m.to.x,
        y: m.to.y,
    };
    let hit = pos
        .piece_at(at)
        .and_then(|p| p.kind())
        .and_then(|k| pos.piece_attacks_royal(at, k, me))
        .is_some();
    pos.undo_move();
    hit
}

/// One step of the walk.
enum Frame {
    /// Phase 1 at board `i`: the choices `opts[next..]` are still to be tried (a move or a
    /// pass, the other board a jump onto a playable board consumes, whether the move counts
    /// for the tier); `made` holds the last two while a move of this frame is on the
    /// position.
    P1 {
        i: usize,
        opts: Vec<(Option<Move>, Option<usize>, bool)>,
        next: usize,
        made: Option<(Option<usize>, bool)>,
    },
    /// Phase 2: branching jumps from board `src` (marked consumed while `marked`), the
    /// next one being `branches[src][mi]`; `made` while one of them is on the position
    /// (whether it counts for the tier).
    P2 {
        src: usize,
        mi: usize,
        marked: bool,
        made: Option<bool>,
    },
}

/// The resumable walk over the canonical tree of actions, one walk per tier.
pub(super) struct Walker<'a> {
    pub(super) d: Dfs<'a, fn(&Position) -> bool>,
    /// Frames `stack[..top]` are live; those above keep their buffers for reuse.
    stack: Vec<Frame>,
    top: usize,
    /// Moves of board `i` that come before passing on it (the rest come after).
    pass_at: Vec<usize>,
    /// Every board's moves and branching jumps with their keys, sorted (empty for
    /// `Natural`); each tier's walk uses those under the previous tier's threshold.
    all_moves: Vec<Vec<(i32, Move)>>,
    all_branches: Vec<Vec<(i32, Move)>>,
    /// Keys of `d.moves` and `d.branches` in this tier.
    mkeys: Vec<Vec<i32>>,
    bkeys: Vec<Vec<i32>>,
    /// Thresholds of the tiers but the last, highest first: the walk of tier `t` yields
    /// the actions with a move of key at least `tiers[t]`; the last yields all the rest.
    tiers: Vec<i32>,
    tier: usize,
    /// Moves on the position that count for the tier (key at least its threshold).
    hi: usize,
    started: bool,
    finished: bool,
    /// Whether the first call decides first whether any action exists (see `legal_actions`).
    decide_first: Option<Position>,
}

fn no_visit(_: &Position) -> bool {
    true
}

impl<'a> Walker<'a> {
    pub(super) fn new(pos: &Position, limits: Limits<'a>, order: MoveOrder<'_>) -> Self {
        let mut d: Dfs<'a, fn(&Position) -> bool> = Dfs::new(pos, limits, no_visit);
        let n = d.boards.len();
        let pass_at: Vec<usize> = (0..n)
            .map(|i| if d.is_mandatory[i] { usize::MAX } else { 0 })
            .collect();
        type KeyFn<'f> = Box<dyn FnMut(&mut Position, &Move) -> i32 + 'f>;
        let (key, tiers): (Option<KeyFn<'_>>, Vec<i32>) = match order {
            MoveOrder::Natural => (None, Vec::new()),
            MoveOrder::CapturesFirst => (
                Some(Box::new(|p: &mut Position, m: &Move| {
                    let v = victim_value(p, m);
                    if v > 0 { 10 + v } else { 0 }
                })),
                vec![1],
            ),
            MoveOrder::CapturesThenChecks => (
                Some(Box::new(|p: &mut Position, m: &Move| {
                    let v = victim_value(p, m);
                    if v > 0 {
                        10 + v
                    } else {
                        i32::from(gives_check(p, m))
                    }
                })),
                vec![10, 1],
            ),
            MoveOrder::Key(mut f) => (
                Some(Box::new(move |p: &mut Position, m: &Move| f(p, m))),
                vec![1],
            ),
        };
        let (mut all_moves, mut all_branches) = (Vec::new(), Vec::new());
        if let Some(mut key) = key {
            let mut keyed = |ms: &[Move], pos: &mut Position| {
                let mut v: Vec<(i32, Move)> = ms.iter().map(|m| (key(pos, m), *m)).collect();
                v.sort_by_key(|&(k, _)| Reverse(k));
                v
            };
            for i in 0..n {
                all_moves.push(keyed(&d.moves[i], &mut d.pos));
                all_branches.push(keyed(&d.branches[i], &mut d.pos));
            }
        }
        let opp = d.pos.to_move.opponent();
        // An attack no move can undo: no action.
        let finished = d.pos.any_attack(opp).is_some();
        Walker {
            d,
            stack: Vec::new(),
            top: 0,
            pass_at,
            all_moves,
            all_branches,
            mkeys: Vec::new(),
            bkeys: Vec::new(),
            tiers,
            tier: 0,
            hi: 0,
            started: false,
            finished,
            decide_first: None,
        }
    }

    /// Makes the first `advance` decide whether any action exists (`find_action`: the
    /// quiet search, then the hypercuboid search) before walking, so that a position with
    /// no action is never walked.
    pub(super) fn decide_first(mut self, pos: &Position) -> Self {
        self.decide_first = Some(pos.clone());
        self
    }

    pub(super) fn stopped(&self) -> bool {
        self.d.stopped
    }

    fn last_tier(&self) -> bool {
        self.tier == self.tiers.len()
    }

    /// Sets up the walk of the current tier: the moves under the previous tier's
    /// threshold. Returns false when the tier can yield nothing (no move reaches its
    /// threshold).
    fn start_tier(&mut self) -> bool {
        if self.all_moves.is_empty() {
            return true; // `Natural`: one walk over the moves as the search made them
        }
        let below = if self.tier == 0 {
            i32::MAX
        } else {
            self.tiers[self.tier - 1]
        };
        let at_least = self.tiers.get(self.tier).copied().unwrap_or(i32::MIN);
        let mut any = false;
        self.mkeys.clear();
        self.bkeys.clear();
        for i in 0..self.d.boards.len() {
            let keep = |v: &Vec<(i32, Move)>| -> Vec<(i32, Move)> {
                v.iter().filter(|&&(k, _)| k < below).copied().collect()
            };
            let ms = keep(&self.all_moves[i]);
            let bs = keep(&self.all_branches[i]);
            any |= ms.iter().chain(&bs).any(|&(k, _)| k >= at_least);
            if !self.d.is_mandatory[i] {
                self.pass_at[i] = ms.iter().take_while(|&&(k, _)| k > 0).count();
            }
            self.d.moves[i] = ms.iter().map(|&(_, m)| m).collect();
            self.mkeys.push(ms.iter().map(|&(k, _)| k).collect());
            self.d.branch_ok[i] = !bs.is_empty();
            self.d.branches[i] = bs.iter().map(|&(_, m)| m).collect();
            self.bkeys.push(bs.iter().map(|&(k, _)| k).collect());
        }
        any || self.last_tier()
    }

    /// Whether a move with this key counts for the tier.
    fn counts(&self, key: Option<&i32>) -> bool {
        match (key, self.tiers.get(self.tier)) {
            (Some(&k), Some(&t)) => k >= t,
            _ => false,
        }
    }

    /// Whether the position the walk stands on is an action of this tier.
    fn yields(&self) -> bool {
        self.hi > 0 || self.last_tier()
    }

    fn push(&mut self, f: Frame) {
        if self.top < self.stack.len() {
            self.stack[self.top] = f;
        } else {
            self.stack.push(f);
        }
        self.top += 1;
    }

    /// Enters phase 1 at board `i` (skipping boards already played). Returns true when the
    /// walk now stands on an action.
    fn enter_p1(&mut self, mut i: usize) -> bool {
        let n = self.d.boards.len();
        while i < n && self.d.consumed[i] {
            i += 1;
        }
        if i == n {
            return self.enter_p2();
        }
        // Reuse the buffer of the frame that last stood at this height.
        let mut opts = match self.stack.get_mut(self.top) {
            Some(Frame::P1 { opts, .. }) => std::mem::take(opts),
            _ => Vec::new(),
        };
        opts.clear();
        let pass = !self.d.is_mandatory[i] || self.d.pass_viable(i);
        let pass_at = self.pass_at[i];
        for (k, m) in self.d.moves[i].iter().enumerate() {
            if k == pass_at && pass {
                opts.push((None, None, false));
            }
            let target = if m.is_physical() {
                None
            } else {
                self.d.target_slot(m)
            };
            if !m.is_physical() && target.is_none_or(|t| self.d.consumed[t]) {
                continue; // lands on a board already played: a branching jump, phase 2
            }
            let hi = self.counts(self.mkeys.get(i).and_then(|v| v.get(k)));
            opts.push((Some(*m), target, hi));
        }
        if pass && pass_at >= self.d.moves[i].len() {
            opts.push((None, None, false));
        }
        self.push(Frame::P1 {
            i,
            opts,
            next: 0,
            made: None,
        });
        false
    }

    /// Enters phase 2 (every start-playable board has been played or passed, and the
    /// branching jumps so far are on the position). Returns true when the position is an
    /// action.
    fn enter_p2(&mut self) -> bool {
        let passed = self.d.pos.present_passed();
        if !passed && !self.d.phase2_viable() {
            return false;
        }
        self.push(Frame::P2 {
            src: 0,
            mi: 0,
            marked: false,
            made: None,
        });
        passed
    }

    /// Moves to the next action. Returns false when there is none left or a limit stopped
    /// the walk (then `stopped` says which); the position then is the start position or
    /// some partial turn, and every later call returns false.
    pub(super) fn advance(&mut self) -> bool {
        if let Some(start) = self.decide_first.take()
            && !self.finished
        {
            match find_action(&start, self.d.limits) {
                Outcome::Done(Some(_)) => {}
                Outcome::Done(None) => self.finished = true,
                Outcome::Unknown => {
                    self.d.stopped = true;
                    self.finished = true;
                }
            }
        }
        while !self.finished {
            if !self.started {
                self.started = true;
                if self.start_tier() && self.enter_p1(0) && self.yields() && !self.d.repeats() {
                    return true;
                }
            }
            while self.top > 0 {
                if self.step() && self.yields() && !self.d.repeats() {
                    return true;
                }
                if self.d.stopped {
                    self.finished = true;
                    return false;
                }
            }
            // This tier's walk is over (every move undone): the next tier, if any.
            if self.last_tier() {
                self.finished = true;
            } else {
                self.tier += 1;
                self.started = false;
            }
        }
        false
    }

    /// One step of the top frame. Returns true when the walk stands on an action.
    fn step(&mut self) -> bool {
        let t = self.top - 1;
        match &mut self.stack[t] {
            Frame::P1 {
                i,
                opts,
                next,
                made,
            } => {
                let i = *i;
                let undo = made.take();
                let choice = opts.get(*next).copied();
                *next += 1;
                if let Some((target, hi)) = undo {
                    self.d.pos.undo_move();
                    self.release(i, target, hi);
                }
                let Some((m, target, hi)) = choice else {
                    self.top -= 1;
                    return false;
                };
                let Some(m) = m else {
                    return self.enter_p1(i + 1); // pass on board i
                };
                if !self.d.tick() {
                    return false;
                }
                self.d.consumed[i] = true;
                if let Some(t) = target {
                    self.d.consumed[t] = true;
                }
                self.hi += usize::from(hi);
                let e = self.d.pos.make_move_as(&m, false);
                if self.d.safe_after(e) {
                    if let Frame::P1 { made, .. } = &mut self.stack[t] {
                        *made = Some((target, hi));
                    }
                    return self.enter_p1(i + 1);
                }
                self.d.pos.undo_move();
                self.release(i, target, hi);
                false
            }
            Frame::P2 {
                src,
                mi,
                marked,
                made,
            } => {
                if let Some(hi) = made.take() {
                    self.d.pos.undo_move();
                    self.hi -= usize::from(hi);
                }
                let (mut s, mut k, mut mk) = (*src, *mi, *marked);
                let n = self.d.boards.len();
                let r = loop {
                    if s >= n {
                        self.top -= 1;
                        return false;
                    }
                    if !mk {
                        if self.d.consumed[s] {
                            s += 1;
                            continue;
                        }
                        self.d.consumed[s] = true;
                        mk = true;
                        k = 0;
                    }
                    let Some(&m) = self.d.branches[s].get(k) else {
                        self.d.consumed[s] = false;
                        mk = false;
                        s += 1;
                        continue;
                    };
                    k += 1;
                    // A jump onto a board still playable is phase 1's (it does not branch).
                    if self.d.target_slot(&m).is_some_and(|j| !self.d.consumed[j]) {
                        continue;
                    }
                    if !self.d.tick() {
                        break None;
                    }
                    let e = self.d.pos.make_move_as(&m, true);
                    if self.d.safe_after(e) {
                        break Some(self.counts(self.bkeys.get(s).and_then(|v| v.get(k - 1))));
                    }
                    self.d.pos.undo_move();
                };
                self.hi += usize::from(r == Some(true));
                self.stack[t] = Frame::P2 {
                    src: s,
                    mi: k,
                    marked: mk,
                    made: r,
                };
                r.is_some() && self.enter_p2()
            }
        }
    }

    /// Marks boards `i` and `target` as not played, after undoing the move that played
    /// them (`hi`: whether it counted for the tier).
    fn release(&mut self, i: usize, target: Option<usize>, hi: bool) {
        self.d.consumed[i] = false;
        if let Some(t) = target {
            self.d.consumed[t] = false;
        }
        self.hi -= usize::from(hi);
    }
}

/// A lazy iterator over the legal actions of the player to move (see `legal_actions`).
pub struct LegalActions<'a> {
    w: Walker<'a>,
}

impl<'a> LegalActions<'a> {
    /// Whether the iteration ended because a limit (node budget or stop flag) stopped it,
    /// rather than because every action was yielded.
    pub fn stopped(&self) -> bool {
        self.w.stopped()
    }

    /// Moves made so far (what `Limits::max_nodes` counts).
    pub fn nodes(&self) -> u64 {
        self.w.d.nodes
    }

    /// The next action without copying its moves: the position after it, not submitted
    /// (its moves: `turn_moves()`). `None` when the iteration has ended (see `stopped`).
    pub fn next_position(&mut self) -> Option<&Position> {
        if self.w.advance() {
            Some(&self.w.d.pos)
        } else {
            None
        }
    }
}

impl Iterator for LegalActions<'_> {
    type Item = Vec<Move>;

    fn next(&mut self) -> Option<Vec<Move>> {
        self.next_position()
            .map(|p| p.turn_moves().copied().collect())
    }
}

/// A lazy iterator over every legal action of the player to move, each once (the
/// conformance sense: branching jumps in another order are another action when they number
/// the new timelines differently). Each action is its moves in an order that `make_move`
/// replays: non-branching moves first, then the branching jumps in the order that numbers
/// the new timelines.
///
/// `order` decides which actions come first (see `MoveOrder`); every order yields the same
/// set. Whether any action exists is decided first, by the same searches as
/// `find_action`, so a position without one is never walked.
///
/// `limits` can stop the iteration (a node budget, counted in moves made by each search, or
/// a flag): the iterator then ends early and `stopped()` is true, so an iteration that
/// ended without being stopped has yielded every action. Memory stays bounded by the
/// number of playable boards, however many actions are yielded.
pub fn legal_actions<'a>(
    pos: &Position,
    order: MoveOrder<'_>,
    limits: Limits<'a>,
) -> LegalActions<'a> {
    LegalActions {
        w: Walker::new(pos, limits, order).decide_first(pos),
    }
}

/// Visits every legal action of the player to move, each once. The visitor sees the
/// position after the action (its moves: `pos.turn_moves()`) and returns false to stop.
/// Returns `Unknown` if a limit stopped the search before it finished.
pub fn for_each_action(
    pos: &Position,
    limits: Limits,
    visit: impl FnMut(&Position) -> bool,
) -> Outcome<()> {
    let mut visit = visit;
    let mut w = Walker::new(pos, limits, MoveOrder::Natural);
    while w.advance() {
        if !visit(&w.d.pos) {
            return Outcome::Done(());
        }
    }
    if w.stopped() {
        Outcome::Unknown
    } else {
        Outcome::Done(())
    }
}
