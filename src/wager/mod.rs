//! Timeline Wager in the window (seed 000, rules.md section 2): ordinary chess on many
//! timelines at once, with stakes, merges and weighted clocks, over `timefork_wager`.
//! - `matchplay`: the match resource, its time, requests, the autosaved record.
//! - `ai`: the AI opponent thinking in real time on the search pool.
//! - `view`: the board of the timeline on screen (3D, like the 5D boards) and the camera.
//! - `browse`: the history of the timeline on screen, ply by ply.
//! - `input`: clicks and keys to requests (moves, splits, switching timelines).
//! - `layout`: where the squares lie, seen from either side (the view and input read it).
//! - `panels` and `map`: the bar, merge offers, promotion, the map of timelines, the result.
//! - `new_game`: the new-match screen; `records`: leaderboard entries.
//! - `players`: who plays each side, as a record's `White`/`Black` tags name them.
//! - `texts`: translated texts several panels share (the rules' refusals among them).

pub mod ai;
pub mod browse;
pub mod guide;
pub mod input;
pub mod layout;
pub mod map;
pub mod matchplay;
pub mod net;
pub mod new_game;
pub mod panels;
pub mod players;
pub mod records;
pub mod rules_page;
pub mod save;
pub mod texts;
pub mod view;

use crate::audio::Cue;
use crate::game_kit::states::ActiveGame;
use crate::rules_pages::AddRules;
use crate::saved_games::AddGameFile;
use crate::saved_games::OpenGame;
use crate::screens::Screen;
use crate::screens::title::AddTitleCard;
use bevy::prelude::*;
use matchplay::{WagerEvent, WagerMatch, WagerOrigin};
use timefork_records::GameKind;
use timefork_wager::Action;

/// What Timeline Wager draws and reads from the window.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        view::plugin,
        input::plugin,
        panels::plugin,
        new_game::plugin,
        guide::plugin,
    ));
}

/// The rules side without any rendering: the match, the AI, the leaderboard, opening
/// files. Headless tests run exactly this.
pub fn logic_plugin(app: &mut App) {
    // Over a network: what the host decides and the joiner applies.
    app.add_plugins(net::plugin);
    // What the shared parts need of this game: its file kind, its rules, its title card.
    app.add_game_file(save::FILE)
        .add_rules(GameKind::Wager, rules_page::sections)
        .add_title_card(new_game::title_card);
    app.add_plugins((
        matchplay::plugin,
        browse::plugin,
        ai::plugin,
        records::plugin,
        guide::logic_plugin,
    ));
    app.add_systems(Update, (open_matches, cues));
    app.add_systems(OnExit(ActiveGame::Wager), end_match);
}

/// Leaving the match's screen ends it (its record is saved after every event).
fn end_match(mut commands: Commands) {
    commands.remove_resource::<WagerMatch>();
}

/// A `.wager` record opened from the load screen or the command line: the people who
/// played it play on from its last event (the AI takes no side it did not have).
fn open_matches(
    mut opened: MessageReader<OpenGame>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for OpenGame(o) in opened.read() {
        if let Some(m) = o.get::<timefork_wager::Match>() {
            let players = players::players_of(m);
            let mut w = WagerMatch::new(m.clone(), players, WagerOrigin::File);
            w.autosave = Some(o.path.clone());
            commands.insert_resource(w);
            next.set(Screen::WagerPlay);
        }
    }
}

/// A move, a split (a new timeline), a merge, the end of the match.
fn cues(mut events: MessageReader<WagerEvent>, mut out: MessageWriter<Cue>) {
    for e in events.read() {
        if let WagerEvent::Applied { event, applied } = e {
            let cue = if applied.ended.is_some() {
                Cue::End
            } else if applied.merged.is_some() {
                Cue::Jump
            } else {
                match event.action {
                    Action::Split { .. } => Cue::Timeline,
                    Action::Move { .. } => Cue::Move,
                    _ => continue,
                }
            };
            out.write(cue);
        }
    }
}
