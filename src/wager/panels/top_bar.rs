//! The bar on top: the timeline on screen, its bank, the secured totals, both clocks at
//! their rates, whose move it is, the split toggle and stake, take back, resign, save, menu.

use crate::players::Player;
use crate::theme::format_clock;
use crate::theme::prose::ProseTips as _;
use crate::wager::ai::WagerThinking;
use crate::wager::browse::{WagerBrowse, WagerBrowseRequest};
use crate::wager::input::{SplitMode, legal_stakes};
use crate::wager::matchplay::{WagerMatch, WagerRequest, WagerTakeBack, side_index};
use crate::wager::texts::{draw_reason, error_text, side_key};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::path::PathBuf;
use std::time::Duration;
use timefork_i18n::tr;
use timefork_wager::chess::Color;
use timefork_wager::{Action, TimelineEnd};

pub(super) fn top_bar(
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
    let width = (ctx.content_rect().width() - crate::wager::view::PANELS.right - 30.0).max(300.0);
    egui::Window::new("wager bar")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [10.0, 10.0])
        .max_width(width)
        .show(ctx, |ui| {
            if let Some(k) = browse.ply(&w) {
                super::browse_bar::browse_bar(ui, k, &mut browsing);
                ui.separator();
            }
            let _n = w.m.timelines().len();
            let viewing = w.viewing;
            let Some(bank) = w.m.timeline(viewing).map(|t| t.bank()) else {
                return;
            };
            timeline_row(ui, &mut w, bank);
            let Some(t) = w.m.timeline(w.viewing).cloned() else {
                return;
            };
            score_row(ui, &w, now);
            status_row(ui, &w, &t, &thinking);
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
                    .on_hover_prose(tr!("wager-split-tip"));
                crate::game_kit::guide::mark_control(ui.ctx(), "wager-split", r.rect);
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
                        .on_hover_prose(tr!("wager-take-back-tip"))
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
                    .on_hover_prose(tr!("wager-save-tip"))
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
            crate::theme::prose::prose(ui, egui::RichText::new(tr!("wager-help")).small().weak());
        });
    Ok(())
}

/// The timeline on screen (with the way to the others), how many are open, its bank.
fn timeline_row(ui: &mut egui::Ui, w: &mut WagerMatch, bank: timefork_wager::Points) {
    let n = w.m.timelines().len();
    let viewing = w.viewing;
    ui.horizontal(|ui| {
        if ui
            .button("◀")
            .on_hover_prose(tr!("wager-previous-tip"))
            .clicked()
        {
            w.viewing = (viewing + n - 1) % n;
        }
        ui.heading(tr!("wager-timeline-heading", n = viewing));
        if ui
            .button("▶")
            .on_hover_prose(tr!("wager-next-tip"))
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
        .on_hover_prose(tr!("wager-bank-tip"));
    });
}

/// The secured totals and both clocks at their rates.
fn score_row(ui: &mut egui::Ui, w: &WagerMatch, now: u64) {
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
        .on_hover_prose(tr!("wager-secured-tip"));
        ui.separator();
        let mut clocks = egui::Rect::NOTHING;
        for side in [Color::White, Color::Black] {
            let mut rt = egui::RichText::new(clock_text(w, side, now)).monospace();
            if w.m.to_move(side).next().is_some() && !w.m.is_over() {
                rt = rt.strong();
            } else {
                rt = rt.weak();
            }
            let r = ui.label(rt).on_hover_prose(tr!("wager-clock-tip"));
            clocks = clocks.union(r.rect);
        }
        crate::game_kit::guide::mark_control(ui.ctx(), "wager-clocks", clocks);
    });
}

/// Whose move it is on the board on screen, how its timeline ended, who is thinking.
fn status_row(
    ui: &mut egui::Ui,
    w: &WagerMatch,
    t: &timefork_wager::Timeline,
    thinking: &WagerThinking,
) {
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
}

/// A side's clock as the bar shows it: untimed, stopped, or running at its rate.
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
