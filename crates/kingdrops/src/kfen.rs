//! KFEN: a position as text (rules.md section 3).
//!
//! Six fields separated by single spaces: the board (ranks 8 to 1 separated by `/`, piece
//! letters, digits 1-8 for runs of empty squares), the side to move (`w` or `b`), White's
//! reserve, Black's reserve, White's prison, Black's prison. A reserve or prison is its
//! pieces' letters in the order Q R B G, or `-` when empty: White's reserve and Black's
//! prison upper case (white pieces), Black's reserve and White's prison lower case.

use std::fmt;

use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// Which part of a KFEN is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KfenField {
    /// The number of fields.
    Fields,
    Board,
    SideToMove,
    WhiteReserve,
    BlackReserve,
    WhitePrison,
    BlackPrison,
    /// The fields together: too many pieces of a kind, kings missing, both sides winning.
    Consistency,
}

impl KfenField {
    pub fn name(self) -> &'static str {
        match self {
            KfenField::Fields => "field count",
            KfenField::Board => "board (field 1)",
            KfenField::SideToMove => "side to move (field 2)",
            KfenField::WhiteReserve => "White's reserve (field 3)",
            KfenField::BlackReserve => "Black's reserve (field 4)",
            KfenField::WhitePrison => "White's prison (field 5)",
            KfenField::BlackPrison => "Black's prison (field 6)",
            KfenField::Consistency => "piece counts",
        }
    }
}

/// A KFEN that cannot be read, with the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KfenError {
    pub field: KfenField,
    pub message: String,
}

impl fmt::Display for KfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad KFEN, {}: {}", self.field.name(), self.message)
    }
}

impl std::error::Error for KfenError {}

fn err(field: KfenField, message: impl Into<String>) -> KfenError {
    KfenError {
        field,
        message: message.into(),
    }
}

impl Position {
    /// Reads a KFEN. The position must be one a game can reach: at most the starting number
    /// of each kind per side (counting board, reserve and the opponent's prison), at most
    /// one king per side and at least one king, and not both sides already winning.
    pub fn from_kfen(text: &str) -> Result<Position, KfenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(err(
                KfenField::Fields,
                format!(
                    "expected 6 fields separated by spaces (board, side, White's reserve, \
                     Black's reserve, White's prison, Black's prison), found {}",
                    fields.len()
                ),
            ));
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => {
                return Err(err(KfenField::SideToMove, format!("\"{s}\" is not w or b")));
            }
        };
        let mut pos = Position::empty(side);
        read_board(fields[0], &mut pos)?;
        pos.reserve[0] = read_counts(fields[2], Color::White, KfenField::WhiteReserve)?;
        pos.reserve[1] = read_counts(fields[3], Color::Black, KfenField::BlackReserve)?;
        pos.prison[0] = read_counts(fields[4], Color::Black, KfenField::WhitePrison)?;
        pos.prison[1] = read_counts(fields[5], Color::White, KfenField::BlackPrison)?;
        check_consistency(&pos)?;
        Ok(pos)
    }

    /// The position's KFEN.
    pub fn to_kfen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::new(file, rank).expect("on the board")) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.letter());
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.side.letter());
        for (counts, color) in [
            (&self.reserve[0], Color::White),
            (&self.reserve[1], Color::Black),
            (&self.prison[0], Color::Black),
            (&self.prison[1], Color::White),
        ] {
            s.push(' ');
            s.push_str(&write_counts(counts, color));
        }
        s
    }
}

fn read_board(field: &str, pos: &mut Position) -> Result<(), KfenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(
            KfenField::Board,
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let rank_name = rank + 1;
        let mut file: u8 = 0;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(err(
                        KfenField::Board,
                        format!("rank {rank_name}: '{c}' is not a count of empty squares (1-8)"),
                    ));
                }
                file += d as u8;
            } else if let Some(p) = Piece::from_letter(c) {
                if let Some(sq) = Square::new(file, rank) {
                    if p.kind == Kind::King && pos.kings[p.color.index()].is_some() {
                        return Err(err(
                            KfenField::Board,
                            format!("a second {} king on {sq}", p.color.name()),
                        ));
                    }
                    pos.put(sq, p);
                }
                file += 1;
            } else {
                return Err(err(
                    KfenField::Board,
                    format!(
                        "rank {rank_name}: '{c}' is not a piece letter (KQRBGSA or kqrbgsa) or a digit"
                    ),
                ));
            }
            if file > 8 {
                return Err(err(
                    KfenField::Board,
                    format!("rank {rank_name} (\"{text}\") has more than 8 squares"),
                ));
            }
        }
        if file < 8 {
            return Err(err(
                KfenField::Board,
                format!("rank {rank_name} (\"{text}\") has {file} squares, not 8"),
            ));
        }
    }
    Ok(())
}

/// Reads a reserve or prison field whose pieces are all of `color`.
fn read_counts(field: &str, color: Color, which: KfenField) -> Result<[u8; 4], KfenError> {
    let mut counts = [0u8; 4];
    if field == "-" {
        return Ok(counts);
    }
    for c in field.chars() {
        let Some(p) = Piece::from_letter(c) else {
            return Err(err(
                which,
                format!("'{c}' is not a piece letter (Q R B G, or - when empty)"),
            ));
        };
        let Some(i) = p.kind.reserve_index() else {
            return Err(err(
                which,
                format!(
                    "'{c}': a {} is never in a reserve or prison (only Q R B G)",
                    p.kind
                ),
            ));
        };
        if p.color != color {
            let case = match color {
                Color::White => "upper",
                Color::Black => "lower",
            };
            return Err(err(
                which,
                format!(
                    "'{c}': this field holds {} pieces ({case} case)",
                    color.name()
                ),
            ));
        }
        counts[i] += 1;
        if counts[i] > p.kind.start_count() {
            return Err(err(
                which,
                format!(
                    "{} {}, but a side has only {}",
                    counts[i],
                    p.kind.plural(),
                    p.kind.start_count()
                ),
            ));
        }
    }
    Ok(counts)
}

fn write_counts(counts: &[u8; 4], color: Color) -> String {
    let mut s = String::new();
    for (&k, &n) in Kind::RESERVABLE.iter().zip(counts) {
        for _ in 0..n {
            s.push(Piece::new(color, k).letter());
        }
    }
    if s.is_empty() { "-".to_string() } else { s }
}

fn check_consistency(pos: &Position) -> Result<(), KfenError> {
    for color in Color::BOTH {
        for kind in Kind::ALL {
            let on_board = pos
                .pieces()
                .filter(|(_, p)| *p == Piece::new(color, kind))
                .count() as u8;
            let off = pos.reserve_count(color, kind) + pos.prison_count(color.opponent(), kind);
            if on_board + off > kind.start_count() {
                return Err(err(
                    KfenField::Consistency,
                    format!(
                        "{} {} {} (board {on_board}, reserve and prison {off}), but a side has only {}",
                        on_board + off,
                        color.name(),
                        kind.plural(),
                        kind.start_count()
                    ),
                ));
            }
        }
    }
    if pos.kings.iter().all(Option::is_none) {
        return Err(err(
            KfenField::Consistency,
            "neither king is on the board (a game ends when the first is captured)",
        ));
    }
    let white_won = pos.kings[1].is_none() || pos.has_runner_home(Color::White);
    let black_won = pos.kings[0].is_none() || pos.has_runner_home(Color::Black);
    if white_won && black_won {
        return Err(err(
            KfenField::Consistency,
            "both sides have already won (a game ends at the first win)",
        ));
    }
    Ok(())
}
