//! The pointer over the table: once a frame, the point of the table under the cursor
//! (`TablePoint`, which every game's hover reads), and whether a click or a key is the
//! table's rather than a panel's (the run conditions of every game's clicks and keys),
//! from bevy_egui's own `EguiWantsInput`.

use crate::camera::MainCamera;
use crate::window::MainWindow;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TablePoint>();
    // bevy_egui's own record of whether a panel has the pointer or the keyboard (written
    // after each egui pass), here too for apps without egui (the headless tests).
    app.init_resource::<EguiWantsInput>();
    app.add_systems(PreUpdate, find_table_point);
}

/// Two clicks closer in time than this are a double click (which looks, and moves
/// nothing).
pub const DOUBLE_CLICK_SECS: f64 = 0.35;

/// Run condition of the games' click systems: the left button went down this frame over
/// the world, not over a panel.
pub fn clicked_on_table(mouse: Res<ButtonInput<MouseButton>>, focus: Res<EguiWantsInput>) -> bool {
    mouse.just_pressed(MouseButton::Left) && !focus.wants_any_pointer_input()
}

/// Run condition of the games' key systems: egui is not taking the keyboard (a text field
/// has it).
pub fn keys_for_table(focus: Res<EguiWantsInput>) -> bool {
    !focus.wants_any_keyboard_input()
}

/// The point of the table (the plane y = 0 every game's boards lie on) under the cursor,
/// found once a frame for every game's hover and drag.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct TablePoint {
    /// `None` with no cursor in the window, or no camera.
    pub at: Option<Vec3>,
    /// Whether egui has the pointer (a panel is under it).
    pub over_panel: bool,
}

impl TablePoint {
    /// The point, unless a panel is under the cursor.
    pub fn on_table(&self) -> Option<Vec3> {
        self.at.filter(|_| !self.over_panel)
    }
}

/// The point of the table under a point of the window, seen through `cam`.
pub fn table_point(cam: &Camera, tf: &GlobalTransform, cursor: Vec2) -> Option<Vec3> {
    let ray = cam.viewport_to_world(tf, cursor).ok()?;
    let t = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(t))
}

fn find_table_point(
    window: MainWindow,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    focus: Res<EguiWantsInput>,
    mut point: ResMut<TablePoint>,
) {
    let at = (|| {
        let cursor = window.cursor()?;
        let (cam, tf) = camera.single().ok()?;
        table_point(cam, tf, cursor)
    })();
    point.set_if_neq(TablePoint {
        at,
        over_panel: focus.wants_any_pointer_input(),
    });
}
