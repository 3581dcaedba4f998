//! What the puzzle commands read from the command line: solver limits and levels.

use timefork_engine::ai::Level;

/// Solver limits from the command line's numbers.
pub(super) fn limits(
    max_nodes: u64,
    seconds: f64,
) -> timefork_engine::puzzle::SolveLimits<'static> {
    timefork_engine::puzzle::SolveLimits {
        max_nodes,
        time: (seconds > 0.0).then(|| std::time::Duration::from_secs_f64(seconds)),
        ..Default::default()
    }
}

/// Parses `easy`, `random`, ... (for the generator's level list).
pub(super) fn parse_level(s: &str) -> Result<Level, String> {
    s.parse::<Level>().map_err(|e| e.to_string())
}
