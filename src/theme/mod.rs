//! Look and feel: the palette and egui's style.

pub mod column;
pub mod palette;
pub mod prose;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, style_once);
}

fn style_once(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    apply_style(contexts.ctx_mut()?);
    *done = true;
    Ok(())
}

/// The game's egui look: dark, rounded, a little roomier than egui's default.
pub fn apply_style(ctx: &egui::Context) {
    let mut style = (*ctx.global_style()).clone();
    style.visuals = egui::Visuals::dark();
    style.visuals.window_corner_radius = egui::CornerRadius::same(8);
    style.spacing.button_padding = egui::vec2(10.0, 5.0);
    style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    for (text_style, size) in [
        (egui::TextStyle::Body, 15.0),
        (egui::TextStyle::Button, 15.0),
        (egui::TextStyle::Heading, 22.0),
        (egui::TextStyle::Monospace, 13.0),
        (egui::TextStyle::Small, 12.0),
    ] {
        if let Some(f) = style.text_styles.get_mut(&text_style) {
            f.size = size;
        }
    }
    ctx.set_global_style(style);
    ctx.set_fonts(fonts());
}

/// egui's own fonts (Latin, Cyrillic, symbols) with Noto Sans CJK JP behind the text
/// fonts for Japanese: a subset holding the characters of our Japanese texts and every kana
/// (`tools/fonts/subset-japanese.sh`; SIL OFL 1.1, `assets/fonts/OFL.txt`).
pub fn fonts() -> egui::FontDefinitions {
    const JAPANESE: &str = "noto-sans-jp";
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        JAPANESE.to_owned(),
        std::sync::Arc::new(egui::FontData::from_static(include_bytes!(
            "../../assets/fonts/NotoSansJP-Timefork.otf"
        ))),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        // Before egui's icon font, which also draws the full-width forms (（）！０-９Ａ-Ｚ)
        // in a design of its own, wide and padded, amid the Japanese text.
        let at = list
            .iter()
            .position(|name| name == "emoji-icon-font")
            .unwrap_or(list.len());
        list.insert(at, JAPANESE.to_owned());
    }
    fonts
}

/// The background left free around every menu screen (logical pixels).
pub const MENU_MARGIN: f32 = 24.0;
/// The title's lettering.
pub const TITLE_GOLD: egui::Color32 = egui::Color32::from_rgb(240, 200, 90);
/// What the bar shows instead of the live game (browsing the history, the analysis board).
pub const ASIDE_BLUE: egui::Color32 = egui::Color32::from_rgb(110, 200, 255);
/// Menu panels: dark and opaque over the multiverse that drifts behind them.
/// Text that warns or refuses: a move refused, a form that cannot start, a flag.
pub const WARN: egui::Color32 = egui::Color32::from_rgb(255, 140, 120);
/// Text of something that went right: a solved puzzle, a lesson's step done.
pub const GOOD: egui::Color32 = egui::Color32::from_rgb(110, 220, 120);
/// Text of something that went wrong in play: a wrong answer, a king in check.
pub const BAD: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);
/// Text to notice that is neither: a hint, an opponent's offer.
pub const AMBER: egui::Color32 = egui::Color32::from_rgb(255, 200, 115);
pub const PANEL_FILL: egui::Color32 = egui::Color32::from_rgba_premultiplied(22, 24, 32, 255);

/// The colour of labels drawn over the world (coordinates, timeline names), and the same
/// faded to `alpha`.
pub fn label_color(alpha: u8) -> egui::Color32 {
    let [r, g, b, _] = palette::LABEL.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, alpha)
}

/// egui's zoom (the UI scale setting): how many window pixels one egui point is. Panels
/// measure in points, the camera in pixels; there is one primary egui context, so one zoom.
static UI_ZOOM: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0x3f80_0000);

pub fn ui_zoom() -> f32 {
    f32::from_bits(UI_ZOOM.load(std::sync::atomic::Ordering::Relaxed))
}

pub fn set_ui_zoom(z: f32) {
    UI_ZOOM.store(z.to_bits(), std::sync::atomic::Ordering::Relaxed);
}

/// Where a point of the world appears in the window, for egui to draw a label at (in
/// egui's points).
pub fn on_screen(cam: &Camera, cam_tf: &GlobalTransform, p: Vec3) -> Option<egui::Pos2> {
    let z = ui_zoom();
    cam.world_to_viewport(cam_tf, p)
        .ok()
        .map(|v| egui::pos2(v.x / z, v.y / z))
}

/// The box that follows the pointer over a piece (every game's piece tips): a title and
/// lines of rule text, kept narrow.
pub fn pointer_tip(ctx: &egui::Context, id: &str, add: impl FnOnce(&mut egui::Ui)) {
    let Some(pointer) = ctx.pointer_hover_pos() else {
        return;
    };
    egui::Area::new(egui::Id::new(id))
        .order(egui::Order::Tooltip)
        .fixed_pos(pointer + egui::vec2(18.0, 18.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(280.0);
                add(ui)
            });
        });
}

/// Asks once more before an action that cannot be taken back (resigning): a click on the
/// button `add` draws opens "Sure? Yes / No" under it; true on the frame Yes is clicked.
pub fn confirm(
    ui: &mut egui::Ui,
    id: egui::Id,
    add: impl FnOnce(&mut egui::Ui) -> egui::Response,
) -> bool {
    let asking = ui.data(|d| d.get_temp::<bool>(id)).unwrap_or(false);
    // The button stays where it is; the question opens under it, so nothing beside it
    // moves. A second click on the button takes the question back.
    let button = add(ui);
    if button.clicked() {
        ui.data_mut(|d| d.insert_temp(id, !asking));
        return false;
    }
    if !asking {
        return false;
    }
    let (mut yes, mut no) = (false, false);
    egui::Area::new(id.with("question"))
        .order(egui::Order::Foreground)
        .fixed_pos(button.rect.left_bottom() + egui::vec2(0.0, 4.0))
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(timefork_i18n::tr!("common-sure")).strong());
                    yes = ui.button(timefork_i18n::tr!("common-yes")).clicked();
                    no = ui.button(timefork_i18n::tr!("common-no")).clicked();
                });
            });
        });
    if yes || no {
        ui.data_mut(|d| d.remove::<bool>(id));
    }
    yes
}

/// A big menu button of a fixed width.
pub fn menu_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [240.0, 36.0],
        egui::Button::new(egui::RichText::new(text).size(18.0)),
    )
}

/// A smaller menu button for secondary choices.
pub fn small_menu_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [150.0, 30.0],
        egui::Button::new(egui::RichText::new(text).size(16.0)),
    )
}

/// `m:ss` (or `h:mm:ss`); under ten seconds with tenths, as chess clocks show it.
pub fn format_clock(d: std::time::Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else if s < 10 {
        format!("0:{:02}.{}", s, d.subsec_millis() / 100)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// `m:ss` (or `h:mm:ss`), whole seconds: time used, durations.
pub fn format_duration(d: std::time::Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn clock_text() {
        assert_eq!(format_clock(Duration::from_secs(65)), "1:05");
        assert_eq!(format_clock(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(format_clock(Duration::from_millis(9_450)), "0:09.4");
        assert_eq!(format_clock(Duration::ZERO), "0:00.0");
        assert_eq!(format_duration(Duration::from_millis(9_450)), "0:09");
        // A clock that has used nothing (issue 42 saw "0:0 used" once).
        assert_eq!(format_duration(Duration::ZERO), "0:00");
        assert_eq!(format_duration(Duration::from_secs(3725)), "1:02:05");
    }
}
