//! `timefork-cli leaderboard verify FILE`: replays every entry of a leaderboard file and
//! checks that it ends in the human's win from the variant's start (see
//! `timefork_records::leaderboard::verify`). One line per entry, then `N entries verified`;
//! exit 1 if any entry fails, 2 if the file cannot be read.

use crate::error::CliError;
use std::path::Path;
use timefork_records::leaderboard::{Leaderboard, verify};

pub fn verify_file(path: &Path) -> Result<String, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    let board = Leaderboard::from_json(&text)
        .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    let mut out = String::new();
    let mut failed = 0;
    for (i, e) in board.entries.iter().enumerate() {
        let what = format!(
            "{} {} ({} AI) by {}, {} turns",
            e.game.name(),
            e.variant,
            e.level.name(),
            e.name,
            e.turns
        );
        match verify(e) {
            Ok(()) => out.push_str(&format!("ok {}: {what}\n", i + 1)),
            Err(reason) => {
                failed += 1;
                out.push_str(&format!("FAIL {}: {what}: {reason}\n", i + 1));
            }
        }
    }
    if failed > 0 {
        return Err(CliError::Failed(format!(
            "{out}{failed} of {} entries failed",
            board.entries.len()
        )));
    }
    out.push_str(&format!("{} entries verified\n", board.entries.len()));
    Ok(out)
}
