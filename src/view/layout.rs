//! Where things stand in 3D space. Boards lie flat (their top at y = 0) on a grid:
//! half-turns run along +x (White's board, then Black's, for each turn) and timelines
//! along +z (L-1 above L+0, L+1 below, as seen from the default camera).
//! Square (x, y) of a board: file x along +x, rank y along -z, so rank 1 faces the viewer.

use bevy::prelude::*;

/// Gap between neighbouring boards, in squares.
pub const GAP: f32 = 1.4;
/// Thickness of a board slab.
pub const BOARD_THICKNESS: f32 = 0.35;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub width: i32,
    pub height: i32,
}

impl Layout {
    pub fn new(width: i32, height: i32) -> Layout {
        Layout { width, height }
    }

    pub fn column_step(&self) -> f32 {
        self.width as f32 + GAP
    }

    pub fn row_step(&self) -> f32 {
        self.height as f32 + GAP * 1.6
    }

    /// Centre of the top face of board (l, h).
    pub fn board_center(&self, l: i32, h: i32) -> Vec3 {
        Vec3::new(
            h as f32 * self.column_step(),
            0.0,
            l as f32 * self.row_step(),
        )
    }

    /// Offset of square (x, y) from its board's centre.
    pub fn square_offset(&self, x: i32, y: i32) -> Vec3 {
        Vec3::new(
            x as f32 - (self.width - 1) as f32 / 2.0,
            0.0,
            (self.height - 1) as f32 / 2.0 - y as f32,
        )
    }

    pub fn square_center(&self, l: i32, h: i32, x: i32, y: i32) -> Vec3 {
        self.board_center(l, h) + self.square_offset(x, y)
    }

    /// The board half-turn and timeline under a point on the plane y = 0, and the square.
    pub fn locate(&self, p: Vec3) -> (i32, i32, i32, i32) {
        let h = (p.x / self.column_step()).round() as i32;
        let l = (p.z / self.row_step()).round() as i32;
        let local = p - self.board_center(l, h);
        let x = (local.x + self.width as f32 / 2.0).floor() as i32;
        let y = (self.height as f32 / 2.0 - local.z).floor() as i32;
        (l, h, x, y)
    }

    /// The half-size of a board's top face.
    pub fn half_extent(&self) -> Vec2 {
        Vec2::new(self.width as f32, self.height as f32) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_through_locate() {
        for (w, hgt) in [(8, 8), (5, 5), (1, 1), (4, 7)] {
            let lay = Layout::new(w, hgt);
            for (l, h) in [(0, 0), (-3, 7), (5, 12), (-1, 1)] {
                for y in 0..hgt {
                    for x in 0..w {
                        let c = lay.square_center(l, h, x, y) + Vec3::new(0.3, 0.0, -0.2);
                        assert_eq!(lay.locate(c), (l, h, x, y));
                    }
                }
            }
        }
    }

    #[test]
    fn rank_one_faces_the_viewer_and_files_run_right() {
        let lay = Layout::new(8, 8);
        let a1 = lay.square_center(0, 0, 0, 0);
        let h8 = lay.square_center(0, 0, 7, 7);
        assert!(a1.x < h8.x && a1.z > h8.z);
        assert!(lay.board_center(0, 1).x > lay.board_center(0, 0).x);
        assert!(lay.board_center(1, 0).z > lay.board_center(0, 0).z);
    }
}
