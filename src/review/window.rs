//! The review window: a progress bar while the states are searched, the evaluation graph
//! (`egui_plot`) with the marked turns, the worst turns with the engine's better turn, and
//! a tally per side. A click on the graph or on a turn asks the game to show that state.

use super::{CAP, Entry, Review, Verdict, tally, worst};
use crate::theme::prose::ProseTips as _;
use bevy_egui::egui;
use egui_plot::{HoverPosition, Line, Plot, PlotPoints, Points, VLine};
use timefork_i18n::tr;

/// The button that opens a finished game's review, the same in every game's bar.
pub fn open_button(ui: &mut egui::Ui) -> bool {
    ui.button(tr!("review-open"))
        .on_hover_prose(tr!("review-open-tip"))
        .clicked()
}

/// What the person did in the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewAction {
    /// Show the state after the first `k` turns.
    Show(usize),
    Close,
}

const WHITE_LINE: egui::Color32 = egui::Color32::from_rgb(235, 230, 215);
const INACCURACY: egui::Color32 = egui::Color32::from_rgb(240, 210, 90);
const MISTAKE: egui::Color32 = egui::Color32::from_rgb(255, 150, 60);
const BLUNDER: egui::Color32 = egui::Color32::from_rgb(255, 80, 70);

fn verdict_color(v: Verdict) -> egui::Color32 {
    match v {
        Verdict::Good => WHITE_LINE,
        Verdict::Inaccuracy => INACCURACY,
        Verdict::Mistake => MISTAKE,
        Verdict::Blunder => BLUNDER,
    }
}

pub fn verdict_name(v: Verdict) -> String {
    match v {
        Verdict::Good => tr!("review-good"),
        Verdict::Inaccuracy => tr!("review-inaccuracy"),
        Verdict::Mistake => tr!("review-mistake"),
        Verdict::Blunder => tr!("review-blunder"),
    }
}

/// The review window, along the bottom from the left edge to `right` points short of the
/// right one (where the game keeps its move list): the graph on the left, the tally and
/// the worst turns on the right. `turn_name` names a turn by its index ("12. White").
/// Returns what was clicked, and the room the window takes at the bottom of the screen.
pub fn show(
    ctx: &egui::Context,
    review: &Review,
    right: f32,
    turn_name: impl Fn(usize) -> String,
) -> (Option<ReviewAction>, f32) {
    let mut action = None;
    let screen = ctx.content_rect();
    let width = (screen.width() - right - 30.0).clamp(320.0, 1000.0);
    let plot_h = (screen.height() * 0.2).clamp(90.0, 180.0);
    let r = egui::Window::new(tr!("review-title"))
        .id(egui::Id::new("game review"))
        .collapsible(true)
        .resizable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, [10.0, -10.0])
        .fixed_size([width, 0.0])
        .show(ctx, |ui| {
            // Once a frame, for the graph, the tally and the list.
            let entries = review.entries();
            ui.horizontal_top(|ui| {
                let graph_w = (width * 0.55).max(200.0);
                ui.vertical(|ui| {
                    ui.set_width(graph_w);
                    let (done, all) = review.progress();
                    if done < all {
                        ui.add(
                            egui::ProgressBar::new(done as f32 / all.max(1) as f32).text(tr!(
                                "review-progress",
                                done = done,
                                all = all
                            )),
                        );
                    }
                    if let Some(k) = graph(ui, review, &entries, plot_h) {
                        action = Some(ReviewAction::Show(k));
                    }
                    crate::theme::prose::prose(
                        ui,
                        egui::RichText::new(tr!("review-graph-tip")).small().weak(),
                    );
                });
                ui.separator();
                ui.vertical(|ui| {
                    tally_rows(ui, &entries);
                    ui.separator();
                    let worst = worst(&entries, 8);
                    if worst.is_empty() && review.is_complete() {
                        ui.label(tr!("review-no-mistakes"));
                    }
                    egui::ScrollArea::vertical()
                        .max_height((plot_h - 40.0).max(50.0))
                        .auto_shrink([false, true])
                        .show(ui, |ui| {
                            for e in worst {
                                let shown = review.selected == Some(e.turn + 1);
                                if entry_row(ui, e, &turn_name, shown) {
                                    action = Some(ReviewAction::Show(e.turn + 1));
                                }
                            }
                        });
                    if ui
                        .button(tr!("review-close"))
                        .on_hover_prose(tr!("review-close-tip"))
                        .clicked()
                    {
                        action = Some(ReviewAction::Close);
                    }
                });
            });
        });
    // A window's first passes lay it out at a size of their own: its room counts once it
    // has been shown a few passes running (the camera keeps the largest room it is told).
    let id = egui::Id::new("game review shown");
    let pass = ctx.cumulative_pass_nr();
    let shown_for = ctx.data_mut(|d| {
        let (last, n) = d.get_temp::<(u64, u32)>(id).unwrap_or((0, 0));
        let n = if last + 1 == pass { n + 1 } else { 0 };
        d.insert_temp(id, (pass, n));
        n
    });
    let room = match r {
        Some(r) if shown_for >= 3 => screen.bottom() - r.response.rect.top() + 8.0,
        _ => 0.0,
    };
    (action, room)
}

/// The evaluation for White after each state, in pawns, with the marked turns as points;
/// returns the state clicked.
fn graph(ui: &mut egui::Ui, review: &Review, entries: &[Entry], height: f32) -> Option<usize> {
    let pawns = |v: i32| f64::from(v) / 100.0;
    let line: Vec<[f64; 2]> = review
        .states
        .iter()
        .enumerate()
        .filter_map(|(k, s)| {
            s.as_ref()
                .map(|s| [k as f64, pawns(review.capped(s.white))])
        })
        .collect();
    let last = review.states.len().saturating_sub(1) as f64;
    let cap = pawns(CAP);
    let r = Plot::new("review graph")
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .default_x_bounds(0.0, last.max(1.0))
        .default_y_bounds(-cap, cap)
        .y_axis_min_width(24.0)
        .label_formatter(|at| {
            let p = match at {
                HoverPosition::NearDataPoint { position, .. } => position,
                HoverPosition::Elsewhere { position } => position,
            };
            Some(format!("{:+.1}", p.y))
        })
        .show(ui, |plot| {
            plot.line(
                Line::new(tr!("review-white"), PlotPoints::from(line))
                    .color(WHITE_LINE)
                    .fill(0.0)
                    .fill_alpha(0.25),
            );
            for v in [Verdict::Inaccuracy, Verdict::Mistake, Verdict::Blunder] {
                let pts: Vec<[f64; 2]> = entries
                    .iter()
                    .filter(|e| e.verdict == v)
                    .map(|e| [(e.turn + 1) as f64, pawns(e.after)])
                    .collect();
                if !pts.is_empty() {
                    plot.points(
                        Points::new(verdict_name(v), pts)
                            .radius(4.0)
                            .color(verdict_color(v)),
                    );
                }
            }
            if let Some(k) = review.selected {
                plot.vline(VLine::new("shown", k as f64).color(crate::theme::ASIDE_BLUE));
            }
            plot.pointer_coordinate()
        });
    let clicked = r.response.clicked();
    let at = r.inner?;
    clicked.then(|| (at.x.round().clamp(0.0, last)) as usize)
}

fn tally_rows(ui: &mut egui::Ui, entries: &[Entry]) {
    let t = tally(entries);
    for (side, counts) in [(tr!("common-white"), t[0]), (tr!("common-black"), t[1])] {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(side).strong());
            for (v, n) in [Verdict::Inaccuracy, Verdict::Mistake, Verdict::Blunder]
                .into_iter()
                .zip(counts)
            {
                ui.colored_label(
                    verdict_color(v),
                    tr!("review-count", verdict = verdict_name(v), n = n),
                );
            }
        });
    }
}

/// One marked turn: who, what was played, what it cost, the better turn. Returns whether
/// it was clicked.
fn entry_row(
    ui: &mut egui::Ui,
    e: &Entry,
    turn_name: &impl Fn(usize) -> String,
    selected: bool,
) -> bool {
    let text = tr!(
        "review-entry",
        turn = turn_name(e.turn),
        played = e.played.as_str(),
        verdict = verdict_name(e.verdict),
        loss = format!("{:.1}", f64::from(e.loss) / 100.0)
    );
    let mut clicked = ui
        .selectable_label(
            selected,
            egui::RichText::new(text).color(verdict_color(e.verdict)),
        )
        .on_hover_prose(tr!("review-entry-tip"))
        .clicked();
    if let Some(b) = &e.better {
        clicked |= ui
            .add(
                egui::Label::new(
                    egui::RichText::new(tr!("review-better", better = b.as_str()))
                        .monospace()
                        .weak(),
                )
                .sense(egui::Sense::click()),
            )
            .clicked();
    }
    clicked
}
