//! Reading games from files or stdin, and choosing which of their states to look at.

use std::io::Read;
use std::path::Path;

use timefork_engine::{Game, Position, notation};

use crate::error::CliError;

/// The name used for a game file in messages (`<stdin>` for `-`).
pub fn display_name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Reads and checks a 5DPGN game from `path` (`-` = stdin).
pub fn read_game(path: &Path) -> Result<Game, CliError> {
    let name = display_name(path);
    let text = if is_stdin(path) {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| CliError::Input(format!("{name}: cannot read: {e}")))?;
        s
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| CliError::Input(format!("{name}: cannot read: {e}")))?
    };
    notation::read_game(&text).map_err(|e| {
        if e.is_no_game() {
            CliError::Input(format!("no game in {name}"))
        } else {
            CliError::Input(format!("{name}: {e}"))
        }
    })
}

/// Which states of a game to look at. State k is the position after the first k actions.
#[derive(Clone, Copy, Debug)]
pub enum Selection {
    Final,
    At(usize),
    Each,
}

/// The selected states as `(k, position)`.
pub fn select(game: &Game, sel: Selection, name: &str) -> Result<Vec<(usize, Position)>, CliError> {
    let n = game.actions.len();
    match sel {
        Selection::Final => Ok(vec![(n, game.position().clone())]),
        Selection::At(k) if k <= n => Ok(vec![(k, game.position_at(k))]),
        Selection::At(k) => Err(CliError::Input(format!(
            "{name}: --at {k} is out of range: the game has {n} action{} (states 0..={n})",
            if n == 1 { "" } else { "s" }
        ))),
        Selection::Each => Ok(game.states().into_iter().enumerate().collect()),
    }
}
