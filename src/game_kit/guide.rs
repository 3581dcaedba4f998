//! First-game guides (Timeline Wager's and Kingdrops'): a few steps shown in a small window
//! during a real match, each pointing at the control it is about. The panels say where
//! they drew a control (`mark_control`, kept in egui's memory for the frame), the guide
//! frames it; a step that asks for an action moves on when the game sees it done.

use crate::game_kit::states::ActiveGame;
use crate::theme;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;

/// A game's guide: the resource that holds its step while it runs.
pub trait GameGuide: Resource<Mutability = bevy::ecs::component::Mutable> {
    /// The game whose screens show it; leaving them ends the guide.
    const GAME: ActiveGame;
    fn title() -> String;
    /// The steps, in the current language.
    fn steps() -> Vec<GuideStep>;
    fn step(&mut self) -> &mut usize;
}

/// Where the guide's window stood in the last frame, for a game that frames its board
/// above it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct GuideWindow(pub Option<egui::Rect>);

/// The window of guide `G` over its game, while `shown` holds (the game says when: not
/// while the rules page stands alone over it).
pub fn add_guide_window<G: GameGuide, M>(app: &mut App, shown: impl SystemCondition<M>) {
    app.init_resource::<GuideWindow>();
    app.add_systems(
        EguiPrimaryContextPass,
        show::<G>
            .run_if(in_state(G::GAME))
            .run_if(resource_exists::<G>)
            .run_if(shown),
    );
}

/// The logic half: guide `G` ends with its game's screens.
pub fn end_with_game<G: GameGuide>(app: &mut App) {
    app.add_systems(OnExit(G::GAME), |mut c: Commands| c.remove_resource::<G>());
}

/// Moves on past every step that waits for the player and is `done` (steps already done
/// go at once: a setup can be made in one click, a split is also a move).
pub fn skip_done<G: GameGuide>(guide: &mut G, done: impl Fn(usize) -> bool) {
    let steps = G::steps();
    let at = guide.step();
    while steps.get(*at).is_some_and(|s| s.waits) && done(*at) {
        *at += 1;
    }
}

pub fn show<G: GameGuide>(
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut guide: ResMut<G>,
    mut shown: ResMut<GuideWindow>,
    time: Res<Time<Real>>,
) -> Result {
    let steps = G::steps();
    let ctx = contexts.ctx_mut()?;
    let at = guide.step();
    let (answer, rect) = panel(ctx, &G::title(), &steps, *at, time.elapsed_secs_f64());
    shown.0 = rect;
    match answer {
        Some(GuideAnswer::Next) => *at += 1,
        Some(GuideAnswer::Close) => {
            commands.remove_resource::<G>();
            shown.0 = None;
        }
        None => {}
    }
    Ok(())
}

/// One step: what it says, the control it points at, and whether it waits for the player
/// to do something (else it has a Next button).
#[derive(Clone, Debug, PartialEq)]
pub struct GuideStep {
    pub text: String,
    pub target: Option<&'static str>,
    pub waits: bool,
}

impl GuideStep {
    pub fn new(text: String, target: Option<&'static str>, waits: bool) -> GuideStep {
        GuideStep {
            text,
            target,
            waits,
        }
    }
}

/// What the player pressed in the guide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuideAnswer {
    Next,
    Close,
}

fn control_id(name: &str) -> egui::Id {
    egui::Id::new(("guide-control", name))
}

/// Notes where control `name` was drawn this frame, for a guide to point at it.
pub fn mark_control(ctx: &egui::Context, name: &'static str, rect: egui::Rect) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(control_id(name), (rect, pass)));
}

/// Where `name` was drawn this frame or the last (panels may draw after the guide).
pub fn control_rect(ctx: &egui::Context, name: &str) -> Option<egui::Rect> {
    let now = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<(egui::Rect, u64)>(control_id(name)))
        .filter(|&(_, pass)| pass + 1 >= now)
        .map(|(r, _)| r)
}

/// The room the guide's window takes along the bottom of the window, for the games to
/// frame their boards above it.
pub const GUIDE_ROOM: f32 = 190.0;

/// The guide's window at the bottom left, step `at` of `steps`, and a pulsing frame on the
/// step's control with a line to it. Returns what was pressed and where the window is.
pub fn panel(
    ctx: &egui::Context,
    title: &str,
    steps: &[GuideStep],
    at: usize,
    time: f64,
) -> (Option<GuideAnswer>, Option<egui::Rect>) {
    let Some(step) = steps.get(at) else {
        return (None, None);
    };
    let last = at + 1 == steps.len();
    let mut answer = None;
    let width = (ctx.content_rect().width() * 0.3).clamp(260.0, 380.0);
    let shown = egui::Window::new("guide")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .fixed_size([width, 0.0])
        .frame(
            egui::Frame::window(&ctx.global_style())
                .fill(theme::PANEL_FILL)
                .stroke(egui::Stroke::new(2.0, theme::TITLE_GOLD))
                .inner_margin(12.0),
        )
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(title).strong().color(theme::TITLE_GOLD));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(
                        egui::RichText::new(tr!("guide-step", n = at + 1, of = steps.len())).weak(),
                    );
                });
            });
            ui.add(egui::Label::new(egui::RichText::new(&step.text).size(15.0)).wrap());
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let next = if last {
                    tr!("guide-finish")
                } else if step.waits {
                    tr!("guide-skip")
                } else {
                    tr!("guide-next")
                };
                if ui.button(next).clicked() {
                    answer = Some(if last {
                        GuideAnswer::Close
                    } else {
                        GuideAnswer::Next
                    });
                }
                if !last && ui.button(tr!("guide-close")).clicked() {
                    answer = Some(GuideAnswer::Close);
                }
            });
        });
    let rect = shown.as_ref().map(|w| w.response.rect);
    if let (Some(target), Some(win)) = (step.target.and_then(|t| control_rect(ctx, t)), shown) {
        let pulse = (0.5 + 0.5 * (time * 4.0).sin()) as f32;
        let color = theme::TITLE_GOLD.gamma_multiply(0.55 + 0.45 * pulse);
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::new("guide-pointer"),
        ));
        let r = target.expand(4.0 + 2.0 * pulse);
        painter.rect_stroke(
            r,
            4.0,
            egui::Stroke::new(3.0, color),
            egui::StrokeKind::Outside,
        );
        let from = win.response.rect.center_top();
        let to = if r.center().y < from.y {
            r.center_bottom()
        } else {
            r.center_top()
        };
        painter.line_segment([from, to], egui::Stroke::new(2.0, color));
    }
    (answer, rect)
}

/// Asks a game to start its guided first game ("Learn to play" on its card).
#[derive(bevy::prelude::Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartGuide(pub timefork_records::GameKind);
