//! How each piece moves, and which squares are attacked.

use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::square::{
    DIRS, NORTH, NORTH_EAST, NORTH_WEST, RAYS, SOUTH, SOUTH_EAST, SOUTH_WEST, Square,
};

const ALL_DIRS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const ORTHOGONAL: [usize; 4] = [0, 1, 2, 3];
const DIAGONAL: [usize; 4] = [4, 5, 6, 7];

/// The directions a piece moves in and how far (every piece captures the way it moves).
pub(crate) fn pattern(p: Piece) -> (&'static [usize], usize) {
    match (p.kind, p.color) {
        (Kind::King | Kind::Guard, _) => (&ALL_DIRS, 1),
        (Kind::Queen, _) => (&ALL_DIRS, 2),
        (Kind::Rook, _) => (&ORTHOGONAL, 3),
        (Kind::Bishop, _) => (&DIAGONAL, 3),
        (Kind::Spearman, Color::White) => (&[NORTH], 1),
        (Kind::Spearman, Color::Black) => (&[SOUTH], 1),
        (Kind::Archer, Color::White) => (&[NORTH_EAST, NORTH_WEST], 1),
        (Kind::Archer, Color::Black) => (&[SOUTH_EAST, SOUTH_WEST], 1),
    }
}

/// The direction opposite to `d` (see `square::DIRS`).
const fn opposite(d: usize) -> usize {
    match d {
        0 => 1,
        1 => 0,
        2 => 3,
        3 => 2,
        4 => 7,
        7 => 4,
        5 => 6,
        _ => 5,
    }
}

// The order of DIRS is what `opposite` relies on.
const _: () = {
    let mut d = 0;
    while d < 8 {
        let (a, b) = DIRS[d];
        let (c, e) = DIRS[opposite(d)];
        assert!(a == -c && b == -e);
        d += 1;
    }
};

/// Calls `f(to)` for each square the piece `p` on `from` could move to on this board:
/// empty squares and enemy pieces within its range, not past the first piece met.
#[inline]
pub(crate) fn for_each_target(pos: &Position, from: Square, p: Piece, mut f: impl FnMut(Square)) {
    let (dirs, range) = pattern(p);
    let rays = &RAYS[from.index()];
    for &d in dirs {
        let ray = &rays[d];
        let n = range.min(ray.len as usize);
        for &t in &ray.squares[..n] {
            let to = Square::from_index_unchecked(t);
            match pos.piece_at(to) {
                None => f(to),
                Some(q) => {
                    if q.color != p.color {
                        f(to);
                    }
                    break;
                }
            }
        }
    }
}

/// Whether a piece of `by` could move onto `sq` by its own movement on this board (range
/// and blocking included). Whatever stands on `sq` does not matter.
pub fn is_attacked(pos: &Position, sq: Square, by: Color) -> bool {
    attacked_by_any(pos, sq, by, |_, _| true)
}

/// Whether a piece of `by` that passes `allowed(square, piece)` could move onto `sq`.
#[inline]
pub(crate) fn attacked_by_any(
    pos: &Position,
    sq: Square,
    by: Color,
    allowed: impl Fn(Square, Piece) -> bool,
) -> bool {
    let rays = &RAYS[sq.index()];
    for (d, ray) in rays.iter().enumerate() {
        for (i, &t) in ray.squares[..ray.len as usize].iter().enumerate() {
            let from = Square::from_index_unchecked(t);
            if let Some(p) = pos.piece_at(from) {
                if p.color == by {
                    // The piece on t moves towards sq: in the opposite direction, i+1 squares.
                    let (dirs, range) = pattern(p);
                    if i < range && dirs.contains(&opposite(d)) && allowed(from, p) {
                        return true;
                    }
                }
                break;
            }
        }
    }
    false
}
