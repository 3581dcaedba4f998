//! What every desktop program does, for every screen: F11 toggles fullscreen, the window
//! comes back at the size and place it was left, the UI scale (egui's zoom) follows the
//! setting and Ctrl +/-/0, and sounds are silent while another window has the focus.

use crate::settings::{Settings, UI_SCALE_MAX, UI_SCALE_MIN, UI_SCALE_STEP, WindowPlace};
use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode, WindowMoved, WindowResized};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InBackground>();
    app.add_systems(
        Update,
        (toggle_fullscreen, remember_the_window, follow_focus),
    );
    app.add_systems(EguiPrimaryContextPass, ui_scale);
}

/// Whether the window has lost the focus (sounds stay silent then, if the setting says so).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct InBackground(pub bool);

fn toggle_fullscreen(
    keys: Res<ButtonInput<KeyCode>>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
) {
    if !keys.just_pressed(KeyCode::F11) {
        return;
    }
    if let Ok(mut w) = window.single_mut() {
        w.mode = match w.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
}

/// Keeps the windowed size and place in the settings (not while fullscreen, nor in runs
/// that take a screenshot or measure frames, which use a fixed size).
fn remember_the_window(
    mut resized: MessageReader<WindowResized>,
    mut moved: MessageReader<WindowMoved>,
    window: Query<&Window, With<PrimaryWindow>>,
    opts: Option<Res<crate::LaunchOptions>>,
    mut settings: ResMut<Settings>,
) {
    let changed = resized.read().count() + moved.read().count() > 0;
    let fixed = opts.is_some_and(|o| o.screenshot.is_some() || o.bench_frames.is_some());
    let Ok(w) = window.single() else { return };
    if !changed || fixed || w.mode != WindowMode::Windowed {
        return;
    }
    let (x, y) = match w.position {
        WindowPosition::At(p) => (p.x, p.y),
        _ => settings.window.map_or((0, 0), |p| (p.x, p.y)),
    };
    let place = WindowPlace {
        width: w.width(),
        height: w.height(),
        x,
        y,
    };
    if settings.window != Some(place) {
        settings.window = Some(place);
    }
}

/// Where the window opens: the size asked for on the command line, else the one it was
/// left at (a screenshot or a benchmark always uses the default, so they compare).
pub fn opening_place(
    opts: &crate::LaunchOptions,
    saved: &Settings,
) -> (bevy::window::WindowResolution, WindowPosition) {
    let fixed = opts.screenshot.is_some() || opts.bench_frames.is_some();
    match (opts.size, saved.window.filter(|_| !fixed)) {
        (Some(size), _) => (size.into(), WindowPosition::Automatic),
        (None, Some(p)) => (
            (p.width as u32, p.height as u32).into(),
            WindowPosition::At(IVec2::new(p.x, p.y)),
        ),
        (None, None) => ((1280, 720).into(), WindowPosition::Automatic),
    }
}

fn follow_focus(
    mut focus: MessageReader<bevy::window::WindowFocused>,
    mut bg: ResMut<InBackground>,
) {
    for f in focus.read() {
        bg.set_if_neq(InBackground(!f.focused));
    }
}

/// The next UI scale after a step `dir` (+1 larger, -1 smaller), on the 0.1 grid.
pub fn stepped_scale(now: f32, dir: f32) -> f32 {
    let steps = (now / UI_SCALE_STEP).round() + dir;
    (steps * UI_SCALE_STEP).clamp(UI_SCALE_MIN, UI_SCALE_MAX)
}

/// The setting is egui's zoom: the Settings screen's slider and Ctrl +/-/0 both change it
/// (egui's own keyboard zoom is off, so there is one path).
fn ui_scale(
    mut contexts: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    mut settings: ResMut<Settings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    ctx.options_mut(|o| o.zoom_with_keyboard = false);
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl {
        let want = if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
            Some(stepped_scale(settings.ui_scale, 1.0))
        } else if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
            Some(stepped_scale(settings.ui_scale, -1.0))
        } else if keys.any_just_pressed([KeyCode::Digit0, KeyCode::Numpad0]) {
            Some(1.0)
        } else {
            None
        };
        if let Some(s) = want.filter(|s| *s != settings.ui_scale) {
            settings.ui_scale = s;
        }
    }
    if (ctx.zoom_factor() - settings.ui_scale).abs() > 1e-4 {
        ctx.set_zoom_factor(settings.ui_scale);
    }
    crate::theme::set_ui_zoom(settings.ui_scale);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_steps_by_a_tenth_within_its_limits() {
        assert!((stepped_scale(1.0, 1.0) - 1.1).abs() < 1e-5);
        assert!((stepped_scale(1.3, -1.0) - 1.2).abs() < 1e-5);
        assert_eq!(stepped_scale(2.5, 1.0), UI_SCALE_MAX);
        assert_eq!(stepped_scale(0.5, -1.0), UI_SCALE_MIN);
    }

    #[test]
    fn the_window_opens_where_it_was_unless_a_size_or_a_screenshot_says_otherwise() {
        let saved = Settings {
            window: Some(WindowPlace {
                width: 1600.0,
                height: 900.0,
                x: 40,
                y: 30,
            }),
            ..default()
        };
        let (res, pos) = opening_place(&crate::LaunchOptions::default(), &saved);
        assert_eq!((res.width(), res.height()), (1600.0, 900.0));
        assert_eq!(pos, WindowPosition::At(IVec2::new(40, 30)));
        let sized = crate::LaunchOptions {
            size: Some((1024, 600)),
            ..default()
        };
        assert_eq!(opening_place(&sized, &saved).0.width(), 1024.0);
        let shot = crate::LaunchOptions {
            screenshot: Some("x.png".into()),
            ..default()
        };
        assert_eq!(opening_place(&shot, &saved).0.width(), 1280.0);
    }
}
