//! Timeline labels as the documents write them (L0, L+1, L-1; L-0 and L+0 in even games)
//! beside each row and turn labels (T3w, T3b) over the columns, drawn by egui at the
//! projected positions so they stay sharp at every zoom; and each board's files and ranks
//! once its squares are big enough on screen to read them.

use super::layout::Orientation;
use crate::camera::MainCamera;
use crate::fived::matchplay::Match;
use crate::fived::matchplay::browse::Browse;
use crate::fived::mirror::{BoardView, TimelineView};
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
    boards: Query<&BoardView>,
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
    // Coordinates on every board on screen whose squares are big enough to read them.
    let screen = ctx.content_rect();
    for b in &boards {
        let Some(c) = to_screen(lay.board_center(b.l, b.h)) else {
            continue;
        };
        let reach = lay.half_extent().length();
        let edge = to_screen(lay.board_center(b.l, b.h) + Vec3::X * reach);
        let radius = edge.map_or(0.0, |e| (e - c).length());
        if !screen.expand(radius).contains(c) {
            continue;
        }
        crate::board_look::paint_coordinates(&painter, b.width, b.height, lay.flipped, 24.0, |p| {
            to_screen(lay.board_point(b.l, b.h, p))
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::layout::Layout;

    /// Files along the rank nearest the viewer (+z), ranks along the file on the viewer's
    /// left (-x), for White's view and Black's, on every board of the grid.
    #[test]
    fn coordinates_sit_on_the_near_rank_and_the_left_file_of_every_board_seen_from_either_side() {
        for flipped in [false, true] {
            let lay = Layout::new(8, 8).flipped(flipped);
            for (l, h) in [(0, 0), (-2, 5), (3, 9)] {
                let c = lay.board_center(l, h);
                let labels = crate::board_look::coordinate_labels(8, 8, flipped);
                for f in labels
                    .iter()
                    .filter(|c| c.text.chars().all(char::is_alphabetic))
                {
                    let p = lay.board_point(l, h, f.at);
                    assert!(p.z > c.z + 3.0, "file {} at {p} ({flipped})", f.text);
                }
                for r in labels
                    .iter()
                    .filter(|c| c.text.chars().all(|ch| ch.is_ascii_digit()))
                {
                    let p = lay.board_point(l, h, r.at);
                    assert!(p.x < c.x - 3.0, "rank {} at {p} ({flipped})", r.text);
                }
                // Seen from Black, rank 8 is near and file h on the left.
                let a = labels.iter().find(|c| c.text == "a").unwrap();
                assert_eq!(a.square.1, if flipped { 7 } else { 0 });
            }
        }
    }
}
