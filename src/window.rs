//! The window every system measures: its size (a headless app has none and measures the
//! default 1280x720) and the cursor in it.

use bevy::prelude::*;

/// The window's size where there is none (headless apps and tests): the size the game
/// opens at.
pub const DEFAULT_WINDOW: Vec2 = Vec2::new(1280.0, 720.0);

/// The primary window, for its size and cursor. Headless apps have none: their systems
/// still run, with `DEFAULT_WINDOW` and no cursor.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MainWindow<'w, 's> {
    window: Option<Single<'w, 's, &'static Window, With<bevy::window::PrimaryWindow>>>,
}

impl MainWindow<'_, '_> {
    /// Logical pixels.
    pub fn size(&self) -> Vec2 {
        self.window
            .as_ref()
            .map_or(DEFAULT_WINDOW, |w| Vec2::new(w.width(), w.height()))
    }

    /// The window's size in egui points (what panels measure in).
    pub fn points(&self) -> Vec2 {
        self.size() / crate::theme::ui_zoom()
    }

    /// Where the cursor is in the window, if it is in it.
    pub fn cursor(&self) -> Option<Vec2> {
        self.window.as_ref()?.cursor_position()
    }
}
