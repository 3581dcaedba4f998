//! The puzzle on the boards: after a wrong turn, the defence that escapes (red arrows from
//! each moving piece to where it goes, over the boards as they stand); the hint's piece
//! framed in gold, and its move as a gold arrow once asked for.

use super::session::{ActivePuzzle, Phase};
use crate::multiverse::matchplay::Match;
use crate::multiverse::matchplay::browse::Browse;
use crate::multiverse::view::animation::hop_point;
use crate::multiverse::view::layout::Orientation;
use bevy::prelude::*;
use timefork_engine::{Coord, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_gizmo_group::<PuzzleGizmos>();
    app.add_systems(Startup, wide_lines);
    app.add_systems(PostUpdate, draw_marks);
}

/// The puzzle's marks draw with lines of their own width, wider than the frames'.
#[derive(Default, Reflect, GizmoConfigGroup)]
pub struct PuzzleGizmos;

const REFUTATION: Color = Color::srgb(1.0, 0.25, 0.2);
const HINT: Color = Color::srgb(1.0, 0.8, 0.2);
/// Above the pieces' bases, under their heads.
const LIFT: f32 = 0.05;

fn wide_lines(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<PuzzleGizmos>();
    config.line.width = 5.0;
    // Drawn over the boards and pieces so an arrow is never hidden behind a piece.
    config.depth_bias = -0.5;
}

fn square_frame(g: &mut Gizmos<PuzzleGizmos>, at: Vec3, half: f32, color: Color) {
    let c = at + Vec3::Y * LIFT;
    let p = |x: f32, z: f32| c + Vec3::new(x, 0.0, z);
    g.linestrip(
        [
            p(-half, -half),
            p(half, -half),
            p(half, half),
            p(-half, half),
            p(-half, -half),
        ],
        color,
    );
}

/// An arrow for a move: a low arc on its board, a high one through time or timelines.
fn move_arrow(g: &mut Gizmos<PuzzleGizmos>, from: Vec3, to: Vec3, travel: bool, color: Color) {
    let d = from.distance(to);
    let height = if travel {
        1.2 + d * 0.2
    } else {
        0.5 + d * 0.12
    };
    let pts: Vec<Vec3> = (0..=24)
        .map(|i| hop_point(from, to, height, i as f32 / 24.0) + Vec3::Y * 0.3)
        .collect();
    g.linestrip(pts.iter().copied(), color);
    let n = pts.len();
    g.arrow(pts[n - 4], pts[n - 1], color).with_tip_length(0.45);
    square_frame(g, from, 0.44, color);
    let ring = Isometry3d::new(
        to + Vec3::Y * LIFT,
        Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
    );
    g.circle(ring, 0.36, color);
}

fn draw_marks(
    mut g: Gizmos<PuzzleGizmos>,
    m: Option<Res<Match>>,
    active: Res<ActivePuzzle>,
    browse: Res<Browse>,
    orientation: Res<Orientation>,
) {
    let Some(m) = m else { return };
    let Some(s) = active.of(&m) else { return };
    // History shows other positions: the marks belong to the live one.
    if browse.is_browsing(&m) {
        return;
    }
    let lay = orientation.layout(&m.pos);
    let sq = |c: Coord| lay.square_center(c.l, c.h, c.x, c.y);
    let arrow = |g: &mut Gizmos<PuzzleGizmos>, mv: &Move, color: Color| {
        move_arrow(g, sq(mv.from), sq(mv.to), !mv.is_physical(), color);
    };
    if let Phase::Wrong {
        refutation: Some(a),
        ..
    } = &s.phase
    {
        for mv in a {
            arrow(&mut g, mv, REFUTATION);
        }
    }
    if let Some(h) = s.hint_now(&m)
        && let Some(Ok(mv)) = &h.answer
        && s.players_turn(&m)
    {
        if h.show_move {
            arrow(&mut g, mv, HINT);
        } else {
            square_frame(&mut g, sq(mv.from), 0.46, HINT);
            square_frame(&mut g, sq(mv.from), 0.38, HINT);
        }
    }
}
