//! The title screen: choose the game (5D chess, Timeline Wager, Kingdrops), or load,
//! the leaderboard, settings, quit. It stands over a slowly drifting multiverse.

use super::Screen;
use crate::theme::prose::ProseTips as _;
use crate::theme::{self, menu_button};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ContinueOffer>();
    app.init_resource::<TitleCards>();
    app.add_systems(OnEnter(Screen::Title), find_the_unfinished);
    app.add_systems(
        EguiPrimaryContextPass,
        title.run_if(in_state(Screen::Title)),
    );
}

/// The newest unfinished game, offered as Continue (looked for each time the title shows).
#[derive(Resource, Default, Debug, Clone)]
pub struct ContinueOffer(pub Option<(std::path::PathBuf, crate::saved_games::Summary)>);

/// Looks for the newest unfinished game to offer, and says which kept files could not be
/// read (they are set aside).
pub fn find_the_unfinished(
    dir: Res<crate::unfinished::UnfinishedDir>,
    files: Res<crate::saved_games::GameFiles>,
    mut offer: ResMut<ContinueOffer>,
    mut set_aside: ResMut<crate::unfinished::SetAsideNote>,
) {
    let (newest, damaged) = crate::unfinished::newest(&dir, &files);
    offer.0 = newest;
    if !damaged.is_empty() {
        set_aside.0 = damaged;
    }
}

/// One game on the title screen: its name, a line on what it is, and where its buttons go
/// (texts in the current language, made when drawn). Each game registers the function
/// that makes its card (`app.add_title_card`), in the order the cards stand.
pub struct GameCard {
    pub game: timefork_records::GameKind,
    pub name: String,
    pub blurb: String,
    /// Each button's label, where it goes, and its tooltip.
    pub buttons: Vec<(String, TitleChoice, String)>,
}

/// The games' cards, in the order they were registered.
#[derive(Resource, Default, Clone)]
pub struct TitleCards(Vec<fn() -> GameCard>);

/// How a game puts its card on the title, from its own plugin.
pub trait AddTitleCard {
    fn add_title_card(&mut self, card: fn() -> GameCard) -> &mut Self;
}

impl AddTitleCard for App {
    fn add_title_card(&mut self, card: fn() -> GameCard) -> &mut Self {
        self.world_mut()
            .get_resource_or_init::<TitleCards>()
            .0
            .push(card);
        self
    }
}

fn title(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut settings: ResMut<crate::settings::Settings>,
    mut rules: ResMut<crate::rules_pages::RulesPage>,
    mut guide: MessageWriter<crate::game_kit::guide::StartGuide>,
    mut offer: ResMut<ContinueOffer>,
    mut continuing: ResMut<crate::unfinished::Continuing>,
    mut opened: MessageWriter<crate::saved_games::OpenGame>,
    dir: Res<crate::unfinished::UnfinishedDir>,
    files: Res<crate::saved_games::GameFiles>,
    mut problem: ResMut<crate::saved_games::OpenProblem>,
    cards: Res<TitleCards>,
) -> Result {
    // The rules page stands alone over the drifting multiverse.
    if rules.open.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let resume = offer.0.as_ref().map(|(_, s)| s.text());
    match ui_offering(ctx, &cards, !settings.tutorial_offered, resume.as_deref()) {
        Some(TitleChoice::Continue) => {
            // One that no longer reads says why, and is not offered again.
            if let Some((path, _)) = offer.0.take() {
                problem.0 = crate::unfinished::open_chosen(
                    &path,
                    &files,
                    &dir,
                    &mut continuing,
                    &mut opened,
                )
                .err();
            }
        }
        Some(TitleChoice::Offer { start }) => {
            settings.tutorial_offered = true;
            if start {
                next.set(Screen::FiveDTutorial);
            }
        }
        Some(TitleChoice::Go(s)) => next.set(s),
        Some(TitleChoice::Rules(game)) => rules.open(game, Screen::Title),
        Some(TitleChoice::Guide(game)) => {
            guide.write(crate::game_kit::guide::StartGuide(game));
        }
        Some(TitleChoice::Quit) => {
            exit.write(AppExit::Success);
        }
        None => {}
    }
    Ok(())
}

/// On the first start, a note under the buttons offering the tutorial: Some(true) to start
/// it, Some(false) for not now (it is not offered again; the 5D card keeps its button).
fn first_start_offer(ui: &mut egui::Ui) -> Option<bool> {
    let mut answer = None;
    egui::Frame::window(ui.style())
        .fill(theme::PANEL_FILL)
        .inner_margin(12.0)
        .show(ui, |ui| {
            ui.set_max_width(520.0);
            crate::theme::prose::prose(ui, tr!("title-first-start"));
            ui.horizontal(|ui| {
                if ui.button(tr!("title-first-start-go")).clicked() {
                    answer = Some(true);
                }
                if ui.button(tr!("title-first-start-later")).clicked() {
                    answer = Some(false);
                }
            });
        });
    answer
}

/// What the title screen asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TitleChoice {
    Go(Screen),
    /// The newest unfinished game.
    Continue,
    /// The rules page of a game, over the title.
    Rules(timefork_records::GameKind),
    /// A guided first game of Timeline Wager or Kingdrops.
    Guide(timefork_records::GameKind),
    Quit,
    /// The first start's offer of the tutorial was answered.
    Offer {
        start: bool,
    },
}

/// The title: the name, a card per game, and the shared choices.
pub fn ui(ctx: &egui::Context, cards: &TitleCards) -> Option<TitleChoice> {
    ui_offering(ctx, cards, false, None)
}

/// The title, with the tutorial offered under it when `offer` (the first start), and
/// Continue above the cards when there is an unfinished game (`resume` says what it is).
pub fn ui_offering(
    ctx: &egui::Context,
    cards: &TitleCards,
    offer: bool,
    resume: Option<&str>,
) -> Option<TitleChoice> {
    let mut choice = None;
    // A window under 680 px has no room for the offer; the 5D card's button stays, and the
    // offer waits for a taller window. It takes some room from the lettering.
    let offer = offer && ctx.content_rect().height() >= 680.0;
    let lettering = if offer || resume.is_some() { 0.06 } else { 0.1 };
    let screen = ctx.content_rect();
    let margin = theme::MENU_MARGIN;
    let width = (screen.width() - 2.0 * margin).max(200.0);
    egui::Area::new(egui::Id::new("title"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_max_width(width);
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new("TIMEFORK")
                        .size((screen.height() * lettering).clamp(32.0, 84.0))
                        .strong()
                        .color(theme::TITLE_GOLD),
                );
                ui.label(
                    egui::RichText::new(tr!("title-subtitle"))
                        .size(20.0)
                        .color(egui::Color32::from_gray(210)),
                );
                ui.add_space(if offer || resume.is_some() { 8.0 } else { 20.0 });
                if let Some(what) = resume {
                    let b = egui::Button::new(
                        egui::RichText::new(tr!("title-continue", what = what))
                            .size(18.0)
                            .strong()
                            .color(theme::TITLE_GOLD),
                    );
                    if ui
                        .add(b)
                        .on_hover_prose(tr!("title-continue-tip"))
                        .clicked()
                    {
                        choice = Some(TitleChoice::Continue);
                    }
                    ui.add_space(8.0);
                }
                // Cards side by side when they fit, else one above the other.
                let card_w = 300.0_f32.min(width);
                let across = ((width + 16.0) / (card_w + 16.0)).floor().max(1.0) as usize;
                let games: Vec<GameCard> = cards.0.iter().map(|make| make()).collect();
                for row in games.chunks(across) {
                    let row_w = row.len() as f32 * (card_w + 16.0) - 16.0;
                    ui.horizontal_top(|ui| {
                        // Centre the row: egui lays a horizontal row out from the left.
                        ui.add_space(((width - row_w) / 2.0).max(0.0));
                        for card in row {
                            if let Some(c) = game_card(ui, card, card_w) {
                                choice = Some(c);
                            }
                        }
                    });
                    ui.add_space(12.0);
                }
                ui.add_space(8.0);
                // Six buttons of 150 px, five gaps, the frame's margins.
                let bar_w = 6.0 * 150.0 + 5.0 * 8.0 + 2.0 * 12.0;
                ui.horizontal(|ui| {
                    ui.add_space(((width - bar_w) / 2.0).max(0.0));
                    egui::Frame::window(ui.style())
                        .fill(theme::PANEL_FILL)
                        .inner_margin(12.0)
                        .show(ui, |ui| {
                            ui.horizontal_wrapped(|ui| {
                                for (text, to) in [
                                    (tr!("title-load-game"), Screen::Load),
                                    (tr!("title-online"), Screen::Online),
                                    (tr!("title-join"), Screen::NetJoin),
                                    (tr!("title-leaderboard"), Screen::Leaderboard),
                                    (tr!("title-settings"), Screen::Settings),
                                ] {
                                    if theme::small_menu_button(ui, &text).clicked() {
                                        choice = Some(TitleChoice::Go(to));
                                    }
                                }
                                if theme::small_menu_button(ui, &tr!("title-quit")).clicked() {
                                    choice = Some(TitleChoice::Quit);
                                }
                            });
                        });
                });
                if offer {
                    ui.add_space(8.0);
                    if let Some(start) = first_start_offer(ui) {
                        choice = Some(TitleChoice::Offer { start });
                    }
                }
            });
        });
    choice
}

fn game_card(ui: &mut egui::Ui, card: &GameCard, width: f32) -> Option<TitleChoice> {
    let mut go = None;
    egui::Frame::window(ui.style())
        .fill(theme::PANEL_FILL)
        .inner_margin(16.0)
        .show(ui, |ui| {
            let inner = width - 32.0;
            ui.set_width(inner);
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(&card.name).size(24.0).strong());
                ui.add_space(4.0);
                crate::theme::prose::prose(ui, egui::RichText::new(&card.blurb).size(14.0));
                ui.add_space(10.0);
                for (text, to, tip) in &card.buttons {
                    if menu_button(ui, text).on_hover_prose(tip).clicked() {
                        go = Some(*to);
                    }
                }
                if ui
                    .link(tr!("title-rules"))
                    .on_hover_prose(tr!("title-rules-tip"))
                    .clicked()
                {
                    go = Some(TitleChoice::Rules(card.game));
                }
            });
        });
    go
}
