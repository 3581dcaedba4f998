//! The 5D new-game screen: a variant from the engine's catalogue (or the community
//! variants), or a 5DPGN / 5DFEN file or pasted text; who plays each side; the clock. It
//! lays out in two columns when the window is wide enough and in one otherwise, and never
//! grows past the window (the variant list scrolls, long names are cut with a tooltip).

use crate::files;
use crate::fived::matchplay::clocks::TimeControl;
use crate::fived::matchplay::{Match, Origin};
use crate::fived::save::read_save;
use crate::players::game_name;
use crate::players::{AiLevel, Player};
use crate::screens::title::{GameCard, TitleChoice};
use crate::screens::widgets::{clock_picker, player_picker_with_remote};
use crate::screens::{Screen, menu_window};
use crate::settings::Settings;
use crate::theme::menu_button;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_engine::variants;
use timefork_i18n::tr;
use timefork_net::online::{ClockSpec, Seek};
use timefork_records::GameKind;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameForm>();
    app.add_systems(OnEnter(Screen::FiveDNew), prepare_form);
    app.add_systems(
        EguiPrimaryContextPass,
        new_game.run_if(in_state(Screen::FiveDNew)),
    );
}

#[derive(Resource, Default)]
pub struct NewGameForm {
    base: Vec<String>,
    community: Vec<String>,
    filter: String,
    /// (community?, name)
    chosen: (bool, String),
    players: [Player; 2],
    clock: Option<(u32, u32)>,
    path: String,
    text: String,
    error: Option<String>,
}

/// The clock presets of the 5D game: 5+5, 10+5, 15+10.
fn presets() -> Vec<(u32, u32)> {
    TimeControl::PRESETS
        .iter()
        .map(|t| (t.base_secs, t.increment_secs))
        .collect()
}

fn prepare_form(mut form: ResMut<NewGameForm>, settings: Res<Settings>) {
    form.prepare(&settings);
}

impl NewGameForm {
    /// The form as the new-game screen opens: the catalogue and the last choices.
    pub fn prepare(&mut self, settings: &Settings) {
        let form = self;
        if form.base.is_empty() {
            form.base = variants::names();
            form.community = variants::official_catalogue()
                .into_iter()
                .map(|v| v.name)
                .collect();
        }
        form.chosen = (false, settings.last_variant.clone());
        form.players = settings.last_players;
        form.clock = settings.last_clock;
        form.error = None;
    }
}

/// A catalogue variant's name in the current language ("Simple - No Queens"); the name
/// itself stays the variant's id (settings, the `Board` header). Names this list lacks
/// (the community variants, anything newer) are shown as they are.
pub fn variant_label(name: &str) -> String {
    match name {
        "Standard" => tr!("fived-variant-standard"),
        "Standard - Turn Zero" => tr!("fived-variant-standard-turn-zero"),
        "Standard - Princess" => tr!("fived-variant-standard-princess"),
        "Standard - Two Timelines" => tr!("fived-variant-standard-two-timelines"),
        "Standard - Defended Pawn" => tr!("fived-variant-standard-defended-pawn"),
        "Standard - Reversed Royalty" => tr!("fived-variant-standard-reversed-royalty"),
        "Standard - Half Reflected" => tr!("fived-variant-standard-half-reflected"),
        "Small" => tr!("fived-variant-small"),
        "Small - Flipped" => tr!("fived-variant-small-flipped"),
        "Small - Centered" => tr!("fived-variant-small-centered"),
        "Small - Open" => tr!("fived-variant-small-open"),
        "Very Small" => tr!("fived-variant-very-small"),
        "Very Small - Open" => tr!("fived-variant-very-small-open"),
        "Simple - No Queens" => tr!("fived-variant-simple-no-queens"),
        "Simple - Knights vs. Bishop" => tr!("fived-variant-simple-knights-vs-bishop"),
        "Simple - No Bishops" => tr!("fived-variant-simple-no-bishops"),
        "Simple - No Knights" => tr!("fived-variant-simple-no-knights"),
        "Simple - No Rooks" => tr!("fived-variant-simple-no-rooks"),
        "Simple - Simple Set" => tr!("fived-variant-simple-simple-set"),
        "Misc - Timeline Invasion" => tr!("fived-variant-misc-timeline-invasion"),
        "Misc - Timeline Formations" => tr!("fived-variant-misc-timeline-formations"),
        "Misc - Timeline Tactitian" => tr!("fived-variant-misc-timeline-tactitian"),
        "Misc - Timeline Strategos" => tr!("fived-variant-misc-timeline-strategos"),
        "Misc - Timeline Battlegrounds" => tr!("fived-variant-misc-timeline-battlegrounds"),
        "Misc - Timeline Skirmish" => tr!("fived-variant-misc-timeline-skirmish"),
        "Misc - Timeline Fragments" => tr!("fived-variant-misc-timeline-fragments"),
        "Misc - Timeline Marauders" => tr!("fived-variant-misc-timeline-marauders"),
        "Misc - King Of Kings" => tr!("fived-variant-misc-king-of-kings"),
        "Misc - Royal Queen Showdown" => tr!("fived-variant-misc-royal-queen-showdown"),
        "Misc - Excessive" => tr!("fived-variant-misc-excessive"),
        "Misc - Global Warming" => tr!("fived-variant-misc-global-warming"),
        "Focused - Just Knights" => tr!("fived-variant-focused-just-knights"),
        "Focused - Just Bishops" => tr!("fived-variant-focused-just-bishops"),
        "Focused - Just Rooks" => tr!("fived-variant-focused-just-rooks"),
        "Focused - Just Queens" => tr!("fived-variant-focused-just-queens"),
        "Focused - Just Pawns" => tr!("fived-variant-focused-just-pawns"),
        "Focused - Just Kings" => tr!("fived-variant-focused-just-kings"),
        "Focused - Just Unicorns" => tr!("fived-variant-focused-just-unicorns"),
        "Focused - Just Dragons" => tr!("fived-variant-focused-just-dragons"),
        "Focused - Just Brawns" => tr!("fived-variant-focused-just-brawns"),
        "Checkmate Practice - Knight" => tr!("fived-variant-practice-knight"),
        "Checkmate Practice - Bishop" => tr!("fived-variant-practice-bishop"),
        "Checkmate Practice - Rook" => tr!("fived-variant-practice-rook"),
        "Checkmate Practice - Queen" => tr!("fived-variant-practice-queen"),
        "Checkmate Practice - Pawns" => tr!("fived-variant-practice-pawns"),
        other => other.to_string(),
    }
}

/// The variant list: filter, scrolling names (cut to the width, full name on hover).
fn variant_list(ui: &mut egui::Ui, form: &mut NewGameForm, height: f32) {
    ui.label(egui::RichText::new(tr!("fived-variant")).strong());
    ui.add(egui::TextEdit::singleline(&mut form.filter).hint_text(tr!("fived-filter")));
    egui::ScrollArea::vertical()
        .id_salt("variants")
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let f = form.filter.to_lowercase();
            for (community, list) in [(false, &form.base), (true, &form.community)] {
                if community {
                    ui.separator();
                    ui.label(egui::RichText::new(tr!("fived-community-variants")).weak());
                }
                // The filter finds a variant by its shown name or by its own.
                let shown = list
                    .iter()
                    .map(|n| (n, variant_label(n)))
                    .filter(|(n, label)| {
                        n.to_lowercase().contains(&f) || label.to_lowercase().contains(&f)
                    });
                for (name, label) in shown {
                    let on = form.chosen == (community, name.clone());
                    let r = ui
                        .add(egui::Button::selectable(on, label.as_str()).truncate())
                        .on_hover_prose(label.as_str());
                    if r.clicked() {
                        form.chosen = (community, name.clone());
                    }
                }
            }
        });
}

/// Players, clock, start, and the file and paste alternatives.
fn choices(
    ui: &mut egui::Ui,
    form: &mut NewGameForm,
    start: &mut Option<Result<Match, String>>,
    back: &mut bool,
) {
    player_picker_with_remote(
        ui,
        &tr!("common-white"),
        &mut form.players[0],
        &AiLevel::ALL,
    );
    player_picker_with_remote(
        ui,
        &tr!("common-black"),
        &mut form.players[1],
        &AiLevel::ALL,
    );
    if form.players.contains(&Player::Remote) {
        crate::theme::prose::prose(
            ui,
            egui::RichText::new(tr!("net-host-explain", port = timefork_net::DEFAULT_PORT)).weak(),
        );
    }
    clock_picker(ui, &mut form.clock, &presets());
    ui.add_space(8.0);
    let chosen = variant_label(&form.chosen.1);
    ui.add(egui::Label::new(tr!("fived-variant-chosen", name = &chosen)).truncate())
        .on_hover_prose(chosen.as_str());
    let tc = form.clock.map(|(b, i)| TimeControl {
        base_secs: b,
        increment_secs: i,
    });
    if menu_button(ui, &tr!("fived-start")).clicked() {
        let (community, name) = form.chosen.clone();
        *start = Some(
            if community {
                variants::official_by_name(&name)
                    .map(|v| {
                        let mut g = timefork_engine::Game::new(v.position);
                        g.headers.push(("Board".into(), v.name));
                        Match::new(g, form.players).from_origin(Origin::Variant)
                    })
                    .ok_or_else(|| tr!("fived-no-such-variant", name = &name))
            } else {
                Match::from_variant(&name, form.players)
            }
            .map(|m| m.timed(tc)),
        );
    }
    ui.add_space(12.0);
    ui.label(tr!("fived-or-open-file"));
    if let Some(path) =
        crate::file_dialogs::path_row(ui, &mut form.path, tr!("fived-path-hint"), 220.0)
    {
        *start = Some(
            files::read_text(&path)
                .and_then(|t| read_save(&t))
                .map(|s| s.into_match(form.players)),
        );
    }
    ui.label(tr!("fived-or-paste"));
    ui.add(
        egui::TextEdit::multiline(&mut form.text)
            .desired_rows(3)
            .desired_width(300.0)
            .code_editor(),
    );
    if ui.button(tr!("fived-start-from-pasted")).clicked() {
        *start = Some(
            read_save(&form.text).map(|s| s.into_match(form.players).from_origin(Origin::Pasted)),
        );
    }
    if let Some(e) = &form.error {
        ui.colored_label(crate::theme::WARN, e);
    }
    ui.add_space(12.0);
    *back = ui.button(tr!("common-back")).clicked();
}

fn new_game(
    mut contexts: EguiContexts,
    mut form: ResMut<NewGameForm>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let form = &mut *form;
    let (start, back) = ui(ctx, form);
    if back {
        next.set(Screen::Title);
    }
    match start {
        Some(Ok(m)) if m.players.contains(&Player::Remote) => match network_seek(&m, form) {
            Ok(seek) => {
                if !form.chosen.0 {
                    settings.last_variant = form.chosen.1.clone();
                }
                settings.last_clock = form.clock;
                crate::net::lan_server::queue_hosting(&mut commands, seek, |world, e| {
                    world.resource_mut::<NewGameForm>().error = Some(e)
                });
            }
            Err(e) => form.error = Some(e),
        },
        Some(Ok(m)) => {
            if m.origin == Origin::Variant && !form.chosen.0 {
                settings.last_variant = form.chosen.1.clone();
            }
            settings.last_players = form.players;
            settings.last_clock = form.clock;
            commands.insert_resource(m);
            next.set(Screen::FiveDPlay);
        }
        Some(Err(e)) => form.error = Some(e),
        None => {}
    }
    Ok(())
}

/// The game to host on the local network, as its server's room asks it: a named variant
/// (a position from a file is played at one computer), the clock, the host's side.
fn network_seek(m: &Match, form: &NewGameForm) -> Result<Seek, String> {
    let own = crate::net::own_side_against_remote(m.players)?;
    if m.origin != Origin::Variant {
        return Err(tr!("net-named-variant-only"));
    }
    Ok(Seek {
        game: timefork_records::GameKind::FiveD,
        variant: Some(form.chosen.1.clone()),
        clock: m.time_control.map(|t| ClockSpec {
            base_s: t.base_secs,
            increment_s: t.increment_secs,
        }),
        rated: false,
        color: Some(own),
        range: None,
    })
}

/// The new-game panel: the match to start (or why it cannot), and whether Back was pressed.
pub fn ui(ctx: &egui::Context, form: &mut NewGameForm) -> (Option<Result<Match, String>>, bool) {
    let screen = ctx.content_rect().size();
    let mut start: Option<Result<Match, String>> = None;
    let mut back = false;
    menu_window(ctx, "new game", [700.0, 600.0], |ui| {
        ui.heading(tr!("fived-new-game-heading"));
        ui.add_space(6.0);
        // Two columns from about 760 px of window width; one below that.
        let wide = screen.x >= 760.0;
        // The window is 600 px tall or what the screen leaves (see `menu_window`).
        let window_h = 600.0_f32.min(screen.y - 92.0);
        let list_height = if wide {
            (window_h - 110.0).clamp(120.0, 480.0)
        } else {
            (screen.y * 0.3).clamp(100.0, 240.0)
        };
        if wide {
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(300.0);
                    variant_list(ui, form, list_height);
                });
                ui.separator();
                ui.vertical(|ui| {
                    ui.set_width(340.0);
                    choices(ui, form, &mut start, &mut back);
                });
            });
        } else {
            variant_list(ui, form, list_height);
            ui.separator();
            choices(ui, form, &mut start, &mut back);
        }
    });
    (start, back)
}

/// 5D chess's card on the title: a new game, the puzzles, the tutorial.
pub fn title_card() -> GameCard {
    GameCard {
        game: GameKind::FiveD,
        name: game_name(GameKind::FiveD),
        blurb: tr!("title-fived-blurb"),
        buttons: vec![
            (
                tr!("title-new-game"),
                TitleChoice::Go(Screen::FiveDNew),
                tr!("title-fived-new-tip"),
            ),
            (
                tr!("title-puzzles"),
                TitleChoice::Go(Screen::FiveDPuzzles),
                tr!("title-puzzles-tip"),
            ),
            (
                tr!("title-learn"),
                TitleChoice::Go(Screen::FiveDTutorial),
                tr!("title-learn-tip"),
            ),
        ],
    }
}
