//! Exact search over legal actions (whole turns).
//!
//! An action is a set of non-branching moves (each consumes its playable source board and,
//! for a jump onto a playable board, that board too) plus an ordered list of branching
//! jumps (their order decides the new timelines' numbers). Any action can be played in that
//! canonical order: all non-branching moves first, then the branching jumps. The search
//! enumerates exactly these, so every distinct action is visited once.
//!
//! Pruning rests on one fact: boards are never changed once made and a turn only adds
//! boards, so an attack on a royal piece that exists part-way through a turn exists at its
//! end. After every move the search looks only for attacks that involve the boards that
//! move made (as the attacker's board, the target's board, or a gap it filled).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::position::{Move, MoveEffect, Position};

/// Limits on a search. A search that hits one reports that it stopped, never a result.
#[derive(Clone, Copy, Default)]
pub struct Limits<'a> {
    /// Stop after making this many moves (0 = no limit).
    pub max_nodes: u64,
    /// Stop as soon as this flag is set.
    pub stop: Option<&'a AtomicBool>,
}

/// The answer of a search that may be stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    Done(T),
    /// The search was stopped (node budget or stop flag): the answer is unknown.
    Unknown,
}

impl<T> Outcome<T> {
    pub fn done(self) -> Option<T> {
        match self {
            Outcome::Done(t) => Some(t),
            Outcome::Unknown => None,
        }
    }
}

struct Dfs<'a, F> {
    pos: Position,
    /// Playable boards at the start of the turn, mandatory ones first.
    boards: Vec<(i32, i32)>,
    /// Moves that may be played without branching (safe against the boards that exist at
    /// the start of the turn): physical moves and jumps onto playable boards.
    moves: Vec<Vec<Move>>,
    /// Jumps that may be played as branching jumps (their departure is safe).
    branches: Vec<Vec<Move>>,
    consumed: Vec<bool>,
    /// Board index by timeline (offset by `l0`), for jump targets.
    slot: Vec<Option<usize>>,
    l0: i32,
    limits: Limits<'a>,
    nodes: u64,
    stopped: bool,
    visit: F,
    /// Board may leave by a branching jump whose departure is safe.
    branch_ok: Vec<bool>,
    is_mandatory: Vec<bool>,
    /// Some safe branching jump lands before the present (it may pull the present back).
    pullback: bool,
}

impl<'a, F: FnMut(&Position) -> bool> Dfs<'a, F> {
    fn new(pos: &Position, limits: Limits<'a>, visit: F) -> Self {
        let mut pos = pos.clone();
        let mandatory = pos.mandatory_boards();
        let playable = pos.playable_boards();
        let l0 = pos.l_min();
        let mut slot = vec![None; (pos.l_max() - l0 + 1) as usize];
        for (i, &(l, _)) in playable.iter().enumerate() {
            slot[(l - l0) as usize] = Some(i);
        }
        let present = pos.present();
        let next_branch_active = next_branch_active(&pos);
        // Moves that are unsafe whatever else the turn does are dropped here: an attack
        // made by a move's own boards against boards that already exist never goes away.
        let mut moves: Vec<Vec<Move>> = Vec::with_capacity(playable.len());
        let mut branches: Vec<Vec<Move>> = Vec::with_capacity(playable.len());
        let mut pullback = false;
        for &(l, _) in &playable {
            let mut all = Vec::new();
            pos.board_moves(l, &mut all);
            let mut keep = Vec::with_capacity(all.len());
            let mut keep_branch = Vec::new();
            for m in all {
                let lands_on_playable = !m.is_physical()
                    && slot.get((m.to.l - l0) as usize).copied().flatten().is_some_and(|j| playable[j].1 == m.to.h);
                if m.is_physical() || lands_on_playable {
                    let e = pos.make_move_as(&m, false);
                    let ok = safe_after(&pos, e, true);
                    pos.undo_move();
                    if ok {
                        keep.push(m);
                    }
                }
                // A jump may branch (onto a board played earlier this turn, or a past one);
                // only its departure can be judged alone.
                if !m.is_physical() && departure_safe(&mut pos, &m) {
                    if m.to.h + 1 < present && next_branch_active && !lands_on_playable {
                        pullback = true;
                    }
                    keep_branch.push(m);
                }
            }
            moves.push(keep);
            branches.push(keep_branch);
        }
        // Fail first: mandatory boards with the fewest safe moves come first.
        let mut order: Vec<usize> = (0..playable.len()).collect();
        order.sort_by_key(|&i| {
            let m = mandatory.contains(&playable[i]);
            (!m, if m { moves[i].len() + branches[i].len() } else { 0 }, i)
        });
        let boards: Vec<(i32, i32)> = order.iter().map(|&i| playable[i]).collect();
        let moves: Vec<Vec<Move>> = order.iter().map(|&i| std::mem::take(&mut moves[i])).collect();
        let branches: Vec<Vec<Move>> = order.iter().map(|&i| std::mem::take(&mut branches[i])).collect();
        let branch_ok: Vec<bool> = branches.iter().map(|b| !b.is_empty()).collect();
        let is_mandatory: Vec<bool> = boards.iter().map(|b| mandatory.contains(b)).collect();
        for (k, &(l, _)) in boards.iter().enumerate() {
            slot[(l - l0) as usize] = Some(k);
        }
        let n = boards.len();
        Dfs {
            pos,
            boards,
            moves,
            branches,
            consumed: vec![false; n],
            slot,
            l0,
            limits,
            nodes: 0,
            stopped: false,
            visit,
            branch_ok,
            is_mandatory,
            pullback,
        }
    }

    /// Whether passing on mandatory board `i` now can still end well: a later board can
    /// land on it, it can leave by a branching jump, or some jump can pull the present back.
    fn pass_viable(&self, i: usize) -> bool {
        if !self.is_mandatory[i] || self.pullback || self.branch_ok[i] {
            return true;
        }
        let (l, h) = self.boards[i];
        (i + 1..self.boards.len())
            .filter(|&k| !self.consumed[k])
            .any(|k| self.moves[k].iter().any(|m| m.to.l == l && m.to.h == h))
    }

    /// In phase 2 with the present not passed: can more branching jumps still fix it?
    fn phase2_viable(&self) -> bool {
        if self.pullback && next_branch_active(&self.pos) {
            return true;
        }
        // Every active board still at the present must leave by a branching jump.
        let present = self.pos.present();
        for (i, &(l, _)) in self.boards.iter().enumerate() {
            if self.consumed[i] || self.pos.last_h(l) != present || !self.pos.is_active(l) {
                continue;
            }
            if !self.branch_ok[i] {
                return false;
            }
            // A departure that is unsafe now stays unsafe: boards are only ever added.
            let mut probe = self.pos.clone();
            let ok = self.branches[i].iter().any(|m| {
                self.target_slot(m).is_none_or(|j| self.consumed[j])
                    && departure_safe(&mut probe, m)
            });
            if !ok {
                return false;
            }
        }
        true
    }

    /// The start-playable board a move lands on, if it lands on one.
    fn target_slot(&self, m: &Move) -> Option<usize> {
        let i = m.to.l - self.l0;
        if i < 0 {
            return None;
        }
        let s = (*self.slot.get(i as usize)?)?;
        (self.boards[s].1 == m.to.h).then_some(s)
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.max_nodes != 0 && self.nodes > self.limits.max_nodes {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0
            && let Some(f) = self.limits.stop
            && f.load(Ordering::Relaxed)
        {
            self.stopped = true;
        }
        !self.stopped
    }

    /// Whether the boards the last move made leave no royal of the mover capturable.
    fn safe_after(&self, e: MoveEffect) -> bool {
        safe_after(&self.pos, e, false)
    }

    /// Returns false when the search must end (visitor said stop, or a limit was hit).
    fn phase1(&mut self, i: usize) -> bool {
        if i == self.boards.len() {
            return self.phase2();
        }
        if self.consumed[i] {
            return self.phase1(i + 1);
        }
        // Boards that must be played try their moves first; optional boards try passing
        // first. Either way every choice is visited once.
        let pass_first = !self.is_mandatory[i];
        if pass_first && !self.phase1(i + 1) {
            return false;
        }
        if !self.phase1_moves(i) {
            return false;
        }
        if !pass_first && self.pass_viable(i) && !self.phase1(i + 1) {
            return false;
        }
        true
    }

    /// Phase 1 at board `i`: each non-branching move from it.
    fn phase1_moves(&mut self, i: usize) -> bool {
        self.consumed[i] = true;
        for mi in 0..self.moves[i].len() {
            let m = self.moves[i][mi];
            let target = if m.is_physical() { None } else { self.target_slot(&m) };
            if !m.is_physical() {
                match target {
                    Some(j) if !self.consumed[j] => {}
                    _ => continue, // a branching jump: phase 2
                }
            }
            if !self.tick() {
                self.consumed[i] = false;
                return false;
            }
            if let Some(j) = target {
                self.consumed[j] = true;
            }
            let e = self.pos.make_move_as(&m, false);
            let go = if self.safe_after(e) { self.phase1(i + 1) } else { true };
            self.pos.undo_move();
            if let Some(j) = target {
                self.consumed[j] = false;
            }
            if !go {
                self.consumed[i] = false;
                return false;
            }
        }
        self.consumed[i] = false;
        true
    }

    fn phase2(&mut self) -> bool {
        if self.pos.present_passed() {
            if !(self.visit)(&self.pos) {
                return false;
            }
        } else if !self.phase2_viable() {
            return true;
        }
        for i in 0..self.boards.len() {
            if self.consumed[i] {
                continue;
            }
            self.consumed[i] = true;
            for mi in 0..self.branches[i].len() {
                let m = self.branches[i][mi];
                if let Some(j) = self.target_slot(&m)
                    && !self.consumed[j]
                {
                    continue; // would land without branching: that is phase 1's
                }
                if !self.tick() {
                    self.consumed[i] = false;
                    return false;
                }
                let e = self.pos.make_move_as(&m, true);
                let go = if self.safe_after(e) { self.phase2() } else { true };
                self.pos.undo_move();
                if !go {
                    self.consumed[i] = false;
                    return false;
                }
            }
            self.consumed[i] = false;
        }
        true
    }

    fn run(&mut self) {
        let opp = self.pos.to_move.opponent();
        if self.pos.any_attack(opp).is_some() {
            return; // an attack no move can undo
        }
        self.phase1(0);
    }
}

/// Whether the boards made by the move with effect `e` (the last one made) create no
/// attack on a royal of the player who made it. With `full` false, attacks from those
/// boards onto boards that existed at the start of the turn are taken as already ruled
/// out (the search checked each move against them once, at the root).
pub fn safe_after(pos: &Position, e: MoveEffect, full: bool) -> bool {
    let opp = pos.to_move.opponent();
    let mut new_boards = [(e.src_l, false), (0, false)];
    let mut n = 1;
    if let Some(d) = e.dst_l {
        new_boards[1] = (d, e.branched);
        n = 2;
    }
    let made: Vec<(i32, i32)> = if full {
        Vec::new()
    } else {
        let mut v = Vec::with_capacity(pos.turn_len() * 2);
        for (_, eff) in pos.turn_effects() {
            v.push((eff.src_l, pos.last_h(eff.src_l)));
            if let Some(d) = eff.dst_l {
                v.push((d, pos.last_h(d)));
            }
        }
        v
    };
    for &(l, fresh_timeline) in &new_boards[..n] {
        let h = pos.last_h(l);
        if pos.attack_on_board(l, h, opp).is_some() {
            return false;
        }
        let from = if full || fresh_timeline {
            pos.attack_from_board(l, opp)
        } else {
            pos.attack_from_board_toward(l, opp, &made)
        };
        if from.is_some() {
            return false;
        }
        if !fresh_timeline && pos.attack_through(l, h, opp).is_some() {
            return false;
        }
    }
    true
}

/// Whether a timeline the player to move creates now would be active.
fn next_branch_active(pos: &Position) -> bool {
    match pos.to_move {
        crate::piece::Color::White => pos.black_created() >= pos.white_created(),
        crate::piece::Color::Black => pos.white_created() >= pos.black_created(),
    }
}

/// Whether the board a jump leaves behind is safe on its own (the arrival only adds boards,
/// so an unsafe departure is unsafe in every turn that contains it).
fn departure_safe(pos: &mut Position, m: &Move) -> bool {
    let mut b = *pos.board(m.from.l, m.from.h).unwrap();
    b.set(m.from.x, m.from.y, crate::piece::Piece::EMPTY);
    pos.push_board(m.from.l, b);
    let opp = pos.to_move.opponent();
    let h = m.from.h + 1;
    let ok = pos.attack_from_board(m.from.l, opp).is_none()
        && pos.attack_on_board(m.from.l, h, opp).is_none()
        && pos.attack_through(m.from.l, h, opp).is_none();
    pos.pop_board(m.from.l);
    ok
}

/// Visits every legal action of the player to move, each once. The visitor sees the
/// position after the action (its moves: `pos.turn_moves()`) and returns false to stop.
/// Returns `Unknown` if a limit stopped the search before it finished.
pub fn for_each_action(pos: &Position, limits: Limits, visit: impl FnMut(&Position) -> bool) -> Outcome<()> {
    let mut d = Dfs::new(pos, limits, visit);
    d.run();
    if std::env::var_os("TF_NODES").is_some() {
        eprintln!("nodes {}", d.nodes);
    }
    if d.stopped { Outcome::Unknown } else { Outcome::Done(()) }
}

/// Number of legal actions, counting at most `cap` (0 = no cap).
pub fn count_actions(pos: &Position, cap: u64, limits: Limits) -> Outcome<u64> {
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

/// A legal action if one exists (`Done(None)` proves there is none).
pub fn find_action(pos: &Position, limits: Limits) -> Outcome<Option<Vec<Move>>> {
    let mut found = None;
    let r = for_each_action(pos, limits, |p| {
        found = Some(p.turn_moves().copied().collect());
        false
    });
    match (r, found) {
        (_, Some(f)) => Outcome::Done(Some(f)),
        (Outcome::Done(()), None) => Outcome::Done(None),
        (Outcome::Unknown, None) => Outcome::Unknown,
    }
}
