//! One game of chess with its history and the automatic end rules.

use cozy_chess::{BitBoard, Board, Color, Move, Piece};

use super::{ChessError, uci};

/// Why a game was drawn. All are automatic (no claim).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position (pieces, side to move, castling and en passant rights, FIDE
    /// 9.2.3) for the third time.
    Threefold,
    /// A hundred plies without a pawn move or a capture, unless the last one mates.
    FiftyMoves,
    /// Neither side can mate: kings alone, a king and one minor piece against a bare king,
    /// or only bishops besides the kings, all on squares of one colour.
    InsufficientMaterial,
}

impl DrawReason {
    pub fn as_str(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::Threefold => "threefold repetition",
            DrawReason::FiftyMoves => "fifty-move rule",
            DrawReason::InsufficientMaterial => "insufficient material",
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Ongoing,
    Checkmate { winner: Color },
    Draw(DrawReason),
}

impl Status {
    /// PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*` while it goes on.
    pub fn result_str(self) -> &'static str {
        match self {
            Status::Ongoing => "*",
            Status::Checkmate {
                winner: Color::White,
            } => "1-0",
            Status::Checkmate {
                winner: Color::Black,
            } => "0-1",
            Status::Draw(_) => "1/2-1/2",
        }
    }
}

/// A game from a start position: every position reached and every move played.
#[derive(Clone, Debug)]
pub struct Game {
    /// `boards[0]` is the start; `boards[i + 1]` follows `moves[i]`.
    boards: Vec<Board>,
    /// Standard-form moves.
    moves: Vec<Move>,
    status: Status,
}

impl Game {
    pub fn new(start: Board) -> Game {
        let status = status_of(std::slice::from_ref(&start));
        Game {
            boards: vec![start],
            moves: Vec::new(),
            status,
        }
    }

    pub fn start(&self) -> &Board {
        &self.boards[0]
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.boards.last().expect("a game has its start position")
    }

    /// Every position so far, the start first.
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }

    /// The moves played, in standard form.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plies played since the start.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn side_to_move(&self) -> Color {
        self.board().side_to_move()
    }

    /// Legal moves in standard form (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status != Status::Ongoing {
            return Vec::new();
        }
        uci::legal_moves(self.board())
    }

    /// Whether `mv` (standard form) may be played now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.status == Status::Ongoing && uci::is_legal(self.board(), mv)
    }

    /// Plays a standard-form move; returns the new status. Changes nothing on error.
    pub fn play(&mut self, mv: Move) -> Result<Status, ChessError> {
        if !self.is_legal(mv) {
            return Err(ChessError::IllegalMove {
                mv: uci::format(mv),
                fen: self.board().to_string(),
            });
        }
        let mut next = self.board().clone();
        next.play_unchecked(uci::to_internal(self.board(), mv));
        self.boards.push(next);
        self.moves.push(mv);
        self.status = status_of(&self.boards);
        Ok(self.status)
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn occurrences(&self) -> usize {
        occurrences(&self.boards)
    }
}

/// The status of the last position of a history.
fn status_of(boards: &[Board]) -> Status {
    let board = boards.last().expect("a history has a position");
    let has_move = board.generate_moves(|_| true);
    if !has_move {
        return if board.checkers().is_empty() {
            Status::Draw(DrawReason::Stalemate)
        } else {
            Status::Checkmate {
                winner: !board.side_to_move(),
            }
        };
    }
    if insufficient_material(board) {
        return Status::Draw(DrawReason::InsufficientMaterial);
    }
    if occurrences(boards) >= 3 {
        return Status::Draw(DrawReason::Threefold);
    }
    if board.halfmove_clock() >= 100 {
        return Status::Draw(DrawReason::FiftyMoves);
    }
    Status::Ongoing
}

/// Occurrences of the last position in the history. Only the plies since the last pawn
/// move or capture can repeat it (the halfmove clock counts them); earlier positions
/// differ in pawns or material.
fn occurrences(boards: &[Board]) -> usize {
    let last = boards.last().expect("a history has a position");
    let window = (last.halfmove_clock() as usize).min(boards.len() - 1);
    let key = last.hash_without_ep();
    boards[boards.len() - 1 - window..]
        .iter()
        .rev()
        .step_by(2)
        .filter(|b| b.hash_without_ep() == key && b.same_position(last))
        .count()
}

/// Kings alone; king and one knight or bishop against a bare king; or bishops only, all on
/// squares of one colour. No sequence of legal moves can mate in these.
pub fn insufficient_material(board: &Board) -> bool {
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !heavy.is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    let minors = (knights | bishops).len();
    if minors <= 1 {
        return true;
    }
    if !knights.is_empty() {
        return false;
    }
    const LIGHT: BitBoard = BitBoard(0x55AA_55AA_55AA_55AA);
    (bishops & LIGHT).is_empty() || (bishops & !LIGHT).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;

    fn play(game: &mut Game, moves: &str) {
        for m in moves.split_whitespace() {
            let mv = uci::parse(game.board(), m).unwrap();
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn fools_mate() {
        let mut g = Game::new(Board::default());
        play(&mut g, "f2f3 e7e5 g2g4 d8h4");
        assert_eq!(
            g.status(),
            Status::Checkmate {
                winner: Color::Black
            }
        );
        assert!(g.legal_moves().is_empty());
        assert!(g.play(uci::parse_syntax("a2a3").unwrap()).is_err());
    }

    #[test]
    fn stalemate() {
        // Black king h8, White queen g6... after Qg6 Black has no move: h8 attacked? no:
        // Kh8 with White Qf7 and Kg6 is stalemate (g8, g7, h7 covered, h8 not attacked).
        let mut g = Game::new(fen::parse("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").unwrap());
        play(&mut g, "f1f7");
        assert_eq!(g.status(), Status::Draw(DrawReason::Stalemate));
    }

    #[test]
    fn threefold_by_knights() {
        // The start position occurs at plies 0, 4 and 8: the third time ends the game.
        let mut g = Game::new(Board::default());
        play(&mut g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assert_eq!(g.status(), Status::Ongoing);
        // The position after ply 7 (White's knight home, Black's on f6) was also reached
        // at ply 3.
        assert_eq!(g.occurrences(), 2);
        play(&mut g, "f6g8");
        assert_eq!(g.occurrences(), 3);
        assert_eq!(g.status(), Status::Draw(DrawReason::Threefold));
    }

    #[test]
    fn en_passant_right_makes_positions_differ() {
        // White pawn e5; Black plays d7d5, so White may take en passant at ply 1. Knights
        // go out and back twice: the pieces after ply 9 are those after plies 5 and 1, but
        // at ply 1 the en passant right makes it another position: two occurrences, no
        // draw (ignoring the right would make it three).
        let start = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
        let mut g = Game::new(fen::parse(start).unwrap());
        play(&mut g, "d7d5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
        assert_eq!(g.occurrences(), 2);
        assert_eq!(g.status(), Status::Ongoing);
        // Ply 10 repeats plies 2 and 6 (no en passant right in any): the third time.
        play(&mut g, "g1f3");
        assert_eq!(g.occurrences(), 3);
        assert_eq!(g.status(), Status::Draw(DrawReason::Threefold));
    }

    #[test]
    fn fifty_moves_and_mate_first() {
        // Halfmove clock 99: one more quiet move draws.
        let mut g = Game::new(fen::parse("7k/8/8/8/8/8/R7/K7 w - - 99 80").unwrap());
        play(&mut g, "a2b2");
        assert_eq!(g.status(), Status::Draw(DrawReason::FiftyMoves));
        // Halfmove clock 99 and the 100th ply mates: the mate stands (FIDE 9.3).
        let mut g = Game::new(fen::parse("6k1/8/6K1/8/8/8/8/R7 w - - 99 80").unwrap());
        play(&mut g, "a1a8");
        assert_eq!(
            g.status(),
            Status::Checkmate {
                winner: Color::White
            }
        );
    }

    #[test]
    fn insufficient_material_cases() {
        let dead = [
            "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
            "8/8/8/4k3/8/8/8/4KN2 w - - 0 1",
            "8/8/8/4k3/8/8/8/4KB2 w - - 0 1",
            // Bishops on c1 (dark) and f8 (dark) only.
            "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        ];
        for f in dead {
            assert!(insufficient_material(&fen::parse(f).unwrap()), "{f}");
        }
        let alive = [
            "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1",
            "8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1",
            "4n3/8/8/4k3/8/8/8/4KB2 w - - 0 1",
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
        ];
        for f in alive {
            assert!(!insufficient_material(&fen::parse(f).unwrap()), "{f}");
        }
        // Capturing the last pawn draws at once.
        let mut g = Game::new(fen::parse("8/8/8/8/8/k7/4p3/4K3 w - - 0 1").unwrap());
        play(&mut g, "e1e2");
        assert_eq!(g.status(), Status::Draw(DrawReason::InsufficientMaterial));
    }
}
