//! Where the last submitted turn shows on the boards it made, as every chess program marks
//! the last move: each move's square left and square reached, on the new boards (a move
//! on one board shows on that board's next state; a jump's arrival on the board it created
//! or extended). Kept per match and turn count, so it is worked out once a turn; the view
//! draws it (`view::highlights::draw_last_turn`).

use crate::fived::matchplay::Match;
use bevy::prelude::*;
use timefork_engine::{Coord, Move, Position};

/// The marks follow the match (headless too); the view draws them.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastTurnMarks>();
    app.add_systems(
        Update,
        follow_last_turn.after(crate::game_kit::GameSystems::Apply),
    );
}

/// Where the last turn's moves show: (left, reached) per move.
#[derive(Resource, Default, Debug, Clone)]
pub struct LastTurnMarks {
    key: Option<(u64, usize)>,
    pub squares: Vec<(Coord, Coord)>,
    /// The position at `key`, so the next turn's marks need no replay of the game.
    seen: Option<Position>,
}

/// The squares a turn's moves left and reached, on the boards the turn made, played
/// from `before`.
pub fn turn_squares(before: &Position, action: &[Move]) -> Vec<(Coord, Coord)> {
    let mut pos = before.clone();
    action
        .iter()
        .map(|mv| {
            let effect = pos.make_move(mv);
            let left = Coord {
                l: effect.src_l,
                h: mv.from.h + 1,
                ..mv.from
            };
            let reached = if mv.is_physical() {
                Coord {
                    h: mv.from.h + 1,
                    ..mv.to
                }
            } else {
                Coord {
                    l: effect.dst_l.unwrap_or(mv.to.l),
                    h: mv.to.h + 1,
                    ..mv.to
                }
            };
            (left, reached)
        })
        .collect()
}

fn follow_last_turn(m: Option<Res<Match>>, mut marks: ResMut<LastTurnMarks>) {
    let Some(m) = m else {
        if marks.key.is_some() {
            *marks = LastTurnMarks::default();
        }
        return;
    };
    let n = m.game.actions.len();
    let key = Some((m.id, n));
    if marks.key == key {
        return;
    }
    let follows = marks.key == Some((m.id, n.wrapping_sub(1)));
    let seen = marks.seen.take().filter(|_| follows);
    marks.squares = match n.checked_sub(1) {
        Some(last) => {
            // One turn on from the position seen last: no need to play the game again.
            let before = seen.unwrap_or_else(|| m.game.position_at(last));
            turn_squares(&before, &m.game.actions[last])
        }
        None => Vec::new(),
    };
    marks.key = key;
    marks.seen = Some(m.game.position().clone());
}
