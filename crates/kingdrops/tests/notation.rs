//! KFEN, move and turn text, and game records: round trips and errors naming their cause.

use timefork_kingdrops::{
    Color, Game, KfenField, Kind, Move, Piece, Placement, Position, RecordError, Square, Turn,
};

const START: &str = "rbgqkgbr/ssssaaaa/8/8/8/8/AAAASSSS/RBGQKGBR w - - - -";

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn kfen_reads_rules_md_example() {
    let p = Position::from_kfen(START).unwrap();
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(
        p.piece_at(sq("e1")),
        Some(Piece::new(Color::White, Kind::King))
    );
    assert_eq!(
        p.piece_at(sq("d8")),
        Some(Piece::new(Color::Black, Kind::Queen))
    );
    assert_eq!(
        p.piece_at(sq("a2")),
        Some(Piece::new(Color::White, Kind::Archer))
    );
    assert_eq!(
        p.piece_at(sq("a7")),
        Some(Piece::new(Color::Black, Kind::Spearman))
    );
    assert_eq!(p.piece_at(sq("e4")), None);
    assert_eq!(p.to_kfen(), START);
    // It is the standard setup.
    let (w, b) = p.setup_placements().unwrap();
    assert_eq!(w, Placement::standard(Color::White));
    assert_eq!(b, Placement::standard(Color::Black));
}

#[test]
fn kfen_round_trips() {
    for kfen in [
        START,
        "7k/8/8/8/8/8/8/K7 w - - - -",
        "7k/8/4R3/8/8/8/8/1K6 b R r - -",
        // Reserves and prisons in Q R B G order: White holds QRRG in reserve, Black qbg;
        // White's prison holds a black rook, Black's prison a white bishop.
        "4k3/8/8/8/8/8/8/4K3 b QRRG qbg r B",
        "1BRBRQGG/ASA1SASK/6AS/8/8/k7/8/8 w - - - -",
    ] {
        let p = Position::from_kfen(kfen).unwrap();
        assert_eq!(p.to_kfen(), kfen);
    }
    // Reserves written out of order are read, and written back in Q R B G order.
    let p = Position::from_kfen("4k3/8/8/8/8/8/8/4K3 w GRQ - - -").unwrap();
    assert_eq!(p.to_kfen(), "4k3/8/8/8/8/8/8/4K3 w QRG - - -");
    assert_eq!(
        p.reserve(Color::White),
        vec![Kind::Queen, Kind::Rook, Kind::Guard]
    );
}

#[test]
fn kfen_errors_name_the_field() {
    let cases: &[(&str, KfenField, &str)] = &[
        ("7k/8/8/8/8/8/8/K7 w - - -", KfenField::Fields, "6 fields"),
        ("7k/8/8/8/8/8/K7 w - - - -", KfenField::Board, "8 ranks"),
        ("7k/8/8/8/8/8/8/K8 w - - - -", KfenField::Board, "rank 1"),
        ("7k/8/8/8/8/8/8/K6 w - - - -", KfenField::Board, "7 squares"),
        ("7k/8/8/8/8/8/8/K6X w - - - -", KfenField::Board, "'X'"),
        (
            "7k/8/8/8/8/8/8/K6K w - - - -",
            KfenField::Board,
            "second White king",
        ),
        (
            "7k/8/8/8/8/8/8/K7 x - - - -",
            KfenField::SideToMove,
            "\"x\"",
        ),
        (
            "7k/8/8/8/8/8/8/K7 w r - - -",
            KfenField::WhiteReserve,
            "White",
        ),
        (
            "7k/8/8/8/8/8/8/K7 w S - - -",
            KfenField::WhiteReserve,
            "spearman",
        ),
        (
            "7k/8/8/8/8/8/8/K7 w - R - -",
            KfenField::BlackReserve,
            "Black",
        ),
        (
            "7k/8/8/8/8/8/8/K7 w - - R -",
            KfenField::WhitePrison,
            "Black",
        ),
        (
            "7k/8/8/8/8/8/8/K7 w - - - r",
            KfenField::BlackPrison,
            "White",
        ),
        (
            "7k/8/8/8/8/8/8/K7 w QQ - - -",
            KfenField::WhiteReserve,
            "queens",
        ),
        // Three white rooks: two on the board, one in Black's prison.
        (
            "7k/8/8/8/8/8/8/KRR5 w - - - R",
            KfenField::Consistency,
            "rooks",
        ),
        ("8/8/8/8/8/8/8/8 w - - - -", KfenField::Consistency, "king"),
        // White's spearman on rank 8 and Black's king gone: both cannot have won.
        ("S7/8/8/8/8/8/8/8 w - - - -", KfenField::Consistency, "king"),
        (
            "S7/8/8/8/8/8/8/K6s w - - - -",
            KfenField::Consistency,
            "both",
        ),
    ];
    for &(kfen, field, needle) in cases {
        let e = Position::from_kfen(kfen).expect_err(kfen);
        assert_eq!(e.field, field, "{kfen}: {e}");
        let text = e.to_string();
        assert!(
            text.contains(needle),
            "{kfen}: \"{text}\" lacks \"{needle}\""
        );
        assert!(text.contains(field.name()), "{text}");
    }
}

#[test]
fn move_and_turn_text() {
    let t: Turn = "e2e3,d1d2,R@f3".parse().unwrap();
    assert_eq!(
        t.moves(),
        &[
            Move::Step {
                from: sq("e2"),
                to: sq("e3")
            },
            Move::Step {
                from: sq("d1"),
                to: sq("d2")
            },
            Move::Drop {
                kind: Kind::Rook,
                to: sq("f3")
            },
        ]
    );
    assert_eq!(t.to_string(), "e2e3,d1d2,R@f3");
    assert_eq!("pass".parse::<Turn>().unwrap(), Turn::PASS);
    assert_eq!(Turn::PASS.to_string(), "pass");
    for (bad, needle) in [
        ("r@d3", "upper case"),
        ("S@d3", "cannot be dropped"),
        ("R@d9", "not a square"),
        ("e2e9", "not a square"),
        ("e2", "a move is"),
        ("e2e3,e3e4,d1d2,d2d3", "at most 3"),
        ("", "empty"),
    ] {
        let e = bad.parse::<Turn>().expect_err(bad);
        assert!(e.to_string().contains(needle), "{bad}: {e}");
    }
}

fn turn(s: &str) -> Turn {
    s.parse().unwrap()
}

#[test]
fn record_round_trip_and_replay() {
    let w = Placement::standard(Color::White);
    let b = Placement::standard(Color::Black);
    let mut g = Game::from_setup(&w, &b).unwrap();
    // White: three spearmen step (e2e3 f2f3 g2g3). Black: three spearmen step
    // (a7a6 b7b6 c7c6). Legal: each piece once, three moves, nothing wins.
    g.play(&turn("e2e3,f2f3,g2g3")).unwrap();
    g.play(&turn("a7a6,b7b6,c7c6")).unwrap();
    let text = g.to_record();
    assert_eq!(
        text,
        format!("Kingdrops 1\nsetup {START}\ne2e3,f2f3,g2g3\na7a6,b7b6,c7c6\n")
    );
    let h = Game::from_record(&text).unwrap();
    assert_eq!(h.position(), g.position());
    assert_eq!(h.turns(), g.turns());
    assert!(h.started_from_setup());

    // A game from any position is written with `position`.
    let p = Position::from_kfen("8/3S4/8/7k/8/8/8/K7 w - - - -").unwrap();
    let mut g = Game::new(p);
    g.play(&turn("d7d8")).unwrap();
    let text = g.to_record();
    assert_eq!(
        text,
        "Kingdrops 1\nposition 8/3S4/8/7k/8/8/8/K7 w - - - -\nd7d8\n# 1-0 (White wins: runner on the last rank)\n"
    );
    let h = Game::from_record(&text).unwrap();
    assert_eq!(h.result(), g.result());
}

#[test]
fn record_errors_name_the_line() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "empty"),
        ("Chess 1\n", 1, "header"),
        ("Kingdrops 2\n", 1, "version 2"),
        ("Kingdrops 1\n", 2, "missing"),
        ("Kingdrops 1\nsetup 8/8 w - - - -\n", 2, "KFEN"),
        // A start that is not a setup (only kings).
        (
            "Kingdrops 1\nsetup 7k/8/8/8/8/8/8/K7 w - - - -\n",
            2,
            "setup",
        ),
        (
            "Kingdrops 1\nstart 7k/8/8/8/8/8/8/K7 w - - - -\n",
            2,
            "\"start\"",
        ),
        // Turn 2 moves a white piece on Black's turn.
        (
            "Kingdrops 1\nposition 7k/8/8/8/8/8/8/K7 w - - - -\na1a2\n# comment\n\na2a3\n",
            6,
            "turn 2 (a2a3) is illegal",
        ),
        (
            "Kingdrops 1\nposition 7k/8/8/8/8/8/8/K7 w - - - -\na1a2,x\n",
            3,
            "turn 1",
        ),
        // Turns after the game ended.
        (
            "Kingdrops 1\nposition 8/3S4/8/7k/8/8/8/K7 w - - - -\nd7d8\nh5h4\n",
            4,
            "game is over",
        ),
    ];
    for &(text, line, needle) in cases {
        let e: RecordError = Game::from_record(text).expect_err(text);
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(needle), "{text:?}: {e}");
    }
}
