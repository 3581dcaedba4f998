//! Where things stand in 3D space. Boards lie flat (their top at y = 0) on a grid:
//! half-turns run along +x (White's board, then Black's, for each turn) and timelines
//! along +z (L-1 above L0, L+1 below, as seen from the default camera).
//! Square (x, y) of a board: file x along +x, rank y along -z, so rank 1 faces the viewer.
//!
//! Flipped (seed 004: the timeline axis points the other way for each player), timelines
//! run along -z and every board is turned half a circle, so Black sees its own timelines
//! and its own pieces on its side, as White does; time still runs left to right.

use bevy::prelude::*;

/// Gap between neighbouring boards, in squares.
pub const GAP: f32 = 1.4;
pub use crate::board_look::BOARD_THICKNESS;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub width: i32,
    pub height: i32,
    pub flipped: bool,
}

/// Which way the multiverse is shown; follows the settings and the players.
#[derive(bevy::prelude::Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Orientation {
    /// Black's side (negative timelines, rank 8) toward the viewer.
    pub flipped: bool,
}

impl Orientation {
    pub fn layout(&self, pos: &timefork_engine::Position) -> Layout {
        Layout::new(pos.width, pos.height).flipped(self.flipped)
    }
}

impl Layout {
    pub fn new(width: i32, height: i32) -> Layout {
        Layout {
            width,
            height,
            flipped: false,
        }
    }

    pub fn flipped(self, flipped: bool) -> Layout {
        Layout { flipped, ..self }
    }

    /// +1, or -1 when flipped: the direction timelines run along z.
    fn sign(&self) -> f32 {
        if self.flipped { -1.0 } else { 1.0 }
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
            self.sign() * l as f32 * self.row_step(),
        )
    }

    /// Offset of square (x, y) from its board's centre.
    pub fn square_offset(&self, x: i32, y: i32) -> Vec3 {
        let s = self.sign();
        Vec3::new(
            s * (x as f32 - (self.width - 1) as f32 / 2.0),
            0.0,
            s * ((self.height - 1) as f32 / 2.0 - y as f32),
        )
    }

    /// How a piece of this side stands: facing its forward direction on the screen.
    pub fn piece_rotation(&self, side: timefork_engine::Color) -> Quat {
        let turned = (side == timefork_engine::Color::Black) != self.flipped;
        if turned {
            Quat::from_rotation_y(std::f32::consts::PI)
        } else {
            Quat::IDENTITY
        }
    }

    pub fn square_center(&self, l: i32, h: i32, x: i32, y: i32) -> Vec3 {
        self.board_center(l, h) + self.square_offset(x, y)
    }

    /// The board half-turn and timeline under a point on the plane y = 0, and the square.
    pub fn locate(&self, p: Vec3) -> (i32, i32, i32, i32) {
        let h = (p.x / self.column_step()).round() as i32;
        let l = (self.sign() * p.z / self.row_step()).round() as i32;
        // In the board's own frame (turned back when flipped).
        let local = (p - self.board_center(l, h)) * self.sign();
        let x = (local.x + self.width as f32 / 2.0).floor() as i32;
        let y = (self.height as f32 / 2.0 - local.z).floor() as i32;
        (l, h, x, y)
    }

    /// A point of board (l, h) in the board's own continuous coordinates (x from 0 at file
    /// a's outer edge to the width, y likewise for ranks), on its top face.
    pub fn board_point(&self, l: i32, h: i32, p: Vec2) -> Vec3 {
        let s = self.sign();
        self.board_center(l, h)
            + Vec3::new(
                s * (p.x - self.width as f32 / 2.0),
                0.0,
                s * (self.height as f32 / 2.0 - p.y),
            )
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
        for (w, hgt, flipped) in [(8, 8, false), (5, 5, false), (1, 1, true), (4, 7, true)] {
            let lay = Layout::new(w, hgt).flipped(flipped);
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
    fn board_points_meet_square_centres() {
        for flipped in [false, true] {
            let lay = Layout::new(5, 4).flipped(flipped);
            let c = lay.board_point(1, 3, Vec2::new(2.5, 1.5));
            assert!((c - lay.square_center(1, 3, 2, 1)).length() < 1e-5);
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

    #[test]
    fn flipped_black_sees_its_timelines_and_rank_eight_near() {
        let lay = Layout::new(8, 8).flipped(true);
        // Black's timelines (negative) come toward the viewer (+z), White's go away.
        assert!(lay.board_center(-1, 0).z > lay.board_center(0, 0).z);
        assert!(lay.board_center(1, 0).z < lay.board_center(0, 0).z);
        // h8 is nearest the viewer and on the left; a1 far and on the right.
        let a1 = lay.square_center(0, 0, 0, 0);
        let h8 = lay.square_center(0, 0, 7, 7);
        assert!(h8.z > a1.z && h8.x < a1.x);
        // Time still runs left to right.
        assert!(lay.board_center(0, 1).x > lay.board_center(0, 0).x);
        // Black's pieces face the far side (-z) when flipped; White's turn round.
        let fwd = |side| lay.piece_rotation(side) * Vec3::NEG_Z;
        assert!(fwd(timefork_engine::Color::Black).z < -0.9);
        assert!(fwd(timefork_engine::Color::White).z > 0.9);
    }
}
