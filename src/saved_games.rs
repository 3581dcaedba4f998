//! Opening a saved game of any kind: the file's extension says which game it is, the
//! game's own reader parses it, and an `OpenGame` message carries it to that game's
//! folder, which starts the match. The load screen, the command line and a file dropped
//! onto the window all go through here, so a file that cannot be read gives the same
//! message everywhere.

use crate::fived::save::{Saved, read_save};
use bevy::prelude::*;
use std::path::Path;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenGame>();
    // The window sends these; the headless tests send them by hand.
    app.add_message::<bevy::window::FileDragAndDrop>();
    app.init_resource::<OpenProblem>();
    app.init_resource::<FileNote>();
}

/// Why the last file dropped or chosen could not be opened, shown until dismissed.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct OpenProblem(pub Option<String>);

/// What the last save-as did ("Saved to ..." or why not), shown with the open problems.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct FileNote(pub Option<String>);

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
