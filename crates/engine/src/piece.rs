//! Colours, piece kinds and the one-byte piece encoding used on boards.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// Parity of the half-turn index `h` on which this colour moves.
    pub fn parity(self) -> i32 {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
    pub fn of_half_turn(h: i32) -> Color {
        if h.rem_euclid(2) == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
    /// +1 for White (forward is up the board), -1 for Black.
    pub fn forward_y(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    /// Forward along the timeline axis: White toward negative L, Black toward positive L.
    pub fn forward_l(self) -> i32 {
        match self {
            Color::White => -1,
            Color::Black => 1,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    Pawn = 1,
    Knight = 2,
    Bishop = 3,
    Rook = 4,
    Queen = 5,
    King = 6,
    Unicorn = 7,
    Dragon = 8,
    Princess = 9,
    Brawn = 10,
    RoyalQueen = 11,
    CommonKing = 12,
}

impl PieceKind {
    pub const ALL: [PieceKind; 12] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
        PieceKind::Unicorn,
        PieceKind::Dragon,
        PieceKind::Princess,
        PieceKind::Brawn,
        PieceKind::RoyalQueen,
        PieceKind::CommonKing,
    ];

    pub fn from_u8(v: u8) -> Option<PieceKind> {
        PieceKind::ALL.get((v as usize).wrapping_sub(1)).copied()
    }

    /// Royal pieces are the ones whose capture must be prevented (check).
    pub fn is_royal(self) -> bool {
        matches!(self, PieceKind::King | PieceKind::RoyalQueen)
    }

    pub fn is_pawnlike(self) -> bool {
        matches!(self, PieceKind::Pawn | PieceKind::Brawn)
    }

    /// The 5DFEN / notation letter (upper case).
    pub fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Knight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
            PieceKind::Unicorn => 'U',
            PieceKind::Dragon => 'D',
            PieceKind::Princess => 'S',
            PieceKind::Brawn => 'W',
            PieceKind::RoyalQueen => 'Y',
            PieceKind::CommonKing => 'C',
        }
    }

    /// Parses a 5DFEN letter (either case; the case is the colour, read separately).
    pub fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'N' => PieceKind::Knight,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'Q' => PieceKind::Queen,
            'K' => PieceKind::King,
            'U' => PieceKind::Unicorn,
            'D' => PieceKind::Dragon,
            'S' => PieceKind::Princess,
            'W' => PieceKind::Brawn,
            'Y' => PieceKind::RoyalQueen,
            'C' => PieceKind::CommonKing,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
            PieceKind::Unicorn => "unicorn",
            PieceKind::Dragon => "dragon",
            PieceKind::Princess => "princess",
            PieceKind::Brawn => "brawn",
            PieceKind::RoyalQueen => "royal queen",
            PieceKind::CommonKing => "common king",
        }
    }
}

/// A piece packed in one byte: bits 0-3 kind, bit 4 black, bit 5 unmoved. 0 is an empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Piece(pub u8);

const BLACK_BIT: u8 = 0x10;
const UNMOVED_BIT: u8 = 0x20;

impl Piece {
    pub const EMPTY: Piece = Piece(0);

    pub fn new(kind: PieceKind, color: Color, unmoved: bool) -> Piece {
        let mut b = kind as u8;
        if color == Color::Black {
            b |= BLACK_BIT;
        }
        if unmoved {
            b |= UNMOVED_BIT;
        }
        Piece(b)
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub fn kind(self) -> Option<PieceKind> {
        PieceKind::from_u8(self.0 & 0x0f)
    }
    #[inline]
    pub fn kind_bits(self) -> u8 {
        self.0 & 0x0f
    }
    #[inline]
    pub fn color(self) -> Color {
        if self.0 & BLACK_BIT != 0 {
            Color::Black
        } else {
            Color::White
        }
    }
    #[inline]
    pub fn is_color(self, c: Color) -> bool {
        !self.is_empty() && self.color() == c
    }
    #[inline]
    pub fn unmoved(self) -> bool {
        self.0 & UNMOVED_BIT != 0
    }
    #[inline]
    pub fn moved(self) -> Piece {
        Piece(self.0 & !UNMOVED_BIT)
    }
    #[inline]
    pub fn is_royal(self) -> bool {
        matches!(self.kind(), Some(k) if k.is_royal())
    }
    /// 5DFEN text of this piece: letter in the colour's case, `*` when unmoved and the
    /// flag matters (pawns, brawns, kings, rooks).
    pub fn fen(self) -> String {
        let Some(k) = self.kind() else {
            return String::new();
        };
        let l = k.letter();
        let mut s = String::new();
        s.push(if self.color() == Color::White {
            l
        } else {
            l.to_ascii_lowercase()
        });
        if self.unmoved() && matters_unmoved(k) {
            s.push('*');
        }
        s
    }
}

/// Kinds whose unmoved flag changes what they may do (double step, castling).
pub fn matters_unmoved(k: PieceKind) -> bool {
    matches!(
        k,
        PieceKind::Pawn | PieceKind::Brawn | PieceKind::King | PieceKind::Rook
    )
}
