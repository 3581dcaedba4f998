//! The AI's strength levels and what each one means for the search.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How strongly the AI plays. Each level does what the one below does and more, so that at
/// the same time per turn it is stronger (measured in the engine README):
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A random legal action (uniform over all legal actions when they can be enumerated
    /// within a node budget and half the time; otherwise a random legal action built board
    /// by board).
    Random,
    /// One turn of look-ahead with a lot of noise, a blunder on a quarter of its turns, and
    /// a fifth of the budget (200 ms at most).
    Easy,
    /// Alpha-beta over whole turns, three turns deep at most, narrow beams, half the budget
    /// (1.5 s at most), and the exact search as an oracle for mates in one: its own is
    /// played at once, and its turn is checked against the opponent's.
    Medium,
    /// Medium's search deeper and wider, and mates in two as well: its own mate in one or
    /// in two is played at once, and the turn it plays is checked against the opponent's
    /// mates in one and two. 85% of the budget, on one thread.
    Hard,
    /// Hard's method on two threads: the looks for mates run on a second thread while the
    /// search (Hard's beams: wider ones cost depth in positions of many timelines) uses
    /// nearly all the budget.
    Max,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Max,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }

    /// The deepest the level searches, in whole turns (Random: none).
    pub fn depth(self) -> u32 {
        self.params().max_depth
    }

    /// The search settings of this level.
    pub(crate) fn params(self) -> Params {
        match self {
            Level::Random => Params {
                max_depth: 0,
                root_width: 1,
                inner_width: 1,
                noise: 0,
                time_share: 0.5,
                max_time: None,
                stop_early: true,
                blunder: 0.0,
            },
            Level::Easy => Params {
                max_depth: 1,
                root_width: 16,
                inner_width: 1,
                noise: 150,
                time_share: 0.2,
                max_time: Some(Duration::from_millis(200)),
                stop_early: true,
                blunder: 0.25,
            },
            Level::Medium => Params {
                max_depth: 3,
                root_width: 24,
                inner_width: 10,
                noise: 0,
                time_share: 0.5,
                max_time: Some(Duration::from_millis(1500)),
                stop_early: true,
                blunder: 0.0,
            },
            Level::Hard => Params {
                max_depth: 12,
                root_width: 40,
                inner_width: 12,
                noise: 0,
                time_share: 0.85,
                max_time: None,
                stop_early: true,
                blunder: 0.0,
            },
            Level::Max => Params {
                max_depth: 64,
                root_width: 40,
                inner_width: 12,
                noise: 0,
                time_share: 0.97,
                max_time: None,
                stop_early: false,
                blunder: 0.0,
            },
        }
    }
}

/// Search settings of a level.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// Deepest iteration (whole turns).
    pub max_depth: u32,
    /// Candidate turns kept at the root.
    pub root_width: usize,
    /// Candidate turns kept below the root.
    pub inner_width: usize,
    /// Root scores get uniform noise in `-noise..=noise` (centipawns).
    pub noise: i32,
    /// Share of the budget the search may use.
    pub time_share: f64,
    /// Never think longer than this, whatever the budget.
    pub max_time: Option<Duration>,
    /// Stop before the deadline when the answer cannot change (depth limit reached,
    /// forced mate found, a single candidate).
    pub stop_early: bool,
    /// Chance per turn of a blunder: a random pick among the candidates not far below
    /// the best (needs `noise` > 0; never when a mate score is involved).
    pub blunder: f64,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not one of `random`, `easy`, `medium`, `hard`, `max`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown AI level \"{}\" (expected random, easy, medium, hard or max)",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let t = s.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(t))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}
