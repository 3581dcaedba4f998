//! The local leaderboard (seed 002): only a human's win by checkmate against the AI enters
//! it; games between two people, draws, resignations and AI wins never do. Kept per variant
//! and level in `leaderboard.json` in the config directory, written atomically (a temporary
//! file, then a rename) so a crash cannot leave it half written.

use crate::files;
use crate::matchplay::{AiLevel, Match, MatchEvent, Outcome, Player, color_index};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<LeaderboardFile>() {
        app.insert_resource(LeaderboardFile(leaderboard_path()));
    }
    app.add_systems(
        Update,
        record_wins
            .after(crate::matchplay::MatchSystems::Mirror)
            .run_if(resource_exists::<Match>),
    );
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Entry {
    pub name: String,
    pub variant: String,
    pub level: AiLevel,
    /// Seconds since 1970 (UTC).
    pub date: u64,
    /// Whole turns (both sides' actions) the game took.
    pub turns: u32,
    /// Wall-clock seconds from the start of the match to the mate.
    pub seconds: u64,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
pub struct Leaderboard {
    pub entries: Vec<Entry>,
}

/// Where this app keeps its leaderboard (tests point it elsewhere).
#[derive(Resource, Debug, Clone)]
pub struct LeaderboardFile(pub PathBuf);

pub fn leaderboard_path() -> PathBuf {
    files::config_dir().join("leaderboard.json")
}

impl Leaderboard {
    /// Reads the board; a missing file is an empty board. A damaged file is kept aside
    /// (renamed `.damaged`) rather than overwritten, and an empty board is used.
    pub fn load(path: &Path) -> Leaderboard {
        match std::fs::read_to_string(path) {
            Ok(t) => serde_json::from_str(&t).unwrap_or_else(|e| {
                warn!("{}: {e}; keeping it aside as .damaged", path.display());
                let _ = std::fs::rename(path, path.with_extension("json.damaged"));
                Leaderboard::default()
            }),
            Err(_) => Leaderboard::default(),
        }
    }

    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let t = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        files::write_atomically(path, t.as_bytes())
    }

    /// Entries for one variant and level, best first (fewest turns, then fastest).
    pub fn table(&self, variant: &str, level: AiLevel) -> Vec<&Entry> {
        let mut v: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|e| e.variant == variant && e.level == level)
            .collect();
        v.sort_by_key(|e| (e.turns, e.seconds, e.date));
        v
    }

    /// Variants that have entries, in name order.
    pub fn variants(&self) -> Vec<String> {
        let mut v: Vec<String> = self.entries.iter().map(|e| e.variant.clone()).collect();
        v.sort();
        v.dedup();
        v
    }
}

/// The entry a finished match earns, if it earns one: a checkmate won by a human
/// against an AI.
pub fn entry_for(m: &Match, name: &str, now: std::time::SystemTime) -> Option<Entry> {
    let Some(Outcome::Checkmate { winner }) = m.outcome else {
        return None;
    };
    let (Player::Human, Player::Ai(level)) = (
        m.players[color_index(winner)],
        m.players[color_index(winner.opponent())],
    ) else {
        return None;
    };
    let secs = |t: std::time::SystemTime| {
        t.duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    };
    Some(Entry {
        name: if name.trim().is_empty() {
            "Player".into()
        } else {
            name.trim().into()
        },
        variant: m.game.header("Board").unwrap_or("custom").to_string(),
        level,
        date: secs(now),
        turns: m.game.actions.len().div_ceil(2) as u32,
        seconds: now
            .duration_since(m.started_at)
            .map(|d| d.as_secs())
            .unwrap_or(0),
    })
}

fn record_wins(
    mut events: MessageReader<MatchEvent>,
    m: Res<Match>,
    settings: Res<crate::settings::Settings>,
    file: Res<LeaderboardFile>,
) {
    for e in events.read() {
        if let MatchEvent::Over(_) = e
            && let Some(entry) = entry_for(&m, &settings.player_name, std::time::SystemTime::now())
        {
            let path = &file.0;
            let mut board = Leaderboard::load(path);
            board.entries.push(entry);
            if let Err(err) = board.save(path) {
                error!(
                    "could not save the leaderboard to {}: {err}",
                    path.display()
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use timefork_engine::Color;

    fn finished(players: [Player; 2], outcome: Outcome) -> Match {
        let mut m = Match::from_variant("Standard", players).unwrap();
        m.finish(outcome);
        m
    }

    #[test]
    fn only_human_checkmates_of_the_ai_count() {
        let now = std::time::SystemTime::now();
        let human_wins = finished(
            [Player::Human, Player::Ai(AiLevel::Hard)],
            Outcome::Checkmate {
                winner: Color::White,
            },
        );
        let e = entry_for(&human_wins, " Ada ", now).unwrap();
        assert_eq!(
            (e.name.as_str(), e.variant.as_str(), e.level),
            ("Ada", "Standard", AiLevel::Hard)
        );
        let ai_wins = finished(
            [Player::Human, Player::Ai(AiLevel::Hard)],
            Outcome::Checkmate {
                winner: Color::Black,
            },
        );
        assert!(entry_for(&ai_wins, "Ada", now).is_none());
        let two_people = finished(
            [Player::Human; 2],
            Outcome::Checkmate {
                winner: Color::White,
            },
        );
        assert!(entry_for(&two_people, "Ada", now).is_none());
        let resign = finished(
            [Player::Ai(AiLevel::Easy), Player::Human],
            Outcome::Resignation {
                winner: Color::Black,
            },
        );
        assert!(entry_for(&resign, "Ada", now).is_none());
        let stalemate = finished(
            [Player::Human, Player::Ai(AiLevel::Easy)],
            Outcome::Stalemate,
        );
        assert!(entry_for(&stalemate, "Ada", now).is_none());
    }

    #[test]
    fn board_persists_sorts_and_survives_damage() {
        let dir = std::env::temp_dir().join(format!("timefork-lb-{}", std::process::id()));
        let p = dir.join("leaderboard.json");
        let mk = |turns, seconds| Entry {
            name: "A".into(),
            variant: "Standard".into(),
            level: AiLevel::Easy,
            date: 1,
            turns,
            seconds,
        };
        let b = Leaderboard {
            entries: vec![mk(30, 5), mk(12, 90), mk(12, 40)],
        };
        b.save(&p).unwrap();
        let back = Leaderboard::load(&p);
        assert_eq!(back, b);
        let t: Vec<_> = back
            .table("Standard", AiLevel::Easy)
            .iter()
            .map(|e| (e.turns, e.seconds))
            .collect();
        assert_eq!(t, vec![(12, 40), (12, 90), (30, 5)]);
        assert!(back.table("Standard", AiLevel::Hard).is_empty());
        std::fs::write(&p, "{ half written").unwrap();
        assert_eq!(Leaderboard::load(&p), Leaderboard::default());
        assert!(
            p.with_extension("json.damaged").exists(),
            "the damaged file is kept"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
