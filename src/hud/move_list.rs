//! The move list in 5DPGN beside the boards, with copy, save, export and import.

use crate::files;
use crate::matchplay::Match;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_engine::notation;

/// The numbered move lines of the current match, rebuilt only when an action is added.
#[derive(Default)]
pub struct MoveListText {
    key: (u64, usize),
    pub lines: Vec<String>,
}

impl MoveListText {
    pub fn refresh(&mut self, m: &Match) {
        let key = (m.id, m.game.actions.len());
        if key == self.key && !self.lines.is_empty() {
            return;
        }
        self.key = key;
        self.lines = move_lines(&m.game);
    }
}

/// "1. e4 / e5" lines of a game, written by the engine's canonical writer.
pub fn move_lines(game: &timefork_engine::Game) -> Vec<String> {
    let text = notation::write_game(game);
    text.lines()
        .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// The export and import fields.
#[derive(Resource, Default)]
pub struct ExportState {
    pub path: String,
    pub import_text: String,
    pub importing: bool,
    pub message: Option<String>,
}

pub(super) fn move_list(
    mut contexts: EguiContexts,
    mut commands: Commands,
    m: Res<Match>,
    mut text: Local<MoveListText>,
    mut st: ResMut<ExportState>,
) -> Result {
    text.refresh(&m);
    let ctx = contexts.ctx_mut()?;
    if st.path.is_empty() {
        st.path = files::config_dir()
            .join("export.5dpgn")
            .to_string_lossy()
            .into_owned();
    }
    egui::Window::new("Moves")
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .default_width(300.0)
        .resizable(true)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if text.lines.is_empty() {
                        ui.label(egui::RichText::new("no moves yet").weak());
                    }
                    for line in &text.lines {
                        ui.label(egui::RichText::new(line).monospace());
                    }
                    if m.pos.turn_len() > 0 {
                        let base = m.game.position();
                        let current: Vec<_> = m.pos.turn_moves().copied().collect();
                        ui.label(
                            egui::RichText::new(format!(
                                "this turn: {}",
                                notation::write_action(base, &current)
                            ))
                            .monospace()
                            .italics(),
                        );
                    }
                });
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .button("Copy")
                    .on_hover_text("Copy the game as 5DPGN")
                    .clicked()
                {
                    ui.ctx().copy_text(m.pgn());
                    st.message = Some("copied to the clipboard".into());
                }
                if ui
                    .button("Save")
                    .on_hover_text("Save to the saves folder")
                    .clicked()
                {
                    st.message = Some(match files::save_game(&m.game) {
                        Ok(p) => format!("saved to {}", p.display()),
                        Err(e) => format!("could not save: {e}"),
                    });
                }
                if ui.button("Import…").clicked() {
                    st.importing = !st.importing;
                }
            });
            ui.horizontal(|ui| {
                ui.add(egui::TextEdit::singleline(&mut st.path).desired_width(200.0));
                if ui.button("Export").clicked() {
                    let path = std::path::PathBuf::from(st.path.trim());
                    st.message = Some(match files::write_atomically(&path, m.pgn().as_bytes()) {
                        Ok(()) => format!("exported to {}", path.display()),
                        Err(e) => format!("could not write {}: {e}", path.display()),
                    });
                }
            });
            if st.importing {
                ui.label("Paste 5DPGN or 5DFEN, or give a file path above:");
                ui.add(
                    egui::TextEdit::multiline(&mut st.import_text)
                        .desired_rows(5)
                        .code_editor(),
                );
                ui.horizontal(|ui| {
                    let load = |game: timefork_engine::Game| Match::new(game, m.players);
                    if ui.button("Load pasted text").clicked() {
                        match files::read_game_text(&st.import_text) {
                            Ok(g) => {
                                commands.insert_resource(load(g));
                                st.importing = false;
                                st.message = Some("game imported".into());
                            }
                            Err(e) => st.message = Some(e),
                        }
                    }
                    if ui.button("Load file").clicked() {
                        match files::read_game_file(std::path::Path::new(st.path.trim())) {
                            Ok(g) => {
                                commands.insert_resource(load(g));
                                st.importing = false;
                                st.message = Some("game imported".into());
                            }
                            Err(e) => st.message = Some(e),
                        }
                    }
                });
            }
            if let Some(msg) = &st.message {
                ui.label(egui::RichText::new(msg).small());
            }
        });
    Ok(())
}
