//! `convert`: a game in canonical 5DPGN.

use std::path::Path;

use timefork_engine::notation;

use crate::error::CliError;
use crate::input;

pub fn run(path: &Path) -> Result<String, CliError> {
    let game = input::read_game(path)?;
    let mut text = notation::write_game(&game);
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}
