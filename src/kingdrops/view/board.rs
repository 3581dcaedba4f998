//! The board and its trays: the slab whose border is the colour of the side to move,
//! the checkered top, the reserves, prisons and setup tray beside it.

use crate::board_look::{self, BOARD_THICKNESS};
use crate::game_kit::states::ActiveGame;
use crate::kingdrops::layout::{KdLayout, TRAY_HALF};
use crate::kingdrops::matchplay::KdMatch;
use crate::kingdrops::setup::KdSetup;
use crate::screens::Screen;
use crate::theme::palette;
use bevy::prelude::*;
use timefork_kingdrops::Color as Side;

use super::look::*;

/// The board and its trays, one root turned half a circle when Black is near.
#[derive(Component)]
pub struct KdBoard;

/// The slab under the squares: its colour shows whose move it is.
#[derive(Component)]
pub(super) struct KdSlab;

/// A tray beside the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tray {
    Reserve(Side),
    Prison(Side),
    Setup(Side),
}

#[derive(Resource)]
pub(super) struct SlabLooks {
    white: Handle<StandardMaterial>,
    black: Handle<StandardMaterial>,
}

pub(super) fn spawn_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let flat = |c: Color, materials: &mut Assets<StandardMaterial>| {
        materials.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: 0.7,
            ..default()
        })
    };
    let looks = SlabLooks {
        white: flat(palette::BORDER_WHITE, &mut materials),
        black: flat(palette::BORDER_BLACK, &mut materials),
    };
    let slab = meshes.add(Cuboid::new(
        8.0 + 2.0 * BORDER,
        BOARD_THICKNESS,
        8.0 + 2.0 * BORDER,
    ));
    let top = meshes.add(Plane3d::default().mesh().size(8.0, 8.0));
    let top_mat = materials.add(board_look::top_material(
        images.add(board_look::checker_image(8, 8, false)),
    ));
    let small_tray = meshes.add(Cuboid::new(
        2.0 * TRAY_HALF.x,
        BOARD_THICKNESS * 0.6,
        2.0 * TRAY_HALF.y,
    ));
    let setup_tray = meshes.add(Cuboid::new(2.0 * TRAY_HALF.x, BOARD_THICKNESS * 0.6, 8.4));
    let reserve_mat = flat(RESERVE_FILL, &mut materials);
    let prison_mat = flat(PRISON_FILL, &mut materials);
    let setup_mat = flat(SETUP_FILL, &mut materials);
    // Laid out for White near; the root turns for Black.
    let lay = KdLayout::default();
    let tray_y = -BOARD_THICKNESS * 0.3 - 0.002;
    let slab_mat = looks.white.clone();
    commands.insert_resource(looks);
    commands
        .spawn((
            Name::new("Kingdrops board"),
            KdBoard,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(ActiveGame::Kingdrops),
        ))
        .with_children(|c| {
            c.spawn((
                KdSlab,
                Mesh3d(slab),
                MeshMaterial3d(slab_mat),
                Transform::from_xyz(0.0, -BOARD_THICKNESS / 2.0 - 0.002, 0.0),
            ));
            c.spawn((Mesh3d(top), MeshMaterial3d(top_mat), Transform::default()));
            for side in Side::BOTH {
                let trays = [
                    (
                        Tray::Reserve(side),
                        lay.reserve_center(side),
                        &small_tray,
                        &reserve_mat,
                    ),
                    (
                        Tray::Prison(side),
                        lay.prison_center(side),
                        &small_tray,
                        &prison_mat,
                    ),
                    (
                        Tray::Setup(side),
                        lay.tray_center(side),
                        &setup_tray,
                        &setup_mat,
                    ),
                ];
                for (tray, at, mesh, mat) in trays {
                    c.spawn((
                        tray,
                        Mesh3d(mesh.clone()),
                        MeshMaterial3d(mat.clone()),
                        Transform::from_translation(at.with_y(tray_y)),
                        Visibility::Hidden,
                    ));
                }
            }
        });
}

/// The side whose turn it is (to move, or to set up), for the slab's colour.
pub(super) fn acting_side(screen: &Screen, m: Option<&KdMatch>, s: Option<&KdSetup>) -> Side {
    match (screen, m, s) {
        (Screen::KingdropsPlay, Some(m), _) => m.to_move(),
        (Screen::KingdropsSetup, _, Some(s)) => s.side,
        _ => Side::White,
    }
}

pub(super) fn turn_board(
    layout: Res<KdLayout>,
    screen: Res<State<Screen>>,
    m: Option<Res<KdMatch>>,
    s: Option<Res<KdSetup>>,
    looks: Option<Res<SlabLooks>>,
    mut boards: Query<&mut Transform, With<KdBoard>>,
    mut slabs: Query<&mut MeshMaterial3d<StandardMaterial>, With<KdSlab>>,
) {
    let turn = if layout.flipped {
        Quat::from_rotation_y(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    };
    for mut tf in &mut boards {
        if tf.rotation != turn {
            tf.rotation = turn;
        }
    }
    let Some(looks) = looks else { return };
    let want = match acting_side(screen.get(), m.as_deref(), s.as_deref()) {
        Side::White => &looks.white,
        Side::Black => &looks.black,
    };
    for mut mat in &mut slabs {
        if mat.0 != *want {
            mat.0 = want.clone();
        }
    }
}

pub(super) fn show_trays(
    screen: Res<State<Screen>>,
    s: Option<Res<KdSetup>>,
    mut trays: Query<(&Tray, &mut Visibility)>,
) {
    let setting_up = s.filter(|s| !s.finished()).map(|s| s.side);
    for (tray, mut vis) in &mut trays {
        let shown = match (screen.get(), tray) {
            (Screen::KingdropsPlay, Tray::Reserve(_) | Tray::Prison(_)) => true,
            (Screen::KingdropsSetup, Tray::Setup(side)) => setting_up == Some(*side),
            _ => false,
        };
        let want = if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        vis.set_if_neq(want);
    }
}
