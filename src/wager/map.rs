//! The map of every timeline: a tree of splits, each node showing its banks, whose turn it
//! is, and its result once closed; a gold ring marks where a person is to move, and a click
//! shows that board. A split fans its new node out of its parent; a merge folds the closed
//! node into the one that goes on.

use super::matchplay::WagerMatch;
use super::texts::{draw_reason, side_key};
use crate::theme::prose::ProseTips as _;
use bevy_egui::egui;
use std::collections::HashMap;
use timefork_i18n::tr;
use timefork_wager::TimelineEnd;
use timefork_wager::chess::Color;

pub const NODE: egui::Vec2 = egui::vec2(124.0, 44.0);
/// Each split level is indented this much; rows are this far apart.
const INDENT: f32 = 34.0;
const ROW_GAP: f32 = 6.0;
/// Seconds a node takes to fan out or fold in.
const ANIM_SECS: f64 = 0.45;

/// Where each timeline's node sits: columns by how many splits deep, rows in tree order
/// (a timeline's children below it).
pub fn layout(w: &WagerMatch) -> Vec<(usize, egui::Pos2)> {
    let tls = w.m.timelines();
    let mut children: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut roots = Vec::new();
    for t in tls {
        match t.fork() {
            Some(f) => children.entry(f.parent).or_default().push(t.number()),
            None => roots.push(t.number()),
        }
    }
    let mut out = Vec::new();
    let mut stack: Vec<(usize, usize)> = roots.into_iter().rev().map(|r| (r, 0)).collect();
    while let Some((n, depth)) = stack.pop() {
        let row = out.len();
        out.push((
            n,
            egui::pos2(depth as f32 * INDENT, row as f32 * (NODE.y + ROW_GAP)),
        ));
        if let Some(c) = children.get(&n) {
            for &k in c.iter().rev() {
                stack.push((k, depth + 1));
            }
        }
    }
    out
}

/// When each node appeared and when merged nodes closed, to animate them.
#[derive(Default)]
pub struct MapAnim {
    match_id: u64,
    born: HashMap<usize, f64>,
    folded: HashMap<usize, f64>,
}

fn ease(t: f64) -> f32 {
    let t = t.clamp(0.0, 1.0);
    (t * t * (3.0 - 2.0 * t)) as f32
}

/// Draws the map; returns the timeline clicked.
pub fn show(ui: &mut egui::Ui, w: &WagerMatch, anim: &mut MapAnim, now: f64) -> Option<usize> {
    if anim.match_id != w.id {
        // What a match opens with is already in place.
        *anim = MapAnim {
            match_id: w.id,
            born: w
                .m
                .timelines()
                .iter()
                .map(|t| (t.number(), f64::MIN))
                .collect(),
            folded: w
                .m
                .timelines()
                .iter()
                .filter(|t| matches!(t.end(), Some(TimelineEnd::Merged { .. })))
                .map(|t| (t.number(), f64::MIN))
                .collect(),
        };
    }
    let places = layout(w);
    let at: HashMap<usize, egui::Pos2> = places.iter().copied().collect();
    let size = places
        .iter()
        .fold(egui::Vec2::ZERO, |s, (_, p)| s.max(p.to_vec2() + NODE));
    let (rect, _) = ui.allocate_exact_size(size + egui::vec2(4.0, 4.0), egui::Sense::hover());
    let origin = rect.min + egui::vec2(2.0, 2.0);
    let painter = ui.painter_at(rect);
    let mut clicked = None;
    // Animated positions: a new node slides out of its parent; a merged node into its heir.
    let mut shown: HashMap<usize, (egui::Pos2, f32)> = HashMap::new();
    for t in w.m.timelines() {
        let n = t.number();
        let born = *anim.born.entry(n).or_insert(now);
        let home = at[&n];
        let mut pos = home;
        let mut alpha = 1.0;
        if let Some(f) = t.fork() {
            let k = ease((now - born) / ANIM_SECS);
            pos = at[&f.parent].lerp(home, k);
            alpha = k.max(0.2);
        }
        if let Some(TimelineEnd::Merged { into }) = t.end() {
            let folded = *anim.folded.entry(n).or_insert(now);
            let k = ease((now - folded) / ANIM_SECS);
            pos = pos.lerp(at[&into], k);
            alpha *= 1.0 - 0.75 * k;
        }
        shown.insert(n, (origin + pos.to_vec2(), alpha));
    }
    if anim
        .born
        .values()
        .chain(anim.folded.values())
        .any(|&b| now - b < ANIM_SECS)
    {
        ui.ctx().request_repaint();
    }
    // Edges first, under the nodes.
    for t in w.m.timelines() {
        if let Some(f) = t.fork() {
            let (a, _) = shown[&f.parent];
            let (b, alpha) = shown[&t.number()];
            let from = a + egui::vec2(INDENT * 0.5, NODE.y);
            let to = b + egui::vec2(0.0, NODE.y * 0.5);
            let corner = egui::pos2(from.x, to.y);
            let stroke = egui::Stroke::new(
                2.0,
                egui::Color32::from_rgba_unmultiplied(150, 80, 235, (200.0 * alpha) as u8),
            );
            painter.line_segment([from, corner], stroke);
            painter.line_segment([corner, to], stroke);
        }
    }
    let to_move_human = |c: Color| w.human(c);
    for t in w.m.timelines() {
        let n = t.number();
        let (pos, alpha) = shown[&n];
        let r = egui::Rect::from_min_size(pos, NODE);
        let a = |c: egui::Color32| c.gamma_multiply(alpha);
        let fill = if !t.is_open() {
            egui::Color32::from_rgb(40, 40, 48)
        } else if n == w.viewing {
            egui::Color32::from_rgb(70, 60, 110)
        } else {
            egui::Color32::from_rgb(50, 46, 72)
        };
        painter.rect_filled(r, 6.0, a(fill));
        let yours = t.is_open() && !w.m.is_over() && to_move_human(t.side_to_move());
        let stroke = if yours {
            egui::Stroke::new(2.5, a(egui::Color32::from_rgb(245, 200, 80)))
        } else if n == w.viewing {
            egui::Stroke::new(1.5, a(egui::Color32::from_rgb(190, 170, 240)))
        } else {
            egui::Stroke::new(1.0, a(egui::Color32::from_gray(90)))
        };
        painter.rect_stroke(r, 6.0, stroke, egui::StrokeKind::Inside);
        // The timeline on screen is ringed outside too, so it stands out among the gold
        // rings of every timeline where the person must move.
        if n == w.viewing {
            painter.rect_stroke(
                r.expand(2.0),
                8.0,
                egui::Stroke::new(2.0, a(egui::Color32::WHITE)),
                egui::StrokeKind::Outside,
            );
        }
        let bank = t.bank();
        let state = match t.end() {
            None => tr!("wager-map-to-move", side = side_key(t.side_to_move())),
            Some(TimelineEnd::Checkmate { winner }) => match winner {
                Color::White => tr!("wager-map-mate", result = "1-0"),
                Color::Black => tr!("wager-map-mate", result = "0-1"),
            },
            Some(TimelineEnd::Draw(d)) => tr!("wager-map-draw", reason = draw_reason(d)),
            Some(TimelineEnd::Merged { into }) => tr!("wager-map-merged", into = into),
        };
        let text = |p: egui::Pos2, s: String, size: f32, c: egui::Color32| {
            painter.text(
                p,
                egui::Align2::LEFT_TOP,
                s,
                egui::FontId::proportional(size),
                a(c),
            );
        };
        text(
            r.min + egui::vec2(8.0, 4.0),
            format!("L{n}  {}·{}", bank.white, bank.black),
            14.0,
            egui::Color32::WHITE,
        );
        text(
            r.min + egui::vec2(8.0, 24.0),
            state,
            12.0,
            egui::Color32::from_gray(200),
        );
        let resp = ui.interact(r, ui.id().with(("node", n)), egui::Sense::click());
        let tip = match t.fork() {
            None => tr!(
                "wager-map-node-tip",
                n = n,
                white = bank.white,
                black = bank.black,
                plies = t.plies()
            ),
            Some(f) => tr!(
                "wager-map-node-tip-split",
                n = n,
                white = bank.white,
                black = bank.black,
                plies = t.plies(),
                parent = f.parent,
                ply = f.ply
            ),
        };
        if resp.on_hover_prose(tip).clicked() {
            clicked = Some(n);
        }
    }
    clicked
}
