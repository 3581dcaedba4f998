//! Opening a saved game of any kind. Each game registers its file kind from its own
//! plugin (`app.add_game_file(..)`: its extension, how to recognise its text, how to read
//! it); a file is read by the kind its extension names, else by the kind that claims its
//! text, else by the kind that reads any text. An `OpenGame` message carries what was read to the game's folder,
//! which starts the match. The load screen, the command line, Continue and a file dropped
//! onto the window all go through here, so a file that cannot be read gives the same
//! message everywhere. Nothing here names a game.

use crate::players::Player;
use bevy::prelude::*;
use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use timefork_i18n::tr;
use timefork_records::GameKind;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenGame>();
    // The window sends these; the headless tests send them by hand.
    app.add_message::<bevy::window::FileDragAndDrop>();
    app.init_resource::<OpenProblem>();
    app.init_resource::<FileNote>();
    app.init_resource::<GameFiles>();
}

/// Why the last file dropped or chosen could not be opened, shown until dismissed.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct OpenProblem(pub Option<String>);

/// What the last save-as did ("Saved to ..." or why not), shown with the open problems.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct FileNote(pub Option<String>);

/// A game's kind of file, as the game registers it.
#[derive(Clone, Copy, Debug)]
pub struct GameFile {
    pub kind: GameKind,
    /// Without the dot; also the ending of its kept unfinished games and the save dialog's
    /// filter.
    pub extension: &'static str,
    /// The start of a kept unfinished game's file name (`5d-chess-<time>.5dpgn`).
    pub stem: &'static str,
    /// Whether a text under another name is this kind's.
    pub claims: fn(&str) -> bool,
    /// Reads any text under another name that no other kind claims (5DPGN has no mark
    /// of its own), so that such a file gets this kind's reasons why it does not read.
    pub last_resort: bool,
    /// Reads the text of the file at this path.
    pub read: fn(&Path, &str) -> Result<Opened, String>,
}

/// The file kinds the games registered.
#[derive(Resource, Default, Debug, Clone)]
pub struct GameFiles(Vec<GameFile>);

impl GameFiles {
    /// Reads a saved game by its kind (see the module's comment); the error names the file.
    pub fn open(&self, path: &Path) -> Result<Opened, String> {
        let text = crate::files::read_text(path)?;
        self.open_text(path, &text)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    fn open_text(&self, path: &Path, text: &str) -> Result<Opened, String> {
        let extension = path.extension().and_then(|e| e.to_str());
        let by_name = self.0.iter().find(|f| Some(f.extension) == extension);
        let kind = by_name
            .or_else(|| self.0.iter().find(|f| !f.last_resort && (f.claims)(text)))
            .or_else(|| self.0.iter().find(|f| f.last_resort))
            .ok_or_else(|| tr!("files-unknown-kind"))?;
        (kind.read)(path, text)
    }

    /// Reads a game's text received from elsewhere (a server's record) by its kind;
    /// `name` stands for the file's name in messages.
    pub fn open_received(&self, kind: GameKind, name: &str, text: &str) -> Result<Opened, String> {
        let file = self
            .0
            .iter()
            .find(|f| f.kind == kind)
            .ok_or_else(|| tr!("files-unknown-kind"))?;
        (file.read)(Path::new(&format!("{name}.{}", file.extension)), text)
            .map_err(|e| format!("{name}: {e}"))
    }

    /// Every registered extension, in the order registered.
    pub fn extensions(&self) -> Vec<&'static str> {
        self.0.iter().map(|f| f.extension).collect()
    }
}

/// How a game registers its file kind, from its own plugin.
pub trait AddGameFile {
    fn add_game_file(&mut self, file: GameFile) -> &mut Self;
}

impl AddGameFile for App {
    fn add_game_file(&mut self, file: GameFile) -> &mut Self {
        let mut files = self.world_mut().get_resource_or_init::<GameFiles>();
        files.0.retain(|f| f.extension != file.extension);
        files.0.push(file);
        self
    }
}

/// What a saved game is, for the Continue button: its game, its players, its turn.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub kind: GameKind,
    pub players: [Player; 2],
    pub turn: usize,
}

impl Summary {
    /// "5D Chess vs the AI (Hard), turn 12" in the current language.
    pub fn text(&self) -> String {
        let who = match self.players {
            [Player::Human, Player::Ai(l)] | [Player::Ai(l), Player::Human] => {
                tr!(
                    "title-continue-vs-ai",
                    level = crate::players::level_name(l)
                )
            }
            [
                Player::Human | Player::Remote,
                Player::Human | Player::Remote,
            ] => {
                tr!("title-continue-people")
            }
            _ => tr!("title-continue-ai-alone"),
        };
        tr!(
            "title-continue-what",
            game = crate::players::game_name(self.kind),
            who = who,
            turn = self.turn
        )
    }
}

/// A game read from a file, ready to play: what it is, where it came from, and the game's
/// own reading of it (`get`).
#[derive(Clone)]
pub struct Opened {
    pub summary: Summary,
    pub path: PathBuf,
    /// Given on the command line (a plain record there is for two people to look at).
    pub from_command_line: bool,
    data: Arc<dyn Any + Send + Sync>,
}

impl Opened {
    pub fn new(summary: Summary, path: &Path, data: impl Any + Send + Sync) -> Opened {
        Opened {
            summary,
            path: path.to_path_buf(),
            from_command_line: false,
            data: Arc::new(data),
        }
    }

    /// The game's own reading, when it is of type `T` (each game asks for its own).
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.data.downcast_ref()
    }
}

impl std::fmt::Debug for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opened")
            .field("summary", &self.summary)
            .field("path", &self.path)
            .field("from_command_line", &self.from_command_line)
            .finish_non_exhaustive()
    }
}

/// Open this game (its folder starts the match and shows it).
#[derive(Message, Debug, Clone)]
pub struct OpenGame(pub Opened);
