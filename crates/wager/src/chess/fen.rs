//! FEN of standard-chess positions.

use cozy_chess::{Board, Color, FenParseError, File, Rank, Square};

use super::ChessError;

/// Reads a FEN (six fields, or the first four with the clocks taken as `0 1`). Only
/// standard chess: castling rights need the king on e1/e8 and the rook on a or h.
pub fn parse(text: &str) -> Result<Board, ChessError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let err = |reason: &str| ChessError::Fen {
        fen: text.to_string(),
        reason: reason.to_string(),
    };
    let joined = match fields.len() {
        4 => format!("{} 0 1", fields.join(" ")),
        6 => fields.join(" "),
        n => return Err(err(&format!("{n} fields, expected 6 (or 4)"))),
    };
    let board = Board::from_fen(&joined, false).map_err(|e| err(fen_reason(e)))?;
    for color in Color::ALL {
        let rights = board.castle_rights(color);
        if rights.short.is_none() && rights.long.is_none() {
            continue;
        }
        let rank = Rank::First.relative_to(color);
        let standard = board.king(color) == Square::new(File::E, rank)
            && rights.short.is_none_or(|f| f == File::H)
            && rights.long.is_none_or(|f| f == File::A);
        if !standard {
            return Err(err(
                "castling rights need the king on e1/e8 and the rook on a or h (standard chess)",
            ));
        }
    }
    Ok(board)
}

fn fen_reason(e: FenParseError) -> &'static str {
    match e {
        FenParseError::InvalidBoard => "the placement is not a legal position",
        FenParseError::InvalidSideToMove => "the side to move is not w or b",
        FenParseError::InvalidCastlingRights => "the castling rights do not fit the position",
        FenParseError::InvalidEnPassant => "the en passant square does not fit the position",
        FenParseError::InvalidHalfMoveClock => "the halfmove clock is not a number up to 100",
        FenParseError::InvalidFullmoveNumber => "the fullmove number is not a positive number",
        FenParseError::MissingField => "a field is missing",
        FenParseError::TooManyFields => "too many fields",
    }
}

/// The FEN of a position (`KQkq` castling letters).
pub fn format(board: &Board) -> String {
    board.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_standard_and_short_fen() {
        let b = parse(super::super::START_FEN).unwrap();
        assert_eq!(format(&b), super::super::START_FEN);
        let short = parse("8/8/8/8/8/8/8/K6k w - -").unwrap();
        assert_eq!(format(&short), "8/8/8/8/8/8/8/K6k w - - 0 1");
    }

    #[test]
    fn refuses_bad_fen() {
        for bad in [
            "",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            // Chess960 castling: king on f1.
            "4k3/8/8/8/8/8/8/R4K1R w K - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        ] {
            assert!(matches!(parse(bad), Err(ChessError::Fen { .. })), "{bad}");
        }
    }
}
