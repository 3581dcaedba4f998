//! The match record (rules.md, "Records"): the save format.
//!
//! ```text
//! [Mode "Timeline Wager"]
//! [Version "1"]
//! [Clock "10+10"]
//! 0 W L0 e2e4
//! 3.25 B L0 e7e5 split 20
//! 7.5 W merge L0 L1 no
//! ```
//!
//! Headers: `Mode` (required, `Timeline Wager`), `Version` (a record without it is version
//! 1, the only one so far), `Clock` (`M+S`, or `-` untimed; missing means untimed), `FEN`
//! (extension: the start position when it is not the standard one). Other headers are
//! kept as they are. Then one event a line: `<seconds since the start> <W|B> <event>`,
//! seconds with at most three decimals (the writer writes whole milliseconds without
//! trailing zeros). Events: `L<n> <uci>`, `L<n> <uci> split <stake>`,
//! `merge L<a> L<b> yes|no`, `resign`, and the extension `flag` (that side's clock ran
//! out at exactly that time). Blank lines are ignored.

use std::fmt;

use crate::chess::{START_FEN, color_letter, fen};
use crate::clock::{TimeControl, format_decimal};
use crate::event::{Event, TimedEvent};
use crate::state::{Match, is_reserved_tag};

/// The record version this crate writes and the newest it reads.
pub const VERSION: u32 = 1;
/// The `Mode` header's value.
pub const MODE: &str = "Timeline Wager";

/// A record that cannot be read or replayed: the line (1-based; 0 for the record as a
/// whole) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for RecordError {}

fn quote(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

impl Match {
    /// The match record: headers, then every event so far.
    pub fn record(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!("[Mode \"{MODE}\"]\n"));
        out.push_str(&format!("[Version \"{VERSION}\"]\n"));
        match self.control() {
            Some(c) => out.push_str(&format!("[Clock \"{c}\"]\n")),
            None => out.push_str("[Clock \"-\"]\n"),
        }
        let start = fen::format(self.timelines()[0].game().start());
        if start != START_FEN {
            out.push_str(&format!("[FEN \"{start}\"]\n"));
        }
        for (k, v) in self.tags() {
            out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
        }
        for e in self.events() {
            out.push_str(&format!(
                "{} {} {}\n",
                format_decimal(e.at_ms, 3),
                color_letter(e.event.side),
                e.event.action
            ));
        }
        out
    }

    /// Reads a record and replays it through the rules and the clocks.
    pub fn from_record(text: &str) -> Result<Match, RecordError> {
        let mut headers: Vec<(usize, String, String)> = Vec::new();
        let mut events: Vec<(usize, u64, Event)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            let err = |message: String| RecordError { line: n, message };
            if line.starts_with('[') {
                if !events.is_empty() {
                    return Err(err("a header after the first event".to_string()));
                }
                let (k, v) = parse_header(line).map_err(err)?;
                if headers.iter().any(|(_, hk, _)| *hk == k) {
                    return Err(err(format!("a second {k} header")));
                }
                headers.push((n, k, v));
                continue;
            }
            let timed = TimedEvent::parse_line(line).map_err(err)?;
            events.push((n, timed.at_ms, timed.event));
        }

        let header = |key: &str| headers.iter().find(|(_, k, _)| k == key);
        match header("Mode") {
            Some((_, _, v)) if v == MODE => {}
            Some((n, _, v)) => {
                return Err(RecordError {
                    line: *n,
                    message: format!("Mode is \"{v}\", not \"{MODE}\""),
                });
            }
            None => {
                return Err(RecordError {
                    line: 0,
                    message: format!("no [Mode \"{MODE}\"] header: not a Timeline Wager record"),
                });
            }
        }
        if let Some((n, _, v)) = header("Version") {
            let version: u32 = v.parse().map_err(|_| RecordError {
                line: *n,
                message: format!("Version \"{v}\" is not a number"),
            })?;
            if version == 0 || version > VERSION {
                return Err(RecordError {
                    line: *n,
                    message: format!(
                        "record version {version} is not readable here (versions 1 to {VERSION})"
                    ),
                });
            }
        }
        let control = match header("Clock") {
            None => None,
            Some((_, _, v)) if v.trim() == "-" => None,
            Some((n, _, v)) => {
                Some(TimeControl::parse(v).map_err(|message| RecordError { line: *n, message })?)
            }
        };
        let mut m = match header("FEN") {
            None => Match::new(control),
            Some((n, _, v)) => Match::from_position(
                fen::parse(v).map_err(|e| RecordError {
                    line: *n,
                    message: e.to_string(),
                })?,
                control,
            ),
        };
        for (_, k, v) in &headers {
            if !is_reserved_tag(k) {
                m.set_tag(k, v);
            }
        }
        for (n, at_ms, event) in events {
            m.apply(event, at_ms).map_err(|e| RecordError {
                line: n,
                message: format!("{}: {e}", event_text(at_ms, &event)),
            })?;
        }
        Ok(m)
    }
}

fn event_text(at_ms: u64, e: &Event) -> String {
    format!(
        "{} {} {}",
        format_decimal(at_ms, 3),
        color_letter(e.side),
        e.action
    )
}

/// `[Key "value"]` with `\"` and `\\` escapes.
fn parse_header(line: &str) -> Result<(String, String), String> {
    let bad = || format!("\"{line}\" is not a header like [Clock \"10+10\"]");
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (key, rest) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(bad)?;
    if !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or_else(bad)?),
            '"' => return Err(bad()),
            c => value.push(c),
        }
    }
    Ok((key.to_string(), value))
}
