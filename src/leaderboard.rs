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

/// Reads the board; a missing file is an empty board. A damaged file is kept aside
/// (renamed `.damaged`) rather than overwritten, and an empty board is used.
pub fn load(path: &Path) -> Leaderboard {
    match std::fs::read_to_string(path) {
        Ok(t) => Leaderboard::from_json(&t).unwrap_or_else(|e| {
            match files::set_aside(path) {
                Ok(aside) => warn!("{}: {e}; kept aside as {}", path.display(), aside.display()),
                Err(io) => warn!("{}: {e}; could not set it aside: {io}", path.display()),
            }
            Leaderboard::default()
        }),
        Err(_) => Leaderboard::default(),
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
        assert_eq!(load(&p).entries, vec![e]);
        std::fs::write(&p, "{ half written").unwrap();
        assert_eq!(load(&p), Leaderboard::default());
        assert!(
            p.with_extension("json.damaged").exists(),
            "the damaged file is kept"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
