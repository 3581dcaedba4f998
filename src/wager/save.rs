//! Timeline Wager's kind of file, as the game registers it: a `.wager` record (the
//! format of rules.md), read with the players its tags name.

use super::players::players_of;
use crate::saved_games::{GameFile, Opened, Summary};
use timefork_records::GameKind;

/// Timeline Wager's kind of file: `.wager` (a record read under another name is not
/// recognised as one).
pub const FILE: GameFile = GameFile {
    kind: GameKind::Wager,
    extension: "wager",
    stem: "timeline-wager",
    claims: |_| false,
    last_resort: false,
    read: |path, text| {
        let m = timefork_wager::Match::from_record(text).map_err(|e| e.to_string())?;
        let summary = Summary {
            kind: GameKind::Wager,
            players: players_of(&m),
            turn: m.events().len() / 2 + 1,
        };
        Ok(Opened::new(summary, path, m))
    },
};
