//! `kingdrops turns`: every legal turn, one a line, sorted.

use super::read_kfen;
use crate::error::CliError;

pub fn run(kfen: &str) -> Result<String, CliError> {
    let pos = read_kfen(kfen)?;
    let mut turns: Vec<String> = pos.legal_turns().iter().map(|t| t.to_string()).collect();
    turns.sort_unstable();
    let mut out = String::new();
    for t in turns {
        out.push_str(&t);
        out.push('\n');
    }
    Ok(out)
}
