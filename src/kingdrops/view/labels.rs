//! The coordinates and the trays' names.

use crate::camera::MainCamera;
use crate::kingdrops::layout::{KdLayout, TRAY_HALF};
use crate::kingdrops::matchplay::KdMatch;
use crate::kingdrops::setup::KdSetup;
use crate::screens::Screen;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;
use timefork_kingdrops::{Color as Side, Square};

use super::look::*;

/// Files and ranks along the near and left edges, and the trays' names, drawn by egui
/// at their projected places so they stay sharp at any zoom.
pub(super) fn draw_labels(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    layout: Res<KdLayout>,
    m: Option<Res<KdMatch>>,
    s: Option<Res<KdSetup>>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    // The new-game form stands alone; the board is labelled in the setup and in play.
    if *screen.get() == Screen::KingdropsNew {
        return Ok(());
    }
    let Ok((cam, cam_tf)) = camera.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let to_screen = |p: Vec3| crate::theme::on_screen(cam, cam_tf, p);
    let color = crate::theme::label_color(255);
    let font = egui::FontId::proportional(13.0);
    let lay = *layout;
    // Files and ranks on the border, in the colour that reads on it (the border is the
    // colour of the side to move).
    let on_border = match super::board::acting_side(screen.get(), m.as_deref(), s.as_deref()) {
        Side::White => egui::Color32::from_rgb(70, 66, 60),
        Side::Black => egui::Color32::from_rgb(200, 200, 205),
    };
    let mid = 4.0 + BORDER / 2.0 - 3.5;
    for i in 0..8u8 {
        // Files along the near edge, ranks along the left edge (as seen).
        let near_rank = if lay.flipped { 7 } else { 0 };
        let left_file = if lay.flipped { 7 } else { 0 };
        if let Some(sq) = Square::new(i, near_rank)
            && let Some(p) = to_screen(lay.square(sq) + Vec3::Z * mid)
        {
            painter.text(
                p,
                egui::Align2::CENTER_CENTER,
                ((b'a' + i) as char).to_string(),
                font.clone(),
                on_border,
            );
        }
        if let Some(sq) = Square::new(left_file, i)
            && let Some(p) = to_screen(lay.square(sq) - Vec3::X * mid)
        {
            painter.text(
                p,
                egui::Align2::CENTER_CENTER,
                (i + 1).to_string(),
                font.clone(),
                on_border,
            );
        }
    }
    let title = egui::FontId::proportional(15.0);
    let name = |at: Vec3, text: String, above: bool| {
        if let Some(p) = to_screen(at) {
            painter.text(
                p,
                if above {
                    egui::Align2::CENTER_BOTTOM
                } else {
                    egui::Align2::CENTER_TOP
                },
                text,
                title.clone(),
                color,
            );
        }
    };
    match *screen.get() {
        Screen::KingdropsPlay => {
            for side in Side::BOTH {
                // Each side's column: the reserve toward the middle of the screen's
                // height on its own half, the prison beyond; names on the outer ends.
                let near = (side == Side::White) != lay.flipped;
                let r = lay.reserve_center(side);
                let p = lay.prison_center(side);
                let (r_edge, p_edge) = if near {
                    (
                        r + Vec3::Z * (TRAY_HALF.y + 0.15),
                        p - Vec3::Z * (TRAY_HALF.y + 0.15),
                    )
                } else {
                    (
                        r - Vec3::Z * (TRAY_HALF.y + 0.15),
                        p + Vec3::Z * (TRAY_HALF.y + 0.15),
                    )
                };
                let side = crate::kingdrops::texts::side(side);
                name(r_edge, tr!("kd-reserve-label", side = side), !near);
                name(p_edge, tr!("kd-prison-label", side = side), near);
            }
        }
        Screen::KingdropsSetup => {
            if let Some(s) = s.filter(|s| !s.finished()) {
                let near = (s.side == Side::White) != lay.flipped;
                let c = lay.tray_center(s.side);
                let z = if near { 4.35 } else { -4.35 };
                name(
                    c + Vec3::Z * z,
                    tr!(
                        "kd-tray-label",
                        side = crate::kingdrops::texts::side(s.side)
                    ),
                    !near,
                );
            }
        }
        _ => {}
    }
    Ok(())
}
