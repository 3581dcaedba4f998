//! Where the squares of the Wager board lie in the world, seen from either side: what the
//! view draws at and what a click lands on.

use bevy::prelude::*;
use timefork_wager::chess::Square;

/// Which side of the board is near the viewer.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct WagerOrientation {
    pub flipped: bool,
}

/// Where square `sq` is on the board (centred at the origin), seen from White or Black.
pub fn square_center(sq: Square, flipped: bool) -> Vec3 {
    let f = sq.file() as i32 as f32 - 3.5;
    let r = sq.rank() as i32 as f32 - 3.5;
    let s = if flipped { -1.0 } else { 1.0 };
    Vec3::new(s * f, 0.0, -s * r)
}

/// The square under a point of the board plane.
pub fn square_at(p: Vec3, flipped: bool) -> Option<Square> {
    let s = if flipped { -1.0 } else { 1.0 };
    let f = (s * p.x + 4.0).floor();
    let r = (-s * p.z + 4.0).floor();
    ((0.0..8.0).contains(&f) && (0.0..8.0).contains(&r)).then(|| {
        Square::new(
            timefork_wager::chess::File::index(f as usize),
            timefork_wager::chess::Rank::index(r as usize),
        )
    })
}

#[cfg(test)]
mod coordinate_tests {
    use super::*;
    use timefork_wager::chess::{File, Rank};

    #[test]
    fn coordinates_turn_with_the_board_for_black() {
        for flipped in [false, true] {
            for c in crate::board_look::coordinate_labels(8, 8, flipped) {
                let (x, y) = c.square;
                let sq = Square::new(File::index(x as usize), Rank::index(y as usize));
                let p = square_center(sq, flipped);
                if c.text.chars().all(char::is_alphabetic) {
                    // Files along the near edge (+z), whichever side is near.
                    assert!(p.z > 3.0, "{} {flipped}", c.text);
                } else {
                    assert!(p.x < -3.0, "{} {flipped}", c.text);
                }
            }
        }
    }
}
