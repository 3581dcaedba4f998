//! Which lessons the player has finished: `tutorial.json` in the folder of the solved
//! puzzles (`puzzles.json`), in the same format and with the same care (written atomically,
//! a damaged file kept aside), so it reuses the puzzles' reader and writer:
//!
//! ```json
//! {"version":1,"solved":["board","time"]}
//! ```

use crate::fived::puzzles::PuzzleProgressFile;
use crate::fived::puzzles::progress::{PROGRESS_FILE, load, save};
use bevy::prelude::*;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Where this app keeps the finished lessons (tests point it elsewhere).
#[derive(Resource, Debug, Clone)]
pub struct TutorialProgressFile(pub PathBuf);

/// Beside the puzzles' file, wherever that is, else in the app's settings folder (a
/// headless app keeps both in a temporary folder).
pub fn progress_path(world: &World) -> TutorialProgressFile {
    let puzzles = world.get_resource::<PuzzleProgressFile>().map_or_else(
        || crate::files::ConfigDir::of(world).join(PROGRESS_FILE),
        |p| p.0.clone(),
    );
    TutorialProgressFile(puzzles.with_file_name("tutorial.json"))
}

/// The finished lessons, as read from `from` (read again when the file resource changes).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct FinishedLessons {
    pub finished: BTreeSet<String>,
    pub from: Option<PathBuf>,
}

impl FinishedLessons {
    pub fn contains(&self, id: &str) -> bool {
        self.finished.contains(id)
    }
}

/// Reads the file when the app starts and whenever the file resource names another one.
pub(super) fn load_progress(file: Res<TutorialProgressFile>, mut done: ResMut<FinishedLessons>) {
    if done.from.as_ref() != Some(&file.0) {
        *done = FinishedLessons {
            finished: load(&file.0),
            from: Some(file.0.clone()),
        };
    }
}

/// Marks a lesson finished and writes the file (a write that fails is logged; the mark
/// stays for this session).
pub fn mark_finished(done: &mut FinishedLessons, file: &TutorialProgressFile, id: &str) {
    if done.finished.insert(id.to_string())
        && let Err(e) = save(&done.finished, &file.0)
    {
        error!(
            "could not save the finished lessons to {}: {e}",
            file.0.display()
        );
    }
}
