//! Game records: a version line, the start, then one turn a line.
//!
//! ```text
//! Kingdrops 1
//! setup rbgqkgbr/ssssaaaa/8/8/8/8/AAAASSSS/RBGQKGBR w - - - -
//! e2e3,d1d2,f2f3
//! d7d6,e8e7,a7b6
//! # 1-0 (White wins: king captured)
//! ```
//!
//! Line 2 is `setup <KFEN>` (the position right after both sides set up) or
//! `position <KFEN>` (a game from any position). Each further line is a turn in the move
//! text of rules.md (`pass` for a pass). Blank lines and lines starting with `#` are
//! comments; the writer ends a finished game with its result as a comment. Reading
//! replays every turn through the rules.

use std::fmt;

use crate::game::Game;
use crate::moves::Turn;
use crate::position::Position;

/// The record format's version, written on the first line.
pub const RECORD_VERSION: u32 = 1;

const MAGIC: &str = "Kingdrops";

/// A record that cannot be read, with its line (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

impl Game {
    /// The game as a record.
    pub fn to_record(&self) -> String {
        let mut s = format!("{MAGIC} {RECORD_VERSION}\n");
        let key = if self.started_from_setup() {
            "setup"
        } else {
            "position"
        };
        s.push_str(&format!("{key} {}\n", self.start().to_kfen()));
        for t in self.turns() {
            s.push_str(&format!("{t}\n"));
        }
        if let Some(r) = self.result() {
            s.push_str(&format!("# {r}\n"));
        }
        s
    }

    /// Reads a record and replays it.
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let err = |line, message: String| RecordError { line, message };
        let (n, first) = lines
            .next()
            .ok_or_else(|| err(1, "empty record (expected \"Kingdrops 1\")".into()))?;
        let version = first.strip_prefix(MAGIC).map(str::trim).ok_or_else(|| {
            err(
                n,
                format!(
                    "\"{first}\" is not a Kingdrops record header (\"{MAGIC} {RECORD_VERSION}\")"
                ),
            )
        })?;
        match version.parse::<u32>() {
            Ok(RECORD_VERSION) => {}
            Ok(v) => {
                return Err(err(
                    n,
                    format!(
                        "record version {v} is not supported (this build reads version {RECORD_VERSION})"
                    ),
                ));
            }
            Err(_) => {
                return Err(err(n, format!("\"{version}\" is not a version number")));
            }
        }
        let (n, start) = lines
            .next()
            .ok_or_else(|| err(n + 1, "missing the start line (setup <KFEN>)".into()))?;
        let (key, kfen) = start.split_once(' ').unwrap_or((start, ""));
        let pos = Position::from_kfen(kfen).map_err(|e| err(n, e.to_string()))?;
        let mut game = match key {
            "setup" => {
                let (w, b) = pos
                    .setup_placements()
                    .map_err(|e| err(n, format!("setup: {e}")))?;
                Game::from_setup(&w, &b).map_err(|e| err(n, e.to_string()))?
            }
            "position" => Game::new(pos),
            _ => {
                return Err(err(
                    n,
                    format!("expected \"setup <KFEN>\" or \"position <KFEN>\", found \"{key}\""),
                ));
            }
        };
        for (n, line) in lines {
            let turn: Turn = line
                .parse()
                .map_err(|e| err(n, format!("turn {}: {e}", game.turns().len() + 1)))?;
            game.play(&turn).map_err(|e| {
                err(
                    n,
                    format!("turn {} ({line}) is illegal: {e}", game.turns().len() + 1),
                )
            })?;
        }
        Ok(game)
    }
}
