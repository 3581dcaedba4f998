//! The AI's strength levels and their search settings.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How strongly the AI plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal turn (for tests and benchmarks).
    Random,
    /// One turn of look-ahead on noisy scores; it sees the opponent's immediate wins only
    /// half the time. At most a fifth of the budget and 300 ms.
    Easy,
    /// Two turns deep on narrow beams, half the budget and 2 s at most.
    Medium,
    /// Iterative deepening on wider beams to 85% of the budget.
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The deepest the level searches, in whole turns (Random: none).
    pub fn depth(self) -> u32 {
        self.params().max_depth
    }

    pub(crate) fn params(self) -> Params {
        match self {
            Level::Random => Params {
                max_depth: 0,
                root_width: 0,
                inner_width: 0,
                noise: 0,
                threat_check: 0.0,
                time_share: 1.0,
                max_time: None,
            },
            Level::Easy => Params {
                max_depth: 1,
                root_width: 1,
                inner_width: 0,
                noise: 60,
                threat_check: 0.5,
                time_share: 0.2,
                max_time: Some(Duration::from_millis(300)),
            },
            Level::Medium => Params {
                max_depth: 2,
                root_width: 10,
                inner_width: 6,
                noise: 0,
                threat_check: 1.0,
                time_share: 0.5,
                max_time: Some(Duration::from_millis(2000)),
            },
            Level::Hard => Params {
                max_depth: 8,
                root_width: 24,
                inner_width: 8,
                noise: 0,
                threat_check: 1.0,
                time_share: 0.85,
                max_time: None,
            },
        }
    }
}

/// Search settings of a level.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// Deepest iteration, in whole turns.
    pub max_depth: u32,
    /// Candidate turns searched deeper at the root (by static score).
    pub root_width: usize,
    /// Candidate turns searched deeper below the root.
    pub inner_width: usize,
    /// Uniform noise in `-noise..=noise` added to root scores.
    pub noise: i32,
    /// Chance per turn of checking, one turn deep, whether the opponent can win at once.
    pub threat_check: f64,
    /// Share of the budget the search may use.
    pub time_share: f64,
    /// Never think longer than this.
    pub max_time: Option<Duration>,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A level name that is not random, easy, medium or hard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown AI level \"{}\" (random, easy, medium or hard)",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}
