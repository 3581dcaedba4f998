//! The lesson on the boards: the boards and squares its task names framed in blue, and
//! the hint (the intended turn's first move) as a gold arrow, drawn with the puzzles'
//! marks.

use super::session::{ActiveLesson, LessonPhase};
use crate::fived::puzzles::marks::{
    HINT, LIFT, LiveBoards, PuzzleGizmos, move_arrow, square_frame,
};
use bevy::prelude::*;
use timefork_engine::tutorial::Focus;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, draw_marks);
}

/// Light blue: apart from the hint's gold and the refutation's red.
pub(super) const FOCUS: Color = Color::srgb(0.35, 0.75, 1.0);

/// A frame a little outside a board's edge, so the board's own frame stays visible.
fn board_frame(g: &mut Gizmos<PuzzleGizmos>, at: Vec3, half: Vec2, color: Color) {
    let c = at + Vec3::Y * LIFT;
    let (hx, hz) = (half.x + 0.25, half.y + 0.25);
    let p = |x: f32, z: f32| c + Vec3::new(x, 0.0, z);
    g.linestrip(
        [p(-hx, -hz), p(hx, -hz), p(hx, hz), p(-hx, hz), p(-hx, -hz)],
        color,
    );
}

fn draw_marks(mut g: Gizmos<PuzzleGizmos>, live: LiveBoards, active: Res<ActiveLesson>) {
    let Some((m, lay)) = live.get() else { return };
    let Some(s) = active.of(m) else { return };
    for f in &s.lesson.focus {
        match *f {
            Focus::Board { l, h } => {
                board_frame(&mut g, lay.board_center(l, h), lay.half_extent(), FOCUS)
            }
            Focus::Square(c) => {
                square_frame(&mut g, lay.square_center(c.l, c.h, c.x, c.y), 0.46, FOCUS)
            }
        }
    }
    // The hint is about the lesson's start: gone once the turn is played.
    if let Some(mv) = s.hint
        && s.phase != LessonPhase::Solved
        && m.game.actions.is_empty()
    {
        let sq = |c: timefork_engine::Coord| lay.square_center(c.l, c.h, c.x, c.y);
        move_arrow(&mut g, sq(mv.from), sq(mv.to), !mv.is_physical(), HINT);
    }
}
