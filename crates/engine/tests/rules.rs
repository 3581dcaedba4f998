//! Rules of 5D chess on small custom positions (5DFEN), each with an exact expected answer:
//! piece movement by direction class, pawns and brawns, promotion, castling, en passant,
//! timeline activity, Turn Zero, the present being pulled back, and submission errors.
//! `random_positions_match_the_movement_oracle` checks every piece's moves on random
//! multi-timeline positions against a direct reading of the movement rules.
//!
//! Squares are written `LABEL T TURN COLOUR SQUARE`, as `0T2w a1` or `-1T3b e7`.

use std::collections::BTreeSet;

use timefork_engine::fen;
use timefork_engine::game;
use timefork_engine::position::parse_timeline_label;
use timefork_engine::search::{self, Limits, Outcome};
use timefork_engine::{
    Color, Coord, GameStatus, Move, Piece, PieceKind, Position, Special, SubmitError, notation,
    variants,
};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// Board text of a `w` x `h` board holding `pieces` (`("e4", "P*")`: square, 5DFEN piece).
fn board(w: i32, h: i32, pieces: &[(&str, &str)]) -> String {
    let mut cells = vec![vec![String::new(); w as usize]; h as usize];
    for (sq, p) in pieces {
        let (x, y) = square(sq);
        assert!(x < w && y < h, "{sq} is off a {w}x{h} board");
        assert!(cells[y as usize][x as usize].is_empty(), "{sq} given twice");
        cells[y as usize][x as usize] = p.to_string();
    }
    let mut ranks = Vec::new();
    for y in (0..h).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for x in 0..w {
            let c = &cells[y as usize][x as usize];
            if c.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push_str(c);
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    ranks.join("/")
}

/// A position of `w` x `h` boards from 5DFEN headers `board:label:turn:colour`.
fn position(w: i32, h: i32, headers: &[String]) -> Position {
    let boards: Vec<fen::FenBoard> = headers
        .iter()
        .map(|t| fen::parse_fen_header(t).unwrap_or_else(|e| panic!("{t}: {e}")))
        .collect();
    fen::position_from_fen_boards(&boards, w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// One 5DFEN header.
fn hdr(board_text: &str, label: &str, turn: i32, colour: char) -> String {
    format!("{board_text}:{label}:{turn}:{colour}")
}

/// Headers for one timeline holding the same board at every half-turn from `from` to `to`
/// (`(turn, colour)` pairs).
fn span(board_text: &str, label: &str, from: (i32, char), to: (i32, char)) -> Vec<String> {
    let h = |(t, c): (i32, char)| 2 * t + i32::from(c == 'b');
    (h(from)..=h(to))
        .map(|x| {
            hdr(
                board_text,
                label,
                x.div_euclid(2),
                if x % 2 == 0 { 'w' } else { 'b' },
            )
        })
        .collect()
}

fn square(s: &str) -> (i32, i32) {
    let b = s.as_bytes();
    assert!(b.len() == 2, "square {s}");
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

/// `"0T2w a1"` as a coordinate of `pos`.
fn at(pos: &Position, s: &str) -> Coord {
    let (board_ref, sq) = s
        .split_once(' ')
        .unwrap_or_else(|| panic!("coordinate {s}"));
    let t = board_ref.find('T').unwrap();
    let l = parse_timeline_label(&board_ref[..t], pos.even).unwrap();
    let (turn, colour) = board_ref[t + 1..].split_at(board_ref.len() - t - 2);
    let turn: i32 = turn.parse().unwrap();
    let h = 2 * turn + i32::from(colour == "b");
    let (x, y) = square(sq);
    Coord { l, h, x, y }
}

/// A coordinate as `at` reads it.
fn name(pos: &Position, c: Coord) -> String {
    format!(
        "{}T{}{} {}",
        pos.timeline_label(c.l),
        c.h.div_euclid(2),
        if c.h % 2 == 0 { 'w' } else { 'b' },
        notation::square_name(c.x, c.y)
    )
}

fn moves_from(pos: &Position, from: &str) -> Vec<Move> {
    let c = at(pos, from);
    assert!(
        pos.piece_at(c).is_some_and(|p| !p.is_empty()),
        "no piece on {from}"
    );
    let mut v = Vec::new();
    pos.piece_moves(c, &mut v);
    v
}

/// Target squares of the piece on `from`, by name.
fn targets(pos: &Position, from: &str) -> BTreeSet<String> {
    let v = moves_from(pos, from);
    let set: BTreeSet<String> = v.iter().map(|m| name(pos, m.to)).collect();
    assert_eq!(
        set.len(),
        v.len(),
        "{from}: a target is generated twice: {v:?}"
    );
    set
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// Makes the move from `from` to `to`, which must be legal for the piece.
fn play(pos: &mut Position, from: &str, to: &str) -> Move {
    let t = at(pos, to);
    let m = *moves_from(pos, from)
        .iter()
        .find(|m| m.to == t)
        .unwrap_or_else(|| {
            panic!(
                "{from} -> {to} is not a move: targets {:?}",
                targets(pos, from)
            )
        });
    pos.make_move(&m);
    m
}

fn submit(pos: &mut Position) {
    assert_eq!(pos.submit_error(), None, "the turn should be submittable");
    pos.submit_unchecked();
}

// ---------------------------------------------------------------------------------------
// Movement by direction class, on two timelines of 4x4 boards
// ---------------------------------------------------------------------------------------

/// Timelines 0 and 1 with empty 4x4 boards at T1w, T1b and T2w, and `piece` on `0T2w a1`
/// (plus `extra` pieces on boards `(label, turn, colour, square, piece)`).
fn two_timelines(piece: &str, extra: &[(&str, i32, char, &str, &str)]) -> Position {
    let mut headers = Vec::new();
    for label in ["0", "1"] {
        for (turn, colour) in [(1, 'w'), (1, 'b'), (2, 'w')] {
            let mut pieces: Vec<(&str, &str)> = extra
                .iter()
                .filter(|e| e.0 == label && e.1 == turn && e.2 == colour)
                .map(|e| (e.3, e.4))
                .collect();
            if (label, turn, colour) == ("0", 2, 'w') {
                pieces.push(("a1", piece));
            }
            headers.push(hdr(&board(4, 4, &pieces), label, turn, colour));
        }
    }
    position(4, 4, &headers)
}

const ROOK_A1: &[&str] = &[
    "0T2w b1", "0T2w c1", "0T2w d1", "0T2w a2", "0T2w a3", "0T2w a4", "0T1w a1", "1T2w a1",
];
const BISHOP_A1: &[&str] = &[
    "0T2w b2", "0T2w c3", "0T2w d4", // x+y
    "0T1w b1", "0T1w a2", // x+t, y+t
    "1T2w b1", "1T2w a2", // x+l, y+l
    "1T1w a1", // t+l
];
const UNICORN_A1: &[&str] = &["0T1w b2", "1T2w b2", "1T1w b1", "1T1w a2"];
const DRAGON_A1: &[&str] = &["1T1w b2"];

#[test]
fn rook_moves_along_one_axis() {
    let pos = two_timelines("R", &[]);
    assert_eq!(targets(&pos, "0T2w a1"), set(ROOK_A1));
}

#[test]
fn bishop_moves_along_exactly_two_axes() {
    let pos = two_timelines("B", &[]);
    assert_eq!(targets(&pos, "0T2w a1"), set(BISHOP_A1));
}

#[test]
fn unicorn_moves_along_exactly_three_axes() {
    let pos = two_timelines("U", &[]);
    assert_eq!(targets(&pos, "0T2w a1"), set(UNICORN_A1));
}

#[test]
fn dragon_moves_along_all_four_axes() {
    let pos = two_timelines("D", &[]);
    assert_eq!(targets(&pos, "0T2w a1"), set(DRAGON_A1));
}

#[test]
fn queen_and_royal_queen_move_along_any_axes() {
    let all: Vec<&str> = [ROOK_A1, BISHOP_A1, UNICORN_A1, DRAGON_A1].concat();
    assert_eq!(all.len(), 21);
    for q in ["Q", "Y"] {
        let pos = two_timelines(q, &[]);
        assert_eq!(targets(&pos, "0T2w a1"), set(&all), "{q}");
    }
}

#[test]
fn princess_moves_as_rook_or_bishop() {
    let pos = two_timelines("S", &[]);
    assert_eq!(
        targets(&pos, "0T2w a1"),
        set(&[ROOK_A1, BISHOP_A1].concat())
    );
}

#[test]
fn king_and_common_king_move_one_step_on_any_axes() {
    let want = set(&[
        "0T2w a2", "0T2w b1", "0T2w b2", // on the board
        "0T1w a1", "0T1w a2", "0T1w b1", "0T1w b2", // one turn back
        "1T2w a1", "1T2w a2", "1T2w b1", "1T2w b2", // next timeline
        "1T1w a1", "1T1w a2", "1T1w b1", "1T1w b2", // both
    ]);
    for k in ["K", "C"] {
        let pos = two_timelines(k, &[]);
        assert_eq!(targets(&pos, "0T2w a1"), want, "{k}");
    }
}

#[test]
fn knight_leaps_two_and_one_on_any_two_axes() {
    let pos = two_timelines("N", &[]);
    let want = set(&[
        "0T2w b3", "0T2w c2", "0T1w c1", "0T1w a3", "1T2w c1", "1T2w a3",
    ]);
    assert_eq!(targets(&pos, "0T2w a1"), want);
}

#[test]
fn sliders_stop_at_pieces_capture_enemies_and_never_own_pieces() {
    // Own pawn on a3 and on 1T2w a1; black knight on c1 and on 0T1w a1.
    let extra = [
        ("0", 2, 'w', "a3", "P"),
        ("0", 2, 'w', "c1", "n"),
        ("1", 2, 'w', "a1", "P"),
        ("0", 1, 'w', "a1", "n"),
    ];
    let pos = two_timelines("R", &extra);
    assert_eq!(
        targets(&pos, "0T2w a1"),
        set(&["0T2w b1", "0T2w c1", "0T2w a2", "0T1w a1"])
    );
    // The bishop: its board diagonal stops before its own pawn on c3; it takes a queen on
    // 1T1w a1 along t+l.
    let extra = [("0", 2, 'w', "c3", "P"), ("1", 1, 'w', "a1", "q")];
    let pos = two_timelines("B", &extra);
    let want = set(&[
        "0T2w b2", "0T1w b1", "0T1w a2", "1T2w b1", "1T2w a2", "1T1w a1",
    ]);
    assert_eq!(targets(&pos, "0T2w a1"), want);
}

/// Timelines -1 and 1 have 4x4 boards from T1w to T3w; timeline 0 only has T3w.
fn gap_position(piece: &str) -> Position {
    let empty = board(4, 4, &[]);
    let mut headers = span(&empty, "-1", (1, 'w'), (3, 'w'));
    headers.push(hdr(&empty, "0", 3, 'w'));
    let mut last = span(&empty, "1", (1, 'w'), (2, 'b'));
    last.push(hdr(&board(4, 4, &[("a1", piece)]), "1", 3, 'w'));
    headers.extend(last);
    position(4, 4, &headers)
}

#[test]
fn sliders_are_blocked_by_missing_boards() {
    let pos = gap_position("B");
    let got = targets(&pos, "1T3w a1");
    let want = set(&[
        "1T3w b2", "1T3w c3", "1T3w d4", // x+y
        "1T2w b1", "1T1w c1", "1T2w a2", "1T1w a3", // x+t, y+t: two turns back
        "0T3w b1", "-1T3w c1", "0T3w a2", "-1T3w a3", // x+l, y+l: through the existing 0T3w
    ]);
    // t+l would pass 0T2w, which does not exist: -1T1w a1 is out of reach.
    assert_eq!(got, want);
    let pos = gap_position("R");
    let want = set(&[
        "1T3w b1", "1T3w c1", "1T3w d1", "1T3w a2", "1T3w a3", "1T3w a4", "1T2w a1", "1T1w a1",
        "0T3w a1", "-1T3w a1",
    ]);
    assert_eq!(targets(&pos, "1T3w a1"), want);
}

#[test]
fn knights_jump_over_missing_boards() {
    let pos = gap_position("N");
    let want = set(&[
        "1T3w b3", "1T3w c2", // on the board
        "1T2w c1", "1T1w b1", "1T2w a3", "1T1w a2", // with t
        "0T3w c1", "-1T3w b1", "0T3w a3", "-1T3w a2", // with l
        "-1T2w a1", // two timelines and one turn: over the missing 0T2w
    ]);
    // 0T1w a1 (one timeline, two turns) does not exist.
    assert_eq!(targets(&pos, "1T3w a1"), want);
}

// ---------------------------------------------------------------------------------------
// Pawns and brawns
// ---------------------------------------------------------------------------------------

/// Timelines `labels`, each with one 8x8 board at `turn`/`colour`; `pieces` per label.
fn one_board_each(
    labels: &[&str],
    turn: i32,
    colour: char,
    pieces: &[(&str, &str, &str)],
) -> Position {
    let headers: Vec<String> = labels
        .iter()
        .map(|l| {
            let ps: Vec<(&str, &str)> = pieces
                .iter()
                .filter(|p| p.0 == *l)
                .map(|p| (p.1, p.2))
                .collect();
            hdr(&board(8, 8, &ps), l, turn, colour)
        })
        .collect();
    position(8, 8, &headers)
}

#[test]
fn white_pawn_steps_forward_in_y_and_toward_negative_timelines() {
    let labels = ["-2", "-1", "0", "1", "2"];
    let pos = one_board_each(&labels, 2, 'w', &[("0", "e2", "P*")]);
    assert_eq!(
        targets(&pos, "0T2w e2"),
        set(&["0T2w e3", "0T2w e4", "-1T2w e2", "-2T2w e2"])
    );
    let double: Vec<Move> = moves_from(&pos, "0T2w e2")
        .into_iter()
        .filter(|m| m.special == Special::DoubleStep)
        .collect();
    assert_eq!(double.len(), 2, "one double step per axis");
    // Moved: single steps only.
    let pos = one_board_each(&labels, 2, 'w', &[("0", "e2", "P")]);
    assert_eq!(targets(&pos, "0T2w e2"), set(&["0T2w e3", "-1T2w e2"]));
    // Blocked by a piece in front (either colour): no step on that axis at all.
    let pos = one_board_each(
        &labels,
        2,
        'w',
        &[("0", "e2", "P*"), ("0", "e3", "n"), ("-1", "e2", "N")],
    );
    assert!(targets(&pos, "0T2w e2").is_empty());
    // The second square blocked: only the single step.
    let pos = one_board_each(
        &labels,
        2,
        'w',
        &[("0", "e2", "P*"), ("0", "e4", "n"), ("-2", "e2", "n")],
    );
    assert_eq!(targets(&pos, "0T2w e2"), set(&["0T2w e3", "-1T2w e2"]));
}

#[test]
fn black_pawn_steps_down_and_toward_positive_timelines() {
    let labels = ["-2", "-1", "0", "1", "2"];
    let pos = one_board_each(&labels, 2, 'b', &[("0", "e7", "p*")]);
    assert_eq!(
        targets(&pos, "0T2b e7"),
        set(&["0T2b e6", "0T2b e5", "1T2b e7", "2T2b e7"])
    );
}

#[test]
fn pawn_double_step_does_not_mix_axes() {
    // Three timelines; an unmoved pawn never reaches (y+1, L-1) or any diagonal square.
    let pos = one_board_each(&["-1", "0"], 2, 'w', &[("0", "e2", "P*")]);
    let got = targets(&pos, "0T2w e2");
    assert_eq!(got, set(&["0T2w e3", "0T2w e4", "-1T2w e2"]));
}

/// Timelines -1, 0 and 1 with 8x8 boards from T1w to T3w (T2b empty everywhere), the
/// piece under test on `0T2w e4`, and `enemies` (black knights) on the named squares.
fn capture_field(piece: &str, enemies: &[&str]) -> Position {
    let mut headers = Vec::new();
    for label in ["-1", "0", "1"] {
        for (turn, colour) in [(1, 'w'), (1, 'b'), (2, 'w'), (2, 'b'), (3, 'w')] {
            let prefix = format!("{label}T{turn}{colour} ");
            let mut ps: Vec<(&str, &str)> = enemies
                .iter()
                .filter_map(|e| e.strip_prefix(&prefix))
                .map(|sq| (sq, "n"))
                .collect();
            if (label, turn, colour) == ("0", 2, 'w') {
                ps.push(("e4", piece));
            }
            headers.push(hdr(&board(8, 8, &ps), label, turn, colour));
        }
    }
    position(8, 8, &headers)
}

/// Enemy pieces around `0T2w e4`: the pawn's four captures, the brawn's five more, and
/// squares neither may capture on.
const PAWN_CAPTURES: &[&str] = &["0T2w d5", "0T2w f5", "-1T1w e4", "-1T3w e4"];
const BRAWN_EXTRA: &[&str] = &["0T1w e5", "0T3w e5", "-1T2w e5", "-1T2w d4", "-1T2w f4"];
const NO_CAPTURE: &[&str] = &[
    "0T2w e5",  // straight ahead: blocks the step
    "-1T2w e4", // straight along L: blocks the step
    "0T2w d3",  // backward diagonal
    "0T2w d4",  // sideways
    "1T1w e4",  // backward L with T
    "1T2w e5",  // y forward, L backward
    "0T1w d4",  // x with t: nothing forward
    "0T1w e4",  // t alone
    "1T2w e4",  // L backward alone
    "0T1w e3",  // y backward with t
];

#[test]
fn pawn_captures_forward_diagonally_and_forward_in_l_across_time() {
    let enemies: Vec<&str> = [PAWN_CAPTURES, BRAWN_EXTRA, NO_CAPTURE].concat();
    let pos = capture_field("P", &enemies);
    assert_eq!(targets(&pos, "0T2w e4"), set(PAWN_CAPTURES));
    // Without anything to capture, no diagonal or time move at all.
    let pos = capture_field("P", &[]);
    assert_eq!(targets(&pos, "0T2w e4"), set(&["0T2w e5", "-1T2w e4"]));
}

#[test]
fn brawn_also_captures_one_step_on_two_axes_forward_and_never_backward() {
    let enemies: Vec<&str> = [PAWN_CAPTURES, BRAWN_EXTRA, NO_CAPTURE].concat();
    let pos = capture_field("W", &enemies);
    assert_eq!(
        targets(&pos, "0T2w e4"),
        set(&[PAWN_CAPTURES, BRAWN_EXTRA].concat())
    );
    // A brawn moves like a pawn when there is nothing to capture.
    let pos = capture_field("W", &[]);
    assert_eq!(targets(&pos, "0T2w e4"), set(&["0T2w e5", "-1T2w e4"]));
}

#[test]
fn promotion_is_to_queen_only() {
    let pos = one_board_each(
        &["0"],
        1,
        'w',
        &[
            ("0", "e7", "P"),
            ("0", "d8", "r"),
            ("0", "a1", "K"),
            ("0", "h1", "k"),
        ],
    );
    let v = moves_from(&pos, "0T1w e7");
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(
        v.iter().all(|m| m.promotion == Some(PieceKind::Queen)),
        "{v:?}"
    );
    let mut p = pos.clone();
    play(&mut p, "0T1w e7", "0T1w d8");
    let q = p.board(0, 3).unwrap().get(3, 7);
    assert_eq!(
        (q.kind(), q.color()),
        (Some(PieceKind::Queen), Color::White)
    );
    // Black promotes on the first rank.
    let pos = one_board_each(
        &["0"],
        1,
        'b',
        &[("0", "c2", "p"), ("0", "a8", "K"), ("0", "h8", "k")],
    );
    let v = moves_from(&pos, "0T1b c2");
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].promotion, Some(PieceKind::Queen));
}

#[test]
fn pawn_does_not_promote_by_a_jump_but_brawn_does() {
    // Timelines -1 and 0, boards T1w..T2w; the piece on 0T2w e7; black knights to take.
    let field = |piece: &str| {
        let mut headers = Vec::new();
        for label in ["-1", "0"] {
            for (turn, colour) in [(1, 'w'), (1, 'b'), (2, 'w')] {
                let mut ps = vec![("a1", "K"), ("h1", "k")];
                match (label, turn, colour) {
                    ("0", 2, 'w') => ps.push(("e7", piece)),
                    ("-1", 1, 'w') => ps.push(("e7", "n")), // pawn capture (L-1, T-1), rank 7
                    ("0", 1, 'w') => ps.push(("e8", "n")),  // brawn capture (y+1, T-1), rank 8
                    ("-1", 2, 'w') => ps.push(("e8", "n")), // brawn capture (y+1, L-1), rank 8
                    _ => {}
                }
                headers.push(hdr(&board(8, 8, &ps), label, turn, colour));
            }
        }
        position(8, 8, &headers)
    };
    let pos = field("P");
    for m in moves_from(&pos, "0T2w e7") {
        assert_eq!(
            m.promotion.is_some(),
            m.to.y == 7,
            "pawn {}: {m:?}",
            name(&pos, m.to)
        );
        assert!(
            m.is_physical() || m.to.y == 6,
            "pawn jumps keep the rank: {m:?}"
        );
    }
    let jumps: BTreeSet<String> = moves_from(&pos, "0T2w e7")
        .iter()
        .filter(|m| !m.is_physical())
        .map(|m| name(&pos, m.to))
        .collect();
    assert_eq!(jumps, set(&["-1T2w e7", "-1T1w e7"]));
    let pos = field("W");
    let promoted: BTreeSet<String> = moves_from(&pos, "0T2w e7")
        .iter()
        .filter(|m| !m.is_physical() && m.promotion == Some(PieceKind::Queen))
        .map(|m| name(&pos, m.to))
        .collect();
    assert_eq!(promoted, set(&["0T1w e8", "-1T2w e8"]));
}

// ---------------------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------------------

fn castles(pos: &Position, king: &str) -> BTreeSet<&'static str> {
    moves_from(pos, king)
        .iter()
        .filter_map(|m| match m.special {
            Special::Castle { rook_from, .. } => {
                Some(if rook_from > m.from.x { "O-O" } else { "O-O-O" })
            }
            _ => None,
        })
        .collect()
}

fn castle_board(pieces: &[(&str, &str)]) -> Position {
    let mut ps = vec![("e1", "K*"), ("a1", "R*"), ("h1", "R*"), ("e8", "k")];
    ps.extend_from_slice(pieces);
    position(8, 8, &[hdr(&board(8, 8, &ps), "0", 1, 'w')])
}

#[test]
fn castling_both_sides_and_the_resulting_board() {
    let pos = castle_board(&[]);
    assert_eq!(castles(&pos, "0T1w e1"), ["O-O", "O-O-O"].into());
    let mut p = pos.clone();
    play(&mut p, "0T1w e1", "0T1w g1");
    let b = p.board(0, 3).unwrap();
    assert_eq!(b.get(6, 0).kind(), Some(PieceKind::King));
    assert_eq!(b.get(5, 0).kind(), Some(PieceKind::Rook));
    assert!(b.get(7, 0).is_empty() && b.get(4, 0).is_empty());
    assert!(
        !b.get(6, 0).unmoved() && !b.get(5, 0).unmoved(),
        "king and rook are marked moved"
    );
    let mut p = pos.clone();
    play(&mut p, "0T1w e1", "0T1w c1");
    let b = p.board(0, 3).unwrap();
    assert_eq!(
        (b.get(2, 0).kind(), b.get(3, 0).kind()),
        (Some(PieceKind::King), Some(PieceKind::Rook))
    );
    assert!(b.get(0, 0).is_empty());
    // Black castles too.
    let ps = [("e8", "k*"), ("a8", "r*"), ("h8", "r*"), ("e1", "K")];
    let pos = position(8, 8, &[hdr(&board(8, 8, &ps), "0", 1, 'b')]);
    assert_eq!(castles(&pos, "0T1b e8"), ["O-O", "O-O-O"].into());
}

#[test]
fn castling_needs_empty_squares_between() {
    assert_eq!(
        castles(&castle_board(&[("f1", "B")]), "0T1w e1"),
        ["O-O-O"].into()
    );
    assert_eq!(
        castles(&castle_board(&[("g1", "n")]), "0T1w e1"),
        ["O-O-O"].into()
    );
    // b1 is not crossed by the king but must still be empty.
    assert_eq!(
        castles(&castle_board(&[("b1", "N")]), "0T1w e1"),
        ["O-O"].into()
    );
    assert_eq!(
        castles(&castle_board(&[("d1", "Q")]), "0T1w e1"),
        ["O-O"].into()
    );
}

#[test]
fn castling_not_out_of_through_or_into_attack() {
    // Crossing square f1 attacked.
    assert_eq!(
        castles(&castle_board(&[("f8", "r")]), "0T1w e1"),
        ["O-O-O"].into()
    );
    // Destination g1 attacked.
    assert_eq!(
        castles(&castle_board(&[("g8", "r")]), "0T1w e1"),
        ["O-O-O"].into()
    );
    // Crossing square f1 attacked by a pawn on g2.
    assert_eq!(
        castles(&castle_board(&[("g2", "p")]), "0T1w e1"),
        ["O-O-O"].into()
    );
    // Destination c1 attacked (a knight on b3).
    assert_eq!(
        castles(&castle_board(&[("b3", "n")]), "0T1w e1"),
        ["O-O"].into()
    );
    // King in check: neither side.
    let ps = [
        ("e1", "K*"),
        ("a1", "R*"),
        ("h1", "R*"),
        ("e5", "r"),
        ("a8", "k"),
    ];
    let pos = position(8, 8, &[hdr(&board(8, 8, &ps), "0", 1, 'w')]);
    assert!(castles(&pos, "0T1w e1").is_empty());
    // Only b1 attacked (the rook crosses it, the king does not): castling is allowed.
    assert_eq!(
        castles(&castle_board(&[("b8", "r")]), "0T1w e1"),
        ["O-O", "O-O-O"].into()
    );
    // The rook itself attacked: allowed.
    assert_eq!(
        castles(&castle_board(&[("h8", "r")]), "0T1w e1"),
        ["O-O", "O-O-O"].into()
    );
}

#[test]
fn castling_needs_unmoved_king_and_rook() {
    let king_moved = position(
        8,
        8,
        &[hdr(
            &board(
                8,
                8,
                &[("e1", "K"), ("a1", "R*"), ("h1", "R*"), ("e8", "k")],
            ),
            "0",
            1,
            'w',
        )],
    );
    assert!(castles(&king_moved, "0T1w e1").is_empty());
    let rook_moved = position(
        8,
        8,
        &[hdr(
            &board(
                8,
                8,
                &[("e1", "K*"), ("a1", "R"), ("h1", "R*"), ("e8", "k")],
            ),
            "0",
            1,
            'w',
        )],
    );
    assert_eq!(castles(&rook_moved, "0T1w e1"), ["O-O"].into());
}

#[test]
fn castling_looks_at_its_own_board_only() {
    // Timelines 0 and 1: a black rook on 1T1w f1 lines up with 0T1w f1 along L, but castling
    // looks at attacks on the king's own board only: both sides are allowed.
    let b0 = board(
        8,
        8,
        &[("e1", "K*"), ("a1", "R*"), ("h1", "R*"), ("e8", "k")],
    );
    let b1 = board(8, 8, &[("f1", "r"), ("e1", "K"), ("a8", "k")]);
    let pos = position(8, 8, &[hdr(&b0, "0", 1, 'w'), hdr(&b1, "1", 1, 'w')]);
    assert_eq!(castles(&pos, "0T1w e1"), ["O-O", "O-O-O"].into());
}

#[test]
fn unmoved_flags_travel_with_a_branched_board_and_the_traveller_is_moved() {
    // T1: king and h-rook unmoved, no a-rook. T2: both rooks unmoved.
    let t1 = board(
        8,
        8,
        &[("e1", "K*"), ("h1", "R*"), ("e8", "k"), ("b2", "P*")],
    );
    let t2 = board(
        8,
        8,
        &[
            ("e1", "K*"),
            ("a1", "R*"),
            ("h1", "R*"),
            ("e8", "k"),
            ("b2", "P*"),
        ],
    );
    let mut pos = position(
        8,
        8,
        &[
            hdr(&t1, "0", 1, 'w'),
            hdr(&t1, "0", 1, 'b'),
            hdr(&t2, "0", 2, 'w'),
        ],
    );
    play(&mut pos, "0T2w a1", "0T1w a1");
    assert_eq!(pos.timeline_label(pos.l_max()), "1");
    let b = *pos.board(1, 3).expect("timeline 1 starts at T1 black");
    let p = |sq: &str| {
        let (x, y) = square(sq);
        b.get(x, y)
    };
    assert_eq!(p("a1").kind(), Some(PieceKind::Rook));
    assert!(
        !p("a1").unmoved(),
        "the rook that travelled is marked moved"
    );
    assert!(
        p("e1").unmoved() && p("h1").unmoved() && p("b2").unmoved(),
        "the board's other flags travel with it"
    );
    submit(&mut pos);
    play(&mut pos, "1T1b e8", "1T1b d8");
    submit(&mut pos);
    assert_eq!(castles(&pos, "1T2w e1"), ["O-O"].into());
    let mut v = Vec::new();
    pos.piece_moves(at(&pos, "1T2w b2"), &mut v);
    assert!(
        v.iter().any(|m| m.special == Special::DoubleStep),
        "the pawn keeps its double step"
    );
}

// ---------------------------------------------------------------------------------------
// En passant
// ---------------------------------------------------------------------------------------

fn en_passants(pos: &Position, pawn: &str) -> Vec<String> {
    moves_from(pos, pawn)
        .iter()
        .filter(|m| m.special == Special::EnPassant)
        .map(|m| name(pos, m.to))
        .collect()
}

#[test]
fn en_passant_right_after_the_double_step_only() {
    let start = position(
        8,
        8,
        &[hdr(
            &board(8, 8, &[("d7", "p*"), ("e5", "P"), ("e1", "K"), ("a8", "k")]),
            "0",
            1,
            'b',
        )],
    );
    let mut pos = start.clone();
    play(&mut pos, "0T1b d7", "0T1b d5");
    submit(&mut pos);
    assert_eq!(en_passants(&pos, "0T2w e5"), ["0T2w d6"]);
    let mut p = pos.clone();
    play(&mut p, "0T2w e5", "0T2w d6");
    let b = p.board(0, 5).unwrap();
    assert!(b.get(3, 4).is_empty(), "the captured pawn is gone");
    assert_eq!(b.get(3, 5).kind(), Some(PieceKind::Pawn));
    // A move later it is gone.
    play(&mut pos, "0T2w e1", "0T2w e2");
    submit(&mut pos);
    play(&mut pos, "0T2b a8", "0T2b a7");
    submit(&mut pos);
    assert!(en_passants(&pos, "0T3w e5").is_empty());
    // Two single steps do not allow it either.
    let mut pos = position(
        8,
        8,
        &[hdr(
            &board(8, 8, &[("d6", "p"), ("e5", "P"), ("e1", "K"), ("a8", "k")]),
            "0",
            1,
            'b',
        )],
    );
    play(&mut pos, "0T1b d6", "0T1b d5");
    submit(&mut pos);
    assert!(en_passants(&pos, "0T2w e5").is_empty());
}

#[test]
fn en_passant_is_not_taken_across_timelines() {
    // Timeline 0: Black double-steps d7-d5. Timeline 1: a black pawn already on d5.
    let b0 = board(8, 8, &[("d7", "p*"), ("e5", "P"), ("e1", "K"), ("a8", "k")]);
    let b1 = board(8, 8, &[("d5", "p"), ("e5", "P"), ("e1", "K"), ("a8", "k")]);
    let mut pos = position(8, 8, &[hdr(&b0, "0", 1, 'b'), hdr(&b1, "1", 1, 'b')]);
    play(&mut pos, "0T1b d7", "0T1b d5");
    play(&mut pos, "1T1b a8", "1T1b a7");
    submit(&mut pos);
    assert_eq!(en_passants(&pos, "0T2w e5"), ["0T2w d6"]);
    assert!(en_passants(&pos, "1T2w e5").is_empty());
    // Nor may the pawn on timeline 1 go to the square the double step crossed on timeline 0.
    assert!(!targets(&pos, "1T2w e5").contains("0T2w d6"));
}

// ---------------------------------------------------------------------------------------
// Timelines: activity, Turn Zero, the present
// ---------------------------------------------------------------------------------------

#[test]
fn even_timelines_activity_follows_the_count_of_the_opponent() {
    // -0 and +0, 8x8 boards T1w..T2w; White has a queen on d1 at T2 of both.
    let early = board(8, 8, &[("a1", "K"), ("h8", "k")]);
    let late = board(8, 8, &[("a1", "K"), ("d1", "Q"), ("h8", "k")]);
    let mut headers = Vec::new();
    for l in ["-0", "+0"] {
        headers.push(hdr(&early, l, 1, 'w'));
        headers.push(hdr(&early, l, 1, 'b'));
        headers.push(hdr(&late, l, 2, 'w'));
    }
    let mut pos = position(8, 8, &headers);
    assert!(pos.even);
    assert_eq!(
        (pos.timeline_label(-1), pos.timeline_label(0)),
        ("-0".to_string(), "+0".to_string())
    );
    assert_eq!(pos.mandatory_boards(), vec![(-1, 4), (0, 4)]);
    // White's first branch: +1, active (Black has created 0 >= 0).
    play(&mut pos, "+0T2w d1", "+0T1w d1");
    assert_eq!(pos.timeline_label(pos.l_max()), "+1");
    assert!(pos.is_active(1));
    // White's second branch: +2, inactive until Black creates one.
    play(&mut pos, "-0T2w d1", "-0T1w d1");
    assert_eq!(pos.timeline_label(pos.l_max()), "+2");
    assert!(!pos.is_active(2));
    // The present is T1 black on +1 (the inactive +2 at the same turn does not count).
    assert_eq!(pos.present(), 3);
    submit(&mut pos);
    assert_eq!(pos.mandatory_boards(), vec![(1, 3)]);
    assert!(
        pos.playable_boards().contains(&(2, 3)),
        "inactive timelines are playable"
    );
    // Black's first branch, from +1 onto +0 T1: -1, active; and it activates +2.
    play(&mut pos, "+1T1b h8", "+0T1b g8");
    assert_eq!(pos.l_min(), -2);
    assert_eq!(pos.timeline_label(-2), "-1");
    assert!(pos.is_active(-2));
    assert!(
        pos.is_active(2),
        "+2 is active once Black has created one timeline"
    );
    assert_eq!(pos.present(), 3);
    assert_eq!(pos.mandatory_boards(), vec![(2, 3)]);
    pos.undo_move();
    assert!(!pos.is_active(2));
    assert_eq!(pos.l_min(), -1);
}

#[test]
fn turn_zero_black_jump_to_t0_creates_an_active_timeline() {
    let v = variants::by_name("Standard - Turn Zero").unwrap();
    let pos = v.position.clone();
    assert_eq!(
        pos.timeline(0).unwrap().start,
        1,
        "timeline 0 starts with Black's T0 board"
    );
    assert_eq!(pos.to_move, Color::White);
    let g = notation::read_game(
        "[Board \"Standard - Turn Zero\"]\n[Mode \"5D\"]\n\n1. Nf3 / (0T1)Ng8>>(0T0)g6\n",
    )
    .unwrap();
    let after = g.position();
    assert_eq!(after.to_move, Color::White);
    assert_eq!((after.l_min(), after.l_max()), (-1, 0));
    assert_eq!(after.timeline_label(-1), "-1");
    assert_eq!(
        after.timeline(-1).unwrap().start,
        2,
        "the new timeline starts at T1 white"
    );
    assert!(after.is_active(-1));
    assert_eq!(after.present(), 2);
    let mut playable = after.playable_boards();
    playable.sort_unstable();
    assert_eq!(playable, vec![(-1, 2), (0, 4)]);
    assert_eq!(after.mandatory_boards(), vec![(-1, 2)]);
    // The new board: the T0 board with the knight added on g6 (the g8 knight is still there).
    let b = after.board(-1, 2).unwrap();
    assert_eq!(b.get(6, 5).kind(), Some(PieceKind::Knight));
    assert_eq!(b.get(6, 7).kind(), Some(PieceKind::Knight));
    // White must play there: (-1T1)Nf3 completes the game of small.5dpgn.
    let mut p = after.clone();
    assert_eq!(
        p.submit_error(),
        Some(SubmitError::PresentNotMoved { present: 2 })
    );
    play(&mut p, "-1T1w g1", "-1T1w f3");
    submit(&mut p);
}

#[test]
fn a_branch_that_reactivates_a_timeline_pulls_the_present_back() {
    let quiet = board(8, 8, &[("a1", "K"), ("h8", "k")]);
    let t3 = board(8, 8, &[("a1", "K"), ("d1", "Q"), ("h8", "k"), ("e8", "r")]);
    let mut headers = span(&quiet, "0", (1, 'w'), (2, 'b'));
    headers.push(hdr(&t3, "0", 3, 'w'));
    let mut pos = position(8, 8, &headers);
    // 3. White branches +1 (active).
    play(&mut pos, "0T3w d1", "0T2w d1");
    assert!(pos.is_active(1));
    submit(&mut pos);
    // 3... Black plays on +1 only (T3 black on 0 is later than the present).
    assert_eq!(pos.mandatory_boards(), vec![(1, 5)]);
    play(&mut pos, "1T2b h8", "1T2b g8");
    submit(&mut pos);
    // 4. White branches again from +1 onto 0T2: +2, inactive, behind the present.
    play(&mut pos, "1T3w d1", "0T2w d1");
    assert_eq!(pos.l_max(), 2);
    assert!(!pos.is_active(2));
    assert_eq!(pos.timeline(2).unwrap().start, 5);
    submit(&mut pos);
    assert_eq!(pos.present(), 7);
    let mut mandatory = pos.mandatory_boards();
    mandatory.sort_unstable();
    assert_eq!(mandatory, vec![(0, 7), (1, 7)]);
    // 4... Black branches: -1 is created, +2 becomes active, the present goes back to T2.
    play(&mut pos, "0T3b e8", "0T2b e8");
    assert_eq!(pos.l_min(), -1);
    assert!(pos.is_active(2));
    assert_eq!(pos.present(), 5);
    assert_eq!(pos.mandatory_boards(), vec![(2, 5)]);
    assert_eq!(
        pos.submit_error(),
        Some(SubmitError::PresentNotMoved { present: 5 })
    );
    // Undoing the branch restores the present.
    let mut undone = pos.clone();
    undone.undo_move();
    assert!(!undone.is_active(2));
    assert_eq!(undone.present(), 7);
    // Playing the reactivated board lets the turn be submitted.
    play(&mut pos, "2T2b h8", "2T2b g8");
    assert_eq!(pos.present(), 6);
    submit(&mut pos);
}

#[test]
fn a_jump_onto_a_playable_board_does_not_branch_onto_a_played_one_does() {
    let b0 = board(8, 8, &[("a1", "R"), ("h1", "K"), ("h8", "k")]);
    let b1 = board(8, 8, &[("h1", "K"), ("h8", "k")]);
    let start = position(8, 8, &[hdr(&b0, "0", 1, 'w'), hdr(&b1, "1", 1, 'w')]);
    // Timeline 1's board is still playable: the rook lands there and nothing branches.
    let mut pos = start.clone();
    let m = *moves_from(&pos, "0T1w a1")
        .iter()
        .find(|m| m.to == at(&pos, "1T1w a1"))
        .unwrap();
    let e = pos.make_move(&m);
    assert_eq!((e.dst_l, e.branched), (Some(1), false));
    assert_eq!((pos.l_min(), pos.l_max()), (0, 1));
    assert_eq!((pos.last_h(0), pos.last_h(1)), (3, 3));
    assert_eq!(pos.submit_error(), None);
    // Once timeline 1 has been played this turn, the same jump makes timeline 2.
    let mut pos = start.clone();
    play(&mut pos, "1T1w h1", "1T1w g1");
    let e = pos.make_move(&m);
    assert_eq!((e.dst_l, e.branched), (Some(2), true));
    assert_eq!(pos.timeline(2).unwrap().start, 3);
    assert_eq!(pos.timeline(2).unwrap().parent, Some((1, 2)));
    // Undo restores both.
    pos.undo_move();
    assert_eq!(pos.l_max(), 1);
    assert_eq!(pos.last_h(0), 2);
}

#[test]
fn status_checkmate_stalemate_and_check_on_one_board() {
    let one = |ps: &[(&str, &str)]| position(8, 8, &[hdr(&board(8, 8, ps), "0", 1, 'b')]);
    let mate = one(&[("h8", "k"), ("g7", "Q"), ("f6", "K")]);
    assert!(mate.in_check());
    assert_eq!(
        game::status(&mate, Limits::default()),
        GameStatus::Checkmate
    );
    assert_eq!(
        search::count_actions(&mate, 0, Limits::default()),
        Outcome::Done(0)
    );
    let stalemate = one(&[("h8", "k"), ("f7", "Q"), ("g6", "K")]);
    assert!(!stalemate.in_check());
    assert_eq!(
        game::status(&stalemate, Limits::default()),
        GameStatus::Stalemate
    );
    // The king takes the unprotected queen: the only legal action.
    let check = one(&[("h8", "k"), ("g7", "Q"), ("a1", "K")]);
    assert_eq!(game::status(&check, Limits::default()), GameStatus::Check);
    assert_eq!(
        search::count_actions(&check, 0, Limits::default()),
        Outcome::Done(1)
    );
    // A search stopped by its limit never claims mate.
    let tiny = Limits {
        max_nodes: 1,
        stop: None,
    };
    assert_ne!(game::status(&mate, tiny), GameStatus::Stalemate);
}

#[test]
fn status_finds_an_action_where_the_exact_search_alone_has_a_long_tail() {
    // Thirty actions of random turns against Hard: 28 timelines, White in check. The exact
    // search's quiet walk spent a million nodes (16 s) without finding an action; the
    // game's mate check (200 million nodes) would have run for half an hour. A random
    // construction, raced beside it, finds one at the first tries, and so (issue 20) does
    // the search's greedy first try, within the 100,000 nodes given here.
    let g = notation::read_game(include_str!(
        "data/status/check_where_the_exact_search_is_slow.5dpgn"
    ))
    .unwrap();
    let pos = g.position();
    assert!(pos.in_check());
    let limits = Limits {
        max_nodes: 100_000,
        stop: None,
    };
    assert!(matches!(
        search::find_action(pos, limits),
        Outcome::Done(Some(_))
    ));
    assert_eq!(game::status(pos, limits), GameStatus::Check);
}

// ---------------------------------------------------------------------------------------
// Submitting
// ---------------------------------------------------------------------------------------

#[test]
fn submit_needs_the_present_moved() {
    let pos = variants::by_name("Standard").unwrap().position;
    assert_eq!(
        pos.submit_error(),
        Some(SubmitError::PresentNotMoved { present: 2 })
    );
    assert!(!pos.can_submit());
}

#[test]
fn submit_refuses_a_capturable_royal_and_names_the_capture() {
    // A pinned rook leaves the file.
    let mut pos = position(
        8,
        8,
        &[hdr(
            &board(8, 8, &[("e1", "K"), ("e2", "R"), ("e8", "r"), ("a8", "k")]),
            "0",
            1,
            'w',
        )],
    );
    play(&mut pos, "0T1w e2", "0T1w a2");
    let want = SubmitError::RoyalCapturable {
        from: at(&pos, "0T1b e8"),
        to: at(&pos, "0T1b e1"),
    };
    assert_eq!(pos.submit_error(), Some(want.clone()));
    assert!(
        want.to_string().contains("e8") && want.to_string().contains("e1"),
        "{want}"
    );
    // Across timelines: a black rook on timeline 1 takes the king on timeline 0 along L.
    let b0 = board(8, 8, &[("e1", "K"), ("d2", "P"), ("h8", "k")]);
    let b1 = board(8, 8, &[("e1", "r"), ("a2", "K"), ("h8", "k")]);
    let mut pos = position(8, 8, &[hdr(&b0, "0", 1, 'w'), hdr(&b1, "1", 1, 'w')]);
    play(&mut pos, "0T1w d2", "0T1w d3");
    play(&mut pos, "1T1w a2", "1T1w a3");
    assert_eq!(
        pos.submit_error(),
        Some(SubmitError::RoyalCapturable {
            from: at(&pos, "1T1b e1"),
            to: at(&pos, "0T1b e1")
        })
    );
    // Moving the king off the line instead is fine.
    let mut pos = position(8, 8, &[hdr(&b0, "0", 1, 'w'), hdr(&b1, "1", 1, 'w')]);
    play(&mut pos, "0T1w e1", "0T1w f2");
    play(&mut pos, "1T1w a2", "1T1w a3");
    assert_eq!(pos.submit_error(), None);
}

// ---------------------------------------------------------------------------------------
// Random positions against a direct reading of the movement rules
// ---------------------------------------------------------------------------------------

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The moves of the piece on `from` straight from the rules text (no castling, no en
/// passant): targets with their promotion.
fn oracle(pos: &Position, from: Coord) -> BTreeSet<(Coord, Option<PieceKind>)> {
    let piece = pos.piece_at(from).unwrap();
    let kind = piece.kind().unwrap();
    let color = piece.color();
    let mut out = BTreeSet::new();
    let empty_at = |c: Coord| pos.piece_at(c) == Some(Piece::EMPTY);
    let enemy_at = |c: Coord| {
        pos.piece_at(c)
            .is_some_and(|p| p.is_color(color.opponent()))
    };
    let shift = |d: [i32; 4], k: i32| Coord {
        x: from.x + d[0] * k,
        y: from.y + d[1] * k,
        h: from.h + 2 * d[2] * k,
        l: from.l + d[3] * k,
    };
    if kind.is_pawnlike() {
        let (fy, fl) = (color.forward_y(), color.forward_l());
        let last = if color == Color::White {
            pos.height - 1
        } else {
            0
        };
        let promo = |c: Coord| (c.y == last).then_some(PieceKind::Queen);
        for d in [[0, fy, 0, 0], [0, 0, 0, fl]] {
            if empty_at(shift(d, 1)) {
                out.insert((shift(d, 1), promo(shift(d, 1))));
                if piece.unmoved() && empty_at(shift(d, 2)) {
                    out.insert((shift(d, 2), promo(shift(d, 2))));
                }
            }
        }
        let mut caps = vec![[-1, fy, 0, 0], [1, fy, 0, 0], [0, 0, -1, fl], [0, 0, 1, fl]];
        if kind == PieceKind::Brawn {
            for a in 0..4 {
                for b in a + 1..4 {
                    for sa in [-1, 1] {
                        for sb in [-1, 1] {
                            let mut d = [0; 4];
                            d[a] = sa;
                            d[b] = sb;
                            let fwd = d[1] == fy || d[3] == fl;
                            let back = d[1] == -fy || d[3] == -fl;
                            if fwd && !back {
                                caps.push(d);
                            }
                        }
                    }
                }
            }
        }
        for d in caps {
            if enemy_at(shift(d, 1)) {
                out.insert((shift(d, 1), promo(shift(d, 1))));
            }
        }
        return out;
    }
    for l in pos.timeline_indices() {
        let t = pos.timeline(l).unwrap();
        for h in t.start..=t.last_h() {
            if (h - from.h) % 2 != 0 {
                continue;
            }
            for x in 0..pos.width {
                for y in 0..pos.height {
                    let to = Coord { l, h, x, y };
                    if to == from || pos.piece_at(to).unwrap().is_color(color) {
                        continue;
                    }
                    let d = [x - from.x, y - from.y, (h - from.h) / 2, l - from.l];
                    let mut mags: Vec<i32> =
                        d.iter().filter(|c| **c != 0).map(|c| c.abs()).collect();
                    mags.sort_unstable();
                    let n = mags.len();
                    let ok = match kind {
                        PieceKind::Knight => mags == [1, 2],
                        PieceKind::King | PieceKind::CommonKing => mags.iter().all(|m| *m == 1),
                        _ => {
                            let equal = mags.iter().all(|m| *m == mags[0]);
                            let axes_ok = match kind {
                                PieceKind::Rook => n == 1,
                                PieceKind::Bishop => n == 2,
                                PieceKind::Unicorn => n == 3,
                                PieceKind::Dragon => n == 4,
                                PieceKind::Princess => n <= 2,
                                _ => true,
                            };
                            let k = mags[0];
                            let unit = d.map(|c| c.signum());
                            equal && axes_ok && (1..k).all(|j| empty_at(shift(unit, j)))
                        }
                    };
                    if ok {
                        out.insert((to, None));
                    }
                }
            }
        }
    }
    out
}

fn random_position(rng: &mut Rng) -> (Position, String) {
    let w = 2 + rng.below(4) as i32;
    let hgt = 3 + rng.below(4) as i32;
    let n_tl = 1 + rng.below(3) as i32;
    let first = -(rng.below(n_tl as u64) as i32);
    let letters = ['P', 'N', 'B', 'R', 'Q', 'K', 'U', 'D', 'S', 'W', 'Y', 'C'];
    let mut headers = Vec::new();
    for l in first..first + n_tl {
        let start = 2 + rng.below(4) as i32;
        let len = 1 + rng.below(4) as i32;
        for h in start..start + len {
            let mut pieces: Vec<(String, String)> = Vec::new();
            for y in 0..hgt {
                for x in 0..w {
                    if rng.below(100) >= 35 {
                        continue;
                    }
                    let c = letters[rng.below(letters.len() as u64) as usize];
                    let white = rng.below(2) == 0;
                    if matches!(c, 'P' | 'W') && (y == 0 || y == hgt - 1) {
                        continue;
                    }
                    let mut s = if white {
                        c.to_string()
                    } else {
                        c.to_ascii_lowercase().to_string()
                    };
                    if matches!(c, 'P' | 'W') && rng.below(2) == 0 {
                        s.push('*');
                    }
                    pieces.push((format!("{}{}", (b'a' + x as u8) as char, y + 1), s));
                }
            }
            let refs: Vec<(&str, &str)> = pieces
                .iter()
                .map(|(a, b)| (a.as_str(), b.as_str()))
                .collect();
            headers.push(hdr(
                &board(w, hgt, &refs),
                &l.to_string(),
                h / 2,
                if h % 2 == 0 { 'w' } else { 'b' },
            ));
        }
    }
    let text = headers
        .iter()
        .map(|h| format!("[{h}]"))
        .collect::<Vec<_>>()
        .join("\n");
    (position(w, hgt, &headers), text)
}

#[test]
fn random_positions_match_the_movement_oracle() {
    let mut rng = Rng(0x5D_C4E55);
    let mut checked = 0;
    for case in 0..400 {
        let (pos, text) = random_position(&mut rng);
        for (l, h, b) in pos.all_boards() {
            for y in 0..pos.height {
                for x in 0..pos.width {
                    let p = b.get(x, y);
                    if p.is_empty() || Color::of_half_turn(h) != p.color() {
                        continue;
                    }
                    let from = Coord { l, h, x, y };
                    let mut v = Vec::new();
                    pos.piece_moves(from, &mut v);
                    let got: BTreeSet<(Coord, Option<PieceKind>)> = v
                        .iter()
                        .filter(|m| {
                            !matches!(m.special, Special::EnPassant | Special::Castle { .. })
                        })
                        .map(|m| (m.to, m.promotion))
                        .collect();
                    let want = oracle(&pos, from);
                    if got != want {
                        let only_got: Vec<String> =
                            got.difference(&want).map(|(c, _)| name(&pos, *c)).collect();
                        let only_want: Vec<String> =
                            want.difference(&got).map(|(c, _)| name(&pos, *c)).collect();
                        panic!(
                            "case {case}: {:?} on {}: engine only {only_got:?}, rules only {only_want:?}\n{text}",
                            p.kind().unwrap(),
                            name(&pos, from)
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} pieces checked");
}

/// A move is only legal for a piece of the side to move, from a square on the board: at the
/// standard start White may not push Black's e7 pawn on White's board, nor move from a
/// square off the board or an empty one.
#[test]
fn only_the_movers_own_pieces_move() {
    let pos = variants::by_name("Standard").unwrap().position;
    assert_eq!(pos.to_move, Color::White);
    let on_board = |x, y| Coord { l: 0, h: 0, x, y };
    let step = |from: Coord, to: Coord| Move {
        from,
        to,
        promotion: None,
        special: Special::None,
    };
    let h = pos.last_h(0);
    let at = |x, y| Coord {
        h,
        ..on_board(x, y)
    };
    // e2-e3 is White's, so legal; e7-e6 is Black's pawn on White's board.
    assert!(game::is_legal_move(&pos, &step(at(4, 1), at(4, 2))));
    assert!(!game::is_legal_move(&pos, &step(at(4, 6), at(4, 5))));
    // Black's knight g8-f6, an empty square e4, and a square off the board.
    assert!(!game::is_legal_move(&pos, &step(at(6, 7), at(5, 5))));
    assert!(!game::is_legal_move(&pos, &step(at(4, 3), at(4, 4))));
    assert!(!game::is_legal_move(&pos, &step(at(4, 9), at(4, 8))));
    assert!(!game::is_legal_move(&pos, &step(at(-1, 1), at(0, 2))));
}
