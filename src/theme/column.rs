//! Panels stacked in the right-hand column of a game screen.

/// A panel in the right-hand column under the move list (the window titled "Moves",
/// where that was last drawn), as wide as it, scrolling what does not fit above the
/// window's bottom: 5D's puzzle and tutorial panels.
pub fn panel_under_moves(
    ctx: &bevy_egui::egui::Context,
    title: &str,
    add: impl FnOnce(&mut bevy_egui::egui::Ui),
) {
    use bevy_egui::egui;
    const WIDTH: f32 = 282.0;
    const MARGIN: f32 = 8.0;
    let screen = ctx.content_rect();
    // A window's id is made from its title as `egui::Window::new` makes it.
    let moves = egui::Id::new(egui::IntoAtoms::into_atoms("Moves").text());
    // Only a list on screen counts (its last place stays in memory when it is gone).
    let above = ctx.memory(|mem| {
        mem.areas()
            .visible_last_frame(&egui::LayerId::new(egui::Order::Middle, moves))
            .then(|| mem.area_rect(moves))
            .flatten()
    });
    let top = above.map_or(screen.top() + 10.0, |r| r.bottom() + 8.0);
    // As wide as the move list (less this frame's margins and stroke).
    let width = above.map_or(WIDTH, |r| r.width() - 2.0 * MARGIN - 2.0);
    let room = screen.bottom() - top - 10.0 - 2.0 * MARGIN;
    egui::Window::new(title)
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, top - screen.top()])
        .frame(egui::Frame::window(&ctx.global_style()).inner_margin(MARGIN))
        // Room for the scroll area inside: egui lays a window's content out in its default
        // size (420 high) unless told, and the texts were cut there with no bar to show it.
        .default_height(room.max(120.0))
        .show(ctx, |ui| {
            ui.set_width(width);
            egui::ScrollArea::vertical()
                .max_height(room.max(120.0))
                .auto_shrink([false, true])
                .show(ui, add);
        });
}
