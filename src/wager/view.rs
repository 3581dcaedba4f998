//! The board of the timeline on screen, in the same 3D style as the 5D game: a slab in the
//! colour of the side to move there and a checkered top, the pieces, the last move, the
//! selected piece and its targets. Switching timelines (or a split taking the player to
//! the new one) slides the board in; a move's piece slides to its square.

use super::input::{Selection, WagerHover};
use super::layout::{WagerOrientation, square_center};
use super::matchplay::WagerMatch;
use crate::board_look::{self, BoardPaint};
use crate::camera::{CameraGoal, CameraSystems, Goal, ViewInsets, ViewPitch, fit_scale};
use crate::game_kit::GameSystems;
use crate::pieces::{PieceStyle, Shape, Side};
use crate::screens::Screen;
use crate::theme::palette;
use crate::window::MainWindow;
use bevy::prelude::*;
use timefork_wager::chess::{Board, Color, Piece, Square};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WagerOrientation>();
    app.add_systems(
        Update,
        (
            orient,
            redraw_board,
            slide,
            aim_camera.in_set(CameraSystems::Aim),
        )
            .chain()
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::WagerPlay))
            .distributive_run_if(resource_exists::<WagerMatch>),
    );
    app.add_systems(
        PostUpdate,
        draw_highlights
            .run_if(in_state(Screen::WagerPlay))
            .run_if(resource_exists::<WagerMatch>),
    );
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        draw_coordinates.run_if(in_state(Screen::WagerPlay)),
    );
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        keep_pointer_off_board
            .before(crate::game_kit::guide::show::<super::guide::WagerGuide>)
            .run_if(in_state(crate::game_kit::states::ActiveGame::Wager))
            .run_if(resource_exists::<super::guide::WagerGuide>),
    );
}

/// The guide's pointer goes around the board on screen (its border included, the pieces
/// about a square high).
fn keep_pointer_off_board(
    camera: Query<(&Camera, &GlobalTransform), With<crate::camera::MainCamera>>,
    boards: Query<&GlobalTransform, With<WagerBoard>>,
    mut keep_out: ResMut<crate::game_kit::guide::GuideKeepOut>,
) {
    let on_screen = match (camera.single(), boards.iter().next()) {
        (Ok((cam, cam_tf)), Some(board)) => {
            let half = Vec3::new(4.5, 0.0, 4.5);
            let at = board.translation();
            crate::game_kit::guide::box_on_screen(cam, cam_tf, at - half, at + half, 1.2)
        }
        _ => None,
    };
    keep_out.set_if_neq(crate::game_kit::guide::GuideKeepOut(on_screen));
}

/// Files and ranks on the board, turning with it.
fn draw_coordinates(
    mut contexts: bevy_egui::EguiContexts,
    o: Res<WagerOrientation>,
    camera: Query<(&Camera, &GlobalTransform), With<crate::camera::MainCamera>>,
    boards: Query<&GlobalTransform, With<WagerBoard>>,
) -> Result {
    let (Ok((cam, cam_tf)), Some(board)) = (camera.single(), boards.iter().next()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(bevy_egui::egui::LayerId::background());
    let s = if o.flipped { -1.0 } else { 1.0 };
    // The board may be sliding in: its coordinates go with it.
    let origin = board.translation();
    board_look::paint_coordinates(&painter, 8, 8, o.flipped, 14.0, |p| {
        let at = origin + Vec3::new(s * (p.x - 4.0), 0.0, -s * (p.y - 4.0));
        crate::theme::on_screen(cam, cam_tf, at)
    });
    Ok(())
}

/// The room the Wager panels take: the bar on top, the timeline map on the right.
pub const PANELS: ViewInsets = ViewInsets {
    left: 0.0,
    top: 150.0,
    right: 330.0,
    bottom: 0.0,
};

pub fn shape_of(p: Piece) -> Shape {
    match p {
        Piece::Pawn => Shape::Pawn,
        Piece::Knight => Shape::Knight,
        Piece::Bishop => Shape::Bishop,
        Piece::Rook => Shape::Rook,
        Piece::Queen => Shape::Queen,
        Piece::King => Shape::King,
    }
}

pub fn side_of(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The board entity (its pieces are children) and what it shows.
#[derive(Component)]
pub struct WagerBoard;

#[derive(Component)]
pub struct WagerSlab;

#[derive(Component)]
pub struct WagerPiece;

/// A board or piece sliding to its place.
#[derive(Component, Clone, Copy)]
pub struct Slide {
    from: Vec3,
    to: Vec3,
    t: f32,
}

/// One human near; in a game of two people, the side to move on the timeline on screen.
fn orient(w: Res<WagerMatch>, mut o: ResMut<WagerOrientation>) {
    let near = match (w.human(Color::White), w.human(Color::Black)) {
        (false, true) => Color::Black,
        (true, true) => {
            w.m.timeline(w.viewing)
                .map_or(Color::White, |t| t.side_to_move())
        }
        _ => Color::White,
    };
    o.set_if_neq(WagerOrientation {
        flipped: near == Color::Black,
    });
}

/// What the board on screen shows, to know when to redraw it.
#[derive(Default, PartialEq, Clone, Copy)]
struct Shown {
    match_id: u64,
    timeline: usize,
    plies: usize,
    /// The ply browsed, if any.
    browsed: Option<usize>,
    flipped: bool,
    style: Option<PieceStyle>,
}

fn redraw_board(
    mut commands: Commands,
    w: Res<WagerMatch>,
    o: Res<WagerOrientation>,
    settings: Res<crate::settings::Settings>,
    mut paint: BoardPaint,
    boards: Query<Entity, With<WagerBoard>>,
    browse: Res<super::browse::WagerBrowse>,
    mut shown: Local<Shown>,
) {
    let Some((pieces, meshes, materials, images)) = paint.ready() else {
        return;
    };
    let Some(t) = w.m.timeline(w.viewing) else {
        return;
    };
    let now = Shown {
        match_id: w.id,
        timeline: w.viewing,
        plies: t.plies(),
        browsed: browse.ply(&w),
        flipped: o.flipped,
        style: Some(settings.piece_style),
    };
    if *shown == now {
        return;
    }
    let before = *shown;
    *shown = now;
    for e in &boards {
        commands.entity(e).despawn();
    }
    let animate = settings.animation_speed > 0.0;
    // Another timeline slides in from the side it lies on; a new move slides its piece.
    let board_from = if animate && before.match_id == w.id && before.timeline != w.viewing {
        let dir = if w.viewing > before.timeline {
            1.0
        } else {
            -1.0
        };
        Some(Vec3::X * 11.0 * dir)
    } else {
        None
    };
    let moved = (animate
        && before.match_id == w.id
        && before.timeline == w.viewing
        && before.plies + 1 == t.plies()
        && now.browsed.is_none()
        && before.browsed.is_none())
    .then(|| t.game().moves().last().copied())
    .flatten();
    let board = browse.board(&w).unwrap_or(t.board()).clone();
    let side = board.side_to_move();
    let slab_color = match side {
        Color::White => palette::BORDER_WHITE,
        Color::Black => palette::BORDER_BLACK,
    };
    let (slab, slab_tf) = board_look::slab(8, 8, 0.42);
    let top = images.add(board_look::checker_image(8, 8, !t.is_open()));
    let mut root = commands.spawn((
        WagerBoard,
        DespawnOnExit(Screen::WagerPlay),
        Transform::default(),
        Visibility::default(),
    ));
    if let Some(from) = board_from {
        root.insert(Slide {
            from,
            to: Vec3::ZERO,
            t: 0.0,
        });
    }
    root.with_children(|c| {
        c.spawn((
            WagerSlab,
            Mesh3d(meshes.add(slab)),
            MeshMaterial3d(materials.add(board_look::slab_material(slab_color))),
            slab_tf,
        ));
        c.spawn((
            Mesh3d(meshes.add(Plane3d::default().mesh().size(8.0, 8.0))),
            MeshMaterial3d(materials.add(board_look::top_material(top))),
            Transform::default(),
        ));
        for sq in board.occupied() {
            let (Some(piece), Some(color)) = (board.piece_on(sq), board.color_on(sq)) else {
                continue;
            };
            let (mesh, material) =
                pieces.look(settings.piece_style, shape_of(piece), side_of(color));
            let turned = (color == Color::Black) != o.flipped;
            let rotation = if settings.piece_style == PieceStyle::Models && turned {
                Quat::from_rotation_y(std::f32::consts::PI)
            } else {
                Quat::IDENTITY
            };
            let to = square_center(sq, o.flipped);
            let mut e = c.spawn((
                WagerPiece,
                Mesh3d(mesh),
                MeshMaterial3d(material),
                Transform::from_translation(to).with_rotation(rotation),
            ));
            if let Some(mv) = moved
                && mv.to == sq
            {
                e.insert(Slide {
                    from: square_center(mv.from, o.flipped),
                    to,
                    t: 0.0,
                });
            }
        }
    });
}

fn slide(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<crate::settings::Settings>,
    mut q: Query<(Entity, &mut Slide, &mut Transform)>,
) {
    let speed = settings.animation_speed.max(0.01);
    for (e, mut s, mut tf) in &mut q {
        s.t = (s.t + time.delta_secs() * speed / 0.35).min(1.0);
        let k = s.t * s.t * (3.0 - 2.0 * s.t);
        let lift = Vec3::Y * 4.0 * k * (1.0 - k) * 0.4;
        tf.translation = s.from.lerp(s.to, k) + lift;
        if s.t >= 1.0 {
            tf.translation = s.to;
            commands.entity(e).remove::<Slide>();
        }
    }
}

/// The board fills the part of the window the panels leave, once per match and window size.
fn aim_camera(
    w: Res<WagerMatch>,
    pitch: ViewPitch,
    window: MainWindow,
    mut insets: ResMut<ViewInsets>,
    mut goal: ResMut<CameraGoal>,
    guide: Option<Res<super::guide::WagerGuide>>,
    mut aimed: Local<Option<(u64, u32, u32, bool, u32)>>,
) {
    // A first-match guide takes the bottom of the window; the board stands above it.
    let guided = guide.is_some();
    let panels = ViewInsets {
        bottom: if guided {
            crate::game_kit::guide::GUIDE_ROOM
        } else {
            PANELS.bottom
        },
        ..PANELS
    };
    insets.set_if_neq(panels);
    let size = window.size();
    // A new interface size makes the panels larger: frame again.
    let zoom = (crate::theme::ui_zoom() * 100.0).round() as u32;
    let key = (w.id, size.x as u32, size.y as u32, guided, zoom);
    if *aimed == Some(key) {
        return;
    }
    *aimed = Some(key);
    let half = Vec3::new(4.5, 0.0, 4.5);
    goal.0 = Some(Goal {
        center: Vec3::ZERO,
        scale: Some(fit_scale(-half, half, 1.5, pitch.get(), size, &panels)),
    });
}

/// The last move on this timeline, the square under the cursor, the selected piece and
/// where it can go (a ring on a capture).
fn draw_highlights(
    mut gizmos: Gizmos,
    w: Res<WagerMatch>,
    o: Res<WagerOrientation>,
    selection: Res<Selection>,
    hover: Res<WagerHover>,
    browse: Res<super::browse::WagerBrowse>,
) {
    let Some(t) = w.m.timeline(w.viewing) else {
        return;
    };
    let browsing = browse.is_browsing(&w);
    let at = |sq: Square| square_center(sq, o.flipped) + Vec3::Y * 0.03;
    let square = |g: &mut Gizmos, sq: Square, half: f32, color: bevy::color::Color| {
        g.rect(
            Isometry3d::new(at(sq), Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
            Vec2::splat(half * 2.0),
            color,
        );
    };
    if let Some(mv) = &browse.last_move(&w) {
        square(
            &mut gizmos,
            mv.from,
            0.45,
            palette::BROWSED_MOVE.with_alpha(0.7),
        );
        square(&mut gizmos, mv.to, 0.45, palette::BROWSED_MOVE);
    }
    // A browsed board is only looked at.
    if browsing {
        return;
    }
    if let Some(sq) = hover.0 {
        square(
            &mut gizmos,
            sq,
            0.47,
            bevy::color::Color::srgba(1.0, 1.0, 1.0, 0.5),
        );
    }
    if let Some(from) = selection.from {
        square(&mut gizmos, from, 0.44, palette::SELECTED);
        let board: &Board = t.board();
        for mv in &selection.moves {
            let capture = board.color_on(mv.to).is_some();
            let color = if capture {
                palette::CAPTURE_DEST
            } else {
                palette::DESTINATION
            };
            let iso = Isometry3d::new(
                at(mv.to),
                Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
            );
            gizmos.circle(iso, 0.3, color);
            if capture {
                gizmos.circle(iso, 0.4, color);
            }
        }
    }
}
