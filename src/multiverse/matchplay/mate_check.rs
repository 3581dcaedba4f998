//! The mate check after each submitted turn, on `AsyncComputeTaskPool` so the window never
//! stalls. The task answers checkmate, stalemate, check, ongoing or (budget spent) unknown;
//! unknown is never taken as mate.

use super::{Match, MatchEvent, MateCheck, Outcome};
use crate::play::GameSystems;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use timefork_engine::search::Limits;
use timefork_engine::{GameStatus, game};

/// Nodes the mate check may spend before answering "unknown".
pub const MATE_CHECK_NODES: u64 = 200_000_000;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (start_mate_check, poll_mate_check)
            .chain()
            .in_set(GameSystems::Think)
            .distributive_run_if(resource_exists::<Match>),
    );
}

/// The running check: which match and position it is about, its task and its stop flag.
#[derive(Component)]
pub struct MateCheckTask {
    match_id: u64,
    actions: usize,
    stop: Arc<AtomicBool>,
    task: Task<GameStatus>,
}

impl Drop for MateCheckTask {
    fn drop(&mut self) {
        // A check nobody waits for any more (new match, app exit) stops at once.
        self.stop.store(true, Ordering::Relaxed);
    }
}

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
        t.stop.store(true, Ordering::Relaxed);
    }
    let pos = m.game.position().clone();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        game::status(
            &pos,
            Limits {
                max_nodes: MATE_CHECK_NODES,
                stop: Some(&flag),
            },
        )
    });
    commands.spawn(MateCheckTask {
        match_id: m.id,
        actions: m.game.actions.len(),
        stop,
        task,
    });
    m.mate_check = MateCheck::Running;
}

fn poll_mate_check(
    mut commands: Commands,
    mut m: ResMut<Match>,
    mut tasks: Query<(Entity, &mut MateCheckTask)>,
    mut events: MessageWriter<MatchEvent>,
) {
    for (e, mut t) in &mut tasks {
        let Some(status) = block_on(future::poll_once(&mut t.task)) else {
            continue;
        };
        commands.entity(e).despawn();
        // An answer about a position that is no longer current is dropped.
        if t.match_id != m.id || t.actions != m.game.actions.len() || m.is_over() {
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
