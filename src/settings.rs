//! Player settings, kept in `settings.json` in the platform's config directory and written
//! (atomically) once they settle: a slider being dragged changes them every frame, and the
//! file is written half a second after the last change (or when the game closes).

use crate::files;
use crate::players::Player;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use timefork_i18n::Lang;

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<SettingsFile>() {
        app.insert_resource(SettingsFile(settings_path()));
    }
    if !app.world().contains_resource::<Settings>() {
        let path = app.world().resource::<SettingsFile>().0.clone();
        app.insert_resource(Settings::load(&path));
    }
    app.add_systems(Last, save_when_settled);
    app.add_systems(First, apply_language);
}

/// Where this app keeps its settings (tests point it elsewhere).
#[derive(Resource, Debug, Clone)]
pub struct SettingsFile(pub PathBuf);

/// How long settings must stay unchanged before they are written.
pub const SETTLE: std::time::Duration = std::time::Duration::from_millis(500);

#[derive(Resource, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(default)]
pub struct Settings {
    /// 0..=1.
    pub volume: f32,
    pub muted: bool,
    /// Animation speed multiplier; 0 turns animations off.
    pub animation_speed: f32,
    pub show_travel_arrows: bool,
    /// The last choices on the new-game screen.
    pub last_variant: String,
    pub last_players: [Player; 2],
    /// The last 5D clock: (base seconds, increment seconds), or untimed.
    pub last_clock: Option<(u32, u32)>,
    /// The name written on the leaderboard.
    pub player_name: String,
    /// Shadows and 4x anti-aliasing.
    pub quality: Quality,
    /// Which side of the 5D multiverse faces the viewer.
    pub view_side: ViewSide,
    /// 3D models or flat icons.
    pub piece_style: crate::pieces::PieceStyle,
    /// The language of every text; `System` follows the system's language.
    pub language: LanguageSetting,
    /// Whether the title has offered the tutorial (once, on the first start).
    pub tutorial_offered: bool,
    /// The size of every panel and text (egui's zoom), 0.5 to 2.5; Ctrl +/-/0 change it.
    pub ui_scale: f32,
    /// Silence while another window has the focus.
    pub mute_in_background: bool,
    /// The window's size and place when it was last moved or resized (not fullscreen).
    pub window: Option<WindowPlace>,
    /// The Timefork server last played on (none is built in).
    pub online_server: String,
}

/// Where the window was: its size in logical pixels and its top-left corner on the screen.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
pub struct WindowPlace {
    pub width: f32,
    pub height: f32,
    pub x: i32,
    pub y: i32,
}

/// The UI scale's limits and step.
pub const UI_SCALE_MIN: f32 = 0.5;
pub const UI_SCALE_MAX: f32 = 2.5;
pub const UI_SCALE_STEP: f32 = 0.1;

/// The language setting: one of ours, or whatever the system's language is.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum LanguageSetting {
    #[default]
    System,
    En,
    Ru,
    Ja,
}

impl LanguageSetting {
    pub const ALL: [LanguageSetting; 4] = [
        LanguageSetting::System,
        LanguageSetting::En,
        LanguageSetting::Ru,
        LanguageSetting::Ja,
    ];

    /// The language this setting means on this system.
    pub fn lang(self) -> Lang {
        match self {
            LanguageSetting::System => Lang::system(),
            LanguageSetting::En => Lang::En,
            LanguageSetting::Ru => Lang::Ru,
            LanguageSetting::Ja => Lang::Ja,
        }
    }

    pub fn of(lang: Lang) -> LanguageSetting {
        match lang {
            Lang::En => LanguageSetting::En,
            Lang::Ru => LanguageSetting::Ru,
            Lang::Ja => LanguageSetting::Ja,
        }
    }
}

/// Which side is shown near the viewer. `Auto`: the human's side against the AI, the side
/// to move when two people share the computer.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ViewSide {
    #[default]
    Auto,
    White,
    Black,
}

impl ViewSide {
    /// The side shown nearest the viewer, in a game's own colours (`white`, `black`): the
    /// setting, or on Auto the one person's side against the AI, in a game of two people
    /// the side `acting` (to move, or setting up), and White when the AI plays both.
    pub fn near_viewer<C>(self, players: [Player; 2], acting: C, white: C, black: C) -> C {
        match self {
            ViewSide::White => white,
            ViewSide::Black => black,
            ViewSide::Auto => match players {
                [Player::Human, Player::Human] => acting,
                [_, Player::Human] => black,
                _ => white,
            },
        }
    }
}

/// Graphics quality. `Auto` is high on a graphics card and low on a software renderer
/// (such as Mesa's lavapipe), where shadows and anti-aliasing cost most of a frame.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Quality {
    #[default]
    Auto,
    High,
    Low,
}

impl Quality {
    pub fn is_high(self, software_renderer: bool) -> bool {
        match self {
            Quality::Auto => !software_renderer,
            Quality::High => true,
            Quality::Low => false,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.7,
            muted: false,
            animation_speed: 1.0,
            show_travel_arrows: true,
            last_variant: "Standard".into(),
            // Most people come to play the AI.
            last_players: [Player::Human, Player::Ai(crate::players::AiLevel::Medium)],
            last_clock: None,
            player_name: "Player".into(),
            quality: Quality::Auto,
            view_side: ViewSide::Auto,
            piece_style: crate::pieces::PieceStyle::Models,
            ui_scale: 1.0,
            mute_in_background: true,
            window: None,
            online_server: String::new(),
            language: LanguageSetting::System,
            tutorial_offered: false,
        }
    }
}

pub fn settings_path() -> PathBuf {
    files::config_dir().join("settings.json")
}

impl Settings {
    /// Reads the settings; a missing or unreadable file gives the defaults (with a warning
    /// for an unreadable one, which is then replaced on the next change).
    pub fn load(path: &std::path::Path) -> Settings {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str::<Settings>(&text)
                .map(Settings::sanitized)
                .unwrap_or_else(|e| {
                    warn!("{}: {e}; using the default settings", path.display());
                    Settings::default()
                }),
            Err(_) => Settings::default(),
        }
    }

    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        files::write_atomically(path, text.as_bytes())
    }

    fn sanitized(mut self) -> Settings {
        self.volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            0.7
        };
        self.animation_speed = if self.animation_speed.is_finite() {
            self.animation_speed.clamp(0.0, 4.0)
        } else {
            1.0
        };
        self.ui_scale = if self.ui_scale.is_finite() {
            self.ui_scale.clamp(UI_SCALE_MIN, UI_SCALE_MAX)
        } else {
            1.0
        };
        // A window smaller than the smallest supported one, or a silly size, is forgotten.
        self.window = self.window.filter(|w| {
            (640.0..=16384.0).contains(&w.width) && (400.0..=16384.0).contains(&w.height)
        });
        self
    }
}

/// The language every text is drawn in: `--lang` when the game was started with it (for
/// screenshots; it does not change the saved setting), else the setting.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct LanguageOverride(pub Option<Lang>);

fn apply_language(settings: Res<Settings>, forced: Option<Res<LanguageOverride>>) {
    let forced = forced.and_then(|f| f.0);
    let lang = forced.unwrap_or_else(|| settings.language.lang());
    if timefork_i18n::language() != lang {
        timefork_i18n::set_language(lang);
    }
}

/// Writes the settings once they have not changed for `SETTLE`, or at exit.
fn save_when_settled(
    settings: Res<Settings>,
    file: Res<SettingsFile>,
    time: Res<Time<Real>>,
    mut exit: MessageReader<AppExit>,
    mut changed_at: Local<Option<std::time::Duration>>,
) {
    let now = time.elapsed();
    if settings.is_changed() && !settings.is_added() {
        *changed_at = Some(now);
    }
    let closing = exit.read().count() > 0;
    let Some(at) = *changed_at else { return };
    if now.saturating_sub(at) < SETTLE && !closing {
        return;
    }
    *changed_at = None;
    if let Err(e) = settings.save(&file.0) {
        warn!("could not save settings to {}: {e}", file.0.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::AiLevel;

    #[test]
    fn settings_round_trip_and_bad_files_fall_back() {
        let dir = std::env::temp_dir().join(format!("timefork-settings-{}", std::process::id()));
        let p = dir.join("settings.json");
        assert_eq!(Settings::load(&p), Settings::default());
        let s = Settings {
            volume: 0.25,
            muted: true,
            animation_speed: 2.0,
            show_travel_arrows: false,
            last_variant: "Turn Zero".into(),
            last_players: [Player::Human, Player::Ai(AiLevel::Hard)],
            last_clock: Some((600, 5)),
            player_name: "Ada".into(),
            online_server: "192.168.1.20:5760".into(),
            quality: Quality::Low,
            view_side: ViewSide::Black,
            piece_style: crate::pieces::PieceStyle::FlatIcons,
            language: LanguageSetting::Ja,
            tutorial_offered: true,
            ui_scale: 1.3,
            mute_in_background: false,
            window: Some(WindowPlace {
                width: 1600.0,
                height: 900.0,
                x: 20,
                y: -5,
            }),
        };
        s.save(&p).unwrap();
        assert_eq!(Settings::load(&p), s);
        std::fs::write(&p, "{ not json").unwrap();
        assert_eq!(Settings::load(&p), Settings::default());
        std::fs::write(
            &p,
            r#"{"volume": 9.0, "animation_speed": -3, "ui_scale": 40,
                "window": {"width": 10, "height": 10, "x": 0, "y": 0}}"#,
        )
        .unwrap();
        let l = Settings::load(&p);
        assert_eq!((l.volume, l.animation_speed), (1.0, 0.0));
        // A scale past the limit is held to it; a window too small to use is forgotten.
        assert_eq!(l.ui_scale, UI_SCALE_MAX);
        assert_eq!(l.window, None);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
