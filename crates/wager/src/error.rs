//! Why an event was refused. A refused event changes nothing.

use std::fmt;

use cozy_chess::Color;

use crate::chess::color_name;
use crate::clock::format_decimal;
use crate::outcome::MatchResult;

fn secs(ms: u64) -> String {
    format!("{} s", format_decimal(ms, 3))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The match has ended; nothing more can happen.
    MatchOver(MatchResult),
    /// Events come in time order.
    TimeWentBack {
        last_ms: u64,
        now_ms: u64,
    },
    /// A clock ran out before this event's time: the flag fall comes first (`Match::tick`).
    FlagFallen {
        side: Color,
        at_ms: u64,
    },
    /// A `flag` event at a time when that clock has not run out.
    FlagNotFallen {
        side: Color,
        at_ms: u64,
        runs_out_ms: Option<u64>,
    },
    /// A `flag` event in an untimed match.
    Untimed,
    NoSuchTimeline(usize),
    TimelineClosed(usize),
    NotYourTurn {
        timeline: usize,
        side: Color,
    },
    IllegalMove {
        timeline: usize,
        mv: String,
        fen: String,
    },
    /// Stakes are even.
    OddStake(u32),
    /// Stakes are at least 2.
    StakeTooSmall(u32),
    /// Each share of the original bank keeps at least 1 point.
    StakeTooLarge {
        stake: u32,
        max: u32,
    },
    /// At most 50 timelines are open at once.
    TimelineLimit,
    NoOffer {
        a: usize,
        b: usize,
    },
    AlreadyAnswered {
        a: usize,
        b: usize,
        side: Color,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::MatchOver(r) => write!(f, "the match is over ({})", r.outcome.as_str()),
            MatchError::TimeWentBack { last_ms, now_ms } => write!(
                f,
                "time {} is before the previous event at {}",
                secs(*now_ms),
                secs(*last_ms)
            ),
            MatchError::FlagFallen { side, at_ms } => write!(
                f,
                "{}'s clock ran out at {}",
                color_name(*side),
                secs(*at_ms)
            ),
            MatchError::FlagNotFallen {
                side,
                at_ms,
                runs_out_ms,
            } => match runs_out_ms {
                Some(t) => write!(
                    f,
                    "{}'s clock runs out at {}, not {}",
                    color_name(*side),
                    secs(*t),
                    secs(*at_ms)
                ),
                None => write!(
                    f,
                    "{}'s clock is not running at {}",
                    color_name(*side),
                    secs(*at_ms)
                ),
            },
            MatchError::Untimed => f.write_str("the match is untimed: no flag can fall"),
            MatchError::NoSuchTimeline(n) => write!(f, "there is no timeline L{n}"),
            MatchError::TimelineClosed(n) => write!(f, "timeline L{n} is closed"),
            MatchError::NotYourTurn { timeline, side } => {
                write!(f, "it is not {}'s turn on L{timeline}", color_name(*side))
            }
            MatchError::IllegalMove { timeline, mv, fen } => {
                write!(f, "{mv} is not legal on L{timeline} ({fen})")
            }
            MatchError::OddStake(s) => write!(f, "stake {s} is odd (stakes are even)"),
            MatchError::StakeTooSmall(s) => write!(f, "stake {s} is below the minimum of 2"),
            MatchError::StakeTooLarge { stake, max } => write!(
                f,
                "stake {stake} is too large: each share of the bank keeps at least 1 point (at most {max})"
            ),
            MatchError::TimelineLimit => f.write_str("50 timelines are open: no more splits"),
            MatchError::NoOffer { a, b } => {
                write!(f, "there is no open merge offer between L{a} and L{b}")
            }
            MatchError::AlreadyAnswered { a, b, side } => write!(
                f,
                "{} has already answered the merge offer between L{a} and L{b}",
                color_name(*side)
            ),
        }
    }
}

impl std::error::Error for MatchError {}
