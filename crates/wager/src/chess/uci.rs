//! Moves in standard UCI form.
//!
//! Every `Move` this crate takes or returns is in standard form: castling is the king's
//! two-square step (`e1g1`), promotion carries the piece (`e7e8q`). cozy-chess encodes
//! castling as king-takes-rook (`e1h1`); `to_internal` and `to_standard` convert.

use cozy_chess::{Board, Move, Piece, Square};

use super::ChessError;

/// The king's start and destination files of the two castlings, with the rook's file.
fn castle_target(board: &Board, mv: Move) -> Option<Square> {
    let me = board.side_to_move();
    if board.king(me) != mv.from || board.piece_on(mv.from) != Some(Piece::King) {
        return None;
    }
    let rank = mv.from.rank();
    let rights = board.castle_rights(me);
    if mv.from.file() != cozy_chess::File::E || mv.to.rank() != rank {
        return None;
    }
    match mv.to.file() {
        cozy_chess::File::G => rights.short.map(|f| Square::new(f, rank)),
        cozy_chess::File::C => rights.long.map(|f| Square::new(f, rank)),
        _ => None,
    }
}

/// Standard form to cozy-chess's form (castling becomes king-takes-rook).
pub fn to_internal(board: &Board, mv: Move) -> Move {
    match castle_target(board, mv) {
        Some(rook) => Move {
            from: mv.from,
            to: rook,
            promotion: None,
        },
        None => mv,
    }
}

/// cozy-chess's form to standard form (king-takes-rook becomes the king's two-square step).
pub fn to_standard(board: &Board, mv: Move) -> Move {
    let me = board.side_to_move();
    if board.king(me) == mv.from && board.colors(me).has(mv.to) {
        let file = if mv.to.file() > mv.from.file() {
            cozy_chess::File::G
        } else {
            cozy_chess::File::C
        };
        return Move {
            from: mv.from,
            to: Square::new(file, mv.from.rank()),
            promotion: None,
        };
    }
    mv
}

/// Whether a standard-form move is legal.
pub fn is_legal(board: &Board, mv: Move) -> bool {
    // A standard-form move never lands on a piece of its own side.
    !board.colors(board.side_to_move()).has(mv.to) && board.is_legal(to_internal(board, mv))
}

/// All legal moves in standard form, in cozy-chess's generation order.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::with_capacity(48);
    board.generate_moves(|pm| {
        for m in pm {
            out.push(to_standard(board, m));
        }
        false
    });
    out
}

/// Reads a UCI move and checks it is legal; returns it in standard form. King-takes-rook
/// castling (`e1h1`) is accepted too and returned as `e1g1`.
pub fn parse(board: &Board, text: &str) -> Result<Move, ChessError> {
    let mv = parse_syntax(text)?;
    if is_legal(board, mv) {
        return Ok(mv);
    }
    if board.is_legal(mv) {
        return Ok(to_standard(board, mv));
    }
    Err(ChessError::IllegalMove {
        mv: text.to_string(),
        fen: board.to_string(),
    })
}

/// Reads a UCI move without a position (syntax only).
pub fn parse_syntax(text: &str) -> Result<Move, ChessError> {
    let ok = text.is_ascii()
        && (text.len() == 4 || (text.len() == 5 && "nbrqNBRQ".contains(&text[4..])));
    if !ok {
        return Err(ChessError::MoveSyntax(text.to_string()));
    }
    let mv: Move = text
        .to_ascii_lowercase()
        .parse()
        .map_err(|_| ChessError::MoveSyntax(text.to_string()))?;
    Ok(mv)
}

/// `e2e4`, `e7e8q` (the move must be in standard form).
pub fn format(mv: Move) -> String {
    mv.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_both_ways() {
        let b: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        let short = parse(&b, "e1g1").unwrap();
        assert_eq!(format(short), "e1g1");
        assert_eq!(to_internal(&b, short).to_string(), "e1h1");
        // King-takes-rook input is read as the standard move.
        assert_eq!(format(parse(&b, "e1a1").unwrap()), "e1c1");
        let moves: Vec<String> = legal_moves(&b).into_iter().map(format).collect();
        assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
        assert!(!moves.contains(&"e1h1".to_string()));
    }

    #[test]
    fn bad_moves() {
        let b = Board::default();
        assert!(matches!(
            parse(&b, "e2e5"),
            Err(ChessError::IllegalMove { .. })
        ));
        assert!(matches!(parse(&b, "e2"), Err(ChessError::MoveSyntax(_))));
        assert!(matches!(parse(&b, "e7e8k"), Err(ChessError::MoveSyntax(_))));
        assert!(matches!(parse(&b, "zz99"), Err(ChessError::MoveSyntax(_))));
        assert_eq!(format(parse(&b, "g1f3").unwrap()), "g1f3");
    }
}
