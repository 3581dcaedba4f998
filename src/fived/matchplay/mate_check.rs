//! The mate check after each submitted turn, on `AsyncComputeTaskPool` so the window never
//! stalls. The task answers checkmate, stalemate, check, ongoing or (budget spent) unknown;
//! unknown is never taken as mate.

use super::{Match, MatchEvent, MateCheck, Outcome};
use crate::game_kit::tasks::{MatchKey, PoolTask};
use crate::game_kit::{DecidingSystems, GameSystems};
use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;
use timefork_engine::search::Limits;
use timefork_engine::{GameStatus, game};

/// Nodes the mate check may spend before answering "unknown": the leaderboard's
/// verification spends as many, so every checkmate declared here verifies.
pub const MATE_CHECK_NODES: u64 = game::MATE_PROOF_NODES;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (start_mate_check, poll_mate_check)
            .chain()
            .in_set(GameSystems::Think)
            .distributive_run_if(resource_exists::<Match>)
            // The host decides a network game's end and sends it.
            .in_set(DecidingSystems),
    );
}

/// The running check, for the match and position it is about. A check nobody waits for
/// any more (new match, app exit) stops when dropped.
pub type MateCheckTask = PoolTask<GameStatus>;

fn start_mate_check(
    mut commands: Commands,
    mut m: ResMut<Match>,
    running: Query<(Entity, &MateCheckTask)>,
) {
    if m.mate_check != MateCheck::Idle || m.is_over() {
        return;
    }
    for (e, t) in &running {
        commands.entity(e).despawn();
        t.stop();
    }
    let pos = m.game.position().clone();
    let key = MatchKey::new(m.id, m.game.actions.len());
    commands.spawn(MateCheckTask::spawn_on(
        AsyncComputeTaskPool::get(),
        key,
        move |stop| {
            game::status(
                &pos,
                Limits {
                    max_nodes: MATE_CHECK_NODES,
                    stop: Some(stop),
                },
            )
        },
    ));
    m.mate_check = MateCheck::Running;
}

fn poll_mate_check(
    mut commands: Commands,
    mut m: ResMut<Match>,
    mut tasks: Query<(Entity, &mut MateCheckTask)>,
    mut events: MessageWriter<MatchEvent>,
) {
    for (e, mut t) in &mut tasks {
        let Some(status) = t.poll() else {
            continue;
        };
        commands.entity(e).despawn();
        // An answer about a position that is no longer current is dropped.
        if t.key != MatchKey::new(m.id, m.game.actions.len()) || m.is_over() {
            continue;
        }
        m.mate_check = MateCheck::Done(status);
        let winner = m.to_move().opponent();
        let outcome = match status {
            GameStatus::Checkmate => Some(Outcome::Checkmate { winner }),
            GameStatus::Stalemate => Some(Outcome::Stalemate),
            _ => None,
        };
        if let Some(o) = outcome {
            m.finish(o);
            events.write(MatchEvent::Over(o));
        }
    }
}
