//! An arrow along each timeline (seed 004): purple while the timeline is active, in the
//! colour of the player who made it while it is inactive. It runs under the boards from
//! the first board to just past the last one, so it shows in the gaps and points on.

use super::layout::{BOARD_THICKNESS, Orientation};
use crate::fived::matchplay::Match;
use crate::fived::matchplay::browse::Browse;
use crate::fived::mirror::TimelineView;
use crate::theme::palette;
use bevy::prelude::*;
use timefork_engine::Color as Side;

/// Width of the arrow's shaft and head, in squares.
const SHAFT_WIDTH: f32 = 0.7;
const HEAD_WIDTH: f32 = 2.0;
const HEAD_LENGTH: f32 = 1.6;
/// Inside the slabs, so boards hide it and the gaps between them show it.
const ARROW_Y: f32 = -BOARD_THICKNESS * 0.5;

#[derive(Resource)]
pub struct ArrowAssets {
    shaft: Handle<Mesh>,
    head: Handle<Mesh>,
    active: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
    black: Handle<StandardMaterial>,
}

/// The shaft (a unit square stretched along x) and the head of a timeline's arrow.
#[derive(Component)]
pub struct ArrowShaft;

#[derive(Component)]
pub struct ArrowHead;

/// The colour of a timeline's arrow.
pub fn arrow_color(t: &TimelineView) -> Color {
    match (t.active, t.creator) {
        (true, _) | (false, None) => palette::TIMELINE_ACTIVE,
        (false, Some(Side::White)) => palette::TIMELINE_WHITE,
        (false, Some(Side::Black)) => palette::TIMELINE_BLACK,
    }
}

pub(super) fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut mat = |c: Color| {
        materials.add(StandardMaterial {
            base_color: c,
            unlit: true,
            ..default()
        })
    };
    let head = Mesh::new(
        bevy::mesh::PrimitiveTopology::TriangleList,
        bevy::asset::RenderAssetUsages::default(),
    )
    .with_inserted_attribute(
        Mesh::ATTRIBUTE_POSITION,
        vec![
            [0.0, 0.0, -HEAD_WIDTH / 2.0],
            [0.0, 0.0, HEAD_WIDTH / 2.0],
            [HEAD_LENGTH, 0.0, 0.0],
        ],
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; 3])
    .with_inserted_indices(bevy::mesh::Indices::U32(vec![0, 1, 2]));
    commands.insert_resource(ArrowAssets {
        shaft: meshes.add(Plane3d::default().mesh().size(1.0, SHAFT_WIDTH)),
        head: meshes.add(head),
        active: mat(palette::TIMELINE_ACTIVE),
        white: mat(palette::TIMELINE_WHITE),
        black: mat(palette::TIMELINE_BLACK),
    });
}

impl ArrowAssets {
    fn material(&self, t: &TimelineView) -> Handle<StandardMaterial> {
        match (t.active, t.creator) {
            (true, _) | (false, None) => self.active.clone(),
            (false, Some(Side::White)) => self.white.clone(),
            (false, Some(Side::Black)) => self.black.clone(),
        }
    }
}

pub(super) fn dress_timelines(
    mut commands: Commands,
    added: Query<(Entity, &TimelineView), Added<TimelineView>>,
    assets: Option<Res<ArrowAssets>>,
) {
    let Some(a) = assets else { return };
    for (e, t) in &added {
        let mat = a.material(t);
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::default()))
            .with_children(|c| {
                c.spawn((
                    ArrowShaft,
                    Mesh3d(a.shaft.clone()),
                    MeshMaterial3d(mat.clone()),
                    Transform::default(),
                ));
                c.spawn((
                    ArrowHead,
                    Mesh3d(a.head.clone()),
                    MeshMaterial3d(mat),
                    Transform::default(),
                ));
            });
    }
}

/// Lays every arrow along its timeline (after a move, a browse or a flip) and colours it
/// by the timeline's state.
pub(super) fn place_arrows(
    m: Option<Res<Match>>,
    browse: Res<Browse>,
    orientation: Res<Orientation>,
    assets: Option<Res<ArrowAssets>>,
    timelines: Query<(&TimelineView, &Children)>,
    mut shafts: Query<
        (&mut Transform, &mut MeshMaterial3d<StandardMaterial>),
        (With<ArrowShaft>, Without<ArrowHead>),
    >,
    mut heads: Query<
        (&mut Transform, &mut MeshMaterial3d<StandardMaterial>),
        (With<ArrowHead>, Without<ArrowShaft>),
    >,
) {
    let (Some(m), Some(a)) = (m, assets) else {
        return;
    };
    let pos = browse.position(&m);
    let lay = orientation.layout(pos);
    for (t, children) in &timelines {
        let Some(tl) = pos.timeline(t.l) else {
            continue;
        };
        // From the first board's left edge to just past the last board's right edge.
        let first = lay.board_center(t.l, tl.start);
        let last = lay.board_center(t.l, tl.last_h());
        let x0 = first.x - lay.column_step() / 2.0;
        let x1 = last.x + lay.width as f32 / 2.0 + 0.3;
        let mat = a.material(t);
        for c in children.iter() {
            if let Ok((mut tf, mut m)) = shafts.get_mut(c) {
                *tf = Transform::from_xyz((x0 + x1) / 2.0, ARROW_Y, first.z).with_scale(Vec3::new(
                    x1 - x0,
                    1.0,
                    1.0,
                ));
                if m.0 != mat {
                    m.0 = mat.clone();
                }
            }
            if let Ok((mut tf, mut m)) = heads.get_mut(c) {
                *tf = Transform::from_xyz(x1, ARROW_Y, first.z);
                if m.0 != mat {
                    m.0 = mat.clone();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_are_purple_while_active_else_their_makers_colour() {
        let t = |active, creator| TimelineView {
            l: 1,
            label: "+1".into(),
            active,
            creator,
        };
        assert_eq!(
            arrow_color(&t(true, Some(Side::White))),
            palette::TIMELINE_ACTIVE
        );
        assert_eq!(arrow_color(&t(true, None)), palette::TIMELINE_ACTIVE);
        assert_eq!(
            arrow_color(&t(false, Some(Side::White))),
            palette::TIMELINE_WHITE
        );
        assert_eq!(
            arrow_color(&t(false, Some(Side::Black))),
            palette::TIMELINE_BLACK
        );
    }
}
