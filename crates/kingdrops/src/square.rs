//! Squares, and the board geometry every piece's movement is built from.

use std::fmt;
use std::str::FromStr;

/// A square of the 8x8 board: index `rank * 8 + file`, so a1 = 0, h1 = 7, a8 = 56.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with index `i` (0..64).
    pub const fn from_index(i: u8) -> Option<Square> {
        if i < 64 { Some(Square(i)) } else { None }
    }

    pub(crate) const fn from_index_unchecked(i: u8) -> Square {
        Square(i)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = file a.
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 = rank 1.
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    pub(crate) const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The up to eight squares adjacent to this one.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        let (f, r) = (self.file() as i8, self.rank() as i8);
        DIRS.iter().filter_map(move |&(df, dr)| {
            let (nf, nr) = (f + df, r + dr);
            if (0..8).contains(&nf) && (0..8).contains(&nr) {
                Some(Square((nr * 8 + nf) as u8))
            } else {
                None
            }
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// A square name that is not `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a square (a1..h8)", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok(Square((b[1] - b'1') * 8 + (b[0] - b'a')))
        } else {
            Err(ParseSquareError(s.to_string()))
        }
    }
}

/// The eight directions as (file step, rank step): the four orthogonal ones first (north =
/// towards rank 8), then the four diagonal ones.
pub(crate) const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub(crate) const NORTH: usize = 0;
pub(crate) const SOUTH: usize = 1;
pub(crate) const NORTH_EAST: usize = 4;
pub(crate) const NORTH_WEST: usize = 5;
pub(crate) const SOUTH_EAST: usize = 6;
pub(crate) const SOUTH_WEST: usize = 7;

/// The longest move of any piece (rook and bishop: three squares).
pub(crate) const MAX_RANGE: usize = 3;

/// A ray: the squares met going from a square in one direction, at most three.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub squares: [u8; MAX_RANGE],
    pub len: u8,
}

const fn build_rays() -> [[Ray; 8]; 64] {
    let mut rays = [[Ray {
        squares: [0; MAX_RANGE],
        len: 0,
    }; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let mut f = (sq % 8) as i8;
            let mut r = (sq / 8) as i8;
            let mut n = 0;
            while n < MAX_RANGE {
                f += df;
                r += dr;
                if f < 0 || f > 7 || r < 0 || r > 7 {
                    break;
                }
                rays[sq][d].squares[n] = (r * 8 + f) as u8;
                n += 1;
            }
            rays[sq][d].len = n as u8;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// `RAYS[square][direction]`.
pub(crate) static RAYS: [[Ray; 8]; 64] = build_rays();
