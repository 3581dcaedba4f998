//! Which Kingdrops games earn a leaderboard entry: a win by the rules (the AI's king
//! captured, a runner on the last rank, or the AI's third repetition) of a person over
//! the AI, in a game both sides set up in the app; never a resignation, a game between
//! two people, or one opened from a file. The entry keeps the game record, which
//! `timefork_records::leaderboard::verify` replays.

use super::matchplay::{KdEvent, KdMatch, KdOrigin, KdOutcome};
use crate::game_kit::GameSystems;
use crate::leaderboard::{self, Entry, LeaderboardFile, Win};
use bevy::prelude::*;
use std::time::Duration;
use timefork_kingdrops::Color;
use timefork_records::leaderboard::KINGDROPS_VARIANT;
use timefork_records::{GameKind, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ThinkingTime>();
    app.add_systems(
        Update,
        (count_thinking_time, record_wins)
            .after(GameSystems::Mirror)
            .distributive_run_if(resource_exists::<KdMatch>),
    );
}

/// How long each side has had the move in the current match.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct ThinkingTime {
    pub match_id: u64,
    pub used: [Duration; 2],
}

fn count_thinking_time(m: Res<KdMatch>, time: Res<Time<Real>>, mut t: ResMut<ThinkingTime>) {
    if t.match_id != m.id {
        *t = ThinkingTime {
            match_id: m.id,
            used: [Duration::ZERO; 2],
        };
    }
    if !m.is_over() {
        t.used[m.to_move().index()] += time.delta();
    }
}

/// The entry a finished match earns, if it earns one.
pub fn entry_for(
    m: &KdMatch,
    used: Duration,
    name: &str,
    now: std::time::SystemTime,
) -> Option<Entry> {
    let Some(KdOutcome::Rules(r)) = m.outcome() else {
        return None;
    };
    if m.origin != KdOrigin::Setup || m.took_back {
        return None;
    }
    let level = leaderboard::ai_beaten(m.player(r.winner), m.player(r.winner.opponent()))?;
    let win = Win {
        game: GameKind::Kingdrops,
        variant: KINGDROPS_VARIANT.into(),
        level,
        turns: m.game.turns().len().div_ceil(2) as u32,
        started_at: m.started_at,
        clock: None,
        thinking: used,
        human: match r.winner {
            Color::White => Side::White,
            Color::Black => Side::Black,
        },
        record: m.game.to_record(),
    };
    Some(win.entry(name, now))
}

fn record_wins(
    mut events: MessageReader<KdEvent>,
    m: Res<KdMatch>,
    t: Res<ThinkingTime>,
    settings: Res<crate::settings::Settings>,
    file: Res<LeaderboardFile>,
) {
    for e in events.read() {
        let KdEvent::Over(o) = e else { continue };
        let Some(winner) = o.winner() else { continue };
        let used = if t.match_id == m.id {
            t.used[winner.index()]
        } else {
            Duration::ZERO
        };
        if let Some(entry) = entry_for(
            &m,
            used,
            &settings.player_name,
            std::time::SystemTime::now(),
        ) {
            leaderboard::add(&file.0, entry);
        }
    }
}
