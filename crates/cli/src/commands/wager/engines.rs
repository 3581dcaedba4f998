//! Engine names (`builtin:LEVEL`) and time controls from the command line.

use timefork_wager::TimeControl;
use timefork_wager::ai::Level;

use crate::error::CliError;

/// `builtin:hard` -> Hard.
pub fn parse_engine(text: &str) -> Result<Level, CliError> {
    let level = text.strip_prefix("builtin:").ok_or_else(|| {
        CliError::Input(format!(
            "engine \"{text}\" is not builtin:LEVEL (random, easy, medium, hard)"
        ))
    })?;
    level.parse().map_err(CliError::Input)
}

pub fn parse_level(text: &str) -> Result<Level, CliError> {
    text.parse().map_err(CliError::Input)
}

pub fn parse_clock(text: &str) -> Result<TimeControl, CliError> {
    TimeControl::parse(text).map_err(CliError::Input)
}
