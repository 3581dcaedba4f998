//! The local leaderboard: a person's wins against the AI, per game, variant and level.
//!
//! Only a game started in the app from a variant's starting position, human against the
//! AI, and won by the human (checkmate in 5D chess; in Kingdrops a win by the rules from a
//! setup made in the app) enters it: never a game between two people, a draw, a
//! resignation, a loss on time, an AI win, or a game loaded or pasted. Each entry keeps
//! its whole game (5DPGN for 5D chess, the game record for Kingdrops), so `verify` can
//! replay it and check that it really ends in the human's win from the variant's start.
//!
//! The file is JSON with a version. Version 1 files (no version field, no games kept)
//! still read; their entries cannot be verified.

use crate::{AiLevel, GameKind, Side};
use serde::{Deserialize, Serialize};

/// The format this code writes.
pub const VERSION: u32 = 2;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Leaderboard {
    /// 1 for files written before the field existed.
    #[serde(default = "version_one")]
    pub version: u32,
    #[serde(default)]
    pub entries: Vec<Entry>,
}

fn version_one() -> u32 {
    1
}

impl Default for Leaderboard {
    fn default() -> Self {
        Leaderboard {
            version: VERSION,
            entries: Vec::new(),
        }
    }
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Entry {
    #[serde(default)]
    pub game: GameKind,
    pub name: String,
    pub variant: String,
    pub level: AiLevel,
    /// Seconds since 1970 (UTC).
    pub date: u64,
    /// Whole turns the game took (an action of each side is one turn).
    pub turns: u32,
    /// Wall-clock seconds from the start of the match to the win.
    pub seconds: u64,
    /// The time control ("10+5"), `None` when untimed.
    #[serde(default)]
    pub clock: Option<String>,
    /// The human's thinking time, in milliseconds.
    #[serde(default)]
    pub time_used_ms: u64,
    #[serde(default)]
    pub human: Side,
    /// The whole game in the game's own text format (5DPGN for 5D chess); empty in
    /// version 1 files.
    #[serde(default)]
    pub record: String,
}

/// An entry of a leaderboard file that does not read: its place in the file (from 0), why,
/// and its JSON text as it was.
#[derive(Debug, Clone, PartialEq)]
pub struct BadEntry {
    pub index: usize,
    pub why: String,
    pub text: String,
}

impl Leaderboard {
    /// Reads a leaderboard file's text; an entry that does not read makes it an error
    /// (`from_json_keeping` keeps the others).
    pub fn from_json(text: &str) -> Result<Leaderboard, String> {
        let (board, bad) = Leaderboard::from_json_keeping(text)?;
        match bad.first() {
            None => Ok(board),
            Some(b) => Err(format!("entry {} does not read: {}", b.index + 1, b.why)),
        }
    }

    /// Reads a leaderboard file's text, keeping every entry that reads; those that do not
    /// come back apart, so one damaged entry costs no other. An error when the file as a
    /// whole is not a leaderboard (or is of a newer version).
    pub fn from_json_keeping(text: &str) -> Result<(Leaderboard, Vec<BadEntry>), String> {
        #[derive(Deserialize)]
        struct Raw {
            #[serde(default = "version_one")]
            version: u32,
            #[serde(default)]
            entries: Vec<serde_json::Value>,
        }
        let raw: Raw =
            serde_json::from_str(text).map_err(|e| format!("not a leaderboard file: {e}"))?;
        if raw.version > VERSION {
            return Err(format!(
                "leaderboard format version {} is newer than this program reads ({VERSION})",
                raw.version
            ));
        }
        let mut entries = Vec::new();
        let mut bad = Vec::new();
        for (index, value) in raw.entries.into_iter().enumerate() {
            match serde_json::from_value::<Entry>(value.clone()) {
                Ok(e) => entries.push(e),
                Err(e) => bad.push(BadEntry {
                    index,
                    why: e.to_string(),
                    text: value.to_string(),
                }),
            }
        }
        let board = Leaderboard {
            version: raw.version,
            entries,
        };
        Ok((board, bad))
    }

    /// The file's text (always written in the current version).
    pub fn to_json(&self) -> String {
        let current = Leaderboard {
            version: VERSION,
            entries: self.entries.clone(),
        };
        serde_json::to_string_pretty(&current).expect("a leaderboard always serializes")
    }

    /// Entries for one game, variant and level, best first (fewest turns, then fastest).
    pub fn table(&self, game: GameKind, variant: &str, level: AiLevel) -> Vec<&Entry> {
        let mut v: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|e| e.game == game && e.variant == variant && e.level == level)
            .collect();
        v.sort_by_key(|e| (e.turns, e.seconds, e.date));
        v
    }

    /// Variants of a game that have entries, in name order.
    pub fn variants(&self, game: GameKind) -> Vec<String> {
        let mut v: Vec<String> = self
            .entries
            .iter()
            .filter(|e| e.game == game)
            .map(|e| e.variant.clone())
            .collect();
        v.sort();
        v.dedup();
        v
    }
}

/// Replays an entry's game and checks what the entry claims: it starts from the named
/// variant's starting position, every turn is legal, it ends in the human's win, and its
/// turn count is right.
pub fn verify(entry: &Entry) -> Result<(), String> {
    if entry.record.trim().is_empty() {
        return Err("no game is recorded (an entry from before games were kept)".into());
    }
    match entry.game {
        GameKind::FiveD => verify_5d(entry),
        GameKind::Wager => verify_wager(entry),
        GameKind::Kingdrops => verify_kingdrops(entry),
    }
}

/// A Timeline Wager entry: the record replays through the rules and clocks, starts from the
/// standard position, and ends in the human's win on points or on the AI's clock (the AI
/// never resigns); `turns` counts the winner's moves.
fn verify_wager(entry: &Entry) -> Result<(), String> {
    use timefork_wager::Match;
    use timefork_wager::chess::Color;
    let m =
        Match::from_record(&entry.record).map_err(|e| format!("the match does not replay: {e}"))?;
    if m.tags().iter().any(|(k, _)| k == "FEN") {
        return Err("the match does not start from the standard position".into());
    }
    let result = m.result().ok_or("the match did not end")?;
    let winner = result.outcome.winner().ok_or("the match ended in a draw")?;
    // The Wager AI never resigns, so a human's win by resignation can only be forged.
    if result.reason == timefork_wager::EndReason::Resignation {
        return Err("the match ends in the AI's resignation, which the AI never offers".into());
    }
    let human = match entry.human {
        Side::White => Color::White,
        Side::Black => Color::Black,
    };
    if winner != human {
        return Err("the human did not win the match".into());
    }
    let moves = m
        .events()
        .iter()
        .filter(|e| e.event.side == winner && e.event.timeline().is_some())
        .count() as u32;
    if moves != entry.turns {
        return Err(format!(
            "the entry says {} moves, the match has {moves}",
            entry.turns
        ));
    }
    Ok(())
}

fn verify_5d(entry: &Entry) -> Result<(), String> {
    use timefork_engine::{Color, GameStatus, game, notation, search::Limits, variants};
    let g =
        notation::read_game(&entry.record).map_err(|e| format!("the game does not replay: {e}"))?;
    let v = variants::by_name(&entry.variant)
        .or_else(|| variants::official_by_name(&entry.variant))
        .ok_or_else(|| format!("there is no variant called \"{}\"", entry.variant))?;
    let start = &g.start;
    let same_start = start.width == v.position.width
        && start.height == v.position.height
        && start.to_move == v.position.to_move
        && start.position_hash() == v.position.position_hash();
    if !same_start {
        return Err(format!(
            "the game does not start from {}'s starting position",
            entry.variant
        ));
    }
    let turns = g.actions.len().div_ceil(2) as u32;
    if turns != entry.turns {
        return Err(format!(
            "the entry says {} turns, the game has {turns}",
            entry.turns
        ));
    }
    let last = g.position();
    let status = game::status(
        last,
        Limits {
            max_nodes: game::MATE_PROOF_NODES,
            stop: None,
        },
    );
    if status != GameStatus::Checkmate {
        return Err(format!(
            "the game does not end in checkmate (the final position is {})",
            status.as_str()
        ));
    }
    let mated = match last.to_move {
        Color::White => Side::White,
        Color::Black => Side::Black,
    };
    if mated != entry.human.opponent() {
        return Err("the AI is not the side that was mated".into());
    }
    Ok(())
}

/// A Kingdrops entry: its record replays from a setup (both sides' 16 pieces on their
/// first two ranks), the game is over, the human's side won it, and the turn count (an
/// action of each side is one turn, as in 5D chess) is the record's.
fn verify_kingdrops(entry: &Entry) -> Result<(), String> {
    use timefork_kingdrops::{Color, Game};
    if entry.variant != KINGDROPS_VARIANT {
        return Err(format!(
            "Kingdrops has one variant, \"{KINGDROPS_VARIANT}\", not \"{}\"",
            entry.variant
        ));
    }
    let g =
        Game::from_record(&entry.record).map_err(|e| format!("the game does not replay: {e}"))?;
    if !g.started_from_setup() {
        return Err("the game does not start from a setup (it starts from a position)".into());
    }
    let turns = g.turns().len().div_ceil(2) as u32;
    if turns != entry.turns {
        return Err(format!(
            "the entry says {} turns, the game has {turns}",
            entry.turns
        ));
    }
    let result = g
        .result()
        .ok_or("the game is not over (nobody has won it)")?;
    let winner = match result.winner {
        Color::White => Side::White,
        Color::Black => Side::Black,
    };
    if winner != entry.human {
        return Err(format!("the human did not win: the game ends {result}"));
    }
    Ok(())
}

/// The variant name Kingdrops entries carry.
pub const KINGDROPS_VARIANT: &str = "Kingdrops";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_one_files_still_read() {
        let old = r#"{"entries":[{"name":"A","variant":"Standard","level":"Easy","date":1,"turns":12,"seconds":40}]}"#;
        let b = Leaderboard::from_json(old).unwrap();
        assert_eq!(b.version, 1);
        assert_eq!(b.entries[0].game, GameKind::FiveD);
        assert_eq!(b.entries[0].human, Side::White);
        assert!(
            verify(&b.entries[0])
                .unwrap_err()
                .contains("no game is recorded")
        );
        // Written back, it is the current version.
        assert!(b.to_json().contains(&format!("\"version\": {VERSION}")));
        let newer = format!(r#"{{"version": {}, "entries": []}}"#, VERSION + 1);
        assert!(
            Leaderboard::from_json(&newer)
                .unwrap_err()
                .contains("newer")
        );
        assert!(
            Leaderboard::from_json("{ half")
                .unwrap_err()
                .contains("not a leaderboard")
        );
    }

    /// One damaged entry (a level no program knows, a missing name) costs only itself.
    #[test]
    fn a_bad_entry_is_kept_apart_and_the_good_ones_read() {
        let text = r#"{"version": 2, "entries": [
            {"name":"A","variant":"Standard","level":"Easy","date":1,"turns":12,"seconds":40},
            {"name":"B","variant":"Standard","level":"Grandmaster","date":2,"turns":9,"seconds":30},
            {"variant":"Standard","level":"Hard","date":3,"turns":7,"seconds":20},
            {"name":"D","variant":"Standard","level":"Hard","date":4,"turns":20,"seconds":90}
        ]}"#;
        let (board, bad) = Leaderboard::from_json_keeping(text).unwrap();
        let names: Vec<&str> = board.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["A", "D"]);
        assert_eq!(bad.iter().map(|b| b.index).collect::<Vec<_>>(), [1, 2]);
        assert!(bad[0].text.contains("Grandmaster"), "{:?}", bad[0]);
        assert!(bad[1].why.contains("name"), "{:?}", bad[1]);
        assert!(
            Leaderboard::from_json(text)
                .unwrap_err()
                .contains("entry 2 does not read")
        );
    }

    #[test]
    fn tables_sort_by_turns_then_time_per_game() {
        let mk = |game, turns, seconds| Entry {
            game,
            name: "A".into(),
            variant: "Standard".into(),
            level: AiLevel::Easy,
            date: 1,
            turns,
            seconds,
            clock: None,
            time_used_ms: 0,
            human: Side::White,
            record: String::new(),
        };
        let b = Leaderboard {
            version: VERSION,
            entries: vec![
                mk(GameKind::FiveD, 30, 5),
                mk(GameKind::FiveD, 12, 90),
                mk(GameKind::Kingdrops, 3, 1),
                mk(GameKind::FiveD, 12, 40),
            ],
        };
        let t: Vec<_> = b
            .table(GameKind::FiveD, "Standard", AiLevel::Easy)
            .iter()
            .map(|e| (e.turns, e.seconds))
            .collect();
        assert_eq!(t, vec![(12, 40), (12, 90), (30, 5)]);
        assert!(
            b.table(GameKind::FiveD, "Standard", AiLevel::Hard)
                .is_empty()
        );
        assert_eq!(b.variants(GameKind::Wager), Vec::<String>::new());
    }
}
