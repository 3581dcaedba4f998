//! The move list in 5DPGN beside the boards, with copy, save, export and import.

use crate::files;
use crate::fived::matchplay::browse::{Browse, BrowseRequest};
use crate::fived::matchplay::clocks::Clocks;
use crate::fived::matchplay::{Match, Origin};
use crate::fived::save::{read_save, save_text};
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_engine::notation;
use timefork_i18n::tr;

/// Every submitted action of the current match in 5DPGN, with its turn and side; extended
/// as actions are added, rebuilt for a new match.
#[derive(Default)]
pub struct MoveListText {
    match_id: u64,
    pub actions: Vec<ActionText>,
    /// The position after the last action written (to write the next one).
    after: Option<timefork_engine::Position>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ActionText {
    pub turn: i32,
    pub side: timefork_engine::Color,
    pub text: String,
}

impl MoveListText {
    pub fn refresh(&mut self, m: &Match) {
        if self.match_id != m.id
            || self.actions.len() > m.game.actions.len()
            || self.after.is_none()
        {
            self.match_id = m.id;
            self.actions.clear();
            self.after = Some(m.game.start.clone());
        }
        let Some(p) = self.after.as_mut() else { return };
        // Numbered as 5DPGN numbers them: a row per pair of actions, from 1.
        let black_first = usize::from(m.game.start.to_move == timefork_engine::Color::Black);
        for a in &m.game.actions[self.actions.len()..] {
            let i = self.actions.len();
            self.actions.push(ActionText {
                turn: ((i + black_first) / 2 + 1) as i32,
                side: p.to_move,
                text: notation::write_action(p, a),
            });
            for mv in a {
                p.make_move(mv);
            }
            p.submit_unchecked();
        }
    }
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
    browse: Res<Browse>,
    mut browsing: MessageWriter<BrowseRequest>,
    clocks: Res<Clocks>,
    puzzle: Res<crate::fived::puzzles::ActivePuzzle>,
    mut dialogs: MessageWriter<crate::file_dialogs::DialogRequest>,
    saves: Res<files::SavesDir>,
) -> Result {
    // A lesson is one turn on a position of its own: nothing to list or export.
    if m.origin == Origin::Tutorial {
        return Ok(());
    }
    text.refresh(&m);
    let browsed = browse.state(&m);
    let ctx = contexts.ctx_mut()?;
    if st.path.is_empty() {
        st.path = files::config_dir()
            .join("export.5dpgn")
            .to_string_lossy()
            .into_owned();
    }
    egui::Window::new(tr!("fived-moves"))
        // The id the English title gave it: the puzzle panel finds the list by it.
        .id(egui::Id::new(egui::IntoAtoms::into_atoms("Moves").text()))
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .default_width(300.0)
        .resizable(true)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    action_grid(ui, &text, browsed, &mut browsing);
                    if m.pos.turn_len() > 0 {
                        let base = m.game.position();
                        let current: Vec<_> = m.pos.turn_moves().copied().collect();
                        ui.label(
                            egui::RichText::new(tr!(
                                "fived-this-turn",
                                action = notation::write_action(base, &current)
                            ))
                            .monospace()
                            .italics(),
                        );
                    }
                });
            ui.label(
                egui::RichText::new(tr!("fived-move-list-help"))
                    .small()
                    .weak(),
            );
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .button(tr!("fived-copy"))
                    .on_hover_prose(tr!("fived-copy-tip"))
                    .clicked()
                {
                    ui.ctx().copy_text(save_text(&m, &clocks, puzzle.id_of(&m)));
                    st.message = Some(tr!("fived-copied"));
                }
                if ui
                    .button(tr!("fived-save"))
                    .on_hover_prose(tr!("fived-save-tip"))
                    .clicked()
                {
                    let name = m.game.header("Board").unwrap_or("custom");
                    let text = save_text(&m, &clocks, puzzle.id_of(&m));
                    st.message = Some(match files::save_in_saves(&saves, name, "5dpgn", &text) {
                        Ok(p) => tr!("fived-saved-to", path = p.display().to_string()),
                        Err(e) => tr!("fived-could-not-save", error = e.to_string()),
                    });
                }
                if ui.button(tr!("fived-import")).clicked() {
                    st.importing = !st.importing;
                }
            });
            // The platform's dialog where there is one; a typed path where there is not.
            let no_dialog = crate::file_dialogs::unavailable();
            if no_dialog.is_none()
                && ui
                    .button(tr!("files-save-as"))
                    .on_hover_prose(tr!("files-save-as-tip"))
                    .clicked()
            {
                let name = m.game.header("Board").unwrap_or("custom").to_string();
                dialogs.write(crate::file_dialogs::DialogRequest(
                    crate::file_dialogs::DialogPurpose::SaveAs {
                        suggested: name,
                        extension: "5dpgn",
                        text: save_text(&m, &clocks, puzzle.id_of(&m)),
                    },
                ));
            }
            // The button at the right, the path in all the room left of it (a long path
            // scrolls inside the field; its tooltip shows it whole).
            let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
            ui.allocate_ui_with_layout(
                row,
                egui::Layout::right_to_left(egui::Align::Center),
                |ui| {
                    let export = ui.button(tr!("fived-export"));
                    let export = match &no_dialog {
                        Some(why) => export.on_hover_prose(why),
                        None => export,
                    };
                    let full = st.path.clone();
                    ui.add(
                        egui::TextEdit::singleline(&mut st.path)
                            .desired_width(ui.available_width()),
                    )
                    .on_hover_prose(full);
                    if export.clicked() {
                        let path = std::path::PathBuf::from(st.path.trim());
                        let text = save_text(&m, &clocks, puzzle.id_of(&m));
                        st.message = Some(match files::write_atomically(&path, text.as_bytes()) {
                            Ok(()) => tr!("fived-exported-to", path = path.display().to_string()),
                            Err(e) => tr!(
                                "fived-could-not-write",
                                path = path.display().to_string(),
                                error = e.to_string()
                            ),
                        });
                    }
                },
            );
            if st.importing {
                crate::theme::prose::prose(ui, tr!("fived-import-help"));
                ui.add(
                    egui::TextEdit::multiline(&mut st.import_text)
                        .desired_rows(5)
                        .code_editor(),
                );
                ui.horizontal(|ui| {
                    let pasted = ui.button(tr!("fived-load-pasted")).clicked();
                    let from_file = ui.button(tr!("fived-load-file")).clicked();
                    let read = if pasted {
                        Some(
                            read_save(&st.import_text)
                                .map(|s| s.into_match(m.players).from_origin(Origin::Pasted)),
                        )
                    } else if from_file {
                        Some(
                            files::read_text(std::path::Path::new(st.path.trim()))
                                .and_then(|t| read_save(&t))
                                .map(|s| s.into_match(m.players)),
                        )
                    } else {
                        None
                    };
                    match read {
                        Some(Ok(new)) => {
                            commands.insert_resource(new);
                            st.importing = false;
                            st.message = Some(tr!("fived-imported"));
                        }
                        Some(Err(e)) => st.message = Some(e),
                        None => {}
                    }
                });
            }
            if let Some(msg) = &st.message {
                ui.label(egui::RichText::new(msg).small());
            }
        });
    Ok(())
}

/// The widest an action's cell grows before its text wraps: the list's width less the
/// turn numbers, so a line holds a move or two and breaks between moves. Without it a cell
/// wraps at its column's width from the frame before, which sticks at the few letters of
/// the first frame (egui's `Grid`).
const CELL_WIDTH: f32 = 236.0;

/// The actions two to a row ("3. white / black"), each one a button that shows the
/// multiverse after it; the one browsed is highlighted.
fn action_grid(
    ui: &mut egui::Ui,
    text: &MoveListText,
    browsed: Option<usize>,
    out: &mut MessageWriter<BrowseRequest>,
) {
    if ui
        .selectable_label(
            browsed == Some(0),
            egui::RichText::new(tr!("fived-list-start")).small(),
        )
        .clicked()
    {
        out.write(BrowseRequest::To(0));
    }
    if text.actions.is_empty() {
        ui.label(egui::RichText::new(tr!("fived-no-moves-yet")).weak());
        return;
    }
    // One line per action: the turn's number before White's (or before Black's when a
    // turn starts with Black), then the action, a button that browses to it.
    egui::Grid::new("actions")
        .num_columns(2)
        .spacing([6.0, 2.0])
        .max_col_width(CELL_WIDTH)
        .show(ui, |ui| {
            let mut last_turn = None;
            for (i, t) in text.actions.iter().enumerate() {
                let number = if last_turn != Some(t.turn) {
                    last_turn = Some(t.turn);
                    if t.side == timefork_engine::Color::White {
                        format!("{}.", t.turn)
                    } else {
                        format!("{}. …", t.turn)
                    }
                } else {
                    String::new()
                };
                ui.label(egui::RichText::new(number).monospace().weak());
                let label = egui::RichText::new(&t.text).monospace();
                if ui
                    .add(egui::Button::selectable(browsed == Some(i + 1), label).wrap())
                    .clicked()
                {
                    out.write(BrowseRequest::To(i + 1));
                }
                ui.end_row();
            }
        });
}
