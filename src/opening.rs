//! Opening a saved game of any kind: the file's extension says which game it is, the
//! game's own reader parses it, and an `OpenGame` message carries it to that game's
//! folder, which starts the match. The load screen, the command line and a file dropped
//! onto the window all go through here, so a file that cannot be read gives the same
//! message everywhere.

use crate::multiverse::save::{Saved, read_save};
use bevy::prelude::*;
use std::path::Path;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenGame>();
    // The window sends these; the headless tests send them by hand.
    app.add_message::<bevy::window::FileDragAndDrop>();
    app.init_resource::<OpenProblem>();
    app.add_systems(Startup, open_from_command_line);
    app.add_systems(Update, open_dropped);
}

/// Why the last file dropped or chosen could not be opened, shown until dismissed.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct OpenProblem(pub Option<String>);

/// A game file dropped onto the window opens as if chosen on the load screen (an
/// unfinished one goes on in its own file).
fn open_dropped(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    mut out: MessageWriter<OpenGame>,
    dir: Res<crate::unfinished::UnfinishedDir>,
    mut continuing: ResMut<crate::unfinished::Continuing>,
    mut problem: ResMut<OpenProblem>,
) {
    for d in drops.read() {
        let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = d else {
            continue;
        };
        problem.0 = open_chosen(path_buf, &dir, &mut continuing, &mut out).err();
    }
}

/// Opens a file the player chose (on the load screen, from Continue, dropped, or picked
/// in a file dialog): a kept unfinished game goes on in its own file. The error says why
/// it did not open; the caller shows it where the player looks.
pub fn open_chosen(
    path: &Path,
    dir: &crate::unfinished::UnfinishedDir,
    continuing: &mut crate::unfinished::Continuing,
    out: &mut MessageWriter<OpenGame>,
) -> Result<(), String> {
    let o = open_file(path)?;
    continuing.0 = dir.holds(path).then(|| path.to_path_buf());
    out.write(OpenGame(o));
    Ok(())
}

/// The game named on the command line (already read: a bad file never opens a window).
fn open_from_command_line(
    opts: Option<Res<crate::LaunchOptions>>,
    mut out: MessageWriter<OpenGame>,
) {
    if let Some((_, o)) = opts.as_ref().and_then(|o| o.game.clone()) {
        out.write(OpenGame(o));
    }
}

/// A game read from a file, ready to play.
#[derive(Debug, Clone)]
pub enum Opened {
    FiveD(Box<Saved>),
    /// A Timeline Wager record, and the file it came from (the match goes on saving there).
    Wager(Box<timefork_wager::Match>, Option<std::path::PathBuf>),
    Kingdrops(Box<crate::kingdrops::save::KdSaved>),
}

/// Open this game (its folder starts the match and shows it).
#[derive(Message, Debug, Clone)]
pub struct OpenGame(pub Opened);

/// Reads a saved game by its kind: `.wager` is Timeline Wager; `.kingdrops` (or a text
/// starting `Kingdrops`) a Kingdrops record; `.5dpgn` (or any other name) 5D chess.
pub fn open_file(path: &Path) -> Result<Opened, String> {
    let text = crate::files::read_text(path)?;
    open_text(path, &text).map_err(|e| format!("{}: {e}", path.display()))
}

fn open_text(path: &Path, text: &str) -> Result<Opened, String> {
    let extension = path.extension().and_then(|e| e.to_str());
    if extension == Some("wager") {
        return timefork_wager::Match::from_record(text)
            .map(|m| Opened::Wager(Box::new(m), Some(path.to_path_buf())))
            .map_err(|e| e.to_string());
    }
    if extension == Some("kingdrops") || text.trim_start().starts_with("Kingdrops") {
        return crate::kingdrops::save::read_record(text).map(|s| Opened::Kingdrops(Box::new(s)));
    }
    read_save(text).map(|s| Opened::FiveD(Box::new(s)))
}
