//! Gives mirrored boards and pieces their look: a slab whose border is the colour of the
//! side to move on that board (seed 004), thick on the latest board of a timeline and thin
//! on older ones, a checkered top, and the pieces. Inactive timelines are drawn dimmed.
//! When the orientation flips, everything already dressed is put in its new place.

use super::layout::{BOARD_THICKNESS, Layout, Orientation};
use crate::board_look::checker_image;
use crate::fived::mirror::{BoardFlags, BoardView, PieceView};
use crate::game_kit::animation::{Grow, Hop};
use crate::pieces::meshes::PieceAssets;
use crate::pieces::{PieceStyle, Shape};
use crate::theme::palette;
use bevy::prelude::*;
use std::collections::HashMap;
use timefork_engine::{Color as Side, PieceKind};

pub use crate::board_look::{BORDER_THICK, BORDER_THIN};

/// Meshes and materials shared by all boards of one size.
#[derive(Resource, Default)]
pub struct BoardAssets {
    by_size: HashMap<(i32, i32), SizeAssets>,
    slab_white: Option<Handle<StandardMaterial>>,
    slab_black: Option<Handle<StandardMaterial>>,
}

#[derive(Clone)]
struct SizeAssets {
    slab_thick: Handle<Mesh>,
    slab_thin: Handle<Mesh>,
    top: Handle<Mesh>,
    lit: Handle<StandardMaterial>,
    dim: Handle<StandardMaterial>,
}

/// The checkered top of a board (its material flips when the timeline's activity does).
#[derive(Component)]
pub struct BoardTop;

/// The slab under a board: its border shows whose move it is there.
#[derive(Component)]
pub struct BoardSlab;

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
            let material = |img: Image, images: &mut Assets<Image>| {
                crate::board_look::top_material(images.add(img))
            };
            let slab =
                |border: f32| Cuboid::new(fw + 2.0 * border, BOARD_THICKNESS, fh + 2.0 * border);
            SizeAssets {
                slab_thick: meshes.add(slab(BORDER_THICK)),
                slab_thin: meshes.add(slab(BORDER_THIN)),
                top: meshes.add(Plane3d::default().mesh().size(fw, fh)),
                lit: materials.add(material(checker_image(w, h, false), images)),
                dim: materials.add(material(checker_image(w, h, true), images)),
            }
        })
        .clone()
}

fn slab_material(
    assets: &mut BoardAssets,
    side: Side,
    materials: &mut Assets<StandardMaterial>,
) -> Handle<StandardMaterial> {
    let (slot, color) = match side {
        Side::White => (&mut assets.slab_white, palette::BORDER_WHITE),
        Side::Black => (&mut assets.slab_black, palette::BORDER_BLACK),
    };
    slot.get_or_insert_with(|| materials.add(crate::board_look::slab_material(color)))
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
    orientation: Res<Orientation>,
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
        let side = f.side.unwrap_or(Side::White);
        let slab_mat = slab_material(&mut assets, side, &mut materials);
        let lay = Layout::new(b.width, b.height).flipped(orientation.flipped);
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
                BoardSlab,
                Mesh3d(if f.latest {
                    a.slab_thick.clone()
                } else {
                    a.slab_thin.clone()
                }),
                MeshMaterial3d(slab_mat),
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

/// Activity dims a board's top; being the latest board of its timeline thickens its border.
pub(super) fn restyle_boards(
    boards: Query<(&BoardView, &BoardFlags, &Children), Changed<BoardFlags>>,
    mut tops: Query<&mut MeshMaterial3d<StandardMaterial>, With<BoardTop>>,
    mut slabs: Query<&mut Mesh3d, With<BoardSlab>>,
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
            if let Ok(mut m) = slabs.get_mut(c) {
                let want = if f.latest {
                    &a.slab_thick
                } else {
                    &a.slab_thin
                };
                if m.0 != *want {
                    m.0 = want.clone();
                }
            }
        }
    }
}

/// The model of each 5D kind.
pub fn shape_of(kind: PieceKind) -> Shape {
    match kind {
        PieceKind::Pawn => Shape::Pawn,
        PieceKind::Knight => Shape::Knight,
        PieceKind::Bishop => Shape::Bishop,
        PieceKind::Rook => Shape::Rook,
        PieceKind::Queen => Shape::Queen,
        PieceKind::King => Shape::King,
        PieceKind::Unicorn => Shape::Unicorn,
        PieceKind::Dragon => Shape::Dragon,
        PieceKind::Princess => Shape::Princess,
        PieceKind::Brawn => Shape::Brawn,
        PieceKind::RoyalQueen => Shape::RoyalQueen,
        PieceKind::CommonKing => Shape::CommonKing,
    }
}

pub fn side_of(c: Side) -> crate::pieces::Side {
    match c {
        Side::White => crate::pieces::Side::White,
        Side::Black => crate::pieces::Side::Black,
    }
}

/// The piece style drawn: the setting's, except that models give way to the flat icons
/// while the boards are too small on screen to tell the models apart (a hundred
/// timelines at once).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ShownPieceStyle(pub PieceStyle);

/// An 8-rank board shorter than this on screen (pixels) shows flat icons; models come back
/// above a quarter more, so a zoom around the limit does not flicker between the two.
const SMALL_BOARD_PX: f32 = 110.0;

/// The style for boards `board_px` tall on screen, `now` the style drawn so far.
pub fn style_for(setting: PieceStyle, board_px: f32, now: PieceStyle) -> PieceStyle {
    let limit = if now == PieceStyle::FlatIcons {
        SMALL_BOARD_PX * 1.25
    } else {
        SMALL_BOARD_PX
    };
    match setting {
        PieceStyle::Models if board_px < limit => PieceStyle::FlatIcons,
        other => other,
    }
}

pub(super) fn choose_piece_style(
    settings: Res<crate::settings::Settings>,
    camera: Query<&Projection, With<crate::camera::MainCamera>>,
    window: crate::window::MainWindow,
    mut shown: ResMut<ShownPieceStyle>,
) {
    let scale = match camera.single() {
        Ok(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    // A square is one world unit: what counts is a piece's size, as on an 8-rank board.
    let board_px = 8.0 * crate::camera::px_per_unit(scale, window.size().y.max(1.0));
    shown.set_if_neq(ShownPieceStyle(style_for(
        settings.piece_style,
        board_px,
        shown.0,
    )));
}

/// A piece's mesh, material and place on its board in the chosen style: models face
/// their forward direction; flat icons always read upright.
fn piece_look(
    assets: &PieceAssets,
    style: PieceStyle,
    lay: &Layout,
    p: &PieceView,
) -> Option<(Mesh3d, MeshMaterial3d<StandardMaterial>, Transform)> {
    let kind = p.piece.kind()?;
    let side = p.piece.color();
    let (mesh, material) = assets.look(style, shape_of(kind), side_of(side));
    let rotation = match style {
        PieceStyle::Models => lay.piece_rotation(side),
        PieceStyle::FlatIcons => Quat::IDENTITY,
    };
    Some((
        Mesh3d(mesh),
        MeshMaterial3d(material),
        Transform::from_translation(lay.square_offset(p.x, p.y)).with_rotation(rotation),
    ))
}

pub(super) fn dress_pieces(
    mut commands: Commands,
    pieces: Query<(Entity, &PieceView, &ChildOf), Added<PieceView>>,
    boards: Query<&BoardView>,
    assets: Option<Res<PieceAssets>>,
    settings: Res<crate::settings::Settings>,
    shown: Res<ShownPieceStyle>,
    orientation: Res<Orientation>,
) {
    let Some(assets) = assets else { return };
    for (e, p, parent) in &pieces {
        let Ok(b) = boards.get(parent.parent()) else {
            continue;
        };
        let lay = Layout::new(b.width, b.height).flipped(orientation.flipped);
        let Some(look) = piece_look(&assets, shown.0, &lay, p) else {
            continue;
        };
        let local = look.2.translation;
        let mut ec = commands.entity(e);
        ec.insert(look);
        if let (Some(from), true) = (p.arrived_from, settings.animation_speed > 0.0) {
            // The hop starts over the square it left, relative to this board.
            let start =
                lay.square_center(from.l, from.h, from.x, from.y) - lay.board_center(b.l, b.h);
            let travelled = from.l != b.l || (from.h - b.h).abs() > 1;
            ec.insert(Hop::new(start, local, travelled));
        }
    }
}

/// A new orientation or piece style puts every board and piece in its new place and
/// look (animations in flight are finished first: their end points were computed in the
/// old orientation).
pub(super) fn relayout(
    mut commands: Commands,
    orientation: Res<Orientation>,
    shown: Res<ShownPieceStyle>,
    assets: Option<Res<PieceAssets>>,
    mut boards: Query<(Entity, &BoardView, &mut Transform), Without<PieceView>>,
    mut pieces: Query<
        (
            Entity,
            &PieceView,
            &ChildOf,
            &mut Transform,
            &mut Mesh3d,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        Without<BoardView>,
    >,
    views: Query<&BoardView>,
    mut style: Local<Option<PieceStyle>>,
) {
    let restyled = style.is_some_and(|s| s != shown.0);
    *style = Some(shown.0);
    let turned = orientation.is_changed() && !orientation.is_added();
    let (true, Some(assets)) = (turned || restyled, assets) else {
        return;
    };
    for (e, b, mut tf) in &mut boards {
        let lay = Layout::new(b.width, b.height).flipped(orientation.flipped);
        commands.entity(e).remove::<Grow>();
        tf.translation = lay.board_center(b.l, b.h);
        tf.scale = Vec3::ONE;
    }
    for (e, p, parent, mut tf, mut mesh, mut mat) in &mut pieces {
        let Ok(b) = views.get(parent.parent()) else {
            continue;
        };
        let lay = Layout::new(b.width, b.height).flipped(orientation.flipped);
        let Some((m, look_mat, look_tf)) = piece_look(&assets, shown.0, &lay, p) else {
            continue;
        };
        commands.entity(e).remove::<Hop>();
        *tf = look_tf;
        *mesh = m;
        *mat = look_mat;
    }
}

#[cfg(test)]
mod style_tests {
    use super::*;

    #[test]
    fn models_give_way_to_icons_on_small_boards_without_flicker() {
        use PieceStyle::{FlatIcons, Models};
        // Boards of 200 px keep the models; under 110 px they show icons.
        assert_eq!(style_for(Models, 200.0, Models), Models);
        assert_eq!(style_for(Models, 100.0, Models), FlatIcons);
        // Back to models only above a quarter more than the limit (137.5 px).
        assert_eq!(style_for(Models, 120.0, FlatIcons), FlatIcons);
        assert_eq!(style_for(Models, 120.0, Models), Models);
        assert_eq!(style_for(Models, 140.0, FlatIcons), Models);
        // Icons chosen in the settings stay icons at any size.
        assert_eq!(style_for(FlatIcons, 500.0, FlatIcons), FlatIcons);
    }
}
