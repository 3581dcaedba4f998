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

/// The part of the window the guide's pointer goes around: the game's board, where a line
/// would cross squares and pieces. The game writes it from its camera while the guide shows.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct GuideKeepOut(pub Option<egui::Rect>);

/// Where a box of the world appears in the window (egui points): the ground from `lo` to
/// `hi`, and up to `height` above it for the pieces standing there.
pub fn box_on_screen(
    cam: &Camera,
    cam_tf: &GlobalTransform,
    lo: Vec3,
    hi: Vec3,
    height: f32,
) -> Option<egui::Rect> {
    let mut corners = Vec::with_capacity(8);
    for x in [lo.x, hi.x] {
        for z in [lo.z, hi.z] {
            for y in [lo.y, lo.y + height] {
                corners.push(crate::theme::on_screen(cam, cam_tf, Vec3::new(x, y, z))?);
            }
        }
    }
    Some(egui::Rect::from_points(&corners))
}

/// The window of guide `G` over its game, while `shown` holds (the game says when: not
/// while the rules page stands alone over it).
pub fn add_guide_window<G: GameGuide, M>(app: &mut App, shown: impl SystemCondition<M>) {
    app.init_resource::<GuideWindow>();
    app.init_resource::<GuideKeepOut>();
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
    keep_out: Res<GuideKeepOut>,
    time: Res<Time<Real>>,
) -> Result {
    let steps = G::steps();
    let ctx = contexts.ctx_mut()?;
    let at = guide.step();
    let look = Pointer {
        time: time.elapsed_secs_f64(),
        keep_out: keep_out.0,
    };
    let (answer, rect) = panel(ctx, &G::title(), &steps, *at, look);
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

/// How the pointer to a step's control is drawn this frame.
#[derive(Clone, Copy, Debug)]
pub struct Pointer {
    /// Seconds, for the pulse.
    pub time: f64,
    /// What the line goes around (`GuideKeepOut`).
    pub keep_out: Option<egui::Rect>,
}

/// The guide's window at the bottom left, step `at` of `steps`, and a pulsing frame on the
/// step's control with a line to it around the board. Returns what was pressed and where
/// the window is.
pub fn panel(
    ctx: &egui::Context,
    title: &str,
    steps: &[GuideStep],
    at: usize,
    look: Pointer,
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
            crate::theme::prose::prose(ui, egui::RichText::new(&step.text).size(15.0));
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
        let pulse = (0.5 + 0.5 * (look.time * 4.0).sin()) as f32;
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
        if let Some(path) = route(win.response.rect, r, look.keep_out) {
            painter.add(egui::Shape::line(path, egui::Stroke::new(2.0, color)));
        }
    }
    (answer, rect)
}

/// How far the pointer's line keeps from the board.
const CLEARANCE: f32 = 10.0;

/// The pointer's line from the guide's window to a control's frame `target`: straight
/// when that misses `keep_out` (the board), else bent around its corners, the shortest
/// way that misses it. `None` when no such line exists (the control is over the board).
pub fn route(
    window: egui::Rect,
    target: egui::Rect,
    keep_out: Option<egui::Rect>,
) -> Option<Vec<egui::Pos2>> {
    let starts = [
        window.center_top(),
        window.right_center(),
        window.right_top(),
    ];
    let ends = [
        target.center_bottom(),
        target.center_top(),
        target.left_center(),
        target.right_center(),
    ];
    let Some(k) = keep_out else {
        // Nothing to go around: the nearest way from the top of the window.
        let from = window.center_top();
        let to = if target.center().y < from.y {
            target.center_bottom()
        } else {
            target.center_top()
        };
        return Some(vec![from, to]);
    };
    let k = k.expand(CLEARANCE);
    // The corners to bend at stand a little outside the area kept clear, so a line
    // through them only grazes it.
    let c = k.expand(2.0);
    let corners = [
        c.left_top(),
        c.right_top(),
        c.right_bottom(),
        c.left_bottom(),
    ];
    let mut ways: Vec<Vec<egui::Pos2>> = Vec::new();
    for &s in &starts {
        for &e in &ends {
            ways.push(vec![s, e]);
            for (i, &a) in corners.iter().enumerate() {
                ways.push(vec![s, a, e]);
                // Two corners along one side of the board.
                ways.push(vec![s, a, corners[(i + 1) % 4], e]);
                ways.push(vec![s, corners[(i + 1) % 4], a, e]);
            }
        }
    }
    let length = |w: &[egui::Pos2]| w.windows(2).map(|p| p[0].distance(p[1])).sum::<f32>();
    ways.into_iter()
        .filter(|w| !k.contains(w[0]) && !k.contains(w[w.len() - 1]))
        .filter(|w| w.windows(2).all(|p| !crosses(p[0], p[1], k)))
        // A line from the window's top should not run back down through the window.
        .filter(|w| {
            w.windows(2)
                .all(|p| !crosses(p[0], p[1], window.shrink(1.0)))
        })
        .min_by(|a, b| length(a).total_cmp(&length(b)))
}

/// Whether the segment from `a` to `b` passes through the inside of `r` (Liang-Barsky).
fn crosses(a: egui::Pos2, b: egui::Pos2, r: egui::Rect) -> bool {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [
        (-d.x, a.x - r.min.x),
        (d.x, r.max.x - a.x),
        (-d.y, a.y - r.min.y),
        (d.y, r.max.y - a.y),
    ] {
        if p == 0.0 {
            if q <= 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t1 - t0 > 1e-4
}

/// Asks a game to start its guided first game ("Learn to play" on its card).
#[derive(bevy::prelude::Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartGuide(pub timefork_records::GameKind);

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Rect, pos2};

    fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Rect {
        Rect::from_min_max(pos2(x0, y0), pos2(x1, y1))
    }

    /// Every segment of `path` stays at least the clearance from `board`, the path
    /// starts on the window's edge and ends on the target's.
    fn assert_clear(path: &[egui::Pos2], window: Rect, target: Rect, board: Rect) {
        let k = board.expand(CLEARANCE - 0.5);
        for p in path.windows(2) {
            for i in 0..=100 {
                let q = p[0].lerp(p[1], i as f32 / 100.0);
                assert!(
                    !k.contains(q),
                    "{q:?} of {path:?} is on the board {board:?}"
                );
                assert!(
                    !window.shrink(1.0).contains(q),
                    "{q:?} of {path:?} is inside the guide's window"
                );
            }
        }
        let on_edge =
            |r: Rect, q: egui::Pos2| r.expand(0.5).contains(q) && !r.shrink(0.5).contains(q);
        assert!(on_edge(window, path[0]), "{path:?} starts off the window");
        assert!(
            on_edge(target, *path.last().unwrap()),
            "{path:?} ends off the target"
        );
    }

    // Kingdrops at 1280x720, step 6: the window at the bottom left, Rules in the bar at
    // the top left, the board with its reserves and prisons between them (the straight
    // line crossed the prison and four files).
    #[test]
    fn the_line_to_rules_goes_around_the_kingdrops_board() {
        let window = rect(12.0, 552.0, 392.0, 708.0);
        let target = rect(394.0, 72.0, 443.0, 103.0);
        let board = rect(247.0, 195.0, 767.0, 515.0);
        let path = route(window, target, Some(board)).expect("a way around");
        assert_clear(&path, window, target, board);
        assert!(
            path.len() > 2,
            "the straight line crosses the board: {path:?}"
        );
    }

    // Wager at 1280x720, step 3: the map in the side panel on the right, the board in
    // the middle (the straight line crossed its lower edge).
    #[test]
    fn the_line_to_the_map_goes_under_the_wager_board() {
        let window = rect(12.0, 552.0, 392.0, 708.0);
        let target = rect(970.0, 50.0, 1270.0, 440.0);
        let board = rect(272.0, 180.0, 678.0, 503.0);
        let path = route(window, target, Some(board)).expect("a way around");
        assert_clear(&path, window, target, board);
    }

    #[test]
    fn a_clear_line_stays_straight() {
        let window = rect(12.0, 552.0, 392.0, 708.0);
        let target = rect(12.0, 80.0, 70.0, 110.0);
        let board = rect(400.0, 180.0, 800.0, 500.0);
        let path = route(window, target, Some(board)).unwrap();
        assert_eq!(path.len(), 2, "{path:?}");
        assert_clear(&path, window, target, board);
    }

    #[test]
    fn a_control_on_the_board_gets_no_line() {
        let window = rect(12.0, 552.0, 392.0, 708.0);
        let board = rect(247.0, 195.0, 767.0, 515.0);
        let target = rect(400.0, 300.0, 450.0, 330.0);
        assert_eq!(route(window, target, Some(board)), None);
    }

    #[test]
    fn crossing_is_the_inside_of_the_rectangle() {
        let r = rect(0.0, 0.0, 10.0, 10.0);
        assert!(crosses(pos2(-5.0, 5.0), pos2(15.0, 5.0), r));
        assert!(!crosses(pos2(-5.0, 15.0), pos2(15.0, 15.0), r));
        // Along an edge is outside.
        assert!(!crosses(pos2(-5.0, 0.0), pos2(15.0, 0.0), r));
        assert!(!crosses(pos2(-5.0, -1.0), pos2(-1.0, 20.0), r));
    }
}
