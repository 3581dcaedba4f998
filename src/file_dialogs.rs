//! The platform's file dialogs (`rfd`: the XDG desktop portal on Linux, loaded at run time,
//! so no GTK; zenity when there is no portal), for opening a game and for saving one
//! where the player chooses. A dialog runs on a thread of its own so the window keeps
//! drawing; its answer arrives a frame later. Where no dialog can be shown (a Linux
//! session without D-Bus or zenity) the screens keep their typed path and say why.

use crate::saved_games::{FileNote, OpenGame, OpenProblem};
use bevy::prelude::*;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<DialogRequest>();
    app.init_resource::<Dialog>();
    app.add_systems(Update, (start_dialogs, finish_dialogs).chain());
}

/// What a dialog is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogPurpose {
    /// Open a game of any kind.
    Open,
    /// Write this text where the player says (a game saved as it stood when asked).
    SaveAs {
        suggested: String,
        extension: &'static str,
        text: String,
    },
}

/// Ask for a dialog (ignored while one is open).
#[derive(Message, Clone, Debug)]
pub struct DialogRequest(pub DialogPurpose);

/// The dialog open now, if any, and where its answer will be put.
#[derive(Resource, Default)]
pub struct Dialog {
    open: Option<(DialogPurpose, Arc<Mutex<Option<Option<PathBuf>>>>)>,
}

impl Dialog {
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }
}

/// A typed path and its Open button, in one row: the way to a file without a dialog.
/// Gives the trimmed path when Open is clicked.
pub fn path_row(
    ui: &mut bevy_egui::egui::Ui,
    path: &mut String,
    hint: String,
    width: f32,
) -> Option<PathBuf> {
    ui.horizontal(|ui| {
        ui.add(
            bevy_egui::egui::TextEdit::singleline(path)
                .hint_text(hint)
                .desired_width(width),
        );
        ui.button(tr!("common-open"))
            .clicked()
            .then(|| PathBuf::from(path.trim()))
    })
    .inner
}

/// Why no file dialog can be shown here, if so: on Linux and the BSDs the portal needs a
/// D-Bus session, and the fallback needs zenity. Panels ask every frame, so the
/// environment (the bus address, a search of PATH) is read once; the text is made in the
/// current language each time.
pub fn unavailable() -> Option<String> {
    static SEEN: std::sync::OnceLock<(Option<String>, bool)> = std::sync::OnceLock::new();
    let (dbus, zenity) = SEEN.get_or_init(|| {
        let dbus = std::env::var("DBUS_SESSION_BUS_ADDRESS").ok();
        let zenity = std::env::var_os("PATH")
            .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("zenity").is_file()));
        (dbus, zenity)
    });
    unavailable_with(
        cfg!(unix) && !cfg!(target_os = "macos"),
        dbus.as_deref(),
        *zenity,
    )
}

/// `unavailable` for given circumstances (the tests try each).
pub fn unavailable_with(portal_os: bool, dbus: Option<&str>, zenity: bool) -> Option<String> {
    let no_bus = dbus.is_none_or(|d| d.trim().is_empty());
    (portal_os && no_bus && !zenity).then(|| tr!("files-no-dialog"))
}

fn start_dialogs(
    mut requests: MessageReader<DialogRequest>,
    mut dialog: ResMut<Dialog>,
    mut note: ResMut<FileNote>,
    saves: Res<crate::files::SavesDir>,
    files: Res<crate::saved_games::GameFiles>,
) {
    for DialogRequest(purpose) in requests.read() {
        if dialog.is_open() {
            continue;
        }
        if let Some(why) = unavailable() {
            note.0 = Some(why);
            continue;
        }
        let slot = Arc::new(Mutex::new(None));
        let answer = slot.clone();
        let p = purpose.clone();
        let saves = saves.0.clone();
        let title = match &p {
            DialogPurpose::Open => tr!("files-open-title"),
            DialogPurpose::SaveAs { .. } => tr!("files-save-title"),
        };
        let kinds = tr!("files-game-kinds");
        let extensions = files.extensions();
        std::thread::spawn(move || {
            // A dialog that fails in any way is a cancelled one: the next can be asked for.
            let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let d = rfd::FileDialog::new()
                    .set_title(title)
                    .set_directory(&saves);
                match p {
                    DialogPurpose::Open => d.add_filter(kinds, &extensions).pick_file(),
                    DialogPurpose::SaveAs {
                        suggested,
                        extension,
                        ..
                    } => d
                        .add_filter(kinds, &[extension])
                        .set_file_name(format!("{suggested}.{extension}"))
                        .save_file(),
                }
            }))
            .unwrap_or(None);
            if let Ok(mut a) = answer.lock() {
                *a = Some(chosen);
            }
        });
        dialog.open = Some((purpose.clone(), slot));
    }
}

fn finish_dialogs(
    mut dialog: ResMut<Dialog>,
    mut note: ResMut<FileNote>,
    mut problem: ResMut<OpenProblem>,
    files: Res<crate::saved_games::GameFiles>,
    dir: Res<crate::unfinished::UnfinishedDir>,
    mut continuing: ResMut<crate::unfinished::Continuing>,
    mut out: MessageWriter<OpenGame>,
) {
    let Some((_, slot)) = &dialog.open else {
        return;
    };
    let Some(answer) = slot.lock().ok().and_then(|mut a| a.take()) else {
        return;
    };
    let Some((purpose, _)) = dialog.open.take() else {
        return;
    };
    // Cancelled: nothing to do.
    let Some(path) = answer else { return };
    match purpose {
        DialogPurpose::Open => {
            problem.0 =
                crate::unfinished::open_chosen(&path, &files, &dir, &mut continuing, &mut out)
                    .err();
        }
        DialogPurpose::SaveAs { text, .. } => {
            note.0 = Some(
                match crate::files::write_atomically(&path, text.as_bytes()) {
                    Ok(()) => tr!("files-saved-to", path = path.display().to_string()),
                    Err(e) => tr!(
                        "files-could-not-save",
                        path = path.display().to_string(),
                        error = e.to_string()
                    ),
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dialog_is_unavailable_only_without_a_bus_and_without_zenity_where_the_portal_is_used() {
        assert!(unavailable_with(true, None, false).is_some());
        assert!(unavailable_with(true, Some("  "), false).is_some());
        assert!(unavailable_with(true, Some("unix:path=/run/user/1000/bus"), false).is_none());
        assert!(unavailable_with(true, None, true).is_none());
        // Windows and macOS have their own dialogs.
        assert!(unavailable_with(false, None, false).is_none());
    }
}
