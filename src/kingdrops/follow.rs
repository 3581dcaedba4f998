//! Where the camera looks in Kingdrops: the whole board with its columns, in the free
//! part of the window (what the panels leave), in the tilted view, from higher up than 5D
//! chess (`KINGDROPS_TILT`). It
//! frames on entering a screen, when the view turns, when the window or the panels'
//! room changes, and on F; a player who pans or zooms keeps their view until F.

use super::layout::{EXTENT, KdLayout};
use super::setup::KdSetup;
use crate::camera::{
    CameraGoal, CameraSystems, Follow, Goal, Tilt, ViewInsets, ViewPitch, fit_scale,
};
use crate::game_kit::states::ActiveGame;
use crate::screens::Screen;
use crate::window::MainWindow;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use timefork_kingdrops::Color;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelRoom>();
    app.add_systems(
        Update,
        aim.in_set(CameraSystems::Aim)
            .run_if(in_state(ActiveGame::Kingdrops)),
    );
}

/// The room the panels of the current screen take (the panels write it as they draw;
/// it only grows while a screen is shown, so a message that comes and goes does not
/// move the camera).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct PanelRoom {
    pub screen: Option<Screen>,
    pub insets: Option<ViewInsets>,
}

impl PanelRoom {
    /// Makes room for a panel covering `rect` (logical pixels) of a window this size:
    /// the top for a panel along the top, the right for one along the right side, the
    /// bottom for one along the bottom.
    pub fn take(&mut self, screen: Screen, rect: bevy_egui::egui::Rect, window: Vec2) {
        if self.screen != Some(screen) {
            *self = PanelRoom {
                screen: Some(screen),
                insets: None,
            };
        }
        let mut i = self.insets.unwrap_or(ViewInsets::NONE);
        let wide = rect.width() > window.x * 0.45;
        if rect.min.y < 40.0 && (wide || rect.center().x < window.x / 2.0) {
            i.top = i.top.max(rect.max.y + 8.0);
        } else if rect.max.x > window.x - 40.0 {
            i.right = i.right.max(window.x - rect.min.x + 8.0);
        } else if rect.max.y > window.y - 40.0 {
            i.bottom = i.bottom.max(window.y - rect.min.y + 8.0);
        } else if rect.min.x < 40.0 {
            i.left = i.left.max(rect.max.x + 8.0);
        }
        self.insets = Some(i);
    }
}

/// What the camera was last aimed for.
#[derive(Default, PartialEq, Clone, Copy)]
struct Aimed {
    screen: Option<Screen>,
    /// The side setting up (its tray is framed).
    setting_up: Option<Color>,
    flipped: bool,
    window: Vec2,
    insets: Option<ViewInsets>,
}

fn aim(
    screen: Res<State<Screen>>,
    layout: Res<KdLayout>,
    setup: Option<Res<KdSetup>>,
    room: Res<PanelRoom>,
    keys: Res<ButtonInput<KeyCode>>,
    egui: Res<EguiWantsInput>,
    pitch: ViewPitch,
    window: MainWindow,
    mut follow: ResMut<Follow>,
    mut insets: ResMut<ViewInsets>,
    mut goal: ResMut<CameraGoal>,
    mut last: Local<Aimed>,
) {
    let size = window.size();
    let room_now = room
        .insets
        .filter(|_| room.screen == Some(*screen.get()))
        .unwrap_or(ViewInsets::NONE);
    insets.set_if_neq(room_now);
    let now = Aimed {
        screen: Some(*screen.get()),
        setting_up: setup.as_ref().filter(|s| !s.finished()).map(|s| s.side),
        flipped: layout.flipped,
        window: size,
        insets: Some(room_now),
    };
    let pressed_f = !egui.wants_any_keyboard_input() && keys.just_pressed(KeyCode::KeyF);
    let new_screen = last.screen != now.screen;
    if new_screen || pressed_f {
        follow.enabled = true;
    }
    if *last == now && !pressed_f {
        return;
    }
    *last = now;
    if !follow.enabled && !new_screen {
        return;
    }
    // The board with its columns, and room above the far rank for the pieces standing
    // on it.
    // The board with its columns, room above the far rank for the pieces standing on
    // it and below the near edge for the file letters. The new-game screen shows the
    // board smaller, behind its panel.
    // In the setup only the tray of the side setting up is there, on the right as seen
    // when its side is near (else on the left).
    let (left, right) = match (screen.get(), setup.as_ref().filter(|s| !s.finished())) {
        (Screen::KingdropsSetup, Some(s)) if (s.side == Color::White) != layout.flipped => {
            (4.6, EXTENT.x)
        }
        (Screen::KingdropsSetup, Some(_)) => (EXTENT.x, 4.6),
        _ => (EXTENT.x, EXTENT.x),
    };
    let lo = Vec3::new(-left, 0.0, -EXTENT.y - 1.1);
    let hi = Vec3::new(right, 0.0, EXTENT.y + 0.7);
    let backdrop = if *screen.get() == Screen::KingdropsNew {
        1.35
    } else {
        1.0
    };
    goal.0 = Some(Goal {
        center: (lo + hi) / 2.0,
        scale: Some(fit_scale(lo, hi, 0.6, pitch.get(), size, &room_now) * backdrop),
    });
}

/// Kingdrops' tilt, about 66 degrees above the board: its models stand on the first two
/// ranks from the start, and at the usual 49 degrees the king (1.12 squares tall) reached
/// over the square behind it, its cross read as the piece's there. From 66 degrees a
/// model that tall stays inside its own square on screen (its height times
/// the cosine is under half the square's depth, the sine).
pub const KINGDROPS_TILT: f32 = 1.16;

/// (A headless app has no camera, so no tilt to set.)
pub(super) fn look_from_higher_up(tilt: Option<ResMut<Tilt>>) {
    if let Some(mut tilt) = tilt {
        tilt.0 = KINGDROPS_TILT;
    }
}

pub(super) fn look_as_usual(tilt: Option<ResMut<Tilt>>) {
    if let Some(mut tilt) = tilt {
        *tilt = Tilt::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camera::{CameraMode, pitch_of};
    use crate::kingdrops::view::pieces::shape_of;
    use timefork_kingdrops::Kind;

    /// How far up the screen, in squares' depths, the top of the tallest model stands above
    /// its square's centre when the board is seen from `pitch` above its plane (a height
    /// is foreshortened by the cosine, a square's depth by the sine).
    fn reach(pitch: f32) -> (f32, Kind) {
        Kind::ALL
            .iter()
            .map(|&k| {
                let g = timefork_pieces::geometry(shape_of(k));
                let top = g.positions.iter().map(|p| p[1]).fold(0.0, f32::max);
                (top * pitch.cos() / pitch.sin(), k)
            })
            .fold((0.0, Kind::Guard), |a, b| if b.0 > a.0 { b } else { a })
    }

    #[test]
    fn every_model_stays_inside_its_square_seen_from_the_kingdrops_tilt() {
        // Half a square's depth: past it a model covers the square behind its own.
        let (kd, tallest) = reach(pitch_of(CameraMode::Tilted, Tilt(KINGDROPS_TILT)));
        assert!(kd <= 0.5, "{tallest:?} reaches {kd:.2} of a square up");
        // The usual tilt is what the newcomer saw: the king over the square behind it.
        let (usual, _) = reach(pitch_of(CameraMode::Tilted, Tilt::default()));
        assert!(usual > 0.5, "{usual:.2}");
    }
}
