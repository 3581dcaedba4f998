//! 5DPGN: reading the community's notation (with the dialects real files use) and
//! writing one canonical form.
//!
//! Canonical form written here: headers (`Board`, `Mode "5D"`, then any others read, and
//! 5DFEN boards plus `Size` for custom starts), then one line per full turn:
//! `N. <White's moves> / <Black's moves>`. A physical move is `(LTt)` + piece letter (none
//! for pawns) + the SAN disambiguation needed among that board's moves + `x` on a capture +
//! target square (+ `=Q`); castling is `(LTt)O-O` / `O-O-O`. A jump always names its
//! source square: `(0T5)Qb3>>x(0T1)f7` (`>>` when it makes a timeline, `>` when it lands
//! on a playable board).

use crate::fen;
use crate::game::Game;
use crate::piece::{Color, PieceKind};
use crate::position::{Coord, Move, Position, Special, parse_timeline_label};
use crate::variants;

pub fn square_name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// An error while reading 5DPGN: where it is, the text, and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub line: usize,
    pub text: String,
    pub message: String,
}

impl NotationError {
    /// The text holds no game at all: no header and no move (an empty file, or only
    /// comments and blank lines). Line 0, since no line is at fault.
    pub fn is_no_game(&self) -> bool {
        self.line == 0
    }
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_no_game() {
            return f.write_str(&self.message);
        }
        write!(f, "line {}: `{}`: {}", self.line, self.text, self.message)
    }
}

impl std::error::Error for NotationError {}

fn err(line: usize, text: &str, message: impl Into<String>) -> NotationError {
    NotationError {
        line,
        text: text.to_string(),
        message: message.into(),
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    /// Start of a numbered turn; `Some(Black)` for `1b.` / `1...`.
    TurnNo(Option<Color>),
    Slash,
    Move(String),
    Result,
}

/// Removes comments (`{...}` and `;` to end of line), keeping line breaks so line numbers
/// stay right. A quoted header value is not a comment, whatever it holds (an arena's
/// `Termination` can read "...; restarted: ..."); a quote left open ends with its line.
fn strip_comments(text: &str) -> Result<String, NotationError> {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut line = 1;
    let mut open_line = 0;
    let mut in_semicolon = false;
    let mut in_string = false;
    // A backslash inside a quoted value escapes the next character (PGN's `\"`).
    let mut escaped = false;
    for c in text.chars() {
        if c == '\n' {
            line += 1;
            in_semicolon = false;
            in_string = false;
            escaped = false;
            out.push('\n');
            continue;
        }
        if in_semicolon {
            continue;
        }
        if in_string || (c == '"' && depth == 0) {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = in_string;
            } else if c == '"' {
                in_string = !in_string;
            }
            out.push(c);
            continue;
        }
        match c {
            '{' => {
                if depth == 0 {
                    open_line = line;
                }
                depth += 1;
                out.push(' ');
            }
            '}' if depth > 0 => {
                depth -= 1;
                out.push(' ');
            }
            '}' => return Err(err(line, "}", "closing brace without an opening one")),
            ';' if depth == 0 => in_semicolon = true,
            _ if depth > 0 => out.push(' '),
            _ => out.push(c),
        }
    }
    if depth > 0 {
        return Err(err(open_line, "{", "comment is never closed"));
    }
    Ok(out)
}

struct Headers {
    pairs: Vec<(String, String)>,
    fen_boards: Vec<(usize, String)>,
}

/// Splits header lines off the top; returns the headers and the movetext with its line
/// numbers.
fn read_headers(text: &str) -> Result<(Headers, Vec<(usize, String)>), NotationError> {
    let mut h = Headers {
        pairs: Vec::new(),
        fen_boards: Vec::new(),
    };
    let mut body = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim().trim_start_matches('\u{feff}');
        if line.starts_with('[')
            && body
                .iter()
                .all(|(_, l): &(usize, String)| l.trim().is_empty())
        {
            // Several headers may share a line; read them one by one.
            let mut rest = line;
            while let Some(start) = rest.find('[') {
                let Some(end) = rest[start..].find(']') else {
                    return Err(err(line_no, rest, "header is not closed with `]`"));
                };
                let inner = &rest[start + 1..start + end];
                if let Some(q) = inner.find('"') {
                    let key = inner[..q].trim();
                    let val = inner[q + 1..].trim_end();
                    let Some(val) = val.strip_suffix('"') else {
                        return Err(err(
                            line_no,
                            inner,
                            "header value is not closed with a quote",
                        ));
                    };
                    if key.is_empty() || key.contains(char::is_whitespace) {
                        return Err(err(line_no, inner, "header key must be one word"));
                    }
                    h.pairs.push((key.to_string(), val.to_string()));
                } else if inner.contains(':') {
                    h.fen_boards.push((line_no, inner.trim().to_string()));
                } else {
                    return Err(err(
                        line_no,
                        inner,
                        "header is neither `[Key \"value\"]` nor a 5DFEN board",
                    ));
                }
                rest = &rest[start + end + 1..];
            }
            if !rest.trim().is_empty() {
                return Err(err(line_no, rest.trim(), "text after a header"));
            }
        } else {
            body.push((line_no, raw.to_string()));
        }
    }
    Ok((h, body))
}

fn tokenize(body: &[(usize, String)]) -> Result<Vec<(usize, Tok, String)>, NotationError> {
    let mut out = Vec::new();
    for (line_no, line) in body {
        for word in line.split_whitespace() {
            let mut w = word;
            // Split a turn number glued to the first move: `1.(-1T1)e1e2`.
            loop {
                if w.is_empty() {
                    break;
                }
                if w == "/" {
                    out.push((*line_no, Tok::Slash, w.to_string()));
                    break;
                }
                if matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½") {
                    out.push((*line_no, Tok::Result, w.to_string()));
                    break;
                }
                let digits = w.bytes().take_while(|b| b.is_ascii_digit()).count();
                if digits > 0 && digits < w.len() {
                    let rest = &w[digits..];
                    let (color, skip) = if let Some(r) = rest.strip_prefix("...") {
                        (Some(Color::Black), w.len() - r.len())
                    } else if let Some(r) = rest.strip_prefix("w.") {
                        (Some(Color::White), w.len() - r.len())
                    } else if let Some(r) = rest.strip_prefix("b.") {
                        (Some(Color::Black), w.len() - r.len())
                    } else if let Some(r) = rest.strip_prefix('.') {
                        (None, w.len() - r.len())
                    } else {
                        (None, 0)
                    };
                    if skip > 0 {
                        out.push((*line_no, Tok::TurnNo(color), w[..skip].to_string()));
                        w = &w[skip..];
                        continue;
                    }
                }
                // A slash glued to moves: `e4/e5`.
                if let Some(p) = w.find('/') {
                    if p > 0 {
                        out.push((*line_no, Tok::Move(w[..p].to_string()), w[..p].to_string()));
                    }
                    out.push((*line_no, Tok::Slash, "/".to_string()));
                    w = &w[p + 1..];
                    continue;
                }
                out.push((*line_no, Tok::Move(w.to_string()), w.to_string()));
                break;
            }
        }
    }
    Ok(out)
}

/// A move as written, before it is matched against the legal moves.
#[derive(Debug, Default, Clone, PartialEq)]
struct MoveText {
    src_board: Option<(i32, i32)>,
    piece: Option<PieceKind>,
    from_file: Option<i32>,
    from_rank: Option<i32>,
    dst_board: Option<(i32, i32)>,
    to: Option<(i32, i32)>,
    castle: Option<bool>, // Some(true) = king side
}

fn parse_board_ref(s: &str, even: bool) -> Option<(i32, i32)> {
    // `0T1`, `-1T3`, `+1T5`, `L-1T5`
    let s = s.strip_prefix('L').unwrap_or(s);
    let t = s.find('T')?;
    let l = parse_timeline_label(&s[..t], even)?;
    let turn: i32 = s[t + 1..].parse().ok()?;
    (turn.abs() <= crate::position::MAX_INDEX).then_some((l, turn))
}

fn parse_move_text(raw: &str, even: bool) -> Result<MoveText, String> {
    let mut s: &str = raw;
    // Trailing annotations.
    s = s.trim_end_matches(['~', '#', '+', '!', '?', '*']);
    let mut mt = MoveText::default();
    if s.is_empty() {
        return Err("empty move".into());
    }
    if let Some(c) = s.chars().find(|c| !c.is_ascii()) {
        return Err(format!("`{c}` cannot appear in a move"));
    }
    if let Some(r) = s.strip_prefix('(') {
        let close = r
            .find(')')
            .ok_or("board reference is not closed with `)`")?;
        mt.src_board = Some(
            parse_board_ref(&r[..close], even)
                .ok_or("board reference must look like (0T1) or (-1T3)")?,
        );
        s = &r[close + 1..];
    }
    let castle = s.trim_end_matches(['+', '#']);
    if matches!(castle, "O-O" | "0-0") {
        mt.castle = Some(true);
        return Ok(mt);
    }
    if matches!(castle, "O-O-O" | "0-0-0") {
        mt.castle = Some(false);
        return Ok(mt);
    }
    if let Some(c) = s.chars().next()
        && c.is_ascii_uppercase()
    {
        mt.piece =
            Some(PieceKind::from_letter(c).ok_or_else(|| format!("`{c}` is not a piece letter"))?);
        s = &s[1..];
    }
    // Promotion suffix.
    if let Some(eq) = s.find('=') {
        let p = &s[eq + 1..];
        if PieceKind::from_letter(p.chars().next().unwrap_or(' ')) != Some(PieceKind::Queen)
            || p.len() != 1
        {
            return Err("promotion is to a queen only (=Q) in 5D chess".into());
        }
        s = &s[..eq];
    }
    let (src_part, dst_part) = match s.find('(') {
        Some(p) => {
            let r = &s[p + 1..];
            let close = r.find(')').ok_or("target board is not closed with `)`")?;
            mt.dst_board = Some(
                parse_board_ref(&r[..close], even).ok_or("target board must look like (0T1)")?,
            );
            (&s[..p], &r[close + 1..])
        }
        None => (s, ""),
    };
    let clean = |t: &str| -> String {
        t.chars()
            .filter(|c| !matches!(c, 'x' | '>' | '-' | ':'))
            .collect()
    };
    let src = clean(src_part);
    let dst = clean(dst_part);
    let sq = |t: &str| -> Option<(i32, i32)> {
        let b = t.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Some(((b[0] - b'a') as i32, (b[1] - b'1') as i32))
    };
    if mt.dst_board.is_some() {
        let to = sq(&dst).ok_or("target square must look like e4")?;
        mt.to = Some(to);
        if !src.is_empty() {
            let f = sq(&src).ok_or("source square must look like e4")?;
            mt.from_file = Some(f.0);
            mt.from_rank = Some(f.1);
        }
    } else {
        if src.len() < 2 {
            return Err("move has no target square".into());
        }
        let to = sq(&src[src.len() - 2..]).ok_or("target square must look like e4")?;
        mt.to = Some(to);
        let dis = &src[..src.len() - 2];
        for c in dis.chars() {
            match c {
                'a'..='h' if mt.from_file.is_none() => mt.from_file = Some(c as i32 - 'a' as i32),
                '1'..='8' if mt.from_rank.is_none() => mt.from_rank = Some(c as i32 - '1' as i32),
                _ => return Err(format!("unexpected `{c}` before the target square")),
            }
        }
    }
    Ok(mt)
}

/// Finds the one legal move the text names in the current turn.
fn resolve(pos: &Position, mt: &MoveText) -> Result<Move, String> {
    let color = pos.to_move;
    let half = |(l, t): (i32, i32)| (l, 2 * t + color.parity());
    let boards: Vec<(i32, i32)> = match mt.src_board {
        Some(b) => {
            let (l, h) = half(b);
            if !pos.is_playable(l, h) {
                return Err(format!(
                    "board (L{} T{}) is not playable for {} now",
                    pos.timeline_label(l),
                    b.1,
                    color_name(color)
                ));
            }
            vec![(l, h)]
        }
        None => pos.playable_boards(),
    };
    let mut matches = Vec::new();
    for (l, _) in boards {
        let mut moves = Vec::new();
        pos.board_moves(l, &mut moves);
        for m in moves {
            let p = pos.piece_at(m.from).unwrap();
            let kind = p.kind().unwrap();
            if let Some(k) = mt.castle {
                if let Special::Castle { rook_from, .. } = m.special
                    && (rook_from > m.from.x) == k
                {
                    matches.push(m);
                }
                continue;
            }
            let full_from = mt.from_file.is_some() && mt.from_rank.is_some();
            match mt.piece {
                Some(k) if k != kind => continue,
                None if !full_from && !kind.is_pawnlike() => continue,
                _ => {}
            }
            if mt.from_file.is_some_and(|f| f != m.from.x)
                || mt.from_rank.is_some_and(|r| r != m.from.y)
            {
                continue;
            }
            let to = mt.to.unwrap();
            if (m.to.x, m.to.y) != to {
                continue;
            }
            let dst = mt.dst_board.map(half).unwrap_or((m.from.l, m.from.h));
            if (m.to.l, m.to.h) != dst {
                continue;
            }
            matches.push(m);
        }
    }
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(format!("no legal move of {} matches it", color_name(color))),
        n => Err(format!("ambiguous: {n} legal moves match it")),
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The start position a game's headers describe.
fn start_position(h: &Headers) -> Result<Position, NotationError> {
    let get = |k: &str| {
        h.pairs
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(k))
            .map(|(_, v)| v.as_str())
    };
    if let Some(mode) = get("Mode")
        && !mode.eq_ignore_ascii_case("5D")
    {
        return Err(err(0, mode, "only Mode \"5D\" games can be read"));
    }
    let board = get("Board");
    let custom = board.is_none_or(|b| b.eq_ignore_ascii_case("custom")) && !h.fen_boards.is_empty();
    if custom {
        let mut boards = Vec::new();
        for (line, text) in &h.fen_boards {
            boards.push(fen::parse_fen_header(text).map_err(|e| err(*line, text, e.to_string()))?);
        }
        let (w, hh) = match get("Size") {
            Some(s) => parse_size(s).ok_or_else(|| err(0, s, "Size must look like 8x8"))?,
            None => fen::infer_size(&boards[0].board_text),
        };
        let line = h.fen_boards[0].0;
        return fen::position_from_fen_boards(&boards, w, hh)
            .map_err(|e| err(line, &h.fen_boards[0].1, e.to_string()));
    }
    let name = board.unwrap_or("Standard");
    let v = variants::by_name(name)
        .ok_or_else(|| err(0, name, "unknown variant (see `timefork-cli variants`)"))?;
    Ok(v.position)
}

fn parse_size(s: &str) -> Option<(i32, i32)> {
    let (a, b) = s.split_once(['x', 'X'])?;
    let (w, h): (i32, i32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    ((1..=8).contains(&w) && (1..=8).contains(&h)).then_some((w, h))
}

/// Reads a 5DPGN game. Every action is checked: each move must be legal when it is made
/// and each turn must be submittable.
pub fn read_game(text: &str) -> Result<Game, NotationError> {
    let text = strip_comments(text)?;
    let (headers, body) = read_headers(&text)?;
    if headers.pairs.is_empty()
        && headers.fen_boards.is_empty()
        && body.iter().all(|(_, l)| l.trim().is_empty())
    {
        return Err(err(0, "", "no game (no header and no move)"));
    }
    let start = start_position(&headers)?;
    let mut game = Game::new(start);
    game.headers = headers.pairs.clone();
    let (actions, pos) = read_movetext(&game.start, &body)?;
    game.actions = actions;
    game.set_current(pos);
    Ok(game)
}

/// Reads movetext (turn numbers, moves, `/`; no headers) as actions played from `start`,
/// checking each move and each submission. Returns the actions and the position after them.
fn read_movetext(
    start: &Position,
    body: &[(usize, String)],
) -> Result<(Vec<Vec<Move>>, Position), NotationError> {
    let toks = tokenize(body)?;
    let even = start.even;
    let mut played: Vec<Vec<Move>> = Vec::new();

    // Group moves into actions.
    let mut actions: Vec<(usize, Vec<(usize, String)>)> = Vec::new();
    let mut cur: Vec<(usize, String)> = Vec::new();
    let mut cur_line = 0;
    let mut started = false;
    let mut ended = false;
    let flush = |cur: &mut Vec<(usize, String)>,
                 actions: &mut Vec<(usize, Vec<(usize, String)>)>,
                 line: usize| {
        actions.push((line, std::mem::take(cur)));
    };
    for (line, tok, text) in toks {
        if ended {
            return Err(err(line, &text, "text after the game result"));
        }
        match tok {
            Tok::TurnNo(color) => {
                if started && !(cur.is_empty() && matches!(color, Some(Color::Black))) {
                    flush(&mut cur, &mut actions, cur_line);
                } else if !started && color == Some(Color::Black) && start.to_move == Color::White {
                    return Err(err(line, &text, "the game starts with White to move"));
                }
                started = true;
                cur_line = line;
            }
            Tok::Slash => {
                flush(&mut cur, &mut actions, cur_line);
                started = true;
                cur_line = line;
            }
            Tok::Move(m) => {
                if m.starts_with("(>") || m.starts_with("(~") {
                    continue; // `(>L1)` new-timeline / present annotations
                }
                if !started {
                    started = true;
                    cur_line = line;
                }
                if cur.is_empty() {
                    cur_line = line;
                }
                cur.push((line, m));
            }
            Tok::Result => ended = true,
        }
    }
    if !cur.is_empty() {
        flush(&mut cur, &mut actions, cur_line);
    }
    // A leading empty action is a puzzle that starts with Black (`1. / ...`).
    if start.to_move == Color::Black && actions.first().is_some_and(|a| a.1.is_empty()) {
        actions.remove(0);
    }
    // A trailing empty action (`10. ... /`) means nothing was played.
    while actions.last().is_some_and(|a| a.1.is_empty()) {
        actions.pop();
    }

    let mut pos = start.clone();
    for (line, moves) in actions {
        if moves.is_empty() {
            return Err(err(
                line,
                "/",
                format!("{} has an empty turn here", color_name(pos.to_move)),
            ));
        }
        let mut made = Vec::new();
        for (mline, mtext) in &moves {
            let mt = parse_move_text(mtext, even).map_err(|e| err(*mline, mtext, e))?;
            let m = resolve(&pos, &mt).map_err(|e| err(*mline, mtext, e))?;
            pos.make_move(&m);
            made.push(m);
        }
        if let Some(e) = pos.submit_error() {
            let all: Vec<&str> = moves.iter().map(|(_, t)| t.as_str()).collect();
            return Err(err(
                line,
                &all.join(" "),
                format!("{} cannot submit this turn: {e}", color_name(pos.to_move)),
            ));
        }
        pos.submit_unchecked();
        played.push(made);
    }
    Ok((played, pos))
}

/// Reads a line of actions played from `pos` (a position at the start of a turn), written
/// as 5DPGN movetext: `12. (0T12)Qb2 / (0T12)Ka4 13. (0T13)Qxa3`, or starting with Black
/// `12... (0T12)Kb8 13. ...` (`12. / ...` too). Turn numbers are not checked against the
/// position; every move and every submission is. Comments are allowed.
pub fn read_actions(pos: &Position, text: &str) -> Result<Vec<Vec<Move>>, NotationError> {
    let text = strip_comments(text)?;
    let body: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect();
    read_movetext(pos, &body).map(|(a, _)| a)
}

/// Reads the moves of one turn, unfinished or not, played from `pos`: 5DPGN moves
/// separated by spaces (`(0T1)Nc3 (1T1)Kb2`), with no turn numbers or `/`. Each move is
/// checked when it is made; the submission is not, so a turn that leaves the present or
/// a king in danger is read too (the tutorial's wrong tries are such turns).
pub fn read_turn_moves(pos: &Position, text: &str) -> Result<Vec<Move>, NotationError> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for word in line.split_whitespace() {
            let mt = parse_move_text(word, p.even).map_err(|e| err(i + 1, word, e))?;
            let m = resolve(&p, &mt).map_err(|e| err(i + 1, word, e))?;
            p.make_move(&m);
            out.push(m);
        }
    }
    Ok(out)
}

/// Writes a line of actions played from `pos` as 5DPGN movetext (what `read_actions`
/// reads), numbering full turns from `first_turn` (`N. white / black`, `N... black` when
/// the line starts with Black).
pub fn write_actions(pos: &Position, actions: &[Vec<Move>], first_turn: usize) -> String {
    let mut p = pos.clone();
    let mut n = first_turn;
    let mut out = String::new();
    for (i, a) in actions.iter().enumerate() {
        let text = write_action(&p, a);
        if !out.is_empty() {
            out.push(' ');
        }
        match p.to_move {
            Color::White => out.push_str(&format!("{n}. {text}")),
            Color::Black if i == 0 => out.push_str(&format!("{n}... {text}")),
            Color::Black => out.push_str(&format!("/ {text}")),
        }
        if p.to_move == Color::Black {
            n += 1;
        }
        for m in a {
            p.make_move(m);
        }
        p.submit_unchecked();
    }
    out
}

/// Writes a move in canonical 5DPGN, in position `pos` before it is made.
pub fn write_move(pos: &Position, m: &Move) -> String {
    let color = pos.to_move;
    let b = |l: i32, h: i32| format!("({}T{})", pos.timeline_label(l), h.div_euclid(2));
    let piece = pos.piece_at(m.from).unwrap();
    let kind = piece.kind().unwrap();
    let target = pos.piece_at(m.to).unwrap_or_default();
    let capture =
        (!target.is_empty() && !target.is_color(color)) || m.special == Special::EnPassant;
    let x = if capture { "x" } else { "" };
    let letter = if kind == PieceKind::Pawn {
        String::new()
    } else {
        kind.letter().to_string()
    };
    let promo = if m.promotion.is_some() { "=Q" } else { "" };
    if let Special::Castle { rook_from, .. } = m.special {
        return format!(
            "{}{}",
            b(m.from.l, m.from.h),
            if rook_from > m.from.x { "O-O" } else { "O-O-O" }
        );
    }
    if m.is_physical() {
        // SAN disambiguation among the same board's moves of the same kind to the same square.
        let mut others = Vec::new();
        pos.board_moves(m.from.l, &mut others);
        let rivals: Vec<Coord> = others
            .iter()
            .filter(|o| o.is_physical() && o.to == m.to && o.from != m.from)
            .filter(|o| pos.piece_at(o.from).and_then(|p| p.kind()) == Some(kind))
            .map(|o| o.from)
            .collect();
        let file = (b'a' + m.from.x as u8) as char;
        let rank = m.from.y + 1;
        let dis = if kind.is_pawnlike() {
            if capture || !rivals.is_empty() {
                file.to_string()
            } else {
                String::new()
            }
        } else if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|r| r.x != m.from.x) {
            file.to_string()
        } else if rivals.iter().all(|r| r.y != m.from.y) {
            rank.to_string()
        } else {
            format!("{file}{rank}")
        };
        let letter = if kind.is_pawnlike() && kind != PieceKind::Pawn {
            kind.letter().to_string()
        } else {
            letter
        };
        return format!(
            "{}{}{}{}{}{}",
            b(m.from.l, m.from.h),
            letter,
            dis,
            x,
            square_name(m.to.x, m.to.y),
            promo
        );
    }
    let arrow = if pos.is_playable(m.to.l, m.to.h) {
        ">"
    } else {
        ">>"
    };
    let letter = if kind != PieceKind::Pawn {
        kind.letter().to_string()
    } else {
        String::new()
    };
    format!(
        "{}{}{}{}{}{}{}{}",
        b(m.from.l, m.from.h),
        letter,
        square_name(m.from.x, m.from.y),
        arrow,
        x,
        b(m.to.l, m.to.h),
        square_name(m.to.x, m.to.y),
        promo
    )
}

/// Writes the moves of one action (made from `pos`, which is left unchanged).
pub fn write_action(pos: &Position, moves: &[Move]) -> String {
    let mut p = pos.clone();
    let mut parts = Vec::new();
    for m in moves {
        parts.push(write_move(&p, m));
        p.make_move(m);
    }
    parts.join(" ")
}

/// Writes a whole game in canonical 5DPGN.
pub fn write_game(game: &Game) -> String {
    let mut out = String::new();
    let named = game
        .header("Board")
        .filter(|b| !b.eq_ignore_ascii_case("custom"))
        .and_then(variants::by_name)
        .filter(|v| same_start(&v.position, &game.start));
    match &named {
        Some(v) => out.push_str(&format!("[Board \"{}\"]\n", v.name)),
        None => out.push_str("[Board \"custom\"]\n"),
    }
    out.push_str("[Mode \"5D\"]\n");
    for (k, v) in &game.headers {
        if ["board", "mode", "size"].contains(&k.to_ascii_lowercase().as_str()) {
            continue;
        }
        let mut key = k.clone();
        if let Some(f) = key.get_mut(0..1) {
            f.make_ascii_uppercase();
        }
        out.push_str(&format!("[{key} \"{}\"]\n", v.replace('"', "'")));
    }
    if named.is_none() {
        let s = &game.start;
        out.push_str(&format!("[Size \"{}x{}\"]\n", s.width, s.height));
        for (l, h, b) in s.all_boards() {
            out.push_str(&format!(
                "[{}:{}:{}:{}]\n",
                fen::board_to_fen(b, s.width, s.height),
                s.timeline_label(l),
                h.div_euclid(2),
                if h.rem_euclid(2) == 0 { 'w' } else { 'b' }
            ));
        }
    }
    out.push('\n');
    let mut pos = game.start.clone();
    let mut n = 1;
    let mut line = String::new();
    for a in &game.actions {
        let text = write_action(&pos, a);
        if pos.to_move == Color::White {
            line = format!("{n}. {text}");
        } else {
            if line.is_empty() {
                line = format!("{n}. /");
            }
            line.push_str(&format!(" / {text}").replacen(
                " / ",
                " ",
                usize::from(line.ends_with('/')),
            ));
            out.push_str(&line);
            out.push('\n');
            line.clear();
            n += 1;
        }
        for m in a {
            pos.make_move(m);
        }
        pos.submit_unchecked();
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn same_start(a: &Position, b: &Position) -> bool {
    a.width == b.width
        && a.height == b.height
        && a.to_move == b.to_move
        && a.position_hash() == b.position_hash()
}
