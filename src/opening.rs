//! Opening a saved game of any kind: the file's extension says which game it is, the
//! game's own reader parses it, and an `OpenGame` message carries it to that game's
//! folder, which starts the match. The load screen and the command line both go through
//! here, so a file that cannot be read gives the same message everywhere.

use crate::multiverse::save::{Saved, read_save};
use bevy::prelude::*;
use std::path::Path;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenGame>();
    app.add_systems(Startup, open_from_command_line);
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
    Kingdrops(Box<crate::kingdrops::save::KdSaved>),
}

/// Open this game (its folder starts the match and shows it).
#[derive(Message, Debug, Clone)]
pub struct OpenGame(pub Opened);

/// Reads a saved game: `.kingdrops` (or a text starting `Kingdrops`) is a Kingdrops
/// record; `.5dpgn` (or any other name) is 5D chess.
pub fn open_file(path: &Path) -> Result<Opened, String> {
    let text = crate::files::read_text(path)?;
    open_text(path, &text).map_err(|e| format!("{}: {e}", path.display()))
}

fn open_text(path: &Path, text: &str) -> Result<Opened, String> {
    let kingdrops = path.extension().is_some_and(|e| e == "kingdrops")
        || text.trim_start().starts_with("Kingdrops");
    if kingdrops {
        return crate::kingdrops::save::read_record(text).map(|s| Opened::Kingdrops(Box::new(s)));
    }
    read_save(text).map(|s| Opened::FiveD(Box::new(s)))
}
