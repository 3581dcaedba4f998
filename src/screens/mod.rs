//! The shared screens: title (choose the game), load, settings, leaderboard. Every screen
//! of every game is a `Screen` state; each game's own screens live in its folder.

pub mod leaderboard_screen;
pub mod load;
pub mod settings_screen;
pub mod title;
pub mod widgets;

use bevy::prelude::*;

pub use crate::game_kit::screen::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(bevy_egui::EguiPrimaryContextPass, show_open_problem);
    app.add_plugins((
        title::plugin,
        load::plugin,
        settings_screen::plugin,
        leaderboard_screen::plugin,
    ));
}

/// A file that could not be opened (dropped onto the window, say): why, at the bottom of
/// any screen, until dismissed or another file opens.
fn show_open_problem(
    mut contexts: bevy_egui::EguiContexts,
    mut problem: ResMut<crate::saved_games::OpenProblem>,
    mut note: ResMut<crate::saved_games::FileNote>,
    mut set_aside: ResMut<crate::unfinished::SetAsideNote>,
) -> Result {
    use bevy_egui::egui;
    // The set-aside files' words are made here, in the language shown now.
    let aside = (!set_aside.0.is_empty()).then(|| {
        let lines: Vec<String> = set_aside.0.iter().map(|s| s.text()).collect();
        lines.join("\n")
    });
    let (text, is_problem) = match (problem.0.clone(), aside, note.0.clone()) {
        (Some(p), _, _) => (timefork_i18n::tr!("menus-cannot-open", error = p), true),
        (None, Some(s), _) => (s, true),
        (None, None, Some(n)) => (n, false),
        (None, None, None) => return Ok(()),
    };
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    egui::Window::new("open problem")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
        .max_width((ctx.content_rect().width() - 60.0).clamp(200.0, 640.0))
        // A long path wraps over a readable width, not a narrow column.
        .min_width((ctx.content_rect().width() - 60.0).clamp(200.0, 520.0))
        .show(ctx, |ui| {
            let color = if is_problem {
                crate::theme::WARN
            } else {
                crate::theme::GOOD
            };
            ui.colored_label(color, text);
            close = ui.button(timefork_i18n::tr!("rules-close")).clicked();
        });
    if close {
        if problem.0.is_some() {
            problem.0 = None;
        } else if is_problem {
            set_aside.0.clear();
        } else {
            note.0 = None;
        }
    }
    Ok(())
}

/// A centred panel for the menu screens, `size` big (logical pixels) or as much of it as
/// fits: it never grows past the window less a margin of background on every side, and
/// what does not fit scrolls.
pub(crate) fn menu_window(
    ctx: &bevy_egui::egui::Context,
    id: &str,
    size: [f32; 2],
    add: impl FnOnce(&mut bevy_egui::egui::Ui),
) {
    use bevy_egui::egui;
    let screen = ctx.content_rect();
    // The frame's margin and stroke sit outside the size egui is given.
    let inner_margin = 20.0;
    let outside = 2.0 * (crate::theme::MENU_MARGIN + inner_margin + 2.0);
    let size = egui::vec2(
        size[0].min(screen.width() - outside),
        size[1].min(screen.height() - outside),
    )
    .max(egui::vec2(120.0, 80.0));
    egui::Window::new(id)
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .fixed_size(size)
        .frame(
            egui::Frame::window(&ctx.global_style())
                .fill(crate::theme::PANEL_FILL)
                .inner_margin(inner_margin),
        )
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(size.y)
                .auto_shrink([false, false])
                .show(ui, add);
        });
}
