//! Colours, piece kinds and their letters.

use std::fmt;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black (the index of per-side arrays).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The rank (0-based) a runner of this side wins on: 7 (rank 8) for White, 0 for Black.
    pub fn last_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }

    /// The two ranks (0-based) this side sets up on, its first rank first.
    pub fn home_ranks(self) -> [u8; 2] {
        match self {
            Color::White => [0, 1],
            Color::Black => [7, 6],
        }
    }

    /// `w` or `b`, as in KFEN.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// One step in any direction.
    King,
    /// One or two squares in any direction, blocked.
    Queen,
    /// One to three squares orthogonally, blocked.
    Rook,
    /// One to three squares diagonally, blocked.
    Bishop,
    /// One step in any direction.
    Guard,
    /// One step straight forward.
    Spearman,
    /// One step diagonally forward.
    Archer,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Guard,
        Kind::Spearman,
        Kind::Archer,
    ];

    /// The kinds that go to a prison when captured and can be in a reserve, in KFEN order.
    pub const RESERVABLE: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Guard];

    /// Upper-case letter (White's; Black's is the lower case).
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Guard => 'G',
            Kind::Spearman => 'S',
            Kind::Archer => 'A',
        }
    }

    /// The kind of an upper- or lower-case letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Guard => "guard",
            Kind::Spearman => "spearman",
            Kind::Archer => "archer",
        }
    }

    /// Plural name, for messages.
    pub fn plural(self) -> &'static str {
        match self {
            Kind::King => "kings",
            Kind::Queen => "queens",
            Kind::Rook => "rooks",
            Kind::Bishop => "bishops",
            Kind::Guard => "guards",
            Kind::Spearman => "spearmen",
            Kind::Archer => "archers",
        }
    }

    /// How many of this kind a side has at the start.
    pub fn start_count(self) -> u8 {
        match self {
            Kind::King | Kind::Queen => 1,
            Kind::Rook | Kind::Bishop | Kind::Guard => 2,
            Kind::Spearman | Kind::Archer => 4,
        }
    }

    /// Index in reserve and prison arrays (Q R B G), or `None` for the kinds that leave the
    /// game when captured (king, spearman, archer).
    pub fn reserve_index(self) -> Option<usize> {
        match self {
            Kind::Queen => Some(0),
            Kind::Rook => Some(1),
            Kind::Bishop => Some(2),
            Kind::Guard => Some(3),
            Kind::King | Kind::Spearman | Kind::Archer => None,
        }
    }

    /// King, spearman and archer win by reaching the last rank.
    pub fn is_runner(self) -> bool {
        matches!(self, Kind::King | Kind::Spearman | Kind::Archer)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a kind of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// The KFEN letter: upper case for White, lower case for Black.
    pub fn letter(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece a KFEN letter names (`K` White king, `k` Black king, ...).
    pub fn from_letter(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.name(), self.kind.name())
    }
}
