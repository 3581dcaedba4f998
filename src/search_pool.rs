//! Threads of their own for long searches, shared by every game (the AIs' thinks, hints,
//! puzzle solving). Bevy's async compute pool has a single thread on a two-core machine;
//! were an AI thinking there, the 5D mate check after a turn would wait behind a think of
//! up to eight seconds. So long searches run here, and the async compute pool is left to
//! short checks, which are never queued behind them.

use bevy::prelude::*;
use bevy::tasks::{TaskPool, TaskPoolBuilder};

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<SearchPool>() {
        app.insert_resource(SearchPool::new());
    }
}

/// The pool the AI and hints think on (two threads: a hint asked for while an AI of the
/// other side still winds down does not wait for it).
#[derive(Resource, Clone)]
pub struct SearchPool(pub std::sync::Arc<TaskPool>);

impl SearchPool {
    pub fn new() -> SearchPool {
        SearchPool(std::sync::Arc::new(
            TaskPoolBuilder::new()
                .num_threads(2)
                .thread_name("timefork search".into())
                .build(),
        ))
    }
}

impl Default for SearchPool {
    fn default() -> Self {
        SearchPool::new()
    }
}
