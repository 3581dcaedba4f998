//! The turn bar: the side to move, "move 1 of 3", undo, end turn, resign, save, menu,
//! and the banner when the game ends.

use crate::files;
use crate::kingdrops::ai::KdAiState;
use crate::kingdrops::browse::{KdBrowse, KdBrowseRequest};
use crate::kingdrops::follow::PanelRoom;
use crate::kingdrops::matchplay::{KdMatch, KdRequest, banner};
use crate::kingdrops::review::KdReview;
use crate::kingdrops::texts;
use crate::players::Player;
use crate::review::driver::ReviewRequest;
use crate::screens::Screen;
use crate::theme;
use crate::theme::prose::ProseTips as _;
use crate::window::MainWindow;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;

/// The last save's message, for the match it was made in.
#[derive(Resource, Default)]
pub(super) struct SaveNote(Option<(u64, String)>);

pub(super) fn turn_bar(
    mut contexts: EguiContexts,
    m: Res<KdMatch>,
    ai: Res<KdAiState>,
    window: MainWindow,
    mut room: ResMut<PanelRoom>,
    mut note: ResMut<SaveNote>,
    mut requests: MessageWriter<KdRequest>,
    mut menu: crate::rules_pages::GameMenu,
    browse: Res<KdBrowse>,
    mut browsing: MessageWriter<KdBrowseRequest>,
    review: Res<KdReview>,
    mut reviewing: MessageWriter<ReviewRequest>,
    saves: Res<files::SavesDir>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = window.points();
    let width = (size.x - 360.0).clamp(300.0, 560.0);
    let r = egui::Window::new("kingdrops turn")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [10.0, 10.0])
        .fixed_size([width, 0.0])
        .show(ctx, |ui| {
            if let Some(k) = browse.state(&m) {
                super::browse_bar::browse_bar(ui, &m, k, &mut browsing);
                ui.separator();
            }
            if let Some((head, detail)) = banner(&m) {
                // The end, in the bar's place: it covers nothing of the board.
                ui.label(
                    egui::RichText::new(head)
                        .size(32.0)
                        .strong()
                        .color(theme::TITLE_GOLD),
                );
                ui.label(egui::RichText::new(detail).size(18.0));
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(tr!("kd-after-turns", n = m.game.turns().len())).weak(),
                    );
                    ui.separator();
                    if ui.button(tr!("kd-new-game")).clicked() {
                        menu.next.set(Screen::KingdropsNew);
                    }
                    if ui.button(tr!("kd-save")).clicked() {
                        note.0 = Some((m.id, crate::kingdrops::save::save_in_saves(&saves, &m)));
                    }
                    if review.of(m.id).is_none() && crate::review::window::open_button(ui) {
                        reviewing.write(ReviewRequest::Open);
                    }
                    if ui.button(tr!("kd-title")).clicked() {
                        menu.next.set(Screen::Title);
                    }
                });
                if let Some((_, n)) = note.0.as_ref().filter(|(id, _)| *id == m.id) {
                    ui.add(
                        egui::Label::new(egui::RichText::new(n).color(crate::theme::ASIDE_BLUE))
                            .truncate(),
                    );
                }
                return;
            }
            let side = m.to_move();
            ui.horizontal(|ui| {
                ui.heading(tr!(
                    "kd-turn-heading",
                    n = m.game.turns().len() / 2 + 1,
                    side = texts::side(side)
                ));
                ui.label(egui::RichText::new(texts::player_name(m.player(side))).weak());
            });
            ui.horizontal(|ui| {
                let human = m.human_to_move();
                if !human && !m.is_over() {
                    ui.spinner();
                    let remote = m.player(m.to_move()) == Player::Remote;
                    ui.label(match (remote, m.moves.is_empty()) {
                        (true, true) => tr!("kd-remote-plays"),
                        (true, false) => tr!("kd-remote-played", moves = m.turn_text()),
                        (false, _) if ai.thinking => tr!("kd-ai-thinking"),
                        (false, _) => tr!("kd-ai-plays", moves = m.turn_text()),
                    });
                } else {
                    ui.label(egui::RichText::new(turn_status(&m)).strong().size(17.0));
                    if !m.moves.is_empty() {
                        ui.label(egui::RichText::new(m.turn_text()).monospace());
                    }
                }
            });
            if m.human_to_move()
                && let Some(why) = end_turn_waits(&m)
            {
                crate::theme::prose::prose(ui, egui::RichText::new(why).small());
            }
            ui.horizontal_wrapped(|ui| {
                let human = m.human_to_move();
                if ui
                    .add_enabled(
                        human && !m.moves.is_empty(),
                        egui::Button::new(tr!("kd-undo")),
                    )
                    .on_hover_prose(tr!("kd-undo-tip"))
                    .clicked()
                {
                    requests.write(KdRequest::Undo);
                }
                let end = if m.turn_len == 0 {
                    tr!("kd-pass")
                } else {
                    tr!("kd-end-turn")
                };
                let end = ui
                    .add_enabled(
                        human && m.can_end,
                        egui::Button::new(egui::RichText::new(end).strong()),
                    )
                    .on_hover_prose(tr!("kd-end-turn-tip"))
                    .on_disabled_hover_prose(tr!("kd-end-turn-not-yet"));
                crate::game_kit::guide::mark_control(ui.ctx(), "kd-end-turn", end.rect);
                if end.clicked() {
                    requests.write(KdRequest::EndTurn);
                }
                if m.players.iter().any(|p| matches!(p, Player::Ai(_)))
                    && m.players.contains(&Player::Human)
                    && ui
                        .add_enabled(m.can_take_back(), egui::Button::new(tr!("kd-take-back")))
                        .on_hover_prose(tr!("kd-take-back-tip"))
                        .clicked()
                {
                    requests.write(KdRequest::TakeBack);
                }
                if crate::theme::confirm(ui, egui::Id::new("kd resign"), |ui| {
                    ui.add_enabled(m.resigner().is_some(), egui::Button::new(tr!("kd-resign")))
                }) {
                    requests.write(KdRequest::Resign);
                }
                if ui
                    .button(tr!("kd-save"))
                    .on_hover_prose(tr!("kd-save-tip", dir = saves.0.display().to_string()))
                    .clicked()
                {
                    note.0 = Some((m.id, crate::kingdrops::save::save_in_saves(&saves, &m)));
                }
                menu.save_as(ui, "kingdrops", "kingdrops", || {
                    crate::kingdrops::save::record_text(&m)
                });
                menu.buttons(ui, timefork_records::GameKind::Kingdrops, tr!("kd-menu"));
            });
            // One message line, always there, so the bar keeps its height.
            let line = if let Some(f) = &m.feedback {
                egui::RichText::new(f).color(crate::theme::WARN)
            } else if let Some((_, n)) = note.0.as_ref().filter(|(id, _)| *id == m.id) {
                egui::RichText::new(n).color(crate::theme::ASIDE_BLUE)
            } else if let Some(ex) = m
                .last_turn
                .as_ref()
                .filter(|l| !l.exchanges.is_empty() && m.moves.is_empty())
            {
                let pieces = ex
                    .exchanges
                    .iter()
                    .map(|e| tr!("kd-exchange-each", n = e.count, kind = texts::kind(e.kind)))
                    .reduce(|first, second| tr!("kd-and", first = first, second = second))
                    .unwrap_or_default();
                egui::RichText::new(tr!(
                    "kd-exchange",
                    side = texts::side(ex.by),
                    pieces = pieces
                ))
                .color(crate::theme::ASIDE_BLUE)
            } else {
                egui::RichText::new(tr!("kd-play-help")).small().weak()
            };
            // Wrapped, not cut: the controls are read here first (the bar's room follows
            // its height).
            crate::theme::prose::prose(ui, line);
        });
    if let Some(r) = r {
        room.take(Screen::KingdropsPlay, r.response.rect, size);
    }
    Ok(())
}

/// What the turn bar says about the turn in progress.
pub fn turn_status(m: &KdMatch) -> String {
    if m.is_over() {
        return tr!("kd-status-over");
    }
    let made = m.moves.len();
    if m.turn_len == 0 {
        return tr!("kd-status-pass");
    }
    if m.can_end {
        return tr!("kd-status-complete", made = made, total = m.turn_len);
    }
    tr!("kd-status-move", n = made + 1, total = m.turn_len)
}

/// Why End turn waits once a move of the turn is made: said under the status, where the
/// eye is, not only in the greyed button's tooltip.
pub fn end_turn_waits(m: &KdMatch) -> Option<String> {
    (!m.is_over() && m.turn_len > 0 && !m.moves.is_empty() && !m.can_end)
        .then(|| tr!("kd-status-more", left = m.turn_len - m.moves.len()))
}
