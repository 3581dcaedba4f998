//! What players do: the events of a match and their text in records.

use std::fmt;

use cozy_chess::{Color, Move};

use crate::chess::{color_letter, uci};

/// One player's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A move (standard UCI form) on a timeline where it is this player's turn.
    Move {
        timeline: usize,
        mv: Move,
    },
    /// Move and split: `mv` is played on a new timeline that takes `stake` points (half
    /// from each share) from this one; here it stays this player's turn.
    Split {
        timeline: usize,
        mv: Move,
        stake: u32,
    },
    /// This player's answer to the open merge offer between timelines `a` and `b`.
    Merge {
        a: usize,
        b: usize,
        accept: bool,
    },
    Resign,
    /// This player's clock ran out (record extension, see the crate's README).
    Flag,
}

/// An action and who takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    pub side: Color,
    pub action: Action,
}

impl Event {
    pub fn new(side: Color, action: Action) -> Event {
        Event { side, action }
    }

    /// The timeline a move or split is played on.
    pub fn timeline(&self) -> Option<usize> {
        match self.action {
            Action::Move { timeline, .. } | Action::Split { timeline, .. } => Some(timeline),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    /// The event text of a record line: `L0 e2e4`, `L0 e2e4 split 20`, `merge L0 L1 yes`,
    /// `resign`, `flag`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move { timeline, mv } => write!(f, "L{timeline} {}", uci::format(mv)),
            Action::Split {
                timeline,
                mv,
                stake,
            } => write!(f, "L{timeline} {} split {stake}", uci::format(mv)),
            Action::Merge { a, b, accept } => {
                write!(f, "merge L{a} L{b} {}", if accept { "yes" } else { "no" })
            }
            Action::Resign => f.write_str("resign"),
            Action::Flag => f.write_str("flag"),
        }
    }
}

impl fmt::Display for Event {
    /// `W L0 e2e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", color_letter(self.side), self.action)
    }
}

/// `L<n>` -> n.
fn parse_timeline(word: &str) -> Result<usize, String> {
    word.strip_prefix('L')
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| format!("\"{word}\" is not a timeline (L0, L1, ...)"))
}

impl Action {
    /// Reads the event text of a record line (syntax only; legality is the match's).
    pub fn parse(text: &str) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["resign"] => Ok(Action::Resign),
            ["flag"] => Ok(Action::Flag),
            ["merge", a, b, answer] => {
                let accept = match *answer {
                    "yes" => true,
                    "no" => false,
                    other => return Err(format!("merge answer \"{other}\" is not yes or no")),
                };
                Ok(Action::Merge {
                    a: parse_timeline(a)?,
                    b: parse_timeline(b)?,
                    accept,
                })
            }
            [l, mv] => Ok(Action::Move {
                timeline: parse_timeline(l)?,
                mv: uci::parse_syntax(mv).map_err(|e| e.to_string())?,
            }),
            [l, mv, "split", stake] => Ok(Action::Split {
                timeline: parse_timeline(l)?,
                mv: uci::parse_syntax(mv).map_err(|e| e.to_string())?,
                stake: stake
                    .parse()
                    .ok()
                    .filter(|_| stake.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| format!("stake \"{stake}\" is not a whole number"))?,
            }),
            _ => Err(format!(
                "\"{text}\" is not an event (L<n> <uci>, L<n> <uci> split <stake>, merge L<a> L<b> yes|no, resign, flag)"
            )),
        }
    }
}

/// An event and its time in milliseconds since the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimedEvent {
    pub at_ms: u64,
    pub event: Event,
}

impl TimedEvent {
    /// Reads one event line of a match record, `12.345 W L0 e2e4` (syntax only; legality
    /// is the match's).
    pub fn parse_line(line: &str) -> Result<TimedEvent, String> {
        let mut parts = line.trim().splitn(3, char::is_whitespace);
        let time = parts.next().unwrap_or_default();
        let at_ms = crate::clock::parse_decimal(time, 3).ok_or_else(|| {
            format!("\"{time}\" is not a time in seconds (at most three decimals)")
        })?;
        let side = match parts.next().map(str::trim) {
            Some("W") => Color::White,
            Some("B") => Color::Black,
            other => {
                return Err(format!(
                    "\"{}\" is not a side (W or B)",
                    other.unwrap_or_default()
                ));
            }
        };
        let action = Action::parse(parts.next().unwrap_or_default())?;
        Ok(TimedEvent {
            at_ms,
            event: Event::new(side, action),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_text_round_trips() {
        for text in [
            "L0 e2e4",
            "L12 e7e8q split 20",
            "merge L0 L3 yes",
            "merge L4 L1 no",
            "resign",
            "flag",
        ] {
            assert_eq!(Action::parse(text).unwrap().to_string(), text);
        }
        for bad in [
            "",
            "L e2e4",
            "0 e2e4",
            "L0 e2e4 split",
            "L0 e2e4 split -2",
            "L0 e2e4 split x",
            "merge L0 L1 maybe",
            "L0 e2",
            "resign now",
            "L-1 e2e4",
        ] {
            assert!(Action::parse(bad).is_err(), "{bad}");
        }
    }
}
