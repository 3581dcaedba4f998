//! Loading a saved game (newest first) or any 5DPGN file by path.

use super::{Screen, menu_window};
use crate::files;
use crate::matchplay::Match;
use crate::settings::Settings;
use crate::theme::menu_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadForm>();
    app.add_systems(OnEnter(Screen::Load), list);
    app.add_systems(EguiPrimaryContextPass, load.run_if(in_state(Screen::Load)));
}

#[derive(Resource, Default)]
struct LoadForm {
    saves: Vec<PathBuf>,
    path: String,
    error: Option<String>,
}

fn list(mut form: ResMut<LoadForm>) {
    form.saves = files::list_saves();
    form.error = None;
}

fn load(
    mut contexts: EguiContexts,
    mut form: ResMut<LoadForm>,
    settings: Res<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open: Option<PathBuf> = None;
    menu_window(ctx, "load", |ui| {
        ui.heading("Load game");
        ui.label(
            egui::RichText::new(format!("Saved games in {}", files::saves_dir().display()))
                .small()
                .weak(),
        );
        egui::ScrollArea::vertical()
            .max_height(280.0)
            .show(ui, |ui| {
                if form.saves.is_empty() {
                    ui.label("No saved games yet.");
                }
                for p in &form.saves {
                    let name = p
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    if ui.button(name).clicked() {
                        open = Some(p.clone());
                    }
                }
            });
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut form.path).hint_text("or a path to a .5dpgn file"),
            );
            if ui.button("Open").clicked() {
                open = Some(PathBuf::from(form.path.trim()));
            }
        });
        if let Some(e) = &form.error {
            ui.colored_label(egui::Color32::from_rgb(255, 130, 110), e);
        }
        if menu_button(ui, "Back").clicked() {
            next.set(Screen::Title);
        }
    });
    if let Some(p) = open {
        match files::read_game_file(&p) {
            Ok(g) => {
                commands.insert_resource(Match::new(g, settings.last_players));
                next.set(Screen::Gameplay);
            }
            Err(e) => form.error = Some(e),
        }
    }
    Ok(())
}
