//! 5DFEN: boards and starting positions as text.
//!
//! A board is written rank by rank from the top (Black's side), ranks separated by `/`.
//! Digits count empty squares (several digits make one count), letters are pieces in the
//! colour's case (upper White, lower Black): `P N B R Q K U D S W Y C` (S princess,
//! W brawn, Y royal queen, C common king). A `*` after a piece marks it unmoved. The
//! Greek letters of the 5dchess-notation variant table are read too: β/Β brawn, ρ/Ρ royal
//! queen, κ/Κ common king, and so is that project's `Q+` for a royal queen.
//!
//! A 5DPGN starting board is `[board:timeline:turn:colour]`, for example
//! `[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]`.
//!
//! Unmoved flags are kept only where they change what a piece may do (pawns, brawns,
//! kings, rooks; see [`matters_unmoved`]), so the same start read from 5DFEN, from the
//! variant table or from the commercial game's JSON gives identical boards.

use std::collections::BTreeMap;
use std::fmt;

use crate::board::Board;
use crate::piece::{Color, Piece, PieceKind, matters_unmoved};
use crate::position::{Position, Timeline, parse_timeline_label, timeline_label};

/// The largest board side the engine stores.
pub const MAX_SIDE: i32 = 8;

/// Why a 5DFEN text could not be read. Every message quotes the offending text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The board size is out of range, or a board's ranks or squares do not match it.
    Shape(String),
    /// A character that is not a piece letter, a digit or a marker.
    Piece(String),
    /// A `[board:timeline:turn:colour]` header whose fields cannot be read.
    Header(String),
    /// Boards that do not make a starting position (none, gaps, duplicates, holes
    /// between timelines).
    Position(String),
}

impl FenError {
    pub fn message(&self) -> &str {
        match self {
            FenError::Shape(m)
            | FenError::Piece(m)
            | FenError::Header(m)
            | FenError::Position(m) => m,
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for FenError {}

/// Reading options for the board text of the different sources.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Dialect {
    /// Every piece starts unmoved (variant tables, the commercial game's JSON).
    pub default_unmoved: bool,
    /// `3*p` means `ppp` (the commercial game's JSON format).
    pub repeat: bool,
}

/// Piece kind and colour of one board character, if it is a piece letter.
fn piece_of_char(c: char) -> Option<(PieceKind, Color)> {
    let greek = match c {
        'β' => Some((PieceKind::Brawn, Color::Black)),
        'Β' => Some((PieceKind::Brawn, Color::White)),
        'ρ' => Some((PieceKind::RoyalQueen, Color::Black)),
        'Ρ' => Some((PieceKind::RoyalQueen, Color::White)),
        'κ' => Some((PieceKind::CommonKing, Color::Black)),
        'Κ' => Some((PieceKind::CommonKing, Color::White)),
        _ => None,
    };
    if greek.is_some() {
        return greek;
    }
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let kind = PieceKind::from_letter(c)?;
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some((kind, color))
}

/// Reads one rank into its squares (empty squares as `Piece::EMPTY`). The error is a
/// reason without context; the caller adds the rank and the board.
fn parse_rank(rank: &str, dialect: Dialect) -> Result<Vec<Piece>, String> {
    // No rank is wider than MAX_SIDE; counting stops well before overflow.
    const LIMIT: u32 = 64;
    let mut out = Vec::new();
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                chars.next();
                n = n.saturating_mul(10).saturating_add(d);
            }
            if n > LIMIT {
                return Err(format!("the count {n} is larger than any board"));
            }
            if dialect.repeat && chars.peek() == Some(&'*') {
                chars.next();
                let Some(pc) = chars.next() else {
                    return Err(format!("'{n}*' must be followed by a piece letter"));
                };
                let Some((kind, color)) = piece_of_char(pc) else {
                    return Err(format!(
                        "'{n}*' must be followed by a piece letter, not '{pc}'"
                    ));
                };
                let star = chars.peek() == Some(&'*');
                if star {
                    chars.next();
                }
                let unmoved = (star || dialect.default_unmoved) && matters_unmoved(kind);
                for _ in 0..n {
                    out.push(Piece::new(kind, color, unmoved));
                }
            } else {
                for _ in 0..n {
                    out.push(Piece::EMPTY);
                }
            }
            if out.len() > LIMIT as usize {
                return Err("more squares than any board has".to_string());
            }
            continue;
        }
        let Some((mut kind, color)) = piece_of_char(c) else {
            return Err(match c {
                '*' => "'*' must follow a piece".to_string(),
                '+' => "'+' must follow a queen".to_string(),
                _ => format!("unexpected character '{c}'"),
            });
        };
        if chars.peek() == Some(&'+') {
            if kind != PieceKind::Queen {
                return Err(format!("'+' must follow a queen, not '{c}'"));
            }
            chars.next();
            kind = PieceKind::RoyalQueen;
        }
        let star = chars.peek() == Some(&'*');
        if star {
            chars.next();
        }
        let unmoved = (star || dialect.default_unmoved) && matters_unmoved(kind);
        out.push(Piece::new(kind, color, unmoved));
        if out.len() > LIMIT as usize {
            return Err("more squares than any board has".to_string());
        }
    }
    Ok(out)
}

fn check_size(width: i32, height: i32) -> Result<(), FenError> {
    if (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height) {
        Ok(())
    } else {
        Err(FenError::Shape(format!(
            "board size {width}x{height} is outside 1x1 to {MAX_SIDE}x{MAX_SIDE}"
        )))
    }
}

pub(crate) fn parse_board_with(
    text: &str,
    width: i32,
    height: i32,
    dialect: Dialect,
) -> Result<Board, FenError> {
    check_size(width, height)?;
    let text = text.trim();
    if text.is_empty() {
        return Err(FenError::Shape(format!(
            "empty board text (expected a {width}x{height} board)"
        )));
    }
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != height as usize {
        return Err(FenError::Shape(format!(
            "board \"{text}\" has {} ranks, expected {height} (board size {width}x{height})",
            ranks.len()
        )));
    }
    let mut board = Board::default();
    for (i, rank) in ranks.iter().enumerate() {
        let y = height - 1 - i as i32;
        let squares = parse_rank(rank, dialect).map_err(|reason| {
            FenError::Piece(format!(
                "rank {} (\"{rank}\") of board \"{text}\": {reason}",
                y + 1
            ))
        })?;
        if squares.len() != width as usize {
            return Err(FenError::Shape(format!(
                "rank {} (\"{rank}\") of board \"{text}\" has {} squares, expected {width}",
                y + 1,
                squares.len()
            )));
        }
        for (x, p) in squares.into_iter().enumerate() {
            board.set(x as i32, y, p);
        }
    }
    Ok(board)
}

/// Reads one board of `width` x `height` squares (at most 8x8). With `default_unmoved`
/// every piece starts unmoved (variant tables, which have no `*`); otherwise only pieces
/// marked `*` are. Unmoved flags are kept only on pawns, brawns, kings and rooks.
pub fn parse_board(
    text: &str,
    width: i32,
    height: i32,
    default_unmoved: bool,
) -> Result<Board, FenError> {
    parse_board_with(
        text,
        width,
        height,
        Dialect {
            default_unmoved,
            repeat: false,
        },
    )
}

/// The 5DFEN text of a board: ranks from the top, runs of empty squares as digits, `*`
/// after unmoved pawns, brawns, kings and rooks. Reads back with
/// `parse_board(.., false)`.
pub fn board_to_fen(b: &Board, width: i32, height: i32) -> String {
    let mut s = String::new();
    for y in (0..height).rev() {
        let mut empty = 0;
        for x in 0..width {
            let p = b.get(x, y);
            if p.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            s.push_str(&p.fen());
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if y > 0 {
            s.push('/');
        }
    }
    s
}

/// Squares in one rank, counted from the text alone (for `infer_size`).
fn rank_width(rank: &str, repeat: bool) -> i32 {
    let mut w: i32 = 0;
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d as i32;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                chars.next();
                n = n.saturating_mul(10).saturating_add(d as i32);
            }
            if repeat && chars.peek() == Some(&'*') {
                chars.next();
                chars.next();
            }
            w = w.saturating_add(n);
        } else if c != '*' && c != '+' {
            w = w.saturating_add(1);
        }
    }
    w
}

pub(crate) fn infer_size_with(text: &str, repeat: bool) -> (i32, i32) {
    let text = text.trim();
    let ranks: Vec<&str> = text.split('/').collect();
    let width = ranks.first().map(|r| rank_width(r, repeat)).unwrap_or(0);
    (width, ranks.len().min(i32::MAX as usize) as i32)
}

/// Board size `(width, height)` read from a board text: the number of ranks and the
/// squares in the top rank. For texts that are not boards the result is only a guess;
/// `parse_board` then reports what is wrong.
pub fn infer_size(board_text: &str) -> (i32, i32) {
    infer_size_with(board_text, false)
}

/// One board of a 5DPGN starting position: `[board:timeline:turn:colour]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenBoard {
    pub board_text: String,
    /// Timeline label as written (`0`, `-0`, `+0`, `+1`, `-1`, ...).
    pub label: String,
    pub turn: i32,
    /// The side to move on this board.
    pub color: Color,
}

impl FenBoard {
    /// Half-turn index of this board: `2 * turn + (0 white | 1 black)`.
    pub fn half_turn(&self) -> Option<i32> {
        self.turn.checked_mul(2)?.checked_add(self.color.parity())
    }

    /// The header as 5DPGN writes it, with brackets.
    pub fn to_header(&self) -> String {
        format!("[{self}]")
    }
}

impl fmt::Display for FenBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = if self.color == Color::White { 'w' } else { 'b' };
        write!(f, "{}:{}:{}:{}", self.board_text, self.label, self.turn, c)
    }
}

/// Reads a 5DFEN board header such as `[r*nbqk*bnr*/.../R*NBQK*BNR*:0:1:w]` (brackets
/// optional). The board text is checked later, by `position_from_fen_boards`.
pub fn parse_fen_header(text: &str) -> Result<FenBoard, FenError> {
    let t = text.trim();
    let inner = t.strip_prefix('[').unwrap_or(t);
    let inner = inner.strip_suffix(']').unwrap_or(inner).trim();
    let fields: Vec<&str> = inner.split(':').map(str::trim).collect();
    if fields.len() != 4 {
        return Err(FenError::Header(format!(
            "5DFEN board \"{t}\" has {} field(s); expected board:timeline:turn:colour",
            fields.len()
        )));
    }
    let board_text = fields[0];
    if board_text.is_empty() {
        return Err(FenError::Header(format!(
            "5DFEN board \"{t}\" has an empty board"
        )));
    }
    let raw_label = fields[1];
    let label = raw_label
        .strip_suffix(['L', 'l'])
        .unwrap_or(raw_label)
        .trim();
    if parse_timeline_label(label, true).is_none() {
        return Err(FenError::Header(format!(
            "5DFEN board \"{t}\": \"{raw_label}\" is not a timeline (0, -0, +0, 1, -1, ...)"
        )));
    }
    let turn: i32 = fields[2]
        .parse()
        .ok()
        .filter(|t: &i32| t.abs() <= crate::position::MAX_INDEX)
        .ok_or_else(|| {
            FenError::Header(format!(
                "5DFEN board \"{t}\": \"{}\" is not a turn number",
                fields[2]
            ))
        })?;
    let color = match fields[3].to_ascii_lowercase().as_str() {
        "w" | "white" => Color::White,
        "b" | "black" => Color::Black,
        other => {
            return Err(FenError::Header(format!(
                "5DFEN board \"{t}\": \"{other}\" is not a colour (w or b)"
            )));
        }
    };
    Ok(FenBoard {
        board_text: board_text.to_string(),
        label: label.to_string(),
        turn,
        color,
    })
}

fn half_turn_name(h: i32) -> String {
    let c = if Color::of_half_turn(h) == Color::White {
        "white"
    } else {
        "black"
    };
    format!("T{} {c}", h.div_euclid(2))
}

/// Builds a starting position from timelines `(internal index, label, timeline)`: the
/// indices must be contiguous; the player to move is the colour of the earliest last
/// board. The error is a reason without context.
pub(crate) fn assemble_position(
    width: i32,
    height: i32,
    even: bool,
    timelines: Vec<(i32, Timeline)>,
) -> Result<Position, String> {
    if timelines.is_empty() {
        return Err("no timelines".to_string());
    }
    let mut timelines = timelines;
    timelines.sort_by_key(|(l, _)| *l);
    for pair in timelines.windows(2) {
        let (a, b) = (pair[0].0, pair[1].0);
        if a == b {
            return Err(format!(
                "timeline {} is given twice",
                timeline_label(a, even)
            ));
        }
        if b != a + 1 {
            return Err(format!(
                "starting timelines must be contiguous: {} and {} are given but not {}",
                timeline_label(a, even),
                timeline_label(b, even),
                timeline_label(a + 1, even)
            ));
        }
    }
    if let Some((l, _)) = timelines.iter().find(|(_, t)| t.boards.is_empty()) {
        return Err(format!(
            "timeline {} has no board",
            timeline_label(*l, even)
        ));
    }
    let present = timelines.iter().map(|(_, t)| t.last_h()).min().unwrap_or(0);
    let to_move = Color::of_half_turn(present);
    Ok(Position::new(width, height, even, timelines, to_move))
}

/// Builds a starting position from 5DFEN boards. Timelines are numbered -0/+0 when any
/// label is `-0` or `+0`. Each board goes to its timeline at half-turn
/// `2 * turn + colour`; the boards of one timeline must follow each other without gaps
/// (in any order), and the timelines must be contiguous. The player to move is the
/// colour of the earliest last board.
pub fn position_from_fen_boards(
    boards: &[FenBoard],
    width: i32,
    height: i32,
) -> Result<Position, FenError> {
    check_size(width, height)?;
    if boards.is_empty() {
        return Err(FenError::Position("no 5DFEN boards given".to_string()));
    }
    let even = boards.iter().any(|b| matches!(b.label.trim(), "-0" | "+0"));
    let mut by_tl: BTreeMap<i32, Vec<(i32, Board, &FenBoard)>> = BTreeMap::new();
    for fb in boards {
        let l = parse_timeline_label(&fb.label, even).ok_or_else(|| {
            FenError::Header(format!(
                "5DFEN board \"{fb}\": \"{}\" is not a timeline",
                fb.label
            ))
        })?;
        let h = fb.half_turn().ok_or_else(|| {
            FenError::Header(format!(
                "5DFEN board \"{fb}\": turn {} is out of range",
                fb.turn
            ))
        })?;
        let board = parse_board(&fb.board_text, width, height, false)?;
        by_tl.entry(l).or_default().push((h, board, fb));
    }
    let mut timelines = Vec::new();
    for (l, mut list) in by_tl {
        list.sort_by_key(|(h, _, _)| *h);
        for pair in list.windows(2) {
            let (h0, h1) = (pair[0].0, pair[1].0);
            if h0 == h1 {
                return Err(FenError::Position(format!(
                    "timeline {} has two boards at {}: \"{}\" and \"{}\"",
                    timeline_label(l, even),
                    half_turn_name(h0),
                    pair[0].2,
                    pair[1].2
                )));
            }
            if h1 != h0 + 1 {
                return Err(FenError::Position(format!(
                    "timeline {} has boards at {} (\"{}\") and {} (\"{}\") but none between",
                    timeline_label(l, even),
                    half_turn_name(h0),
                    pair[0].2,
                    half_turn_name(h1),
                    pair[1].2
                )));
            }
        }
        let start = list[0].0;
        let boards = list.into_iter().map(|(_, b, _)| b).collect();
        timelines.push((
            l,
            Timeline {
                start,
                boards,
                parent: None,
            },
        ));
    }
    assemble_position(width, height, even, timelines).map_err(|reason| {
        let labels: Vec<&str> = boards.iter().map(|b| b.label.as_str()).collect();
        FenError::Position(format!(
            "5DFEN boards on timelines [{}]: {reason}",
            labels.join(", ")
        ))
    })
}

/// The 5DFEN boards of a position's timelines (every board, in timeline and half-turn
/// order): what a 5DPGN writer puts in the headers of a custom start.
pub fn position_to_fen_boards(pos: &Position) -> Vec<FenBoard> {
    pos.all_boards()
        .map(|(l, h, b)| FenBoard {
            board_text: board_to_fen(b, pos.width, pos.height),
            label: pos.timeline_label(l),
            turn: h.div_euclid(2),
            color: Color::of_half_turn(h),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const STANDARD: &str = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";

    fn fb(text: &str) -> FenBoard {
        parse_fen_header(text).unwrap()
    }

    #[test]
    fn parses_standard_board() {
        let b = parse_board(STANDARD, 8, 8, false).unwrap();
        assert_eq!(b.get(4, 0), Piece::new(PieceKind::King, Color::White, true));
        assert_eq!(
            b.get(3, 7),
            Piece::new(PieceKind::Queen, Color::Black, false)
        );
        assert_eq!(b.get(0, 7), Piece::new(PieceKind::Rook, Color::Black, true));
        assert_eq!(
            b.get(1, 0),
            Piece::new(PieceKind::Knight, Color::White, false)
        );
        assert_eq!(b.get(6, 1), Piece::new(PieceKind::Pawn, Color::White, true));
        assert!(b.get(4, 4).is_empty());
        assert_eq!(board_to_fen(&b, 8, 8), STANDARD);
        // The variant-table form (no stars, every piece unmoved) gives the same board.
        let t = parse_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 8, 8, true).unwrap();
        assert_eq!(t, b);
    }

    #[test]
    fn unmoved_only_where_marked() {
        let b = parse_board("4k/5/5/P*P3/K3R*", 5, 5, false).unwrap();
        assert!(b.get(0, 1).unmoved());
        assert!(!b.get(1, 1).unmoved());
        assert!(!b.get(0, 0).unmoved());
        assert!(b.get(4, 0).unmoved());
        assert!(!b.get(4, 4).unmoved());
        // A star on a piece whose flag changes nothing is accepted and dropped.
        let n = parse_board("N*", 1, 1, false).unwrap();
        assert_eq!(
            n.get(0, 0),
            Piece::new(PieceKind::Knight, Color::White, false)
        );
    }

    #[test]
    fn fairy_and_greek_letters() {
        let b = parse_board("ββρκ/BΒΡΚ/uds1/UDSW", 4, 4, true).unwrap();
        assert_eq!(
            b.get(0, 3),
            Piece::new(PieceKind::Brawn, Color::Black, true)
        );
        assert_eq!(
            b.get(2, 3),
            Piece::new(PieceKind::RoyalQueen, Color::Black, false)
        );
        assert_eq!(
            b.get(3, 3),
            Piece::new(PieceKind::CommonKing, Color::Black, false)
        );
        assert_eq!(
            b.get(0, 2),
            Piece::new(PieceKind::Bishop, Color::White, false)
        );
        assert_eq!(
            b.get(1, 2),
            Piece::new(PieceKind::Brawn, Color::White, true)
        );
        assert_eq!(
            b.get(2, 2),
            Piece::new(PieceKind::RoyalQueen, Color::White, false)
        );
        assert_eq!(
            b.get(3, 2),
            Piece::new(PieceKind::CommonKing, Color::White, false)
        );
        assert_eq!(b.get(0, 1).kind(), Some(PieceKind::Unicorn));
        assert_eq!(b.get(1, 1).kind(), Some(PieceKind::Dragon));
        assert_eq!(b.get(2, 1).kind(), Some(PieceKind::Princess));
        assert_eq!(
            b.get(3, 0),
            Piece::new(PieceKind::Brawn, Color::White, true)
        );
        let ascii = parse_board("wwyc/BWYC/uds1/UDSW", 4, 4, true).unwrap();
        assert_eq!(ascii, b);
        assert_eq!(board_to_fen(&b, 4, 4), "w*w*yc/BW*YC/uds1/UDSW*");
        // 5dchess-notation writes a royal queen as Q+.
        let q = parse_board("q+2/3/1Q+*1", 3, 3, false).unwrap();
        assert_eq!(
            q.get(0, 2),
            Piece::new(PieceKind::RoyalQueen, Color::Black, false)
        );
        assert_eq!(
            q.get(1, 0),
            Piece::new(PieceKind::RoyalQueen, Color::White, false)
        );
    }

    #[test]
    fn multi_digit_counts_and_small_boards() {
        let b = parse_board("03/1k1/K02", 3, 3, false).unwrap();
        assert_eq!(b.get(1, 1).kind(), Some(PieceKind::King));
        assert_eq!(b.get(0, 0).kind(), Some(PieceKind::King));
        assert!(
            parse_board("1", 1, 1, false)
                .unwrap()
                .squares
                .iter()
                .all(|p| p.is_empty())
        );
        assert!(parse_board("12/3/3", 3, 3, false).is_err());
    }

    #[test]
    fn round_trips() {
        for (text, w, h) in [
            (STANDARD, 8, 8),
            ("4k/5/5/P*P3/K3R*", 5, 5),
            ("1", 1, 1),
            ("2k/3/K2", 3, 3),
            ("w*w*w*w*k*/5/5/5/K*W*W*W*W*", 5, 5),
            (
                "r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*",
                8,
                8,
            ),
            ("6/6/2s3/6/6/6/6", 6, 7),
        ] {
            let b = parse_board(text, w, h, false).unwrap();
            assert_eq!(board_to_fen(&b, w, h), text);
            assert_eq!(infer_size(text), (w, h));
        }
    }

    #[test]
    fn board_errors_name_the_text() {
        let cases: &[(&str, i32, i32, &str)] = &[
            ("8/8/8", 8, 8, "\"8/8/8\" has 3 ranks"),
            ("pppp/4/4/3", 4, 4, "rank 1 (\"3\")"),
            ("ppppp/4/4/4", 4, 4, "rank 4 (\"ppppp\")"),
            ("xp2/4/4/4", 4, 4, "unexpected character 'x'"),
            ("*p2/4/4/4", 4, 4, "'*' must follow a piece"),
            ("n+3/4/4/4", 4, 4, "'+' must follow a queen"),
            ("P**3/4/4/4", 4, 4, "'*' must follow a piece"),
            ("", 4, 4, "empty board"),
            ("4/4/4/4", 9, 4, "9x4"),
            ("4/4/4/4", 4, 0, "4x0"),
            ("99999999999999999999/4/4/4", 4, 4, "larger than any board"),
            ("3*p/4/4/4", 4, 4, "'*' must follow a piece"),
        ];
        for (text, w, h, needle) in cases {
            let e = parse_board(text, *w, *h, false).expect_err(text);
            let msg = e.to_string();
            assert!(msg.contains(needle), "{text}: {msg}");
            if !text.is_empty() && *w <= 8 && *h >= 1 {
                assert!(
                    msg.contains(text.split('/').next().unwrap()) || msg.contains(text),
                    "{msg}"
                );
            }
        }
    }

    #[test]
    fn repeat_dialect() {
        let d = Dialect {
            default_unmoved: true,
            repeat: true,
        };
        let b = parse_board_with("3*p1/4/4/2*R2", 4, 4, d).unwrap();
        assert_eq!(board_to_fen(&b, 4, 4), "p*p*p*1/4/4/R*R*2");
        assert_eq!(infer_size_with("3*p1/4/4/2*R2", true), (4, 4));
        assert!(parse_board_with("3*/4/4/4", 4, 4, d).is_err());
        assert!(parse_board_with("3*x1/4/4/4", 4, 4, d).is_err());
    }

    #[test]
    fn headers() {
        let h = fb(&format!("[{STANDARD}:0:1:w]"));
        assert_eq!(h.board_text, STANDARD);
        assert_eq!(h.label, "0");
        assert_eq!(h.turn, 1);
        assert_eq!(h.color, Color::White);
        assert_eq!(h.half_turn(), Some(2));
        assert_eq!(h.to_header(), format!("[{STANDARD}:0:1:w]"));
        let h = fb(" 2k/3/K2 : -0 : 0 : b ");
        assert_eq!((h.label.as_str(), h.turn, h.color), ("-0", 0, Color::Black));
        assert_eq!(h.half_turn(), Some(1));
        assert_eq!(fb("[2k/3/K2:+1:-3:w]").turn, -3);
        assert_eq!(fb("[2k/3/K2:+1L:3:W]").label, "+1");
        for bad in [
            "[2k/3/K2:0:1]",
            "[2k/3/K2:0:1:w:x]",
            "[:0:1:w]",
            "[2k/3/K2:zero:1:w]",
            "[2k/3/K2:0:one:w]",
            "[2k/3/K2:0:1:green]",
            "[2k/3/K2:0:99999999999:w]",
            "",
            "[]",
        ] {
            let e = parse_fen_header(bad).expect_err(bad);
            assert!(e.to_string().contains(bad.trim()), "{bad}: {e}");
        }
    }

    #[test]
    fn turn_zero_position() {
        let boards = [
            fb(&format!("[{STANDARD}:0:1:w]")),
            fb(&format!("[{STANDARD}:0:0:b]")),
        ];
        let pos = position_from_fen_boards(&boards, 8, 8).unwrap();
        assert!(!pos.even);
        assert_eq!(pos.timeline_indices(), 0..=0);
        let t = pos.timeline(0).unwrap();
        assert_eq!((t.start, t.boards.len()), (1, 2));
        assert_eq!(pos.to_move, Color::White);
        assert_eq!(pos.playable_boards(), vec![(0, 2)]);
        let back = position_to_fen_boards(&pos);
        assert_eq!(back, vec![boards[1].clone(), boards[0].clone()]);
    }

    #[test]
    fn even_and_staggered_positions() {
        let boards = [fb("[2k/3/K2:-0:1:b]"), fb("[2k/3/K2:+0:1:w]")];
        let pos = position_from_fen_boards(&boards, 3, 3).unwrap();
        assert!(pos.even);
        assert_eq!(pos.timeline_indices(), -1..=0);
        assert_eq!(pos.timeline(-1).unwrap().start, 3);
        assert_eq!(pos.timeline(0).unwrap().start, 2);
        assert_eq!(pos.to_move, Color::White);
        assert_eq!(position_to_fen_boards(&pos), boards.to_vec());
        // Three odd timelines, Black to move everywhere.
        let boards = [
            fb("[2k/3/K2:-1:2:b]"),
            fb("[2k/3/K2:0:2:b]"),
            fb("[2k/3/K2:1:2:b]"),
        ];
        let pos = position_from_fen_boards(&boards, 3, 3).unwrap();
        assert!(!pos.even);
        assert_eq!(pos.timeline_indices(), -1..=1);
        assert_eq!(pos.to_move, Color::Black);
    }

    #[test]
    fn position_errors() {
        let cases: &[(&[&str], &str)] = &[
            (&[], "no 5DFEN boards"),
            (
                &["[2k/3/K2:0:1:w]", "[2k/3/K2:0:1:w]"],
                "two boards at T1 white",
            ),
            (&["[2k/3/K2:0:1:w]", "[2k/3/K2:0:2:w]"], "none between"),
            (&["[2k/3/K2:0:1:w]", "[2k/3/K2:2:1:w]"], "contiguous"),
            (&["[2k/3/K2:-0:1:w]", "[2k/3/K2:+1:1:w]"], "contiguous"),
            (&["[2k/3/K2/3:0:1:w]"], "\"2k/3/K2/3\" has 4 ranks"),
        ];
        for (texts, needle) in cases {
            let boards: Vec<FenBoard> = texts.iter().map(|t| fb(t)).collect();
            let e = position_from_fen_boards(&boards, 3, 3).expect_err(needle);
            assert!(e.to_string().contains(needle), "{e}");
        }
        let e = position_from_fen_boards(&[fb("[1:0:1:w]")], 0, 1).unwrap_err();
        assert!(matches!(e, FenError::Shape(_)));
        let e = parse_fen_header("[1:0:1073741824:w]").unwrap_err();
        assert!(e.to_string().contains("1073741824"), "{e}");
    }

    mod fuzz {
        use super::super::*;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(400))]
            #[test]
            fn never_panics(text in "[0-9pPkKqQ+*/βρκx:wb\\[\\]-]{0,40}", w in -1i32..10, h in -1i32..10) {
                let _ = parse_board(&text, w, h, false);
                let _ = parse_board_with(&text, w, h, Dialect { default_unmoved: true, repeat: true });
                let _ = infer_size(&text);
                if let Ok(b) = parse_fen_header(&text) {
                    let _ = position_from_fen_boards(&[b], w, h);
                }
            }

            #[test]
            fn random_boards_round_trip(cells in proptest::collection::vec(0u8..40, 1..=64), w in 1i32..=8) {
                let h = ((cells.len() as i32 + w - 1) / w).min(8);
                let mut b = Board::default();
                for (i, c) in cells.iter().enumerate().take((w * h) as usize) {
                    let (x, y) = (i as i32 % w, i as i32 / w);
                    if let Some(k) = PieceKind::from_u8(c % 13) {
                        let color = if c % 2 == 0 { Color::White } else { Color::Black };
                        b.set(x, y, Piece::new(k, color, *c >= 20 && matters_unmoved(k)));
                    }
                }
                let text = board_to_fen(&b, w, h);
                prop_assert_eq!(parse_board(&text, w, h, false).unwrap(), b);
                prop_assert_eq!(infer_size(&text), (w, h));
            }
        }
    }
}
