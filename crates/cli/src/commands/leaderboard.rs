//! `timefork-cli leaderboard verify FILE`: replays every entry of a leaderboard file and
//! checks that it ends in the human's win from the variant's start (see
//! `timefork_records::leaderboard::verify`). One line per entry (an entry that does not
//! read is a FAIL too, in its place), then `N entries verified`; exit 1 if any entry fails,
//! 2 if the file cannot be read as a leaderboard at all.

use crate::error::CliError;
use std::path::Path;
use timefork_records::leaderboard::{Leaderboard, verify};

pub fn verify_file(path: &Path) -> Result<String, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    let (board, bad) = Leaderboard::from_json_keeping(&text)
        .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    let total = board.entries.len() + bad.len();
    // Each entry by its place in the file, the unreadable ones among them.
    let mut lines: Vec<(usize, String)> = bad
        .iter()
        .map(|b| {
            (
                b.index,
                format!("FAIL {}: the entry does not read: {}\n", b.index + 1, b.why),
            )
        })
        .collect();
    let mut failed = bad.len();
    let mut places = (0..total).filter(|i| !bad.iter().any(|b| b.index == *i));
    for e in &board.entries {
        let i = places.next().expect("a place for every entry that reads");
        let what = format!(
            "{} {} ({} AI) by {}, {} turns",
            e.game.name(),
            e.variant,
            e.level.name(),
            e.name,
            e.turns
        );
        match verify(e) {
            Ok(()) => lines.push((i, format!("ok {}: {what}\n", i + 1))),
            Err(reason) => {
                failed += 1;
                lines.push((i, format!("FAIL {}: {what}: {reason}\n", i + 1)));
            }
        }
    }
    lines.sort_by_key(|(i, _)| *i);
    let mut out: String = lines.into_iter().map(|(_, l)| l).collect();
    if failed > 0 {
        return Err(CliError::Failed(format!(
            "{out}{failed} of {total} entries failed"
        )));
    }
    out.push_str(&format!("{total} entries verified\n"));
    Ok(out)
}
