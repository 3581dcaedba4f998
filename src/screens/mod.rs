//! The screens, one `Screen` state each: title, new game, load, settings, gameplay and
//! game over (the finished multiverse stays on view and browsable).

mod gameplay;
mod leaderboard_screen;
mod load;
mod new_game;
mod settings_screen;
mod title;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_plugins((
        title::plugin,
        new_game::plugin,
        load::plugin,
        settings_screen::plugin,
        gameplay::plugin,
        leaderboard_screen::plugin,
    ));
}

#[derive(States, Debug, Hash, PartialEq, Eq, Clone, Copy, Default)]
pub enum Screen {
    #[default]
    Title,
    NewGame,
    Load,
    Settings,
    Leaderboard,
    Gameplay,
    GameOver,
}

/// A centred panel for the menu screens.
pub(crate) fn menu_window(
    ctx: &bevy_egui::egui::Context,
    id: &str,
    add: impl FnOnce(&mut bevy_egui::egui::Ui),
) {
    use bevy_egui::egui;
    egui::Window::new(id)
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .frame(egui::Frame::window(&ctx.global_style()).inner_margin(24.0))
        .show(ctx, add);
}
