//! Which sound each 5D event makes: a move, a capture, a jump through time, a new
//! timeline, check (once per position), the end of the game.

use super::matchplay::{Match, MatchEvent, MateCheck, Player, color_index};
use crate::audio::Cue;
use crate::game_kit::GameSystems;
use bevy::prelude::*;
use timefork_engine::GameStatus;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, cues.after(GameSystems::Mirror));
}

fn cues(
    mut events: MessageReader<MatchEvent>,
    m: Option<Res<Match>>,
    mut out: MessageWriter<Cue>,
    mut last_check: Local<Option<(u64, usize)>>,
) {
    for e in events.read() {
        match e {
            MatchEvent::Moved {
                mv,
                effect,
                capture,
            } => {
                out.write(if effect.branched {
                    Cue::Timeline
                } else if *capture {
                    Cue::Capture
                } else if !mv.is_physical() {
                    Cue::Jump
                } else {
                    Cue::Move
                });
            }
            // A person's moves sounded one by one; an AI's whole turn sounds on arrival.
            MatchEvent::Submitted { by, .. } => {
                if let Some(m) = &m
                    && matches!(m.players[color_index(*by)], Player::Ai(_))
                {
                    for (mv, effect) in &m.last_submitted {
                        out.write(if effect.branched {
                            Cue::Timeline
                        } else if !mv.is_physical() {
                            Cue::Jump
                        } else {
                            Cue::Move
                        });
                    }
                }
            }
            MatchEvent::Over(_) => {
                out.write(Cue::End);
            }
            _ => {}
        }
    }
    if let Some(m) = m {
        let key = (m.id, m.game.actions.len());
        if m.mate_check == MateCheck::Done(GameStatus::Check) && *last_check != Some(key) {
            *last_check = Some(key);
            out.write(Cue::Check);
        }
    }
}
