//! Form pieces every game's new-game screen uses: who plays a side, and the clock.

use crate::players::{AiLevel, Player};
use crate::theme::prose::ProseTips as _;
use bevy_egui::egui;
use timefork_i18n::tr;

/// A side's player: a person, or the AI at one of `levels`.
pub fn player_picker(ui: &mut egui::Ui, label: &str, p: &mut Player, levels: &[AiLevel]) {
    picker(ui, label, p, levels, false);
}

/// The same, with the person at another computer too (the game is then hosted here).
pub fn player_picker_with_remote(
    ui: &mut egui::Ui,
    label: &str,
    p: &mut Player,
    levels: &[AiLevel],
) {
    picker(ui, label, p, levels, true);
}

fn picker(ui: &mut egui::Ui, label: &str, p: &mut Player, levels: &[AiLevel], remote: bool) {
    // White's and Black's choosers line up whatever the two words' widths in the language.
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = [tr!("common-white"), tr!("common-black"), label.to_string()]
        .into_iter()
        .map(|t| {
            ui.fonts_mut(|f| f.layout_no_wrap(t, font.clone(), egui::Color32::WHITE))
                .size()
                .x
        })
        .fold(0.0, f32::max);
    ui.horizontal(|ui| {
        let cell = egui::vec2(width, ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(
            cell,
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_width(width);
                ui.label(label);
            },
        );
        egui::ComboBox::from_id_salt(label)
            .selected_text(p.name())
            .show_ui(ui, |ui| {
                ui.selectable_value(p, Player::Human, tr!("common-human"));
                for &l in levels {
                    ui.selectable_value(p, Player::Ai(l), Player::Ai(l).name());
                }
                if remote {
                    ui.selectable_value(p, Player::Remote, Player::Remote.name())
                        .on_hover_prose(tr!("common-remote-tip"));
                }
            });
    });
}

/// A clock as (base seconds, increment seconds); `None` is untimed.
pub type ClockChoice = Option<(u32, u32)>;

/// Untimed, one of the presets (minutes + seconds), or a custom base and increment.
pub fn clock_picker(ui: &mut egui::Ui, clock: &mut ClockChoice, presets: &[(u32, u32)]) {
    let name = |c: ClockChoice| match c {
        None => tr!("common-untimed"),
        Some((b, i)) if b % 60 == 0 => tr!("common-clock-minutes", minutes = b / 60, increment = i),
        Some((b, i)) => tr!("common-clock-seconds", seconds = b, increment = i),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!("common-clock"));
        ui.selectable_value(clock, None, tr!("common-untimed"));
        for &p in presets {
            ui.selectable_value(clock, Some(p), name(Some(p)))
                .on_hover_prose(tr!("common-clock-preset-tip"));
        }
        let custom = clock.is_some_and(|c| !presets.contains(&c));
        if ui.selectable_label(custom, tr!("common-custom")).clicked() && !custom {
            *clock = Some((7 * 60, 3));
        }
    });
    if let Some((base, inc)) = clock
        && !presets.contains(&(*base, *inc))
    {
        ui.horizontal(|ui| {
            let mut minutes = *base / 60;
            ui.label(tr!("common-minutes"));
            ui.add(egui::DragValue::new(&mut minutes).range(1..=180).speed(0.2));
            ui.label(tr!("common-seconds-a-turn"));
            ui.add(egui::DragValue::new(inc).range(0..=120).speed(0.2));
            *base = minutes * 60;
        });
    }
}
