//! The rules window: the game's sections down the left, the open section's heading, text
//! and diagram on the right, the diagram's marks (arrows, rings, frames, labels) painted
//! over the rendered picture. Esc or Close shuts it.

use super::diagram::{DiagramView, Mark, Tone};
use super::render::{PICTURE, Picture};
use super::{RulesBook, RulesPage, Section};
use crate::theme;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show.run_if(|p: Res<RulesPage>| p.open.is_some()),
    );
}

fn show(
    mut contexts: EguiContexts,
    mut page: ResMut<RulesPage>,
    book: Res<RulesBook>,
    picture: Option<Res<Picture>>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let shown = picture.as_ref().and_then(|p| Some((p.texture?, p.view?)));
    let closed = ui(ctx, &mut page, &book, shown);
    if closed || keys.just_pressed(KeyCode::Escape) {
        page.close();
    }
    Ok(())
}

/// The window; true when the player closed it. `picture` is the rendered diagram of the
/// open section and its framing, when there is one to show.
pub fn ui(
    ctx: &egui::Context,
    page: &mut RulesPage,
    book: &RulesBook,
    picture: Option<(egui::TextureId, DiagramView)>,
) -> bool {
    let Some(game) = page.open else {
        return false;
    };
    let mut closed = false;
    let screen = ctx.content_rect();
    let outside = 2.0 * (theme::MENU_MARGIN + 16.0 + 2.0);
    let size = egui::vec2(
        1180.0_f32.min(screen.width() - outside),
        760.0_f32.min(screen.height() - outside),
    )
    .max(egui::vec2(200.0, 120.0));
    egui::Window::new("rules")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        // Over a game's own panels.
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .fixed_size(size)
        .frame(
            egui::Frame::window(&ctx.global_style())
                .fill(theme::PANEL_FILL)
                .inner_margin(16.0),
        )
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.heading(
                    egui::RichText::new(tr!(
                        "rules-heading",
                        game = crate::players::game_name(game)
                    ))
                    .color(theme::TITLE_GOLD),
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button(tr!("rules-close")).clicked() {
                        closed = true;
                    }
                });
            });
            ui.separator();
            let list_w = (size.x * 0.24).clamp(150.0, 250.0);
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(list_w);
                    egui::ScrollArea::vertical()
                        .id_salt("rules-sections")
                        .show(ui, |ui| {
                            for (i, s) in book.sections.iter().enumerate() {
                                let text = format!("{}. {}", i + 1, s.title);
                                let r = ui.add(
                                    egui::Button::selectable(page.section == i, text)
                                        .wrap()
                                        .min_size(egui::vec2(list_w, 0.0)),
                                );
                                if r.clicked() {
                                    page.section = i;
                                }
                            }
                        });
                });
                ui.separator();
                ui.vertical(|ui| {
                    if let Some(s) = book.sections.get(page.section) {
                        let last = book.sections.len().saturating_sub(1);
                        if let Some(go) = section(ui, s, picture, page.section, last) {
                            page.section = go;
                        }
                    }
                });
            });
        });
    closed
}

/// One section; the section to go to when Previous or Next is pressed.
fn section(
    ui: &mut egui::Ui,
    s: &Section,
    picture: Option<(egui::TextureId, DiagramView)>,
    at: usize,
    last: usize,
) -> Option<usize> {
    let mut go = None;
    ui.label(egui::RichText::new(&s.title).size(20.0).strong());
    ui.add_space(4.0);
    egui::ScrollArea::vertical()
        .id_salt("rules-text")
        .max_height((ui.available_height() * 0.4).max(60.0))
        .show(ui, |ui| {
            for para in s.text.split("\n\n") {
                crate::theme::prose::prose(ui, egui::RichText::new(para).size(15.0));
                ui.add_space(4.0);
            }
        });
    ui.add_space(6.0);
    // The picture fills what is left above the Previous/Next row, keeping its shape.
    let room = egui::vec2(ui.available_width(), ui.available_height() - 36.0);
    let aspect = PICTURE.x as f32 / PICTURE.y as f32;
    let w = room.x.min(room.y * aspect).max(40.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(w, w / aspect), egui::Sense::hover());
    match picture {
        Some((texture, view)) => {
            ui.painter().image(
                texture,
                rect,
                egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                egui::Color32::WHITE,
            );
            paint_marks(ui.painter(), rect, &view, &s.diagram.marks);
        }
        None => {
            ui.painter()
                .rect_filled(rect, 4.0, egui::Color32::from_gray(30));
        }
    }
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(at > 0, egui::Button::new(tr!("rules-previous")))
            .clicked()
        {
            go = Some(at - 1);
        }
        if ui
            .add_enabled(at < last, egui::Button::new(tr!("rules-next")))
            .clicked()
        {
            go = Some(at + 1);
        }
    });
    go
}

fn tone_color(t: Tone) -> egui::Color32 {
    match t {
        Tone::Move => egui::Color32::from_rgb(90, 200, 255),
        Tone::Reach => egui::Color32::from_rgb(90, 235, 120),
        Tone::Threat => egui::Color32::from_rgb(255, 80, 70),
        Tone::Focus => theme::TITLE_GOLD,
    }
}

/// The marks over the picture in `rect`, placed by the diagram's framing.
fn paint_marks(painter: &egui::Painter, rect: egui::Rect, view: &DiagramView, marks: &[Mark]) {
    let at = |p: Vec3| {
        let q = view.to_picture(p);
        rect.min + egui::vec2(q.x * rect.width(), q.y * rect.height())
    };
    // One square's width on the picture, for sizes that follow the zoom.
    let unit = (at(Vec3::X) - at(Vec3::ZERO)).length().max(1.0);
    let painter = painter.with_clip_rect(rect);
    for m in marks {
        match m {
            Mark::Arrow { from, to, tone } => {
                let (a, b) = (at(*from), at(*to));
                let stroke = egui::Stroke::new((unit * 0.14).clamp(2.0, 6.0), tone_color(*tone));
                let dir = (b - a).normalized();
                let head = (unit * 0.45).clamp(6.0, 22.0);
                let tip = b - dir * head * 0.2;
                painter.line_segment([a, tip], stroke);
                let side = egui::vec2(-dir.y, dir.x) * head * 0.55;
                let base = tip - dir * head;
                painter.add(egui::Shape::convex_polygon(
                    vec![tip + dir * head * 0.2, base + side, base - side],
                    tone_color(*tone),
                    egui::Stroke::NONE,
                ));
                painter.circle_filled(a, (unit * 0.12).clamp(2.0, 6.0), tone_color(*tone));
            }
            Mark::Ring { at: c, tone } => {
                painter.circle_stroke(
                    at(*c),
                    unit * 0.36,
                    egui::Stroke::new((unit * 0.08).clamp(1.5, 4.0), tone_color(*tone)),
                );
            }
            Mark::Frame { center, half, tone } => {
                let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                    .map(|(sx, sz)| at(*center + Vec3::new(sx * half.x, 0.0, sz * half.y)));
                painter.add(egui::Shape::closed_line(
                    corners.to_vec(),
                    egui::Stroke::new((unit * 0.1).clamp(2.0, 4.0), tone_color(*tone)),
                ));
            }
            Mark::Label { at: p, text } => {
                let font = egui::FontId::proportional((unit * 0.42).clamp(12.0, 18.0));
                let galley = painter.layout_no_wrap(text.clone(), font, theme::label_color(255));
                let r = egui::Align2::CENTER_CENTER
                    .anchor_size(at(*p), galley.size())
                    .expand(3.0);
                painter.rect_filled(r, 3.0, egui::Color32::from_black_alpha(170));
                painter.galley(r.min + egui::vec2(3.0, 3.0), galley, egui::Color32::WHITE);
            }
        }
    }
}
