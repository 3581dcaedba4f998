//! Kingdrops in the window (rules.md section 3): a new-game screen (who plays each side),
//! the setup (drag the pieces onto the two home ranks, White first, then Black), and play
//! on one 3D board with the reserves and prisons beside it. Data flows one way, as in
//! the 5D game: input sends requests, the match (or the setup) checks them with the rules
//! crate `timefork-kingdrops`, the mirror keeps piece entities in step, the view draws.
//! - `matchplay`: the one `Game`, the turn in progress, requests and events.
//! - `setup`: the setup phase and its requests; `new_game`: the new-game screen.
//! - `ai`: the AI's setups and turns, thought on the search pool and played as requests.
//! - `layout`: where squares, reserves, prisons and trays stand; `mirror`: piece entities.
//! - `input`: cursor to slot, clicks, drags and keys to requests.
//! - `view`: the board, trays, piece looks, highlights; `panels`: the egui panels.
//! - `browse`: the history shown turn by turn; `review`: a finished game's turns evaluated.
//! - `follow`: the camera's aim; `save`, `records`, `sounds`.

pub mod ai;
pub mod browse;
pub mod follow;
pub mod guide;
pub mod input;
pub mod layout;
pub mod matchplay;
pub mod mirror;
pub mod net;
pub mod new_game;
pub mod panels;
pub mod players;
pub mod records;
pub mod review;
pub mod rules_page;
pub mod save;
pub mod setup;
pub mod sounds;
pub mod texts;
pub mod unfinished;
pub mod view;

use crate::game_kit::states::ActiveGame;
use crate::players::Player;
use crate::rules_pages::AddRules;
use crate::saved_games::AddGameFile;
use crate::saved_games::OpenGame;
use crate::screens::Screen;
use crate::screens::title::AddTitleCard;
use bevy::prelude::*;
use matchplay::{KdMatch, KdOrigin};
use setup::KdSetup;
use timefork_records::GameKind;

pub use players::KdPlayers;

/// What Kingdrops draws and reads from the window.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        view::plugin,
        input::plugin,
        panels::plugin,
        follow::plugin,
        new_game::plugin,
        sounds::plugin,
        guide::plugin,
    ));
}

/// The rules side without any rendering: match, setup, AI, mirror, input, records.
/// Headless tests run exactly this.
pub fn logic_plugin(app: &mut App) {
    // Over a network: what the host decides and the joiner applies.
    app.add_plugins(net::plugin);
    // What the shared parts need of this game: its file kind, its rules, its title card.
    app.add_game_file(save::FILE)
        .add_rules(GameKind::Kingdrops, rules_page::sections)
        .add_title_card(new_game::title_card);
    app.init_resource::<KdPlayers>();
    app.add_plugins((
        matchplay::plugin,
        browse::plugin,
        review::plugin,
        setup::plugin,
        ai::plugin,
        mirror::plugin,
        input::input_plugin,
        records::plugin,
        guide::logic_plugin,
        unfinished::plugin,
    ));
    app.add_systems(Update, open_games);
    app.add_systems(OnEnter(ActiveGame::Kingdrops), follow::look_from_higher_up);
    app.add_systems(OnExit(ActiveGame::Kingdrops), follow::look_as_usual);
    app.add_systems(
        OnExit(ActiveGame::Kingdrops),
        (unfinished::keep_on_leaving, end_kingdrops).chain(),
    );
    app.add_systems(OnEnter(Screen::KingdropsNew), end_kingdrops);
    app.add_systems(OnEnter(Screen::KingdropsPlay), need_a_match);
}

/// Leaving Kingdrops (or starting a new game) ends the match and the setup.
fn end_kingdrops(mut commands: Commands) {
    commands.remove_resource::<KdMatch>();
    commands.remove_resource::<KdSetup>();
}

/// The play screen without a match (opened by hand) goes to the new-game screen.
fn need_a_match(m: Option<Res<KdMatch>>, mut next: ResMut<NextState<Screen>>) {
    if m.is_none() {
        next.set(Screen::KingdropsNew);
    }
}

/// A Kingdrops record opened from the load screen or the command line is played by the
/// players it names (two people when it names none).
fn open_games(
    mut opened: MessageReader<OpenGame>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for OpenGame(o) in opened.read() {
        let Some(saved) = o.get::<save::KdSaved>() else {
            continue;
        };
        let players = saved.players.unwrap_or([Player::Human; 2]);
        commands.insert_resource(KdMatch::new(saved.game.clone(), players, KdOrigin::File));
        commands.remove_resource::<KdSetup>();
        next.set(Screen::KingdropsPlay);
    }
}
