//! The pieces: their models or flat icons, and the piece in the hand following the
//! cursor.

use crate::kingdrops::input::SetupHand;
use crate::kingdrops::mirror::KdPiece;
use crate::pieces::meshes::PieceAssets;
use crate::pieces::{PieceStyle, Shape};
use crate::pointer::TablePoint;
use crate::screens::Screen;
use crate::settings::Settings;
use bevy::prelude::*;
use timefork_kingdrops::{Color as Side, Kind};

use super::look::*;

/// The model of each kind.
pub fn shape_of(kind: Kind) -> Shape {
    match kind {
        Kind::King => Shape::King,
        Kind::Queen => Shape::Queen,
        Kind::Rook => Shape::Rook,
        Kind::Bishop => Shape::Bishop,
        Kind::Guard => Shape::Guard,
        Kind::Spearman => Shape::Spearman,
        Kind::Archer => Shape::Archer,
    }
}

pub fn painted(side: Side) -> crate::pieces::Side {
    match side {
        Side::White => crate::pieces::Side::White,
        Side::Black => crate::pieces::Side::Black,
    }
}

pub(super) type Looks = (
    &'static KdPiece,
    &'static mut Mesh3d,
    &'static mut MeshMaterial3d<StandardMaterial>,
);

/// New pieces get their look; a new piece style restyles them all.
pub(super) fn dress_pieces(
    mut commands: Commands,
    assets: Option<Res<PieceAssets>>,
    settings: Res<Settings>,
    fresh: Query<(Entity, &KdPiece), Without<Mesh3d>>,
    mut dressed: Query<Looks>,
    mut style: Local<Option<PieceStyle>>,
) {
    let Some(assets) = assets else { return };
    for (e, p) in &fresh {
        let (mesh, mat) = assets.look(
            settings.piece_style,
            shape_of(p.piece.kind),
            painted(p.piece.color),
        );
        commands
            .entity(e)
            .insert((Mesh3d(mesh), MeshMaterial3d(mat)));
    }
    if style.is_some_and(|s| s != settings.piece_style) {
        for (p, mut mesh, mut mat) in &mut dressed {
            let (m, t) = assets.look(
                settings.piece_style,
                shape_of(p.piece.kind),
                painted(p.piece.color),
            );
            mesh.0 = m;
            mat.0 = t;
        }
    }
    *style = Some(settings.piece_style);
}

/// The piece being dragged floats over the cursor.
pub(super) fn follow_the_hand(
    screen: Res<State<Screen>>,
    hand: Res<SetupHand>,
    point: Res<TablePoint>,
    mut pieces: Query<(&KdPiece, &mut Transform)>,
) {
    let (Screen::KingdropsSetup, true, Some((slot, _))) = (screen.get(), hand.dragging, hand.held)
    else {
        return;
    };
    let Some(p) = point.at else {
        return;
    };
    for (kp, mut tf) in &mut pieces {
        if kp.slot == slot {
            tf.translation = p + Vec3::Y * DRAG_LIFT;
        }
    }
}
