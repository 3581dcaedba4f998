//! Static evaluation of one chess position, in centipawns for the side to move.
//!
//! A sum of terms, each with a middlegame and an endgame weight blended by the phase (the
//! non-pawn material left): material, piece-square tables, mobility by the number of
//! squares a piece reaches, rooks on open and half-open files, the bishop pair, pawn
//! structure (doubled, isolated, passed by rank), the king's pawn shield. In won endgames
//! without pawns a "mop-up" term drives the lone king to the edge so that the search
//! finds the mate.
//!
//! The terms and their places in the weight table are in `terms.rs`, the weights (`weights.rs`) numbers fitted to game results by `tune` (Texel's
//! method). The terms are listed once, in `terms`: the search adds up their weights, the
//! tuner records which terms a position has.

use std::sync::OnceLock;

use cozy_chess::{
    BitBoard, Board, Color, Piece, Rank, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_rook_moves,
};

use super::terms::{Weight, index};
use super::weights::FITTED;
use crate::chess::game::insufficient_material;

/// Phase weight of each piece (pawns and kings count nothing); 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub(crate) const MAX_PHASE: i32 = 24;
/// A bonus for having the move.
pub(crate) const TEMPO: i32 = 10;

/// Receives the terms of a position: `n` times term `index` for `color`.
pub(crate) trait Terms {
    fn add(&mut self, color: Color, index: usize, n: i32);
}

/// Middlegame and endgame material (from the weight table) for move ordering and margins.
pub fn piece_value(p: Piece) -> i32 {
    match p {
        Piece::King => 0,
        p => FITTED[index::MATERIAL + p as usize].0,
    }
}

struct Masks {
    /// Squares in front of a pawn on its file and the two next to it, per colour.
    passed: [[BitBoard; 64]; 2],
}

/// Squares ahead of a pawn of colour index `ci` on `sq`, on its file and the next ones.
fn passed_entry(ci: usize, sq: usize) -> BitBoard {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let mut bb = BitBoard::EMPTY;
    for ff in (f - 1).max(0)..=(f + 1).min(7) {
        for rr in 0..8 {
            let ahead = if ci == 0 { rr > r } else { rr < r };
            if ahead {
                bb |= Square::index((rr * 8 + ff) as usize).bitboard();
            }
        }
    }
    bb
}

fn masks() -> &'static Masks {
    static T: OnceLock<Masks> = OnceLock::new();
    T.get_or_init(|| Masks {
        passed: std::array::from_fn(|c| std::array::from_fn(|sq| passed_entry(c, sq))),
    })
}

/// The square as seen from `color`'s side (White's squares unchanged, Black's flipped).
fn rel(sq: Square, color: Color) -> usize {
    match color {
        Color::White => sq as usize,
        Color::Black => sq.flip_rank() as usize,
    }
}

/// The game phase: 24 with every piece on the board, 0 with pawns and kings only.
pub(crate) fn phase(board: &Board) -> i32 {
    let mut phase = 0;
    for piece in Piece::ALL {
        phase += PHASE[piece as usize] * board.pieces(piece).len() as i32;
    }
    phase.min(MAX_PHASE)
}

/// Every term of the position, for both sides.
pub(crate) fn terms(board: &Board, out: &mut impl Terms) {
    use index::*;
    let m = masks();
    let occ = board.occupied();
    for color in Color::ALL {
        let ci = color as usize;
        let mine = board.colors(color);
        let their_pawns = board.colored_pieces(!color, Piece::Pawn);
        let my_pawns = board.colored_pieces(color, Piece::Pawn);
        for piece in Piece::ALL {
            let pi = piece as usize;
            let squares = board.colored_pieces(color, piece);
            if piece != Piece::King && !squares.is_empty() {
                out.add(color, MATERIAL + pi, squares.len() as i32);
            }
            for sq in squares {
                out.add(color, PST + pi * 64 + rel(sq, color), 1);
                match piece {
                    Piece::Knight => {
                        let n = (get_knight_moves(sq) & !mine).len() as usize;
                        out.add(color, MOB_KNIGHT + n, 1);
                    }
                    Piece::Bishop => {
                        let n = (get_bishop_moves(sq, occ) & !mine).len() as usize;
                        out.add(color, MOB_BISHOP + n, 1);
                    }
                    Piece::Rook => {
                        let n = (get_rook_moves(sq, occ) & !mine).len() as usize;
                        out.add(color, MOB_ROOK + n, 1);
                        let file = sq.file().bitboard();
                        if (file & my_pawns).is_empty() {
                            if (file & their_pawns).is_empty() {
                                out.add(color, ROOK_OPEN, 1);
                            } else {
                                out.add(color, ROOK_HALF_OPEN, 1);
                            }
                        }
                    }
                    Piece::Queen => {
                        let n = ((get_rook_moves(sq, occ) | get_bishop_moves(sq, occ)) & !mine)
                            .len() as usize;
                        out.add(color, MOB_QUEEN + n, 1);
                    }
                    _ => {}
                }
            }
        }
        if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
            out.add(color, BISHOP_PAIR, 1);
        }
        for sq in my_pawns {
            let file = sq.file();
            if (my_pawns & file.bitboard()).len() > 1 {
                out.add(color, DOUBLED, 1);
            }
            if (my_pawns & file.adjacent()).is_empty() {
                out.add(color, ISOLATED, 1);
            }
            if (m.passed[ci][sq as usize] & their_pawns).is_empty() {
                let r = sq.rank().relative_to(color) as usize;
                out.add(color, PASSED + r, 1);
            }
        }
        let king = board.king(color);
        let shield = get_king_moves(king) | shift_forward(get_king_moves(king), color);
        let front = shield & my_pawns & forward_of(king, color);
        out.add(color, SHIELD + front.len().min(3) as usize, 1);
    }
}

/// Adds up weights: middlegame and endgame sums per side.
struct Sum<'a> {
    weights: &'a [Weight; index::COUNT],
    mg: [i32; 2],
    eg: [i32; 2],
}

impl Terms for Sum<'_> {
    #[inline]
    fn add(&mut self, color: Color, index: usize, n: i32) {
        let (mg, eg) = self.weights[index];
        self.mg[color as usize] += mg * n;
        self.eg[color as usize] += eg * n;
    }
}

/// White's score with `weights`, before the mop-up and the tempo: the phase blend of
/// the middlegame and endgame sums.
pub(crate) fn blended(board: &Board, weights: &[Weight; index::COUNT]) -> i32 {
    let mut sum = Sum {
        weights,
        mg: [0; 2],
        eg: [0; 2],
    };
    terms(board, &mut sum);
    let (w, b) = (Color::White as usize, Color::Black as usize);
    let phase = phase(board);
    ((sum.mg[w] - sum.mg[b]) * phase + (sum.eg[w] - sum.eg[b]) * (MAX_PHASE - phase)) / MAX_PHASE
}

/// Evaluation for the side to move (positive: good for it).
pub fn evaluate(board: &Board) -> i32 {
    if insufficient_material(board) {
        return 0;
    }
    let score = blended(board, &FITTED) + mop_up(board);
    (if board.side_to_move() == Color::White {
        score
    } else {
        -score
    }) + TEMPO
}

/// Squares on ranks ahead of the king (from its side).
fn forward_of(king: Square, color: Color) -> BitBoard {
    let mut bb = BitBoard::EMPTY;
    for r in Rank::ALL {
        let ahead = match color {
            Color::White => r > king.rank(),
            Color::Black => r < king.rank(),
        };
        if ahead {
            bb |= r.bitboard();
        }
    }
    bb
}

fn shift_forward(bb: BitBoard, color: Color) -> BitBoard {
    match color {
        Color::White => BitBoard(bb.0 << 8),
        Color::Black => BitBoard(bb.0 >> 8),
    }
}

/// 0 in the four centre squares, 3 in the corners (Chebyshev distance to the centre).
fn center_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df.max(dr)
}

/// Knights, bishops, rooks and queens of a side, in middlegame pawns' worth.
fn pieces_worth(board: &Board, side: Color) -> i32 {
    [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .into_iter()
        .map(|p| piece_value(p) * board.colored_pieces(side, p).len() as i32)
        .sum()
}

/// In a pawnless ending where one side leads by a rook or more: push the weaker king to
/// the edge and bring the stronger king close (White's point of view).
pub(crate) fn mop_up(board: &Board) -> i32 {
    if !board.pieces(Piece::Pawn).is_empty() {
        return 0;
    }
    let w = pieces_worth(board, Color::White);
    let b = pieces_worth(board, Color::Black);
    let (strong, weak) = if w >= b + 450 {
        (Color::White, Color::Black)
    } else if b >= w + 450 {
        (Color::Black, Color::White)
    } else {
        return 0;
    };
    let sk = board.king(strong);
    let wk = board.king(weak);
    let edge = center_distance(wk as usize);
    let dist = (sk.file() as i32 - wk.file() as i32)
        .abs()
        .max((sk.rank() as i32 - wk.rank() as i32).abs());
    let bonus = 40 * edge + 20 * (7 - dist);
    if strong == Color::White {
        bonus
    } else {
        -bonus
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;

    fn eval(f: &str) -> i32 {
        evaluate(&fen::parse(f).unwrap())
    }

    #[test]
    fn symmetric_start_is_only_the_tempo() {
        assert_eq!(eval(crate::chess::START_FEN), TEMPO);
        let b = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(eval(b), TEMPO);
    }

    #[test]
    fn material_counts() {
        // White a queen up: clearly positive for White, negative for Black to move.
        let f = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(eval(f) > 700);
        let g = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assert!(eval(g) < -700);
        // A rook up counts more than a knight up.
        let rook = eval("1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1");
        let knight = eval("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(rook > knight && knight > 200, "{rook} {knight}");
        // Dead positions are 0.
        assert_eq!(eval("8/8/8/4k3/8/8/8/4KB2 w - - 0 1"), 0);
    }

    #[test]
    fn mirror_symmetry() {
        // A position and its colour-mirror evaluate the same for the side to move.
        let a = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let b = "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 4 4";
        assert_eq!(eval(a), eval(b));
    }

    #[test]
    fn a_passed_pawn_near_promotion_is_worth_more() {
        // The same king and pawn ending with White's pawn on the 6th or on the 3rd rank.
        let far = eval("8/8/2P5/8/8/8/k7/4K3 w - - 0 1");
        let near = eval("8/8/8/8/8/2P5/k7/4K3 w - - 0 1");
        assert!(far > near, "{far} {near}");
    }
}
