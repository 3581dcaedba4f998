//! One 2D board: up to 8x8 squares, stored with a fixed stride of 8.

use crate::piece::{Color, Piece, PieceKind};

/// Square index: `y * 8 + x`, with y = 0 the first rank (White's side).
#[inline]
pub fn sq(x: i32, y: i32) -> usize {
    (y * 8 + x) as usize
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub squares: [Piece; 64],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            squares: [Piece::EMPTY; 64],
        }
    }
}

impl Board {
    #[inline]
    pub fn get(&self, x: i32, y: i32) -> Piece {
        self.squares[sq(x, y)]
    }
    #[inline]
    pub fn set(&mut self, x: i32, y: i32, p: Piece) {
        self.squares[sq(x, y)] = p;
    }
    /// Squares holding a royal piece of colour `c`.
    pub fn royals(&self, c: Color) -> impl Iterator<Item = (i32, i32)> + '_ {
        self.squares.iter().enumerate().filter_map(move |(i, p)| {
            if p.is_color(c) && p.is_royal() {
                Some(((i % 8) as i32, (i / 8) as i32))
            } else {
                None
            }
        })
    }
    /// Pieces of colour `c` with their squares.
    pub fn pieces(&self, c: Color) -> impl Iterator<Item = (i32, i32, PieceKind)> + '_ {
        self.squares.iter().enumerate().filter_map(move |(i, p)| {
            if p.is_color(c) {
                Some(((i % 8) as i32, (i / 8) as i32, p.kind()?))
            } else {
                None
            }
        })
    }
    pub fn has_royal(&self, c: Color) -> bool {
        self.squares.iter().any(|p| p.is_color(c) && p.is_royal())
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for y in (0..8).rev() {
            for x in 0..8 {
                let p = self.get(x, y);
                let s = p.fen();
                write!(f, "{}", if s.is_empty() { ".".to_string() } else { s })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
