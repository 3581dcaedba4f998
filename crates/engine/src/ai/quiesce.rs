//! Quiescence on one board: the exchange of captures that follows on a 2D board.
//!
//! A turn in 5D chess is a move on every board that must be played, so the usual
//! quiescence search (captures only, one move at a time) does not fit a whole-turn
//! search. But each playable board gets its own move, and the captures that follow on it
//! are a 2D exchange on that timeline: the side to move captures, the opponent recaptures
//! on the board that capture made, and so on. So at a leaf the evaluation asks, on every
//! board the side to move may play, what the best capture sequence there wins (captures
//! only, either side may stop, a capture that leaves a royal capturable is refuted by the
//! royal's capture). The sum over the boards stands in for a quiescence search; checks at
//! a leaf are followed by the exact search's mate probe (`think`).

use crate::ai::values::piece_value;
use crate::board::Board;
use crate::movegen::{KNIGHT, pawn_capture_vectors, slider_dirs};
use crate::piece::{Color, Piece, PieceKind};

/// Value of capturing a royal: the capture before it was illegal, so it never pays.
const ROYAL: i32 = 20_000;
/// Deepest exchange followed (captures, both sides together).
const MAX_PLIES: u32 = 8;
/// Captures tried at each step, the most valuable victims first.
const WIDTH: usize = 6;

/// A capture on one board: from, to, the capturing piece and the victim.
#[derive(Clone, Copy)]
struct Capture {
    from: (i32, i32),
    to: (i32, i32),
    piece: Piece,
    victim: PieceKind,
}

fn value(k: PieceKind) -> i32 {
    if k.is_royal() { ROYAL } else { piece_value(k) }
}

/// Captures of side `c` on board `b` (`w` x `h`), in 2D only.
fn captures(b: &Board, w: i32, h: i32, c: Color, out: &mut Vec<Capture>) {
    out.clear();
    let inb = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
    let mut push = |from: (i32, i32), to: (i32, i32), piece: Piece| {
        let t = b.get(to.0, to.1);
        if t.is_color(c.opponent())
            && let Some(victim) = t.kind()
        {
            out.push(Capture {
                from,
                to,
                piece,
                victim,
            });
        }
    };
    for (x, y, k) in b.pieces(c) {
        let piece = b.get(x, y);
        match k {
            PieceKind::Knight => {
                for v in KNIGHT.iter().filter(|v| v[2] == 0 && v[3] == 0) {
                    let (tx, ty) = (x + v[0], y + v[1]);
                    if inb(tx, ty) {
                        push((x, y), (tx, ty), piece);
                    }
                }
            }
            PieceKind::King | PieceKind::CommonKing => {
                for dx in -1..=1 {
                    for dy in -1..=1 {
                        let (tx, ty) = (x + dx, y + dy);
                        if (dx, dy) != (0, 0) && inb(tx, ty) {
                            push((x, y), (tx, ty), piece);
                        }
                    }
                }
            }
            PieceKind::Pawn | PieceKind::Brawn => {
                for v in pawn_capture_vectors(k, c)
                    .iter()
                    .filter(|v| v[2] == 0 && v[3] == 0)
                {
                    let (tx, ty) = (x + v[0], y + v[1]);
                    if inb(tx, ty) {
                        push((x, y), (tx, ty), piece);
                    }
                }
            }
            _ => {
                let Some(dirs) = slider_dirs(k) else { continue };
                for v in dirs.iter().filter(|v| v[2] == 0 && v[3] == 0) {
                    let (mut tx, mut ty) = (x + v[0], y + v[1]);
                    while inb(tx, ty) {
                        if !b.get(tx, ty).is_empty() {
                            push((x, y), (tx, ty), piece);
                            break;
                        }
                        tx += v[0];
                        ty += v[1];
                    }
                }
            }
        }
    }
}

/// What side `c`, to move on board `b`, wins by the best capture sequence there (0 when
/// standing pat is best), in centipawns.
pub fn exchange_gain(b: &Board, w: i32, h: i32, c: Color) -> i32 {
    let mut bufs: Vec<Vec<Capture>> = (0..=MAX_PLIES).map(|_| Vec::new()).collect();
    let g = search(b, w, h, c, 0, ROYAL * 2, MAX_PLIES, &mut bufs);
    // A royal capturable at once is no position of a legal game (an inactive board, or a
    // board the opponent left as it was): no gain is counted there.
    if g >= ROYAL / 2 { 0 } else { g.max(0) }
}

/// Negamax over captures with stand-pat: the gain for `c` from here.
fn search(
    b: &Board,
    w: i32,
    h: i32,
    c: Color,
    mut alpha: i32,
    beta: i32,
    plies: u32,
    bufs: &mut [Vec<Capture>],
) -> i32 {
    // Stand pat: not capturing is worth 0 from here.
    if alpha >= beta || plies == 0 {
        return alpha;
    }
    let (mine, rest) = bufs.split_first_mut().expect("a buffer per ply");
    captures(b, w, h, c, mine);
    if mine.is_empty() {
        return alpha;
    }
    // Most valuable victim first, then the least valuable capturer.
    mine.sort_by_key(|cap| {
        (
            -value(cap.victim),
            cap.piece.kind().map(piece_value).unwrap_or(0),
        )
    });
    if mine.iter().any(|cap| cap.victim.is_royal()) {
        return ROYAL;
    }
    let last_rank = if c == Color::White { h - 1 } else { 0 };
    for cap in mine.iter().take(WIDTH) {
        let mut nb = *b;
        nb.set(cap.from.0, cap.from.1, Piece::EMPTY);
        let mut gain = value(cap.victim);
        let mut piece = cap.piece.moved();
        if cap.piece.kind().is_some_and(|k| k.is_pawnlike()) && cap.to.1 == last_rank {
            piece = Piece::new(PieceKind::Queen, c, false);
            gain += piece_value(PieceKind::Queen) - piece_value(PieceKind::Pawn);
        }
        nb.set(cap.to.0, cap.to.1, piece);
        let s = gain - search(&nb, w, h, c.opponent(), 0, gain - alpha, plies - 1, rest);
        if s > alpha {
            alpha = s;
            if alpha >= beta {
                break;
            }
        }
    }
    alpha
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen_header;

    fn board(fen: &str) -> Board {
        let fb = parse_fen_header(&format!("[{fen}:0:1:w]")).unwrap();
        let p = crate::fen::position_from_fen_boards(&[fb], 8, 8).unwrap();
        *p.board(0, p.last_h(0)).unwrap()
    }

    #[test]
    fn exchanges() {
        // A hanging knight on d5 taken by the e4 pawn: +350.
        let b = board("4k3/8/8/3n4/4P3/8/8/4K3");
        assert_eq!(exchange_gain(&b, 8, 8, Color::White), 350);
        // Defended by the e6 pawn: PxN, pxP: 350 - 100 = 250.
        let b = board("4k3/8/4p3/3n4/4P3/8/8/4K3");
        assert_eq!(exchange_gain(&b, 8, 8, Color::White), 250);
        // A queen taking a pawn defended by a pawn: better not (0).
        let b = board("4k3/8/2p5/3p4/8/8/8/3QK3");
        assert_eq!(exchange_gain(&b, 8, 8, Color::White), 0);
        // Nothing to take.
        let b = board("4k3/8/8/8/8/8/8/4K3");
        assert_eq!(exchange_gain(&b, 8, 8, Color::White), 0);
        // Rook takes the rook on a8 defended by nothing but the king two squares away:
        // RxR wins 450.
        let b = board("r5k1/8/8/8/8/8/8/R3K3");
        assert_eq!(exchange_gain(&b, 8, 8, Color::White), 450);
    }
}
