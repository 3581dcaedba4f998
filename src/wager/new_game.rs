//! The Timeline Wager new-match screen: who plays each side and the clock (untimed, 5+5,
//! 10+10 or custom). A match starts with one timeline, banks 50/50, and its record is
//! saved after every event.

use super::matchplay::{WagerMatch, WagerOrigin};
use crate::players::game_name;
use crate::players::{AiLevel, Player};
use crate::screens::title::{GameCard, TitleChoice};
use crate::screens::widgets::{clock_picker, player_picker_with_remote};
use crate::screens::{Screen, menu_window};
use crate::theme::menu_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;
use timefork_net::online::{ClockSpec, Seek};
use timefork_records::GameKind;
use timefork_wager::{Match, TimeControl};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WagerForm>();
    app.add_systems(
        EguiPrimaryContextPass,
        new_match.run_if(in_state(Screen::WagerNew)),
    );
}

/// The levels of Timeline Wager's AI.
pub const LEVELS: [AiLevel; 3] = [AiLevel::Easy, AiLevel::Medium, AiLevel::Hard];

/// The clock presets of Timeline Wager: 5+5 and 10+10 (minutes + seconds).
pub const PRESETS: [(u32, u32); 2] = [(300, 5), (600, 10)];

#[derive(Resource)]
pub struct WagerForm {
    pub players: [Player; 2],
    pub clock: Option<(u32, u32)>,
    pub error: Option<String>,
}

impl Default for WagerForm {
    fn default() -> Self {
        WagerForm {
            players: [Player::Human, Player::Ai(AiLevel::Medium)],
            clock: Some((600, 10)),
            error: None,
        }
    }
}

/// The match the form describes (the caller says where its record is kept).
pub fn start(form: &WagerForm) -> Result<WagerMatch, String> {
    let control = form
        .clock
        .map(|(base, inc)| {
            let (base_ms, inc_ms) = (u64::from(base) * 1000, u64::from(inc) * 1000);
            TimeControl::new(base_ms, inc_ms)
                .map_err(|_| super::texts::clock_error(base_ms, inc_ms))
        })
        .transpose()?;
    let mut m = Match::new(control);
    for (side, p) in ["White", "Black"].iter().zip(form.players) {
        m.set_tag(side, &super::players::record_name(p));
    }
    Ok(WagerMatch::new(m, form.players, WagerOrigin::New))
}

/// The form; returns the match to start and whether Back was pressed.
pub fn ui(ctx: &egui::Context, form: &mut WagerForm) -> (Option<Result<WagerMatch, String>>, bool) {
    let mut out = None;
    let mut back = false;
    menu_window(ctx, "wager new", [580.0, 410.0], |ui| {
        ui.heading(tr!("wager-new-heading"));
        crate::theme::prose::prose(ui, tr!("wager-new-about"));
        ui.add_space(8.0);
        player_picker_with_remote(ui, &tr!("common-white"), &mut form.players[0], &LEVELS);
        player_picker_with_remote(ui, &tr!("common-black"), &mut form.players[1], &LEVELS);
        if form.players.contains(&Player::Remote) {
            crate::theme::prose::prose(
                ui,
                egui::RichText::new(tr!("net-host-explain", port = timefork_net::DEFAULT_PORT))
                    .weak(),
            );
        }
        clock_picker(ui, &mut form.clock, &PRESETS);
        ui.add_space(10.0);
        if menu_button(ui, &tr!("wager-start")).clicked() {
            out = Some(start(form));
        }
        if let Some(e) = &form.error {
            ui.colored_label(crate::theme::WARN, e);
        }
        ui.add_space(8.0);
        back = ui.button(tr!("common-back")).clicked();
    });
    (out, back)
}

fn new_match(
    mut contexts: EguiContexts,
    mut form: ResMut<WagerForm>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    dir: Res<crate::unfinished::UnfinishedDir>,
) -> Result {
    let (out, back) = ui(contexts.ctx_mut()?, &mut form);
    if back {
        next.set(Screen::Title);
    }
    match out {
        Some(Ok(mut w)) => {
            form.error = None;
            // Kept unfinished after every event; moved to the saves when it ends. Not a
            // network match: it goes on only by joining it again.
            if !w.players.contains(&Player::Remote) {
                w.autosave = Some(dir.new_file(&super::save::FILE));
            }
            if w.players.contains(&Player::Remote) {
                match crate::net::own_side_against_remote(w.players) {
                    Ok(own) => {
                        let seek = Seek {
                            game: GameKind::Wager,
                            variant: None,
                            clock: form.clock.map(|(base_s, increment_s)| ClockSpec {
                                base_s,
                                increment_s,
                            }),
                            rated: false,
                            color: Some(own),
                            range: None,
                        };
                        crate::net::lan_server::queue_hosting(&mut commands, seek, |world, e| {
                            world.resource_mut::<WagerForm>().error = Some(e)
                        });
                    }
                    Err(e) => form.error = Some(e),
                }
            } else {
                commands.insert_resource(w);
                next.set(Screen::WagerPlay);
            }
        }
        Some(Err(e)) => form.error = Some(e),
        None => {}
    }
    Ok(())
}

/// Timeline Wager's card on the title: a new match, the guided first match.
pub fn title_card() -> GameCard {
    GameCard {
        game: GameKind::Wager,
        name: game_name(GameKind::Wager),
        blurb: tr!("title-wager-blurb"),
        buttons: vec![
            (
                tr!("title-new-match"),
                TitleChoice::Go(Screen::WagerNew),
                tr!("title-wager-new-tip"),
            ),
            (
                tr!("title-learn"),
                TitleChoice::Guide(GameKind::Wager),
                tr!("title-wager-learn-tip"),
            ),
        ],
    }
}
