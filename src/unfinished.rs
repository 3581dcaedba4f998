//! Unfinished games of every kind, kept so that leaving through Menu (or closing the
//! window) loses nothing: each game writes its match to a file of its own under
//! `unfinished/` in the settings folder after every turn and when it is left (atomic
//! writes, the games' own file formats), and removes it when the game ends. The title
//! offers the newest as Continue; the load screen lists them first. A file the player
//! chooses (on the load screen, from Continue, dropped, or in a file dialog) opens here
//! (`open_chosen`), so a kept one goes on in its own file.

use crate::saved_games::{GameFile, GameFiles, OpenGame, OpenProblem, Summary};
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<UnfinishedDir>() {
        app.insert_resource(UnfinishedDir(crate::files::config_dir().join("unfinished")));
    }
    app.init_resource::<Continuing>();
    app.init_resource::<SetAsideNote>();
    app.add_systems(Update, open_dropped);
}

/// Where unfinished games are kept (tests point it elsewhere).
#[derive(Resource, Debug, Clone)]
pub struct UnfinishedDir(pub PathBuf);

impl UnfinishedDir {
    /// A fresh file for a new game of this kind.
    pub fn new_file(&self, file: &GameFile) -> PathBuf {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.0
            .join(format!("{}-{ms}-{n}.{}", file.stem, file.extension))
    }

    /// Whether `path` is one of the kept games (so a game opened from it goes on there).
    pub fn holds(&self, path: &Path) -> bool {
        path.parent() == Some(self.0.as_path())
    }

    /// The saves folder beside it (where a finished Wager record goes).
    pub fn saves_beside(&self) -> PathBuf {
        self.0
            .parent()
            .map_or_else(crate::files::saves_dir, |p| p.join("saves"))
    }

    /// The kept games of the registered kinds, newest first.
    pub fn list(&self, files: &GameFiles) -> Vec<PathBuf> {
        crate::files::list_games(&self.0, &files.extensions())
    }
}

/// The kept file the game being opened came from: the game that starts next takes it and
/// goes on writing there (no second copy).
#[derive(Resource, Default, Debug, Clone)]
pub struct Continuing(pub Option<PathBuf>);

/// Where a game's match is kept, for the match it was made for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Kept {
    pub match_id: u64,
    pub path: Option<PathBuf>,
    /// How many turns the file holds (written again when this changes).
    pub written: Option<usize>,
}

impl Kept {
    /// A new match (another id): it is kept where it was opened from, or in a new file
    /// when `keep` says it should be kept at all.
    pub fn follow(
        &mut self,
        match_id: u64,
        keep: bool,
        file: &GameFile,
        dir: &UnfinishedDir,
        continuing: &mut Continuing,
    ) {
        if self.match_id == match_id {
            return;
        }
        let from = continuing.0.take();
        *self = Kept {
            match_id,
            path: keep.then(|| from.unwrap_or_else(|| dir.new_file(file))),
            written: None,
        };
    }

    /// Writes `text` when the game has moved on by a turn (or `force`); a finished game
    /// is no longer kept.
    pub fn write(&mut self, turns: usize, over: bool, force: bool, text: impl FnOnce() -> String) {
        let Some(path) = &self.path else { return };
        // A game not begun (or taken back to its start) is nothing to continue.
        if over || turns == 0 {
            let _ = std::fs::remove_file(path);
            if over {
                self.path = None;
            }
            self.written = None;
            return;
        }
        if self.written == Some(turns) && !force {
            return;
        }
        match crate::files::write_atomically(path, text().as_bytes()) {
            Ok(()) => self.written = Some(turns),
            Err(e) => warn!("could not keep the game in {}: {e}", path.display()),
        }
    }
}

/// Which kept files did not read and were set aside (as `.damaged`), and why: shown as a
/// warning until dismissed.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct SetAsideNote(pub Vec<SetAside>);

/// A kept file that did not read: why, and where it was set aside (or why it could not
/// be). Its words are made when shown, in the language of that moment.
#[derive(Debug, Clone, PartialEq)]
pub struct SetAside {
    pub why: String,
    pub aside: Result<PathBuf, String>,
}

impl SetAside {
    pub fn text(&self) -> String {
        match &self.aside {
            Ok(aside) => tr!(
                "unfinished-damaged",
                why = self.why.clone(),
                aside = aside.display().to_string()
            ),
            Err(e) => tr!(
                "unfinished-damaged-kept",
                why = self.why.clone(),
                error = e.clone()
            ),
        }
    }
}

/// The kept games that read, newest first, each with what it is; and each kept file that
/// does not read: it is set aside as `.damaged` (never deleted) so it is not offered
/// again, and what it was and why is returned.
pub fn kept_games(
    dir: &UnfinishedDir,
    files: &GameFiles,
) -> (Vec<(PathBuf, Summary)>, Vec<SetAside>) {
    let mut games = Vec::new();
    let mut problems = Vec::new();
    for path in dir.list(files) {
        match files.open(&path).map(|o| o.summary) {
            Ok(s) => games.push((path, s)),
            // Gone since it was listed (its game ended elsewhere): nothing to say.
            Err(_) if !path.exists() => {}
            Err(why) => {
                let aside = crate::files::set_aside(&path).map_err(|e| e.to_string());
                let set_aside = SetAside { why, aside };
                warn!("{}", set_aside.text());
                problems.push(set_aside);
            }
        }
    }
    (games, problems)
}

/// The newest kept game that reads, with what it is, and the files `kept_games` set aside.
pub fn newest(
    dir: &UnfinishedDir,
    files: &GameFiles,
) -> (Option<(PathBuf, Summary)>, Vec<SetAside>) {
    let (games, problems) = kept_games(dir, files);
    (games.into_iter().next(), problems)
}

/// A game file dropped onto the window opens as if chosen on the load screen (an
/// unfinished one goes on in its own file).
fn open_dropped(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    mut out: MessageWriter<OpenGame>,
    files: Res<GameFiles>,
    dir: Res<UnfinishedDir>,
    mut continuing: ResMut<Continuing>,
    mut problem: ResMut<OpenProblem>,
) {
    for d in drops.read() {
        let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = d else {
            continue;
        };
        problem.0 = open_chosen(path_buf, &files, &dir, &mut continuing, &mut out).err();
    }
}

/// Opens a file the player chose (on the load screen, from Continue, dropped, or picked
/// in a file dialog): a kept unfinished game goes on in its own file. The error says why
/// it did not open; the caller shows it where the player looks.
pub fn open_chosen(
    path: &Path,
    files: &GameFiles,
    dir: &UnfinishedDir,
    continuing: &mut Continuing,
    out: &mut MessageWriter<OpenGame>,
) -> Result<(), String> {
    let o = files.open(path)?;
    continuing.0 = dir.holds(path).then(|| path.to_path_buf());
    out.write(OpenGame(o));
    Ok(())
}
