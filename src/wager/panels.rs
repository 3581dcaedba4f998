//! The Timeline Wager panels: the bar on top (the timeline on screen, its bank, the
//! secured totals, both clocks at their rates, the split toggle and stake, resign, save,
//! menu), merge offers (each person answers; the AI answers for itself), the promotion
//! choice, the map of timelines with the moves of the one on screen, and the result.

use super::ai::WagerThinking;
use super::input::{Selection, SplitMode, legal_stakes, move_request};
use super::map::{self, MapAnim};
use super::matchplay::{WagerMatch, WagerRequest, side_index};
use crate::screens::Screen;
use crate::theme::format_clock;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::time::Duration;
use timefork_wager::chess::{Color, Piece, color_name, san};
use timefork_wager::{Action, EndReason, Outcome, TimelineEnd};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (top_bar, offers, promotion, side_panel, result_box)
            .run_if(in_state(Screen::WagerPlay))
            .distributive_run_if(resource_exists::<WagerMatch>),
    );
}

const WARN: egui::Color32 = egui::Color32::from_rgb(255, 140, 120);

fn clock_text(w: &WagerMatch, side: Color, now_ms: u64) -> String {
    let Some(c) = w.m.clocks_at(now_ms) else {
        return format!("{} untimed", color_name(side));
    };
    let left = Duration::from_millis(c.get(side));
    if w.m.is_over() {
        return format!("{} {}", color_name(side), format_clock(left));
    }
    let rate = w.m.clock_rate(side).as_f64();
    format!(
        "{} {} at {:.2}x",
        color_name(side),
        format_clock(left),
        rate
    )
}

fn top_bar(
    mut contexts: EguiContexts,
    mut w: ResMut<WagerMatch>,
    time: Res<Time<Real>>,
    thinking: Res<WagerThinking>,
    mut split: ResMut<SplitMode>,
    mut requests: MessageWriter<WagerRequest>,
    mut next: ResMut<NextState<Screen>>,
    mut saved: Local<Option<String>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let now = w.now_ms(time.elapsed_secs_f64());
    let width = (ctx.content_rect().width() - super::view::PANELS.right - 30.0).max(300.0);
    egui::Window::new("wager bar")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [10.0, 10.0])
        .max_width(width)
        .show(ctx, |ui| {
            let n = w.m.timelines().len();
            let viewing = w.viewing;
            let Some(bank) = w.m.timeline(viewing).map(|t| t.bank()) else {
                return;
            };
            ui.horizontal(|ui| {
                if ui
                    .button("◀")
                    .on_hover_text("Previous timeline (Left, Shift+Tab)")
                    .clicked()
                {
                    w.viewing = (viewing + n - 1) % n;
                }
                ui.heading(format!("Timeline L{viewing}"));
                if ui
                    .button("▶")
                    .on_hover_text("Next timeline (Right, Tab)")
                    .clicked()
                {
                    w.viewing = (viewing + 1) % n;
                }
                ui.label(format!("{} of {} open", w.m.open_count(), n));
                ui.separator();
                ui.label(format!(
                    "Bank here: White {} · Black {}",
                    bank.white, bank.black
                ))
                .on_hover_text(
                    "The points at stake on this timeline. Checkmate secures the whole \
                         bank for the winner; a draw splits it.",
                );
            });
            let Some(t) = w.m.timeline(w.viewing).cloned() else {
                return;
            };
            ui.horizontal(|ui| {
                let secured = w.m.secured();
                ui.label(
                    egui::RichText::new(format!(
                        "Secured: White {} · Black {}",
                        secured.white, secured.black
                    ))
                    .strong(),
                )
                .on_hover_text("The first to secure more than 50 points wins the match.");
                ui.separator();
                for side in [Color::White, Color::Black] {
                    let mut rt = egui::RichText::new(clock_text(&w, side, now)).monospace();
                    if w.m.to_move(side).next().is_some() && !w.m.is_over() {
                        rt = rt.strong();
                    } else {
                        rt = rt.weak();
                    }
                    ui.label(rt).on_hover_text(
                        "A clock runs while its player is to move on some timeline, at the \
                         share of all open points those timelines hold; a move adds the \
                         increment scaled by its timeline's share.",
                    );
                }
            });
            // Whose move it is on the board on screen.
            ui.horizontal(|ui| {
                let state = match t.end() {
                    None => format!(
                        "{} to move here{}",
                        color_name(t.side_to_move()),
                        if w.human(t.side_to_move()) {
                            ""
                        } else {
                            " (the AI)"
                        }
                    ),
                    Some(TimelineEnd::Checkmate { winner }) => {
                        format!("Closed: checkmate, {} secured the bank", color_name(winner))
                    }
                    Some(TimelineEnd::Draw(d)) => format!("Closed: a draw ({})", d.as_str()),
                    Some(TimelineEnd::Merged { into }) => format!("Closed: merged into L{into}"),
                };
                ui.label(state);
                for side in [Color::White, Color::Black] {
                    if thinking.0[side_index(side)] {
                        ui.spinner();
                        ui.label(format!("the AI ({}) is thinking", color_name(side)));
                    }
                }
            });
            let mover = t.side_to_move();
            let can_move = t.is_open() && !w.m.is_over() && w.human(mover);
            ui.horizontal(|ui| {
                let stakes = legal_stakes(&w, w.viewing);
                let can_split = can_move && stakes.is_some();
                ui.add_enabled(can_split, egui::Checkbox::new(&mut split.on, "Split (S)"))
                    .on_hover_text(
                        "Move and split: your move is played on a new timeline that takes the \
                         stake (half from each player's share of this bank); here it stays \
                         your turn.",
                    );
                if let Some(range) = stakes.filter(|_| can_split) {
                    split.stake = split.stake.clamp(*range.start(), *range.end());
                    split.stake -= split.stake % 2;
                    ui.add(
                        egui::Slider::new(&mut split.stake, range)
                            .step_by(2.0)
                            .text("stake"),
                    );
                } else {
                    split.on = false;
                }
                ui.separator();
                for side in [Color::White, Color::Black] {
                    if w.human(side)
                        && !w.m.is_over()
                        && ui
                            .button(format!("Resign ({})", color_name(side)))
                            .clicked()
                    {
                        requests.write(WagerRequest {
                            side,
                            action: Action::Resign,
                        });
                    }
                }
                if ui
                    .button("Save")
                    .on_hover_text("Save the match record")
                    .clicked()
                {
                    *saved = Some(
                        match crate::files::save_in_saves("timeline-wager", "wager", &w.m.record())
                        {
                            Ok(p) => format!("saved to {}", p.display()),
                            Err(e) => format!("could not save: {e}"),
                        },
                    );
                }
                if ui.button("Menu").clicked() {
                    next.set(Screen::Title);
                }
            });
            if let Some(f) = &w.feedback {
                ui.colored_label(WARN, f);
            }
            if let Some(s) = saved.as_ref() {
                ui.label(egui::RichText::new(s).small());
            }
            ui.label(
                egui::RichText::new(
                    "Click a piece, then a target. Left/Right or Tab: other timelines. \
                     S: split. Wheel zooms, right-drag pans.",
                )
                .small()
                .weak(),
            );
        });
    Ok(())
}

/// Open merge offers: each person answers (two confirmations at one computer).
fn offers(
    mut contexts: EguiContexts,
    w: Res<WagerMatch>,
    mut requests: MessageWriter<WagerRequest>,
) -> Result {
    let pending: Vec<_> =
        w.m.offers()
            .iter()
            .filter(|o| {
                [Color::White, Color::Black]
                    .iter()
                    .any(|&s| w.human(s) && o.answer(s).is_none())
            })
            .cloned()
            .collect();
    if pending.is_empty() || w.m.is_over() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Merge offers")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
        .show(ctx, |ui| {
            for o in &pending {
                let (ta, tb) = (w.m.timeline(o.a), w.m.timeline(o.b));
                let survivor = match (ta, tb) {
                    (Some(a), Some(b)) if b.plies() > a.plies() => o.b,
                    _ => o.a,
                };
                ui.label(format!(
                    "L{} and L{} reached the same position. Merge them? Their banks add up and \
                     play goes on on L{survivor}. A refusal is final for this position.",
                    o.a, o.b
                ));
                ui.horizontal(|ui| {
                    for side in [Color::White, Color::Black] {
                        match o.answer(side) {
                            Some(yes) => {
                                ui.label(format!(
                                    "{}: {}",
                                    color_name(side),
                                    if yes { "yes" } else { "no" }
                                ));
                            }
                            None if w.human(side) => {
                                ui.label(format!("{}:", color_name(side)));
                                for (text, accept) in [("Accept", true), ("Refuse", false)] {
                                    if ui.button(text).clicked() {
                                        requests.write(WagerRequest {
                                            side,
                                            action: Action::Merge {
                                                a: o.a,
                                                b: o.b,
                                                accept,
                                            },
                                        });
                                    }
                                }
                            }
                            None => {
                                ui.label(format!("{}: the AI is deciding", color_name(side)));
                            }
                        }
                    }
                });
                ui.separator();
            }
        });
    Ok(())
}

/// A pawn reaching the last rank becomes the piece the player picks.
fn promotion(
    mut contexts: EguiContexts,
    w: Res<WagerMatch>,
    split: Res<SplitMode>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<WagerRequest>,
) -> Result {
    if selection.promotion.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut chosen = None;
    let mut cancel = false;
    egui::Window::new("Promote to")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for mv in &selection.promotion {
                    let name = match mv.promotion {
                        Some(Piece::Queen) => "Queen",
                        Some(Piece::Rook) => "Rook",
                        Some(Piece::Bishop) => "Bishop",
                        Some(Piece::Knight) => "Knight",
                        _ => "Pawn",
                    };
                    if ui.button(name).clicked() {
                        chosen = Some(*mv);
                    }
                }
                cancel = ui.button("Cancel").clicked();
            });
        });
    if let Some(mv) = chosen {
        if let Some(r) = move_request(&w, mv, *split) {
            requests.write(r);
        }
        *selection = Selection::default();
    } else if cancel {
        *selection = Selection::default();
    }
    Ok(())
}

/// The map of timelines and the moves of the one on screen.
fn side_panel(
    mut contexts: EguiContexts,
    mut w: ResMut<WagerMatch>,
    time: Res<Time<Real>>,
    mut anim: Local<MapAnim>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let height = (ctx.content_rect().height() - 20.0).max(200.0);
    let now = time.elapsed_secs_f64();
    let mut clicked = None;
    egui::Window::new("Timelines")
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .resizable(false)
        .collapsible(false)
        .fixed_size([super::view::PANELS.right - 30.0, height - 40.0])
        .show(ctx, |ui| {
            egui::ScrollArea::both()
                .id_salt("map")
                .max_height(height * 0.55)
                .show(ui, |ui| {
                    clicked = map::show(ui, &w, &mut anim, now);
                });
            ui.separator();
            ui.label(egui::RichText::new(format!("Moves on L{}", w.viewing)).strong());
            egui::ScrollArea::vertical()
                .id_salt("moves")
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if let Some(t) = w.m.timeline(w.viewing) {
                        let g = t.game();
                        let fork = t.fork().map(|f| f.ply);
                        let mut line = String::new();
                        for (i, mv) in g.moves().iter().enumerate() {
                            if i % 2 == 0 {
                                line = format!("{}. ", i / 2 + 1);
                            }
                            let text =
                                san::to_san(&g.boards()[i], *mv).unwrap_or_else(|_| mv.to_string());
                            line.push_str(&text);
                            line.push(' ');
                            if i % 2 == 1 || i + 1 == g.moves().len() {
                                let shared = fork.is_some_and(|p| i < p);
                                let rt = egui::RichText::new(&line).monospace();
                                ui.label(if shared { rt.weak() } else { rt }).on_hover_text(
                                    if shared {
                                        "played before this timeline split off"
                                    } else {
                                        "played on this timeline"
                                    },
                                );
                            }
                        }
                        if g.moves().is_empty() {
                            ui.label(egui::RichText::new("no moves yet").weak());
                        }
                    }
                });
        });
    if let Some(n) = clicked {
        w.viewing = n;
    }
    Ok(())
}

fn result_box(
    mut contexts: EguiContexts,
    w: Res<WagerMatch>,
    mut next: ResMut<NextState<Screen>>,
    mut hidden: Local<Option<u64>>,
) -> Result {
    let Some(r) = w.m.result() else {
        return Ok(());
    };
    if *hidden == Some(w.id) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let secured = w.m.secured();
    let headline = match r.outcome {
        Outcome::WhiteWins => "White wins the match",
        Outcome::BlackWins => "Black wins the match",
        Outcome::Draw => "The match is drawn",
    };
    let why = match r.reason {
        EndReason::Points => "more than 50 points secured",
        EndReason::AllClosed => "every timeline closed with nobody past 50",
        EndReason::Resignation => "resignation",
        EndReason::FlagFall => "a clock ran out",
        EndReason::BothFlags => "both clocks ran out at once",
    };
    egui::Window::new("Match over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [-120.0, 170.0])
        .show(ctx, |ui| {
            ui.heading(format!("{headline}: {why}"));
            ui.label(format!(
                "Secured: White {} · Black {}; {} splits, {} merges",
                secured.white,
                secured.black,
                w.m.split_count(),
                w.m.merge_count()
            ));
            ui.horizontal(|ui| {
                if ui.button("Keep browsing").clicked() {
                    *hidden = Some(w.id);
                }
                if ui.button("New match").clicked() {
                    next.set(Screen::WagerNew);
                }
                if ui.button("Title").clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}
