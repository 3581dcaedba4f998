//! The bar along the top: turn, side to move, the present, clocks, the mate check, and the
//! buttons (undo, submit, resign, menu). The submit button says why it cannot be pressed.

use crate::multiverse::matchplay::ai_player::{Hint, HintRequest};
use crate::multiverse::matchplay::browse::{Browse, BrowseRequest};
use crate::multiverse::matchplay::{Match, MateCheck, Origin, Player, Request, color_name};
use crate::multiverse::mirror::ClockView;
use crate::screens::Screen;
use crate::theme::format_clock;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_engine::{Color as Side, GameStatus};

pub(super) fn turn_bar(
    mut contexts: EguiContexts,
    m: Res<Match>,
    clocks: Query<&ClockView>,
    mut requests: MessageWriter<Request>,
    mut next: ResMut<NextState<Screen>>,
    thinking: Option<Res<crate::multiverse::matchplay::AiThinking>>,
    hint: Res<Hint>,
    mut ask_hint: MessageWriter<HintRequest>,
    browse: Res<Browse>,
    mut browsing: MessageWriter<BrowseRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("turn")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [10.0, 10.0])
        .show(ctx, |ui| {
            if let Some(k) = browse.state(&m) {
                browse_bar(ui, &m, k, &mut browsing);
                ui.separator();
            }
            let pos = &m.pos;
            let present = pos.present();
            ui.horizontal(|ui| {
                ui.heading(format!(
                    "Turn {} · {} to move",
                    m.game.position().present().div_euclid(2),
                    color_name(pos.to_move)
                ));
                ui.separator();
                ui.label(format!(
                    "Present: T{}{}",
                    present.div_euclid(2),
                    if present.rem_euclid(2) == 0 { "w" } else { "b" }
                ))
                .on_hover_text(
                    "The present is the earliest turn among active timelines. The player to \
                     move must play on every board there (orange frames) before submitting; boards \
                     with a green dashed frame may be played too.",
                );
            });
            ui.horizontal(|ui| {
                for side in [Side::White, Side::Black] {
                    if let Some(c) = clocks.iter().find(|c| c.color == side) {
                        clock_label(ui, &m, c);
                    }
                }
                if let Some(tc) = m.time_control {
                    ui.label(egui::RichText::new(tc.name()).weak())
                        .on_hover_text(
                            "Base time + increment per turn. The clock stands still while the \
                             game checks for mate.",
                        );
                }
            });
            ui.horizontal(|ui| match m.mate_check {
                MateCheck::Running => {
                    ui.spinner();
                    ui.label("checking for mate…");
                }
                MateCheck::Done(GameStatus::Check) => {
                    ui.colored_label(egui::Color32::from_rgb(255, 120, 90), "Check!")
                        .on_hover_text(
                            "A royal piece of the side to move is attacked from some board. \
                             The turn must end with no royal piece capturable.",
                        );
                }
                MateCheck::Done(GameStatus::Unknown) => {
                    ui.label("mate check gave up (budget spent): play on");
                }
                _ => {}
            });
            if let Some(t) = thinking
                && t.0
                && !m.is_over()
            {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("the AI is thinking…");
                });
            }
            let human =
                !m.is_over() && m.player_to_move() == Player::Human && !browse.is_browsing(&m);
            ui.horizontal(|ui| {
                let can_undo = human && pos.turn_len() > 0;
                if ui
                    .add_enabled(can_undo, egui::Button::new("Undo (Ctrl+Z)"))
                    .clicked()
                {
                    requests.write(Request::Undo);
                }
                let err = m.submit_error();
                let submit = ui.add_enabled(
                    human && err.is_none(),
                    egui::Button::new(egui::RichText::new("Submit (Enter)").strong()),
                );
                if submit.clicked() {
                    requests.write(Request::Submit);
                }
                // A puzzle has its own hint and retries (its panel).
                let game = m.origin != Origin::Puzzle;
                if game
                    && ui
                        .add_enabled(human, egui::Button::new("Hint"))
                        .on_hover_text("Ask the AI (Hard) which turn it would play here")
                        .clicked()
                {
                    ask_hint.write(HintRequest);
                }
                // The person resigns, whoever is to move; at one computer, the side to move.
                let resigner = match m.players {
                    [Player::Human, Player::Ai(_)] => Some(Side::White),
                    [Player::Ai(_), Player::Human] => Some(Side::Black),
                    [Player::Human, Player::Human] => Some(m.to_move()),
                    _ => None,
                };
                if let Some(side) = resigner.filter(|_| game)
                    && ui
                        .add_enabled(!m.is_over(), egui::Button::new("Resign"))
                        .on_hover_text(format!("{} gives up the game", color_name(side)))
                        .clicked()
                {
                    requests.write(Request::Resign(side));
                }
                if ui.button("Menu").clicked() {
                    next.set(Screen::Title);
                }
            });
            if let (Some(e), true) = (m.submit_error(), human) {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 200, 120),
                    format!("Cannot submit: {}", e.describe(&m.pos)),
                );
            }
            let key = crate::play::tasks::MatchKey::new(m.id, m.game.actions.len());
            if hint.key == Some(key) {
                if hint.thinking {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("looking for a hint…");
                    });
                } else if let Some(a) = &hint.action {
                    ui.label(format!(
                        "Hint: {}",
                        timefork_engine::notation::write_action(m.game.position(), a)
                    ));
                }
            }
            if let Some(f) = &m.feedback {
                ui.colored_label(egui::Color32::from_rgb(255, 140, 120), f);
            }
            ui.label(
                egui::RichText::new(
                    "Click a piece, then a target. Drag with right/middle mouse or arrows to pan, \
                     wheel to zoom, F to frame, V for the free camera (Q/E turn).",
                )
                .small()
                .weak(),
            );
        });
    Ok(())
}

/// While browsing: which state is shown, steps back and forth, and the way back.
fn browse_bar(ui: &mut egui::Ui, m: &Match, k: usize, out: &mut MessageWriter<BrowseRequest>) {
    ui.horizontal(|ui| {
        let text = if k == 0 {
            "Browsing: the start".to_string()
        } else {
            let side = if (k - 1).is_multiple_of(2) {
                m.game.start.to_move
            } else {
                m.game.start.to_move.opponent()
            };
            format!("Browsing: after action {k} ({} moved)", color_name(side))
        };
        ui.label(
            egui::RichText::new(text)
                .strong()
                .color(egui::Color32::from_rgb(110, 200, 255)),
        );
        if ui
            .add_enabled(k > 0, egui::Button::new("◀"))
            .on_hover_text("Previous (Left)")
            .clicked()
        {
            out.write(BrowseRequest::Previous);
        }
        if ui.button("▶").on_hover_text("Next (Right)").clicked() {
            out.write(BrowseRequest::Next);
        }
        if ui
            .button(egui::RichText::new("Back to the game").strong())
            .on_hover_text("Esc")
            .clicked()
        {
            out.write(BrowseRequest::Live);
        }
    });
}

/// One side's clock: who plays it, the time (left, or used when untimed), strong while
/// it runs, red under the warning threshold.
fn clock_label(ui: &mut egui::Ui, m: &Match, c: &ClockView) {
    let who = match m.players[crate::multiverse::matchplay::color_index(c.color)] {
        Player::Human => "human".to_string(),
        Player::Ai(_) if m.origin == Origin::Puzzle => "solver".to_string(),
        Player::Ai(l) => format!("AI {}", l.name()),
    };
    // Tenths only where they matter: a timed clock under ten seconds.
    let time = if c.timed {
        format_clock(c.shown)
    } else {
        crate::theme::format_duration(c.shown)
    };
    let text = if c.timed {
        format!("{} ({who}) {time}", color_name(c.color))
    } else {
        format!("{} ({who}) {time} used", color_name(c.color))
    };
    let mut rt = egui::RichText::new(text).monospace().size(16.0);
    rt = if c.running { rt.strong() } else { rt.weak() };
    if c.low {
        rt = rt.color(egui::Color32::from_rgb(255, 90, 70));
    }
    egui::Frame::new()
        .fill(if c.running {
            egui::Color32::from_rgba_premultiplied(60, 60, 70, 200)
        } else {
            egui::Color32::TRANSPARENT
        })
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(6, 2))
        .show(ui, |ui| {
            ui.label(rt);
        });
}

pub(super) fn game_over_box(
    mut contexts: EguiContexts,
    m: Res<Match>,
    mut next: ResMut<NextState<Screen>>,
    mut hidden: Local<Option<u64>>,
) -> Result {
    let Some(outcome) = m.outcome else {
        return Ok(());
    };
    // A puzzle's end is its panel's to tell.
    if m.origin == Origin::Puzzle {
        return Ok(());
    }
    if *hidden == Some(m.id) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Under the turn bar, so it hides neither the clocks nor the move list.
    let below_bar = ctx
        .memory(|mem| mem.area_rect(egui::Id::new("turn")))
        .map_or(170.0, |r| r.bottom() + 10.0);
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [10.0, below_bar])
        .show(ctx, |ui| {
            ui.heading(outcome.describe());
            ui.label(format!("after {} turns", m.game.actions.len()));
            ui.horizontal(|ui| {
                if ui.button("Keep browsing").clicked() {
                    *hidden = Some(m.id);
                }
                if ui.button("New game").clicked() {
                    next.set(Screen::NewGame);
                }
                if ui.button("Title").clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}
