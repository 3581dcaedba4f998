//! Drawing Kingdrops in 3D, in the 5D boards' look: a slab whose border is the colour of
//! the side to move and a checkered top, the trays beside it (reserves, prisons, the
//! setup tray), the piece models or flat icons, the highlights (the picked piece and its
//! targets, the drop targets next to the king, the moves of this turn and of the last,
//! an attacked king, the ranks to set up on), and the coordinates and tray names.

use super::input::{KdHovered, KdSelection, SetupHand};
use super::layout::{KdLayout, Slot, TRAY_HALF};
use super::matchplay::KdMatch;
use super::mirror::KdPiece;
use super::setup::KdSetup;
use crate::board_look::{self, BOARD_THICKNESS};
use crate::camera::{MainCamera, TablePoint};
use crate::pieces::meshes::PieceAssets;
use crate::pieces::{PieceStyle, Shape};
use crate::play::GameSystems;
use crate::play::states::ActiveGame;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::palette;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;
use timefork_kingdrops::movegen::is_attacked;
use timefork_kingdrops::{Color as Side, Kind, Move, Square};

/// The border around the squares (as thick as a playable 5D board's).
const BORDER: f32 = crate::board_look::BORDER_THICK;
/// Gizmos sit just above the board.
const LIFT: f32 = 0.03;
/// A dragged piece floats this high over the cursor's point.
const DRAG_LIFT: f32 = 0.5;
const RESERVE_FILL: Color = Color::srgb(0.13, 0.15, 0.2);
const PRISON_FILL: Color = Color::srgb(0.21, 0.11, 0.11);
const SETUP_FILL: Color = Color::srgb(0.14, 0.17, 0.16);
const DROP_TARGET: Color = Color::srgb(1.0, 0.78, 0.2);
const THIS_TURN: Color = Color::srgb(1.0, 0.6, 0.15);

pub(super) fn plugin(app: &mut App) {
    // The board stands while any Kingdrops screen is open and goes with the last.
    app.add_systems(OnEnter(ActiveGame::Kingdrops), spawn_board);
    app.add_systems(
        Update,
        (turn_board, show_trays, dress_pieces, follow_the_hand)
            .chain()
            .after(GameSystems::Mirror)
            .run_if(in_state(ActiveGame::Kingdrops)),
    );
    app.add_systems(
        PostUpdate,
        draw_highlights.run_if(in_state(ActiveGame::Kingdrops)),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        draw_labels.run_if(in_state(ActiveGame::Kingdrops)),
    );
}

/// The board and its trays, one root turned half a circle when Black is near.
#[derive(Component)]
pub struct KdBoard;

/// The slab under the squares: its colour shows whose move it is.
#[derive(Component)]
struct KdSlab;

/// A tray beside the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Tray {
    Reserve(Side),
    Prison(Side),
    Setup(Side),
}

#[derive(Resource)]
struct SlabLooks {
    white: Handle<StandardMaterial>,
    black: Handle<StandardMaterial>,
}

fn spawn_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let flat = |c: Color, materials: &mut Assets<StandardMaterial>| {
        materials.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: 0.7,
            ..default()
        })
    };
    let looks = SlabLooks {
        white: flat(palette::BORDER_WHITE, &mut materials),
        black: flat(palette::BORDER_BLACK, &mut materials),
    };
    let slab = meshes.add(Cuboid::new(
        8.0 + 2.0 * BORDER,
        BOARD_THICKNESS,
        8.0 + 2.0 * BORDER,
    ));
    let top = meshes.add(Plane3d::default().mesh().size(8.0, 8.0));
    let top_mat = materials.add(board_look::top_material(
        images.add(board_look::checker_image(8, 8, false)),
    ));
    let small_tray = meshes.add(Cuboid::new(
        2.0 * TRAY_HALF.x,
        BOARD_THICKNESS * 0.6,
        2.0 * TRAY_HALF.y,
    ));
    let setup_tray = meshes.add(Cuboid::new(2.0 * TRAY_HALF.x, BOARD_THICKNESS * 0.6, 8.4));
    let reserve_mat = flat(RESERVE_FILL, &mut materials);
    let prison_mat = flat(PRISON_FILL, &mut materials);
    let setup_mat = flat(SETUP_FILL, &mut materials);
    // Laid out for White near; the root turns for Black.
    let lay = KdLayout::default();
    let tray_y = -BOARD_THICKNESS * 0.3 - 0.002;
    let slab_mat = looks.white.clone();
    commands.insert_resource(looks);
    commands
        .spawn((
            Name::new("Kingdrops board"),
            KdBoard,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(ActiveGame::Kingdrops),
        ))
        .with_children(|c| {
            c.spawn((
                KdSlab,
                Mesh3d(slab),
                MeshMaterial3d(slab_mat),
                Transform::from_xyz(0.0, -BOARD_THICKNESS / 2.0 - 0.002, 0.0),
            ));
            c.spawn((Mesh3d(top), MeshMaterial3d(top_mat), Transform::default()));
            for side in Side::BOTH {
                let trays = [
                    (
                        Tray::Reserve(side),
                        lay.reserve_center(side),
                        &small_tray,
                        &reserve_mat,
                    ),
                    (
                        Tray::Prison(side),
                        lay.prison_center(side),
                        &small_tray,
                        &prison_mat,
                    ),
                    (
                        Tray::Setup(side),
                        lay.tray_center(side),
                        &setup_tray,
                        &setup_mat,
                    ),
                ];
                for (tray, at, mesh, mat) in trays {
                    c.spawn((
                        tray,
                        Mesh3d(mesh.clone()),
                        MeshMaterial3d(mat.clone()),
                        Transform::from_translation(at.with_y(tray_y)),
                        Visibility::Hidden,
                    ));
                }
            }
        });
}

/// The side whose turn it is (to move, or to set up), for the slab's colour.
fn acting_side(screen: &Screen, m: Option<&KdMatch>, s: Option<&KdSetup>) -> Side {
    match (screen, m, s) {
        (Screen::KingdropsPlay, Some(m), _) => m.to_move(),
        (Screen::KingdropsSetup, _, Some(s)) => s.side,
        _ => Side::White,
    }
}

fn turn_board(
    layout: Res<KdLayout>,
    screen: Res<State<Screen>>,
    m: Option<Res<KdMatch>>,
    s: Option<Res<KdSetup>>,
    looks: Option<Res<SlabLooks>>,
    mut boards: Query<&mut Transform, With<KdBoard>>,
    mut slabs: Query<&mut MeshMaterial3d<StandardMaterial>, With<KdSlab>>,
) {
    let turn = if layout.flipped {
        Quat::from_rotation_y(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    };
    for mut tf in &mut boards {
        if tf.rotation != turn {
            tf.rotation = turn;
        }
    }
    let Some(looks) = looks else { return };
    let want = match acting_side(screen.get(), m.as_deref(), s.as_deref()) {
        Side::White => &looks.white,
        Side::Black => &looks.black,
    };
    for mut mat in &mut slabs {
        if mat.0 != *want {
            mat.0 = want.clone();
        }
    }
}

fn show_trays(
    screen: Res<State<Screen>>,
    s: Option<Res<KdSetup>>,
    mut trays: Query<(&Tray, &mut Visibility)>,
) {
    let setting_up = s.filter(|s| !s.finished()).map(|s| s.side);
    for (tray, mut vis) in &mut trays {
        let shown = match (screen.get(), tray) {
            (Screen::KingdropsPlay, Tray::Reserve(_) | Tray::Prison(_)) => true,
            (Screen::KingdropsSetup, Tray::Setup(side)) => setting_up == Some(*side),
            _ => false,
        };
        let want = if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        vis.set_if_neq(want);
    }
}

/// The model of each kind.
pub fn shape_of(kind: Kind) -> Shape {
    match kind {
        Kind::King => Shape::King,
        Kind::Queen => Shape::Queen,
        Kind::Rook => Shape::Rook,
        Kind::Bishop => Shape::Bishop,
        Kind::Guard => Shape::Guard,
        Kind::Spearman => Shape::Spearman,
        Kind::Archer => Shape::Archer,
    }
}

pub fn painted(side: Side) -> crate::pieces::Side {
    match side {
        Side::White => crate::pieces::Side::White,
        Side::Black => crate::pieces::Side::Black,
    }
}

type Looks = (
    &'static KdPiece,
    &'static mut Mesh3d,
    &'static mut MeshMaterial3d<StandardMaterial>,
);

/// New pieces get their look; a new piece style restyles them all.
fn dress_pieces(
    mut commands: Commands,
    assets: Option<Res<PieceAssets>>,
    settings: Res<Settings>,
    fresh: Query<(Entity, &KdPiece), Without<Mesh3d>>,
    mut dressed: Query<Looks>,
    mut style: Local<Option<PieceStyle>>,
) {
    let Some(assets) = assets else { return };
    for (e, p) in &fresh {
        let (mesh, mat) = assets.look(
            settings.piece_style,
            shape_of(p.piece.kind),
            painted(p.piece.color),
        );
        commands
            .entity(e)
            .insert((Mesh3d(mesh), MeshMaterial3d(mat)));
    }
    if style.is_some_and(|s| s != settings.piece_style) {
        for (p, mut mesh, mut mat) in &mut dressed {
            let (m, t) = assets.look(
                settings.piece_style,
                shape_of(p.piece.kind),
                painted(p.piece.color),
            );
            mesh.0 = m;
            mat.0 = t;
        }
    }
    *style = Some(settings.piece_style);
}

/// The piece being dragged floats over the cursor.
fn follow_the_hand(
    screen: Res<State<Screen>>,
    hand: Res<SetupHand>,
    point: Res<TablePoint>,
    mut pieces: Query<(&KdPiece, &mut Transform)>,
) {
    let (Screen::KingdropsSetup, true, Some((slot, _))) = (screen.get(), hand.dragging, hand.held)
    else {
        return;
    };
    let Some(p) = point.at else {
        return;
    };
    for (kp, mut tf) in &mut pieces {
        if kp.slot == slot {
            tf.translation = p + Vec3::Y * DRAG_LIFT;
        }
    }
}

fn square_rect(g: &mut Gizmos, center: Vec3, half: f32, color: Color) {
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

fn ring(g: &mut Gizmos, center: Vec3, radius: f32, color: Color) {
    g.circle(
        Isometry3d::new(
            center + Vec3::Y * LIFT,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        ),
        radius,
        color,
    );
}

fn area_rect(g: &mut Gizmos, lo: Vec3, hi: Vec3, color: Color) {
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

fn draw_highlights(
    mut g: Gizmos,
    screen: Res<State<Screen>>,
    layout: Res<KdLayout>,
    m: Option<Res<KdMatch>>,
    s: Option<Res<KdSetup>>,
    hovered: Res<KdHovered>,
    selection: Res<KdSelection>,
    hand: Res<SetupHand>,
    browse: Res<super::browse::KdBrowse>,
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

fn play_highlights(
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

fn move_marks(g: &mut Gizmos, lay: &KdLayout, mv: Move, color: Color) {
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

/// Files and ranks along the near and left edges, and the trays' names, drawn by egui
/// at their projected places so they stay sharp at any zoom.
fn draw_labels(
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
    let on_border = match acting_side(screen.get(), m.as_deref(), s.as_deref()) {
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
                let side = super::texts::side(side);
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
                    tr!("kd-tray-label", side = super::texts::side(s.side)),
                    !near,
                );
            }
        }
        _ => {}
    }
    Ok(())
}
