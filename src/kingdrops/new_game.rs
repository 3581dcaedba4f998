//! The Kingdrops new-game screen: who plays each side (a person or the AI at Easy,
//! Medium or Hard), then the setup. Over it, rules.md's example layout stands on the
//! board.

use super::players::KdPlayers;
use super::setup::KdSetup;
use crate::players::game_name;
use crate::players::{AiLevel, Player};
use crate::screens::title::{GameCard, TitleChoice};
use crate::screens::widgets::player_picker_with_remote;
use crate::screens::{Screen, menu_window};
use crate::theme::menu_button;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;
use timefork_net::online::Seek;
use timefork_records::GameKind;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        new_game.run_if(in_state(Screen::KingdropsNew)),
    );
    app.init_resource::<KdNewGameError>();
    app.add_systems(
        OnEnter(Screen::KingdropsNew),
        |mut e: ResMut<KdNewGameError>| e.0 = None,
    );
}

/// Why the last start failed (a game to host needs one person here and one there, and
/// the port).
#[derive(Resource, Default, Debug)]
pub struct KdNewGameError(pub Option<String>);

/// The levels offered (the rules crate's AI has three above random).
pub const LEVELS: [AiLevel; 3] = [AiLevel::Easy, AiLevel::Medium, AiLevel::Hard];

/// What the new-game screen asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewGameChoice {
    Start,
    Back,
}

fn new_game(
    mut contexts: EguiContexts,
    mut players: ResMut<KdPlayers>,
    mut error: ResMut<KdNewGameError>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    match ui(contexts.ctx_mut()?, &mut players, error.0.as_deref()) {
        Some(NewGameChoice::Start) if players.0.contains(&Player::Remote) => {
            match crate::net::own_side_against_remote(players.0) {
                Ok(own) => {
                    // Untimed: Kingdrops shows no clock.
                    let seek = Seek {
                        game: timefork_records::GameKind::Kingdrops,
                        variant: None,
                        clock: None,
                        rated: false,
                        color: Some(own),
                        range: None,
                    };
                    crate::net::lan_server::queue_hosting(&mut commands, seek, |world, e| {
                        world.resource_mut::<KdNewGameError>().0 = Some(e)
                    });
                }
                Err(e) => error.0 = Some(e),
            }
        }
        Some(NewGameChoice::Start) => {
            commands.insert_resource(KdSetup::new(players.0));
            next.set(Screen::KingdropsSetup);
        }
        Some(NewGameChoice::Back) => next.set(Screen::Title),
        None => {}
    }
    Ok(())
}

/// The new-game panel.
pub fn ui(
    ctx: &egui::Context,
    players: &mut KdPlayers,
    error: Option<&str>,
) -> Option<NewGameChoice> {
    let mut choice = None;
    menu_window(ctx, "kingdrops new game", [480.0, 440.0], |ui| {
        ui.heading(tr!("kd-new-heading"));
        ui.add_space(4.0);
        crate::theme::prose::prose(ui, tr!("kd-new-about"));
        ui.add_space(10.0);
        player_picker_with_remote(ui, &tr!("common-white"), &mut players.0[0], &LEVELS);
        player_picker_with_remote(ui, &tr!("common-black"), &mut players.0[1], &LEVELS);
        if players.0.contains(&Player::Remote) {
            crate::theme::prose::prose(
                ui,
                egui::RichText::new(tr!("net-host-explain", port = timefork_net::DEFAULT_PORT))
                    .weak(),
            );
        }
        if let Some(e) = error {
            ui.colored_label(crate::theme::WARN, e);
        }
        ui.add_space(10.0);
        if menu_button(ui, &tr!("kd-set-up-pieces"))
            .on_hover_prose(tr!("kd-set-up-pieces-tip"))
            .clicked()
        {
            choice = Some(NewGameChoice::Start);
        }
        ui.add_space(6.0);
        if ui.button(tr!("common-back")).clicked() {
            choice = Some(NewGameChoice::Back);
        }
    });
    choice
}

/// Kingdrops' card on the title: a new game, the guided first game.
pub fn title_card() -> GameCard {
    GameCard {
        game: GameKind::Kingdrops,
        name: game_name(GameKind::Kingdrops),
        blurb: tr!("title-kingdrops-blurb"),
        buttons: vec![
            (
                tr!("title-new-game"),
                TitleChoice::Go(Screen::KingdropsNew),
                tr!("title-kingdrops-new-tip"),
            ),
            (
                tr!("title-learn"),
                TitleChoice::Guide(GameKind::Kingdrops),
                tr!("title-kingdrops-learn-tip"),
            ),
        ],
    }
}
