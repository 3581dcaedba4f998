//! Moves and turns, and their text (rules.md section 3): a step is `e2e3`, a drop `R@d3`,
//! a turn its moves joined by `,`, a pass `pass`.

use std::fmt;
use std::str::FromStr;

use crate::piece::Kind;
use crate::square::Square;

/// One move of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece on the board moves (capturing whatever enemy piece stands on `to`).
    Step { from: Square, to: Square },
    /// A piece of `kind` from the mover's reserve goes onto the empty square `to`.
    Drop { kind: Kind, to: Square },
}

impl Move {
    /// The square the piece ends on.
    pub fn to(self) -> Square {
        match self {
            Move::Step { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    pub fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}{to}"),
            Move::Drop { kind, to } => write!(f, "{}@{to}", kind.letter()),
        }
    }
}

/// Move or turn text that does not follow the notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    pub text: String,
    pub message: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\": {}", self.text, self.message)
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let bad = |message: String| ParseMoveError {
            text: s.to_string(),
            message,
        };
        if let Some((letter, square)) = s.split_once('@') {
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(bad(
                    "a drop is one piece letter, '@' and a square (R@d3)".into()
                ));
            };
            if !c.is_ascii_uppercase() {
                return Err(bad(format!(
                    "the drop letter '{c}' must be upper case (Q, R, B or G) for either side"
                )));
            }
            let kind = Kind::from_letter(c)
                .filter(|k| k.reserve_index().is_some())
                .ok_or_else(|| {
                    bad(format!(
                        "'{c}' cannot be dropped (only Q, R, B and G are ever in a reserve)"
                    ))
                })?;
            let to = square.parse().map_err(|e| bad(format!("{e}")))?;
            return Ok(Move::Drop { kind, to });
        }
        if s.len() != 4 || !s.is_ascii() {
            return Err(bad(
                "a move is a step like e2e3 or a drop like R@d3".to_string()
            ));
        }
        let from = s[..2].parse().map_err(|e| bad(format!("{e}")))?;
        let to = s[2..].parse().map_err(|e| bad(format!("{e}")))?;
        Ok(Move::Step { from, to })
    }
}

/// The most moves in a turn.
pub const MAX_TURN_MOVES: usize = 3;

const FILLER: Move = Move::Step {
    from: Square::from_index_unchecked(0),
    to: Square::from_index_unchecked(0),
};

/// A turn: up to three moves in order; no moves is a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    // Unused slots always hold FILLER, so the derived equality and hash are the moves'.
    moves: [Move; MAX_TURN_MOVES],
    len: u8,
}

impl Turn {
    pub const PASS: Turn = Turn {
        moves: [FILLER; MAX_TURN_MOVES],
        len: 0,
    };

    /// A turn of these moves (`None` for more than three). Whether it is legal is another
    /// matter: see `Position::apply_turn`.
    pub fn new(moves: &[Move]) -> Option<Turn> {
        if moves.len() > MAX_TURN_MOVES {
            return None;
        }
        let mut t = Turn::PASS;
        t.moves[..moves.len()].copy_from_slice(moves);
        t.len = moves.len() as u8;
        Some(t)
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
    }

    pub(crate) fn pop(&mut self) {
        self.len -= 1;
        self.moves[self.len as usize] = FILLER;
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            return f.write_str("pass");
        }
        for (i, m) in self.moves().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

impl FromStr for Turn {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Turn, ParseMoveError> {
        let s = s.trim();
        if s == "pass" {
            return Ok(Turn::PASS);
        }
        if s.is_empty() {
            return Err(ParseMoveError {
                text: s.to_string(),
                message: "an empty turn (a turn without moves is written pass)".to_string(),
            });
        }
        let parts: Vec<&str> = s.split(',').collect();
        if parts.len() > MAX_TURN_MOVES {
            return Err(ParseMoveError {
                text: s.to_string(),
                message: format!("{} moves, but a turn has at most 3", parts.len()),
            });
        }
        let mut t = Turn::PASS;
        for p in parts {
            t.push(p.parse()?);
        }
        Ok(t)
    }
}
