//! The camera, shared by every game. The world is drawn by a 3D camera, tilted and
//! orthographic by default (the 2.5D view), perspective and free to turn on a key press.
//!
//! Panning and zooming come from bevy_pancam. PanCam only drives a 2D orthographic camera
//! (it moves the camera along world x/y), so it runs on an empty `Camera2d` "rig" that
//! draws nothing of its own, and the 3D camera follows the rig: the rig's x/y map onto the
//! board plane (y stretched by 1/sin(pitch), so a drag moves the boards exactly with the
//! cursor in the tilted view) and the rig's zoom becomes the 3D camera's orthographic
//! scale or its distance. That keeps PanCam's drag, wheel-toward-cursor, arrow keys and
//! its egui awareness without a controller of our own.
//!
//! The 3D camera eases toward the rig (smooth zoom, framing and key panning) except while
//! a drag holds the world under the cursor. Games move the rig with a `CameraGoal`.

use crate::window::MainWindow;
use bevy::camera::ScalingMode;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};
use bevy_pancam::{DirectionKeys, PanCam, PanCamSystems};

/// World units shown from top to bottom of the window at zoom 1.
pub const VIEW_HEIGHT: f32 = 30.0;
const TILT_PITCH: f32 = 0.85; // radians above the board plane (about 49 degrees)
/// How close the camera may come and how far it may go (the rig's scale).
pub const MIN_SCALE: f32 = 0.08;
pub const MAX_SCALE: f32 = 60.0;
/// How fast the drawn camera catches up with the rig (per second, exponential).
const EASE_RATE: f32 = 12.0;
/// Turning speed of the free view (radians per second at full speed) and how fast it
/// gets to that speed.
const TURN_SPEED: f32 = 1.3;
const TURN_ACCEL: f32 = 6.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraMode>();
    app.init_resource::<Tilt>();
    app.init_resource::<Follow>();
    app.init_resource::<CameraGoal>();
    app.init_resource::<ViewInsets>();
    // Games aim at what the mirror has just brought in step.
    app.configure_sets(
        Update,
        CameraSystems::Aim.after(crate::game_kit::GameSystems::Mirror),
    );
    app.add_systems(Startup, spawn_cameras);
    app.add_systems(
        Update,
        (
            (toggle_mode, turn_free_camera, notice_manual_moves).before(PanCamSystems),
            (apply_goal, drive_main_camera)
                .chain()
                .after(PanCamSystems)
                .after(CameraSystems::Aim),
        ),
    );
}

/// Games aim the camera (set a `CameraGoal`) in this set.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CameraSystems {
    Aim,
}

/// The 3D camera that draws the world.
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

/// Whether the camera follows the play (off once the player pans or zooms by hand).
#[derive(Resource, Debug, Clone, Copy)]
pub struct Follow {
    pub enabled: bool,
}

impl Default for Follow {
    fn default() -> Self {
        Follow { enabled: true }
    }
}

/// Where a game wants the camera: a point of the board plane to centre in the free part
/// of the window, and the scale (`None` keeps the zoom). Taken once, then cleared.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct CameraGoal(pub Option<Goal>);

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Goal {
    pub center: Vec3,
    pub scale: Option<f32>,
}

/// The room panels take along each edge of the window (egui points, which the UI scale
/// makes larger or smaller than window pixels): framing centres in what is left. Each
/// game's screens set it.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct ViewInsets {
    pub left: f32,
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
}

impl Default for ViewInsets {
    fn default() -> Self {
        ViewInsets::NONE
    }
}

impl ViewInsets {
    pub const NONE: ViewInsets = ViewInsets {
        left: 0.0,
        top: 0.0,
        right: 0.0,
        bottom: 0.0,
    };

    /// The free part of a window of this size in pixels (never degenerate).
    pub fn free(&self, window: Vec2) -> Vec2 {
        let z = crate::theme::ui_zoom();
        Vec2::new(
            (window.x - (self.left + self.right) * z).max(window.x * 0.3),
            (window.y - (self.top + self.bottom) * z).max(window.y * 0.3),
        )
    }
}

/// The rig scale that shows the box `lo..hi` of the board plane (seen at `pitch`) inside
/// the free part of the window, with `margin` world units around it.
pub fn fit_scale(
    lo: Vec3,
    hi: Vec3,
    margin: f32,
    pitch: f32,
    window: Vec2,
    insets: &ViewInsets,
) -> f32 {
    let free = insets.free(window);
    let size = hi - lo;
    // World units per pixel at scale 1.
    let unit = VIEW_HEIGHT / window.y.max(1.0);
    let need_h = (size.z * pitch.sin() + margin) / (free.y * unit);
    let need_w = (size.x + margin) / (free.x * unit);
    need_h.max(need_w).clamp(MIN_SCALE, MAX_SCALE)
}

/// Pixels one world unit takes on screen at a rig scale.
pub fn px_per_unit(scale: f32, window_h: f32) -> f32 {
    window_h / (VIEW_HEIGHT * scale)
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
            min_scale: MIN_SCALE,
            max_scale: MAX_SCALE,
            speed: 600.0,
            ..default()
        },
    ));
}

/// The tilted view's angle above the board plane: about 49 degrees, unless the game on
/// screen asks for its own from its plugin (a game whose models stand on its first ranks
/// looks from higher up, so that a model does not reach over the square behind it).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Tilt(pub f32);

impl Default for Tilt {
    fn default() -> Self {
        Tilt(TILT_PITCH)
    }
}

pub fn pitch_of(mode: CameraMode, tilt: Tilt) -> f32 {
    match mode {
        CameraMode::Tilted => tilt.0,
        CameraMode::Free { pitch, .. } => pitch,
    }
}

/// The angle the view looks from now (`pitch_of` the mode and the tilt), for the games'
/// framing systems.
#[derive(SystemParam)]
pub struct ViewPitch<'w> {
    mode: Res<'w, CameraMode>,
    tilt: Res<'w, Tilt>,
}

impl ViewPitch<'_> {
    pub fn get(&self) -> f32 {
        pitch_of(*self.mode, *self.tilt)
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
    tilt: Res<Tilt>,
    egui: Res<EguiWantsInput>,
) {
    if egui.wants_any_keyboard_input() || !keys.just_pressed(KeyCode::KeyV) {
        return;
    }
    *mode = match *mode {
        CameraMode::Tilted => CameraMode::Free {
            yaw: 0.0,
            pitch: tilt.0,
        },
        CameraMode::Free { .. } => CameraMode::Tilted,
    };
}

/// Q/E and Page Up/Down turn the free view; the turn speeds up and slows down smoothly.
fn turn_free_camera(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut mode: ResMut<CameraMode>,
    egui: Res<EguiWantsInput>,
    mut velocity: Local<Vec2>,
) {
    let CameraMode::Free { yaw, pitch } = &mut *mode else {
        *velocity = Vec2::ZERO;
        return;
    };
    let axis = |plus: KeyCode, minus: KeyCode| {
        if egui.wants_any_keyboard_input() {
            return 0.0;
        }
        f32::from(keys.pressed(plus)) - f32::from(keys.pressed(minus))
    };
    let want = Vec2::new(
        axis(KeyCode::KeyQ, KeyCode::KeyE),
        axis(KeyCode::PageUp, KeyCode::PageDown),
    ) * TURN_SPEED;
    let dt = time.delta_secs();
    *velocity = velocity.lerp(want, (dt * TURN_ACCEL).min(1.0));
    *yaw += velocity.x * dt;
    *pitch = (*pitch + velocity.y * dt).clamp(0.25, 1.5);
}

fn notice_manual_moves(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    mut follow: ResMut<Follow>,
    egui: Res<EguiWantsInput>,
) {
    let wheeled = wheel.read().count() > 0;
    if egui.wants_any_pointer_input() {
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

/// Moves the rig to the goal a game asked for (the drawn camera then eases there).
fn apply_goal(
    mut goal: ResMut<CameraGoal>,
    mode: Res<CameraMode>,
    tilt: Res<Tilt>,
    insets: Res<ViewInsets>,
    window: MainWindow,
    mut rig: Query<(&mut Transform, &mut Projection), With<PanRig>>,
) {
    let Some(g) = goal.0.take() else { return };
    let Ok((mut tf, mut proj)) = rig.single_mut() else {
        return;
    };
    let Projection::Orthographic(ortho) = &mut *proj else {
        return;
    };
    if let Some(s) = g.scale {
        ortho.scale = s.clamp(MIN_SCALE, MAX_SCALE);
    }
    let size = window.size();
    // Centre in the free part: shift the view by half the difference of the insets.
    let world_per_px = 1.0 / px_per_unit(ortho.scale, size.y.max(1.0));
    let shift = Vec2::new(
        (insets.right - insets.left) / 2.0,
        (insets.top - insets.bottom) / 2.0,
    ) * crate::theme::ui_zoom()
        * world_per_px;
    let r = ground_to_rig(g.center, pitch_of(*mode, *tilt)) + shift;
    tf.translation.x = r.x;
    tf.translation.y = r.y;
}

type RigView = (&'static Transform, &'static Projection);
type RigOnly = (With<PanRig>, Without<MainCamera>);

/// What the drawn camera shows: the rig's point and scale, eased.
#[derive(Default)]
struct Shown {
    at: Option<Vec2>,
    scale: f32,
}

fn drive_main_camera(
    mode: Res<CameraMode>,
    tilt: Res<Tilt>,
    time: Res<Time>,
    mouse: Res<ButtonInput<MouseButton>>,
    settings: Option<Res<crate::settings::Settings>>,
    rig: Query<RigView, RigOnly>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MainCamera>>,
    mut shown: Local<Shown>,
) {
    let (Ok((rig_tf, rig_proj)), Ok((mut tf, mut proj))) = (rig.single(), cam.single_mut()) else {
        return;
    };
    let Projection::Orthographic(rig_ortho) = rig_proj else {
        return;
    };
    let want_at = rig_tf.translation.truncate();
    let want_scale = rig_ortho.scale;
    let dragging = mouse.pressed(MouseButton::Right) || mouse.pressed(MouseButton::Middle);
    let animate = settings.is_none_or(|s| s.animation_speed > 0.0);
    let k = if animate {
        1.0 - (-time.delta_secs() * EASE_RATE).exp()
    } else {
        1.0
    };
    let (at, scale) = match shown.at {
        // A drag moves the world with the cursor exactly; zoom still eases.
        Some(at) if !dragging => (at.lerp(want_at, k), lerp_log(shown.scale, want_scale, k)),
        Some(_) => (want_at, lerp_log(shown.scale, want_scale, k)),
        None => (want_at, want_scale),
    };
    *shown = Shown {
        at: Some(at),
        scale,
    };
    let pitch = pitch_of(*mode, *tilt);
    let target = rig_to_ground(at, pitch);
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

/// Zoom eases in log space, so zooming in and out feel alike.
fn lerp_log(a: f32, b: f32, k: f32) -> f32 {
    if a <= 0.0 || b <= 0.0 {
        return b;
    }
    (a.ln() + (b.ln() - a.ln()) * k).exp()
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

    #[test]
    fn a_fitted_box_fills_the_free_part_of_the_window() {
        let insets = ViewInsets {
            left: 0.0,
            top: 100.0,
            right: 200.0,
            bottom: 0.0,
        };
        let window = Vec2::new(1280.0, 720.0);
        // A wide box: 100 units across, 1 deep. The free width is 1080 px, so the scale
        // makes 100 units (no margin) take 1080 px: px_per_unit = 10.8.
        let s = fit_scale(
            Vec3::ZERO,
            Vec3::new(100.0, 0.0, 1.0),
            0.0,
            TILT_PITCH,
            window,
            &insets,
        );
        assert!((px_per_unit(s, window.y) - 10.8).abs() < 1e-3);
        // Zoom eases in log space: halfway between 1 and 4 is 2.
        assert!((lerp_log(1.0, 4.0, 0.5) - 2.0).abs() < 1e-5);
    }
}
