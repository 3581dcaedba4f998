//! The depth-first walk over one turn's moves and what decides it: which moves are safe
//! after each move, the quiet search with backjumping, and finding and counting actions.
//! `iter.rs` resumes the same walk one action at a time.

use std::collections::HashSet;
use std::sync::atomic::Ordering;

use super::board_safety::BoardSafety;
use super::hypercuboid;
use super::limits::{Limits, Outcome};
use crate::check::Attack;
use crate::movegen::slider_dirs;
use crate::position::{Coord, Move, MoveEffect, Position};

pub(super) struct Dfs<'a, F> {
    pub(super) pos: Position,
    /// Playable boards at the start of the turn, mandatory ones first.
    pub(super) boards: Vec<(i32, i32)>,
    /// Moves that may be played without branching (safe against the boards that exist at
    /// the start of the turn): physical moves and jumps onto playable boards.
    pub(super) moves: Vec<Vec<Move>>,
    /// Jumps that may be played as branching jumps (their departure is safe).
    pub(super) branches: Vec<Vec<Move>>,
    pub(super) consumed: Vec<bool>,
    /// Board index by timeline (offset by `l0`), for jump targets.
    pub(super) slot: Vec<Option<usize>>,
    l0: i32,
    pub(super) limits: Limits<'a>,
    pub(super) nodes: u64,
    pub(super) stopped: bool,
    pub(super) visit: F,
    /// Board may leave by a branching jump whose departure is safe.
    pub(super) branch_ok: Vec<bool>,
    pub(super) is_mandatory: Vec<bool>,
    /// Some safe branching jump lands before the present (it may pull the present back).
    pub(super) pullback: bool,
    /// Some jump may branch, and some inactive timeline ends before the present: a branch
    /// may reactivate that timeline, which pulls the present back to its last board
    /// whether or not the new timeline is itself active.
    pub(super) reactivate: bool,
    /// Actions visited that another set of moves could make too (`swappable_jumps`).
    pub(super) swappable_seen: HashSet<(u64, Vec<(Coord, Coord, i32)>)>,
}

impl<'a, F: FnMut(&Position) -> bool> Dfs<'a, F> {
    pub(super) fn new(pos: &Position, limits: Limits<'a>, visit: F) -> Self {
        let mut pos = pos.clone();
        let mandatory = pos.mandatory_boards();
        let playable = pos.playable_boards();
        let l0 = pos.l_min();
        let mut slot = vec![None; (pos.l_max() - l0 + 1) as usize];
        for (i, &(l, _)) in playable.iter().enumerate() {
            slot[(l - l0) as usize] = Some(i);
        }
        let present = pos.present();
        let next_branch_active = pos.next_timeline_active();
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
            let safety = BoardSafety::new(&mut pos, l);
            for m in all {
                let lands_on_playable = !m.is_physical()
                    && slot
                        .get((m.to.l - l0) as usize)
                        .copied()
                        .flatten()
                        .is_some_and(|j| playable[j].1 == m.to.h);
                if m.is_physical() || lands_on_playable {
                    let e = pos.make_move_as(&m, false);
                    let ok = judged_safe(&safety, &pos, &m, e);
                    // The tests check the shortcut against the full look on every position.
                    debug_assert_eq!(ok, safe_after(&pos, e, true), "{m:?} in\n{pos:?}");
                    pos.undo_move();
                    if ok {
                        keep.push(m);
                    }
                }
                // A jump may branch (onto a board played earlier this turn, or a past one);
                // only its departure can be judged alone.
                if !m.is_physical() && departure_safe(&mut pos, &m) && arrival_safe_alone(&pos, &m)
                {
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
        let arrivals = |i: usize| {
            moves
                .iter()
                .flatten()
                .filter(|m| !m.is_physical() && (m.to.l, m.to.h) == playable[i])
                .count()
        };
        order.sort_by_key(|&i| {
            let m = mandatory.contains(&playable[i]);
            (
                !m,
                if m {
                    moves[i].len() + branches[i].len() + arrivals(i)
                } else {
                    0
                },
                i,
            )
        });
        let reactivate = branches.iter().any(|b| !b.is_empty()) && inactive_behind(&pos);
        let boards: Vec<(i32, i32)> = order.iter().map(|&i| playable[i]).collect();
        let moves: Vec<Vec<Move>> = order
            .iter()
            .map(|&i| std::mem::take(&mut moves[i]))
            .collect();
        let branches: Vec<Vec<Move>> = order
            .iter()
            .map(|&i| std::mem::take(&mut branches[i]))
            .collect();
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
            reactivate,
            swappable_seen: HashSet::new(),
        }
    }

    /// Whether the action on the position was visited before as another set of moves.
    /// Two jumps onto boards that do not branch can trade targets: when the pieces that
    /// arrive are the same, both sets make the same multiverse, which is one action
    /// (an action is what it makes, with the timelines its branches number). The
    /// canonical walk tells sets of moves apart, so such actions are remembered.
    pub(super) fn repeats(&mut self) -> bool {
        if !swappable_jumps(&self.pos) {
            return false;
        }
        let branches = self
            .pos
            .turn_effects()
            .filter(|(_, e)| e.branched)
            .map(|(m, e)| (m.from, m.to, e.dst_l.unwrap_or(m.to.l)))
            .collect();
        !self
            .swappable_seen
            .insert((self.pos.position_hash(), branches))
    }

    /// Whether passing on mandatory board `i` now can still end well: a later board can
    /// land on it, it can leave by a branching jump, or some jump can pull the present back
    /// (by landing before it or by reactivating a timeline that ends before it).
    pub(super) fn pass_viable(&self, i: usize) -> bool {
        if !self.is_mandatory[i] || self.pullback || self.reactivate || self.branch_ok[i] {
            return true;
        }
        let (l, h) = self.boards[i];
        (i + 1..self.boards.len())
            .filter(|&k| !self.consumed[k])
            .any(|k| self.moves[k].iter().any(|m| m.to.l == l && m.to.h == h))
    }

    /// In phase 2 with the present not passed: can more branching jumps still fix it?
    pub(super) fn phase2_viable(&self) -> bool {
        if self.pullback && self.pos.next_timeline_active()
            || self.reactivate && inactive_behind(&self.pos)
        {
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
            // (A jump onto a board that is still playable may branch later, once that
            // board has been played, so its target does not matter here.)
            let ok = self.branches[i]
                .iter()
                .any(|m| departure_safe(&mut probe, m));
            if !ok {
                return false;
            }
        }
        true
    }

    /// The start-playable board a move lands on, if it lands on one.
    pub(super) fn target_slot(&self, m: &Move) -> Option<usize> {
        let i = m.to.l - self.l0;
        if i < 0 {
            return None;
        }
        let s = (*self.slot.get(i as usize)?)?;
        (self.boards[s].1 == m.to.h).then_some(s)
    }

    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.max_nodes != 0 && self.nodes > self.limits.max_nodes {
            self.stopped = true;
        }
        // Polled at every node: a node can cost a look over every board, next to which a
        // relaxed load is free (`bench` unchanged against every 1,024 nodes).
        if let Some(f) = self.limits.stop
            && f.load(Ordering::Relaxed)
        {
            self.stopped = true;
        }
        !self.stopped
    }

    /// Whether the boards the last move made leave no royal of the mover capturable.
    pub(super) fn safe_after(&self, e: MoveEffect) -> bool {
        safe_after(&self.pos, e, false)
    }

    pub(super) fn prefiltered(&self) -> hypercuboid::Prefiltered<'_> {
        hypercuboid::Prefiltered {
            boards: &self.boards,
            mandatory: &self.is_mandatory,
            moves: &self.moves,
            branches: &self.branches,
        }
    }
}

/// Result of the quiet search at one level.
pub(super) enum Quiet {
    Stop,
    Found,
    /// No action below; the levels whose choices caused that (bit i = level i).
    Fail(u128),
}

/// The quiet search: every board that must be played is played without branching (by a
/// move from it or a jump onto it). It backjumps: when a level fails for reasons that
/// involve only earlier levels, the other choices at the levels between are skipped.
struct QuietSearch<'d, 'a, F> {
    d: &'d mut Dfs<'a, F>,
    levels: usize,
    consumer: Vec<usize>,
    /// Level whose move made the new board of each timeline (by offset from `l0`).
    creator: Vec<usize>,
    root_last: Vec<i32>,
}

const NONE: usize = usize::MAX;

impl<'d, 'a, F: FnMut(&Position) -> bool> QuietSearch<'d, 'a, F> {
    fn bit(level: usize) -> u128 {
        if level < 128 { 1u128 << level } else { 0 }
    }

    /// Levels that made the boards an attack runs over.
    fn conflict(&self, a: &Attack) -> u128 {
        let pos = &self.d.pos;
        let mut boards = vec![(a.from.l, a.from.h), (a.to.l, a.to.h)];
        let slider = pos
            .piece_at(a.from)
            .and_then(|p| p.kind())
            .is_some_and(|k| slider_dirs(k).is_some());
        if slider {
            let d = [a.to.l - a.from.l, (a.to.h - a.from.h) / 2];
            let k = d.iter().map(|c| c.abs()).max().unwrap_or(0);
            if k > 1 {
                let (sl, st) = (d[0] / k, d[1] / k);
                for j in 1..k {
                    boards.push((a.from.l + j * sl, a.from.h + 2 * j * st));
                }
            }
        }
        let mut c = 0;
        for (l, h) in boards {
            let off = (l - self.d.l0) as usize;
            if h > self.root_last[off] {
                c |= Self::bit(self.creator[off]);
            }
        }
        c
    }

    fn play(&mut self, i: usize, m: &Move, a: usize, b: Option<usize>) -> Quiet {
        if !self.d.tick() {
            return Quiet::Stop;
        }
        for s in [Some(a), b].into_iter().flatten() {
            self.d.consumed[s] = true;
            self.consumer[s] = i;
            let off = (self.d.boards[s].0 - self.d.l0) as usize;
            self.creator[off] = i;
        }
        let e = self.d.pos.make_move_as(m, false);
        let r = match attack_after(&self.d.pos, e, false) {
            Some(att) => Quiet::Fail(self.conflict(&att) | Self::bit(i)),
            None => self.level(i + 1),
        };
        self.d.pos.undo_move();
        for s in [Some(a), b].into_iter().flatten() {
            self.d.consumed[s] = false;
            self.consumer[s] = NONE;
            let off = (self.d.boards[s].0 - self.d.l0) as usize;
            self.creator[off] = NONE;
        }
        r
    }

    fn level(&mut self, i: usize) -> Quiet {
        if i == self.levels {
            if !self.d.pos.present_passed() {
                return Quiet::Fail(u128::MAX);
            }
            // An action already visited as other moves is found, not visited again.
            return if self.d.repeats() || (self.d.visit)(&self.d.pos) {
                Quiet::Found
            } else {
                Quiet::Stop
            };
        }
        if self.d.consumed[i] {
            return self.level(i + 1);
        }
        let mut conf = 0u128;
        let mut options: Vec<(Move, usize, Option<usize>)> = Vec::new();
        for m in &self.d.moves[i] {
            let t = if m.is_physical() {
                None
            } else {
                self.d.target_slot(m)
            };
            match t {
                Some(t) if self.d.consumed[t] => conf |= Self::bit(self.consumer[t]),
                _ => options.push((*m, i, t)),
            }
        }
        let (l, h) = self.d.boards[i];
        for k in 0..self.d.boards.len() {
            if k == i {
                continue;
            }
            for m in &self.d.moves[k] {
                if m.is_physical() || m.to.l != l || m.to.h != h {
                    continue;
                }
                if self.d.consumed[k] {
                    conf |= Self::bit(self.consumer[k]);
                } else {
                    options.push((*m, k, Some(i)));
                }
            }
        }
        // After an action has been found below a choice, the other choices here are still
        // visited (an enumeration); a failure that does not involve this level still ends
        // the level early, since no other choice here can change it.
        let mut found = false;
        for (m, a, b) in options {
            match self.play(i, &m, a, b) {
                Quiet::Stop => return Quiet::Stop,
                Quiet::Found => found = true,
                Quiet::Fail(c) => {
                    if c & Self::bit(i) == 0 && i < 128 {
                        return if found { Quiet::Found } else { Quiet::Fail(c) };
                    }
                    conf |= c & !Self::bit(i);
                }
            }
        }
        if found {
            return Quiet::Found;
        }
        if i >= 128 {
            conf = u128::MAX; // too many levels to track: no backjumping past here
        }
        Quiet::Fail(conf)
    }
}

/// `safe_after(pos, e, true)` for move `m` (the last one made), through `safety` (the
/// board's shared part) where it can judge the move.
pub(crate) fn judged_safe(safety: &BoardSafety, pos: &Position, m: &Move, e: MoveEffect) -> bool {
    let judged = if m.is_physical() {
        safety.judge(pos, m)
    } else {
        None
    };
    judged.unwrap_or_else(|| safe_after(pos, e, true))
}

/// Whether the boards made by the move with effect `e` (the last one made) create no
/// attack on a royal of the player who made it. With `full` false, attacks between those
/// boards and boards that existed at the start of the turn are taken as already ruled out
/// (the search checked each move against them once, at the root) unless a board made since
/// is on the way.
pub fn safe_after(pos: &Position, e: MoveEffect, full: bool) -> bool {
    attack_after(pos, e, full).is_none()
}

/// The attack `safe_after` looks for, if there is one.
pub fn attack_after(pos: &Position, e: MoveEffect, full: bool) -> Option<Attack> {
    let found = attack_after_look(pos, e, full);
    // The shortcut must answer as the full look does; the debug-build tests check it on
    // every node of every search.
    debug_assert!(
        full || found.is_some() == attack_after_look(pos, e, true).is_some(),
        "the mid-turn shortcut says {found:?}, the full look {:?}, after {:?} in\n{pos:?}",
        attack_after_look(pos, e, true),
        pos.turn_moves().collect::<Vec<_>>(),
    );
    found
}

fn attack_after_look(pos: &Position, e: MoveEffect, full: bool) -> Option<Attack> {
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
        // Attacks on a board that its move alone made were judged with every board of the
        // start of the turn (Dfs::new); only the boards made since can add one, as the
        // attacker's board or as a gap filled on a ray from an older board.
        let on = if full || fresh_timeline {
            pos.attack_on_board(l, h, opp)
        } else {
            pos.attack_on_board_via(l, h, opp, &made)
        };
        if let Some(a) = on {
            return Some(a);
        }
        let from = if full || fresh_timeline {
            pos.attack_from_board(l, opp)
        } else {
            pos.attack_from_board_toward(l, opp, &made)
        };
        if from.is_some() {
            return from;
        }
        if !fresh_timeline && let Some(a) = pos.attack_through(l, h, opp) {
            return Some(a);
        }
    }
    None
}

/// Whether two jumps of the turn so far land, without branching, the same piece on
/// different boards (so that trading their targets could make the same multiverse).
fn swappable_jumps(pos: &Position) -> bool {
    let mut arrived = [crate::piece::Piece::EMPTY; 8];
    let mut n = 0;
    for (m, e) in pos.turn_effects() {
        let Some(l) = e.dst_l.filter(|_| !e.branched) else {
            continue;
        };
        let Some(p) = pos.board(l, pos.last_h(l)).map(|b| b.get(m.to.x, m.to.y)) else {
            continue;
        };
        if arrived[..n].contains(&p) {
            return true;
        }
        if n < arrived.len() {
            arrived[n] = p;
            n += 1;
        } else {
            return true; // too many to keep: let the identity decide
        }
    }
    false
}

/// Whether some inactive timeline ends before the present: a branch that reactivates it
/// pulls the present back to it (played or not), so boards at the present need not be
/// played.
fn inactive_behind(pos: &Position) -> bool {
    let present = pos.present();
    pos.timeline_indices()
        .any(|l| !pos.is_active(l) && pos.last_h(l) < present)
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

/// Whether the board a branching jump makes is free of attacks that stay on that board.
/// Those do not depend on which timeline number the branch gets, so a jump that fails
/// this fails in every order of the turn's branches.
fn arrival_safe_alone(pos: &Position, m: &Move) -> bool {
    let Some(mut d) = pos.board(m.to.l, m.to.h).copied() else {
        return false;
    };
    let mut piece = pos.piece_at(m.from).unwrap_or_default().moved();
    if let Some(k) = m.promotion {
        piece = crate::piece::Piece::new(k, piece.color(), false);
    }
    d.set(m.to.x, m.to.y, piece);
    let me = pos.to_move;
    let (w, h) = (pos.width, pos.height);
    !d.royals(me)
        .any(|(x, y)| crate::movegen::square_attacked_on_board(&d, w, h, x, y, me.opponent()))
}

/// Runs the quiet search (see `QuietSearch`) over `d`'s boards; `None` when the start
/// position already has an attack no move can undo.
pub(super) fn quiet_search<F: FnMut(&Position) -> bool>(d: &mut Dfs<'_, F>) -> Option<Quiet> {
    let opp = d.pos.to_move.opponent();
    if d.pos.any_attack(opp).is_some() {
        return None;
    }
    let levels = d.is_mandatory.iter().take_while(|m| **m).count();
    let n_tl = d.slot.len();
    let root_last = (0..n_tl as i32).map(|o| d.pos.last_h(d.l0 + o)).collect();
    let nb = d.boards.len();
    let mut q = QuietSearch {
        d,
        levels,
        consumer: vec![NONE; nb],
        creator: vec![NONE; n_tl],
        root_last,
    };
    Some(q.level(0))
}

/// A legal action if one exists (`Done(None)` proves there is none).
///
/// Most positions have an action that plays the boards that must be played without
/// branching: the quiet search (with backjumping) looks for one of those first. When there
/// is none, the hypercuboid search (`search::hypercuboid`) decides: it cuts whole regions
/// of failing candidate turns at a time, which proves mate in positions where a
/// depth-first search over every order of the branching jumps does not finish.
pub fn find_action(pos: &Position, limits: Limits) -> Outcome<Option<Vec<Move>>> {
    if let Some(a) = first_safe_moves(pos) {
        return Outcome::Done(Some(a));
    }
    let mut found = None;
    let mut d = Dfs::new(pos, limits, |p: &Position| {
        found = Some(p.turn_moves().copied().collect::<Vec<_>>());
        false
    });
    match quiet_search(&mut d) {
        Some(Quiet::Fail(_)) => {
            let pre = d.prefiltered();
            let mut rest = limits;
            if rest.max_nodes != 0 {
                rest.max_nodes = rest.max_nodes.saturating_sub(d.nodes).max(1);
            }
            return hypercuboid::find(pos, &pre, rest);
        }
        None => return Outcome::Done(None),
        Some(Quiet::Found | Quiet::Stop) => {}
    }
    let stopped = d.stopped;
    drop(d);
    match found {
        Some(f) => Outcome::Done(Some(f)),
        None if stopped => Outcome::Unknown,
        None => Outcome::Done(None),
    }
}

/// The quickest try at an action: each board that must be played, in turn, gets its first
/// move that is safe on its own (moves along the board first, then jumps), and the turn is
/// kept if it can be submitted. In most positions of real games this is an action at the
/// price of a few moves per board, where the exact search would first judge every move of
/// every board. When a board has no safe move, the try is made once more with that board
/// first (the others' moves may have been what left it none); when that fails too, the
/// exact search decides.
fn first_safe_moves(pos: &Position) -> Option<Vec<Move>> {
    let mut first = None;
    for _ in 0..2 {
        match greedy_turn(pos, first) {
            Ok(a) => return Some(a),
            Err(Some(stuck)) if first != Some(stuck) => first = Some(stuck),
            Err(_) => return None,
        }
    }
    None
}

/// One try of `first_safe_moves`, playing timeline `first` first if it must be played.
/// `Err(Some(l))`: timeline `l` had no safe move; `Err(None)`: the turn could not be
/// submitted.
fn greedy_turn(pos: &Position, first: Option<i32>) -> Result<Vec<Move>, Option<i32>> {
    let mut p = pos.clone();
    let mut moves = Vec::new();
    // Each step plays one more board; a turn cannot play more boards than exist.
    for _ in 0..=2 * (pos.l_max() - pos.l_min() + 1) {
        if p.present_passed() {
            break;
        }
        let boards = p.mandatory_boards();
        let Some(&(l, _)) = boards
            .iter()
            .find(|b| Some(b.0) == first)
            .or(boards.first())
        else {
            return Err(None);
        };
        moves.clear();
        p.board_moves(l, &mut moves);
        // Along the board first: stable_sort keeps generation order within each kind.
        moves.sort_by_key(|m| !m.is_physical());
        let mut played = false;
        for m in &moves {
            let e = p.make_move(m);
            if safe_after(&p, e, true) {
                played = true;
                break;
            }
            p.undo_move();
        }
        if !played && !escape_by_pullback(&mut p, l) {
            return Err(Some(l));
        }
    }
    if p.can_submit() {
        Ok(p.turn_moves().copied().collect())
    } else {
        Err(None)
    }
}

/// A board of the present with no safe move (`l`, at the present) need not be played when
/// a jump to the past from another board starts an active timeline behind it: the present
/// goes back. Makes the first such jump (in generation order) that is safe on its own and
/// frees the board; false, with `p` as it was, when there is none. (Melees of dozens of
/// timelines end in positions where this is the only kind of legal action.)
pub(crate) fn escape_by_pullback(p: &mut Position, l: i32) -> bool {
    let stuck = (l, p.last_h(l));
    let mut moves = Vec::new();
    for (l2, _) in p.playable_boards() {
        moves.clear();
        p.board_moves(l2, &mut moves);
        for m in moves.iter().filter(|m| m.to.h < m.from.h) {
            let e = p.make_move(m);
            if !p.mandatory_boards().contains(&stuck) && safe_after(p, e, true) {
                return true;
            }
            p.undo_move();
        }
    }
    false
}

/// `find_action` by the hypercuboid search alone (no quiet search first). The same answer;
/// public so that tests can compare the two searches on any position.
pub fn find_action_hypercuboid(pos: &Position, limits: Limits) -> Outcome<Option<Vec<Move>>> {
    let d = Dfs::new(pos, limits, |_: &Position| true);
    let pre = d.prefiltered();
    hypercuboid::find(pos, &pre, limits)
}
