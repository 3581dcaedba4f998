//! The openings book of the UCI measurement (`data/openings/balanced-20.epd`, one FEN a
//! line, written by another program) is, line by line, the position after the moves named
//! in `balanced-20.txt` (`name|moves`), played here by our own rules.

use timefork_wager::chess::{Board, Piece, fen, uci};

#[test]
fn every_opening_is_the_position_after_its_moves() {
    let epd = include_str!("../data/openings/balanced-20.epd");
    let named = include_str!("../data/openings/balanced-20.txt");
    let fens: Vec<&str> = epd.lines().collect();
    let lines: Vec<&str> = named.lines().collect();
    assert_eq!(fens.len(), 20);
    assert_eq!(lines.len(), fens.len());
    for (fen_line, named_line) in fens.iter().zip(&lines) {
        let (name, moves) = named_line.split_once('|').expect("name|moves");
        let mut b = Board::default();
        for m in moves.split_whitespace() {
            let mv = uci::parse(&b, m).unwrap_or_else(|e| panic!("{name}: {m}: {e}"));
            b.play_unchecked(uci::to_internal(&b, mv));
        }
        // The other program writes an en passant square only when a capture there is
        // legal; ours writes it after every double step. Every other field is the same.
        let ours: Vec<String> = fen::format(&b).split(' ').map(String::from).collect();
        let theirs: Vec<&str> = fen_line.split(' ').collect();
        for i in [0, 1, 2, 4, 5] {
            assert_eq!(ours[i], theirs[i], "{name}: field {i}");
        }
        let ep_capture = uci::legal_moves(&b).into_iter().any(|m| {
            b.piece_on(m.from) == Some(Piece::Pawn)
                && m.from.file() != m.to.file()
                && b.piece_on(m.to).is_none()
        });
        if ep_capture {
            assert_eq!(ours[3], theirs[3], "{name}");
        } else {
            assert_eq!(theirs[3], "-", "{name}");
        }
        // Eight plies each: White to move at move 5.
        assert_eq!(moves.split_whitespace().count(), 8, "{name}");
        assert_eq!(b.fullmove_number(), 5, "{name}");
    }
}
