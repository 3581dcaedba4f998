//! Background searches for every game (the AIs' thinks, hints, mate checks, puzzle
//! judges): `PoolTask`, a task that stops its search when dropped, keyed by the match and
//! the position it is about; and the `SearchPool` of threads the long ones run on.
//!
//! Why a pool of its own: Bevy's async compute pool has a single thread on a two-core
//! machine; were an AI thinking there, the 5D mate check after a turn would wait behind a
//! think of up to eight seconds. So long searches run on the search pool, and the async
//! compute pool is left to short checks, which are never queued behind them.
//!
//! A test may ask for `SearchPool::inline()`: each search then runs to its end where it
//! is spawned, so what a frame sees does not depend on how fast the threads ran.

use bevy::prelude::*;
use bevy::tasks::{Task, TaskPool, TaskPoolBuilder, block_on, futures_lite::future};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<SearchPool>() {
        app.insert_resource(SearchPool::new());
    }
}

/// The pool the AI and hints think on (two threads: a hint asked for while an AI of the
/// other side still winds down does not wait for it), or none: searches run inline.
#[derive(Resource, Clone)]
pub struct SearchPool(pub Option<Arc<TaskPool>>);

impl SearchPool {
    pub fn new() -> SearchPool {
        SearchPool(Some(Arc::new(
            TaskPoolBuilder::new()
                .num_threads(2)
                .thread_name("timefork search".into())
                .build(),
        )))
    }

    /// Every search runs to its end where it is spawned, its answer there at the next
    /// poll (tests: the same frames on any machine).
    pub fn inline() -> SearchPool {
        SearchPool(None)
    }
}

impl Default for SearchPool {
    fn default() -> Self {
        SearchPool::new()
    }
}

/// Which position of which match a search is about: the match's id and how far it has
/// gone (actions, turns or events, each game its own count).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MatchKey {
    pub match_id: u64,
    pub ply: usize,
}

impl MatchKey {
    pub fn new(match_id: u64, ply: usize) -> MatchKey {
        MatchKey { match_id, ply }
    }

    /// The AI's random seed for this position: the same match and position always
    /// think alike, and two matches differ.
    pub fn seed(self) -> u64 {
        self.match_id.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.ply as u64
    }
}

/// A search on a pool for one position of one match. Dropping it (despawning its entity,
/// or the match going) sets its stop flag, so nobody's abandoned search runs on.
#[derive(Component)]
pub struct PoolTask<T: Send + 'static> {
    pub key: MatchKey,
    stop: Arc<AtomicBool>,
    task: Running<T>,
}

enum Running<T> {
    OnPool(Task<T>),
    /// Run inline: the answer, until polled.
    Done(Option<T>),
}

impl<T: Send + 'static> PoolTask<T> {
    /// Runs `search` on `pool`; it is handed the stop flag to poll.
    pub fn spawn(
        pool: &SearchPool,
        key: MatchKey,
        search: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> PoolTask<T> {
        match &pool.0 {
            Some(threads) => PoolTask::spawn_on(threads, key, search),
            None => {
                let stop = Arc::new(AtomicBool::new(false));
                let task = Running::Done(Some(search(&stop)));
                PoolTask { key, stop, task }
            }
        }
    }

    /// Runs `search` on another pool of threads (the mate check's: Bevy's compute pool).
    pub fn spawn_on(
        pool: &TaskPool,
        key: MatchKey,
        search: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> PoolTask<T> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let task = Running::OnPool(pool.spawn(async move { search(&flag) }));
        PoolTask { key, stop, task }
    }

    /// The answer, once the search has finished.
    pub fn poll(&mut self) -> Option<T> {
        match &mut self.task {
            Running::OnPool(task) => block_on(future::poll_once(task)),
            Running::Done(answer) => answer.take(),
        }
    }

    /// Asks the search to stop now (it still answers, with what it has).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl<T: Send + 'static> Drop for PoolTask<T> {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_dropped_task_stops_its_search() {
        let pool = SearchPool::new();
        let started = Arc::new(AtomicBool::new(false));
        let stopped = Arc::new(AtomicBool::new(false));
        let (go, seen) = (started.clone(), stopped.clone());
        let task = PoolTask::spawn(&pool, MatchKey::new(1, 0), move |stop| {
            go.store(true, Ordering::Relaxed);
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            seen.store(true, Ordering::Relaxed);
        });
        // A search already running cannot be cancelled by the pool; only its flag stops it.
        let start = Instant::now();
        while !started.load(Ordering::Relaxed) {
            assert!(start.elapsed() < Duration::from_secs(30), "never started");
            std::thread::sleep(Duration::from_millis(1));
        }
        drop(task);
        while !stopped.load(Ordering::Relaxed) {
            assert!(start.elapsed() < Duration::from_secs(30), "never stopped");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn an_inline_task_answers_at_its_first_poll() {
        let mut task = PoolTask::spawn(&SearchPool::inline(), MatchKey::new(3, 4), |_| 7);
        assert_eq!(task.poll(), Some(7));
        assert_eq!(task.poll(), None, "an answer is given once");
    }

    #[test]
    fn a_task_answers_and_seeds_differ_by_match_and_position() {
        let pool = SearchPool::new();
        let mut task = PoolTask::spawn(&pool, MatchKey::new(3, 4), |_| 42);
        let answer = loop {
            if let Some(a) = task.poll() {
                break a;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        assert_eq!(answer, 42);
        let seeds = [
            MatchKey::new(1, 0).seed(),
            MatchKey::new(2, 0).seed(),
            MatchKey::new(1, 1).seed(),
        ];
        assert_ne!(seeds[0], seeds[1]);
        assert_ne!(seeds[0], seeds[2]);
        assert_ne!(seeds[1], seeds[2]);
    }
}
