//! Gives mirrored boards and pieces their look: a slab, a checkered top, piece meshes.
//! Inactive timelines are drawn dimmed.

use super::animation::{Grow, Hop};
use super::layout::{BOARD_THICKNESS, Layout};
use super::piece_meshes::PieceAssets;
use crate::mirror::{BoardFlags, BoardView, PieceView};
use crate::theme::palette;
use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use std::collections::HashMap;
use timefork_engine::Color as Side;

/// Meshes and materials shared by all boards of one size.
#[derive(Resource, Default)]
pub struct BoardAssets {
    by_size: HashMap<(i32, i32), SizeAssets>,
}

#[derive(Clone)]
struct SizeAssets {
    slab: Handle<Mesh>,
    top: Handle<Mesh>,
    slab_material: Handle<StandardMaterial>,
    lit: Handle<StandardMaterial>,
    dim: Handle<StandardMaterial>,
}

/// The checkered top of a board (its material flips when the timeline's activity does).
#[derive(Component)]
pub struct BoardTop;

fn checker(w: i32, h: i32, dim: bool) -> Image {
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    // Row 0 of the image is the far edge (the last rank).
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

fn size_assets(
    assets: &mut BoardAssets,
    w: i32,
    h: i32,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    images: &mut Assets<Image>,
) -> SizeAssets {
    assets
        .by_size
        .entry((w, h))
        .or_insert_with(|| {
            let (fw, fh) = (w as f32, h as f32);
            let material = |img: Image, images: &mut Assets<Image>| StandardMaterial {
                base_color_texture: Some(images.add(img)),
                perceptual_roughness: 0.8,
                ..default()
            };
            SizeAssets {
                slab: meshes.add(Cuboid::new(fw + 0.3, BOARD_THICKNESS, fh + 0.3)),
                top: meshes.add(Plane3d::default().mesh().size(fw, fh)),
                slab_material: materials.add(StandardMaterial {
                    base_color: palette::SLAB,
                    perceptual_roughness: 0.7,
                    ..default()
                }),
                lit: materials.add(material(checker(w, h, false), images)),
                dim: materials.add(material(checker(w, h, true), images)),
            }
        })
        .clone()
}

pub(super) fn dress_boards(
    mut commands: Commands,
    boards: Query<(Entity, &BoardView, &BoardFlags), Added<BoardView>>,
    mut assets: ResMut<BoardAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
    settings: Res<crate::settings::Settings>,
) {
    for (e, b, f) in &boards {
        let a = size_assets(
            &mut assets,
            b.width,
            b.height,
            &mut meshes,
            &mut materials,
            &mut images,
        );
        let lay = Layout::new(b.width, b.height);
        let target = lay.board_center(b.l, b.h);
        let mut ec = commands.entity(e);
        ec.insert((Transform::from_translation(target), Visibility::default()));
        if b.fresh
            && settings.animation_speed > 0.0
            && let Some((pl, ph)) = b.parent
        {
            ec.insert(Grow::new(lay.board_center(pl, ph), target));
        }
        ec.with_children(|c| {
            c.spawn((
                Mesh3d(a.slab.clone()),
                MeshMaterial3d(a.slab_material.clone()),
                Transform::from_xyz(0.0, -BOARD_THICKNESS / 2.0 - 0.002, 0.0),
            ));
            c.spawn((
                BoardTop,
                Mesh3d(a.top.clone()),
                MeshMaterial3d(if f.active {
                    a.lit.clone()
                } else {
                    a.dim.clone()
                }),
                Transform::default(),
            ));
        });
    }
}

pub(super) fn dim_inactive(
    boards: Query<(&BoardView, &BoardFlags, &Children), Changed<BoardFlags>>,
    mut tops: Query<&mut MeshMaterial3d<StandardMaterial>, With<BoardTop>>,
    assets: Res<BoardAssets>,
) {
    for (b, f, children) in &boards {
        let Some(a) = assets.by_size.get(&(b.width, b.height)) else {
            continue;
        };
        for c in children.iter() {
            if let Ok(mut m) = tops.get_mut(c) {
                let want = if f.active { &a.lit } else { &a.dim };
                if m.0 != *want {
                    m.0 = want.clone();
                }
            }
        }
    }
}

pub(super) fn dress_pieces(
    mut commands: Commands,
    pieces: Query<(Entity, &PieceView, &ChildOf), Added<PieceView>>,
    boards: Query<&BoardView>,
    assets: Option<Res<PieceAssets>>,
    settings: Res<crate::settings::Settings>,
) {
    let Some(assets) = assets else { return };
    for (e, p, parent) in &pieces {
        let Ok(b) = boards.get(parent.parent()) else {
            continue;
        };
        let Some(kind) = p.piece.kind() else { continue };
        let lay = Layout::new(b.width, b.height);
        let side = p.piece.color();
        let turn = if side == Side::Black {
            Quat::from_rotation_y(std::f32::consts::PI)
        } else {
            Quat::IDENTITY
        };
        let local = lay.square_offset(p.x, p.y);
        let mut ec = commands.entity(e);
        ec.insert((
            Mesh3d(assets.meshes[&(kind, side)].clone()),
            MeshMaterial3d(assets.material.clone()),
            Transform::from_translation(local).with_rotation(turn),
        ));
        if let (Some(from), true) = (p.arrived_from, settings.animation_speed > 0.0) {
            // The hop starts over the square it left, relative to this board.
            let start =
                lay.square_center(from.l, from.h, from.x, from.y) - lay.board_center(b.l, b.h);
            let travelled = from.l != b.l || (from.h - b.h).abs() > 1;
            ec.insert(Hop::new(start, local, travelled));
        }
    }
}
