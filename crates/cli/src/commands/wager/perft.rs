//! `wager perft FEN DEPTH [--divide]`.

use timefork_wager::chess::{fen, perft};

use crate::error::CliError;

/// Deeper than this takes hours.
const MAX_DEPTH: u32 = 10;

pub fn run(fen_text: &str, depth: u32, divide: bool) -> Result<String, CliError> {
    let board = fen::parse(fen_text).map_err(|e| CliError::Input(e.to_string()))?;
    if depth > MAX_DEPTH {
        return Err(CliError::Input(format!(
            "depth {depth} is above the limit of {MAX_DEPTH}"
        )));
    }
    if !divide {
        return Ok(format!("{}\n", perft::perft(&board, depth)));
    }
    if depth == 0 {
        return Err(CliError::Input(
            "--divide needs a depth of at least 1".to_string(),
        ));
    }
    let mut out = String::new();
    let mut total = 0;
    for (mv, n) in perft::divide(&board, depth) {
        out.push_str(&format!("{mv} {n}\n"));
        total += n;
    }
    out.push_str(&format!("\n{total}\n"));
    Ok(out)
}
