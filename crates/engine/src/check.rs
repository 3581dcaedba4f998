//! Attacks on royal pieces. A player's royal piece is in danger when some opponent piece
//! on a board the opponent could play could capture it on any board of the opponent's
//! colour. Because boards are never changed once made, an attack that exists part-way
//! through a turn still exists at its end: the search uses that to prune early.

use std::sync::LazyLock;

use crate::movegen::{ALL_UNIT, KNIGHT, axes, pawn_capture_vectors, slider_dirs, slides_along};
use crate::piece::{Color, PieceKind};
use crate::position::{Coord, Position};

/// A capture of a royal piece: the attacking piece and the royal it could take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub from: Coord,
    pub to: Coord,
}

/// Index of a step `(dt, dl)` with both in `-reach..=reach`, in the `*_BY_STEP` tables.
fn step_index(dt: i32, dl: i32, reach: i32) -> usize {
    let side = 2 * reach + 1;
    ((dt + reach) * side + dl + reach) as usize
}

/// Groups `vectors` by their step in time and timelines (`step_index` with `reach`).
fn by_step(vectors: &[[i32; 4]], reach: i32) -> Vec<Vec<[i32; 4]>> {
    let side = (2 * reach + 1) as usize;
    let mut out = vec![Vec::new(); side * side];
    for v in vectors {
        out[step_index(v[2], v[3], reach)].push(*v);
    }
    out
}

/// Knight leaps and unit steps by their step in time and timelines.
static KNIGHT_BY_STEP: LazyLock<Vec<Vec<[i32; 4]>>> = LazyLock::new(|| by_step(&KNIGHT, 2));
static UNIT_BY_STEP: LazyLock<Vec<Vec<[i32; 4]>>> = LazyLock::new(|| by_step(&ALL_UNIT, 1));

/// Whether the boards one step away along time and timelines exist, asked once per step
/// (the 8 or 9 directions across the board that share it get one answer).
#[derive(Default)]
struct BoardCache {
    known: [Option<bool>; 9],
}

impl BoardCache {
    #[inline]
    fn exists(&mut self, pos: &Position, l: i32, h: i32, v: &[i32; 4]) -> bool {
        if v[2] == 0 && v[3] == 0 {
            return true;
        }
        let i = ((v[2] + 1) * 3 + v[3] + 1) as usize;
        *self.known[i].get_or_insert_with(|| pos.board(l, h).is_some())
    }
}

impl Position {
    #[inline]
    fn is_last_of_color(&self, l: i32, h: i32, c: Color) -> bool {
        self.last_h(l) == h && Color::of_half_turn(h) == c
    }

    /// First capture of a royal by `attacker`'s pieces on the last board of timeline `l`.
    pub fn attack_from_board(&self, l: i32, attacker: Color) -> Option<Attack> {
        let h = self.last_h(l);
        if Color::of_half_turn(h) != attacker {
            return None;
        }
        let board = self.board(l, h)?;
        for (x, y, kind) in board.pieces(attacker) {
            let from = Coord { l, h, x, y };
            if let Some(to) = self.piece_attacks_royal(from, kind, attacker) {
                return Some(Attack { from, to });
            }
        }
        None
    }

    /// Whether the piece at `from` can capture a royal piece of the other colour.
    pub fn piece_attacks_royal(
        &self,
        from: Coord,
        kind: PieceKind,
        attacker: Color,
    ) -> Option<Coord> {
        let defender = attacker.opponent();
        let at = |v: &[i32; 4], k: i32| Coord {
            l: from.l + v[3] * k,
            h: from.h + 2 * v[2] * k,
            x: from.x + v[0] * k,
            y: from.y + v[1] * k,
        };
        let royal_at =
            |c: Coord| matches!(self.piece_at(c), Some(p) if p.is_color(defender) && p.is_royal());
        match kind {
            PieceKind::Pawn | PieceKind::Brawn => pawn_capture_vectors(kind, attacker)
                .iter()
                .map(|v| at(v, 1))
                .find(|&c| royal_at(c)),
            PieceKind::Knight => KNIGHT.iter().map(|v| at(v, 1)).find(|&c| royal_at(c)),
            PieceKind::King | PieceKind::CommonKing => {
                ALL_UNIT.iter().map(|v| at(v, 1)).find(|&c| royal_at(c))
            }
            _ => {
                // Directions that share a step in time and timelines share their first
                // board: when it does not exist, none of them goes anywhere.
                let mut first_board = BoardCache::default();
                for v in slider_dirs(kind).unwrap() {
                    if !first_board.exists(self, from.l + v[3], from.h + 2 * v[2], v) {
                        continue;
                    }
                    if let Some(c) = self.slide_hits_royal(from, v, defender) {
                        return Some(c);
                    }
                }
                None
            }
        }
    }

    /// Slides from `from` along `v`; the royal of `defender` it stops on, if any.
    #[inline]
    pub fn slide_hits_royal(&self, from: Coord, v: &[i32; 4], defender: Color) -> Option<Coord> {
        let mut k = 1;
        loop {
            let c = Coord {
                l: from.l + v[3] * k,
                h: from.h + 2 * v[2] * k,
                x: from.x + v[0] * k,
                y: from.y + v[1] * k,
            };
            let p = self.piece_at(c)?;
            if !p.is_empty() {
                return (p.is_color(defender) && p.is_royal()).then_some(c);
            }
            k += 1;
        }
    }

    /// An attack by `attacker` on a royal piece standing on board `(l, h)`.
    pub fn attack_on_board(&self, l: i32, h: i32, attacker: Color) -> Option<Attack> {
        let defender = attacker.opponent();
        let board = self.board(l, h)?;
        for (x, y) in board.royals(defender) {
            let to = Coord { l, h, x, y };
            if let Some(from) = self.attacker_of(to, attacker) {
                return Some(Attack { from, to });
            }
        }
        None
    }

    /// An attack by `attacker` on a royal piece standing on board `(l, h)` that involves one
    /// of the boards `sources` (boards of other timelines): from a piece on one of them, or
    /// along a ray that crosses one of them on its way from any board. The search uses this
    /// for a board made this turn whose attacks from the boards that existed at the start
    /// of the turn were ruled out when its move was judged alone: such an attack can only
    /// appear through a board made since, as its source or as a gap it filled.
    pub fn attack_on_board_via(
        &self,
        l: i32,
        h: i32,
        attacker: Color,
        sources: &[(i32, i32)],
    ) -> Option<Attack> {
        let defender = attacker.opponent();
        let board = self.board(l, h)?;
        for (x, y) in board.royals(defender) {
            let to = Coord { l, h, x, y };
            for &(ml, mh) in sources {
                if ml == l || !self.is_last_of_color(ml, mh, attacker) {
                    continue;
                }
                if let Some(from) = self.attacker_via_board(to, attacker, ml, mh) {
                    return Some(Attack { from, to });
                }
            }
        }
        None
    }

    /// A piece of `attacker` that could capture on `to` by a leap from board `(ml, mh)`
    /// (another timeline than `to`'s) or along a ray that reaches that board: only the rays
    /// and leaps whose step in time and timelines leads there are looked at. A ray is
    /// followed past the board, since the board may be the gap that kept an older piece
    /// from reaching `to`.
    fn attacker_via_board(&self, to: Coord, attacker: Color, ml: i32, mh: i32) -> Option<Coord> {
        let k = (ml - to.l).abs();
        let dh = mh - to.h;
        // The reverse ray from `to` reaches the board after k steps of (-dt, -dl).
        let dl = -(ml - to.l).signum();
        if dh % 2 == 0 && (dh / 2).abs() % k == 0 && (dh / 2).abs() / k <= 1 {
            let dt = -(dh / 2) / k;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if let Some(c) = self.ray_attacker(to, &[dx, dy, dt, dl], attacker) {
                        return Some(c);
                    }
                }
            }
        }
        // Knights: a leap of 2 and 1 whose step in time and timelines is the board's.
        if dh % 2 == 0 && k <= 2 && (dh / 2).abs() <= 2 {
            return KNIGHT_BY_STEP[step_index(-(dh / 2), -(ml - to.l), 2)]
                .iter()
                .find_map(|v| self.knight_attacker(to, v, attacker));
        }
        None
    }

    /// A piece of `attacker`, on a board it could play, that could capture on `to`.
    pub fn attacker_of(&self, to: Coord, attacker: Color) -> Option<Coord> {
        self.attacker_of_where(to, attacker, |_| true)
    }

    /// `attacker_of`, looking only along the directions (unit vectors and knight leaps, as
    /// the attacker would move) that `keep` accepts.
    pub(crate) fn attacker_of_where(
        &self,
        to: Coord,
        attacker: Color,
        keep: impl Fn(&[i32; 4]) -> bool,
    ) -> Option<Coord> {
        let mut first_board = BoardCache::default();
        for v in ALL_UNIT.iter().filter(|v| keep(v)) {
            // Along time on one timeline: the attacker's board must be the last of the
            // timeline, so a ray from boards before it or past that end finds none.
            if v[3] == 0 && v[2] != 0 {
                let back = (to.h - self.last_h(to.l)) / 2 * v[2].signum();
                if (to.h - self.last_h(to.l)) % 2 != 0 || back <= 0 {
                    continue;
                }
            }
            if !first_board.exists(self, to.l - v[3], to.h - 2 * v[2], v) {
                continue;
            }
            if let Some(c) = self.ray_attacker(to, v, attacker) {
                return Some(c);
            }
        }
        KNIGHT
            .iter()
            .filter(|v| keep(v))
            .find_map(|v| self.knight_attacker(to, v, attacker))
    }

    /// The piece of `attacker` that could capture on `to` moving along the unit vector `v`:
    /// walking back from `to`, the first piece on the way, when it is the attacker's, on a
    /// board it could play, and moves that way that far.
    fn ray_attacker(&self, to: Coord, v: &[i32; 4], attacker: Color) -> Option<Coord> {
        let n = axes(v);
        let mut k = 1;
        loop {
            let c = Coord {
                l: to.l - v[3] * k,
                h: to.h - 2 * v[2] * k,
                x: to.x - v[0] * k,
                y: to.y - v[1] * k,
            };
            let p = self.piece_at(c)?;
            if p.is_empty() {
                k += 1;
                continue;
            }
            if !p.is_color(attacker) || !self.is_last_of_color(c.l, c.h, attacker) {
                return None;
            }
            let kind = p.kind().unwrap();
            let hit = slides_along(kind, n)
                || (k == 1
                    && (matches!(kind, PieceKind::King | PieceKind::CommonKing)
                        || (kind.is_pawnlike()
                            && pawn_capture_vectors(kind, attacker).contains(v))));
            return hit.then_some(c);
        }
    }

    /// The knight of `attacker` that could capture on `to` by the leap `v`, if any.
    fn knight_attacker(&self, to: Coord, v: &[i32; 4], attacker: Color) -> Option<Coord> {
        let c = Coord {
            l: to.l - v[3],
            h: to.h - 2 * v[2],
            x: to.x - v[0],
            y: to.y - v[1],
        };
        let p = self.piece_at(c)?;
        (p.is_color(attacker)
            && p.kind() == Some(PieceKind::Knight)
            && self.is_last_of_color(c.l, c.h, attacker))
        .then_some(c)
    }

    /// Attacks by sliders that pass through board `(l, h)` (a board that has just been
    /// made at the end of its timeline, filling a gap that used to block them).
    pub fn attack_through(&self, l: i32, h: i32, attacker: Color) -> Option<Attack> {
        let defender = attacker.opponent();
        let x_board = self.board(l, h)?;
        for dl in [-1, 1] {
            for dt in -1..=1 {
                // The ray must be able to go on past this board...
                if self.board(l + dl, h + 2 * dt).is_none() {
                    continue;
                }
                // ...and come from an attacker's board behind it, every board between existing.
                let mut k = 1;
                while let Some(src) = self.board(l - k * dl, h - 2 * k * dt) {
                    let (la, ha) = (l - k * dl, h - 2 * k * dt);
                    if self.is_last_of_color(la, ha, attacker) {
                        for (x, y, kind) in src.pieces(attacker) {
                            if slider_dirs(kind).is_none() {
                                continue;
                            }
                            for dx in -1..=1 {
                                for dy in -1..=1 {
                                    let v = [dx, dy, dt, dl];
                                    let (cx, cy) = (x + dx * k, y + dy * k);
                                    if !slides_along(kind, axes(&v))
                                        || !self.in_bounds(cx, cy)
                                        || !x_board.get(cx, cy).is_empty()
                                    {
                                        continue;
                                    }
                                    let from = Coord { l: la, h: ha, x, y };
                                    if let Some(to) = self.slide_hits_royal(from, &v, defender) {
                                        return Some(Attack { from, to });
                                    }
                                }
                            }
                        }
                    }
                    k += 1;
                }
            }
        }
        None
    }

    /// A capture of one of the other side's royal pieces by `attacker`, from any board
    /// `attacker` could play.
    pub fn any_attack(&self, attacker: Color) -> Option<Attack> {
        self.timeline_indices()
            .find_map(|l| self.attack_from_board(l, attacker))
    }

    /// Whether the player to move is in check: if they passed on every board they must
    /// play, could the opponent capture one of their royal pieces?
    pub fn in_check(&self) -> bool {
        self.check_attack().is_some()
    }

    /// The attack behind `in_check`, if any.
    pub fn check_attack(&self) -> Option<Attack> {
        let mut probe = self.clone();
        let me = self.to_move;
        for (l, _) in self.mandatory_boards() {
            probe.push_null_board(l);
        }
        probe.any_attack(me.opponent())
    }

    /// Whether the current turn may be submitted, and if not, why.
    pub fn submit_error(&self) -> Option<crate::SubmitError> {
        if !self.present_passed() {
            return Some(crate::SubmitError::PresentNotMoved {
                present: self.present(),
            });
        }
        self.any_attack(self.to_move.opponent())
            .map(|a| crate::SubmitError::RoyalCapturable {
                from: a.from,
                to: a.to,
            })
    }

    pub fn can_submit(&self) -> bool {
        self.submit_error().is_none()
    }
}

impl Position {
    /// Attacks by `attacker`'s pieces on the last board of `l` whose path reaches one of
    /// the boards `targets` (as the target's board or a board on the way). The search uses
    /// this for boards whose attacks on older boards were already ruled out.
    pub fn attack_from_board_toward(
        &self,
        l: i32,
        attacker: Color,
        targets: &[(i32, i32)],
    ) -> Option<Attack> {
        let h = self.last_h(l);
        let board = self.board(l, h)?;
        let defender = attacker.opponent();
        let royal_at =
            |c: Coord| matches!(self.piece_at(c), Some(p) if p.is_color(defender) && p.is_royal());
        // The pieces once, not once per target: a board scan costs more than most targets.
        let mut pieces = [(0, 0, PieceKind::Pawn); 64];
        let mut n = 0;
        for p in board.pieces(attacker) {
            pieces[n] = p;
            n += 1;
        }
        // The lines (step in timelines, step in time) from this board through a target:
        // a slider's rays along one line pass every target on it, so each is walked once.
        let mut lines = [(0, 0); 6];
        let mut n_lines = 0;
        for &(lt, ht) in targets {
            if lt == l {
                continue;
            }
            let k = (lt - l).abs();
            let dh = ht - h;
            let dt = if dh == 0 {
                0
            } else if dh == 2 * k {
                1
            } else if dh == -2 * k {
                -1
            } else {
                continue;
            };
            let line = ((lt - l).signum(), dt);
            // A ray stops at a missing board: the first board of the line must exist.
            if !lines[..n_lines].contains(&line) && self.board(l + line.0, h + 2 * dt).is_some() {
                lines[n_lines] = line;
                n_lines += 1;
            }
        }
        for &(x, y, kind) in &pieces[..n] {
            let from = Coord { l, h, x, y };
            let step = |v: &[i32; 4]| Coord {
                l: l + v[3],
                h: h + 2 * v[2],
                x: x + v[0],
                y: y + v[1],
            };
            // A leap lands on a target when its step in timelines and time is the
            // target's: the leaps are looked up by that step, not all tried per target.
            let leap = |by_step: &[Vec<[i32; 4]>], reach: i32| {
                targets.iter().find_map(|&(lt, ht)| {
                    let (dl, dh) = (lt - l, ht - h);
                    if dl == 0 || dh % 2 != 0 || dl.abs() > reach || (dh / 2).abs() > reach {
                        return None;
                    }
                    by_step[step_index(dh / 2, dl, reach)]
                        .iter()
                        .map(step)
                        .find(|&c| royal_at(c))
                })
            };
            let hit = match kind {
                PieceKind::Knight => leap(&KNIGHT_BY_STEP, 2),
                PieceKind::King | PieceKind::CommonKing => leap(&UNIT_BY_STEP, 1),
                PieceKind::Pawn | PieceKind::Brawn => pawn_capture_vectors(kind, attacker)
                    .iter()
                    .filter(|v| v[3] != 0 && targets.contains(&(l + v[3], h + 2 * v[2])))
                    .map(step)
                    .find(|&c| royal_at(c)),
                _ => {
                    let mut found = None;
                    'lines: for &(dl, dt) in &lines[..n_lines] {
                        for dx in -1..=1 {
                            for dy in -1..=1 {
                                let v = [dx, dy, dt, dl];
                                if !slides_along(kind, axes(&v)) {
                                    continue;
                                }
                                if let Some(c) = self.slide_hits_royal(from, &v, defender) {
                                    found = Some(c);
                                    break 'lines;
                                }
                            }
                        }
                    }
                    found
                }
            };
            if let Some(to) = hit {
                return Some(Attack { from, to });
            }
        }
        None
    }
}
