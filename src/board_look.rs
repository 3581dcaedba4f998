//! The look of a chessboard, shared by every game: a checkered top in the theme's square
//! colours (dimmed for 5D's inactive timelines) over a slab whose border can carry a
//! colour of its own.

use crate::theme::palette;
use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// What drawing a board and its pieces takes: the piece models (`None` until they are
/// made) and the stores of meshes, materials and images.
#[derive(bevy::ecs::system::SystemParam)]
pub struct BoardPaint<'w> {
    pub pieces: Option<Res<'w, crate::pieces::meshes::PieceAssets>>,
    pub meshes: ResMut<'w, Assets<Mesh>>,
    pub materials: ResMut<'w, Assets<StandardMaterial>>,
    pub images: ResMut<'w, Assets<Image>>,
}

impl BoardPaint<'_> {
    /// The piece models and the stores, once the models are made.
    pub fn ready(
        &mut self,
    ) -> Option<(
        &crate::pieces::meshes::PieceAssets,
        &mut Assets<Mesh>,
        &mut Assets<StandardMaterial>,
        &mut Assets<Image>,
    )> {
        Some((
            self.pieces.as_deref()?,
            &mut self.meshes,
            &mut self.materials,
            &mut self.images,
        ))
    }
}

/// Thickness of a board's slab (its top at y = 0).
pub const BOARD_THICKNESS: f32 = 0.35;

/// The border of a board around its squares: thick on a board that is played (the latest
/// of a timeline, Wager's and Kingdrops' one board), thin on older boards.
pub const BORDER_THICK: f32 = 0.42;
pub const BORDER_THIN: f32 = 0.12;

/// A `w` x `h` checkered texture, one texel a square; row 0 of the image is the far edge
/// (the last rank), and a1 is dark.
pub fn checker_image(w: i32, h: i32, dim: bool) -> Image {
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for row in 0..h {
        let y = h - 1 - row;
        for x in 0..w {
            let c = if (x + y) % 2 == 0 {
                palette::SQUARE_DARK
            } else {
                palette::SQUARE_LIGHT
            };
            let k = if dim { 0.45 } else { 1.0 };
            data.extend(c.iter().map(|&v| (v as f32 * k) as u8));
            data.push(255);
        }
    }
    let mut img = Image::new(
        Extent3d {
            width: w as u32,
            height: h as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    img.sampler = ImageSampler::nearest();
    img
}

/// The material of a board's checkered top.
pub fn top_material(img: Handle<Image>) -> StandardMaterial {
    StandardMaterial {
        base_color_texture: Some(img),
        perceptual_roughness: 0.8,
        ..default()
    }
}

/// The material of a board's slab, in the colour of its border (the side to move there).
pub fn slab_material(color: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.6,
        ..default()
    }
}

/// A slab `border` wider than the squares on every side, its top just under y = 0.
pub fn slab(w: i32, h: i32, border: f32) -> (Cuboid, Transform) {
    (
        Cuboid::new(
            w as f32 + 2.0 * border,
            BOARD_THICKNESS,
            h as f32 + 2.0 * border,
        ),
        Transform::from_xyz(0.0, -BOARD_THICKNESS / 2.0 - 0.002, 0.0),
    )
}

/// One coordinate of a board: its text and where it is written, in the board's own
/// continuous coordinates (x from 0 at file a's outer edge to `w`, y likewise for ranks).
#[derive(Clone, Debug, PartialEq)]
pub struct CoordLabel {
    pub text: String,
    /// The square it is written in.
    pub square: (i32, i32),
    pub at: Vec2,
}

/// The coordinates of a `w` x `h` board as chess programs write them: each file's letter
/// in the corner of its square on the rank nearest the viewer (right and low as seen),
/// each rank's number in the corner of its square on the viewer's left file (left and
/// high). Unflipped White is near (rank 1, file a on the left); flipped Black is (rank
/// `h`, and the last file on the left).
pub fn coordinate_labels(w: i32, h: i32, flipped: bool) -> Vec<CoordLabel> {
    let (near_rank, left_file) = if flipped { (h - 1, w - 1) } else { (0, 0) };
    // Offsets inside a square toward the corner, in board coordinates: "right and near"
    // and "left and far" as seen turn round with the board.
    let (file_corner, rank_corner) = if flipped {
        (Vec2::new(0.2, 0.78), Vec2::new(0.84, 0.24))
    } else {
        (Vec2::new(0.8, 0.22), Vec2::new(0.16, 0.76))
    };
    let files = (0..w).map(|x| CoordLabel {
        text: ((b'a' + x as u8) as char).to_string(),
        square: (x, near_rank),
        at: Vec2::new(x as f32, near_rank as f32) + file_corner,
    });
    let ranks = (0..h).map(|y| CoordLabel {
        text: (y + 1).to_string(),
        square: (left_file, y),
        at: Vec2::new(left_file as f32, y as f32) + rank_corner,
    });
    files.chain(ranks).collect()
}

/// Paints a board's coordinates in the colour of the other kind of square, so each reads
/// on its own square. `project` gives the window position of a point in board coordinates;
/// nothing is painted while a square is smaller than `min_px` on screen (a board too far
/// away to read them).
pub fn paint_coordinates(
    painter: &bevy_egui::egui::Painter,
    w: i32,
    h: i32,
    flipped: bool,
    min_px: f32,
    project: impl Fn(Vec2) -> Option<bevy_egui::egui::Pos2>,
) {
    use bevy_egui::egui;
    let (Some(a), Some(b)) = (project(Vec2::ZERO), project(Vec2::X)) else {
        return;
    };
    let px = (a - b).length();
    if px < min_px {
        return;
    }
    let rgb = |c: [u8; 3]| egui::Color32::from_rgb(c[0], c[1], c[2]);
    let font = egui::FontId::proportional((px * 0.28).clamp(10.0, 18.0));
    for l in coordinate_labels(w, h, flipped) {
        let Some(p) = project(l.at) else { continue };
        let dark = (l.square.0 + l.square.1) % 2 == 0;
        let color = if dark {
            rgb(palette::SQUARE_LIGHT)
        } else {
            rgb(palette::SQUARE_DARK)
        };
        painter.text(p, egui::Align2::CENTER_CENTER, l.text, font.clone(), color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_reads_files_on_rank_one_and_ranks_on_file_a() {
        let l = coordinate_labels(8, 8, false);
        assert_eq!(l.len(), 16);
        for (i, f) in l[..8].iter().enumerate() {
            assert_eq!(f.text, ((b'a' + i as u8) as char).to_string());
            assert_eq!(f.square, (i as i32, 0));
        }
        for (i, r) in l[8..].iter().enumerate() {
            assert_eq!(r.text, (i + 1).to_string());
            assert_eq!(r.square, (0, i as i32));
        }
    }

    #[test]
    fn flipped_for_black_they_run_along_rank_eight_and_file_h() {
        let l = coordinate_labels(8, 8, true);
        assert!(l[..8].iter().all(|f| f.square.1 == 7));
        assert!(l[8..].iter().all(|r| r.square.0 == 7));
        // Every label stays inside its own square.
        for c in coordinate_labels(5, 5, true)
            .into_iter()
            .chain(coordinate_labels(5, 5, false))
        {
            let (x, y) = c.square;
            assert!(c.at.x > x as f32 && c.at.x < (x + 1) as f32, "{c:?}");
            assert!(c.at.y > y as f32 && c.at.y < (y + 1) as f32, "{c:?}");
        }
    }
}
