//! The visual language of the multiverse, from the documents: an orange double frame on
//! the boards that must be played and a green dashed frame on the others that may be
//! (seed 002); the present as a yellow band with a thick line through it (seeds 002, 004);
//! the selected piece and its destinations; arrows for moves that travelled; the capture
//! that stops a submit; the moves of the turn shown while browsing history, and of the
//! last turn played (`fived::last_turn`) otherwise. The board's own border (whose move it
//! is there) is its slab, in `boards`.

use super::layout::{Layout, Orientation};
use crate::fived::matchplay::Match;
use crate::fived::matchplay::browse::Browse;
use crate::fived::mirror::{BoardFlags, BoardView, PresentLine};
use crate::fived::picking::{Hovered, Selection};
use crate::game_kit::animation::hop_point;
use crate::settings::Settings;
use crate::theme::palette;
use bevy::prelude::*;
use timefork_engine::{Color as Side, Coord, Move, SubmitError};

const LIFT: f32 = 0.03;
/// Just above the board tops, so the present boards take the band's tint.
const BAND_Y: f32 = 0.012;

/// The translucent band that marks the present, and the line through its middle.
#[derive(Component)]
pub struct PresentBand;

#[derive(Component)]
pub struct PresentStroke;

/// Which frame a board gets, by its role for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameStyle {
    /// Must be played this turn: a double orange frame.
    Mandatory,
    /// May be played: a dashed green frame.
    Optional,
    /// Not playable now: no frame (its border still shows whose move it is there).
    None,
}

pub fn frame_style(f: &BoardFlags) -> FrameStyle {
    if f.mandatory {
        FrameStyle::Mandatory
    } else if f.playable {
        FrameStyle::Optional
    } else {
        FrameStyle::None
    }
}

pub fn frame_color(style: FrameStyle) -> Option<Color> {
    match style {
        FrameStyle::Mandatory => Some(palette::MANDATORY),
        FrameStyle::Optional => Some(palette::PLAYABLE),
        FrameStyle::None => None,
    }
}

pub(super) fn setup_gizmos(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
    config.line.width = 3.0;
}

fn rect(gizmos: &mut Gizmos, center: Vec3, half: Vec2, color: Color) {
    let c = center + Vec3::Y * LIFT;
    let pts = [
        c + Vec3::new(-half.x, 0.0, -half.y),
        c + Vec3::new(half.x, 0.0, -half.y),
        c + Vec3::new(half.x, 0.0, half.y),
        c + Vec3::new(-half.x, 0.0, half.y),
        c + Vec3::new(-half.x, 0.0, -half.y),
    ];
    gizmos.linestrip(pts, color);
}

fn dashed_rect(gizmos: &mut Gizmos, center: Vec3, half: Vec2, color: Color) {
    let c = center + Vec3::Y * LIFT;
    let corners = [
        c + Vec3::new(-half.x, 0.0, -half.y),
        c + Vec3::new(half.x, 0.0, -half.y),
        c + Vec3::new(half.x, 0.0, half.y),
        c + Vec3::new(-half.x, 0.0, half.y),
    ];
    for i in 0..4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        let n = ((a.distance(b) / 0.5).round() as usize).max(2);
        for k in (0..n).step_by(2) {
            let t0 = k as f32 / n as f32;
            let t1 = (k + 1) as f32 / n as f32;
            gizmos.line(a.lerp(b, t0), a.lerp(b, t1), color);
        }
    }
}

fn arc(gizmos: &mut Gizmos, from: Vec3, to: Vec3, color: Color) {
    let height = 1.0 + from.distance(to) * 0.2;
    let pts: Vec<Vec3> = (0..=24)
        .map(|i| hop_point(from, to, height, i as f32 / 24.0) + Vec3::Y * 0.5)
        .collect();
    gizmos.linestrip(pts.iter().copied(), color);
    let n = pts.len();
    gizmos
        .arrow(pts[n - 3], pts[n - 1], color)
        .with_tip_length(0.5);
}

pub(super) fn draw_frames(
    mut gizmos: Gizmos,
    boards: Query<(&BoardView, &BoardFlags, &Transform)>,
) {
    for (b, f, tf) in &boards {
        let lay = Layout::new(b.width, b.height);
        let border = if f.latest {
            super::boards::BORDER_THICK
        } else {
            super::boards::BORDER_THIN
        };
        let half = (lay.half_extent() + Vec2::splat(border)) * tf.scale.x;
        let center = tf.translation;
        match frame_style(f) {
            FrameStyle::Mandatory => {
                rect(
                    &mut gizmos,
                    center,
                    half + Vec2::splat(0.1),
                    palette::MANDATORY,
                );
                rect(
                    &mut gizmos,
                    center,
                    half + Vec2::splat(0.24),
                    palette::MANDATORY,
                );
            }
            FrameStyle::Optional => {
                dashed_rect(
                    &mut gizmos,
                    center,
                    half + Vec2::splat(0.16),
                    palette::PLAYABLE,
                );
            }
            FrameStyle::None => {}
        }
    }
}

pub(super) fn draw_selection(
    mut gizmos: Gizmos,
    m: Option<Res<Match>>,
    orientation: Res<Orientation>,
    selection: Res<Selection>,
    hovered: Res<Hovered>,
) {
    let Some(m) = m else { return };
    let lay = orientation.layout(&m.pos);
    let sq = |c: Coord| lay.square_center(c.l, c.h, c.x, c.y);
    if let Some(c) = hovered.0 {
        rect(
            &mut gizmos,
            sq(c),
            Vec2::splat(0.47),
            Color::srgba(1.0, 1.0, 1.0, 0.5),
        );
    }
    let Some(from) = selection.from else { return };
    rect(&mut gizmos, sq(from), Vec2::splat(0.46), palette::SELECTED);
    rect(&mut gizmos, sq(from), Vec2::splat(0.40), palette::SELECTED);
    for mv in &selection.moves {
        let target = m.pos.piece_at(mv.to);
        let capture = target.is_some_and(|p| !p.is_empty() && p.color() != m.to_move());
        let color = if capture {
            palette::CAPTURE_DEST
        } else {
            palette::DESTINATION
        };
        let at = Isometry3d::new(
            sq(mv.to) + Vec3::Y * LIFT,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        );
        gizmos.circle(at, 0.3, color);
        if capture {
            gizmos.circle(at, 0.4, color);
        }
        if !mv.is_physical() {
            gizmos.circle(at, 0.18, color);
        }
    }
}

/// The last turn's moves (`last_turn`), while the present is shown (browsing marks the
/// browsed turn instead): the square left lighter, the square reached full.
pub(super) fn draw_last_turn(
    mut gizmos: Gizmos,
    m: Option<Res<Match>>,
    browse: Res<Browse>,
    orientation: Res<Orientation>,
    marks: Res<crate::fived::last_turn::LastTurnMarks>,
) {
    let Some(m) = m else { return };
    if browse.is_browsing(&m) {
        return;
    }
    let lay = orientation.layout(&m.pos);
    let sq = |c: Coord| lay.square_center(c.l, c.h, c.x, c.y);
    for &(left, reached) in &marks.squares {
        let half = Vec2::splat(0.45);
        rect(
            &mut gizmos,
            sq(left),
            half,
            palette::BROWSED_MOVE.with_alpha(0.7),
        );
        rect(&mut gizmos, sq(reached), half, palette::BROWSED_MOVE);
    }
}

/// Submitted turns whose travels are drawn in full: the last one of each side.
const RECENT_TURNS: usize = 2;
/// Older travels are drawn faint, and only the latest few of them: a hundred arcs over a
/// hundred small boards hid their squares (issue 42).
const OLD_ARCS: usize = 12;
const OLD_ARC_ALPHA: f32 = 0.25;

/// One travel arrow to draw: the move that left its board, who made it, and whether it is
/// of the last turn of either side (or of the turn being made).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TravelArc {
    pub mv: Move,
    pub side: Side,
    pub recent: bool,
}

/// The travel arrows for these submitted turns (the first made by `first`) and the moves
/// of the turn being made: every travel of the last turn of each side and of the current
/// one, and the latest `OLD_ARCS` before them.
pub fn travel_arcs(submitted: &[Vec<Move>], first: Side, current: &[Move]) -> Vec<TravelArc> {
    let side_of = |i: usize| {
        if i.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        }
    };
    let recent_from = submitted.len().saturating_sub(RECENT_TURNS);
    let travels = |i: usize, action: &[Move]| {
        action
            .iter()
            .filter(|mv| !mv.is_physical())
            .map(move |&mv| TravelArc {
                mv,
                side: side_of(i),
                recent: i >= recent_from,
            })
            .collect::<Vec<_>>()
    };
    let old: Vec<TravelArc> = submitted[..recent_from]
        .iter()
        .enumerate()
        .flat_map(|(i, a)| travels(i, a))
        .collect();
    let mut out = old[old.len().saturating_sub(OLD_ARCS)..].to_vec();
    for (i, a) in submitted.iter().enumerate().skip(recent_from) {
        out.extend(travels(i, a));
    }
    // The turn being made comes after every submitted one: recent.
    out.extend(travels(submitted.len(), current));
    out
}

/// Arrows for moves that left their board (time travel and timeline jumps) up to the
/// state shown, the moves of the browsed turn, and the capture that makes the current
/// turn unsubmittable.
pub(super) fn draw_travel(
    mut gizmos: Gizmos,
    m: Option<Res<Match>>,
    browse: Res<Browse>,
    orientation: Res<Orientation>,
    settings: Res<Settings>,
) {
    let Some(m) = m else { return };
    let lay = orientation.layout(&m.pos);
    let sq = |c: Coord| lay.square_center(c.l, c.h, c.x, c.y);
    let browsed = browse.state(&m);
    if settings.show_travel_arrows {
        let shown = browsed.unwrap_or(m.game.actions.len());
        let current: Vec<Move> = if browsed.is_none() {
            m.pos.turn_moves().copied().collect()
        } else {
            Vec::new()
        };
        for a in travel_arcs(&m.game.actions[..shown], m.game.start.to_move, &current) {
            let color = if a.side == Side::White {
                palette::TRAVEL_WHITE
            } else {
                palette::TRAVEL_BLACK
            };
            let color = if a.recent {
                color
            } else {
                color.with_alpha(OLD_ARC_ALPHA)
            };
            arc(&mut gizmos, sq(a.mv.from), sq(a.mv.to), color);
        }
    }
    if let Some(action) = browse.action(&m) {
        // Every move of the browsed turn: on its new board for a move on one board.
        for mv in action {
            let (from, to) = if mv.is_physical() {
                let next = |c: Coord| Coord { h: c.h + 1, ..c };
                (next(mv.from), next(mv.to))
            } else {
                (mv.from, mv.to)
            };
            arc(&mut gizmos, sq(from), sq(to), palette::BROWSED_MOVE);
            rect(
                &mut gizmos,
                sq(to),
                Vec2::splat(0.45),
                palette::BROWSED_MOVE,
            );
        }
        return;
    }
    if let Some(SubmitError::RoyalCapturable { from, to }) = m.submit_error() {
        arc(&mut gizmos, sq(from), sq(to), palette::THREAT);
        rect(&mut gizmos, sq(to), Vec2::splat(0.45), palette::THREAT);
    }
}

/// One band and one line for the life of the app; hidden when no match is shown.
pub(super) fn spawn_present_band(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let unit = meshes.add(Plane3d::default().mesh().size(1.0, 1.0));
    commands.spawn((
        PresentBand,
        Mesh3d(unit.clone()),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: palette::PRESENT,
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        })),
        Transform::from_xyz(0.0, BAND_Y, 0.0),
        Visibility::Hidden,
    ));
    commands.spawn((
        PresentStroke,
        Mesh3d(unit),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: palette::PRESENT_LINE,
            unlit: true,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.05, 0.0),
        Visibility::Hidden,
    ));
}

/// Keeps the band over the present column and across every timeline; it slides. The
/// line runs down the gap before the present's boards, under the boards' tops.
pub(super) fn place_present_band(
    m: Option<Res<Match>>,
    browse: Res<Browse>,
    orientation: Res<Orientation>,
    present: Query<&PresentLine>,
    mut band: Query<(&mut Transform, &mut Visibility), (With<PresentBand>, Without<PresentStroke>)>,
    mut stroke: Query<
        (&mut Transform, &mut Visibility),
        (With<PresentStroke>, Without<PresentBand>),
    >,
    time: Res<Time>,
    settings: Res<Settings>,
) {
    let (Some(m), Ok(p)) = (m, present.single()) else {
        for (_, mut v) in band.iter_mut().chain(stroke.iter_mut()) {
            *v = Visibility::Hidden;
        }
        return;
    };
    let pos = browse.position(&m);
    let lay = orientation.layout(pos);
    let (a, b) = (
        lay.board_center(pos.l_min(), p.h).z,
        lay.board_center(pos.l_max(), p.h).z,
    );
    let top = a.min(b) - lay.row_step() / 2.0;
    let bottom = a.max(b) + lay.row_step() / 2.0;
    let x = lay.board_center(0, p.h).x;
    let k = if settings.animation_speed > 0.0 {
        (time.delta_secs() * 6.0 * settings.animation_speed).min(1.0)
    } else {
        1.0
    };
    let place = |tf: &mut Transform, target: Vec3, scale: Vec3| {
        tf.translation = tf.translation.lerp(target, k);
        tf.scale = tf.scale.lerp(scale, k);
    };
    for (mut tf, mut v) in &mut band {
        *v = Visibility::Visible;
        place(
            &mut tf,
            Vec3::new(x, BAND_Y, (top + bottom) / 2.0),
            Vec3::new(lay.column_step(), 1.0, bottom - top),
        );
    }
    for (mut tf, mut v) in &mut stroke {
        *v = Visibility::Visible;
        place(
            &mut tf,
            Vec3::new(x, -0.05, (top + bottom) / 2.0),
            Vec3::new(0.45, 1.0, bottom - top),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 42, item 9: a long game's travels would cover every board; the last turn of
    /// each side is drawn in full, older travels only the latest few, and each arrow in
    /// the colour of the side whose piece travelled.
    #[test]
    fn travel_arrows_keep_the_recent_ones_and_a_few_older() {
        let text = include_str!("../../../crates/engine/tests/data/conformance/manyChecks.5dpgn");
        let game = timefork_engine::notation::read_game(text).expect("a conformance game");
        let states = game.states();
        let travels = |a: &[Move]| a.iter().filter(|mv| !mv.is_physical()).count();
        let n = game.actions.len();
        let old: usize = game.actions[..n - 2].iter().map(|a| travels(a)).sum();
        let recent: usize = game.actions[n - 2..].iter().map(|a| travels(a)).sum();
        assert!(old > OLD_ARCS, "the game has {old} older travels");
        let arcs = travel_arcs(&game.actions, game.start.to_move, &[]);
        assert_eq!(arcs.len(), OLD_ARCS + recent);
        assert_eq!(arcs.iter().filter(|a| a.recent).count(), recent);
        for a in &arcs {
            let k = game
                .actions
                .iter()
                .position(|action| action.contains(&a.mv))
                .expect("an arc of a played move");
            assert_eq!(a.recent, k >= n - 2, "{:?}", a.mv);
            let piece = states[k]
                .piece_at(a.mv.from)
                .expect("a piece that travelled");
            assert_eq!(piece.color(), a.side, "{:?} in turn {k}", a.mv);
        }
        // The older ones shown are the latest: none of an earlier turn than any left out.
        let first_shown = arcs
            .iter()
            .filter_map(|a| game.actions.iter().position(|x| x.contains(&a.mv)))
            .min()
            .unwrap();
        let left_out: usize = game.actions[..first_shown].iter().map(|a| travels(a)).sum();
        assert!(
            left_out <= old - OLD_ARCS,
            "{left_out} older travels left out"
        );
        // The turn being made is always drawn, in the colour of the side to move.
        let current: Vec<Move> = game.actions[n - 1].clone();
        let arcs = travel_arcs(&game.actions[..n - 1], game.start.to_move, &current);
        let ours: Vec<_> = arcs.iter().filter(|a| current.contains(&a.mv)).collect();
        assert_eq!(ours.len(), travels(&current));
        assert!(
            ours.iter()
                .all(|a| a.recent && a.side == states[n - 1].to_move)
        );
    }
}
