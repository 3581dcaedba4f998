//! Static exchange evaluation: whether a capture sequence on one square, each side taking
//! back with its least valuable attacker (x-rays included, pins ignored), wins at least
//! a threshold. The search uses it to drop losing captures in quiescence and to order
//! them after the good ones.

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, get_bishop_moves, get_king_moves, get_knight_moves,
    get_pawn_attacks, get_rook_moves,
};

/// Exchange values (simple, so that equal trades are exactly even).
const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

fn value(p: Piece) -> i32 {
    VALUE[p as usize]
}

/// Every piece of either colour that attacks `sq` given the occupancy `occ`.
fn attackers_to(board: &Board, sq: cozy_chess::Square, occ: BitBoard) -> BitBoard {
    let diag = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let orth = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    (get_pawn_attacks(sq, Color::White) & board.colored_pieces(Color::Black, Piece::Pawn))
        | (get_pawn_attacks(sq, Color::Black) & board.colored_pieces(Color::White, Piece::Pawn))
        | (get_knight_moves(sq) & board.pieces(Piece::Knight))
        | (get_bishop_moves(sq, occ) & diag)
        | (get_rook_moves(sq, occ) & orth)
        | (get_king_moves(sq) & board.pieces(Piece::King))
}

/// Whether `mv` (cozy-chess form, legal in `board`) wins at least `threshold` centipawns
/// in the exchange it starts. Castling, promotions and en passant count as winning.
pub fn see_ge(board: &Board, mv: Move, threshold: i32) -> bool {
    let Some(mover) = board.piece_on(mv.from) else {
        return true;
    };
    let me = board.side_to_move();
    if mv.promotion.is_some() || board.colors(me).has(mv.to) {
        return true;
    }
    let captured = match board.piece_on(mv.to) {
        Some(p) => p,
        // A pawn moving diagonally onto an empty square: en passant.
        None if mover == Piece::Pawn && mv.from.file() != mv.to.file() => return true,
        // A quiet move: can the piece be won on its new square?
        None => return exchange(board, mv, mover, 0, threshold),
    };
    exchange(board, mv, mover, value(captured), threshold)
}

/// The swap algorithm: `gain` is what the first capture takes.
fn exchange(board: &Board, mv: Move, mover: Piece, gain: i32, threshold: i32) -> bool {
    let to = mv.to;
    let mut swap = gain - threshold;
    if swap < 0 {
        return false;
    }
    swap = value(mover) - swap;
    if swap <= 0 {
        return true;
    }
    let diag = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let orth = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let mut occ = board.occupied() ^ mv.from.bitboard() ^ to.bitboard();
    let mut stm = board.side_to_move();
    let mut attackers = attackers_to(board, to, occ) & occ;
    // 1 while the side that moved first is winning the exchange so far.
    let mut res = true;
    loop {
        stm = !stm;
        attackers &= occ;
        let mine = attackers & board.colors(stm);
        if mine.is_empty() {
            break;
        }
        res = !res;
        let least = [
            Piece::Pawn,
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
        ]
        .into_iter()
        .find_map(|p| (mine & board.pieces(p)).next_square().map(|sq| (p, sq)));
        let Some((piece, sq)) = least else {
            // Only the king is left to take: it may only if the other side has no
            // attacker left.
            if !(attackers & !board.colors(stm)).is_empty() {
                res = !res;
            }
            break;
        };
        swap = value(piece) - swap;
        if swap < i32::from(res) {
            break;
        }
        occ ^= sq.bitboard();
        // Pieces behind the one that took join in.
        if matches!(piece, Piece::Pawn | Piece::Bishop | Piece::Queen) {
            attackers |= get_bishop_moves(to, occ) & diag;
        }
        if matches!(piece, Piece::Rook | Piece::Queen) {
            attackers |= get_rook_moves(to, occ) & orth;
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let b: Board = fen.parse().unwrap();
        let mv: Move = mv.parse().unwrap();
        assert!(b.is_legal(mv), "{mv} in {fen}");
        see_ge(&b, mv, threshold)
    }

    #[test]
    fn exchanges() {
        // A rook takes an undefended pawn: +100.
        let f = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(f, "e1e5", 100));
        assert!(!see(f, "e1e5", 101));
        // A knight takes a pawn defended by a pawn: 100 - 320 < 0.
        let f = "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1";
        assert!(!see(f, "f3e5", 0));
        assert!(see(f, "f3e5", -220));
        assert!(!see(f, "f3e5", -219));
        // Rook takes a pawn defended by a rook behind which our queen x-rays: RxP, RxR,
        // QxR: we win a pawn and a rook for a rook.
        let f = "3r2k1/8/3p4/8/8/8/3R4/3QK3 w - - 0 1";
        assert!(see(f, "d2d6", 100));
        assert!(!see(f, "d2d6", 101));
        // A quiet move onto a square a pawn attacks loses the piece.
        let f = "4k3/8/3p4/8/8/B7/8/4K3 w - - 0 1";
        assert!(!see(f, "a3c5", 0));
        assert!(see(f, "a3b2", 0));
        // A queen takes a rook that a rook defends: 500 - 950.
        let f = "4k3/8/8/3q4/3R4/8/3R4/4K3 b - - 0 1";
        assert!(!see(f, "d5d4", 0));
        assert!(see(f, "d5d4", -450));
        // Only the king can take back, and a rook behind still covers the square: the
        // pawn is won. Without that rook the king takes the rook.
        assert!(see("3r2k1/3r4/8/8/8/8/3P4/4K3 b - - 0 1", "d7d2", 100));
        assert!(!see("6k1/3r4/8/8/8/8/3P4/4K3 b - - 0 1", "d7d2", 0));
        let f = "4k3/8/8/8/8/8/3r4/2B1K2R w - - 0 1";
        // BxR on d2, no black piece takes back: +500.
        assert!(see(f, "c1d2", 500));
    }
}
