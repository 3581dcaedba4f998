//! Timefork, the game: Bevy front ends over the rules crates, one folder per game beside
//! the shared parts.
//! - `fived`, `wager`, `kingdrops`: the games, each registering with the shared parts what
//!   they need of it (its file kind, its rules chapter, its title card) from its own
//!   plugin.
//! - `screens`: the title (choose the game), load, settings, leaderboard.
//! - `camera`, `audio`, `settings`, `theme`, `files`, `leaderboard`, `players`, `pieces`:
//!   shared by every game.
//! - `game_kit`: what every game plugs into: the screens and their groups as computed
//!   states, one system order (`GameSystems`) and the deciding and pausable sets,
//!   background searches (`PoolTask`), AI budgets per level, history, guides, animation.
//! - `capture`: `--screenshot` and `--bench-frames`.

pub mod audio;
pub mod board_look;
pub mod camera;
pub mod capture;
pub mod cli_args;
pub mod desktop;
pub mod embedded;
pub mod file_dialogs;
pub mod files;
pub mod fived;
pub mod game_kit;
pub mod kingdrops;
pub mod leaderboard;
pub mod net;
pub mod pieces;
pub mod players;
pub mod pointer;
pub mod review;
pub mod rules_pages;
pub mod saved_games;
pub mod screens;
pub mod settings;
pub mod theme;
pub mod unfinished;
pub mod wager;
pub mod window;
pub mod window_icon;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

pub use cli_args::LaunchOptions;

/// The whole game, with a window.
pub fn game_app(opts: LaunchOptions) -> App {
    let mut app = App::new();
    // The settings are read before the window opens: it opens where it was left.
    let saved = settings::Settings::load(&settings::settings_path());
    let (resolution, position) = desktop::opening_place(&opts, &saved);
    app.insert_resource(saved);
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: format!("Timefork {}", env!("CARGO_PKG_VERSION")),
            resolution,
            position,
            // The Wayland app id and the X11 class: desktop files match on it.
            name: Some("timefork".into()),
            ..default()
        }),
        ..default()
    }));
    // Every asset is inside the binary (see build.rs).
    app.add_plugins(embedded::plugin);
    app.insert_resource(ClearColor(theme::palette::BACKGROUND));
    app.add_plugins(bevy_egui::EguiPlugin::default());
    app.add_plugins(bevy_pancam::PanCamPlugin);
    app.add_plugins((
        logic_plugin,
        theme::plugin,
        audio::plugin,
        (camera::plugin, pointer::plugin),
        pieces::plugin,
        game_kit::animation::plugin,
        screens::plugin,
        fived::plugin,
        wager::plugin,
        kingdrops::plugin,
        capture::plugin,
        rules_pages::plugin,
        desktop::plugin,
        window_icon::plugin,
        net::view_plugin,
    ));
    app.insert_resource(settings::LanguageOverride(opts.lang));
    app.insert_resource(opts);
    app
}

/// The rules side of the game without any rendering: the match, its requests and the
/// ECS mirror. Headless tests run exactly this.
pub fn logic_plugin(app: &mut App) {
    app.add_plugins(shared_logic_plugin);
    // Each game registers with the shared parts what they need of it (its file kind, its
    // rules chapter) from here.
    app.add_plugins((
        fived::logic_plugin,
        wager::logic_plugin,
        kingdrops::logic_plugin,
    ));
}

/// The shared parts without any game (a test adds a game of its own to them).
pub fn shared_logic_plugin(app: &mut App) {
    // Games write sound cues whether or not anything plays them.
    app.add_message::<audio::Cue>();
    app.init_resource::<files::SavesDir>();
    app.add_plugins((
        settings::plugin,
        unfinished::plugin,
        game_kit::plugin,
        saved_games::plugin,
        cli_args::plugin,
        file_dialogs::plugin,
        leaderboard::plugin,
        rules_pages::logic_plugin,
        net::plugin,
    ));
}

/// A headless app for tests: no window, no renderer, the real match and mirror systems.
/// It never touches the player's files: default settings, and a leaderboard, settings,
/// unfinished and saves folder (and any file a game keeps, such as a network name's key)
/// of its own in the temporary directory.
pub fn headless_app() -> App {
    headless_app_of(logic_plugin)
}

/// `headless_app` with the shared parts only, no game.
pub fn headless_shared_app() -> App {
    headless_app_of(shared_logic_plugin)
}

fn headless_app_of(logic: fn(&mut App)) -> App {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin));
    // Tests read English texts whatever the machine's language.
    app.insert_resource(settings::Settings {
        language: settings::LanguageSetting::En,
        // A test walks the title as a returning player would.
        tutorial_offered: true,
        ..default()
    });
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("timefork-test-{}-{n}", std::process::id()));
    // A folder left by an earlier run whose process had the same id starts empty.
    let _ = std::fs::remove_dir_all(&dir);
    app.insert_resource(leaderboard::LeaderboardFile(dir.join("leaderboard.json")));
    app.insert_resource(unfinished::UnfinishedDir(dir.join("unfinished")));
    app.insert_resource(settings::SettingsFile(dir.join("settings.json")));
    // Files a game keeps of its own (solved puzzles, say) go there too.
    app.insert_resource(files::ConfigDir(dir.clone()));
    app.insert_resource(files::SavesDir(dir.join("saves")));
    app.add_plugins(logic);
    app
}
