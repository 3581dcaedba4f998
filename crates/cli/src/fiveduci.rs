//! 5DUCI text (the protocol drafted by ftxi/5dchess_engine, `docs/5duci.md`): LAN moves
//! and `position` commands, shared by `uci` (the engine side) and `arena` (the UI side).
//!
//! Timeline numbers are plain integers. In games that start with an even number of
//! timelines, `0` is +0 and `-1` is -0 (negative numbers shift down by one), which is
//! exactly the engine's internal index; in odd games they are the timeline numbers.
//! A LAN move is `(L0Tt0)x0y0` + optionally `(L1Tt1)` + `x1y1` + optional promotion letter;
//! the boards are those of the mover's colour at turns t0 and t1.

use timefork_engine::fen::{self, FenBoard};
use timefork_engine::position::{Coord, Move, Position};
use timefork_engine::variants;

/// The opening of `position startpos`: Standard - Turn Zero (as the protocol says).
pub const STARTPOS_VARIANT: &str = "Standard - Turn Zero";

/// A move in LAN, in position `pos` before it is made.
pub fn write_lan(m: &Move) -> String {
    let sq = |c: &Coord| format!("{}{}", (b'a' + c.x as u8) as char, c.y + 1);
    let board = |c: &Coord| format!("({}T{})", c.l, c.h.div_euclid(2));
    if m.is_physical() {
        format!("{}{}{}", board(&m.from), sq(&m.from), sq(&m.to))
    } else {
        format!(
            "{}{}{}{}",
            board(&m.from),
            sq(&m.from),
            board(&m.to),
            sq(&m.to)
        )
    }
}

/// Moves of one action in LAN, separated by spaces.
pub fn write_action_lan(moves: &[Move]) -> String {
    moves.iter().map(write_lan).collect::<Vec<_>>().join(" ")
}

fn parse_board(s: &str) -> Option<(i32, i32, &str)> {
    let rest = s.strip_prefix('(')?;
    let close = rest.find(')')?;
    let inner = &rest[..close];
    let (l, t) = inner.split_once(['T', 't'])?;
    let l: i32 = l.parse().ok()?;
    let t: i32 = t.parse().ok()?;
    if l.abs() > 100_000 || t.abs() > 100_000 {
        return None;
    }
    Some((l, t, &rest[close + 1..]))
}

fn parse_square(s: &str) -> Option<(i32, i32, &str)> {
    let b = s.as_bytes();
    if b.len() < 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(((b[0] - b'a') as i32, (b[1] - b'1') as i32, &s[2..]))
}

/// Reads a LAN move and finds it among the legal moves of the side to move in `pos`.
pub fn parse_lan(pos: &Position, text: &str) -> Result<Move, String> {
    let bad = || format!("\"{text}\" is not a LAN move such as (0T1)e2e3 or (-1T3)b1(0T2)b3");
    let (l0, t0, rest) = parse_board(text).ok_or_else(bad)?;
    let (x0, y0, rest) = parse_square(rest).ok_or_else(bad)?;
    let (l1, t1, rest) = if rest.starts_with('(') {
        parse_board(rest).ok_or_else(bad)?
    } else {
        (l0, t0, rest)
    };
    let (x1, y1, rest) = parse_square(rest).ok_or_else(bad)?;
    if !(rest.is_empty() || rest.eq_ignore_ascii_case("q") || rest == "=Q" || rest == "=q") {
        return Err(format!(
            "\"{text}\": only promotion to a queen exists in 5D chess"
        ));
    }
    let p = pos.to_move.parity();
    let from = Coord {
        l: l0,
        h: 2 * t0 + p,
        x: x0,
        y: y0,
    };
    let to = Coord {
        l: l1,
        h: 2 * t1 + p,
        x: x1,
        y: y1,
    };
    if !pos.is_playable(from.l, from.h) {
        return Err(format!(
            "\"{text}\": board ({l0}T{t0}) is not a board the side to move can play"
        ));
    }
    let mut moves = Vec::new();
    pos.piece_moves(from, &mut moves);
    moves
        .into_iter()
        .find(|m| m.to == to)
        .ok_or_else(|| format!("\"{text}\" is not a legal move here"))
}

/// The 5DUCI timeline number of a 5DFEN label.
fn label_to_number(label: &str, even: bool) -> Option<i32> {
    timefork_engine::position::parse_timeline_label(label, even)
}

/// The 5DFEN label of a 5DUCI timeline number.
fn number_to_label(n: i32, even: bool) -> String {
    timefork_engine::position::timeline_label(n, even)
}

/// The base of a `position` command for a start position:
/// `size WxH odd|even fen [board:L:T:c] ...`.
pub fn position_base(start: &Position) -> String {
    let blocks: Vec<String> = fen::position_to_fen_boards(start)
        .into_iter()
        .map(|b| {
            let n = label_to_number(&b.label, start.even).unwrap_or(0);
            format!(
                "[{}:{}:{}:{}]",
                b.board_text,
                n,
                b.turn,
                if b.color == timefork_engine::Color::White {
                    'w'
                } else {
                    'b'
                }
            )
        })
        .collect();
    format!(
        "size {}x{} {} fen {}",
        start.width,
        start.height,
        if start.even { "even" } else { "odd" },
        blocks.join(" ")
    )
}

/// A parsed `position` command.
pub struct PositionCommand {
    /// The position after the actions (at the start of a turn).
    pub current: Position,
}

/// Reads the words after `position`:
/// `startpos | [size WxH] [odd|even] fen BLOCKS | variant NAME...` then `moves ...`.
/// (`variant` is Timefork's extension: a named variant, as `timefork-cli variants` lists.)
pub fn parse_position(words: &[&str]) -> Result<PositionCommand, String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (base, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let start = parse_base(base)?;
    let mut pos = start;
    let mut cur = Vec::new();
    for w in moves {
        if w.eq_ignore_ascii_case("submit") {
            if cur.is_empty() {
                return Err("\"submit\" closes an empty turn".to_string());
            }
            if let Some(e) = pos.submit_error() {
                return Err(format!(
                    "cannot submit after {}: {e}",
                    write_action_lan(&cur)
                ));
            }
            pos.submit_unchecked();
            cur.clear();
        } else {
            let m = parse_lan(&pos, w)?;
            pos.make_move(&m);
            cur.push(m);
        }
    }
    if !cur.is_empty() {
        return Err(format!(
            "the moves end in the middle of a turn ({} without submit)",
            write_action_lan(&cur)
        ));
    }
    Ok(PositionCommand { current: pos })
}

fn parse_base(words: &[&str]) -> Result<Position, String> {
    match words.first() {
        None => Err("position needs startpos, fen or variant".to_string()),
        Some(&"startpos") if words.len() == 1 => Ok(variants::by_name(STARTPOS_VARIANT)
            .expect("the catalogue has Turn Zero")
            .position),
        Some(&"variant") => {
            let name = words[1..].join(" ");
            variants::by_name(&name)
                .map(|v| v.position)
                .ok_or_else(|| format!("unknown variant \"{name}\""))
        }
        _ => {
            let mut i = 0;
            let (mut w, mut h) = (8, 8);
            let mut even = None;
            if words.get(i) == Some(&"size") {
                let s = words.get(i + 1).ok_or("size needs WxH")?;
                let (a, b) = s.split_once('x').ok_or(format!("bad size \"{s}\""))?;
                w = a.parse().map_err(|_| format!("bad size \"{s}\""))?;
                h = b.parse().map_err(|_| format!("bad size \"{s}\""))?;
                i += 2;
            }
            match words.get(i) {
                Some(&"odd") => {
                    even = Some(false);
                    i += 1;
                }
                Some(&"even") => {
                    even = Some(true);
                    i += 1;
                }
                _ => {}
            }
            if words.get(i) != Some(&"fen") {
                return Err(format!(
                    "expected startpos, [size WxH] [odd|even] fen ..., or variant NAME; got \"{}\"",
                    words.join(" ")
                ));
            }
            let blocks: Vec<&str> = words[i + 1..].to_vec();
            if blocks.is_empty() {
                return Err("fen has no boards".to_string());
            }
            let even = even.unwrap_or(false);
            let mut fbs = Vec::new();
            for b in blocks {
                let fb = fen::parse_fen_header(b).map_err(|e| e.to_string())?;
                let n: i32 = fb
                    .label
                    .parse()
                    .map_err(|_| format!("\"{b}\": the timeline must be an integer"))?;
                fbs.push(FenBoard {
                    label: number_to_label(n, even),
                    ..fb
                });
            }
            let mut p = fen::position_from_fen_boards(&fbs, w, h).map_err(|e| e.to_string())?;
            p.even = even;
            Ok(p)
        }
    }
}
