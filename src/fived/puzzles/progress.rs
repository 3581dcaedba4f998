//! Which puzzles the player has solved: `puzzles.json` in the config folder, written
//! atomically after each solve. A damaged file is kept aside as `puzzles.json.damaged`
//! and an empty set is used, as the leaderboard does.
//!
//! ```json
//! {"version":1,"solved":["easy/01-focused-just-rooks","medium/02-small-centered"]}
//! ```
//!
//! Ids the list does not have (a puzzle from another version) are kept and written back.

use crate::files;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub const PROGRESS_VERSION: u32 = 1;

/// Where this app keeps the solved set (tests point it elsewhere).
#[derive(Resource, Debug, Clone)]
pub struct PuzzleProgressFile(pub PathBuf);

/// The progress file's name in the settings folder.
pub const PROGRESS_FILE: &str = "puzzles.json";

/// The solved set, as read from `from` (read again when the file resource changes).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct SolvedPuzzles {
    pub solved: BTreeSet<String>,
    pub from: Option<PathBuf>,
}

impl SolvedPuzzles {
    pub fn contains(&self, id: &str) -> bool {
        self.solved.contains(id)
    }
}

#[derive(Serialize, Deserialize)]
struct ProgressJson {
    version: u32,
    solved: Vec<String>,
}

/// Reads the solved set; a missing file is an empty set. A file that cannot be read as
/// one (damaged, or from a newer version) is renamed `.damaged` and an empty set used.
pub fn load(path: &Path) -> BTreeSet<String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return BTreeSet::new();
    };
    let parsed = serde_json::from_str::<ProgressJson>(&text)
        .map_err(|e| e.to_string())
        .and_then(|p| {
            if p.version > PROGRESS_VERSION {
                Err(format!(
                    "format version {} is newer than this build",
                    p.version
                ))
            } else {
                Ok(p.solved.into_iter().collect())
            }
        });
    parsed.unwrap_or_else(|e| {
        warn!("{}: {e}; keeping it aside as .damaged", path.display());
        let _ = std::fs::rename(path, path.with_extension("json.damaged"));
        BTreeSet::new()
    })
}

pub fn save(solved: &BTreeSet<String>, path: &Path) -> std::io::Result<()> {
    let json = ProgressJson {
        version: PROGRESS_VERSION,
        solved: solved.iter().cloned().collect(),
    };
    let text = serde_json::to_string(&json).map_err(std::io::Error::other)?;
    files::write_atomically(path, text.as_bytes())
}

/// Reads the file when the app starts and whenever the file resource names another one.
pub(super) fn load_progress(file: Res<PuzzleProgressFile>, mut solved: ResMut<SolvedPuzzles>) {
    if solved.from.as_ref() != Some(&file.0) {
        *solved = SolvedPuzzles {
            solved: load(&file.0),
            from: Some(file.0.clone()),
        };
    }
}

/// Marks a puzzle solved and writes the file (a write that fails is logged; the mark
/// stays for this session).
pub fn mark_solved(solved: &mut SolvedPuzzles, file: &PuzzleProgressFile, id: &str) {
    if solved.solved.insert(id.to_string())
        && let Err(e) = save(&solved.solved, &file.0)
    {
        error!(
            "could not save the solved puzzles to {}: {e}",
            file.0.display()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_round_trips_and_a_newer_or_damaged_file_is_kept_aside() {
        let dir = std::env::temp_dir().join(format!("timefork-pz-{}", std::process::id()));
        let p = dir.join("puzzles.json");
        assert!(load(&p).is_empty(), "no file: nothing solved");
        let set: BTreeSet<String> = ["medium/02-x".to_string(), "easy/01-y".into()].into();
        save(&set, &p).unwrap();
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            r#"{"version":1,"solved":["easy/01-y","medium/02-x"]}"#
        );
        assert_eq!(load(&p), set);
        std::fs::write(&p, r#"{"version":7,"solved":[]}"#).unwrap();
        assert!(load(&p).is_empty());
        assert!(p.with_extension("json.damaged").exists());
        assert!(!p.exists(), "moved aside, not left to be overwritten");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
