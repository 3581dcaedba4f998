//! The highlights: the picked piece and its targets, the drop targets next to the king,
//! the moves of this turn and of the last, an attacked king, the ranks to set up on.

use crate::kingdrops::input::{KdHovered, KdSelection, SetupHand};
use crate::kingdrops::layout::{KdLayout, Slot};
use crate::kingdrops::matchplay::KdMatch;
use crate::kingdrops::setup::KdSetup;
use crate::screens::Screen;
use crate::theme::palette;
use bevy::prelude::*;
use timefork_kingdrops::movegen::is_attacked;
use timefork_kingdrops::{Move, Square};

use super::look::*;

pub(super) fn square_rect(g: &mut Gizmos, center: Vec3, half: f32, color: Color) {
    let c = center + Vec3::Y * LIFT;
    let pts = [
        c + Vec3::new(-half, 0.0, -half),
        c + Vec3::new(half, 0.0, -half),
        c + Vec3::new(half, 0.0, half),
        c + Vec3::new(-half, 0.0, half),
        c + Vec3::new(-half, 0.0, -half),
    ];
    g.linestrip(pts, color);
}

pub(super) fn ring(g: &mut Gizmos, center: Vec3, radius: f32, color: Color) {
    g.circle(
        Isometry3d::new(
            center + Vec3::Y * LIFT,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        ),
        radius,
        color,
    );
}

pub(super) fn area_rect(g: &mut Gizmos, lo: Vec3, hi: Vec3, color: Color) {
    let (a, b) = (lo.min(hi), lo.max(hi));
    let y = LIFT;
    let pts = [
        Vec3::new(a.x, y, a.z),
        Vec3::new(b.x, y, a.z),
        Vec3::new(b.x, y, b.z),
        Vec3::new(a.x, y, b.z),
        Vec3::new(a.x, y, a.z),
    ];
    g.linestrip(pts, color);
}

pub(super) fn draw_highlights(
    mut g: Gizmos,
    screen: Res<State<Screen>>,
    layout: Res<KdLayout>,
    m: Option<Res<KdMatch>>,
    s: Option<Res<KdSetup>>,
    hovered: Res<KdHovered>,
    selection: Res<KdSelection>,
    hand: Res<SetupHand>,
    browse: Res<crate::kingdrops::browse::KdBrowse>,
) {
    let lay = *layout;
    match (screen.get(), m, s) {
        // A browsed state shows the turn that led to it, nothing of the game's present.
        (Screen::KingdropsPlay, Some(m), _) if browse.is_browsing(&m) => {
            for mv in browse.turn(&m).map(|t| t.moves()).unwrap_or_default() {
                move_marks(&mut g, &lay, *mv, palette::BROWSED_MOVE);
            }
        }
        (Screen::KingdropsPlay, Some(m), _) => {
            play_highlights(&mut g, &lay, &m, &selection, hovered.0)
        }
        (Screen::KingdropsSetup, _, Some(s)) => {
            if s.finished() || s.player() != crate::players::Player::Human {
                return;
            }
            // The two ranks to fill.
            let [a, b] = s.side.home_ranks();
            let corner = |file: u8, rank: u8| Square::new(file, rank).map(|q| lay.square(q));
            if let (Some(p), Some(q)) = (corner(0, a), corner(7, b)) {
                let half = Vec3::new(0.5, 0.0, 0.5);
                let lo = p.min(q) - half - Vec3::splat(0.06);
                let hi = p.max(q) + half + Vec3::splat(0.06);
                area_rect(&mut g, lo, hi, palette::MANDATORY);
            }
            if let Some((slot, _)) = hand.held {
                square_rect(&mut g, lay.slot(slot), 0.46, palette::SELECTED);
                if let Some(Slot::Board(sq)) = hovered.0
                    && s.is_home(sq)
                {
                    square_rect(&mut g, lay.square(sq), 0.42, palette::DESTINATION);
                }
            } else if let Some(h) = hovered.0 {
                square_rect(&mut g, lay.slot(h), 0.46, palette::LABEL);
            }
        }
        _ => {}
    }
}

pub(super) fn play_highlights(
    g: &mut Gizmos,
    lay: &KdLayout,
    m: &KdMatch,
    selection: &KdSelection,
    hovered: Option<Slot>,
) {
    // The last turn (dimmed) and the moves of this one.
    if m.moves.is_empty()
        && let Some(last) = &m.last_turn
    {
        for mv in last.turn.moves() {
            move_marks(g, lay, *mv, palette::BROWSED_MOVE);
        }
    }
    for mv in &m.moves {
        move_marks(g, lay, *mv, THIS_TURN);
    }
    if m.is_over() {
        return;
    }
    // A king under attack may only move as a turn's first move.
    let side = m.to_move();
    if let Some(k) = m.shown.king_square(side)
        && is_attacked(&m.shown, k, side.opponent())
    {
        ring(g, lay.square(k), 0.48, palette::THREAT);
    }
    if !m.human_to_move() {
        return;
    }
    // Where a drop may go now, next to the king.
    let mut drops: Vec<Square> = m
        .next
        .iter()
        .filter(|mv| mv.is_drop())
        .map(|mv| mv.to())
        .collect();
    drops.sort();
    drops.dedup();
    for sq in drops {
        ring(g, lay.square(sq), 0.2, DROP_TARGET);
    }
    if let Some(from) = selection.from {
        square_rect(g, lay.slot(from), 0.46, palette::SELECTED);
        for mv in &selection.moves {
            let to = mv.to();
            if m.shown.piece_at(to).is_some() {
                square_rect(g, lay.square(to), 0.44, palette::CAPTURE_DEST);
            } else {
                ring(g, lay.square(to), 0.3, palette::DESTINATION);
            }
        }
    }
    if let Some(h) = hovered {
        square_rect(g, lay.slot(h), 0.48, palette::LABEL.with_alpha(0.6));
    }
}

pub(super) fn move_marks(g: &mut Gizmos, lay: &KdLayout, mv: Move, color: Color) {
    match mv {
        Move::Step { from, to } => {
            square_rect(g, lay.square(from), 0.4, color.with_alpha(0.6));
            square_rect(g, lay.square(to), 0.4, color);
        }
        Move::Drop { to, .. } => {
            square_rect(g, lay.square(to), 0.4, color);
            square_rect(g, lay.square(to), 0.34, color);
        }
    }
}
