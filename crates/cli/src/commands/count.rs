//! `count`: the number of legal actions for the player to move.

use std::path::Path;

use timefork_engine::search::{self, Limits, Outcome};

use crate::error::CliError;
use crate::input::{self, Selection};

pub fn run(path: &Path, sel: Selection, cap: u64) -> Result<String, CliError> {
    let name = input::display_name(path);
    let game = input::read_game(path)?;
    let mut counts = Vec::new();
    for (k, pos) in input::select(&game, sel, &name)? {
        match search::count_actions(&pos, cap, Limits::default()) {
            Outcome::Done(n) => counts.push(n.to_string()),
            Outcome::Unknown => {
                return Err(CliError::Failed(format!(
                    "{name}: state {k}: the search stopped before it finished"
                )));
            }
        }
    }
    Ok(format!("{}\n", counts.join(" ")))
}
