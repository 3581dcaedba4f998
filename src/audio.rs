//! Sounds through bevy_kira_audio: a move, a capture, a jump through time, a new
//! timeline, check, and the end of the game. Without a sound device the plugin only
//! warns, and the game runs on silently.

use crate::matchplay::{Match, MatchEvent, MateCheck};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;
use timefork_engine::GameStatus;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin);
    app.add_systems(Startup, load_sounds);
    app.add_systems(
        Update,
        play_sounds.after(crate::matchplay::MatchSystems::Mirror),
    );
}

#[derive(Resource)]
pub struct Sounds {
    pub moved: Handle<AudioSource>,
    pub capture: Handle<AudioSource>,
    pub jump: Handle<AudioSource>,
    pub timeline: Handle<AudioSource>,
    pub check: Handle<AudioSource>,
    pub end: Handle<AudioSource>,
}

fn load_sounds(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(Sounds {
        moved: assets.load("sounds/move.wav"),
        capture: assets.load("sounds/capture.wav"),
        jump: assets.load("sounds/jump.wav"),
        timeline: assets.load("sounds/timeline.wav"),
        check: assets.load("sounds/check.wav"),
        end: assets.load("sounds/end.wav"),
    });
}

/// Amplitude 0..=1 to decibels (silence at 0).
pub fn volume_db(volume: f32) -> f32 {
    if volume <= 0.001 {
        -80.0
    } else {
        20.0 * volume.log10()
    }
}

fn play_sounds(
    mut events: MessageReader<MatchEvent>,
    sounds: Option<Res<Sounds>>,
    audio: Res<Audio>,
    settings: Res<Settings>,
    m: Option<Res<Match>>,
    mut last_check: Local<Option<(u64, usize)>>,
) {
    let Some(sounds) = sounds else { return };
    let mut queue: Vec<&Handle<AudioSource>> = Vec::new();
    for e in events.read() {
        match e {
            MatchEvent::Moved {
                mv,
                effect,
                capture,
            } => queue.push(if effect.branched {
                &sounds.timeline
            } else if *capture {
                &sounds.capture
            } else if !mv.is_physical() {
                &sounds.jump
            } else {
                &sounds.moved
            }),
            MatchEvent::Over(_) => queue.push(&sounds.end),
            _ => {}
        }
    }
    if let Some(m) = m {
        let key = (m.id, m.game.actions.len());
        if m.mate_check == MateCheck::Done(GameStatus::Check) && *last_check != Some(key) {
            *last_check = Some(key);
            queue.push(&sounds.check);
        }
    }
    if settings.muted {
        return;
    }
    for h in queue {
        audio
            .play(h.clone())
            .with_volume(Decibels(volume_db(settings.volume)));
    }
}
