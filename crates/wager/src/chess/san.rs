//! Standard Algebraic Notation: writing (with the minimal disambiguation, `x`, `=Q`,
//! `+`/`#`) and reading (lenient: `0-0`, a missing `=`, trailing `!?` are accepted).

use cozy_chess::{Board, File, Move, Piece, Rank, Square};

use super::{ChessError, uci};

fn piece_letter(p: Piece) -> char {
    match p {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

fn letter_piece(c: char) -> Option<Piece> {
    Some(match c.to_ascii_uppercase() {
        'N' => Piece::Knight,
        'B' => Piece::Bishop,
        'R' => Piece::Rook,
        'Q' => Piece::Queen,
        'K' => Piece::King,
        _ => return None,
    })
}

/// The SAN of a legal standard-form move.
pub fn to_san(board: &Board, mv: Move) -> Result<String, ChessError> {
    if !uci::is_legal(board, mv) {
        return Err(ChessError::IllegalMove {
            mv: uci::format(mv),
            fen: board.to_string(),
        });
    }
    let internal = uci::to_internal(board, mv);
    let me = board.side_to_move();
    let piece = board.piece_on(mv.from).expect("a legal move has a piece");
    let mut s = String::new();
    if piece == Piece::King && board.colors(me).has(internal.to) {
        s.push_str(if internal.to.file() > mv.from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        let capture = board.colors(!me).has(mv.to)
            || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
        if piece == Piece::Pawn {
            if capture {
                s.push(char::from(mv.from.file()));
            }
        } else {
            s.push(piece_letter(piece));
            // Other pieces of this kind that can reach the same square.
            let mut rivals: Vec<Square> = Vec::new();
            board.generate_moves_for(board.colored_pieces(me, piece), |pm| {
                if pm.from != mv.from && pm.to.has(mv.to) {
                    rivals.push(pm.from);
                }
                false
            });
            if !rivals.is_empty() {
                let file_unique = rivals.iter().all(|r| r.file() != mv.from.file());
                let rank_unique = rivals.iter().all(|r| r.rank() != mv.from.rank());
                if file_unique {
                    s.push(char::from(mv.from.file()));
                } else if rank_unique {
                    s.push(char::from(mv.from.rank()));
                } else {
                    s.push_str(&mv.from.to_string());
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        if let Some(p) = mv.promotion {
            s.push('=');
            s.push(piece_letter(p));
        }
    }
    let mut after = board.clone();
    after.play_unchecked(internal);
    if !after.checkers().is_empty() {
        s.push(if after.generate_moves(|_| true) {
            '+'
        } else {
            '#'
        });
    }
    Ok(s)
}

/// Reads SAN into the legal standard-form move it names.
pub fn parse_san(board: &Board, text: &str) -> Result<Move, ChessError> {
    let err = |reason: &str| ChessError::San {
        san: text.to_string(),
        reason: reason.to_string(),
    };
    let core: &str = text
        .trim()
        .trim_end_matches("e.p.")
        .trim_end_matches(['+', '#', '!', '?']);
    let me = board.side_to_move();
    let legal = uci::legal_moves(board);
    let castle = match core {
        "O-O" | "0-0" => Some(File::G),
        "O-O-O" | "0-0-0" => Some(File::C),
        _ => None,
    };
    if let Some(file) = castle {
        let rank = Rank::First.relative_to(me);
        let mv = Move {
            from: Square::new(File::E, rank),
            to: Square::new(file, rank),
            promotion: None,
        };
        return if board.piece_on(mv.from) == Some(Piece::King) && legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(err("castling is not legal here"))
        };
    }
    let mut chars: Vec<char> = core.chars().collect();
    if !core.is_ascii() || chars.len() < 2 {
        return Err(err("not SAN"));
    }
    let piece = match chars[0] {
        c if c.is_ascii_uppercase() => {
            chars.remove(0);
            letter_piece(c).ok_or_else(|| err("unknown piece letter"))?
        }
        _ => Piece::Pawn,
    };
    let mut promotion = None;
    // `=q` may be lower case; without `=` only an upper-case letter is a promotion.
    let n = chars.len();
    let marked = n >= 2 && chars[n - 2] == '=';
    if piece == Piece::Pawn
        && (chars[n - 1].is_ascii_uppercase() || marked)
        && let Some(p) = letter_piece(chars[n - 1])
        && p != Piece::King
    {
        promotion = Some(p);
        chars.pop();
        if chars.last() == Some(&'=') {
            chars.pop();
        }
    }
    if chars.len() < 2 {
        return Err(err("no destination square"));
    }
    let dest: String = chars[chars.len() - 2..].iter().collect();
    let to: Square = dest.parse().map_err(|_| err("no destination square"))?;
    chars.truncate(chars.len() - 2);
    if matches!(chars.last(), Some('x' | '-' | ':')) {
        chars.pop();
    }
    let mut from_file = None;
    let mut from_rank = None;
    for c in chars {
        if let Ok(f) = File::try_from(c) {
            if from_file.is_some() {
                return Err(err("two source files"));
            }
            from_file = Some(f);
        } else if let Ok(r) = Rank::try_from(c) {
            if from_rank.is_some() {
                return Err(err("two source ranks"));
            }
            from_rank = Some(r);
        } else {
            return Err(err("unexpected characters"));
        }
    }
    let found: Vec<Move> = legal
        .into_iter()
        .filter(|m| {
            m.to == to
                && m.promotion == promotion
                && board.piece_on(m.from) == Some(piece)
                && from_file.is_none_or(|f| m.from.file() == f)
                && from_rank.is_none_or(|r| m.from.rank() == r)
        })
        .collect();
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(err("no legal move fits")),
        _ => Err(err("ambiguous")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;

    fn san(fen_text: &str, m: &str) -> String {
        let b = fen::parse(fen_text).unwrap();
        to_san(&b, uci::parse(&b, m).unwrap()).unwrap()
    }

    #[test]
    fn writes_san() {
        let start = crate::chess::START_FEN;
        assert_eq!(san(start, "e2e4"), "e4");
        assert_eq!(san(start, "g1f3"), "Nf3");
        // Castling both sides, and checks.
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san(castle, "e1g1"), "O-O");
        assert_eq!(san(castle, "e1c1"), "O-O-O");
        assert_eq!(san(castle, "a1a8"), "Rxa8+");
        // Disambiguation: knights on b1 and f1 both reach d2 (file); rooks a1 and a5 both
        // reach a3 (rank); queens on a1, c1 and a3 all reach b2 (the a1 queen needs both).
        assert_eq!(san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
        assert_eq!(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
        assert_eq!(san("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2"), "Qa1b2");
        // A pinned rival does not count: the e5 knight is pinned by the e8 rook.
        assert_eq!(san("4r1k1/8/8/4N3/8/8/8/2N1K3 w - - 0 1", "c1d3"), "Nd3");
        // En passant, promotion with capture and mate.
        assert_eq!(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
        assert_eq!(san("1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7b8q"), "cxb8=Q+");
        assert_eq!(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
    }

    #[test]
    fn reads_san() {
        let b = fen::parse("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let read = |s: &str| parse_san(&b, s).map(uci::format);
        assert_eq!(read("O-O").unwrap(), "e1g1");
        assert_eq!(read("0-0-0").unwrap(), "e1c1");
        assert_eq!(read("bxa8=Q+").unwrap(), "b7a8q");
        assert_eq!(read("bxa8N").unwrap(), "b7a8n");
        assert_eq!(read("b8=R").unwrap(), "b7b8r");
        assert_eq!(read("Rxa8!?").unwrap(), "a1a8");
        assert_eq!(read("Kd2").unwrap(), "e1d2");
        assert!(read("b8").is_err()); // promotion piece missing
        assert!(read("Nf3").is_err());
        assert!(read("").is_err());
        assert!(read("Zz9").is_err());
        let two = fen::parse("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
        assert!(matches!(
            parse_san(&two, "Nd2"),
            Err(ChessError::San { .. })
        ));
        assert_eq!(uci::format(parse_san(&two, "Nfd2").unwrap()), "f1d2");
        assert_eq!(uci::format(parse_san(&two, "Nf1-d2").unwrap()), "f1d2");
    }

    #[test]
    fn san_round_trips_every_move_of_kiwipete() {
        let b = fen::parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
        let moves = uci::legal_moves(&b);
        assert_eq!(moves.len(), 48);
        for m in moves {
            let s = to_san(&b, m).unwrap();
            assert_eq!(parse_san(&b, &s).unwrap(), m, "{s}");
        }
    }
}
