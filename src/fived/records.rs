//! Which 5D games earn a leaderboard entry: a checkmate won by a person against the AI in
//! a game started in the app from a variant's starting position (never one loaded from a
//! file, pasted, or a puzzle; players never change sides within a match). The entry keeps
//! the whole game as 5DPGN.

use super::matchplay::clocks::Clocks;
use super::matchplay::{Match, MatchEvent, Origin, Outcome, color_index};
use crate::game_kit::GameSystems;
use crate::leaderboard::{self, Entry, LeaderboardFile, Win};
use bevy::prelude::*;
use timefork_records::{GameKind, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        record_wins
            .after(GameSystems::Mirror)
            .run_if(resource_exists::<Match>),
    );
}

/// The entry a finished match earns, if it earns one.
pub fn entry_for(
    m: &Match,
    clocks: &Clocks,
    name: &str,
    now: std::time::SystemTime,
) -> Option<Entry> {
    let Some(Outcome::Checkmate { winner }) = m.outcome else {
        return None;
    };
    let level = leaderboard::ai_beaten(
        m.players[color_index(winner)],
        m.players[color_index(winner.opponent())],
    )?;
    if m.origin != Origin::Variant || m.took_back || m.analysed {
        return None;
    }
    let variant = m.game.header("Board")?.to_string();
    let used = if clocks.match_id == m.id {
        clocks.used[color_index(winner)]
    } else {
        std::time::Duration::ZERO
    };
    let win = Win {
        game: GameKind::FiveD,
        variant,
        level,
        turns: m.game.actions.len().div_ceil(2) as u32,
        started_at: m.started_at,
        clock: m.time_control.map(|tc| tc.name()),
        thinking: used,
        human: match winner {
            timefork_engine::Color::White => Side::White,
            timefork_engine::Color::Black => Side::Black,
        },
        record: m.pgn(),
    };
    Some(win.entry(name, now))
}

fn record_wins(
    mut events: MessageReader<MatchEvent>,
    m: Res<Match>,
    clocks: Res<Clocks>,
    settings: Res<crate::settings::Settings>,
    file: Res<LeaderboardFile>,
) {
    for e in events.read() {
        if let MatchEvent::Over(_) = e
            && let Some(entry) = entry_for(
                &m,
                &clocks,
                &settings.player_name,
                std::time::SystemTime::now(),
            )
        {
            leaderboard::add(&file.0, entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{AiLevel, Player};
    use timefork_engine::Color;

    fn finished(players: [Player; 2], outcome: Outcome, origin: Origin) -> Match {
        let mut m = Match::from_variant("Standard", players)
            .unwrap()
            .from_origin(origin);
        m.finish(outcome);
        m
    }

    #[test]
    fn only_human_checkmates_of_the_ai_from_a_variant_start_count() {
        let now = std::time::SystemTime::now();
        let clocks = Clocks::default();
        let mate = |w| Outcome::Checkmate { winner: w };
        let human_wins = finished(
            [Player::Human, Player::Ai(AiLevel::Hard)],
            mate(Color::White),
            Origin::Variant,
        );
        let e = entry_for(&human_wins, &clocks, " Ada ", now).unwrap();
        assert_eq!(
            (e.name.as_str(), e.variant.as_str(), e.level, e.human),
            ("Ada", "Standard", AiLevel::Hard, Side::White)
        );
        assert!(e.record.contains("[Board \"Standard\"]"));
        let hw = [Player::Human, Player::Ai(AiLevel::Hard)];
        assert!(
            entry_for(
                &finished(hw, mate(Color::Black), Origin::Variant),
                &clocks,
                "A",
                now
            )
            .is_none()
        );
        assert!(
            entry_for(
                &finished([Player::Human; 2], mate(Color::White), Origin::Variant),
                &clocks,
                "A",
                now
            )
            .is_none()
        );
        let resign = Outcome::Resignation {
            winner: Color::White,
        };
        assert!(entry_for(&finished(hw, resign, Origin::Variant), &clocks, "A", now).is_none());
        let flag = Outcome::TimeOut {
            winner: Color::White,
        };
        assert!(entry_for(&finished(hw, flag, Origin::Variant), &clocks, "A", now).is_none());
        assert!(
            entry_for(
                &finished(hw, Outcome::Stalemate, Origin::Variant),
                &clocks,
                "A",
                now
            )
            .is_none()
        );
        for origin in [Origin::File, Origin::Pasted, Origin::Puzzle] {
            assert!(
                entry_for(&finished(hw, mate(Color::White), origin), &clocks, "A", now).is_none(),
                "{origin:?}"
            );
        }
        // The same win counts, until a turn was taken back in it.
        let win = finished(hw, mate(Color::White), Origin::Variant);
        assert!(entry_for(&win, &clocks, "A", now).is_some());
        let mut taken_back = finished(hw, mate(Color::White), Origin::Variant);
        taken_back.took_back = true;
        assert!(entry_for(&taken_back, &clocks, "A", now).is_none());
    }
}
