//! The Timeline Wager panels: the bar on top (the timeline on screen, its bank, the
//! secured totals, both clocks at their rates, the split toggle and stake, resign, save,
//! menu), merge offers (each person answers; the AI answers for itself), the promotion
//! choice, the map of timelines with the moves of the one on screen, and the result.

use super::ai::WagerThinking;
use super::browse::{WagerBrowse, WagerBrowseRequest};
use super::input::{Selection, SplitMode, legal_stakes, move_request};
use super::map::{self, MapAnim};
use super::matchplay::{WagerMatch, WagerRequest, WagerTakeBack, side_index};
use super::texts::{draw_reason, error_text, piece_name, side_key};
use crate::play::history::HistoryStep;
use crate::players::Player;
use crate::screens::Screen;
use crate::theme::format_clock;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use std::time::Duration;
use timefork_i18n::tr;
use timefork_wager::chess::{Color, Piece, san};
use timefork_wager::{Action, EndReason, Outcome, TimelineEnd};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (top_bar, offers, promotion, side_panel, result_box)
            .run_if(in_state(Screen::WagerPlay))
            .distributive_run_if(resource_exists::<WagerMatch>),
    );
}

fn clock_text(w: &WagerMatch, side: Color, now_ms: u64) -> String {
    let key = side_key(side);
    let Some(c) = w.m.clocks_at(now_ms) else {
        return tr!("wager-clock-untimed", side = key);
    };
    let left = format_clock(Duration::from_millis(c.get(side)));
    if w.m.is_over() {
        return tr!("wager-clock-stopped", side = key, time = left);
    }
    let rate = format!("{:.2}", w.m.clock_rate(side).as_f64());
    tr!("wager-clock-running", side = key, time = left, rate = rate)
}

fn top_bar(
    mut contexts: EguiContexts,
    mut w: ResMut<WagerMatch>,
    time: Res<Time<Real>>,
    thinking: Res<WagerThinking>,
    mut split: ResMut<SplitMode>,
    mut requests: MessageWriter<WagerRequest>,
    mut take_back: MessageWriter<WagerTakeBack>,
    mut menu: crate::rules_pages::GameMenu,
    browse: Res<WagerBrowse>,
    mut browsing: MessageWriter<WagerBrowseRequest>,
    mut saved: Local<Option<Result<PathBuf, String>>>,
    saves: Res<crate::files::SavesDir>,
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
            if let Some(k) = browse.ply(&w) {
                browse_bar(ui, k, &mut browsing);
                ui.separator();
            }
            let n = w.m.timelines().len();
            let viewing = w.viewing;
            let Some(bank) = w.m.timeline(viewing).map(|t| t.bank()) else {
                return;
            };
            ui.horizontal(|ui| {
                if ui
                    .button("◀")
                    .on_hover_text(tr!("wager-previous-tip"))
                    .clicked()
                {
                    w.viewing = (viewing + n - 1) % n;
                }
                ui.heading(tr!("wager-timeline-heading", n = viewing));
                if ui
                    .button("▶")
                    .on_hover_text(tr!("wager-next-tip"))
                    .clicked()
                {
                    w.viewing = (viewing + 1) % n;
                }
                ui.label(tr!("wager-open-count", open = w.m.open_count(), total = n));
                ui.separator();
                ui.label(tr!(
                    "wager-bank-here",
                    white = bank.white,
                    black = bank.black
                ))
                .on_hover_text(tr!("wager-bank-tip"));
            });
            let Some(t) = w.m.timeline(w.viewing).cloned() else {
                return;
            };
            ui.horizontal(|ui| {
                let secured = w.m.secured();
                ui.label(
                    egui::RichText::new(tr!(
                        "wager-secured",
                        white = secured.white,
                        black = secured.black
                    ))
                    .strong(),
                )
                .on_hover_text(tr!("wager-secured-tip"));
                ui.separator();
                let mut clocks = egui::Rect::NOTHING;
                for side in [Color::White, Color::Black] {
                    let mut rt = egui::RichText::new(clock_text(&w, side, now)).monospace();
                    if w.m.to_move(side).next().is_some() && !w.m.is_over() {
                        rt = rt.strong();
                    } else {
                        rt = rt.weak();
                    }
                    let r = ui.label(rt).on_hover_text(tr!("wager-clock-tip"));
                    clocks = clocks.union(r.rect);
                }
                crate::play::guide::mark_control(ui.ctx(), "wager-clocks", clocks);
            });
            // Whose move it is on the board on screen.
            ui.horizontal(|ui| {
                let side = side_key(t.side_to_move());
                let state = match t.end() {
                    None => match w.player(t.side_to_move()) {
                        Player::Human => tr!("wager-to-move-here", side = side),
                        Player::Ai(_) => tr!("wager-to-move-here-ai", side = side),
                        Player::Remote => tr!("wager-to-move-here-remote", side = side),
                    },
                    Some(TimelineEnd::Checkmate { winner }) => {
                        tr!("wager-closed-checkmate", winner = side_key(winner))
                    }
                    Some(TimelineEnd::Draw(d)) => {
                        tr!("wager-closed-draw", reason = draw_reason(d))
                    }
                    Some(TimelineEnd::Merged { into }) => {
                        tr!("wager-closed-merged", into = into)
                    }
                };
                ui.label(state);
                for side in [Color::White, Color::Black] {
                    if thinking.0[side_index(side)] {
                        ui.spinner();
                        ui.label(tr!("wager-ai-thinking", side = side_key(side)));
                    }
                }
            });
            let mover = t.side_to_move();
            let can_move = t.is_open() && !w.m.is_over() && w.human(mover);
            ui.horizontal(|ui| {
                let stakes = legal_stakes(&w, w.viewing);
                let can_split = can_move && stakes.is_some();
                let r = ui
                    .add_enabled(
                        can_split,
                        egui::Checkbox::new(&mut split.on, tr!("wager-split-toggle")),
                    )
                    .on_hover_text(tr!("wager-split-tip"));
                crate::play::guide::mark_control(ui.ctx(), "wager-split", r.rect);
                if let Some(range) = stakes.filter(|_| can_split) {
                    split.stake = split.stake.clamp(*range.start(), *range.end());
                    split.stake -= split.stake % 2;
                    ui.add(
                        egui::Slider::new(&mut split.stake, range)
                            .step_by(2.0)
                            .text(tr!("wager-stake")),
                    );
                } else {
                    split.on = false;
                }
                ui.separator();
                if w.players.iter().any(|p| matches!(p, Player::Ai(_)))
                    && w.players.contains(&Player::Human)
                {
                    let side = w.take_back_side(w.viewing);
                    if ui
                        .add_enabled(side.is_some(), egui::Button::new(tr!("wager-take-back")))
                        .on_hover_text(tr!("wager-take-back-tip"))
                        .clicked()
                        && let Some(side) = side
                    {
                        take_back.write(WagerTakeBack {
                            side,
                            timeline: w.viewing,
                        });
                    }
                }
                for side in [Color::White, Color::Black] {
                    if w.human(side)
                        && !w.m.is_over()
                        && crate::theme::confirm(ui, egui::Id::new(("wager resign", side)), |ui| {
                            ui.button(tr!("wager-resign", side = side_key(side)))
                        })
                    {
                        requests.write(WagerRequest {
                            side,
                            action: Action::Resign,
                        });
                    }
                }
                if ui
                    .button(tr!("wager-save"))
                    .on_hover_text(tr!("wager-save-tip"))
                    .clicked()
                {
                    *saved = Some(
                        crate::files::save_in_saves(
                            &saves,
                            "timeline-wager",
                            "wager",
                            &w.m.record(),
                        )
                        .map_err(|e| e.to_string()),
                    );
                }
                menu.save_as(ui, "timeline-wager", "wager", || w.m.record());
                menu.buttons(ui, timefork_records::GameKind::Wager, tr!("wager-menu"));
            });
            if let Some(e) = &w.refused {
                ui.colored_label(crate::theme::WARN, error_text(e));
            } else if let Some(f) = &w.feedback {
                ui.colored_label(crate::theme::WARN, f);
            }
            if let Some(s) = saved.as_ref() {
                let text = match s {
                    Ok(p) => tr!("wager-saved", path = p.display().to_string()),
                    Err(e) => tr!("wager-save-failed", error = e),
                };
                ui.label(egui::RichText::new(text).small());
            }
            ui.label(egui::RichText::new(tr!("wager-help")).small().weak());
        });
    Ok(())
}

/// While browsing the timeline's history: which ply is shown, steps, and the way back.
fn browse_bar(ui: &mut egui::Ui, k: usize, out: &mut MessageWriter<WagerBrowseRequest>) {
    ui.horizontal(|ui| {
        let text = if k == 0 {
            tr!("wager-browsing-start")
        } else {
            tr!(
                "wager-browsing-after",
                n = k.div_ceil(2),
                white = if k % 2 == 1 { "yes" } else { "no" }
            )
        };
        ui.label(
            egui::RichText::new(text)
                .strong()
                .color(crate::theme::ASIDE_BLUE),
        );
        if ui
            .add_enabled(k > 0, egui::Button::new("▲"))
            .on_hover_text(tr!("wager-browse-previous"))
            .clicked()
        {
            out.write(WagerBrowseRequest(HistoryStep::Previous));
        }
        if ui
            .button("▼")
            .on_hover_text(tr!("wager-browse-next"))
            .clicked()
        {
            out.write(WagerBrowseRequest(HistoryStep::Next));
        }
        if ui
            .button(egui::RichText::new(tr!("wager-back-to-game")).strong())
            .on_hover_text(tr!("wager-back-to-game-tip"))
            .clicked()
        {
            out.write(WagerBrowseRequest(HistoryStep::Live));
        }
    });
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
    egui::Window::new(tr!("wager-offers-title"))
        .id(egui::Id::new("wager offers"))
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
                ui.label(tr!("wager-offer", a = o.a, b = o.b, survivor = survivor));
                ui.horizontal(|ui| {
                    for side in [Color::White, Color::Black] {
                        match o.answer(side) {
                            Some(yes) => {
                                ui.label(if yes {
                                    tr!("wager-answer-yes", side = side_key(side))
                                } else {
                                    tr!("wager-answer-no", side = side_key(side))
                                });
                            }
                            None if w.human(side) => {
                                ui.label(tr!("wager-answer-pending", side = side_key(side)));
                                for (text, accept) in
                                    [(tr!("wager-accept"), true), (tr!("wager-refuse"), false)]
                                {
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
                            None if w.player(side) == Player::Remote => {
                                ui.label(tr!("wager-remote-deciding", side = side_key(side)));
                            }
                            None => {
                                ui.label(tr!("wager-ai-deciding", side = side_key(side)));
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
    egui::Window::new(tr!("wager-promote-title"))
        .id(egui::Id::new("wager promotion"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for mv in &selection.promotion {
                    let name = piece_name(mv.promotion.unwrap_or(Piece::Pawn));
                    if ui.button(name).clicked() {
                        chosen = Some(*mv);
                    }
                }
                cancel = ui.button(tr!("wager-cancel")).clicked();
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
    browse: Res<WagerBrowse>,
    mut browsing: MessageWriter<WagerBrowseRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let height = (ctx.content_rect().height() - 20.0).max(200.0);
    let now = time.elapsed_secs_f64();
    let mut clicked = None;
    egui::Window::new(tr!("wager-timelines-title"))
        .id(egui::Id::new("wager timelines"))
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .resizable(false)
        .collapsible(false)
        .fixed_size([super::view::PANELS.right - 30.0, height - 40.0])
        .show(ctx, |ui| {
            let map_area = egui::ScrollArea::both()
                .id_salt("map")
                .max_height(height * 0.55)
                .show(ui, |ui| {
                    clicked = map::show(ui, &w, &mut anim, now);
                });
            crate::play::guide::mark_control(ui.ctx(), "wager-map", map_area.inner_rect);
            ui.separator();
            ui.label(egui::RichText::new(tr!("wager-moves-on", n = w.viewing)).strong());
            egui::ScrollArea::vertical()
                .id_salt("moves")
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if let Some(t) = w.m.timeline(w.viewing) {
                        let g = t.game();
                        let fork = t.fork().map(|f| f.ply);
                        // A row a full move; each move a button showing the board after it.
                        let shown = browse.ply(&w);
                        let moves = g.moves();
                        for row in (0..moves.len()).step_by(2) {
                            ui.horizontal(|ui| {
                                ui.label(
                                    egui::RichText::new(format!("{:>3}.", row / 2 + 1))
                                        .monospace()
                                        .weak(),
                                );
                                for (i, &mv) in moves.iter().enumerate().skip(row).take(2) {
                                    let text = san::to_san(&g.boards()[i], mv)
                                        .unwrap_or_else(|_| mv.to_string());
                                    let shared = fork.is_some_and(|p| i < p);
                                    let rt = egui::RichText::new(text).monospace();
                                    let here = shown == Some(i + 1);
                                    let r = ui
                                        .selectable_label(here, if shared { rt.weak() } else { rt })
                                        .on_hover_text(if shared {
                                            tr!("wager-move-before-split")
                                        } else {
                                            tr!("wager-move-on-timeline")
                                        });
                                    if r.clicked() {
                                        browsing.write(if here {
                                            WagerBrowseRequest(HistoryStep::Live)
                                        } else {
                                            WagerBrowseRequest(HistoryStep::To(i + 1))
                                        });
                                    }
                                }
                            });
                        }
                        if g.moves().is_empty() {
                            ui.label(egui::RichText::new(tr!("wager-no-moves")).weak());
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
        Outcome::WhiteWins => tr!("wager-white-wins"),
        Outcome::BlackWins => tr!("wager-black-wins"),
        Outcome::Draw => tr!("wager-match-drawn"),
    };
    let why = match r.reason {
        EndReason::Points => tr!("wager-end-points"),
        EndReason::AllClosed => tr!("wager-end-all-closed"),
        EndReason::Resignation => tr!("wager-end-resignation"),
        EndReason::FlagFall => tr!("wager-end-flag-fall"),
        EndReason::BothFlags => tr!("wager-end-both-flags"),
    };
    egui::Window::new(tr!("wager-over-title"))
        .id(egui::Id::new("wager match over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [-120.0, 170.0])
        .show(ctx, |ui| {
            ui.heading(tr!("wager-result", headline = headline, reason = why));
            ui.label(tr!(
                "wager-result-summary",
                white = secured.white,
                black = secured.black,
                splits = w.m.split_count(),
                merges = w.m.merge_count()
            ));
            ui.horizontal(|ui| {
                if ui.button(tr!("wager-keep-browsing")).clicked() {
                    *hidden = Some(w.id);
                }
                if ui.button(tr!("wager-new-match")).clicked() {
                    next.set(Screen::WagerNew);
                }
                if ui.button(tr!("wager-title")).clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}
