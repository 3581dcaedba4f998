//! Whether a physical move leaves a royal of the mover capturable, judged for every move of
//! one board from what was computed once for that board.
//!
//! A physical move on board B (timeline `l`, the mover's colour) makes one new board B',
//! the opponent's, at the end of `l`. The attacks that can appear are those that involve
//! B' (`safe_after`): from pieces on B', onto royals on B', and through B' (a slider from
//! another board crossing the gap B' filled). A ray that leaves B' along time or timelines
//! never comes back to it, so apart from B' itself they split into parts a move on B
//! cannot change and parts it can:
//!
//! - attacks that stay on B' (2D chess on the new board): checked per move, cheaply;
//! - attacks from the opponent's pieces on B' to other boards: fixed for each piece, so a
//!   move changes them only by capturing that piece (`cross_attackers`);
//! - attacks from other boards onto the mover's royals on B': fixed while the royals stay
//!   where they are (`royal_attacked`; a move of a royal piece is not judged here);
//! - sliders from other boards through B': each crosses B' at one square and needs it
//!   empty (`through`).
//!
//! So `judge` answers exactly what `safe_after(pos, e, true)` answers, for the price of a
//! 2D attack test and a few mask tests per move.

use crate::board::{Board, sq};
use crate::movegen::{
    ALL_UNIT, KNIGHT, axes, pawn_capture_vectors, slider_dirs, slides_along,
    square_attacked_on_board,
};
use crate::piece::{Color, PieceKind};
use crate::position::{Coord, Move, Position, Special};

/// What decides the safety of the physical moves of one board (see the module docs).
pub(crate) struct BoardSafety {
    l: i32,
    /// Squares of the opponent's pieces that, standing on B', could capture one of the
    /// mover's royals on another board.
    cross_attackers: u64,
    /// Whether a royal of the mover that stays where it is on B' could be captured from
    /// another board.
    royal_attacked: bool,
    /// Squares of B' through which, when empty, a slider from another board reaches one
    /// of the mover's royals.
    through: u64,
}

fn bit(x: i32, y: i32) -> u64 {
    1u64 << sq(x, y)
}

impl BoardSafety {
    /// For the physical moves of the last board of timeline `l`, which the side to move
    /// may play in `pos` (left as it was).
    pub(crate) fn new(pos: &mut Position, l: i32) -> BoardSafety {
        let me = pos.to_move;
        let opp = me.opponent();
        // B' with the board's contents: the geometry every move of it shares.
        pos.push_null_board(l);
        let h = pos.last_h(l);
        let b = *pos.board(l, h).expect("the board just pushed");
        let mut cross_attackers = 0;
        for (x, y, kind) in b.pieces(opp) {
            let from = Coord { l, h, x, y };
            if attacks_royal_across(pos, from, kind, opp) {
                cross_attackers |= bit(x, y);
            }
        }
        let royal_attacked = b
            .royals(me)
            .any(|(x, y)| attacked_from_across(pos, Coord { l, h, x, y }, opp));
        let through = through_squares(pos, l, h, opp);
        pos.pop_board(l);
        BoardSafety {
            l,
            cross_attackers,
            royal_attacked,
            through,
        }
    }

    /// Whether the physical move `m` of this board, just made on `pos` (its last move),
    /// leaves no royal of the mover capturable: `safe_after(pos, e, true)`. `None` for a
    /// move this cannot judge (a royal moves, or castling): ask `safe_after`.
    pub(crate) fn judge(&self, pos: &Position, m: &Move) -> Option<bool> {
        debug_assert!(m.is_physical() && m.from.l == self.l);
        let h = pos.last_h(self.l);
        let b = pos.board(self.l, h)?;
        let moved = b.get(m.to.x, m.to.y);
        if moved.is_royal() || matches!(m.special, Special::Castle { .. }) {
            return None;
        }
        if self.royal_attacked {
            return Some(false);
        }
        let mut captured = bit(m.to.x, m.to.y);
        if m.special == Special::EnPassant {
            captured |= bit(m.to.x, m.from.y);
        }
        if self.cross_attackers & !captured != 0 {
            return Some(false);
        }
        if self.through & empty_squares(b, pos.width, pos.height) != 0 {
            return Some(false);
        }
        let me = pos.to_move;
        let attacked_here = b
            .royals(me)
            .any(|(x, y)| square_attacked_on_board(b, pos.width, pos.height, x, y, me.opponent()));
        Some(!attacked_here)
    }
}

fn empty_squares(b: &Board, w: i32, h: i32) -> u64 {
    let mut m = 0;
    for y in 0..h {
        for x in 0..w {
            if b.get(x, y).is_empty() {
                m |= bit(x, y);
            }
        }
    }
    m
}

/// Whether a vector leaves the board it starts on (moves along time or timelines).
fn leaves_board(v: &[i32; 4]) -> bool {
    v[2] != 0 || v[3] != 0
}

/// Whether `attacker`'s piece at `from` could capture a royal of the other colour on
/// another board (`Position::piece_attacks_royal` without the moves that stay on its
/// board).
fn attacks_royal_across(pos: &Position, from: Coord, kind: PieceKind, attacker: Color) -> bool {
    let defender = attacker.opponent();
    let at = |v: &[i32; 4]| Coord {
        l: from.l + v[3],
        h: from.h + 2 * v[2],
        x: from.x + v[0],
        y: from.y + v[1],
    };
    let royal_at =
        |c: Coord| matches!(pos.piece_at(c), Some(p) if p.is_color(defender) && p.is_royal());
    match kind {
        PieceKind::Pawn | PieceKind::Brawn => pawn_capture_vectors(kind, attacker)
            .iter()
            .filter(|v| leaves_board(v))
            .any(|v| royal_at(at(v))),
        PieceKind::Knight => KNIGHT
            .iter()
            .filter(|v| leaves_board(v))
            .any(|v| royal_at(at(v))),
        PieceKind::King | PieceKind::CommonKing => ALL_UNIT
            .iter()
            .filter(|v| leaves_board(v))
            .any(|v| royal_at(at(v))),
        _ => slider_dirs(kind)
            .unwrap_or(&[])
            .iter()
            .filter(|v| leaves_board(v))
            .any(|v| pos.slide_hits_royal(from, v, defender).is_some()),
    }
}

/// Whether a piece of `attacker` on another board that it could play could capture on
/// `to` (`Position::attacker_of` without the attacks from `to`'s own board).
fn attacked_from_across(pos: &Position, to: Coord, attacker: Color) -> bool {
    pos.attacker_of_where(to, attacker, leaves_board).is_some()
}

/// The squares of board `(l, h)` (the last of its timeline) that sliders of `attacker` on
/// other boards cross on their way to a royal, if those squares are empty
/// (`Position::attack_through`, for every content of the board at once).
fn through_squares(pos: &Position, l: i32, h: i32, attacker: Color) -> u64 {
    let defender = attacker.opponent();
    let mut out = 0u64;
    for dl in [-1, 1] {
        for dt in -1..=1 {
            // The ray must be able to go on past this board...
            if pos.board(l + dl, h + 2 * dt).is_none() {
                continue;
            }
            // ...and come from an attacker's board behind it, every board between existing.
            let mut k = 1;
            while let Some(src) = pos.board(l - k * dl, h - 2 * k * dt) {
                let (la, ha) = (l - k * dl, h - 2 * k * dt);
                if pos.last_h(la) == ha && Color::of_half_turn(ha) == attacker {
                    for (x, y, kind) in src.pieces(attacker) {
                        if slider_dirs(kind).is_none() {
                            continue;
                        }
                        for dx in -1..=1 {
                            for dy in -1..=1 {
                                let v = [dx, dy, dt, dl];
                                let (cx, cy) = (x + dx * k, y + dy * k);
                                if !slides_along(kind, axes(&v)) || !pos.in_bounds(cx, cy) {
                                    continue;
                                }
                                if out & bit(cx, cy) != 0 {
                                    continue;
                                }
                                let from = Coord { l: la, h: ha, x, y };
                                if slide_hits_royal_past(pos, from, &v, defender, k) {
                                    out |= bit(cx, cy);
                                }
                            }
                        }
                    }
                }
                k += 1;
            }
        }
    }
    out
}

/// `Position::slide_hits_royal`, with the square of step `skip` taken as empty (the
/// crossing square of a board whose content is not known yet).
fn slide_hits_royal_past(
    pos: &Position,
    from: Coord,
    v: &[i32; 4],
    defender: Color,
    skip: i32,
) -> bool {
    let mut k = 1;
    loop {
        let c = Coord {
            l: from.l + v[3] * k,
            h: from.h + 2 * v[2] * k,
            x: from.x + v[0] * k,
            y: from.y + v[1] * k,
        };
        let Some(p) = pos.piece_at(c) else {
            return false;
        };
        if k != skip && !p.is_empty() {
            return p.is_color(defender) && p.is_royal();
        }
        k += 1;
    }
}
