//! Settings: sound, animation speed, arrows, pieces, the 5D view, graphics. Saved once
//! they settle (see `settings`).

use super::{Screen, menu_window};
use crate::settings::{LanguageOverride, LanguageSetting, Settings};
use crate::theme::menu_button;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings_screen.run_if(in_state(Screen::Settings)),
    );
}

fn settings_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut next: ResMut<NextState<Screen>>,
    forced: Option<ResMut<LanguageOverride>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut s = settings.clone();
    if ui(ctx, &mut s) {
        next.set(Screen::Title);
    }
    // A language picked here replaces the one `--lang` chose for this run.
    if s.language != settings.language
        && let Some(mut f) = forced
    {
        f.0 = None;
    }
    if s != *settings {
        *settings = s;
    }
    Ok(())
}

/// A language choice as the menu shows it: each language in itself, System with the
/// language it stands for.
fn language_choice(l: LanguageSetting) -> String {
    match l {
        LanguageSetting::System => tr!(
            "settings-language-system",
            language = timefork_i18n::Lang::system().native_name()
        ),
        other => other.lang().native_name().to_owned(),
    }
}

/// The settings panel; true when Back was pressed.
pub fn ui(ctx: &egui::Context, s: &mut Settings) -> bool {
    let mut back = false;
    menu_window(ctx, "settings", [580.0, 560.0], |ui| {
        ui.heading(tr!("settings-heading"));
        ui.add_space(8.0);
        egui::Grid::new("settings_grid")
            .num_columns(2)
            .spacing([16.0, 10.0])
            .show(ui, |ui| {
                ui.label(tr!("settings-language"))
                    .on_hover_prose(tr!("settings-language-tip"));
                egui::ComboBox::from_id_salt("settings_language")
                    .selected_text(language_choice(s.language))
                    .show_ui(ui, |ui| {
                        for l in LanguageSetting::ALL {
                            ui.selectable_value(&mut s.language, l, language_choice(l));
                        }
                    });
                ui.end_row();
                ui.label(tr!("settings-volume"));
                ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0).show_value(true));
                ui.end_row();
                ui.label(tr!("settings-mute"));
                ui.checkbox(&mut s.muted, "");
                ui.end_row();
                ui.label(tr!("settings-mute-background"));
                ui.checkbox(&mut s.mute_in_background, "");
                ui.end_row();
                // Buttons rather than a slider: the panel grows or shrinks with each step,
                // which would pull a slider from under the pointer.
                ui.label(tr!("settings-ui-scale"))
                    .on_hover_prose(tr!("settings-ui-scale-tip"));
                ui.horizontal(|ui| {
                    if ui.button("-").clicked() {
                        s.ui_scale = crate::desktop::stepped_scale(s.ui_scale, -1.0);
                    }
                    ui.label(format!("{:.0}%", s.ui_scale * 100.0));
                    if ui.button("+").clicked() {
                        s.ui_scale = crate::desktop::stepped_scale(s.ui_scale, 1.0);
                    }
                });
                ui.end_row();
                ui.label(tr!("settings-animation-speed"))
                    .on_hover_prose(tr!("settings-animation-speed-tip"));
                ui.add(egui::Slider::new(&mut s.animation_speed, 0.0..=4.0));
                ui.end_row();
                ui.label(tr!("settings-travel-arrows"))
                    .on_hover_prose(tr!("settings-travel-arrows-tip"));
                ui.checkbox(&mut s.show_travel_arrows, "");
                ui.end_row();
                ui.label(tr!("settings-pieces"))
                    .on_hover_prose(tr!("settings-pieces-tip"));
                ui.horizontal(|ui| {
                    use crate::pieces::PieceStyle;
                    ui.selectable_value(
                        &mut s.piece_style,
                        PieceStyle::Models,
                        tr!("settings-pieces-models"),
                    );
                    ui.selectable_value(
                        &mut s.piece_style,
                        PieceStyle::FlatIcons,
                        tr!("settings-pieces-flat"),
                    );
                });
                ui.end_row();
                ui.label(tr!("settings-view-from"))
                    .on_hover_prose(tr!("settings-view-from-tip"));
                ui.horizontal(|ui| {
                    use crate::settings::ViewSide;
                    ui.selectable_value(&mut s.view_side, ViewSide::Auto, tr!("settings-auto"));
                    ui.selectable_value(&mut s.view_side, ViewSide::White, tr!("common-white"));
                    ui.selectable_value(&mut s.view_side, ViewSide::Black, tr!("common-black"));
                });
                ui.end_row();
                ui.label(tr!("settings-graphics"))
                    .on_hover_prose(tr!("settings-graphics-tip"));
                ui.horizontal(|ui| {
                    use crate::settings::Quality;
                    ui.selectable_value(&mut s.quality, Quality::Auto, tr!("settings-auto"));
                    ui.selectable_value(&mut s.quality, Quality::High, tr!("settings-high"));
                    ui.selectable_value(&mut s.quality, Quality::Low, tr!("settings-low"));
                });
                ui.end_row();
            });
        ui.add_space(8.0);
        ui.label(
            egui::RichText::new(tr!(
                "settings-saved-in",
                path = crate::settings::settings_path().display().to_string()
            ))
            .small()
            .weak(),
        );
        ui.add_space(8.0);
        back = menu_button(ui, &tr!("common-back")).clicked();
    });
    back
}
