//! `wager replay FILE`: the final state of a match record as one JSON object.

use std::io::Read;
use std::path::Path;

use serde::Serialize;
use timefork_wager::Match;

use crate::error::CliError;

#[derive(Serialize)]
struct Sides {
    white: u64,
    black: u64,
}

#[derive(Serialize)]
struct TimelineJson {
    number: usize,
    fen: String,
    bank: Sides,
    open: bool,
    result: Option<&'static str>,
}

/// Field order is the documented key order.
#[derive(Serialize)]
struct StateJson {
    timelines: Vec<TimelineJson>,
    secured: Sides,
    clock_ms: Option<Sides>,
    result: Option<&'static str>,
}

/// The state of a match as the JSON object other tools read.
pub fn state_json(m: &Match) -> String {
    let state = StateJson {
        timelines: m
            .timelines()
            .iter()
            .map(|t| TimelineJson {
                number: t.number(),
                fen: t.board().to_string(),
                bank: Sides {
                    white: t.bank().white.into(),
                    black: t.bank().black.into(),
                },
                open: t.is_open(),
                result: t.end().map(|e| e.as_str()),
            })
            .collect(),
        secured: Sides {
            white: m.secured().white.into(),
            black: m.secured().black.into(),
        },
        clock_ms: m.clocks().map(|c| Sides {
            white: c.white_ms,
            black: c.black_ms,
        }),
        result: m.result().map(|r| r.outcome.as_str()),
    };
    serde_json::to_string(&state).expect("plain data serialises")
}

pub fn run(path: &Path) -> Result<String, CliError> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let text = if stdin {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| CliError::Input(format!("{name}: cannot read: {e}")))?;
        s
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| CliError::Input(format!("{name}: cannot read: {e}")))?
    };
    let m = Match::from_record(&text).map_err(|e| CliError::Input(format!("{name}: {e}")))?;
    Ok(format!("{}\n", state_json(&m)))
}
