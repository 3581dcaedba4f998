//! The local leaderboard file, shared by every game: `leaderboard.json` in the config
//! directory, in the format of `timefork_records::leaderboard` (each entry keeps its whole
//! game so `timefork-cli leaderboard verify` can replay it). Written atomically (a
//! temporary file, then a rename) so a crash cannot leave it half written; a damaged file
//! is kept aside as `.damaged`. Each game decides which of its wins earn an entry.

use crate::files;
use crate::players::{AiLevel, Player};
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};
pub use timefork_records::leaderboard::{Entry, Leaderboard};
use timefork_records::{GameKind, Side};

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<LeaderboardFile>() {
        app.insert_resource(LeaderboardFile(leaderboard_path()));
    }
}

/// Where this app keeps its leaderboard (tests point it elsewhere).
#[derive(Resource, Debug, Clone)]
pub struct LeaderboardFile(pub PathBuf);

pub fn leaderboard_path() -> PathBuf {
    files::config_dir().join("leaderboard.json")
}

/// Reads the board; a missing file is an empty board. A file that is not a leaderboard is
/// kept aside (renamed `.damaged`) rather than overwritten, and an empty board is used. An
/// entry that does not read costs only itself: the bad entries are written aside
/// (`leaderboard.json.damaged`, each with why) and the file is written again with the good
/// ones.
pub fn load(path: &Path) -> Leaderboard {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Leaderboard::default();
    };
    match Leaderboard::from_json_keeping(&text) {
        Ok((board, bad)) if bad.is_empty() => board,
        Ok((board, bad)) => {
            set_bad_entries_aside(path, &board, &bad);
            board
        }
        Err(e) => {
            match files::set_aside(path) {
                Ok(aside) => warn!("{}: {e}; kept aside as {}", path.display(), aside.display()),
                Err(io) => warn!("{}: {e}; could not set it aside: {io}", path.display()),
            }
            Leaderboard::default()
        }
    }
}

/// Writes the entries that do not read to a file of their own beside the board (never
/// over an earlier one), then the board without them.
fn set_bad_entries_aside(
    path: &Path,
    board: &Leaderboard,
    bad: &[timefork_records::leaderboard::BadEntry],
) {
    let kept: Vec<serde_json::Value> = bad
        .iter()
        .map(|b| {
            serde_json::json!({
                "index": b.index,
                "why": b.why,
                "entry": serde_json::from_str::<serde_json::Value>(&b.text)
                    .unwrap_or(serde_json::Value::String(b.text.clone())),
            })
        })
        .collect();
    let text = serde_json::to_string_pretty(&kept).unwrap_or_default();
    let aside = files::aside_path(path);
    let whys: Vec<String> = bad
        .iter()
        .map(|b| format!("entry {}: {}", b.index + 1, b.why))
        .collect();
    if let Err(e) = files::write_atomically(&aside, text.as_bytes()) {
        // Nothing is rewritten when the bad entries could not be kept.
        warn!(
            "{}: {} do not read ({}); could not keep them aside: {e}",
            path.display(),
            bad.len(),
            whys.join("; ")
        );
        return;
    }
    warn!(
        "{}: {} entr{} kept aside in {} ({}); the other {} stay",
        path.display(),
        bad.len(),
        if bad.len() == 1 { "y" } else { "ies" },
        aside.display(),
        whys.join("; "),
        board.entries.len()
    );
    if let Err(e) = save(board, path) {
        warn!("could not write {} again: {e}", path.display());
    }
}

pub fn save(board: &Leaderboard, path: &Path) -> std::io::Result<()> {
    files::write_atomically(path, board.to_json().as_bytes())
}

/// Adds an entry to the file (read, add, write back).
pub fn add(path: &Path, entry: Entry) {
    let mut board = load(path);
    board.entries.push(entry);
    if let Err(err) = save(&board, path) {
        error!(
            "could not save the leaderboard to {}: {err}",
            path.display()
        );
    }
}

/// The level of the AI a person beat: `Some` only when the winner is a person and the
/// loser the AI (the one kind of win the leaderboard keeps).
pub fn ai_beaten(winner: Player, loser: Player) -> Option<AiLevel> {
    match (winner, loser) {
        (Player::Human, Player::Ai(level)) => Some(level),
        _ => None,
    }
}

/// A person's win over the AI as a game tells it; each game's `records` decides which of
/// its wins count, and this makes the entry the same way for all of them.
pub struct Win {
    pub game: GameKind,
    pub variant: String,
    pub level: AiLevel,
    /// Whole turns (an action of each side is one); in Timeline Wager, where both sides
    /// move at once, the winner's moves.
    pub turns: u32,
    pub started_at: SystemTime,
    pub clock: Option<String>,
    /// The person's thinking time: the time they had the move (their clock's use in 5D
    /// chess). Timeline Wager has none to give (both sides move at once): zero.
    pub thinking: Duration,
    pub human: Side,
    /// The whole game in its own text format.
    pub record: String,
}

impl Win {
    /// The entry, for the player named `name`, won at `now`.
    pub fn entry(self, name: &str, now: SystemTime) -> Entry {
        Entry {
            game: self.game,
            name: player_name(name),
            variant: self.variant,
            level: self.level,
            date: unix_secs(now),
            turns: self.turns,
            seconds: now
                .duration_since(self.started_at)
                .map(|d| d.as_secs())
                .unwrap_or(0),
            clock: self.clock,
            time_used_ms: self.thinking.as_millis() as u64,
            human: self.human,
            record: self.record,
        }
    }
}

/// Seconds since 1970 of a time (0 before it).
pub fn unix_secs(t: std::time::SystemTime) -> u64 {
    t.duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// The name a player gave, or "Player".
pub fn player_name(name: &str) -> String {
    if name.trim().is_empty() {
        "Player".into()
    } else {
        name.trim().into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_persists_and_survives_damage() {
        let dir = std::env::temp_dir().join(format!("timefork-lb-{}", std::process::id()));
        let p = dir.join("leaderboard.json");
        assert_eq!(load(&p), Leaderboard::default());
        let e = Entry {
            game: timefork_records::GameKind::FiveD,
            name: "A".into(),
            variant: "Standard".into(),
            level: crate::players::AiLevel::Easy,
            date: 1,
            turns: 12,
            seconds: 40,
            clock: Some("10+5".into()),
            time_used_ms: 1000,
            human: timefork_records::Side::White,
            record: "1. e4".into(),
        };
        add(&p, e.clone());
        assert_eq!(load(&p).entries, vec![e.clone()]);
        std::fs::write(&p, "{ half written").unwrap();
        assert_eq!(load(&p), Leaderboard::default());
        assert!(
            p.with_extension("json.damaged").exists(),
            "the damaged file is kept"
        );
        // One bad entry among good ones: only it is set aside, beside the first.
        add(&p, e.clone());
        let mut text = std::fs::read_to_string(&p).unwrap();
        text = text.replace("\"entries\": [", "\"entries\": [{\"name\": \"no level\"}, ");
        std::fs::write(&p, &text).unwrap();
        assert_eq!(load(&p).entries, vec![e.clone()]);
        let aside = std::fs::read_to_string(dir.join("leaderboard.json.damaged-2")).unwrap();
        assert!(
            aside.contains("no level") && aside.contains("\"index\": 0"),
            "{aside}"
        );
        // Written again without it: read once more, nothing more is set aside.
        assert_eq!(load(&p).entries, vec![e]);
        assert!(!dir.join("leaderboard.json.damaged-3").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
