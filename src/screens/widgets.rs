//! Form pieces every game's new-game screen uses: who plays a side, and the clock.

use crate::players::{AiLevel, Player};
use bevy_egui::egui;

/// A side's player: a person, or the AI at one of `levels`.
pub fn player_picker(ui: &mut egui::Ui, label: &str, p: &mut Player, levels: &[AiLevel]) {
    ui.horizontal(|ui| {
        ui.label(label);
        egui::ComboBox::from_id_salt(label)
            .selected_text(p.name())
            .show_ui(ui, |ui| {
                ui.selectable_value(p, Player::Human, "Human");
                for &l in levels {
                    ui.selectable_value(p, Player::Ai(l), Player::Ai(l).name());
                }
            });
    });
}

/// A clock as (base seconds, increment seconds); `None` is untimed.
pub type ClockChoice = Option<(u32, u32)>;

/// Untimed, one of the presets (minutes + seconds), or a custom base and increment.
pub fn clock_picker(ui: &mut egui::Ui, clock: &mut ClockChoice, presets: &[(u32, u32)]) {
    let name = |c: ClockChoice| match c {
        None => "untimed".to_string(),
        Some((b, i)) if b % 60 == 0 => format!("{}+{}", b / 60, i),
        Some((b, i)) => format!("{b}s+{i}"),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label("Clock");
        ui.selectable_value(clock, None, "untimed");
        for &p in presets {
            ui.selectable_value(clock, Some(p), name(Some(p)))
                .on_hover_text("minutes + seconds added per turn");
        }
        let custom = clock.is_some_and(|c| !presets.contains(&c));
        if ui.selectable_label(custom, "custom").clicked() && !custom {
            *clock = Some((7 * 60, 3));
        }
    });
    if let Some((base, inc)) = clock
        && !presets.contains(&(*base, *inc))
    {
        ui.horizontal(|ui| {
            let mut minutes = *base / 60;
            ui.label("minutes");
            ui.add(egui::DragValue::new(&mut minutes).range(1..=180).speed(0.2));
            ui.label("+ seconds a turn");
            ui.add(egui::DragValue::new(inc).range(0..=120).speed(0.2));
            *base = minutes * 60;
        });
    }
}
