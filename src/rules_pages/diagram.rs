//! A rules section's drawing, as data: boards and pieces on the board plane (y = 0, one
//! unit a square, laid out by each game's own layout), and the marks drawn over them
//! (arrows, rings, frames, labels). `DiagramView` is the fixed camera that frames it and
//! the projection the page uses to put the marks on the rendered picture.

use crate::pieces::{Shape, Side};
use bevy::prelude::*;

/// What one section shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Diagram {
    pub boards: Vec<DiagramBoard>,
    /// Pieces standing off the boards (Kingdrops' reserves and prisons).
    pub loose: Vec<DiagramPiece>,
    pub marks: Vec<Mark>,
}

/// One board: its centre, size, the colour of its border (whose move it is there), and
/// whether it is a timeline's latest board (thick border) or an inactive one (dimmed).
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramBoard {
    pub center: Vec3,
    pub width: i32,
    pub height: i32,
    pub border: Side,
    pub latest: bool,
    pub dim: bool,
    pub pieces: Vec<DiagramPiece>,
}

/// A piece where it stands in the world; `turned` for a model facing the far side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiagramPiece {
    pub at: Vec3,
    pub shape: Shape,
    pub side: Side,
    pub turned: bool,
}

/// What a mark means, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// A move the text describes.
    Move,
    /// A square a piece may go to.
    Reach,
    /// A piece under attack, or the one that wins.
    Threat,
    /// Where to look.
    Focus,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    Arrow {
        from: Vec3,
        to: Vec3,
        tone: Tone,
    },
    /// A ring on a square (its centre).
    Ring {
        at: Vec3,
        tone: Tone,
    },
    /// A rectangle on the board plane: a board, or an area of one.
    Frame {
        center: Vec3,
        half: Vec2,
        tone: Tone,
    },
    /// A short text standing at a point (a timeline's name, a bank).
    Label {
        at: Vec3,
        text: String,
    },
}

/// How far a board's slab reaches past its squares (the thick border), and how tall a
/// piece stands, for framing.
const BORDER: f32 = crate::board_look::BORDER_THICK;
const PIECE_TOP: f32 = 1.3;

impl Diagram {
    /// Points the picture must hold: slab corners, piece tops, marks.
    fn extent_points(&self) -> Vec<Vec3> {
        let mut pts = Vec::new();
        let boxed = |pts: &mut Vec<Vec3>, c: Vec3, half: Vec2, top: f32| {
            for (sx, sz) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                for y in [-crate::board_look::BOARD_THICKNESS, top] {
                    pts.push(c + Vec3::new(sx * half.x, y, sz * half.y));
                }
            }
        };
        for b in &self.boards {
            let half = Vec2::new(b.width as f32, b.height as f32) / 2.0 + BORDER;
            let top = if b.pieces.is_empty() { 0.0 } else { PIECE_TOP };
            boxed(&mut pts, b.center, half, top);
        }
        for p in &self.loose {
            boxed(&mut pts, p.at, Vec2::splat(0.5), PIECE_TOP);
        }
        for m in &self.marks {
            match m {
                Mark::Arrow { from, to, .. } => pts.extend([*from, *to]),
                Mark::Ring { at, .. } | Mark::Label { at, .. } => pts.push(*at),
                Mark::Frame { center, half, .. } => boxed(&mut pts, *center, *half, 0.0),
            }
        }
        pts
    }
}

/// The fixed orthographic camera of a diagram: looking down at the game's own pitch from
/// the near side, centred on the drawing, `size` world units across and high.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiagramView {
    pub center: Vec3,
    pub rotation: Quat,
    pub size: Vec2,
}

impl DiagramView {
    /// The view that shows all of `d` in a picture of `aspect` (width / height), with a
    /// little room around it.
    pub fn framing(d: &Diagram, aspect: f32) -> DiagramView {
        // A still picture at the usual tilt, whichever game's page it is on.
        let pitch = crate::camera::pitch_of(
            crate::camera::CameraMode::Tilted,
            crate::camera::Tilt::default(),
        );
        let rotation = Quat::from_rotation_x(-pitch);
        let (right, up) = (rotation * Vec3::X, rotation * Vec3::Y);
        let pts = d.extent_points();
        if pts.is_empty() {
            return DiagramView {
                center: Vec3::ZERO,
                rotation,
                size: Vec2::new(10.0 * aspect, 10.0),
            };
        }
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for p in &pts {
            let q = Vec2::new(p.dot(right), p.dot(up));
            lo = lo.min(q);
            hi = hi.max(q);
        }
        let mid = (lo + hi) / 2.0;
        let mut size = (hi - lo) * 1.08 + Vec2::splat(0.6);
        if size.x / size.y < aspect {
            size.x = size.y * aspect;
        } else {
            size.y = size.x / aspect;
        }
        // Any point whose projection is `mid`; the depth along the view does not matter.
        let center = right * mid.x + up * mid.y;
        DiagramView {
            center,
            rotation,
            size,
        }
    }

    pub fn forward(&self) -> Vec3 {
        self.rotation * Vec3::NEG_Z
    }

    /// Where a world point appears in the picture: (0, 0) its top left, (1, 1) its
    /// bottom right.
    pub fn to_picture(&self, p: Vec3) -> Vec2 {
        let d = p - self.center;
        let (right, up) = (self.rotation * Vec3::X, self.rotation * Vec3::Y);
        Vec2::new(
            d.dot(right) / self.size.x + 0.5,
            0.5 - d.dot(up) / self.size.y,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_at(center: Vec3) -> DiagramBoard {
        DiagramBoard {
            center,
            width: 8,
            height: 8,
            border: Side::White,
            latest: true,
            dim: false,
            pieces: vec![],
        }
    }

    #[test]
    fn the_framing_holds_every_board_corner_inside_the_picture() {
        let d = Diagram {
            boards: vec![board_at(Vec3::ZERO), board_at(Vec3::new(11.0, 0.0, 0.0))],
            ..default()
        };
        let v = DiagramView::framing(&d, 16.0 / 9.0);
        for b in &d.boards {
            for (sx, sz) in [(-4.0, -4.0), (4.0, -4.0), (-4.0, 4.0), (4.0, 4.0)] {
                let p = v.to_picture(b.center + Vec3::new(sx, 0.0, sz));
                assert!(
                    (0.0..=1.0).contains(&p.x) && (0.0..=1.0).contains(&p.y),
                    "{p}"
                );
            }
        }
        // The picture keeps its shape.
        assert!((v.size.x / v.size.y - 16.0 / 9.0).abs() < 1e-4);
    }

    #[test]
    fn the_near_rank_is_low_in_the_picture_and_files_run_right() {
        let d = Diagram {
            boards: vec![board_at(Vec3::ZERO)],
            ..default()
        };
        let v = DiagramView::framing(&d, 1.5);
        // a1 is at (-3.5, 0, 3.5) in every game's layout (rank 1 toward the viewer).
        let a1 = v.to_picture(Vec3::new(-3.5, 0.0, 3.5));
        let h8 = v.to_picture(Vec3::new(3.5, 0.0, -3.5));
        assert!(a1.x < h8.x && a1.y > h8.y);
        // The board's middle is the picture's middle.
        let c = v.to_picture(Vec3::ZERO);
        assert!((c.x - 0.5).abs() < 1e-4);
    }
}

/// One section: its heading, its text and what it shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub title: String,
    pub text: String,
    pub diagram: Diagram,
}
