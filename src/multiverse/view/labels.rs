//! Timeline labels as the documents write them (L0, L+1, L-1; L-0 and L+0 in even games)
//! beside each row and turn labels (T3w, T3b) over the columns, drawn by egui at the
//! projected positions so they stay sharp at every zoom.

use super::layout::Orientation;
use crate::camera::MainCamera;
use crate::multiverse::matchplay::Match;
use crate::multiverse::matchplay::browse::Browse;
use crate::multiverse::mirror::TimelineView;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;

pub(super) fn draw_labels(
    mut contexts: EguiContexts,
    m: Option<Res<Match>>,
    timelines: Query<&TimelineView>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    orientation: Res<Orientation>,
    browse: Res<Browse>,
) -> Result {
    let (Some(m), Ok((cam, cam_tf))) = (m, camera.single()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let pos = browse.position(&m);
    let lay = orientation.layout(pos);
    let to_screen = |p: Vec3| crate::theme::on_screen(cam, cam_tf, p);
    let color = crate::theme::label_color(255);
    let dim = crate::theme::label_color(110);
    let font = egui::FontId::proportional(15.0);
    // Thin the labels out when rows or columns are closer on screen than a label needs.
    let gap = |a: Vec3, b: Vec3| match (to_screen(a), to_screen(b)) {
        (Some(a), Some(b)) => (a - b).length().max(0.01),
        _ => 1000.0,
    };
    let row_px = gap(lay.board_center(0, 0), lay.board_center(1, 0));
    // The row nearest the top of the screen: L-min normally, L-max when flipped.
    let top_l = if orientation.flipped {
        pos.l_max()
    } else {
        pos.l_min()
    };
    let col_px = gap(lay.board_center(0, 0), lay.board_center(0, 1));
    let row_every = (20.0 / row_px).ceil().max(1.0) as i32;
    let col_every = (44.0 / col_px).ceil().max(1.0) as i32;
    for t in &timelines {
        if t.l.rem_euclid(row_every) != 0 {
            continue;
        }
        let Some(tl) = pos.timeline(t.l) else {
            continue;
        };
        let p = lay.board_center(t.l, tl.start) - Vec3::X * (lay.column_step() * 0.5 + 0.6);
        if let Some(s) = to_screen(p) {
            // The label in notation (L+1), the same in every language.
            let label = format!("L{}", t.label);
            let text = if t.active {
                label
            } else {
                tr!("fived-timeline-inactive", timeline = label)
            };
            painter.text(
                s,
                egui::Align2::RIGHT_CENTER,
                text,
                font.clone(),
                if t.active { color } else { dim },
            );
        }
    }
    let first = m
        .pos
        .timeline_indices()
        .filter_map(|l| pos.timeline(l))
        .map(|t| t.start)
        .min();
    let last = pos.timeline_indices().map(|l| pos.last_h(l)).max();
    if let (Some(first), Some(last)) = (first, last) {
        for h in (first..=last).filter(|h| h.rem_euclid(col_every) == 0) {
            let above = lay.board_center(top_l, h) - Vec3::Z * (lay.row_step() * 0.5 + 0.3);
            if let Some(s) = to_screen(above) {
                let side = if h.rem_euclid(2) == 0 { "w" } else { "b" };
                painter.text(
                    s,
                    egui::Align2::CENTER_BOTTOM,
                    format!("T{}{side}", h.div_euclid(2)),
                    font.clone(),
                    color,
                );
            }
        }
    }
    Ok(())
}
