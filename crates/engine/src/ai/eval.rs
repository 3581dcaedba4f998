//! The static evaluation, in centipawns, from the side to move's point of view, of a
//! position at the start of a turn.
//!
//! What it looks at, and why in 5D chess:
//! - Material on the boards that matter: the last board of every timeline (older boards
//!   are history and cannot change). Active timelines count fully, inactive ones a
//!   quarter (`INACTIVE_SHARE`): they do not move the present and the opponent can ignore
//!   them.
//! - A small piece-square term (centralised minor pieces and queens, advanced pawns).
//! - Royal safety: a royal off its home rank, and the squares around it attacked on its
//!   board, cost points (a king walk that wins a piece on one board is usually mated
//!   from another).
//! - Timeline advantage: a player who has created fewer timelines than the opponent can
//!   branch and keep the new timeline active; the other cannot.
//! - Threats for the side to move: on each board it must or may play, what the best
//!   capture sequence on that board wins (`quiesce`: captures and recaptures in 2D), or
//!   the best capture by a jump (a quarter of it when the jump opens an inactive
//!   timeline). Every playable board gets its own move in one turn, so these add up
//!   across boards. This is the quiescence of a whole-turn search.
//! - Royal exposure and mate threats: a side in check (a royal capturable from any
//!   board, across time and timelines, if it passed) is penalised, and the exact search
//!   (`find_action`, node-limited) is asked whether it is mate; the search's score is
//!   then a mate score.

use crate::ai::quiesce;
pub use crate::ai::values::piece_value;
use crate::board::Board;
use crate::movegen::square_attacked_on_board;
use crate::piece::{Color, PieceKind};
use crate::position::{Move, Position, Special};

/// Score of a mate (minus the number of turns to reach it).
pub const MATE: i32 = 1_000_000;
/// Scores above this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 10_000;

/// Small positional bonus of a piece on square (x, y) of a `w` x `h` board.
fn square_bonus(k: PieceKind, c: Color, x: i32, y: i32, w: i32, h: i32) -> i32 {
    // Distance from the centre, doubled so it stays an integer.
    let cx = (2 * x - (w - 1)).abs();
    let cy = (2 * y - (h - 1)).abs();
    // 7 in the corners of an 8x8 board, 13 on the four centre squares.
    let central = (w + h - 2) - (cx + cy) / 2;
    match k {
        PieceKind::Knight | PieceKind::Bishop | PieceKind::Unicorn | PieceKind::Dragon => {
            3 * central
        }
        PieceKind::Queen | PieceKind::Princess => central,
        PieceKind::Pawn | PieceKind::Brawn => {
            let adv = match c {
                Color::White => y,
                Color::Black => h - 1 - y,
            };
            // Centre pawns gain more from advancing than flank pawns.
            let centre_file = (2 * x - (w - 1)).abs() <= 3;
            if centre_file {
                4 * adv + central
            } else {
                2 * adv + central / 2
            }
        }
        _ => 0,
    }
}

/// Material and placement on the last boards, from `me`'s point of view.
pub fn material(pos: &Position, me: Color) -> i32 {
    let (w, h) = (pos.width, pos.height);
    let mut total = 0;
    for l in pos.timeline_indices() {
        let Some(t) = pos.timeline(l) else { continue };
        let b = t.last();
        let mut s = 0;
        for (i, p) in b.squares.iter().enumerate() {
            if p.is_empty() {
                continue;
            }
            let Some(k) = p.kind() else { continue };
            let (x, y) = ((i % 8) as i32, (i / 8) as i32);
            let v = piece_value(k) + square_bonus(k, p.color(), x, y, w, h);
            if p.color() == me {
                s += v;
            } else {
                s -= v;
            }
        }
        s += royal_safety(b, me, w, h) - royal_safety(b, me.opponent(), w, h);
        total += weighted(pos, l, s);
    }
    total
}

/// How many inactive timelines weigh as much as an active one. An inactive timeline does
/// not move the present and the opponent need never play there: what its last board holds
/// matters only as a place a mate could come from, or once a new timeline wakes it. At half
/// weight a jump into the past that captured there also copied the board it left, and so
/// half of its side's edge on that board, again: Hard, ahead, gave up pieces on the boards
/// that must be played to open inactive timelines (up to 21 a game against `5dchess
/// linear`) and drew two games it led at the action limit (issue 43).
pub const INACTIVE_SHARE: i32 = 4;

/// A score `s` of timeline `l`'s last board, weighted by whether `l` is active.
fn weighted(pos: &Position, l: i32, s: i32) -> i32 {
    if pos.is_active(l) {
        s
    } else {
        s / INACTIVE_SHARE
    }
}

/// Safety of `c`'s royal pieces on board `b` (a penalty, so 0 or less): a royal that has
/// left its home rank (in 5D chess an exposed king is mated across boards long before it
/// can be cornered on one), and the squares around it that the enemy attacks on its board.
fn royal_safety(b: &Board, c: Color, w: i32, h: i32) -> i32 {
    let mut pen = 0;
    for (x, y) in b.royals(c) {
        let adv = match c {
            Color::White => y,
            Color::Black => h - 1 - y,
        };
        pen += 30 * adv.min(4);
        for dx in -1..=1 {
            for dy in -1..=1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx, dy) == (0, 0) || nx < 0 || ny < 0 || nx >= w || ny >= h {
                    continue;
                }
                if square_attacked_on_board(b, w, h, nx, ny, c.opponent()) {
                    pen += 12;
                }
            }
        }
    }
    -pen
}

/// Timeline advantage of `me`: +1 when `me` can branch and keep the branch active while
/// the opponent cannot, -1 for the reverse, 0 when both can.
pub fn timeline_edge(pos: &Position, me: Color) -> i32 {
    let (mine, theirs) = match me {
        Color::White => (pos.white_created(), pos.black_created()),
        Color::Black => (pos.black_created(), pos.white_created()),
    };
    (theirs - mine).clamp(-1, 1)
}

/// What capturing with move `m` (from a playable board of the side to move) gains, if it
/// captures: the victim's value when it is not defended on its board, else what it gains
/// over the capturing piece.
pub fn capture_gain(pos: &Position, m: &Move) -> i32 {
    let Some(attacker) = pos.piece_at(m.from).and_then(|p| p.kind()) else {
        return 0;
    };
    let me = pos.to_move;
    let promo = if m.promotion.is_some() {
        piece_value(PieceKind::Queen) - piece_value(attacker)
    } else {
        0
    };
    let victim = if m.special == Special::EnPassant {
        100
    } else {
        match pos.piece_at(m.to) {
            Some(p) if p.is_color(me.opponent()) => p.kind().map(piece_value).unwrap_or(0),
            _ => 0,
        }
    };
    if victim == 0 {
        return promo.max(0) / 2;
    }
    let defended = pos.board(m.to.l, m.to.h).is_some_and(|b| {
        square_attacked_on_board(b, pos.width, pos.height, m.to.x, m.to.y, me.opponent())
    });
    let gain = if defended {
        (victim - piece_value(attacker)).max(0)
    } else {
        victim
    };
    gain + promo.max(0)
}

/// The side to move's threats: over its playable boards, the sum of what each board's
/// move can win: the best 2D capture sequence on the board (`quiesce`), or the best single
/// capture by a jump to another board.
pub fn threats(pos: &Position) -> i32 {
    let mut sum = 0;
    let mut moves = Vec::new();
    let branch_active = pos.next_timeline_active();
    for (l, h) in pos.playable_boards() {
        let Some(b) = pos.board(l, h) else { continue };
        let local = quiesce::exchange_gain(b, pos.width, pos.height, pos.to_move);
        moves.clear();
        pos.board_moves(l, &mut moves);
        let jump = moves
            .iter()
            .filter(|m| !m.is_physical())
            .map(|m| {
                // A capture that opens an inactive timeline is worth what that board counts.
                let g = capture_gain(pos, m);
                if !branch_active && !pos.is_playable(m.to.l, m.to.h) {
                    g / INACTIVE_SHARE
                } else {
                    g
                }
            })
            .max()
            .unwrap_or(0);
        sum += local.max(jump);
    }
    sum
}

/// Material edge (piece values only) at which the side ahead plays to convert.
const CONVERT_EDGE: i32 = 250;

/// Piece values of `me` minus the opponent's on the last boards (inactive timelines
/// weighted as in `material`).
pub fn material_edge(pos: &Position, me: Color) -> i32 {
    let mut total = 0;
    for l in pos.timeline_indices() {
        let Some(t) = pos.timeline(l) else { continue };
        total += weighted(pos, l, board_edge(t.last(), me));
    }
    total
}

fn board_edge(b: &Board, me: Color) -> i32 {
    let mut s = 0;
    for p in b.squares.iter() {
        if let Some(k) = p.kind() {
            let v = piece_value(k);
            s += if p.color() == me { v } else { -v };
        }
    }
    s
}

/// Progress of side `c`, which is ahead (issue 15: a won game is won by mate, not by
/// shuffling): on each active timeline's last board, the squares around the enemy royal
/// that `c` attacks or that it cannot step to, the enemy royal pushed from the centre,
/// `c`'s pieces near it and `c`'s pawns pushed; more when the enemy royal is under
/// pressure on several boards at once (mates in 5D come across boards); and each timeline
/// where `c` is well ahead on the board (branching from such a board copies the edge).
fn progress(pos: &Position, c: Color) -> i32 {
    let (w, h) = (pos.width, pos.height);
    let opp = c.opponent();
    let mut s = 0;
    let mut pressured = 0;
    for l in pos.timeline_indices().filter(|&l| pos.is_active(l)) {
        let Some(t) = pos.timeline(l) else { continue };
        let b = t.last();
        for (_, y, k) in b.pieces(c) {
            if k.is_pawnlike() {
                let adv = if c == Color::White { y } else { h - 1 - y };
                s += 6 * adv;
            }
        }
        for (x, y) in b.royals(opp) {
            let mut attacked = 0;
            let mut boxed = 0;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let (nx, ny) = (x + dx, y + dy);
                    if (dx, dy) == (0, 0) || nx < 0 || ny < 0 || nx >= w || ny >= h {
                        continue;
                    }
                    if square_attacked_on_board(b, w, h, nx, ny, c) {
                        attacked += 1;
                    } else if b.get(nx, ny).is_color(opp) {
                        boxed += 1;
                    }
                }
            }
            // Off-board neighbours count as boxed too: the edge helps the attacker.
            let on_board =
                (x.min(1) + (w - 1 - x).min(1) + 1) * (y.min(1) + (h - 1 - y).min(1) + 1) - 1;
            boxed += 8 - on_board;
            s += 10 * attacked + 4 * boxed;
            let cx = (2 * x - (w - 1)).abs();
            let cy = (2 * y - (h - 1)).abs();
            s += 3 * (cx + cy);
            for (px, py, k) in b.pieces(c) {
                if k.is_royal() || k.is_pawnlike() {
                    continue;
                }
                let d = (px - x).abs().max((py - y).abs());
                s += 4 * (4 - d).max(0);
            }
            if attacked >= 2 {
                pressured += 1;
            }
        }
        if board_edge(b, c) >= 300 {
            s += 30;
        }
    }
    s + 30 * (pressured - 1).max(0)
}

/// Static evaluation from the side to move's point of view (no mate detection).
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_move;
    let mut s = material(pos, me);
    let edge = material_edge(pos, me);
    if edge >= CONVERT_EDGE {
        s += progress(pos, me);
    } else if edge <= -CONVERT_EDGE {
        s -= progress(pos, me.opponent());
    }
    s += 40 * timeline_edge(pos, me);
    s += threats(pos) * 6 / 10;
    s += 10; // the move
    s
}

/// A score of the search (`evaluate`'s units, for the side to move in `pos`) in centipawns
/// per timeline of `pos`: divided by its timelines, inactive ones counting a quarter as in
/// the material. The search adds up every timeline's last board, so its scores grow with the
/// timelines (a branch that copies a board doubles every edge on it); what it reports is
/// what a side has on a typical board. Dividing every line from `pos` by the same number
/// keeps their order, so the AI plays by the reported numbers. Mate scores are kept.
pub fn per_timeline(pos: &Position, score: i32) -> i32 {
    if score.abs() >= MATE_BOUND {
        return score;
    }
    // In shares: an active timeline `INACTIVE_SHARE`, an inactive one 1.
    let shares: i32 = pos
        .timeline_indices()
        .map(|l| weighted(pos, l, INACTIVE_SHARE))
        .sum();
    (f64::from(INACTIVE_SHARE) * f64::from(score) / f64::from(shares.max(1))).round() as i32
}

/// How many of its own turns back a shuffle is looked for: a rook between a1 and b1 while
/// the opponent does the same repeats after two, a1-b1-c1-a1 after three, and the two
/// cycles together after six.
const SHUFFLE_TURNS: i32 = 8;

/// Whether the turn that led to `after` (by `moves`) made a board equal to a board of the
/// same timeline that the same side made in one of its last `SHUFFLE_TURNS` turns: a
/// shuffle.
pub fn repeats(after: &Position, moves: &[crate::position::Move]) -> bool {
    moves.iter().any(|m| {
        let l = m.from.l;
        let h = after.last_h(l);
        let Some(now) = after.board(l, h) else {
            return false;
        };
        // Boards two half-turns apart have the same side to move; one turn back cannot
        // repeat (both sides moved a piece since).
        (2..=SHUFFLE_TURNS).any(|k| after.board(l, h - 2 * k) == Some(now))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read_game;

    /// White's two rooks jump into the past and open two timelines; Black opens none, so
    /// the second (+2) is inactive (a player's timelines beyond the opponent's count plus
    /// one are). The last boards: on 0 White has the h1 rook (450 over Black's lone king),
    /// on +1 the a2 and h1 rooks (900), on +2, inactive, all three (1350, counting a
    /// quarter: 337). The three timelines count two and a quarter.
    #[test]
    fn an_inactive_timeline_counts_a_quarter() {
        let text = "[Board \"custom\"]\n[Mode \"5D\"]\n[4k3/8/8/8/8/8/8/R3K2R:0:1:w]\n\n\
                    1. (0T1)Ra2 / (0T1)Kd8\n\
                    2. (0T2)Ra2>>(0T1)a2 / (1T1)Kd7\n\
                    3. (1T2)Ra1>>(0T2)a1\n";
        let states = read_game(text).expect("the game reads").states();
        let p = states.last().expect("a final state");
        assert_eq!(p.to_move, Color::Black);
        assert!(p.is_active(0) && p.is_active(1) && !p.is_active(2));
        assert_eq!(material_edge(p, Color::White), 450 + 900 + 337);
        assert_eq!(per_timeline(p, 900), 400);
    }

    /// manyChecks, state 18 (after Black's 9th turn): Black has branched three times
    /// (2...Ng8>>(0T1)g6, 6...Qd8>>(-1T4)b6, 9...Bg4>>(0T7)g3), White once
    /// (6.Qd1>>(-1T4)d2). Black's third timeline is inactive (White would need two of its
    /// own), so the five timelines count four and a quarter: a score of 8.5 pawns over them
    /// is 2 pawns per timeline. At the start, one timeline, a score is what it is.
    #[test]
    fn scores_are_per_timeline_and_mates_are_kept() {
        let text = include_str!("../../tests/data/conformance/manyChecks.5dpgn");
        let states = read_game(text).expect("manyChecks reads").states();
        let p = &states[18];
        assert_eq!(p.timeline_indices().count(), 5);
        assert_eq!(p.timeline_indices().filter(|&l| !p.is_active(l)).count(), 1);
        assert_eq!(per_timeline(p, 850), 200);
        assert_eq!(per_timeline(p, -425), -100);
        assert_eq!(per_timeline(p, MATE - 3), MATE - 3);
        assert_eq!(per_timeline(p, -(MATE - 2)), -(MATE - 2));
        assert_eq!(per_timeline(&states[0], 137), 137);
    }
}
