//! The first-game guide of Kingdrops ("Learn to play" on its card): a real game against
//! the Easy AI, with a few steps that point at the controls: the setup, Ready, a turn of
//! up to three moves, then what drops, the exchange and winning are.

use super::matchplay::KdMatch;
use super::setup::KdSetup;
use crate::game_kit::guide::{
    GameGuide, GuideKeepOut, GuideStep, GuideWindow, StartGuide, add_guide_window, box_on_screen,
    end_with_game, skip_done,
};
use crate::game_kit::states::ActiveGame;
use crate::players::{AiLevel, Player};
use crate::screens::Screen;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use timefork_i18n::tr;
use timefork_records::GameKind;

pub(super) fn plugin(app: &mut App) {
    // The rules page, when open, stands alone over the game.
    add_guide_window::<KdGuide, _>(app, crate::rules_pages::closed);
    app.add_systems(
        EguiPrimaryContextPass,
        // Only while the window is drawn: its last place would hold room under the
        // rules page.
        frame_above
            .after(crate::game_kit::guide::show::<KdGuide>)
            .run_if(in_state(ActiveGame::Kingdrops))
            .run_if(resource_exists::<KdGuide>)
            .run_if(crate::rules_pages::closed),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        keep_pointer_off_board
            .before(crate::game_kit::guide::show::<KdGuide>)
            .run_if(in_state(ActiveGame::Kingdrops))
            .run_if(resource_exists::<KdGuide>),
    );
}

/// The logic half: starting a guided game and ending the guide with the game.
pub fn logic_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            start_guided,
            advance
                .run_if(resource_exists::<KdGuide>)
                .run_if(in_state(ActiveGame::Kingdrops)),
        )
            .chain(),
    );
    end_with_game::<KdGuide>(app);
}

/// The guide of the game being set up or played, and its step.
#[derive(Resource, Debug, Clone, PartialEq, Eq, Default)]
pub struct KdGuide {
    pub step: usize,
}

impl GameGuide for KdGuide {
    const GAME: ActiveGame = ActiveGame::Kingdrops;

    fn title() -> String {
        tr!("guide-kd-title")
    }

    fn steps() -> Vec<GuideStep> {
        let step = GuideStep::new;
        vec![
            step(tr!("guide-kd-setup"), Some("kd-quick"), true),
            step(tr!("guide-kd-ready"), Some("kd-ready"), true),
            step(tr!("guide-kd-turn"), Some("kd-end-turn"), true),
            step(tr!("guide-kd-drops"), None, false),
            step(tr!("guide-kd-exchange"), None, false),
            step(tr!("guide-kd-win"), Some("rules"), false),
        ]
    }

    fn step(&mut self) -> &mut usize {
        &mut self.step
    }
}

/// Whether the step that waits for the player has been done: the setup filled, play
/// begun, a turn of White's played.
pub fn step_done(step: usize, screen: Screen, s: Option<&KdSetup>, m: Option<&KdMatch>) -> bool {
    let playing = screen == Screen::KingdropsPlay;
    match step {
        0 => playing || s.is_some_and(|s| s.placed_count() == 16),
        1 => playing,
        2 => m.is_some_and(|m| !m.game.turns().is_empty()),
        _ => false,
    }
}

fn start_guided(
    mut asked: MessageReader<StartGuide>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for StartGuide(game) in asked.read() {
        if *game == GameKind::Kingdrops {
            commands.insert_resource(KdSetup::new([Player::Human, Player::Ai(AiLevel::Easy)]));
            commands.insert_resource(KdGuide::default());
            next.set(Screen::KingdropsSetup);
        }
    }
}

/// A step that waits moves on once done.
fn advance(
    mut guide: ResMut<KdGuide>,
    screen: Res<State<Screen>>,
    s: Option<Res<KdSetup>>,
    m: Option<Res<KdMatch>>,
) {
    skip_done(&mut *guide, |at| {
        step_done(at, *screen.get(), s.as_deref(), m.as_deref())
    });
}

/// The board stands above the guide's window.
fn frame_above(
    mut contexts: EguiContexts,
    shown: Res<GuideWindow>,
    mut room: ResMut<super::follow::PanelRoom>,
    screen: Res<State<Screen>>,
) -> Result {
    let window = contexts.ctx_mut()?.content_rect().size();
    if let Some(r) = shown.0 {
        room.take(*screen.get(), r, Vec2::new(window.x, window.y));
    }
    Ok(())
}

/// The guide's pointer goes around the board and its columns (their models stand about a
/// square high).
fn keep_pointer_off_board(
    camera: Query<(&Camera, &GlobalTransform), With<crate::camera::MainCamera>>,
    mut keep_out: ResMut<GuideKeepOut>,
) {
    let on_screen = camera.single().ok().and_then(|(cam, cam_tf)| {
        let reach = Vec3::new(super::layout::EXTENT.x, 0.0, super::layout::EXTENT.y);
        box_on_screen(cam, cam_tf, -reach, reach, 1.0)
    });
    keep_out.set_if_neq(GuideKeepOut(on_screen));
}
