//! Static evaluation of one chess position, in centipawns for the side to move.
//!
//! Material and piece-square tables, each with a middlegame and an endgame value blended
//! by the phase (the non-pawn material left); plus the bishop pair, pawn structure
//! (passed, doubled, isolated), rooks on open files, mobility, the king's pawn shield, and
//! in won endgames without pawns a "mop-up" term that drives the lone king to the edge so
//! that the search finds the mate. The piece-square tables are built from simple shapes
//! (centralisation, advancement, the castled king's corner) rather than typed in.

use std::sync::OnceLock;

use cozy_chess::{
    BitBoard, Board, Color, Piece, Rank, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_rook_moves,
};

use crate::chess::game::insufficient_material;

/// Middlegame and endgame material.
pub const VALUE_MG: [i32; 6] = [100, 320, 335, 490, 960, 0];
pub const VALUE_EG: [i32; 6] = [125, 300, 320, 530, 960, 0];
/// Phase weight of each piece (pawns and kings count nothing); 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// A rough single value per piece for move ordering and pruning margins.
pub fn piece_value(p: Piece) -> i32 {
    VALUE_MG[p as usize]
}

struct Tables {
    /// [piece][square from White's side] -> (mg, eg)
    pst: [[(i32, i32); 64]; 6],
    /// Squares in front of a pawn on its file and the two next to it, per colour.
    passed_mask: [[BitBoard; 64]; 2],
}

fn center_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    // 0 in the four centre squares, 3 in the corners (Chebyshev distance to the centre).
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df.max(dr)
}

/// The piece-square value of `piece` (index) on `sq` (from White's side): (mg, eg).
fn pst_entry(piece: usize, sq: usize) -> (i32, i32) {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let c = center_distance(sq);
    let central_file = matches!(f, 2..=5);
    match piece {
        // Pawns: advance, and occupy the centre early; unmoved centre pawns block bishops.
        0 => {
            let mut mg = 4 * (r - 1);
            if (f == 3 || f == 4) && (r == 3 || r == 4) {
                mg += 18;
            }
            if (f == 3 || f == 4) && r == 1 {
                mg -= 10;
            }
            (mg, 12 * (r - 1))
        }
        // Knights: centralise; the rim is dim.
        1 => (20 - 12 * c, 15 - 10 * c),
        // Bishops: mildly central.
        2 => (10 - 5 * c, 8 - 5 * c),
        // Rooks: the seventh rank, central files a little.
        3 => (
            if r == 6 { 20 } else { 0 } + if central_file { 4 } else { 0 },
            if r == 6 { 15 } else { 0 },
        ),
        // Queen: slightly central, more so in the endgame.
        4 => (4 - 2 * c, 10 - 6 * c),
        // King: stay home behind the pawns in the middlegame; centralise in the end.
        _ => {
            let file_bonus = match f {
                0 | 1 | 6 | 7 => 20,
                2 | 5 => 5,
                _ => -15,
            };
            (file_bonus - 25 * r, 24 - 12 * c)
        }
    }
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

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| Tables {
        pst: std::array::from_fn(|p| std::array::from_fn(|sq| pst_entry(p, sq))),
        passed_mask: std::array::from_fn(|c| std::array::from_fn(|sq| passed_entry(c, sq))),
    })
}

/// The square as seen from `color`'s side (White's squares unchanged, Black's flipped).
fn rel(sq: Square, color: Color) -> usize {
    match color {
        Color::White => sq as usize,
        Color::Black => sq.flip_rank() as usize,
    }
}

/// Passed-pawn bonus by relative rank (0 = first rank).
const PASSED_MG: [i32; 8] = [0, 5, 10, 15, 30, 50, 80, 0];
const PASSED_EG: [i32; 8] = [0, 10, 20, 35, 60, 100, 150, 0];

/// Evaluation for the side to move (positive: good for it).
pub fn evaluate(board: &Board) -> i32 {
    if insufficient_material(board) {
        return 0;
    }
    let t = tables();
    let occ = board.occupied();
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    let mut material = [0i32; 2];
    for color in Color::ALL {
        let ci = color as usize;
        let mine = board.colors(color);
        let their_pawns = board.colored_pieces(!color, Piece::Pawn);
        let my_pawns = board.colored_pieces(color, Piece::Pawn);
        for piece in Piece::ALL {
            let pi = piece as usize;
            for sq in board.colored_pieces(color, piece) {
                let (pm, pe) = t.pst[pi][rel(sq, color)];
                mg[ci] += VALUE_MG[pi] + pm;
                eg[ci] += VALUE_EG[pi] + pe;
                phase += PHASE[pi];
                if piece != Piece::Pawn && piece != Piece::King {
                    material[ci] += VALUE_MG[pi];
                }
                let mob = match piece {
                    Piece::Knight => {
                        let n = (get_knight_moves(sq) & !mine).len() as i32;
                        4 * (n - 4)
                    }
                    Piece::Bishop => {
                        let n = (get_bishop_moves(sq, occ) & !mine).len() as i32;
                        4 * (n - 6)
                    }
                    Piece::Rook => {
                        let n = (get_rook_moves(sq, occ) & !mine).len() as i32;
                        let file = sq.file().bitboard();
                        let open = if (file & my_pawns).is_empty() {
                            if (file & their_pawns).is_empty() {
                                20
                            } else {
                                10
                            }
                        } else {
                            0
                        };
                        2 * (n - 7) + open
                    }
                    Piece::Queen => {
                        let n = ((get_rook_moves(sq, occ) | get_bishop_moves(sq, occ)) & !mine)
                            .len() as i32;
                        n - 13
                    }
                    _ => 0,
                };
                mg[ci] += mob;
                eg[ci] += mob;
            }
        }
        if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
            mg[ci] += 30;
            eg[ci] += 45;
        }
        // Pawn structure.
        for sq in my_pawns {
            let file = sq.file();
            let file_bb = file.bitboard();
            if (my_pawns & file_bb).len() > 1 {
                mg[ci] -= 6;
                eg[ci] -= 12;
            }
            if (my_pawns & file.adjacent()).is_empty() {
                mg[ci] -= 10;
                eg[ci] -= 8;
            }
            if (t.passed_mask[ci][sq as usize] & their_pawns).is_empty() {
                let r = sq.rank().relative_to(color) as usize;
                mg[ci] += PASSED_MG[r];
                eg[ci] += PASSED_EG[r];
            }
        }
        // The king's pawn shield (middlegame only).
        let king = board.king(color);
        let shield = get_king_moves(king) | shift_forward(get_king_moves(king), color);
        let front = shield & my_pawns & forward_of(king, color);
        mg[ci] += 12 * front.len().min(3) as i32;
    }
    let phase = phase.min(MAX_PHASE);
    let w = Color::White as usize;
    let b = Color::Black as usize;
    let mg_score = mg[w] - mg[b];
    let eg_score = eg[w] - eg[b];
    let mut score = (mg_score * phase + eg_score * (MAX_PHASE - phase)) / MAX_PHASE;
    score += mop_up(board, &material);
    let side = board.side_to_move();
    let tempo = 10;
    (if side == Color::White { score } else { -score }) + tempo
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

/// In a pawnless ending where one side leads by a rook or more: push the weaker king to
/// the edge and bring the stronger king close (White's point of view).
fn mop_up(board: &Board, material: &[i32; 2]) -> i32 {
    if !board.pieces(Piece::Pawn).is_empty() {
        return 0;
    }
    let w = Color::White as usize;
    let b = Color::Black as usize;
    let (strong, weak) = if material[w] >= material[b] + 450 {
        (Color::White, Color::Black)
    } else if material[b] >= material[w] + 450 {
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
        assert_eq!(eval(crate::chess::START_FEN), 10);
        let b = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(eval(b), 10);
    }

    #[test]
    fn material_counts() {
        // White a queen up: clearly positive for White, negative for Black to move.
        let f = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(eval(f) > 800);
        let g = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assert!(eval(g) < -800);
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
}
