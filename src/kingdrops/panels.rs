//! The Kingdrops panels: the setup bar (quick choices, Ready), the turn bar (side to
//! move, "move 1 of 3", undo, end turn, resign, save, menu), the move list in the turn
//! text of rules.md, the banner when the game ends, and the tooltip naming the piece
//! under the cursor and how it moves.

use super::ai::KdAiState;
use super::follow::PanelRoom;
use super::input::KdHovered;
use super::layout::Slot;
use super::matchplay::{KdMatch, KdRequest, banner};
use super::mirror::KdPiece;
use super::setup::{KdSetup, QuickLayout, SetupRequest};
use crate::files;
use crate::play::states::ActiveGame;
use crate::players::Player;
use crate::screens::Screen;
use crate::theme;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
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
        (turn_bar, move_list)
            .run_if(in_state(Screen::KingdropsPlay))
            .distributive_run_if(resource_exists::<KdMatch>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        piece_tip.run_if(in_state(ActiveGame::Kingdrops)),
    );
}

const WARN: egui::Color32 = egui::Color32::from_rgb(255, 140, 120);
const NOTE: egui::Color32 = egui::Color32::from_rgb(150, 210, 255);

/// The last save's message, for the match it was made in.
#[derive(Resource, Default)]
struct SaveNote(Option<(u64, String)>);

fn window_size(window: &Query<&Window, With<PrimaryWindow>>) -> Vec2 {
    window
        .single()
        .map(|w| Vec2::new(w.width(), w.height()))
        .unwrap_or(Vec2::new(1280.0, 720.0))
}

fn player_name(p: Player) -> String {
    match p {
        Player::Human => "a person".into(),
        Player::Ai(l) => format!("the AI ({})", l.name()),
    }
}

fn setup_bar(
    mut contexts: EguiContexts,
    s: Res<KdSetup>,
    ai: Res<KdAiState>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut room: ResMut<PanelRoom>,
    mut requests: MessageWriter<SetupRequest>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = window_size(&window);
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
                ui.heading(format!("{} sets up", side.name()));
                ui.label(egui::RichText::new(format!("({})", player_name(s.player()))).weak());
                if human {
                    ui.separator();
                    ui.label(
                        egui::RichText::new(format!("{} of 16 placed", s.placed_count())).strong(),
                    );
                }
            });
            if let Some(f) = &s.feedback {
                // Why the last request was refused, in the instructions' place.
                ui.add(egui::Label::new(egui::RichText::new(f).color(WARN)).wrap());
            } else if !human {
                ui.horizontal(|ui| {
                    if ai.setting_up {
                        ui.spinner();
                    }
                    ui.label(format!("The AI is setting up {}…", side.name()));
                });
            } else {
                let mut text = format!(
                    "Drag the pieces from the tray onto ranks {} and {} (or click a piece, \
                     then a square). Drag a placed piece onto another square to swap, or off \
                     the board to put it back.",
                    a.min(b) + 1,
                    a.max(b) + 1
                );
                if side == Side::Black && s.done[0].is_some() {
                    text.push_str(" White is ready: its pieces stand on ranks 1 and 2.");
                }
                ui.add(egui::Label::new(egui::RichText::new(text).small()).wrap());
            }
            ui.horizontal_wrapped(|ui| {
                ui.add_enabled_ui(human, |ui| {
                    if ui
                        .button("Random")
                        .on_hover_text("A random arrangement")
                        .clicked()
                    {
                        requests.write(SetupRequest::Quick(QuickLayout::Random));
                    }
                    let can_mirror = s.done[other.index()].is_some();
                    if ui
                        .add_enabled(
                            can_mirror,
                            egui::Button::new(format!("Mirror {}", other.name())),
                        )
                        .on_hover_text(format!(
                            "{}'s layout reflected across the middle, each piece facing its twin",
                            other.name()
                        ))
                        .on_disabled_hover_text(format!(
                            "{} sets up after you: there is nothing to mirror yet",
                            other.name()
                        ))
                        .clicked()
                    {
                        requests.write(SetupRequest::Quick(QuickLayout::Mirror));
                    }
                    if ui
                        .button("Standard")
                        .on_hover_text("The rules' example: runners in front, the king behind")
                        .clicked()
                    {
                        requests.write(SetupRequest::Quick(QuickLayout::Standard));
                    }
                    if ui.button("Clear").clicked() {
                        requests.write(SetupRequest::Clear);
                    }
                    ui.separator();
                    if ui
                        .add_enabled(
                            s.placed_count() == 16,
                            egui::Button::new(egui::RichText::new("Ready").strong()),
                        )
                        .on_disabled_hover_text("Place all 16 pieces first")
                        .clicked()
                    {
                        requests.write(SetupRequest::Ready);
                    }
                });
                if ui.button("Menu").clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    if let Some(r) = r {
        room.take(Screen::KingdropsSetup, r.response.rect, size);
    }
    Ok(())
}

/// Saves the game in the saves folder; the message says where, or why not.
fn save(m: &KdMatch) -> String {
    let text = super::save::record_text(m);
    match files::save_in_saves("kingdrops", "kingdrops", &text) {
        Ok(p) => format!("Saved to {}", p.display()),
        Err(e) => format!("Could not save: {e}"),
    }
}

/// What the turn bar says about the turn in progress.
pub fn turn_status(m: &KdMatch) -> String {
    if m.is_over() {
        return "The game is over".into();
    }
    let made = m.moves.len();
    if m.turn_len == 0 {
        return "No move is possible: this turn is a pass".into();
    }
    if m.can_end {
        return format!("Turn complete ({made} of {}): end it", m.turn_len);
    }
    format!("Move {} of {}", made + 1, m.turn_len)
}

fn turn_bar(
    mut contexts: EguiContexts,
    m: Res<KdMatch>,
    ai: Res<KdAiState>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut room: ResMut<PanelRoom>,
    mut note: ResMut<SaveNote>,
    mut requests: MessageWriter<KdRequest>,
    mut next: ResMut<NextState<Screen>>,
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
                        egui::RichText::new(format!("after {} turns", m.game.turns().len())).weak(),
                    );
                    ui.separator();
                    if ui.button("New game").clicked() {
                        next.set(Screen::KingdropsNew);
                    }
                    if ui.button("Save").clicked() {
                        note.0 = Some((m.id, save(&m)));
                    }
                    if ui.button("Title").clicked() {
                        next.set(Screen::Title);
                    }
                });
                if let Some((_, n)) = note.0.as_ref().filter(|(id, _)| *id == m.id) {
                    ui.add(egui::Label::new(egui::RichText::new(n).color(NOTE)).truncate());
                }
                return;
            }
            let side = m.to_move();
            ui.horizontal(|ui| {
                ui.heading(format!(
                    "Turn {} · {} to move",
                    m.game.turns().len() / 2 + 1,
                    side.name()
                ));
                ui.label(egui::RichText::new(format!("({})", player_name(m.player(side)))).weak());
            });
            ui.horizontal(|ui| {
                let human = m.human_to_move();
                if !human && !m.is_over() {
                    ui.spinner();
                    ui.label(if ai.thinking {
                        "The AI is thinking…".to_string()
                    } else {
                        format!("The AI plays: {}", m.turn_text())
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
                    .add_enabled(human && !m.moves.is_empty(), egui::Button::new("Undo"))
                    .on_hover_text("Take back the last move of this turn (Ctrl+Z)")
                    .clicked()
                {
                    requests.write(KdRequest::Undo);
                }
                let end = if m.turn_len == 0 { "Pass" } else { "End turn" };
                if ui
                    .add_enabled(
                        human && m.can_end,
                        egui::Button::new(egui::RichText::new(end).strong()),
                    )
                    .on_hover_text("Enter")
                    .on_disabled_hover_text(
                        "A turn has as many moves as possible (up to three), unless a move wins",
                    )
                    .clicked()
                {
                    requests.write(KdRequest::EndTurn);
                }
                if ui
                    .add_enabled(m.resigner().is_some(), egui::Button::new("Resign"))
                    .clicked()
                {
                    requests.write(KdRequest::Resign);
                }
                if ui
                    .button("Save")
                    .on_hover_text(format!("Save the game in {}", files::saves_dir().display()))
                    .clicked()
                {
                    note.0 = Some((m.id, save(&m)));
                }
                if ui.button("Menu").clicked() {
                    next.set(Screen::Title);
                }
            });
            // One message line, always there, so the bar keeps its height.
            let line = if let Some(f) = &m.feedback {
                egui::RichText::new(f).color(WARN)
            } else if let Some((_, n)) = note.0.as_ref().filter(|(id, _)| *id == m.id) {
                egui::RichText::new(n).color(NOTE)
            } else if let Some(ex) = m
                .last_turn
                .as_ref()
                .filter(|l| !l.exchanges.is_empty() && m.moves.is_empty())
            {
                let kinds: Vec<String> = ex
                    .exchanges
                    .iter()
                    .map(|e| {
                        if e.count == 1 {
                            format!("a {} each", e.kind.name())
                        } else {
                            format!("{} {} each", e.count, e.kind.plural())
                        }
                    })
                    .collect();
                egui::RichText::new(format!(
                    "Exchange after {}'s turn: {} went back to the reserves",
                    ex.by.name(),
                    kinds.join(" and ")
                ))
                .color(NOTE)
            } else {
                egui::RichText::new(
                    "Click a piece, then a target; a reserve piece drops next to the king. \
                     Right-drag pans, the wheel zooms, F frames the board.",
                )
                .small()
                .weak()
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
    window: Query<&Window, With<PrimaryWindow>>,
    mut room: ResMut<PanelRoom>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = window_size(&window);
    let list_h = (size.y * 0.45).clamp(120.0, 420.0);
    let r = egui::Window::new("Moves")
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
                        ui.label(egui::RichText::new("no turns yet").weak());
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
                                ui.label(egui::RichText::new(t.to_string()).monospace());
                                ui.end_row();
                            }
                            if !m.moves.is_empty() {
                                ui.label(egui::RichText::new("now").monospace().weak());
                                ui.label(egui::RichText::new(m.turn_text()).monospace().italics());
                                ui.end_row();
                            }
                        });
                    if let Some(r) = m.game.result() {
                        ui.label(egui::RichText::new(r.to_string()).strong());
                    }
                });
            ui.separator();
            if ui
                .button("Copy record")
                .on_hover_text("Copy the game record (the setup, then a turn a line)")
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

/// A kind's name and how it moves.
pub fn describe(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::King => (
            "king",
            "One step in any direction. There is no check: it may step into attack and be \
             taken, which loses. While attacked it may move only as a turn's first move. \
             Reaching the last rank wins.",
        ),
        Kind::Queen => ("queen", "One or two squares in any direction, not jumping."),
        Kind::Rook => (
            "rook",
            "One to three squares along a rank or file, not jumping.",
        ),
        Kind::Bishop => ("bishop", "One to three squares diagonally, not jumping."),
        Kind::Guard => ("guard", "One step in any direction."),
        Kind::Spearman => (
            "spearman",
            "One step straight forward, capturing the same way. Reaching the last rank \
             wins. Taken, it leaves the game.",
        ),
        Kind::Archer => (
            "archer",
            "One step diagonally forward, capturing the same way. Reaching the last rank \
             wins. Taken, it leaves the game.",
        ),
    }
}

/// What the place a piece stands adds to its description.
fn where_note(piece: Piece, slot: Slot) -> Option<String> {
    match slot {
        Slot::Reserve(c, ..) => Some(format!(
            "In {}'s reserve: a move may drop it on an empty square next to {}'s king (one \
             drop a turn).",
            c.name(),
            c.name()
        )),
        Slot::Prison(holder, ..) => Some(format!(
            "In {}'s prison. When both prisons hold a {}, the two are swapped back to \
             their owners' reserves at the end of a turn.",
            holder.name(),
            piece.kind.name()
        )),
        Slot::Tray(..) => Some("Drag it onto one of the two home ranks.".into()),
        Slot::Board(_) if piece.kind.reserve_index().is_some() => {
            Some("Taken, it goes to the taker's prison, and may come back by exchange.".into())
        }
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
    let (name, rule) = describe(p.piece.kind);
    let note = where_note(p.piece, p.slot);
    crate::theme::pointer_tip(ctx, "kingdrops piece tip", |ui| {
        ui.label(egui::RichText::new(format!("{} {name}", p.piece.color.name())).strong());
        ui.label(egui::RichText::new(rule).small());
        if let Some(n) = note {
            ui.label(egui::RichText::new(n).small().weak());
        }
    });
    Ok(())
}
