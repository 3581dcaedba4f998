//! The camera. The multiverse is drawn by a 3D camera, tilted and orthographic by default
//! (the 2.5D view), perspective and free to turn on a key press.
//!
//! Panning and zooming come from bevy_pancam. PanCam only drives a 2D orthographic camera
//! (it moves the camera along world x/y), so it runs on an empty `Camera2d` "rig" that
//! draws nothing of its own, and every frame the 3D camera follows the rig: the rig's
//! x/y map onto the board plane (y stretched by 1/sin(pitch), so a drag moves the boards
//! exactly with the cursor in the tilted view) and the rig's zoom becomes the 3D camera's
//! orthographic scale or its distance. That keeps PanCam's drag, wheel-toward-cursor,
//! arrow keys and its egui awareness without a controller of our own.

use crate::matchplay::{Match, MatchEvent};
use crate::view::layout::Layout;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};
use bevy_pancam::{DirectionKeys, PanCam, PanCamSystems};

/// World units shown from top to bottom of the window at zoom 1.
const VIEW_HEIGHT: f32 = 30.0;
const TILT_PITCH: f32 = 0.85; // radians above the board plane (about 49 degrees)
/// Room the HUD panels take (logical pixels): the move list on the right, the turn bar on top.
const PANEL_RIGHT_PX: f32 = 300.0;
const PANEL_TOP_PX: f32 = 170.0;
/// The smallest a board may be drawn (pixels tall) when a new match is first framed.
const MIN_BOARD_PX: f32 = 70.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraMode>();
    app.init_resource::<Follow>();
    app.add_systems(PreUpdate, read_egui_focus);
    app.add_systems(Startup, spawn_cameras);
    app.add_systems(
        Update,
        (
            (
                toggle_mode,
                frame_key,
                turn_free_camera,
                notice_manual_moves,
                follow_new_boards,
            )
                .before(PanCamSystems),
            drive_main_camera.after(PanCamSystems),
        ),
    );
}

/// The 3D camera that draws the multiverse.
#[derive(Component)]
pub struct MainCamera;

/// The 2D camera PanCam drives; the main camera follows it.
#[derive(Component)]
pub struct PanRig;

#[derive(Resource, Debug, Clone, Copy, PartialEq, Default)]
pub enum CameraMode {
    /// Orthographic, tilted: the 2.5D view.
    #[default]
    Tilted,
    /// Perspective, turnable with Q/E (yaw) and Page Up/Down (pitch).
    Free { yaw: f32, pitch: f32 },
}

/// Whether the camera follows the new boards after each turn (off once the player pans).
#[derive(Resource, Debug, Clone, Copy)]
pub struct Follow {
    pub enabled: bool,
    /// Frame the whole multiverse on the next frame (new match, F key).
    pub frame_all: bool,
}

impl Default for Follow {
    fn default() -> Self {
        Follow {
            enabled: true,
            frame_all: true,
        }
    }
}

fn spawn_cameras(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    egui_settings.auto_create_primary_context = false;
    commands.spawn((
        MainCamera,
        Camera3d::default(),
        Camera {
            order: 0,
            ..default()
        },
        Msaa::Sample4,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::FixedVertical {
                viewport_height: VIEW_HEIGHT,
            },
            ..OrthographicProjection::default_3d()
        }),
        Transform::from_xyz(0.0, 40.0, 30.0).looking_at(Vec3::ZERO, Vec3::Y),
        PrimaryEguiContext,
    ));
    commands.spawn((
        PanRig,
        Camera2d,
        // It draws nothing: inactive, so it costs no render pass. Its projection is still
        // kept up to date with the window, which is all PanCam reads.
        Camera {
            order: -1,
            is_active: false,
            ..default()
        },
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::FixedVertical {
                viewport_height: VIEW_HEIGHT,
            },
            ..OrthographicProjection::default_2d()
        }),
        PanCam {
            grab_buttons: vec![MouseButton::Right, MouseButton::Middle],
            move_keys: DirectionKeys::arrows(),
            zoom_to_cursor: true,
            min_scale: 0.08,
            max_scale: 40.0,
            speed: 600.0,
            ..default()
        },
    ));
}

fn pitch_of(mode: CameraMode) -> f32 {
    match mode {
        CameraMode::Tilted => TILT_PITCH,
        CameraMode::Free { pitch, .. } => pitch,
    }
}

/// The point on the board plane the rig's centre stands for.
pub fn rig_to_ground(rig: Vec2, pitch: f32) -> Vec3 {
    Vec3::new(rig.x, 0.0, -rig.y / pitch.sin())
}

pub fn ground_to_rig(p: Vec3, pitch: f32) -> Vec2 {
    Vec2::new(p.x, -p.z * pitch.sin())
}

fn toggle_mode(
    keys: Res<ButtonInput<KeyCode>>,
    mut mode: ResMut<CameraMode>,
    egui: Res<EguiFocus>,
) {
    if egui.keyboard() || !keys.just_pressed(KeyCode::KeyV) {
        return;
    }
    *mode = match *mode {
        CameraMode::Tilted => CameraMode::Free {
            yaw: 0.0,
            pitch: TILT_PITCH,
        },
        CameraMode::Free { .. } => CameraMode::Tilted,
    };
}

fn turn_free_camera(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut mode: ResMut<CameraMode>,
    egui: Res<EguiFocus>,
) {
    if egui.keyboard() {
        return;
    }
    if let CameraMode::Free { yaw, pitch } = &mut *mode {
        let d = time.delta_secs() * 1.2;
        if keys.pressed(KeyCode::KeyQ) {
            *yaw += d;
        }
        if keys.pressed(KeyCode::KeyE) {
            *yaw -= d;
        }
        if keys.pressed(KeyCode::PageUp) {
            *pitch = (*pitch + d).min(1.5);
        }
        if keys.pressed(KeyCode::PageDown) {
            *pitch = (*pitch - d).max(0.25);
        }
    }
}

fn frame_key(keys: Res<ButtonInput<KeyCode>>, mut follow: ResMut<Follow>, egui: Res<EguiFocus>) {
    if !egui.keyboard() && keys.just_pressed(KeyCode::KeyF) {
        follow.frame_all = true;
        follow.enabled = true;
    }
}

fn notice_manual_moves(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    mut follow: ResMut<Follow>,
    egui: Res<EguiFocus>,
) {
    let wheeled = wheel.read().count() > 0;
    if egui.pointer() {
        return;
    }
    let dragged = mouse.pressed(MouseButton::Right) || mouse.pressed(MouseButton::Middle);
    let arrows = [
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
    ]
    .iter()
    .any(|k| keys.pressed(*k));
    if dragged || arrows || wheeled {
        follow.enabled = false;
    }
}

/// Moves the rig to show the whole multiverse, or the boards to play, as asked.
fn follow_new_boards(
    m: Option<Res<Match>>,
    mut events: MessageReader<MatchEvent>,
    mut follow: ResMut<Follow>,
    mode: Res<CameraMode>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut rig: Query<(&mut Transform, &mut Projection), With<PanRig>>,
    mut last_match: Local<u64>,
) {
    let submitted = events
        .read()
        .any(|e| matches!(e, MatchEvent::Submitted { .. }));
    let Some(m) = m else { return };
    if *last_match != m.id {
        *last_match = m.id;
        follow.frame_all = true;
        follow.enabled = true;
    }
    let Ok((mut tf, mut proj)) = rig.single_mut() else {
        return;
    };
    let Projection::Orthographic(ortho) = &mut *proj else {
        return;
    };
    let aspect = window
        .single()
        .map(|w| w.width() / w.height().max(1.0))
        .unwrap_or(16.0 / 9.0);
    let pitch = pitch_of(*mode);
    let lay = Layout::new(m.pos.width, m.pos.height);
    let boards: Vec<(i32, i32)> = if follow.frame_all {
        m.pos.all_boards().map(|(l, h, _)| (l, h)).collect()
    } else if submitted && follow.enabled {
        let mut v = m.pos.playable_boards();
        if v.len() > 12 {
            v = m.pos.mandatory_boards();
        }
        v
    } else {
        return;
    };
    let zoom = follow.frame_all;
    follow.frame_all = false;
    if boards.is_empty() {
        return;
    }
    let (mut lo, mut hi) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
    let half = lay.half_extent();
    for (l, h) in boards {
        let c = lay.board_center(l, h);
        lo = lo.min(c - Vec3::new(half.x, 0.0, half.y));
        hi = hi.max(c + Vec3::new(half.x, 0.0, half.y));
    }
    let mut center = (lo + hi) / 2.0;
    let focus = m.pos.mandatory_boards();
    let focus_center = focus
        .iter()
        .map(|&(l, h)| lay.board_center(l, h))
        .sum::<Vec3>()
        / focus.len().max(1) as f32;
    let view_h_px = window
        .single()
        .map(|w| w.height().max(1.0))
        .unwrap_or(720.0);
    if zoom {
        // Fit the boards into the part of the window the panels leave free.
        let free = Vec2::new(
            (view_h_px * aspect - PANEL_RIGHT_PX).max(200.0),
            (view_h_px - PANEL_TOP_PX).max(150.0),
        );
        let size = hi - lo;
        let need_h = (size.z * pitch.sin() + 3.0) / VIEW_HEIGHT * view_h_px / free.y;
        let need_w = (size.x + 6.0) / (VIEW_HEIGHT * aspect) * (view_h_px * aspect) / free.x;
        ortho.scale = need_h.max(need_w).clamp(0.15, 40.0) * 1.05;
        // A multiverse too big to show readably is shown around the boards to play,
        // at a scale where a board is still a board; F shows everything.
        let board_px = lay.height as f32 / (VIEW_HEIGHT * ortho.scale) * view_h_px;
        if board_px < MIN_BOARD_PX && !focus.is_empty() {
            ortho.scale = lay.height as f32 * view_h_px / (VIEW_HEIGHT * MIN_BOARD_PX);
            center = focus_center;
        }
    }
    // Centre the boards in the free part: shift the view right and up by half the panels.
    let world_per_px = VIEW_HEIGHT * ortho.scale / view_h_px;
    let r = ground_to_rig(center, pitch)
        + Vec2::new(PANEL_RIGHT_PX / 2.0, PANEL_TOP_PX / 2.0) * world_per_px;
    tf.translation.x = r.x;
    tf.translation.y = r.y;
}

type RigView = (&'static Transform, &'static Projection);
type RigOnly = (With<PanRig>, Without<MainCamera>);

fn drive_main_camera(
    mode: Res<CameraMode>,
    rig: Query<RigView, RigOnly>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let (Ok((rig_tf, rig_proj)), Ok((mut tf, mut proj))) = (rig.single(), cam.single_mut()) else {
        return;
    };
    let Projection::Orthographic(rig_ortho) = rig_proj else {
        return;
    };
    let scale = rig_ortho.scale;
    let pitch = pitch_of(*mode);
    let target = rig_to_ground(rig_tf.translation.truncate(), pitch);
    match *mode {
        CameraMode::Tilted => {
            let dir = Vec3::new(0.0, pitch.sin(), pitch.cos());
            *tf = Transform::from_translation(target + dir * 200.0).looking_at(target, Vec3::Y);
            match &mut *proj {
                Projection::Orthographic(o) => o.scale = scale,
                _ => {
                    *proj = Projection::Orthographic(OrthographicProjection {
                        scaling_mode: ScalingMode::FixedVertical {
                            viewport_height: VIEW_HEIGHT,
                        },
                        scale,
                        ..OrthographicProjection::default_3d()
                    })
                }
            }
        }
        CameraMode::Free { yaw, pitch } => {
            let fov = std::f32::consts::FRAC_PI_4;
            let distance = (VIEW_HEIGHT * scale / 2.0) / (fov / 2.0).tan();
            let dir = Quat::from_rotation_y(yaw) * Vec3::new(0.0, pitch.sin(), pitch.cos());
            *tf = Transform::from_translation(target + dir * distance).looking_at(target, Vec3::Y);
            if !matches!(*proj, Projection::Perspective(_)) {
                *proj = Projection::Perspective(PerspectiveProjection {
                    fov,
                    far: 5000.0,
                    ..default()
                });
            }
        }
    }
}

/// Whether egui is using the pointer or the keyboard this frame (then the world ignores
/// them). Read once per frame from the egui context.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct EguiFocus {
    pub pointer: bool,
    pub keyboard: bool,
}

impl EguiFocus {
    pub fn pointer(&self) -> bool {
        self.pointer
    }
    pub fn keyboard(&self) -> bool {
        self.keyboard
    }
}

fn read_egui_focus(mut contexts: Query<&mut bevy_egui::EguiContext>, mut focus: ResMut<EguiFocus>) {
    let mut f = EguiFocus::default();
    for mut c in &mut contexts {
        let ctx = c.get_mut();
        f.pointer |= ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
        f.keyboard |= ctx.egui_wants_keyboard_input();
    }
    *focus = f;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rig_and_ground_are_inverse() {
        for pitch in [TILT_PITCH, 0.4, 1.4] {
            let p = Vec3::new(12.5, 0.0, -33.0);
            let back = rig_to_ground(ground_to_rig(p, pitch), pitch);
            assert!(back.distance(p) < 1e-4);
        }
    }
}
