use std::fmt;

/// Why a chess text (FEN, move, SAN, PGN) was refused. Each variant carries the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChessError {
    /// Not a FEN of a legal standard-chess position.
    Fen { fen: String, reason: String },
    /// Not a move in UCI form (`e2e4`, `e7e8q`).
    MoveSyntax(String),
    /// A well-formed move that is not legal in the position.
    IllegalMove { mv: String, fen: String },
    /// SAN that names no legal move, or more than one.
    San { san: String, reason: String },
    /// PGN that cannot be read.
    Pgn { line: usize, reason: String },
}

impl fmt::Display for ChessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChessError::Fen { fen, reason } => write!(f, "bad FEN \"{fen}\": {reason}"),
            ChessError::MoveSyntax(m) => {
                write!(f, "\"{m}\" is not a UCI move (like e2e4 or e7e8q)")
            }
            ChessError::IllegalMove { mv, fen } => write!(f, "{mv} is not legal in {fen}"),
            ChessError::San { san, reason } => write!(f, "SAN \"{san}\": {reason}"),
            ChessError::Pgn { line, reason } => write!(f, "PGN line {line}: {reason}"),
        }
    }
}

impl std::error::Error for ChessError {}
