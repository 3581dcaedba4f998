//! Which Wager matches earn a leaderboard entry: a person's win against the AI in a match
//! started here (never one loaded from a file). The entry keeps the match record.

use super::matchplay::{WagerEvent, WagerMatch, WagerOrigin, side_index};
use crate::game_kit::GameSystems;
use crate::leaderboard::{self, Entry, LeaderboardFile, Win};
use bevy::prelude::*;
use std::time::Duration;
use timefork_records::{GameKind, Side};
use timefork_wager::chess::Color;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        record_wins
            .after(GameSystems::Apply)
            .run_if(resource_exists::<WagerMatch>),
    );
}

/// The entry a finished match earns, if any.
pub fn entry_for(w: &WagerMatch, name: &str, now: std::time::SystemTime) -> Option<Entry> {
    let result = w.m.result()?;
    let winner = result.outcome.winner()?;
    // The AI never resigns: a resignation naming its side did not come from it.
    if result.reason == timefork_wager::EndReason::Resignation {
        return None;
    }
    let level = leaderboard::ai_beaten(
        w.players[side_index(winner)],
        w.players[side_index(opponent(winner))],
    )?;
    if w.origin != WagerOrigin::New || w.took_back {
        return None;
    }
    let moves =
        w.m.events()
            .iter()
            .filter(|e| e.event.side == winner && e.event.timeline().is_some())
            .count();
    let win = Win {
        game: GameKind::Wager,
        variant: "Timeline Wager".into(),
        level,
        turns: moves as u32,
        started_at: w.started_at,
        clock: w.m.control().map(|c| c.to_string()),
        thinking: Duration::ZERO,
        human: match winner {
            Color::White => Side::White,
            Color::Black => Side::Black,
        },
        record: w.m.record(),
    };
    Some(win.entry(name, now))
}

fn opponent(c: Color) -> Color {
    match c {
        Color::White => Color::Black,
        Color::Black => Color::White,
    }
}

fn record_wins(
    mut events: MessageReader<WagerEvent>,
    w: Res<WagerMatch>,
    settings: Res<crate::settings::Settings>,
    file: Res<LeaderboardFile>,
) {
    for e in events.read() {
        if let WagerEvent::Applied { applied, .. } = e
            && applied.ended.is_some()
            && let Some(entry) = entry_for(&w, &settings.player_name, std::time::SystemTime::now())
        {
            leaderboard::add(&file.0, entry);
        }
    }
}
