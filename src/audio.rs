//! Sounds through bevy_kira_audio, shared by every game: games write `Cue` messages and
//! this plays them at the volume the settings ask for. Without a sound device the plugin
//! only warns, and the game runs on silently.

use crate::settings::Settings;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin);
    app.add_message::<Cue>();
    app.add_systems(Startup, load_sounds);
    app.add_systems(PostUpdate, play_cues);
}

/// Something worth a sound.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A piece moved (or a drop, a plain move on a timeline).
    Move,
    Capture,
    /// A piece travelled through time or across timelines.
    Jump,
    /// A new timeline (a branch, a split).
    Timeline,
    Check,
    /// The game ended.
    End,
    /// A clock fell under its warning threshold.
    LowTime,
}

#[derive(Resource)]
pub struct Sounds {
    by_cue: Vec<(Cue, Handle<AudioSource>)>,
}

fn load_sounds(mut commands: Commands, assets: Res<AssetServer>) {
    let by_cue = [
        (Cue::Move, "sounds/move.wav"),
        (Cue::Capture, "sounds/capture.wav"),
        (Cue::Jump, "sounds/jump.wav"),
        (Cue::Timeline, "sounds/timeline.wav"),
        (Cue::Check, "sounds/check.wav"),
        (Cue::End, "sounds/end.wav"),
        (Cue::LowTime, "sounds/low-time.wav"),
    ]
    .into_iter()
    .map(|(c, name)| (c, assets.load(crate::embedded::path(name))))
    .collect();
    commands.insert_resource(Sounds { by_cue });
}

/// Amplitude 0..=1 to decibels (silence at 0).
pub fn volume_db(volume: f32) -> f32 {
    if volume <= 0.001 {
        -80.0
    } else {
        20.0 * volume.log10()
    }
}

fn play_cues(
    mut cues: MessageReader<Cue>,
    sounds: Option<Res<Sounds>>,
    audio: Res<Audio>,
    settings: Res<Settings>,
    background: Option<Res<crate::desktop::InBackground>>,
) {
    let away = settings.mute_in_background && background.is_some_and(|b| b.0);
    let Some(sounds) = sounds else {
        cues.clear();
        return;
    };
    let mut played = Vec::new();
    for cue in cues.read() {
        // One sound per cue and frame: an AI's whole turn should not stack ten clicks.
        if settings.muted || away || played.contains(cue) {
            continue;
        }
        played.push(*cue);
        if let Some((_, h)) = sounds.by_cue.iter().find(|(c, _)| c == cue) {
            audio
                .play(h.clone())
                .with_volume(Decibels(volume_db(settings.volume)));
        }
    }
}
