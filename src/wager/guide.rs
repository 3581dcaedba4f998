//! The first-match guide of Timeline Wager ("Learn to play" on its card): a real match
//! against the Easy AI at 10+10, with a few steps that point at the controls: a move, a
//! split with a stake, the map of timelines, the weighted clocks, merge offers, winning.

use super::matchplay::WagerMatch;
use super::new_game::{WagerForm, start};
use crate::game_kit::guide::{
    GameGuide, GuideStep, StartGuide, add_guide_window, end_with_game, skip_done,
};
use crate::game_kit::states::ActiveGame;
use crate::players::{AiLevel, Player};
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_i18n::tr;
use timefork_records::GameKind;
use timefork_wager::cozy_chess::Color;

pub(super) fn plugin(app: &mut App) {
    // The rules page, when open, stands alone over the game.
    add_guide_window::<WagerGuide, _>(app, crate::rules_pages::closed);
}

/// The logic half: starting a guided match and ending the guide with the match.
pub fn logic_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            start_guided,
            advance
                .run_if(resource_exists::<WagerGuide>)
                .run_if(resource_exists::<WagerMatch>),
        )
            .chain(),
    );
    end_with_game::<WagerGuide>(app);
}

/// The guide of the match being played, and its step.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct WagerGuide {
    pub match_id: u64,
    pub step: usize,
}

impl GameGuide for WagerGuide {
    const GAME: ActiveGame = ActiveGame::Wager;

    fn title() -> String {
        tr!("guide-wager-title")
    }

    fn steps() -> Vec<GuideStep> {
        let step = GuideStep::new;
        vec![
            step(tr!("guide-wager-move"), None, true),
            step(tr!("guide-wager-split"), Some("wager-split"), true),
            step(tr!("guide-wager-map"), Some("wager-map"), false),
            step(tr!("guide-wager-clock"), Some("wager-clocks"), false),
            step(tr!("guide-wager-merge"), None, false),
            step(tr!("guide-wager-win"), Some("rules"), false),
        ]
    }

    fn step(&mut self) -> &mut usize {
        &mut self.step
    }
}

/// Whether the step that waits for the player has been done in `w`.
pub fn step_done(step: usize, w: &WagerMatch) -> bool {
    let by_white = w.m.events().iter().any(|e| e.event.side == Color::White);
    match step {
        0 => by_white,
        1 => w.m.split_count() > 0,
        _ => false,
    }
}

fn start_guided(
    mut asked: MessageReader<StartGuide>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    dir: Res<crate::unfinished::UnfinishedDir>,
) {
    for StartGuide(game) in asked.read() {
        if *game != GameKind::Wager {
            continue;
        }
        let form = WagerForm {
            players: [Player::Human, Player::Ai(AiLevel::Easy)],
            clock: Some((600, 10)),
            error: None,
        };
        // The form's own clock always reads; a failure would be a bug in the presets.
        if let Ok(mut w) = start(&form) {
            w.autosave = Some(dir.new_file(&super::save::FILE));
            commands.insert_resource(WagerGuide {
                match_id: w.id,
                step: 0,
            });
            commands.insert_resource(w);
            next.set(Screen::WagerPlay);
        }
    }
}

/// A step that waits moves on once done; another match than the guided one ends the
/// guide.
fn advance(mut commands: Commands, mut guide: ResMut<WagerGuide>, w: Res<WagerMatch>) {
    if guide.match_id != w.id {
        commands.remove_resource::<WagerGuide>();
        return;
    }
    skip_done(&mut *guide, |at| step_done(at, &w));
}
