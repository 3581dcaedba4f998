//! The visual language of the multiverse (seed 002): a frame on every board in the colour
//! of the side to move there, a strong frame on the boards that must be played, a dashed
//! one on the others that may be, the present as a band across the stack, the selected
//! piece and its destinations, arrows for moves that travelled, and the capture that
//! stops a submit.

use super::animation::hop_point;
use super::layout::Layout;
use crate::matchplay::Match;
use crate::mirror::{BoardFlags, BoardView, PresentLine};
use crate::picking::{Hovered, Selection};
use crate::settings::Settings;
use crate::theme::palette;
use bevy::prelude::*;
use timefork_engine::{Color as Side, Coord, SubmitError};

const LIFT: f32 = 0.03;
/// Just above the board tops, so the present boards take the band's tint.
const BAND_Y: f32 = 0.012;

/// The translucent band that marks the present.
#[derive(Component)]
pub struct PresentBand;

pub(super) fn setup_gizmos(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
    config.line.width = 2.5;
}

fn rect(gizmos: &mut Gizmos, center: Vec3, half: Vec2, color: Color) {
    let c = center + Vec3::Y * LIFT;
    let pts = [
        c + Vec3::new(-half.x, 0.0, -half.y),
        c + Vec3::new(half.x, 0.0, -half.y),
        c + Vec3::new(half.x, 0.0, half.y),
        c + Vec3::new(-half.x, 0.0, half.y),
        c + Vec3::new(-half.x, 0.0, -half.y),
    ];
    gizmos.linestrip(pts, color);
}

fn dashed_rect(gizmos: &mut Gizmos, center: Vec3, half: Vec2, color: Color) {
    let c = center + Vec3::Y * LIFT;
    let corners = [
        c + Vec3::new(-half.x, 0.0, -half.y),
        c + Vec3::new(half.x, 0.0, -half.y),
        c + Vec3::new(half.x, 0.0, half.y),
        c + Vec3::new(-half.x, 0.0, half.y),
    ];
    for i in 0..4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        let n = ((a.distance(b) / 0.5).round() as usize).max(2);
        for k in (0..n).step_by(2) {
            let t0 = k as f32 / n as f32;
            let t1 = (k + 1) as f32 / n as f32;
            gizmos.line(a.lerp(b, t0), a.lerp(b, t1), color);
        }
    }
}

fn arc(gizmos: &mut Gizmos, from: Vec3, to: Vec3, color: Color) {
    let height = 1.0 + from.distance(to) * 0.2;
    let pts: Vec<Vec3> = (0..=24)
        .map(|i| hop_point(from, to, height, i as f32 / 24.0) + Vec3::Y * 0.5)
        .collect();
    gizmos.linestrip(pts.iter().copied(), color);
    let n = pts.len();
    gizmos
        .arrow(pts[n - 3], pts[n - 1], color)
        .with_tip_length(0.5);
}

pub(super) fn draw_frames(
    mut gizmos: Gizmos,
    boards: Query<(&BoardView, &BoardFlags, &Transform)>,
) {
    for (b, f, tf) in &boards {
        let lay = Layout::new(b.width, b.height);
        let half = lay.half_extent() * tf.scale.x;
        let side = match f.side {
            Some(Side::White) => palette::FRAME_WHITE,
            _ => palette::FRAME_BLACK,
        };
        let center = tf.translation;
        if f.mandatory {
            rect(
                &mut gizmos,
                center,
                half + Vec2::splat(0.16),
                palette::MANDATORY,
            );
            rect(
                &mut gizmos,
                center,
                half + Vec2::splat(0.28),
                palette::MANDATORY,
            );
            rect(&mut gizmos, center, half + Vec2::splat(0.06), side);
        } else if f.playable {
            dashed_rect(
                &mut gizmos,
                center,
                half + Vec2::splat(0.2),
                palette::MANDATORY.with_alpha(0.8),
            );
            rect(&mut gizmos, center, half + Vec2::splat(0.06), side);
        } else {
            let faded = side.with_alpha(if f.active { 0.45 } else { 0.18 });
            rect(&mut gizmos, center, half + Vec2::splat(0.06), faded);
        }
    }
}

pub(super) fn draw_selection(
    mut gizmos: Gizmos,
    m: Option<Res<Match>>,
    selection: Res<Selection>,
    hovered: Res<Hovered>,
) {
    let Some(m) = m else { return };
    let lay = Layout::new(m.pos.width, m.pos.height);
    let sq = |c: Coord| lay.square_center(c.l, c.h, c.x, c.y);
    if let Some(c) = hovered.0 {
        rect(
            &mut gizmos,
            sq(c),
            Vec2::splat(0.47),
            Color::srgba(1.0, 1.0, 1.0, 0.5),
        );
    }
    let Some(from) = selection.from else { return };
    rect(&mut gizmos, sq(from), Vec2::splat(0.46), palette::SELECTED);
    rect(&mut gizmos, sq(from), Vec2::splat(0.40), palette::SELECTED);
    for mv in &selection.moves {
        let target = m.pos.piece_at(mv.to);
        let capture = target.is_some_and(|p| !p.is_empty() && p.color() != m.to_move());
        let color = if capture {
            palette::CAPTURE_DEST
        } else {
            palette::DESTINATION
        };
        let at = Isometry3d::new(
            sq(mv.to) + Vec3::Y * LIFT,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        );
        gizmos.circle(at, 0.3, color);
        if capture {
            gizmos.circle(at, 0.4, color);
        }
        if !mv.is_physical() {
            gizmos.circle(at, 0.18, color);
        }
    }
}

/// Arrows for moves that left their board (time travel and timeline jumps), and the
/// capture that makes the current turn unsubmittable.
pub(super) fn draw_travel(mut gizmos: Gizmos, m: Option<Res<Match>>, settings: Res<Settings>) {
    let Some(m) = m else { return };
    let lay = Layout::new(m.pos.width, m.pos.height);
    let sq = |c: Coord| lay.square_center(c.l, c.h, c.x, c.y);
    if settings.show_travel_arrows {
        let mut side = m.game.start.to_move;
        let submitted = m.game.actions.iter().map(|a| (a.as_slice(), true));
        let current: Vec<_> = m.pos.turn_moves().copied().collect();
        for (action, done) in submitted.chain(std::iter::once((current.as_slice(), false))) {
            let color = if side == Side::White {
                palette::TRAVEL_WHITE
            } else {
                palette::TRAVEL_BLACK
            };
            for mv in action.iter().filter(|mv| !mv.is_physical()) {
                arc(&mut gizmos, sq(mv.from), sq(mv.to), color);
            }
            if done {
                side = side.opponent();
            }
        }
    }
    if let Some(SubmitError::RoyalCapturable { from, to }) = m.submit_error() {
        arc(&mut gizmos, sq(from), sq(to), palette::THREAT);
        rect(&mut gizmos, sq(to), Vec2::splat(0.45), palette::THREAT);
    }
}

/// One band for the life of the app; hidden when no match is shown.
pub(super) fn spawn_present_band(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    {
        commands.spawn((
            PresentBand,
            Mesh3d(meshes.add(Plane3d::default().mesh().size(1.0, 1.0))),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color: palette::PRESENT,
                alpha_mode: AlphaMode::Blend,
                unlit: true,
                ..default()
            })),
            Transform::from_xyz(0.0, BAND_Y, 0.0),
            Visibility::Hidden,
        ));
    }
}

/// Keeps the band over the present column and across every timeline; it slides.
pub(super) fn place_present_band(
    m: Option<Res<Match>>,
    present: Query<&PresentLine>,
    mut band: Query<(&mut Transform, &mut Visibility), With<PresentBand>>,
    time: Res<Time>,
    settings: Res<Settings>,
) {
    let (Some(m), Ok(p)) = (m, present.single()) else {
        for (_, mut v) in &mut band {
            *v = Visibility::Hidden;
        }
        return;
    };
    let lay = Layout::new(m.pos.width, m.pos.height);
    let top = lay.board_center(m.pos.l_min(), p.h).z - lay.row_step() / 2.0;
    let bottom = lay.board_center(m.pos.l_max(), p.h).z + lay.row_step() / 2.0;
    // The band covers both boards of the present turn (White's and Black's half-turns).
    let x = lay.board_center(0, p.h).x;
    let target = Vec3::new(x, BAND_Y, (top + bottom) / 2.0);
    let scale = Vec3::new(lay.column_step(), 1.0, bottom - top);
    for (mut tf, mut v) in &mut band {
        *v = Visibility::Visible;
        let k = if settings.animation_speed > 0.0 {
            (time.delta_secs() * 6.0 * settings.animation_speed).min(1.0)
        } else {
            1.0
        };
        tf.translation = tf.translation.lerp(target, k);
        tf.scale = tf.scale.lerp(scale, k);
    }
}
