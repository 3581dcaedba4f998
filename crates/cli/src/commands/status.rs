//! `status`: checkmate, stalemate, check or ongoing, optionally as JSON with the shape of
//! the multiverse.

use std::path::Path;

use serde_json::{Value, json};
use timefork_engine::search::Limits;
use timefork_engine::{Color, Position, game};

use crate::error::CliError;
use crate::input::{self, Selection};

pub fn run(path: &Path, sel: Selection, as_json: bool) -> Result<String, CliError> {
    let name = input::display_name(path);
    let game = input::read_game(path)?;
    let mut out = String::new();
    for (k, pos) in input::select(&game, sel, &name)? {
        let status = game::status(&pos, Limits::default()).as_str();
        if as_json {
            out.push_str(&describe(k, &pos, status).to_string());
        } else {
            out.push_str(status);
        }
        out.push('\n');
    }
    Ok(out)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The colour that moves on the board at half-turn `h`.
fn color_of_half_turn(h: i32) -> &'static str {
    color_name(Color::of_half_turn(h))
}

/// One state as a JSON object.
fn describe(k: usize, pos: &Position, status: &str) -> Value {
    let present = pos.present();
    let timelines: Vec<Value> = pos
        .timeline_indices()
        .map(|l| {
            let h = pos.last_h(l);
            json!({
                "index": pos.timeline_label(l),
                "active": pos.is_active(l),
                "last_turn": h.div_euclid(2),
                "last_color": color_of_half_turn(h),
            })
        })
        .collect();
    json!({
        "state": k,
        "status": status,
        "to_move": color_name(pos.to_move),
        "present": { "turn": present.div_euclid(2), "color": color_of_half_turn(present) },
        "timelines": timelines,
        "hash": format!("{:016x}", pos.position_hash()),
    })
}
