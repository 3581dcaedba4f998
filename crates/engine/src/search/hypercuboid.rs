//! Existence of a legal action by cutting away failing regions of the space of candidate
//! turns (the "hypercuboid" idea of penteract's cwmtt, written anew here).
//!
//! A candidate turn is a point of a product space with one axis per board that is playable
//! at the start of the turn and one axis per new-timeline slot:
//!
//! - a playable board's axis: `Pass` (not played), a physical move on it, the departure of
//!   one of its pieces by a jump (`Dep`), or the arrival of a non-branching jump from
//!   another playable board (`Arr`);
//! - slot `s` (the `s`-th new timeline of this turn, index fixed by `s`): `Empty` or a
//!   branching jump (`Br`).
//!
//! A point is *consistent* when it is an action played in the canonical order (all
//! non-branching moves, then the branching jumps in slot order): every departure has
//! exactly one partner (an arrival, or a branching jump in some slot) and the reverse,
//! slots are filled from the first, and a branching jump onto a board that was playable
//! is made after that board was played. Each consistent point is one action, and every
//! action is one consistent point.
//!
//! The search keeps a stack of disjoint boxes (one value set per axis), starting from the
//! whole space. It takes a consistent point of a box (or proves the box has none), plays
//! it and tests it exactly. A legal point ends the search. A failing point yields a box of
//! points that all fail for the same reason (the present did not move because of the same
//! unplayed board; or the same attack, from the same piece over the same squares onto the
//! same royal, is there), and that box is cut out of the current one, leaving at most one
//! box per axis it constrains. Nothing legal is ever cut, and every step removes at least
//! the point tested, so the search is exact and ends.

use crate::board::Board;
use crate::check::Attack;
use crate::movegen::slider_dirs;
use crate::piece::{Color, Piece, PieceKind};
use crate::position::{Move, Position};

use super::limits::{Limits, Outcome};

#[derive(Clone, Copy, Debug)]
enum Val {
    Pass,
    Phys(Move),
    /// Departure of the piece `Piece index` (see `Space::pieces`).
    Dep(usize),
    /// Arrival of non-branching jump `jumps[j]`.
    Arr(usize),
    Empty,
    /// Branching jump `jumps[j]`.
    Br(usize),
}

struct Jump {
    m: Move,
    /// Piece (departure) index.
    piece: usize,
    /// Axis of the board it lands on, when that board is playable at the start.
    tgt: Option<usize>,
    /// Value index of its arrival on `tgt` (when it may land there without branching).
    arr: Option<usize>,
    /// Value index of it as a branching jump on the slot axes.
    br: Option<usize>,
}

struct DepPiece {
    axis: usize,
    from: (i32, i32),
    /// Value index of the departure on `axis`.
    val: usize,
    jumps: Vec<usize>,
}

struct Axis {
    /// Timeline of the board this axis makes (for slots: the new timeline's index).
    l: i32,
    vals: Vec<Val>,
    /// The board each value makes (`None` for `Pass` / `Empty`), with its half-turn.
    made: Vec<Option<(i32, Board)>>,
    mandatory: bool,
}

/// A box: one bit set of values per axis, all axes in one flat word vector.
type Cube = Vec<u64>;

struct Space {
    axes: Vec<Axis>,
    /// Number of axes for playable boards; the slot axes follow.
    np: usize,
    off: Vec<usize>,
    words: usize,
    jumps: Vec<Jump>,
    pieces: Vec<DepPiece>,
    /// Values and boards of every slot axis (the same for all slots).
    slot_vals: Vec<Val>,
    slot_made: Vec<Option<(i32, Board)>>,
    /// Half-turn of the last board of each old timeline at the start (by offset `l - l0`).
    root_last: Vec<i32>,
    l0: i32,
    /// Playable axis of each old timeline (by offset), if any.
    axis_of: Vec<Option<usize>>,
    /// Activity of each slot's timeline (fixed by its number).
    slot_active: Vec<bool>,
    /// For each old timeline: `None` if its activity cannot change this turn, else the
    /// number of new timelines the mover must make for it to be active.
    needs: Vec<Option<usize>>,
    me: Color,
}

impl Space {
    #[inline]
    fn has(&self, c: &Cube, a: usize, v: usize) -> bool {
        c[self.off[a] + v / 64] >> (v % 64) & 1 != 0
    }
    #[inline]
    fn clear(&self, c: &mut Cube, a: usize, v: usize) {
        c[self.off[a] + v / 64] &= !(1u64 << (v % 64));
    }
    fn axis_words<'c>(&self, c: &'c Cube, a: usize) -> &'c [u64] {
        let end = if a + 1 < self.axes.len() {
            self.off[a + 1]
        } else {
            self.words
        };
        &c[self.off[a]..end]
    }
    fn axis_words_mut<'c>(&self, c: &'c mut Cube, a: usize) -> &'c mut [u64] {
        let end = if a + 1 < self.axes.len() {
            self.off[a + 1]
        } else {
            self.words
        };
        &mut c[self.off[a]..end]
    }
    fn axis_empty(&self, c: &Cube, a: usize) -> bool {
        self.axis_words(c, a).iter().all(|w| *w == 0)
    }
    fn count(&self, c: &Cube, a: usize) -> u32 {
        self.axis_words(c, a).iter().map(|w| w.count_ones()).sum()
    }
    fn values<'c>(&self, c: &'c Cube, a: usize) -> impl Iterator<Item = usize> + 'c {
        let w = self.axis_words(c, a);
        w.iter().enumerate().flat_map(|(i, &word)| {
            let mut x = word;
            std::iter::from_fn(move || {
                if x == 0 {
                    return None;
                }
                let b = x.trailing_zeros() as usize;
                x &= x - 1;
                Some(i * 64 + b)
            })
        })
    }
    #[inline]
    fn vals(&self, a: usize) -> &[Val] {
        if a < self.np {
            &self.axes[a].vals
        } else {
            &self.slot_vals
        }
    }
    #[inline]
    fn made(&self, a: usize) -> &[Option<(i32, Board)>] {
        if a < self.np {
            &self.axes[a].made
        } else {
            &self.slot_made
        }
    }
    fn is_slot(&self, a: usize) -> bool {
        a >= self.np
    }
    fn slot_has_jump(&self, c: &Cube, s: usize) -> bool {
        // Value 0 of a slot is `Empty`.
        let w = self.axis_words(c, s);
        w[0] & !1 != 0 || w[1..].iter().any(|x| *x != 0)
    }
}

/// The moves a search may use, filtered once against the boards that exist at the start
/// of the turn (see `Dfs::new`): for each playable board, its safe non-branching moves
/// (physical moves, and jumps onto boards playable at the start) and the jumps that may
/// branch (safe departure, arrival board safe on its own).
pub(super) struct Prefiltered<'a> {
    pub boards: &'a [(i32, i32)],
    pub mandatory: &'a [bool],
    pub moves: &'a [Vec<Move>],
    pub branches: &'a [Vec<Move>],
}

/// Builds the space for `pos` (the start of a turn, no attack on the mover yet).
fn build(pos: &mut Position, pre: &Prefiltered) -> Space {
    let me = pos.to_move;
    let playable = pre.boards;
    let l0 = pos.l_min();
    let n_tl = (pos.l_max() - l0 + 1) as usize;
    let root_last: Vec<i32> = (0..n_tl as i32).map(|o| pos.last_h(l0 + o)).collect();
    let mut axis_of = vec![None; n_tl];
    for (i, &(l, _)) in playable.iter().enumerate() {
        axis_of[(l - l0) as usize] = Some(i);
    }
    let np = playable.len();
    let mut axes: Vec<Axis> = playable
        .iter()
        .zip(pre.mandatory)
        .map(|(&(l, _), &mandatory)| Axis {
            l,
            vals: vec![Val::Pass],
            made: vec![None],
            mandatory,
        })
        .collect();
    let mut jumps: Vec<Jump> = Vec::new();
    let mut pieces: Vec<DepPiece> = Vec::new();
    // Arrivals are added to their target axes after every axis has its own values.
    let mut arrivals: Vec<(usize, usize)> = Vec::new();
    for (a, &(l, h)) in playable.iter().enumerate() {
        for &m in &pre.moves[a] {
            if m.is_physical() {
                pos.make_move_as(&m, false);
                let b = *pos.board(l, h + 1).unwrap();
                pos.undo_move();
                axes[a].vals.push(Val::Phys(m));
                axes[a].made.push(Some((h + 1, b)));
            }
        }
        let jumps_here = pre.moves[a]
            .iter()
            .filter(|m| !m.is_physical())
            .map(|m| (*m, true))
            .chain(pre.branches[a].iter().map(|m| (*m, false)));
        for (m, non_branching) in jumps_here {
            let existing = jumps.iter().position(|j| j.m == m);
            let j = match existing {
                Some(j) => j,
                None => {
                    // Its piece's departure, one value per piece.
                    let piece = match pieces
                        .iter()
                        .position(|p| p.axis == a && p.from == (m.from.x, m.from.y))
                    {
                        Some(p) => p,
                        None => {
                            let mut b = *pos.board(l, h).unwrap();
                            b.set(m.from.x, m.from.y, Piece::EMPTY);
                            pieces.push(DepPiece {
                                axis: a,
                                from: (m.from.x, m.from.y),
                                val: axes[a].vals.len(),
                                jumps: Vec::new(),
                            });
                            axes[a].vals.push(Val::Dep(pieces.len() - 1));
                            axes[a].made.push(Some((h + 1, b)));
                            pieces.len() - 1
                        }
                    };
                    let tgt = axis_of
                        .get((m.to.l - l0) as usize)
                        .copied()
                        .flatten()
                        .filter(|&t| playable[t].1 == m.to.h);
                    jumps.push(Jump {
                        m,
                        piece,
                        tgt,
                        arr: None,
                        br: None,
                    });
                    pieces[piece].jumps.push(jumps.len() - 1);
                    jumps.len() - 1
                }
            };
            if non_branching {
                arrivals.push((j, jumps[j].tgt.expect("lands on a playable board")));
            } else {
                jumps[j].br = Some(0);
            }
        }
    }
    for (j, t) in arrivals {
        let m = jumps[j].m;
        pos.make_move_as(&m, false);
        let b = *pos.board(m.to.l, m.to.h + 1).unwrap();
        pos.undo_move();
        jumps[j].arr = Some(axes[t].vals.len());
        axes[t].vals.push(Val::Arr(j));
        axes[t].made.push(Some((m.to.h + 1, b)));
    }
    // Slots: one per playable board that can leave by a branching jump.
    let mut branching_axes = vec![false; np];
    let mut slot_vals = vec![Val::Empty];
    let mut slot_made = vec![None];
    for (j, jp) in jumps.iter_mut().enumerate() {
        if jp.br.is_some() {
            jp.br = Some(slot_vals.len());
            slot_vals.push(Val::Br(j));
            let mut d = *pos.board(jp.m.to.l, jp.m.to.h).unwrap();
            let mut piece = pos.piece_at(jp.m.from).unwrap_or_default().moved();
            if let Some(k) = jp.m.promotion {
                piece = Piece::new(k, piece.color(), false);
            }
            d.set(jp.m.to.x, jp.m.to.y, piece);
            slot_made.push(Some((jp.m.to.h + 1, d)));
            branching_axes[pieces[jp.piece].axis] = true;
        }
    }
    let k = branching_axes.iter().filter(|b| **b).count();
    let (mc, oc) = match me {
        Color::White => (pos.white_created(), pos.black_created()),
        Color::Black => (pos.black_created(), pos.white_created()),
    };
    let mut slot_active = Vec::with_capacity(k);
    for s in 0..k {
        // The mover's (mc + s + 1)-th timeline is active while the opponent made >= mc + s.
        slot_active.push(oc >= mc + s as i32);
        let l = match me {
            Color::White => pos.l_max() + 1 + s as i32,
            Color::Black => l0 - 1 - s as i32,
        };
        axes.push(Axis {
            l,
            vals: Vec::new(),
            made: Vec::new(),
            mandatory: false,
        });
    }
    // Which old timelines the mover's new ones can activate: the opponent's n-th timeline
    // is active once the mover has made at least n - 1.
    let needs: Vec<Option<usize>> = (0..n_tl as i32)
        .map(|o| {
            let l = l0 + o;
            let n = match me {
                Color::White if l < pos.init_min => pos.init_min - l,
                Color::Black if l > pos.init_max => l - pos.init_max,
                _ => return None,
            };
            let extra = n - 1 - mc;
            (extra > 0).then_some(extra as usize)
        })
        .collect();
    let mut off = Vec::with_capacity(axes.len());
    let mut words = 0;
    for (a, ax) in axes.iter().enumerate() {
        off.push(words);
        let n = if a < np {
            ax.vals.len()
        } else {
            slot_vals.len()
        };
        words += n.div_ceil(64);
    }
    Space {
        axes,
        np,
        off,
        words,
        jumps,
        pieces,
        slot_vals,
        slot_made,
        root_last,
        l0,
        axis_of,
        slot_active,
        needs,
        me,
    }
}

/// Result of looking for a consistent point in a box.
enum Pick {
    Point(Vec<usize>),
    None,
    /// Gave up (too many tries): split the box instead.
    Budget,
}

/// Looks for a consistent point of a box: the playable axes in order (a departure by a
/// branching jump waits in `pending`), then the slots.
struct Picker<'s> {
    sp: &'s Space,
    cube: &'s Cube,
    val: Vec<usize>,
    /// Departures (by piece) waiting for a branching jump in some slot.
    pending: Vec<usize>,
    nodes: u32,
    budget: u32,
    /// Slots that must hold a branching jump (no `Empty` in the box): they are a prefix.
    required: usize,
    /// Slots that may hold one.
    fillable: usize,
    /// Per playable axis, the required slots (bit mask) one of its departures may fill.
    axis_fills: Vec<u64>,
}

const UNSET: usize = usize::MAX;

/// One way to choose a playable axis: its own value, a value paired with another axis's
/// (an arrival and its departure), or a departure waiting for a slot.
#[derive(Clone, Copy)]
enum Opt {
    Own(usize),
    Pair(usize, usize, usize),
    Branch(usize, usize),
}

impl Picker<'_> {
    /// Bit mask of the required slots a branching jump of piece `pi` may fill.
    fn piece_fills(&self, pi: usize) -> u64 {
        let sp = self.sp;
        let mut m = 0u64;
        for &j in &sp.pieces[pi].jumps {
            if let Some(bv) = sp.jumps[j].br {
                for s in 0..self.required.min(64) {
                    if sp.has(self.cube, sp.np + s, bv) {
                        m |= 1 << s;
                    }
                }
            }
        }
        m
    }

    /// Whether the required slots can still each get a different departure: one of the
    /// pending ones or one of an axis from `a` on that is not chosen yet (a matching).
    fn required_feasible(&self) -> bool {
        let r = self.required;
        if r == 0 || r > 64 {
            return true;
        }
        let mut cands: Vec<u64> = self
            .pending
            .iter()
            .map(|&pi| self.piece_fills(pi))
            .collect();
        cands.extend(
            (0..self.sp.np)
                .filter(|&b| self.val[b] == UNSET && self.axis_fills[b] != 0)
                .map(|b| self.axis_fills[b]),
        );
        if cands.len() < r {
            return false;
        }
        // Kuhn's augmenting paths: slot -> candidate.
        let mut owner: Vec<Option<usize>> = vec![None; cands.len()];
        fn augment(
            s: usize,
            cands: &[u64],
            owner: &mut [Option<usize>],
            seen: &mut [bool],
        ) -> bool {
            for c in 0..cands.len() {
                if cands[c] >> s & 1 == 0 || seen[c] {
                    continue;
                }
                seen[c] = true;
                if owner[c].is_none_or(|o| augment(o, cands, owner, seen)) {
                    owner[c] = Some(s);
                    return true;
                }
            }
            false
        }
        (0..r).all(|s| {
            let mut seen = vec![false; cands.len()];
            augment(s, &cands, &mut owner, &mut seen)
        })
    }

    /// The ways to choose unassigned playable axis `a` now, in the order to try them.
    fn options(&self, a: usize, out: &mut Vec<Opt>) {
        let sp = self.sp;
        let cube = self.cube;
        let pass_ok = sp.has(cube, a, 0);
        let pass_first = !sp.axes[a].mandatory;
        if pass_first && pass_ok {
            out.push(Opt::Own(0));
        }
        for v in sp.values(cube, a) {
            match sp.vals(a)[v] {
                Val::Phys(_) => out.push(Opt::Own(v)),
                Val::Arr(j) => {
                    let p = &sp.pieces[sp.jumps[j].piece];
                    if self.val[p.axis] == UNSET && sp.has(cube, p.axis, p.val) {
                        out.push(Opt::Pair(v, p.axis, p.val));
                    }
                }
                Val::Dep(pi) => {
                    let mut branch = false;
                    for &j in &sp.pieces[pi].jumps {
                        let jp = &sp.jumps[j];
                        if let (Some(t), Some(av)) = (jp.tgt, jp.arr)
                            && self.val[t] == UNSET
                            && sp.has(cube, t, av)
                        {
                            out.push(Opt::Pair(v, t, av));
                        }
                        branch |= jp
                            .br
                            .is_some_and(|bv| (sp.np..sp.axes.len()).any(|s| sp.has(cube, s, bv)));
                    }
                    if branch && self.pending.len() < self.fillable {
                        out.push(Opt::Branch(v, pi));
                    }
                }
                _ => {}
            }
        }
        if !pass_first && pass_ok {
            out.push(Opt::Own(0));
        }
    }

    /// Chooses the remaining playable axes, the most constrained first, then the slots.
    fn axis(&mut self) -> Option<bool> {
        let sp = self.sp;
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        if !self.required_feasible() {
            return Some(false);
        }
        let mut best: Option<(usize, Vec<Opt>)> = None;
        let mut buf = Vec::new();
        for a in 0..sp.np {
            if self.val[a] != UNSET {
                continue;
            }
            buf.clear();
            self.options(a, &mut buf);
            if buf.is_empty() {
                return Some(false);
            }
            if best.as_ref().is_none_or(|b| buf.len() < b.1.len()) {
                let one = buf.len() == 1;
                best = Some((a, std::mem::take(&mut buf)));
                if one {
                    break;
                }
            }
        }
        let Some((a, opts)) = best else {
            return self.slots();
        };
        for o in opts {
            let r = match o {
                Opt::Own(v) => {
                    self.val[a] = v;
                    self.axis()
                }
                Opt::Pair(v, b, bv) => {
                    self.val[a] = v;
                    self.val[b] = bv;
                    let r = self.axis();
                    if r == Some(false) {
                        self.val[b] = UNSET;
                    }
                    r
                }
                Opt::Branch(v, pi) => {
                    self.val[a] = v;
                    self.pending.push(pi);
                    let r = self.axis();
                    if r == Some(false) {
                        self.pending.pop();
                    }
                    r
                }
            };
            if r != Some(false) {
                return r;
            }
        }
        self.val[a] = UNSET;
        Some(false)
    }

    /// Puts the pending departures' branching jumps into the slots, in some order.
    fn slots(&mut self) -> Option<bool> {
        let sp = self.sp;
        let k = sp.axes.len() - sp.np;
        let n = self.pending.len();
        if n > k || n < self.required {
            return Some(false);
        }
        for s in n..k {
            if !sp.has(self.cube, sp.np + s, 0) {
                return Some(false);
            }
            self.val[sp.np + s] = 0;
        }
        let mut used = vec![false; n];
        self.slot(0, &mut used)
    }

    fn slot(&mut self, s: usize, used: &mut [bool]) -> Option<bool> {
        let sp = self.sp;
        let n = self.pending.len();
        if s == n {
            return Some(true);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let a = sp.np + s;
        for d in 0..n {
            if used[d] {
                continue;
            }
            let pi = self.pending[d];
            // The first jump of this piece allowed here whose target board, if it was
            // playable, has been played before this slot.
            let pick = sp.pieces[pi].jumps.iter().copied().find(|&j| {
                let jp = &sp.jumps[j];
                let Some(bv) = jp.br else { return false };
                if !sp.has(self.cube, a, bv) {
                    return false;
                }
                match jp.tgt {
                    None => true,
                    Some(t) => match sp.vals(t)[self.val[t]] {
                        Val::Pass => false,
                        Val::Dep(q) => match self.pending.iter().position(|&x| x == q) {
                            // Leaves by a branching jump itself: that one must come first.
                            Some(e) => used[e],
                            None => true,
                        },
                        _ => true,
                    },
                }
            });
            if let Some(j) = pick {
                used[d] = true;
                self.val[a] = sp.jumps[j].br.unwrap();
                let r = self.slot(s + 1, used);
                if r != Some(false) {
                    return r;
                }
                used[d] = false;
            }
        }
        Some(false)
    }
}

/// Removes values that cannot be part of any consistent point of the box. Returns false
/// when an axis becomes empty.
fn prune(sp: &Space, c: &mut Cube) -> bool {
    let k = sp.axes.len() - sp.np;
    loop {
        let mut changed = false;
        for a in 0..sp.np {
            let vs: Vec<usize> = sp.values(c, a).collect();
            for v in vs {
                let ok = match sp.vals(a)[v] {
                    Val::Dep(pi) => sp.pieces[pi].jumps.iter().any(|&j| {
                        let jp = &sp.jumps[j];
                        jp.tgt.zip(jp.arr).is_some_and(|(t, av)| sp.has(c, t, av))
                            || jp
                                .br
                                .is_some_and(|bv| (sp.np..sp.np + k).any(|s| sp.has(c, s, bv)))
                    }),
                    Val::Arr(j) => {
                        let p = &sp.pieces[sp.jumps[j].piece];
                        sp.has(c, p.axis, p.val)
                    }
                    _ => true,
                };
                if !ok {
                    sp.clear(c, a, v);
                    changed = true;
                }
            }
            if sp.axis_empty(c, a) {
                return false;
            }
        }
        for s in 0..k {
            let a = sp.np + s;
            let prev_jump = s == 0 || sp.slot_has_jump(c, a - 1);
            let vs: Vec<usize> = sp.values(c, a).collect();
            for v in vs {
                let ok = match sp.vals(a)[v] {
                    Val::Empty => s + 1 == k || sp.has(c, a + 1, 0),
                    Val::Br(j) => {
                        let jp = &sp.jumps[j];
                        let p = &sp.pieces[jp.piece];
                        prev_jump
                            && sp.has(c, p.axis, p.val)
                            && jp.tgt.is_none_or(|t| sp.values(c, t).any(|x| x != 0))
                    }
                    _ => true,
                };
                if !ok {
                    sp.clear(c, a, v);
                    changed = true;
                }
            }
            if sp.axis_empty(c, a) {
                return false;
            }
        }
        if !changed {
            return true;
        }
    }
}

/// A condition on one square of a board an attack uses.
#[derive(Clone, Copy)]
enum Cond {
    /// The attacking piece (kind and colour).
    Attacker(PieceKind, Color),
    /// A royal piece of this colour.
    Royal(Color),
    Empty,
}

fn holds(b: &Board, x: i32, y: i32, c: Cond) -> bool {
    let p = b.get(x, y);
    match c {
        Cond::Attacker(k, col) => p.is_color(col) && p.kind() == Some(k),
        Cond::Royal(col) => p.is_color(col) && p.is_royal(),
        Cond::Empty => p.is_empty(),
    }
}

/// The failing region of an attack: per axis whose board the attack uses, the values that
/// make a board at the same place with the same squares as the attack needs them.
fn attack_slice(sp: &Space, pos: &Position, point: &[usize], a: &Attack) -> Vec<(usize, Cube)> {
    let kind = pos.piece_at(a.from).and_then(|p| p.kind()).unwrap();
    let opp = sp.me.opponent();
    // (board l, h, x, y, condition)
    let mut conds: Vec<(i32, i32, i32, i32, Cond)> = vec![
        (
            a.from.l,
            a.from.h,
            a.from.x,
            a.from.y,
            Cond::Attacker(kind, opp),
        ),
        (a.to.l, a.to.h, a.to.x, a.to.y, Cond::Royal(sp.me)),
    ];
    if slider_dirs(kind).is_some() {
        let d = [
            a.to.x - a.from.x,
            a.to.y - a.from.y,
            (a.to.h - a.from.h) / 2,
            a.to.l - a.from.l,
        ];
        let k = d.iter().map(|c| c.abs()).max().unwrap_or(0);
        for j in 1..k {
            conds.push((
                a.from.l + j * d[3] / k,
                a.from.h + 2 * j * d[2] / k,
                a.from.x + j * d[0] / k,
                a.from.y + j * d[1] / k,
                Cond::Empty,
            ));
        }
    }
    let mut out: Vec<(usize, Cube)> = Vec::new();
    let mut seen: Vec<usize> = Vec::new();
    for &(l, h, _, _, _) in &conds {
        let Some(ax) = made_by(sp, point, l, h) else {
            continue;
        };
        if seen.contains(&ax) {
            continue;
        }
        seen.push(ax);
        let mut set: Cube = vec![0; sp.words];
        for (v, made) in sp.made(ax).iter().enumerate() {
            let Some((mh, b)) = made else { continue };
            if *mh != h {
                continue;
            }
            let ok = conds
                .iter()
                .filter(|c| c.0 == l && c.1 == h)
                .all(|&(_, _, x, y, c)| holds(b, x, y, c));
            if ok {
                set[sp.off[ax] + v / 64] |= 1 << (v % 64);
            }
        }
        debug_assert!(sp.has(&set, ax, point[ax]));
        out.push((ax, set));
    }
    out
}

/// The axis whose value made board `(l, h)` in this point, if the board is new.
fn made_by(sp: &Space, point: &[usize], l: i32, h: i32) -> Option<usize> {
    let off = l - sp.l0;
    if off >= 0 && (off as usize) < sp.root_last.len() {
        if h <= sp.root_last[off as usize] {
            return None;
        }
        return sp.axis_of[off as usize];
    }
    let s = sp.np..sp.axes.len();
    let found = s.into_iter().find(|&a| sp.axes[a].l == l);
    debug_assert!(found.is_some_and(|a| point[a] != 0));
    found
}

/// The failing region when the present has not moved: board `culprit` (active, unplayed,
/// at the present) stays unplayed and active, and nothing can move the present below it.
fn present_slice(sp: &Space, culprit: usize) -> Vec<(usize, Cube)> {
    let k = sp.axes.len() - sp.np;
    let p = sp.root_last[(sp.axes[culprit].l - sp.l0) as usize];
    let mut out: Vec<(usize, Cube)> = Vec::new();
    let one = |ax: usize, f: &dyn Fn(usize) -> bool| {
        let mut set: Cube = vec![0; sp.words];
        for v in 0..sp.vals(ax).len() {
            if f(v) {
                set[sp.off[ax] + v / 64] |= 1 << (v % 64);
            }
        }
        (ax, set)
    };
    out.push(one(culprit, &|v| v == 0));
    // Slot constraints: `want_jump[s]` (must hold a jump) or `want_empty[s]`.
    let mut want_jump = vec![false; k];
    let mut want_empty = vec![false; k];
    if let Some(t) = sp.needs[(sp.axes[culprit].l - sp.l0) as usize] {
        want_jump[t - 1] = true;
    }
    for (o, &last) in sp.root_last.iter().enumerate() {
        if last < p
            && let Some(t) = sp.needs[o]
            && t <= k
        {
            want_empty[t - 1] = true;
        }
    }
    for s in 0..k {
        let ax = sp.np + s;
        let (empty, jump, active) = (want_empty[s], want_jump[s], sp.slot_active[s]);
        if empty || jump || active {
            out.push(one(ax, &|v| {
                let below = match sp.made(ax)[v] {
                    None => false,
                    Some((h, _)) => h < p,
                };
                if empty && v != 0 || jump && v == 0 {
                    return false;
                }
                !(active && below)
            }));
        }
    }
    out
}

/// Cuts `slice` out of `cube`: pushes the disjoint boxes of what is left onto `stack`.
fn cut(sp: &Space, cube: Cube, slice: &[(usize, Cube)], stack: &mut Vec<Cube>) {
    let mut inter = cube;
    let mut pieces = Vec::new();
    for (ax, set) in slice {
        let ws = sp.axis_words(set, *ax).to_vec();
        let mut rest = inter.clone();
        let mut any_rest = false;
        for (w, s) in sp.axis_words_mut(&mut rest, *ax).iter_mut().zip(&ws) {
            *w &= !*s;
            any_rest |= *w != 0;
        }
        if any_rest {
            pieces.push(rest);
        }
        for (w, s) in sp.axis_words_mut(&mut inter, *ax).iter_mut().zip(&ws) {
            *w &= *s;
        }
    }
    // Last pushed is searched first: keep the boxes nearest the failing point on top.
    stack.extend(pieces.into_iter().rev());
}

/// Decides whether the player to move has a legal action; returns one if so.
pub(super) fn find(
    pos: &Position,
    pre: &Prefiltered,
    limits: Limits,
) -> Outcome<Option<Vec<Move>>> {
    let mut pos = pos.clone();
    let opp = pos.to_move.opponent();
    if pos.any_attack(opp).is_some() {
        return Outcome::Done(None);
    }
    let sp = build(&mut pos, pre);
    let mut full: Cube = vec![0; sp.words];
    for a in 0..sp.axes.len() {
        for v in 0..sp.vals(a).len() {
            full[sp.off[a] + v / 64] |= 1 << (v % 64);
        }
    }
    let mut stack = vec![full];
    let mut nodes = 0u64;
    let mut tick = |n: u64| {
        nodes += n;
        if limits.max_nodes != 0 && nodes > limits.max_nodes {
            return false;
        }
        !limits
            .stop
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    };
    while let Some(mut cube) = stack.pop() {
        if !prune(&sp, &mut cube) {
            continue;
        }
        let slots = sp.np..sp.axes.len();
        let required = slots.clone().take_while(|&s| !sp.has(&cube, s, 0)).count();
        let mut picker = Picker {
            sp: &sp,
            cube: &cube,
            val: vec![UNSET; sp.axes.len()],
            pending: Vec::new(),
            nodes: 0,
            budget: 20_000,
            required,
            fillable: slots
                .clone()
                .filter(|&s| sp.slot_has_jump(&cube, s))
                .count(),
            axis_fills: Vec::new(),
        };
        picker.axis_fills = (0..sp.np)
            .map(|a| {
                let mut m = 0;
                for v in sp.values(&cube, a) {
                    if let Val::Dep(pi) = sp.vals(a)[v] {
                        m |= picker.piece_fills(pi);
                    }
                }
                m
            })
            .collect();
        let pick = match picker.axis() {
            Some(true) => Pick::Point(std::mem::take(&mut picker.val)),
            Some(false) => Pick::None,
            None => Pick::Budget,
        };
        if !tick(1 + picker.nodes as u64 / 16) {
            return Outcome::Unknown;
        }
        let point = match pick {
            Pick::None => continue,
            Pick::Budget => {
                // Split the widest axis in two halves.
                let a = (0..sp.axes.len())
                    .max_by_key(|&a| sp.count(&cube, a))
                    .unwrap();
                let vs: Vec<usize> = sp.values(&cube, a).collect();
                let mut lo = cube.clone();
                for &v in &vs[vs.len() / 2..] {
                    sp.clear(&mut lo, a, v);
                }
                for &v in &vs[..vs.len() / 2] {
                    sp.clear(&mut cube, a, v);
                }
                stack.push(cube);
                stack.push(lo);
                continue;
            }
            Pick::Point(p) => p,
        };
        match test_point(&sp, &mut pos, &point) {
            Test::Legal(moves) => return Outcome::Done(Some(moves)),
            Test::Fail(slice) => cut(&sp, cube, &slice, &mut stack),
        }
    }
    Outcome::Done(None)
}

enum Test {
    Legal(Vec<Move>),
    Fail(Vec<(usize, Cube)>),
}

/// Plays the point, tests it exactly, undoes it.
fn test_point(sp: &Space, pos: &mut Position, point: &[usize]) -> Test {
    let mut moves = Vec::new();
    // Non-branching moves first (playable axes), then the branching jumps in slot order.
    for (a, &v) in point.iter().enumerate() {
        match sp.vals(a)[v] {
            Val::Phys(m) => moves.push((m, false)),
            Val::Arr(j) => moves.push((sp.jumps[j].m, false)),
            Val::Br(j) => moves.push((sp.jumps[j].m, true)),
            _ => {}
        }
    }
    for (m, b) in &moves {
        pos.make_move_as(m, *b);
    }
    let result = judge(sp, pos, point);
    for _ in &moves {
        pos.undo_move();
    }
    match result {
        None => Test::Legal(moves.into_iter().map(|(m, _)| m).collect()),
        Some(slice) => Test::Fail(slice),
    }
}

fn judge(sp: &Space, pos: &Position, point: &[usize]) -> Option<Vec<(usize, Cube)>> {
    if !pos.present_passed() {
        let present = pos.present();
        let culprit = (0..sp.np)
            .find(|&a| {
                let l = sp.axes[a].l;
                point[a] == 0 && pos.is_active(l) && pos.last_h(l) == present
            })
            .expect("the present stays on an unplayed board");
        return Some(present_slice(sp, culprit));
    }
    let opp = sp.me.opponent();
    let check = |l: i32, old: bool| {
        let h = pos.last_h(l);
        pos.attack_on_board(l, h, opp)
            .or_else(|| pos.attack_from_board(l, opp))
            .or_else(|| {
                if old {
                    pos.attack_through(l, h, opp)
                } else {
                    None
                }
            })
    };
    for (a, &v) in point.iter().enumerate() {
        if sp.made(a)[v].is_none() {
            continue;
        }
        // Boards on old timelines: the axis's own timeline, or the target of an arrival.
        let attack = check(sp.axes[a].l, !sp.is_slot(a));
        if let Some(att) = attack {
            return Some(attack_slice(sp, pos, point, &att));
        }
    }
    None
}
