//! The leaderboard: a person's wins against the AI, per game, variant and level.

use super::{Screen, menu_window};
use crate::leaderboard::{Leaderboard, LeaderboardFile};
use crate::players::AiLevel;
use crate::settings::Settings;
use crate::theme::menu_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;
use timefork_records::GameKind;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<View>();
    app.add_systems(OnEnter(Screen::Leaderboard), reload);
    app.add_systems(
        EguiPrimaryContextPass,
        show.run_if(in_state(Screen::Leaderboard)),
    );
}

#[derive(Resource, Default)]
pub struct View {
    pub board: Leaderboard,
    pub game: GameKind,
    pub variant: String,
    pub level: AiLevel,
}

fn reload(mut view: ResMut<View>, file: Res<LeaderboardFile>) {
    view.board = crate::leaderboard::load(&file.0);
    pick_variant(&mut view);
}

/// Keeps the chosen variant one that has entries in the chosen game.
fn pick_variant(view: &mut View) {
    let variants = view.board.variants(view.game);
    if !variants.contains(&view.variant) {
        view.variant = variants
            .into_iter()
            .next()
            .unwrap_or_else(|| "Standard".into());
    }
}

fn date_text(secs: u64) -> String {
    // Days since 1970 to a civil date (UTC), without a date library.
    let days = (secs / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn show(
    mut contexts: EguiContexts,
    mut view: ResMut<View>,
    mut settings: ResMut<Settings>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut name = settings.player_name.clone();
    if ui(ctx, &mut view, &mut name) {
        next.set(Screen::Title);
    }
    if name != settings.player_name {
        settings.player_name = name;
    }
    Ok(())
}

/// The leaderboard panel; true when Back was pressed.
pub fn ui(ctx: &egui::Context, view: &mut View, name: &mut String) -> bool {
    let mut back = false;
    // As tall as the table needs (a row an entry, twenty at most shown).
    let rows = view
        .board
        .table(view.game, &view.variant, view.level)
        .len()
        .min(20);
    let height = 260.0 + 26.0 * rows as f32;
    menu_window(ctx, "leaderboard", [720.0, height], |ui| {
        ui.heading(tr!("menus-leaderboard-heading"));
        crate::theme::prose::prose(
            ui,
            egui::RichText::new(tr!("menus-leaderboard-rule")).weak(),
        );
        ui.horizontal_wrapped(|ui| {
            for g in GameKind::ALL {
                if ui
                    .selectable_label(view.game == g, crate::players::game_name(g))
                    .clicked()
                    && view.game != g
                {
                    view.game = g;
                    pick_variant(view);
                }
            }
        });
        ui.horizontal(|ui| {
            ui.label(tr!("menus-your-name"));
            ui.text_edit_singleline(name);
        });
        ui.horizontal(|ui| {
            let mut variants = view.board.variants(view.game);
            if variants.is_empty() {
                variants.push("Standard".into());
            }
            egui::ComboBox::from_id_salt("lb_variant")
                .selected_text(view.variant.clone())
                .show_ui(ui, |ui| {
                    for v in variants {
                        ui.selectable_value(&mut view.variant, v.clone(), v);
                    }
                });
            for l in AiLevel::ALL {
                ui.selectable_value(&mut view.level, l, crate::players::level_name(l));
            }
        });
        ui.separator();
        let rows = view.board.table(view.game, &view.variant, view.level);
        if rows.is_empty() {
            ui.label(tr!("menus-no-wins"));
        } else {
            egui::Grid::new("lb_rows")
                .striped(true)
                .num_columns(6)
                .show(ui, |ui| {
                    for h in [
                        "#".to_owned(),
                        tr!("menus-column-name"),
                        tr!("menus-column-date"),
                        tr!("menus-column-turns"),
                        tr!("menus-column-clock"),
                        tr!("menus-column-thinking"),
                    ] {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for (i, e) in rows.iter().enumerate().take(20) {
                        ui.label(format!("{}", i + 1));
                        ui.label(&e.name);
                        ui.label(date_text(e.date));
                        ui.label(e.turns.to_string());
                        ui.label(e.clock.clone().unwrap_or_else(|| tr!("common-untimed")));
                        ui.label(crate::theme::format_clock(
                            std::time::Duration::from_millis(e.time_used_ms),
                        ));
                        ui.end_row();
                    }
                });
        }
        ui.add_space(8.0);
        back = menu_button(ui, &tr!("common-back")).clicked();
    });
    back
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::date_text(0), "1970-01-01");
        assert_eq!(super::date_text(1_796_083_200), "2026-12-01");
        assert_eq!(super::date_text(951_782_400), "2000-02-29");
    }
}
