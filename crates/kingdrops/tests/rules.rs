//! One test per rule of rules.md section 3, on small positions whose expected values are
//! worked out by hand in the comments.

use std::collections::BTreeSet;

use timefork_kingdrops::{
    Color, Exchange, Game, IllegalReason, Kind, Move, Position, Square, Turn, TurnError, WinReason,
    perft,
};

fn pos(kfen: &str) -> Position {
    Position::from_kfen(kfen).unwrap_or_else(|e| panic!("{kfen}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn turn(s: &str) -> Turn {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn turn_texts(p: &Position) -> BTreeSet<String> {
    let turns: Vec<String> = p.legal_turns().iter().map(|t| t.to_string()).collect();
    let set: BTreeSet<String> = turns.iter().cloned().collect();
    assert_eq!(set.len(), turns.len(), "no turn is generated twice");
    set
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Kings only: White a1, Black h8. The white king has a2, b1, b2; only it can move, so
/// M = 1 and there are 3 turns. Black's king on h8 has g8, g7, h7 whatever White did:
/// 3 x 3 = 9 at depth 2. At depth 3 White's king moves from a2 (a1 a3 b1 b2 b3: 5), from
/// b1 (a1 a2 b2 c1 c2: 5) or from b2 (8): 3 x (5 + 5 + 8) = 54.
#[test]
fn kings_only_perft() {
    let p = pos("7k/8/8/8/8/8/8/K7 w - - - -");
    assert_eq!(p.max_turn_len(), 1);
    assert_eq!(turn_texts(&p), set(&["a1a2", "a1b1", "a1b2"]));
    assert_eq!(perft(&p, 0), 1);
    assert_eq!(perft(&p, 1), 3);
    assert_eq!(perft(&p, 2), 9);
    assert_eq!(perft(&p, 3), 54);
}

/// King a1 and a rook in reserve. King first, then the drop next to where the king now
/// stands: from a2 onto a1 a3 b1 b2 b3 (5), from b1 onto a1 a2 b2 c1 c2 (5), from b2 onto
/// its 8 neighbours (8). Drop first (a2, b1 or b2), then the king to one of the two other
/// squares: 3 x 2 = 6. The dropped rook cannot move in the same turn, so M = 2:
/// 5 + 5 + 8 + 6 = 24.
#[test]
fn drop_squares_follow_the_king() {
    let p = pos("7k/8/8/8/8/8/8/K7 w R - - -");
    assert_eq!(p.max_turn_len(), 2);
    assert_eq!(perft(&p, 1), 24);
    let turns = turn_texts(&p);
    assert!(
        turns.contains("a1b2,R@c3"),
        "a drop next to the king's new square"
    );
    assert!(!turns.contains("a1a2,R@c3"), "c3 is not next to a2");
    assert!(turns.contains("R@b1,a1a2"));
    // Move by move: after a1b2 the drops are exactly b2's 8 neighbours.
    let a1b2 = Move::Step {
        from: sq("a1"),
        to: sq("b2"),
    };
    let drops: BTreeSet<String> = p
        .legal_next_moves(&[a1b2])
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        drops,
        set(&[
            "R@a1", "R@a2", "R@a3", "R@b1", "R@b3", "R@c1", "R@c2", "R@c3"
        ])
    );
    // A drop away from the king is refused with the reason.
    let err = p.apply_turn(&turn("a1a2,R@c3")).unwrap_err();
    assert_eq!(
        err,
        TurnError::IllegalMove {
            index: 1,
            mv: "R@c3".parse().unwrap(),
            reason: IllegalReason::NotNextToKing {
                to: sq("c3"),
                king: sq("a2")
            }
        }
    );
}

/// A rook and a bishop in reserve: still one drop a turn. King then one drop: (5 + 5 + 8)
/// squares x 2 kinds = 36; one drop then the king: 3 squares x 2 kinds x 2 = 12; total 48.
/// Two drops would make M = 3; it stays 2.
#[test]
fn one_drop_per_turn() {
    let p = pos("7k/8/8/8/8/8/8/K7 w RB - - -");
    assert_eq!(p.max_turn_len(), 2);
    assert_eq!(perft(&p, 1), 48);
    for t in p.legal_turns() {
        assert!(t.moves().iter().filter(|m| m.is_drop()).count() <= 1, "{t}");
    }
    let err = p.apply_turn(&turn("R@a2,B@b2")).unwrap_err();
    assert!(matches!(
        err,
        TurnError::IllegalMove {
            index: 1,
            reason: IllegalReason::SecondDrop,
            ..
        }
    ));
}

/// King a2, spearman b2. Spearman first (b2b3), then the king to a1, a3, b1 or b2: 4
/// turns. King first to a1, a3 or b1, then the spearman: 3 turns. King first to b3 blocks
/// the spearman and the turn would stop at one move while two are possible: not legal.
/// So 7 turns, none of them `a2b3`.
#[test]
fn longest_sequence_rule() {
    let p = pos("7k/8/8/8/8/8/KS6/8 w - - - -");
    assert_eq!(p.max_turn_len(), 2);
    assert_eq!(
        turn_texts(&p),
        set(&[
            "b2b3,a2a1",
            "b2b3,a2a3",
            "b2b3,a2b1",
            "b2b3,a2b2",
            "a2a1,b2b3",
            "a2a3,b2b3",
            "a2b1,b2b3",
        ])
    );
    let first: BTreeSet<String> = p
        .legal_next_moves(&[])
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(first, set(&["b2b3", "a2a1", "a2a3", "a2b1"]));
    assert_eq!(
        p.apply_turn(&turn("a2b3")).unwrap_err(),
        TurnError::TooShort {
            made: 1,
            required: 2
        }
    );
    assert_eq!(p.can_end_turn(&[turn("b2b3").moves()[0]]), Ok(false));
    assert_eq!(p.can_end_turn(turn("b2b3,a2a1").moves()), Ok(true));
    assert_eq!(
        p.apply_turn(&Turn::PASS).unwrap_err(),
        TurnError::TooShort {
            made: 0,
            required: 2
        }
    );
}

/// King a1, spearman d7, black king h5. d7d8 reaches rank 8 and wins at once (a legal
/// turn of one move although M = 2). King first (a2, b1, b2) then d7d8: 3 more. Nothing
/// follows a win, so 4 turns, and `d7d8,a1a2` is illegal.
#[test]
fn early_winning_turn() {
    let p = pos("8/3S4/8/7k/8/8/8/K7 w - - - -");
    assert_eq!(p.max_turn_len(), 2);
    assert_eq!(
        turn_texts(&p),
        set(&["d7d8", "a1a2,d7d8", "a1b1,d7d8", "a1b2,d7d8"])
    );
    let out = p.apply_turn(&turn("d7d8")).unwrap();
    assert_eq!(out.win, Some(WinReason::LastRank));
    assert!(out.exchanges.is_empty());
    let r = out.position.winner().unwrap();
    assert_eq!((r.winner, r.reason), (Color::White, WinReason::LastRank));
    assert!(out.position.legal_turns().is_empty(), "the game is over");
    assert!(matches!(
        p.apply_turn(&turn("d7d8,a1a2")).unwrap_err(),
        TurnError::IllegalMove {
            index: 1,
            reason: IllegalReason::AfterWin,
            ..
        }
    ));
    // Counting: a turn that wins is a leaf, counted once at any depth (nothing below it).
    // All 4 turns win, so depth 2 counts the same 4.
    assert_eq!(perft(&p, 1), 4);
    assert_eq!(perft(&p, 2), 4);
}

/// Queen d4 takes the king on d6 (through the empty d5): the game ends with one move.
#[test]
fn capturing_the_king_wins() {
    let p = pos("8/8/3k4/8/3Q4/8/8/K7 w - - - -");
    let out = p.apply_turn(&turn("d4d6")).unwrap();
    assert_eq!(out.win, Some(WinReason::KingCaptured));
    assert_eq!(out.position.king_square(Color::Black), None);
    let mut g = Game::new(p);
    g.play(&turn("d4d6")).unwrap();
    let r = g.result().unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (Color::White, WinReason::KingCaptured)
    );
}

/// King a1 attacked by the black rook on a4 (through a3, a2); guard b3.
/// King first (always allowed): to a2 then the guard has 7 squares (a3, a4 capturing, b2,
/// b4, c2, c3, c4), to b1 then 8, to b2 then 7: 22. Guard first: to a2 or a3 it blocks the
/// rook, to a4 it captures it; then the king is no longer attacked and moves: after a2 to
/// b1 or b2 (2), after a3 to a2 b1 b2 (3), after a4 to a2 b1 b2 (3): 8. The guard's other
/// moves leave the king attacked, the king cannot move second, the turn stops at one move
/// while two are possible: illegal. Total 30.
#[test]
fn attacked_king_moves_only_first() {
    let p = pos("7k/8/8/8/r7/1G6/8/K7 w - - - -");
    assert_eq!(p.max_turn_len(), 2);
    assert_eq!(perft(&p, 1), 30);
    let turns = turn_texts(&p);
    assert!(turns.contains("a1a2,b3a4"));
    assert!(turns.contains("b3a3,a1a2"));
    assert!(turns.contains("b3a2,a1b1"));
    assert!(!turns.contains("b3b2,a1b1"));
    let err = p.apply_turn(&turn("b3b2,a1b1")).unwrap_err();
    assert_eq!(
        err,
        TurnError::IllegalMove {
            index: 1,
            mv: "a1b1".parse().unwrap(),
            reason: IllegalReason::KingAttacked(sq("a1"))
        }
    );
    // After b3b2 the turn cannot be completed: nothing may follow.
    let b3b2 = turn("b3b2").moves()[0];
    assert_eq!(p.legal_next_moves(&[b3b2]), Ok(vec![]));
    assert!(!p.legal_next_moves(&[]).unwrap().contains(&b3b2));
}

/// The king may move second after a drop only if not attacked: king a1, rook in reserve,
/// black bishop d4 attacks a1 through c3, b2. Drop on b2 blocks it; then the king moves to
/// a2 or b1 (2). Drops on a2 or b1 leave it attacked: dead ends. King first to a2 (drops
/// on a1 a3 b1 b2 b3: 5), b1 (a1 a2 b2 c1 c2: 5) or b2 (a1 a2 a3 b1 b3 c1 c2 c3: 8; b2 is
/// attacked but the king may move into attack): 18. Total 20.
#[test]
fn a_drop_can_shield_the_king() {
    let p = pos("7k/8/8/8/3b4/8/8/K7 w R - - -");
    assert_eq!(perft(&p, 1), 20);
    let turns = turn_texts(&p);
    assert!(turns.contains("R@b2,a1a2"));
    assert!(!turns.contains("R@a2,a1b1"));
}

/// Captures: a black spearman leaves the game, a black rook goes to White's prison.
/// Exchange: Black's prison already holds a white rook; White's rook e4 takes the black
/// rook on e6 (e5 empty), the king steps a1b1. At the end of the turn both prisons hold a
/// rook: each returns to its owner's reserve. Result: rook e6, king b1, Black to move,
/// reserves R and r, prisons empty.
#[test]
fn capture_to_prison_and_exchange() {
    let p = pos("7k/8/4r3/8/4R3/8/8/K7 w - - - R");
    let out = p.apply_turn(&turn("e4e6,a1b1")).unwrap();
    assert_eq!(
        out.exchanges,
        vec![Exchange {
            kind: Kind::Rook,
            count: 1
        }]
    );
    assert_eq!(out.position.to_kfen(), "7k/8/4R3/8/8/8/8/1K6 b R r - -");
    assert_eq!(out.win, None);
    // Mid-turn (before the exchange) the black rook is in White's prison.
    let mid = p.position_after_moves(turn("e4e6").moves()).unwrap();
    assert_eq!(mid.prison_count(Color::White, Kind::Rook), 1);
    assert_eq!(mid.prison_count(Color::Black, Kind::Rook), 1);

    // Without a white rook in Black's prison there is no exchange: the black rook stays
    // in White's prison.
    let p = pos("7k/8/4r3/8/4R3/8/8/K7 w - - - -");
    let out = p.apply_turn(&turn("e4e6,a1b1")).unwrap();
    assert!(out.exchanges.is_empty());
    assert_eq!(out.position.to_kfen(), "7k/8/4R3/8/8/8/8/1K6 b - - r -");

    // A spearman taken leaves the game: nothing in any prison.
    let p = pos("7k/8/8/4s3/4R3/8/8/K7 w - - - -");
    let out = p.apply_turn(&turn("e4e5,a1b1")).unwrap();
    assert_eq!(out.position.to_kfen(), "7k/8/8/4R3/8/8/8/1K6 b - - - -");
}

/// Kings shuffle: the start (White to move) occurs once; after 4 turns (a1b1 h8g8 b1a1
/// g8h8) it occurs the second time, after 8 the third, made by Black's turn: Black loses.
#[test]
fn third_repetition_loses() {
    let start = pos("7k/8/8/8/8/8/8/K7 w - - - -");
    let mut g = Game::new(start.clone());
    let cycle = ["a1b1", "h8g8", "b1a1", "g8h8"];
    for (i, t) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(g.result(), None, "still going before turn {}", i + 1);
        g.play(&turn(t)).unwrap();
    }
    assert_eq!(g.occurrences(&start), 3);
    let r = g.result().unwrap();
    assert_eq!((r.winner, r.reason), (Color::White, WinReason::Repetition));
    assert!(g.legal_turns().is_empty());
    assert!(matches!(g.play(&turn("a1b1")), Err(TurnError::GameOver(_))));
    // Taking the last turn back reopens the game.
    g.undo();
    assert_eq!(g.result(), None);
    assert_eq!(g.occurrences(&start), 2);
}

/// White's pieces are boxed in: rank 8 is B R B R Q G G from b8 (a8 empty, no piece can
/// reach it or d7), rank 7 A S A . S A S K, rank 6 g6 archer and h6 spearman. Every white
/// piece's squares hold white pieces, the reserve is empty: M = 0, the only turn is a
/// pass. Black's king a3 then has a2, a4, b2, b3, b4.
#[test]
fn pass_when_nothing_can_move() {
    let p = pos("1BRBRQGG/ASA1SASK/6AS/8/8/k7/8/8 w - - - -");
    assert_eq!(p.max_turn_len(), 0);
    assert_eq!(p.legal_turns(), vec![Turn::PASS]);
    assert_eq!(perft(&p, 1), 1);
    assert_eq!(perft(&p, 2), 5);
    let out = p.apply_turn(&Turn::PASS).unwrap();
    assert_eq!(out.position.side_to_move(), Color::Black);
    assert_eq!(p.can_end_turn(&[]), Ok(true));
}

/// Each piece moves at most once a turn: the rook a1 cannot move twice.
#[test]
fn each_piece_moves_once() {
    let p = pos("7k/8/8/8/8/8/8/R3K3 w - - - -");
    let err = p.apply_turn(&turn("a1a2,a2a3")).unwrap_err();
    assert_eq!(
        err,
        TurnError::IllegalMove {
            index: 1,
            mv: "a2a3".parse().unwrap(),
            reason: IllegalReason::AlreadyMoved(sq("a2"))
        }
    );
    // Rook (a1: a2 a3 a4 b1 c1 d1 = 6 squares) and king (e1: d1 d2 e2 f1 f2 = 5) in
    // either order, minus the clashes: the rook on d1 leaves the king 4 (d2 e2 f1 f2),
    // the king on d1 leaves the rook 5 (a2 a3 a4 b1 c1) and the king on d2 makes no
    // difference to the rook (6). Rook first: 5 x 5 + 4 = 29; king first: 4 x 6 + 5 = 29.
    assert_eq!(perft(&p, 1), 58);
}

#[test]
fn piece_movement() {
    // Rook: up to three squares, blocked. Rook d4, own spearman d6, black spearman f4.
    // North d5 (d6 own); south d3 d2 d1; east e4 f4 (capture, stops); west c4 b4 a4.
    // Kings far away, the rook moves as the only first move we look at.
    let p = pos("k7/8/3S4/8/3R1s2/8/8/7K w - - - -");
    let first: BTreeSet<String> = p
        .legal_next_moves(&[])
        .unwrap()
        .iter()
        .filter(|m| matches!(m, Move::Step { from, .. } if *from == sq("d4")))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        first,
        set(&[
            "d4d5", "d4d3", "d4d2", "d4d1", "d4e4", "d4f4", "d4c4", "d4b4", "d4a4"
        ])
    );
    // Black archer e5 moves diagonally forward (down): d4, f4; black spearman e6 to e5
    // only if empty: here e5 holds the archer.
    let p = pos("k7/8/4s3/4a3/8/8/8/7K b - - - -");
    let moves: BTreeSet<String> = p
        .legal_next_moves(&[])
        .unwrap()
        .iter()
        .filter(|m| !matches!(m, Move::Step { from, .. } if *from == sq("a8")))
        .map(|m| m.to_string())
        .collect();
    // After the archer moves, the spearman can follow: both start the turn.
    assert_eq!(moves, set(&["e5d4", "e5f4"]));
    // Queen: one or two squares, blocked; from a1 with nothing near: a2 a3 b1 c1 b2 c3.
    let p = pos("k7/8/8/8/8/8/8/Q6K w - - - -");
    let q: BTreeSet<String> = p
        .legal_next_moves(&[])
        .unwrap()
        .iter()
        .filter(|m| matches!(m, Move::Step { from, .. } if *from == sq("a1")))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(q, set(&["a1a2", "a1a3", "a1b1", "a1c1", "a1b2", "a1c3"]));
}
