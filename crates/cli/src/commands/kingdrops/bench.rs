//! `kingdrops bench`: perft speed (turns per second) on fixed positions.

use std::time::Instant;

use timefork_kingdrops::{Position, perft};

use crate::error::CliError;

/// The positions timed: the standard start, a middle game from random play with prisons
/// and a reserve, and a sparse ending with drops.
const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "rbgqkgbr/ssssaaaa/8/8/8/8/AAAASSSS/RBGQKGBR w - - - -",
    ),
    (
        "middle",
        "r1g1kgb1/s1s1aa1r/1s2a3/3S1q2/2aA4/1A1G1S2/A1SB1K2/R2Q2BR w G - b -",
    ),
    ("ending", "6k1/5s2/2r5/8/3Ab3/8/1G3S2/3K4 b RB g - -"),
];

pub fn run(max_depth: u32) -> Result<String, CliError> {
    if !(1..=3).contains(&max_depth) {
        return Err(CliError::Input(format!(
            "--depth {max_depth}: choose 1, 2 or 3"
        )));
    }
    let mut out = String::new();
    let mut all_turns = 0u64;
    let mut all_secs = 0f64;
    for (name, kfen) in POSITIONS {
        let pos = Position::from_kfen(kfen)
            .map_err(|e| CliError::Failed(format!("bench position {name}: {e}")))?;
        for depth in 1..=max_depth {
            let t0 = Instant::now();
            let n = perft(&pos, depth);
            let secs = t0.elapsed().as_secs_f64();
            all_turns += n;
            all_secs += secs;
            out.push_str(&format!(
                "{name:<7} depth {depth} turns {n:>12} time {:>9.3} s {:>12.0} turns/s\n",
                secs,
                n as f64 / secs.max(1e-9)
            ));
        }
    }
    out.push_str(&format!(
        "total   turns {all_turns} time {all_secs:.3} s {:.0} turns/s\n",
        all_turns as f64 / all_secs.max(1e-9)
    ));
    Ok(out)
}
