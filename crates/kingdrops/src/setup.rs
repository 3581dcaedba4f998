//! The setup phase: each side arranges its 16 pieces on its own first two ranks (White
//! first, then Black), filling those 16 squares.

use std::fmt;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// The 16 pieces of a side, kings first.
pub const ARMY: [Kind; 16] = [
    Kind::King,
    Kind::Queen,
    Kind::Rook,
    Kind::Rook,
    Kind::Bishop,
    Kind::Bishop,
    Kind::Guard,
    Kind::Guard,
    Kind::Spearman,
    Kind::Spearman,
    Kind::Spearman,
    Kind::Spearman,
    Kind::Archer,
    Kind::Archer,
    Kind::Archer,
    Kind::Archer,
];

/// A complete, valid arrangement of one side's pieces on its two home ranks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    color: Color,
    /// `ranks[0]` is the side's first rank (1 for White, 8 for Black), `ranks[1]` its
    /// second; each indexed by file (a = 0).
    ranks: [[Kind; 8]; 2],
}

/// Why a placement is not a valid setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A piece outside the side's first two ranks.
    OffHomeRanks {
        color: Color,
        square: Square,
        kind: Kind,
    },
    /// Two pieces on one square.
    SquareTwice { square: Square },
    /// Fewer pieces of a kind than a side has.
    Missing {
        color: Color,
        kind: Kind,
        placed: u8,
    },
    /// More pieces of a kind than a side has.
    TooMany {
        color: Color,
        kind: Kind,
        placed: u8,
    },
    /// A piece of the other colour in this side's setup.
    WrongColor { square: Square, piece: Piece },
    /// Placement text that cannot be read.
    Text(String),
    /// A start position needs White's placement and Black's.
    Colors,
    /// A start position has White to move, empty reserves and prisons.
    NotAStart(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::OffHomeRanks {
                color,
                square,
                kind,
            } => {
                let [a, b] = color.home_ranks();
                write!(
                    f,
                    "the {} {kind} on {square} is off {color}'s first two ranks ({} and {})",
                    color.name().to_lowercase(),
                    a.min(b) + 1,
                    a.max(b) + 1
                )
            }
            SetupError::SquareTwice { square } => write!(f, "two pieces on {square}"),
            SetupError::Missing {
                color,
                kind,
                placed,
            } => write!(
                f,
                "{color} {} missing: {placed} of {} {} placed",
                if kind.start_count() - placed == 1 {
                    format!("has a {kind}")
                } else {
                    format!("has {} {}", kind.start_count() - placed, kind.plural())
                },
                kind.start_count(),
                kind.plural()
            ),
            SetupError::TooMany {
                color,
                kind,
                placed,
            } => write!(
                f,
                "{color} placed {placed} {}, but a side has {}",
                kind.plural(),
                kind.start_count()
            ),
            SetupError::WrongColor { square, piece } => {
                write!(f, "{square} holds a {piece}, not a piece of this side")
            }
            SetupError::Text(m) => write!(f, "{m}"),
            SetupError::Colors => {
                write!(f, "a start position needs White's placement and Black's")
            }
            SetupError::NotAStart(m) => write!(f, "not a position right after the setup: {m}"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Placement {
    /// Checks a placement (for example one made by drag and drop): every piece on the
    /// side's first two ranks, one piece a square, exactly the side's 16 pieces.
    pub fn new(color: Color, pieces: &[(Square, Kind)]) -> Result<Placement, SetupError> {
        let [first, second] = color.home_ranks();
        let mut slots: [[Option<Kind>; 8]; 2] = [[None; 8]; 2];
        let mut counts = [0u8; 7];
        for &(square, kind) in pieces {
            let row = if square.rank() == first {
                0
            } else if square.rank() == second {
                1
            } else {
                return Err(SetupError::OffHomeRanks {
                    color,
                    square,
                    kind,
                });
            };
            let slot = &mut slots[row][square.file() as usize];
            if slot.is_some() {
                return Err(SetupError::SquareTwice { square });
            }
            *slot = Some(kind);
            counts[kind as usize] += 1;
        }
        for kind in Kind::ALL {
            let placed = counts[kind as usize];
            if placed > kind.start_count() {
                return Err(SetupError::TooMany {
                    color,
                    kind,
                    placed,
                });
            }
        }
        for kind in Kind::ALL {
            let placed = counts[kind as usize];
            if placed < kind.start_count() {
                return Err(SetupError::Missing {
                    color,
                    kind,
                    placed,
                });
            }
        }
        // 16 pieces of the right kinds on distinct squares of 16: every slot is filled.
        let ranks = slots.map(|r| r.map(|k| k.expect("16 pieces fill 16 squares")));
        Ok(Placement { color, ranks })
    }

    /// Reads a placement written like the side's two ranks of a KFEN, the higher rank
    /// first: `AAAASSSS/RBGQKGBR` for White (rank 2, then rank 1), `rbgqkgbr/ssssaaaa` for
    /// Black (rank 8, then rank 7). Letters upper case for White, lower case for Black.
    pub fn from_text(color: Color, text: &str) -> Result<Placement, SetupError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 2 {
            return Err(SetupError::Text(format!(
                "\"{text}\": a placement is two ranks of 8 letters separated by '/'"
            )));
        }
        let [first, second] = color.home_ranks();
        let (high, low) = (first.max(second), first.min(second));
        let mut pieces = Vec::with_capacity(16);
        for (row, rank) in rows.iter().zip([high, low]) {
            if row.chars().count() != 8 {
                return Err(SetupError::Text(format!(
                    "\"{row}\" (rank {}): 8 piece letters are needed, one per file",
                    rank + 1
                )));
            }
            for (file, c) in row.chars().enumerate() {
                let square = Square::new(file as u8, rank).expect("on the board");
                let piece = Piece::from_letter(c).ok_or_else(|| {
                    SetupError::Text(format!(
                        "'{c}' on {square} is not a piece letter (KQRBGSA, lower case for Black)"
                    ))
                })?;
                if piece.color != color {
                    return Err(SetupError::WrongColor { square, piece });
                }
                pieces.push((square, piece.kind));
            }
        }
        Placement::new(color, &pieces)
    }

    /// `color`'s pieces in a position, as a placement (for a position right after setup).
    pub fn from_position(pos: &Position, color: Color) -> Result<Placement, SetupError> {
        let pieces: Vec<(Square, Kind)> = pos
            .pieces()
            .filter(|(_, p)| p.color == color)
            .map(|(s, p)| (s, p.kind))
            .collect();
        Placement::new(color, &pieces)
    }

    /// The layout of rules.md's example: White `AAAASSSS/RBGQKGBR`, Black
    /// `rbgqkgbr/ssssaaaa`.
    pub fn standard(color: Color) -> Placement {
        let text = match color {
            Color::White => "AAAASSSS/RBGQKGBR",
            Color::Black => "rbgqkgbr/ssssaaaa",
        };
        Placement::from_text(color, text).expect("the standard layout is valid")
    }

    /// A uniformly random arrangement (the same seed gives the same arrangement).
    pub fn random(color: Color, seed: u64) -> Placement {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut kinds = ARMY;
        kinds.shuffle(&mut rng);
        let mut ranks = [[Kind::King; 8]; 2];
        for (i, k) in kinds.into_iter().enumerate() {
            ranks[i / 8][i % 8] = k;
        }
        Placement { color, ranks }
    }

    /// The opponent's placement reflected across the middle of the board, for the other
    /// colour: each piece on the same file, rank 1 <-> 8 and 2 <-> 7, so every piece faces
    /// its twin.
    pub fn mirror_of(other: &Placement) -> Placement {
        Placement {
            color: other.color.opponent(),
            ranks: other.ranks,
        }
    }

    pub fn color(&self) -> Color {
        self.color
    }

    /// The kind on `square` (`None` off the side's two ranks).
    pub fn kind_at(&self, square: Square) -> Option<Kind> {
        let [first, second] = self.color.home_ranks();
        let row = if square.rank() == first {
            0
        } else if square.rank() == second {
            1
        } else {
            return None;
        };
        Some(self.ranks[row][square.file() as usize])
    }

    /// The 16 pieces with their squares.
    pub fn pieces(&self) -> Vec<(Square, Kind)> {
        let mut out = Vec::with_capacity(16);
        for (row, rank) in self.color.home_ranks().into_iter().enumerate() {
            for file in 0..8u8 {
                let sq = Square::new(file, rank).expect("on the board");
                out.push((sq, self.ranks[row][file as usize]));
            }
        }
        out
    }

    /// The placement's text (see `from_text`).
    pub fn to_text(&self) -> String {
        let [first, second] = self.color.home_ranks();
        let (high, low) = (first.max(second), first.min(second));
        let mut s = String::with_capacity(17);
        for (i, rank) in [high, low].into_iter().enumerate() {
            if i == 1 {
                s.push('/');
            }
            for file in 0..8 {
                let sq = Square::new(file, rank).expect("on the board");
                let kind = self.kind_at(sq).expect("a home square");
                s.push(Piece::new(self.color, kind).letter());
            }
        }
        s
    }
}

impl Position {
    /// The position after both sides have set up: White to move, empty reserves and
    /// prisons.
    pub fn from_setup(white: &Placement, black: &Placement) -> Result<Position, SetupError> {
        if white.color != Color::White || black.color != Color::Black {
            return Err(SetupError::Colors);
        }
        let mut pos = Position::empty(Color::White);
        for pl in [white, black] {
            for (sq, kind) in pl.pieces() {
                pos.put(sq, Piece::new(pl.color, kind));
            }
        }
        Ok(pos)
    }

    /// Both placements of a position right after the setup (White to move, reserves and
    /// prisons empty, each side's 16 pieces on its two ranks).
    pub fn setup_placements(&self) -> Result<(Placement, Placement), SetupError> {
        if self.side != Color::White {
            return Err(SetupError::NotAStart("White moves first".into()));
        }
        if self.reserve != [[0; 4]; 2] || self.prison != [[0; 4]; 2] {
            return Err(SetupError::NotAStart(
                "reserves and prisons start empty".into(),
            ));
        }
        Ok((
            Placement::from_position(self, Color::White)?,
            Placement::from_position(self, Color::Black)?,
        ))
    }
}
