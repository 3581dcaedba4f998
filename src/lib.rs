//! Timefork, the game: a Bevy front end over `timefork-engine`.
//!
//! Data flows one way: input (`picking`, `hud`) sends requests, `matchplay` validates them
//! through the engine and owns the one authoritative position, `mirror` keeps ECS entities
//! in step with it, and `view` draws them. Where to look:
//! - `screens`: title, new game, load, settings, gameplay, game over (a `Screen` state each).
//! - `matchplay`: the match (engine state, players, clocks), move requests, the async mate check.
//! - `mirror`: timelines, boards, pieces and the present line as entities.
//! - `view`: layout in 3D space, meshes, highlights, labels, animation.
//! - `camera`: the 2.5D / perspective camera driven by a PanCam rig.
//! - `picking`: from the cursor to a square, clicks to move requests.
//! - `hud`: the in-game panels (turn, submit, move list, import/export).
//! - `settings`, `files`: what persists on disk.
//! - `capture`: `--screenshot` and `--bench-frames`.

pub mod audio;
pub mod camera;
pub mod capture;
pub mod cli_args;
pub mod files;
pub mod hud;
pub mod leaderboard;
pub mod matchplay;
pub mod mirror;
pub mod picking;
pub mod screens;
pub mod settings;
pub mod theme;
pub mod view;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

pub use cli_args::LaunchOptions;

/// The whole game, with a window.
pub fn game_app(opts: LaunchOptions) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Timefork".into(),
                    resolution: (1280, 720).into(),
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                // The game reads its sounds from `assets/` next to the manifest or the binary.
                file_path: files::assets_dir().to_string_lossy().into_owned(),
                ..default()
            }),
    );
    app.insert_resource(ClearColor(theme::palette::BACKGROUND));
    app.add_plugins(bevy_egui::EguiPlugin::default());
    app.add_plugins(bevy_pancam::PanCamPlugin);
    app.add_plugins((
        logic_plugin,
        theme::plugin,
        audio::plugin,
        camera::plugin,
        view::plugin,
        picking::plugin,
        hud::plugin,
        screens::plugin,
        capture::plugin,
    ));
    app.insert_resource(opts);
    app
}

/// The rules side of the game without any rendering: the match, its requests and the
/// ECS mirror. Headless tests run exactly this.
pub fn logic_plugin(app: &mut App) {
    app.add_plugins((
        settings::plugin,
        matchplay::plugin,
        mirror::plugin,
        picking::input_plugin,
        leaderboard::plugin,
    ));
}

/// A headless app for tests: no window, no renderer, the real match and mirror systems.
/// It never touches the player's files: default settings, and a leaderboard file of its
/// own in the temporary directory.
pub fn headless_app() -> App {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin));
    app.insert_resource(settings::Settings::default());
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    app.insert_resource(leaderboard::LeaderboardFile(std::env::temp_dir().join(
        format!("timefork-test-leaderboard-{}-{n}.json", std::process::id()),
    )));
    app.init_state::<screens::Screen>();
    app.add_plugins(logic_plugin);
    app
}
