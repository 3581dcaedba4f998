//! The setup bar: whose setup it is, how many pieces are placed, the quick layouts and
//! Ready.

use crate::kingdrops::ai::KdAiState;
use crate::kingdrops::follow::PanelRoom;
use crate::kingdrops::setup::{KdSetup, QuickLayout, SetupRequest};
use crate::kingdrops::texts;
use crate::players::Player;
use crate::screens::Screen;
use crate::theme::prose::ProseTips as _;
use crate::window::MainWindow;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;
use timefork_kingdrops::Color as Side;

pub(super) fn setup_bar(
    mut contexts: EguiContexts,
    s: Res<KdSetup>,
    ai: Res<KdAiState>,
    window: MainWindow,
    mut room: ResMut<PanelRoom>,
    mut requests: MessageWriter<SetupRequest>,
    mut menu: crate::rules_pages::GameMenu,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = window.points();
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
                ui.label(egui::RichText::new(texts::player_name(s.player())).weak());
                if human {
                    ui.separator();
                    ui.label(
                        egui::RichText::new(tr!("kd-placed-count", n = s.placed_count())).strong(),
                    );
                }
            });
            if let Some(f) = &s.feedback {
                // Why the last request was refused, in the instructions' place.
                crate::theme::prose::prose(ui, egui::RichText::new(f).color(crate::theme::WARN));
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
                crate::theme::prose::prose(ui, egui::RichText::new(text).small());
            }
            ui.horizontal_wrapped(|ui| {
                ui.add_enabled_ui(human, |ui| {
                    let random = ui
                        .button(tr!("kd-random"))
                        .on_hover_prose(tr!("kd-random-tip"));
                    if random.clicked() {
                        asked = Some(SetupRequest::Quick(QuickLayout::Random));
                    }
                    let can_mirror = s.done[other.index()].is_some();
                    if ui
                        .add_enabled(
                            can_mirror,
                            egui::Button::new(tr!("kd-mirror", side = texts::side(other))),
                        )
                        .on_hover_prose(tr!("kd-mirror-tip", side = texts::side(other)))
                        .on_disabled_hover_prose(tr!(
                            "kd-mirror-not-yet",
                            side = texts::side(other)
                        ))
                        .clicked()
                    {
                        asked = Some(SetupRequest::Quick(QuickLayout::Mirror));
                    }
                    let standard = ui
                        .button(tr!("kd-standard"))
                        .on_hover_prose(tr!("kd-standard-tip"));
                    if standard.clicked() {
                        asked = Some(SetupRequest::Quick(QuickLayout::Standard));
                    }
                    crate::game_kit::guide::mark_control(
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
                        .on_disabled_hover_prose(tr!("kd-ready-tip"));
                    crate::game_kit::guide::mark_control(ui.ctx(), "kd-ready", ready.rect);
                    if ready.clicked() {
                        asked = Some(SetupRequest::Ready);
                    }
                });
                menu(ui);
            });
        });
    (asked, r.map(|r| r.response.rect))
}
