//! Loading a game of any of the three: the unfinished ones first (each as the Continue
//! button names it), then the saves (newest first), or a file by path.

use super::{Screen, menu_window};
use crate::files;
use crate::saved_games::{GameFiles, OpenGame};
use crate::theme::menu_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadForm>();
    app.add_systems(OnEnter(Screen::Load), list);
    app.add_systems(EguiPrimaryContextPass, load.run_if(in_state(Screen::Load)));
}

#[derive(Resource, Default)]
pub struct LoadForm {
    /// The unfinished games, newest first, with what each is.
    pub unfinished: Vec<(PathBuf, String)>,
    pub saves: Vec<PathBuf>,
    /// The folder the saves are listed from.
    pub folder: PathBuf,
    pub path: String,
    pub error: Option<String>,
}

fn list(
    mut form: ResMut<LoadForm>,
    dir: Res<crate::unfinished::UnfinishedDir>,
    saves: Res<files::SavesDir>,
    files: Res<GameFiles>,
) {
    form.fill(&dir, &saves, &files);
}

impl LoadForm {
    /// The unfinished games (those that read, each as Continue names it), then the saves;
    /// a kept game that no longer reads is set aside and said on the form.
    pub fn fill(
        &mut self,
        dir: &crate::unfinished::UnfinishedDir,
        saves: &files::SavesDir,
        kinds: &GameFiles,
    ) {
        let (games, damaged) = crate::unfinished::kept_games(dir, kinds);
        self.unfinished = games.into_iter().map(|(p, s)| (p, s.text())).collect();
        self.saves = files::list_saves(saves, &kinds.extensions());
        self.folder = saves.0.clone();
        self.error = (!damaged.is_empty()).then(|| {
            let lines: Vec<String> = damaged.iter().map(|d| d.text()).collect();
            lines.join("\n")
        });
    }
}

fn load(
    mut contexts: EguiContexts,
    mut form: ResMut<LoadForm>,
    mut opened: MessageWriter<OpenGame>,
    mut next: ResMut<NextState<Screen>>,
    files: Res<GameFiles>,
    dir: Res<crate::unfinished::UnfinishedDir>,
    mut continuing: ResMut<crate::unfinished::Continuing>,
    mut dialogs: MessageWriter<crate::file_dialogs::DialogRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    match ui(ctx, &mut form) {
        Some(LoadChoice::Back) => next.set(Screen::Title),
        Some(LoadChoice::Choose) => {
            dialogs.write(crate::file_dialogs::DialogRequest(
                crate::file_dialogs::DialogPurpose::Open,
            ));
        }
        Some(LoadChoice::Open(p)) => {
            // Said on the form, under the list it was chosen from.
            if let Err(e) =
                crate::unfinished::open_chosen(&p, &files, &dir, &mut continuing, &mut opened)
            {
                form.error = Some(e);
            }
        }
        None => {}
    }
    Ok(())
}

/// What the load screen asked for.
pub enum LoadChoice {
    Open(PathBuf),
    /// The platform's file dialog.
    Choose,
    Back,
}

/// The load panel.
pub fn ui(ctx: &egui::Context, form: &mut LoadForm) -> Option<LoadChoice> {
    let mut choice = None;
    // As tall as the list needs (a row a save), up to what the window allows.
    let rows =
        form.saves.len() + form.unfinished.len() + 2 * usize::from(!form.unfinished.is_empty());
    let height = (190.0 + 30.0 * rows as f32).min(560.0);
    menu_window(ctx, "load", [640.0, height], |ui| {
        ui.heading(tr!("menus-load-heading"));
        ui.label(
            egui::RichText::new(tr!(
                "menus-saved-games-in",
                path = form.folder.display().to_string()
            ))
            .small()
            .weak(),
        );
        let list_height = (ctx.content_rect().height() - 260.0).clamp(80.0, 420.0);
        egui::ScrollArea::vertical()
            .max_height(list_height)
            .show(ui, |ui| {
                if !form.unfinished.is_empty() {
                    ui.label(egui::RichText::new(tr!("menus-unfinished")).strong());
                    for (p, what) in &form.unfinished {
                        if ui.add(egui::Button::new(what).truncate()).clicked() {
                            choice = Some(LoadChoice::Open(p.clone()));
                        }
                    }
                    ui.label(egui::RichText::new(tr!("menus-saved")).strong());
                }
                if form.saves.is_empty() {
                    ui.label(tr!("menus-no-saves"));
                }
                for p in &form.saves {
                    let name = p
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    if ui.add(egui::Button::new(name).truncate()).clicked() {
                        choice = Some(LoadChoice::Open(p.clone()));
                    }
                }
            });
        let no_dialog = crate::file_dialogs::unavailable();
        if no_dialog.is_none() && ui.button(tr!("files-choose")).clicked() {
            choice = Some(LoadChoice::Choose);
        }
        if let Some(path) =
            crate::file_dialogs::path_row(ui, &mut form.path, tr!("menus-path-hint"), 480.0)
        {
            choice = Some(LoadChoice::Open(path));
        }
        // Said once, under the path it falls back on.
        if let Some(why) = no_dialog {
            ui.label(egui::RichText::new(why).small().weak());
        }
        if let Some(e) = &form.error {
            ui.colored_label(crate::theme::WARN, e);
        }
        if menu_button(ui, &tr!("common-back")).clicked() {
            choice = Some(LoadChoice::Back);
        }
    });
    choice
}
