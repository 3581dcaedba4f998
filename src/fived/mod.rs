//! 5D chess in the window. Data flows one way: input (`picking`, `hud`) sends requests,
//! `matchplay` validates them through the engine and owns the one authoritative position,
//! `mirror` keeps ECS entities in step with it, and `view` draws them.
//! - `matchplay`: the match (engine state, players, clocks), requests, the async mate check, the AI.
//! - `mirror`: timelines, boards, pieces and the present line as entities.
//! - `view`: layout in 3D space, board meshes, highlights, labels, animation.
//! - `picking`: from the cursor to a square, clicks and keys to requests.
//! - `follow`: where the camera looks (F, G, double click, after each turn).
//! - `hud`: the in-game panels (turn bar, move list, import/export, game over).
//! - `new_game`: the new-game screen; `flow`: entering and leaving gameplay.
//! - `analysis`: a position opened on a free board with the engine's evaluation.
//! - `review`: a finished game's turns evaluated, the worst marked (the window is `hud`'s).
//! - `puzzles`: the puzzle list and the puzzle in play (a match the solver defends).
//! - `tutorial`: the lessons of the rules, each played on the boards and judged.

pub mod analysis;
pub mod backdrop;
pub mod drawings;
pub mod flow;
pub mod follow;
pub mod hud;
pub mod last_turn;
pub mod matchplay;
pub mod mirror;
pub mod net;
pub mod new_game;
pub mod picking;
pub mod puzzles;
pub mod records;
pub mod review;
pub mod rules_page;
pub mod save;
pub mod sounds;
pub mod tutorial;
pub mod unfinished;
pub mod view;

use crate::rules_pages::AddRules;
use crate::saved_games::AddGameFile;
use crate::screens::title::AddTitleCard;
use bevy::prelude::*;
use timefork_records::GameKind;

/// What 5D chess draws and reads from the window.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        view::plugin,
        picking::plugin,
        hud::plugin,
        follow::plugin,
        new_game::plugin,
        flow::plugin,
        sounds::plugin,
        backdrop::plugin,
        puzzles::plugin,
        tutorial::plugin,
        drawings::view_plugin,
    ));
}

/// The rules side without any rendering: the match, its requests and the ECS mirror.
/// Headless tests run exactly this.
pub fn logic_plugin(app: &mut App) {
    // Over a network: what the host decides and the joiner applies.
    app.add_plugins(net::plugin);
    // What the shared parts need of this game: its file kind, its rules, its title card.
    app.add_game_file(save::FILE)
        .add_rules(GameKind::FiveD, rules_page::sections)
        .add_title_card(new_game::title_card);
    app.add_plugins((
        matchplay::plugin,
        analysis::plugin,
        mirror::plugin,
        last_turn::plugin,
        picking::input_plugin,
        records::plugin,
        review::plugin,
        puzzles::logic_plugin,
        tutorial::logic_plugin,
        unfinished::plugin,
        drawings::input_plugin,
    ));
    app.add_systems(OnEnter(crate::screens::Screen::Title), end_match);
    // Opening a file is logic too: the headless tests open games as the window does.
    app.add_systems(Update, flow::open_games);
}

/// Leaving a game for the title ends it: its entities clear with it. The multiverse that
/// drifts behind the menus carries on, and a finished game left for a new-game form stays
/// on view behind it until the next one starts.
fn end_match(mut commands: Commands, m: Option<Res<matchplay::Match>>) {
    if m.is_some_and(|m| m.origin != matchplay::Origin::Backdrop) {
        commands.remove_resource::<matchplay::Match>();
    }
}
