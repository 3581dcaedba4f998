//! The look of a chessboard, shared by every game: a checkered top in the theme's square
//! colours (dimmed for 5D's inactive timelines) over a slab whose border can carry a
//! colour of its own.

use crate::theme::palette;
use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Thickness of a board's slab (its top at y = 0).
pub const BOARD_THICKNESS: f32 = 0.35;

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
