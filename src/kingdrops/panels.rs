//! The Kingdrops panels: the setup bar (quick choices, Ready), the turn bar (side to
//! move, "move 1 of 3", undo, end turn, resign, save, menu), the move list in the turn
//! text of rules.md, the banner when the game ends, and the tooltip naming the piece
//! under the cursor and how it moves.

use super::ai::KdAiState;
use super::browse::{KdBrowse, KdBrowseRequest};
use super::follow::PanelRoom;
use super::input::KdHovered;
use super::layout::Slot;
use super::matchplay::{KdMatch, KdRequest, banner};
use super::mirror::KdPiece;
use super::review::KdReview;
use super::setup::{KdSetup, QuickLayout, SetupRequest};
use super::texts;
use crate::camera::MainWindow;
use crate::files;
use crate::play::history::HistoryStep;
use crate::play::states::ActiveGame;
use crate::players::{Player, level_name};
use crate::review::driver::ReviewRequest;
use crate::screens::Screen;
use crate::theme;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;
use timefork_kingdrops::{Color as Side, Kind, Piece};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveNote>();
    app.add_systems(
        EguiPrimaryContextPass,
        setup_bar
            .run_if(in_state(Screen::KingdropsSetup))
            .run_if(resource_exists::<KdSetup>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        (turn_bar, move_list, review_panel)
            .run_if(in_state(Screen::KingdropsPlay))
            .distributive_run_if(resource_exists::<KdMatch>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        piece_tip.run_if(in_state(ActiveGame::Kingdrops)),
    );
}

/// The last save's message, for the match it was made in.
#[derive(Resource, Default)]
struct SaveNote(Option<(u64, String)>);

/// The window's size in egui points (what the panels measure in).
fn window_size(window: &MainWindow) -> Vec2 {
    window.size() / crate::theme::ui_zoom()
}

/// Who plays a side, in brackets after the heading: "(a person)", "(the AI (Hard))".
fn player_name(p: Player) -> String {
    let player = match p {
        Player::Human => tr!("kd-player-person"),
        Player::Ai(l) => tr!("kd-player-ai", level = level_name(l)),
        Player::Remote => tr!("kd-player-remote"),
    };
    tr!("kd-player-in-brackets", player = player)
}

fn setup_bar(
    mut contexts: EguiContexts,
    s: Res<KdSetup>,
    ai: Res<KdAiState>,
    window: MainWindow,
    mut room: ResMut<PanelRoom>,
    mut requests: MessageWriter<SetupRequest>,
    mut menu: crate::rules_pages::GameMenu,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = window_size(&window);
    let (asked, rect) = setup_ui(ctx, &s, ai.setting_up, size, |ui| {
        menu.buttons(ui, timefork_records::GameKind::Kingdrops, tr!("kd-menu"));
    });
    if let Some(r) = asked {
        requests.write(r);
    }
    if let Some(rect) = rect {
        room.take(Screen::KingdropsSetup, rect, size);
    }
    Ok(())
}

/// The setup bar in a window of `size`: whose setup it is, how many pieces are placed, the
/// quick layouts and Ready; `menu` draws the game menu at its end. Returns what was asked
/// and the room the bar takes.
pub fn setup_ui(
    ctx: &egui::Context,
    s: &KdSetup,
    ai_setting_up: bool,
    size: Vec2,
    menu: impl FnOnce(&mut egui::Ui),
) -> (Option<SetupRequest>, Option<egui::Rect>) {
    let mut asked = None;
    let width = (size.x - 40.0).min(560.0);
    let r = egui::Window::new("kingdrops setup")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [10.0, 10.0])
        .fixed_size([width, 0.0])
        .show(ctx, |ui| {
            let side = s.side;
            let other = side.opponent();
            let [a, b] = side.home_ranks();
            let human = s.player() == Player::Human;
            ui.horizontal(|ui| {
                ui.heading(tr!("kd-setup-heading", side = texts::side(side)));
                ui.label(egui::RichText::new(player_name(s.player())).weak());
                if human {
                    ui.separator();
                    ui.label(
                        egui::RichText::new(tr!("kd-placed-count", n = s.placed_count())).strong(),
                    );
                }
            });
            if let Some(f) = &s.feedback {
                // Why the last request was refused, in the instructions' place.
                ui.add(egui::Label::new(egui::RichText::new(f).color(crate::theme::WARN)).wrap());
            } else if !human {
                ui.horizontal(|ui| {
                    if ai_setting_up || s.player() == Player::Remote {
                        ui.spinner();
                    }
                    let waiting = if s.player() == Player::Remote {
                        tr!("kd-remote-setting-up", side = texts::side(side))
                    } else {
                        tr!("kd-ai-setting-up", side = texts::side(side))
                    };
                    ui.label(waiting);
                });
            } else {
                let white_ready = side == Side::Black && s.done[0].is_some();
                let text = tr!(
                    "kd-setup-help",
                    low = a.min(b) + 1,
                    high = a.max(b) + 1,
                    white_ready = if white_ready { "yes" } else { "no" }
                );
                ui.add(egui::Label::new(egui::RichText::new(text).small()).wrap());
            }
            ui.horizontal_wrapped(|ui| {
                ui.add_enabled_ui(human, |ui| {
                    let random = ui
                        .button(tr!("kd-random"))
                        .on_hover_text(tr!("kd-random-tip"));
                    if random.clicked() {
                        asked = Some(SetupRequest::Quick(QuickLayout::Random));
                    }
                    let can_mirror = s.done[other.index()].is_some();
                    if ui
                        .add_enabled(
                            can_mirror,
                            egui::Button::new(tr!("kd-mirror", side = texts::side(other))),
                        )
                        .on_hover_text(tr!("kd-mirror-tip", side = texts::side(other)))
                        .on_disabled_hover_text(tr!("kd-mirror-not-yet", side = texts::side(other)))
                        .clicked()
                    {
                        asked = Some(SetupRequest::Quick(QuickLayout::Mirror));
                    }
                    let standard = ui
                        .button(tr!("kd-standard"))
                        .on_hover_text(tr!("kd-standard-tip"));
                    if standard.clicked() {
                        asked = Some(SetupRequest::Quick(QuickLayout::Standard));
                    }
                    crate::play::guide::mark_control(
                        ui.ctx(),
                        "kd-quick",
                        random.rect.union(standard.rect),
                    );
                    if ui.button(tr!("kd-clear")).clicked() {
                        asked = Some(SetupRequest::Clear);
                    }
                    ui.separator();
                    let ready = ui
                        .add_enabled(
                            s.placed_count() == 16,
                            egui::Button::new(egui::RichText::new(tr!("kd-ready")).strong()),
                        )
                        .on_disabled_hover_text(tr!("kd-ready-tip"));
                    crate::play::guide::mark_control(ui.ctx(), "kd-ready", ready.rect);
                    if ready.clicked() {
                        asked = Some(SetupRequest::Ready);
                    }
                });
                menu(ui);
            });
        });
    (asked, r.map(|r| r.response.rect))
}

/// Saves the game in the saves folder; the message says where, or why not.
fn save(saves: &files::SavesDir, m: &KdMatch) -> String {
    let text = super::save::record_text(m);
    match files::save_in_saves(saves, "kingdrops", "kingdrops", &text) {
        Ok(p) => tr!("kd-saved-to", path = p.display().to_string()),
        Err(e) => tr!("kd-save-failed", error = e.to_string()),
    }
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

fn turn_bar(
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
    let size = window_size(&window);
    let width = (size.x - 360.0).clamp(300.0, 560.0);
    let r = egui::Window::new("kingdrops turn")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [10.0, 10.0])
        .fixed_size([width, 0.0])
        .show(ctx, |ui| {
            if let Some(k) = browse.state(&m) {
                browse_bar(ui, &m, k, &mut browsing);
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
                        note.0 = Some((m.id, save(&saves, &m)));
                    }
                    if review.of(m.id).is_none()
                        && ui
                            .button(tr!("review-open"))
                            .on_hover_text(tr!("review-open-tip"))
                            .clicked()
                    {
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
                ui.label(egui::RichText::new(player_name(m.player(side))).weak());
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
            ui.horizontal_wrapped(|ui| {
                let human = m.human_to_move();
                if ui
                    .add_enabled(
                        human && !m.moves.is_empty(),
                        egui::Button::new(tr!("kd-undo")),
                    )
                    .on_hover_text(tr!("kd-undo-tip"))
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
                    .on_hover_text(tr!("kd-end-turn-tip"))
                    .on_disabled_hover_text(tr!("kd-end-turn-not-yet"));
                crate::play::guide::mark_control(ui.ctx(), "kd-end-turn", end.rect);
                if end.clicked() {
                    requests.write(KdRequest::EndTurn);
                }
                if m.players.iter().any(|p| matches!(p, Player::Ai(_)))
                    && m.players.contains(&Player::Human)
                    && ui
                        .add_enabled(m.can_take_back(), egui::Button::new(tr!("kd-take-back")))
                        .on_hover_text(tr!("kd-take-back-tip"))
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
                    .on_hover_text(tr!("kd-save-tip", dir = saves.0.display().to_string()))
                    .clicked()
                {
                    note.0 = Some((m.id, save(&saves, &m)));
                }
                menu.save_as(ui, "kingdrops", "kingdrops", || {
                    super::save::record_text(&m)
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
            ui.add(egui::Label::new(line).truncate());
        });
    if let Some(r) = r {
        room.take(Screen::KingdropsPlay, r.response.rect, size);
    }
    Ok(())
}

fn move_list(
    mut contexts: EguiContexts,
    m: Res<KdMatch>,
    browse: Res<KdBrowse>,
    mut browsing: MessageWriter<KdBrowseRequest>,
    window: MainWindow,
    mut room: ResMut<PanelRoom>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = window_size(&window);
    let list_h = (size.y * 0.45).clamp(120.0, 420.0);
    let r = egui::Window::new(tr!("kd-moves"))
        .id(egui::Id::new("kingdrops moves"))
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .resizable(false)
        .collapsible(false)
        .min_width(250.0)
        .max_width(250.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(list_h)
                .auto_shrink([false, true])
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    let turns = m.game.turns();
                    if turns.is_empty() && m.moves.is_empty() {
                        ui.label(egui::RichText::new(tr!("kd-no-turns")).weak());
                    }
                    egui::Grid::new("kingdrops turns")
                        .num_columns(2)
                        .striped(true)
                        .spacing([8.0, 2.0])
                        .show(ui, |ui| {
                            for (i, t) in turns.iter().enumerate() {
                                let who = if i % 2 == 0 { "" } else { "…" };
                                ui.label(
                                    egui::RichText::new(format!("{}.{who}", i / 2 + 1))
                                        .monospace()
                                        .weak(),
                                );
                                // A click shows the board after this turn.
                                let shown = browse.state(&m) == Some(i + 1);
                                if ui
                                    .selectable_label(
                                        shown,
                                        egui::RichText::new(t.to_string()).monospace(),
                                    )
                                    .on_hover_text(tr!("kd-browse-tip"))
                                    .clicked()
                                {
                                    browsing.write(if shown {
                                        KdBrowseRequest(HistoryStep::Live)
                                    } else {
                                        KdBrowseRequest(HistoryStep::To(i + 1))
                                    });
                                }
                                ui.end_row();
                            }
                            if !m.moves.is_empty() {
                                ui.label(egui::RichText::new(tr!("kd-now")).monospace().weak());
                                ui.label(egui::RichText::new(m.turn_text()).monospace().italics());
                                ui.end_row();
                            }
                        });
                    if let Some(r) = m.game.result() {
                        ui.label(egui::RichText::new(texts::result(r)).strong());
                    }
                });
            ui.separator();
            if ui
                .button(tr!("kd-copy-record"))
                .on_hover_text(tr!("kd-copy-record-tip"))
                .clicked()
            {
                ui.ctx().copy_text(super::save::record_text(&m));
            }
        });
    if let Some(r) = r {
        room.take(Screen::KingdropsPlay, r.response.rect, size);
    }
    Ok(())
}

/// While browsing: which position is shown, steps back and forth, and the way back.
fn browse_bar(ui: &mut egui::Ui, m: &KdMatch, k: usize, out: &mut MessageWriter<KdBrowseRequest>) {
    ui.horizontal_wrapped(|ui| {
        let text = match k.checked_sub(1) {
            None => tr!("kd-browsing-start"),
            Some(i) => tr!(
                "kd-browsing-after",
                n = k,
                side = texts::side(m.game.positions()[i].side_to_move())
            ),
        };
        ui.label(egui::RichText::new(text).strong().color(theme::ASIDE_BLUE));
        if ui
            .add_enabled(k > 0, egui::Button::new("◀"))
            .on_hover_text(tr!("kd-browse-previous"))
            .clicked()
        {
            out.write(KdBrowseRequest(HistoryStep::Previous));
        }
        if ui
            .button("▶")
            .on_hover_text(tr!("kd-browse-next"))
            .clicked()
        {
            out.write(KdBrowseRequest(HistoryStep::Next));
        }
        if ui
            .button(egui::RichText::new(tr!("kd-back-to-game")).strong())
            .on_hover_text(tr!("kd-back-to-game-tip"))
            .clicked()
        {
            out.write(KdBrowseRequest(HistoryStep::Live));
        }
    });
}

/// The review window of a finished game (the shared `review::window`).
fn review_panel(
    mut contexts: EguiContexts,
    m: Res<KdMatch>,
    state: Res<KdReview>,
    mut out: MessageWriter<ReviewRequest>,
    window: MainWindow,
    mut room: ResMut<PanelRoom>,
) -> Result {
    let Some(review) = state.of(m.id) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let size = window_size(&window);
    let name = |i: usize| {
        let side = if review.turns[i].1 {
            tr!("common-white")
        } else {
            tr!("common-black")
        };
        tr!("review-turn", n = i / 2 + 1, side = side)
    };
    // Clear of the move list on the right (250 points wide, 10 from the edge).
    let (action, taken) = crate::review::window::show(ctx, review, 270.0, name);
    if taken > 0.0 {
        let rect = egui::Rect::from_min_max(
            egui::pos2(10.0, size.y - taken + 8.0),
            egui::pos2(size.x - 280.0, size.y - 10.0),
        );
        room.take(Screen::KingdropsPlay, rect, size);
    }
    if let Some(a) = action {
        out.write(match a {
            crate::review::window::ReviewAction::Show(k) => ReviewRequest::Show(k),
            crate::review::window::ReviewAction::Close => ReviewRequest::Close,
        });
    }
    Ok(())
}

/// How a kind moves.
pub fn rule(kind: Kind) -> String {
    match kind {
        Kind::King => tr!("kd-rule-king"),
        Kind::Queen => tr!("kd-rule-queen"),
        Kind::Rook => tr!("kd-rule-rook"),
        Kind::Bishop => tr!("kd-rule-bishop"),
        Kind::Guard => tr!("kd-rule-guard"),
        Kind::Spearman => tr!("kd-rule-spearman"),
        Kind::Archer => tr!("kd-rule-archer"),
    }
}

/// What the place a piece stands adds to its description.
fn where_note(piece: Piece, slot: Slot) -> Option<String> {
    match slot {
        Slot::Reserve(c, ..) => Some(tr!("kd-in-reserve", side = texts::side(c))),
        Slot::Prison(holder, ..) => Some(tr!(
            "kd-in-prison",
            side = texts::side(holder),
            name = texts::kind_name(piece.kind)
        )),
        Slot::Tray(..) => Some(tr!("kd-in-tray")),
        Slot::Board(_) if piece.kind.reserve_index().is_some() => Some(tr!("kd-taken-to-prison")),
        Slot::Board(_) => None,
    }
}

fn piece_tip(
    mut contexts: EguiContexts,
    hovered: Res<KdHovered>,
    pieces: Query<&KdPiece>,
    screen: Res<State<Screen>>,
) -> Result {
    if *screen.get() == Screen::KingdropsNew {
        return Ok(());
    }
    let Some(at) = hovered.0 else { return Ok(()) };
    let Some(p) = pieces.iter().find(|p| p.slot == at) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let rule = rule(p.piece.kind);
    let note = where_note(p.piece, p.slot);
    crate::theme::pointer_tip(ctx, "kingdrops piece tip", |ui| {
        ui.label(egui::RichText::new(texts::piece_title(p.piece)).strong());
        ui.label(egui::RichText::new(rule).small());
        if let Some(n) = note {
            ui.label(egui::RichText::new(n).small().weak());
        }
    });
    Ok(())
}
