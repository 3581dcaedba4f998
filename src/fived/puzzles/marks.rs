//! The puzzle on the boards: after a wrong turn, the defence that escapes (red arrows from
//! each moving piece to where it goes, over the boards as they stand); the hint's piece
//! framed in gold, and its move as a gold arrow once asked for. And the camera: a puzzle
//! opens on its last few turns, where the mate is, rather than its whole history.

use super::session::{ActivePuzzle, Phase};
use crate::camera::{CameraGoal, CameraSystems, Goal, ViewInsets, ViewPitch, fit_scale};
use crate::fived::matchplay::Match;
use crate::fived::matchplay::browse::Browse;
use crate::fived::view::layout::{Layout, Orientation};
use crate::game_kit::animation::hop_point;
use crate::game_kit::states::ActiveGame;
use crate::window::MainWindow;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use timefork_engine::{Coord, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_gizmo_group::<PuzzleGizmos>();
    app.add_systems(Startup, wide_lines);
    app.add_systems(PostUpdate, draw_marks);
    app.add_systems(
        Update,
        frame_the_present
            .in_set(CameraSystems::Aim)
            .run_if(in_state(ActiveGame::FiveD)),
    );
}

/// Half-turns a puzzle opens on: the last two turns of every timeline.
const COLUMNS: i32 = 4;

/// A puzzle's match (new, or started over) is framed on its last turns. The 5D camera
/// frames every new match in its first frame; this comes the frame after.
fn frame_the_present(
    m: Option<Res<Match>>,
    active: Res<ActivePuzzle>,
    pitch: ViewPitch,
    orientation: Res<Orientation>,
    insets: Res<ViewInsets>,
    window: MainWindow,
    mut goal: ResMut<CameraGoal>,
    mut seen: Local<(u64, u32)>,
) {
    let Some(m) = m else { return };
    if active.of(&m).is_none() {
        return;
    }
    if seen.0 != m.id {
        *seen = (m.id, 0);
    }
    seen.1 += 1;
    if seen.1 != 2 {
        return;
    }
    let pos = &m.pos;
    let lay = orientation.layout(pos);
    let last = pos
        .timeline_indices()
        .map(|l| pos.last_h(l))
        .max()
        .unwrap_or(0);
    let half = lay.half_extent();
    let half = Vec3::new(half.x, 0.0, half.y);
    let mut bounds: Option<(Vec3, Vec3)> = None;
    for (l, h, _) in pos.all_boards() {
        if h > last - COLUMNS {
            let c = lay.board_center(l, h);
            let (lo, hi) = bounds.unwrap_or((c - half, c + half));
            bounds = Some((lo.min(c - half), hi.max(c + half)));
        }
    }
    let Some((lo, hi)) = bounds else { return };
    let size = window.size();
    goal.0 = Some(Goal {
        center: (lo + hi) / 2.0,
        scale: Some(fit_scale(lo, hi, 3.0, pitch.get(), size, &insets) * 1.05),
    });
}

/// The puzzle's marks draw with lines of their own width, wider than the frames'.
#[derive(Default, Reflect, GizmoConfigGroup)]
pub struct PuzzleGizmos;

const REFUTATION: Color = Color::srgb(1.0, 0.25, 0.2);
pub(crate) const HINT: Color = Color::srgb(1.0, 0.8, 0.2);
/// Above the pieces' bases, under their heads.
pub(crate) const LIFT: f32 = 0.05;

fn wide_lines(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<PuzzleGizmos>();
    config.line.width = 5.0;
    // Drawn over the boards and pieces so an arrow is never hidden behind a piece.
    config.depth_bias = -0.5;
}

pub(crate) fn square_frame(g: &mut Gizmos<PuzzleGizmos>, at: Vec3, half: f32, color: Color) {
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
pub(crate) fn move_arrow(
    g: &mut Gizmos<PuzzleGizmos>,
    from: Vec3,
    to: Vec3,
    travel: bool,
    color: Color,
) {
    let d = from.distance(to);
    // High enough to clear the pieces even for a step of one square.
    let height = if travel {
        1.2 + d * 0.2
    } else {
        0.9 + d * 0.12
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
    g.circle(ring, 0.26, color);
}

/// The match on the table and where its boards lie, for marks over the live position
/// (puzzles' and lessons'); nothing while the history shows another position.
#[derive(SystemParam)]
pub struct LiveBoards<'w> {
    m: Option<Res<'w, Match>>,
    browse: Res<'w, Browse>,
    orientation: Res<'w, Orientation>,
}

impl LiveBoards<'_> {
    pub fn get(&self) -> Option<(&Match, Layout)> {
        let m = self.m.as_deref()?;
        (!self.browse.is_browsing(m)).then(|| (m, self.orientation.layout(&m.pos)))
    }
}

fn draw_marks(mut g: Gizmos<PuzzleGizmos>, live: LiveBoards, active: Res<ActivePuzzle>) {
    let Some((m, lay)) = live.get() else { return };
    let Some(s) = active.of(m) else { return };
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
    if let Some(h) = s.hint_now(m)
        && let Some(Ok(mv)) = &h.answer
        && s.players_turn(m)
    {
        if h.show_move {
            arrow(&mut g, mv, HINT);
        } else {
            square_frame(&mut g, sq(mv.from), 0.46, HINT);
            square_frame(&mut g, sq(mv.from), 0.38, HINT);
        }
    }
}
