//! Ordinary chess on one timeline.
//!
//! Move generation is cozy-chess's; this module adds what it lacks for Timeline Wager:
//! moves in standard UCI form at our API (castling as the king's two-square step, while
//! cozy-chess works with king-takes-rook), FEN reading limited to standard chess, SAN, PGN,
//! the automatic draw rules (stalemate, threefold repetition, fifty moves, insufficient
//! material) and perft.

mod error;
pub mod fen;
pub mod game;
pub mod perft;
pub mod pgn;
pub mod san;
pub mod uci;

pub use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};
pub use error::ChessError;
pub use game::{DrawReason, Game, Status};

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// `W` or `B`.
pub fn color_letter(c: Color) -> char {
    match c {
        Color::White => 'W',
        Color::Black => 'B',
    }
}

/// "White" or "Black".
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}
