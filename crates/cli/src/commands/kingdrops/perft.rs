//! `kingdrops perft`: the number of legal turn sequences to a depth (rules.md section 3).

use timefork_kingdrops::{perft, perft_divide};

use super::read_kfen;
use crate::error::CliError;

pub fn run(kfen: &str, depth: u32, divide: bool) -> Result<String, CliError> {
    let pos = read_kfen(kfen)?;
    if !divide {
        return Ok(format!("{}\n", perft(&pos, depth)));
    }
    let mut rows: Vec<(String, u64)> = perft_divide(&pos, depth)
        .into_iter()
        .map(|(t, n)| (t.to_string(), n))
        .collect();
    rows.sort_unstable();
    let mut out = String::new();
    let mut total = 0;
    for (t, n) in rows {
        out.push_str(&format!("{t} {n}\n"));
        total += n;
    }
    out.push_str(&format!("total {total}\n"));
    Ok(out)
}
