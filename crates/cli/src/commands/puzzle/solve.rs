//! `puzzle solve GAME`: the shortest mate for the player to move in a game's position.
//!
//! Output: `mate in N: <main line>` (movetext from the position), `no mate in N or fewer`,
//! or `unknown (no mate in fewer than K proved)` when a limit stopped the search (exit 1).

use std::path::Path;

use timefork_engine::notation;
use timefork_engine::puzzle::{self, MAX_GOAL, ShortestMate};

use crate::error::CliError;
use crate::input;

pub fn run(
    path: &Path,
    at: Option<usize>,
    max_n: u8,
    max_nodes: u64,
    seconds: f64,
) -> Result<String, CliError> {
    if !(1..=MAX_GOAL).contains(&max_n) {
        return Err(CliError::Input(format!(
            "--max-n must be from 1 to {MAX_GOAL}"
        )));
    }
    let game = input::read_game(path)?;
    let name = input::display_name(path);
    let sel = match at {
        Some(k) => input::Selection::At(k),
        None => input::Selection::Final,
    };
    let (_, pos) = input::select(&game, sel, &name)?.remove(0);
    let limits = super::args::limits(max_nodes, seconds);
    match puzzle::shortest_mate(&pos, max_n, limits) {
        ShortestMate::Found { n, .. } => {
            let s = puzzle::solve(&pos, n, limits).map_err(|e| CliError::Failed(e.to_string()))?;
            Ok(format!(
                "mate in {n}: {}\n",
                notation::write_actions(&pos, &s.line, 1)
            ))
        }
        ShortestMate::None => Ok(format!("no mate in {max_n} or fewer\n")),
        ShortestMate::Unknown { no_mate_below } => Err(CliError::Failed(format!(
            "unknown: a limit stopped the search (no mate in fewer than {no_mate_below} proved)"
        ))),
    }
}
