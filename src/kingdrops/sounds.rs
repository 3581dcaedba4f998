//! Which sound each Kingdrops event makes: a move, a capture, a drop, the prisoner
//! exchange, the end of the game; and a piece set down in the setup.

use super::matchplay::KdEvent;
use crate::audio::Cue;
use crate::game_kit::GameSystems;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, cues.after(GameSystems::Mirror));
}

fn cues(mut events: MessageReader<KdEvent>, mut out: MessageWriter<Cue>) {
    for e in events.read() {
        match e {
            KdEvent::Moved { mv, capture, .. } => {
                out.write(if capture.is_some() {
                    Cue::Capture
                } else if mv.is_drop() {
                    Cue::Jump
                } else {
                    Cue::Move
                });
            }
            KdEvent::Undone { .. } => {
                out.write(Cue::Move);
            }
            KdEvent::TurnEnded { exchanges, .. } if !exchanges.is_empty() => {
                out.write(Cue::Timeline);
            }
            KdEvent::Over(_) => {
                out.write(Cue::End);
            }
            _ => {}
        }
    }
}
