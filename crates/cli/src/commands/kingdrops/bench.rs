//! `kingdrops bench`: perft speed (turns per second) on fixed positions. The rate is per
//! second of this thread's CPU time, so a busy machine does not lower it; the wall time is
//! printed beside it.

use std::time::Instant;

use timefork_kingdrops::{Position, perft};

use crate::error::CliError;

/// The positions timed: the standard start, and two positions of a Hard-against-Easy
/// self-play game (turns 18 and 28) with reserves and prisons.
const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "rbgqkgbr/ssssaaaa/8/8/8/8/AAAASSSS/RBGQKGBR w - - - -",
    ),
    ("middle", "3rk3/4sg1b/s1g5/8/6S1/8/5S1B/1BGQKG1R w R r qb -"),
    ("late", "6q1/4s1k1/4r1B1/8/8/5S2/sG2K3/4QG1R w RB rb bgg -"),
];

pub fn run(max_depth: u32) -> Result<String, CliError> {
    if !(1..=2).contains(&max_depth) {
        return Err(CliError::Input(format!(
            "--depth {max_depth}: choose 1 or 2"
        )));
    }
    let mut out = String::new();
    let mut all_turns = 0u64;
    let mut all_cpu = 0f64;
    for (name, kfen) in POSITIONS {
        let pos = Position::from_kfen(kfen)
            .map_err(|e| CliError::Failed(format!("bench position {name}: {e}")))?;
        for depth in 1..=max_depth {
            let t0 = Instant::now();
            let c0 = crate::cpu_clock::seconds();
            let n = perft(&pos, depth);
            let cpu = crate::cpu_clock::seconds() - c0;
            let wall = t0.elapsed().as_secs_f64();
            all_turns += n;
            all_cpu += cpu;
            out.push_str(&format!(
                "{name:<7} depth {depth} turns {n:>12} cpu {cpu:>8.3} s wall {wall:>8.3} s {:>12.0} turns/s\n",
                n as f64 / cpu.max(1e-9)
            ));
        }
    }
    out.push_str(&format!(
        "total   turns {all_turns} cpu {all_cpu:.3} s {:.0} turns/s\n",
        all_turns as f64 / all_cpu.max(1e-9)
    ));
    Ok(out)
}
