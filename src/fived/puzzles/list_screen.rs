//! The puzzle list (`Screen::FiveDPuzzles`): one tab per tier with how many are solved, and a
//! row per puzzle with its solved mark, number, variant and goal. A row opens the puzzle.

use super::catalogue::PuzzleCatalogue;
use super::progress::SolvedPuzzles;
use super::session::PuzzleRequest;
use super::texts::{tier_blurb, tier_name};
use crate::fived::matchplay::{Match, Origin};
use crate::screens::{Screen, menu_window};
use crate::theme;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_engine::puzzle::Tier;
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ListView>();
    app.add_systems(OnEnter(Screen::FiveDPuzzles), end_puzzle_match);
    app.add_systems(
        EguiPrimaryContextPass,
        show.run_if(in_state(Screen::FiveDPuzzles)),
    );
}

/// The tier shown.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListView {
    pub tier: Tier,
}

impl Default for ListView {
    fn default() -> Self {
        ListView { tier: Tier::Easy }
    }
}

/// Coming back to the list ends the puzzle being played (the menus' multiverse returns).
fn end_puzzle_match(mut commands: Commands, m: Option<Res<Match>>) {
    if m.is_some_and(|m| m.origin != Origin::Backdrop) {
        commands.remove_resource::<Match>();
    }
}

/// What the list asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListChoice {
    Open(String),
    Back,
}

fn show(
    mut contexts: EguiContexts,
    catalogue: Res<PuzzleCatalogue>,
    solved: Res<SolvedPuzzles>,
    mut view: ResMut<ListView>,
    mut asks: MessageWriter<PuzzleRequest>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    match ui(contexts.ctx_mut()?, &catalogue, &solved, &mut view) {
        Some(ListChoice::Open(id)) => {
            asks.write(PuzzleRequest::Open(id));
        }
        Some(ListChoice::Back) => next.set(Screen::Title),
        None => {}
    }
    Ok(())
}

/// The list's size where the window has room: every row of a tier at 1080 px.
const WIDTH: f32 = 660.0;
const HEIGHT: f32 = 760.0;

/// A grid cell of a fixed width, its content on the left.
fn cell(ui: &mut egui::Ui, width: f32, w: impl egui::Widget) -> egui::Response {
    ui.allocate_ui_with_layout(
        egui::vec2(width, 22.0),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_width(width);
            ui.add(w)
        },
    )
    .inner
}

/// The list panel; what was chosen, if anything.
pub fn ui(
    ctx: &egui::Context,
    catalogue: &PuzzleCatalogue,
    solved: &SolvedPuzzles,
    view: &mut ListView,
) -> Option<ListChoice> {
    let mut choice = None;
    menu_window(ctx, "puzzles", [WIDTH, HEIGHT], |ui| {
        let done = catalogue
            .entries
            .iter()
            .filter(|e| solved.contains(&e.id))
            .count();
        ui.horizontal(|ui| {
            ui.heading(tr!("puzzles-heading"));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(
                    egui::RichText::new(tr!(
                        "puzzles-solved-count",
                        done = done,
                        total = catalogue.entries.len()
                    ))
                    .color(crate::theme::GOOD),
                );
            });
        });
        crate::theme::prose::prose(ui, tr!("puzzles-intro"));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            for t in Tier::ALL {
                let of_tier: Vec<_> = catalogue.tier(t).collect();
                let n = of_tier.iter().filter(|e| solved.contains(&e.id)).count();
                let text = egui::RichText::new(format!("{}  {n}/{}", tier_name(t), of_tier.len()))
                    .size(17.0);
                if ui
                    .add_sized(
                        [130.0, 30.0],
                        egui::Button::selectable(view.tier == t, text),
                    )
                    .clicked()
                {
                    view.tier = t;
                }
            }
        });
        ui.label(egui::RichText::new(tier_blurb(view.tier)).weak());
        ui.add_space(4.0);
        // The rows scroll in what the window shows (`menu_window` fits it to the screen)
        // less the text above and Back below.
        let rows_h = (ui.clip_rect().bottom() - ui.cursor().top() - 56.0).max(80.0);
        egui::ScrollArea::vertical()
            .id_salt("puzzle rows")
            .max_height(rows_h)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                egui::Grid::new("puzzle grid")
                    .num_columns(5)
                    .striped(true)
                    .spacing([12.0, 6.0])
                    .min_col_width(0.0)
                    .show(ui, |ui| {
                        for e in catalogue.tier(view.tier) {
                            let is_solved = solved.contains(&e.id);
                            let mark = if is_solved {
                                egui::RichText::new("✔")
                                    .color(crate::theme::GOOD)
                                    .size(18.0)
                            } else {
                                egui::RichText::new("○").weak().size(18.0)
                            };
                            ui.label(mark).on_hover_prose(if is_solved {
                                tr!("puzzles-row-solved")
                            } else {
                                tr!("puzzles-row-not-solved")
                            });
                            ui.label(egui::RichText::new(format!("{:02}", e.number)).monospace());
                            cell(ui, 210.0, egui::Label::new(e.variant_label()).truncate())
                                .on_hover_prose(e.title());
                            let task = crate::theme::prose::lay_out(
                                ui,
                                egui::RichText::new(e.task()).strong().into(),
                                190.0,
                            );
                            cell(ui, 190.0, egui::Label::new(task));
                            if ui
                                .button(if is_solved {
                                    tr!("puzzles-play-again")
                                } else {
                                    tr!("puzzles-play")
                                })
                                .clicked()
                            {
                                choice = Some(ListChoice::Open(e.id.clone()));
                            }
                            ui.end_row();
                        }
                    });
            });
        ui.add_space(10.0);
        if theme::small_menu_button(ui, &tr!("common-back")).clicked() {
            choice = Some(ListChoice::Back);
        }
    });
    choice
}
