//! The part of a review every game runs alike: the requests, the review open for one
//! match, and its one search at a time on the search pool (closing drops it, which stops
//! it). Each game says how to make its review, how to search one of its states, and how
//! to show one (`fived::review`, `kingdrops::review`).

use super::{Review, StateEval};
use crate::game_kit::tasks::{MatchKey, PoolTask, SearchPool};
use crate::game_kit::thinking::Thinking;
use crate::game_kit::{GameSystems, MatchId};
use bevy::prelude::*;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What a game tells the shared review about itself.
pub trait ReviewedGame: Send + Sync + 'static {
    /// The match resource the review belongs to.
    type Match: MatchId;
    /// The history browser's request that shows a state.
    type Browse: Message;
    /// Whether the match can be reviewed now (a finished game).
    fn can_review(m: &Self::Match) -> bool;
    /// The review of the match, nothing searched yet.
    fn new_review(m: &Self::Match) -> Review;
    /// The request that shows the state after the first `k` turns.
    fn show(k: usize) -> Self::Browse;
    /// The engine's time for one state.
    fn budget(b: &ReviewBudgets) -> Thinking;
    /// The search of state `k` (`None` when there is no such state): Hard with this
    /// budget and seed.
    fn search(
        m: &Self::Match,
        k: usize,
        budget: Thinking,
        seed: u64,
    ) -> Option<impl FnOnce(&AtomicBool) -> Option<StateEval> + Send + 'static>;
}

/// Adds game `G`'s review while its match exists: the requests are read in `Input`, the
/// next state's search starts in `Think`, and the answers are recorded after it.
pub fn add_review<G: ReviewedGame>(app: &mut App) {
    app.init_resource::<Reviewing<G>>();
    app.init_resource::<ReviewBudgets>();
    app.init_resource::<super::ReviewRoom>();
    app.add_message::<ReviewRequest>();
    app.add_message::<G::Browse>();
    app.add_systems(
        Update,
        (
            answer::<G>.in_set(GameSystems::Input),
            (start_search::<G>, poll::<G>)
                .chain()
                .in_set(GameSystems::Think),
        )
            .distributive_run_if(resource_exists::<G::Match>),
    );
}

fn answer<G: ReviewedGame>(
    mut asks: MessageReader<ReviewRequest>,
    m: Res<G::Match>,
    mut state: ResMut<Reviewing<G>>,
    mut browse: MessageWriter<G::Browse>,
) {
    for ask in asks.read() {
        let id = m.match_id();
        if let Some(k) = state.answer(*ask, id, G::can_review(&m), || G::new_review(&m)) {
            browse.write(G::show(k));
        }
    }
}

fn start_search<G: ReviewedGame>(
    m: Res<G::Match>,
    mut state: ResMut<Reviewing<G>>,
    budgets: Res<ReviewBudgets>,
    pool: Res<SearchPool>,
) {
    let budget = G::budget(&budgets);
    state.search_next(m.match_id(), &pool, |k, key| {
        G::search(&m, k, budget, key.seed())
    });
}

fn poll<G: ReviewedGame>(mut state: ResMut<Reviewing<G>>) {
    state.poll();
}

/// What the person asks of the review of the game on screen.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewRequest {
    Open,
    /// Show the state after the first `k` turns.
    Show(usize),
    Close,
}

/// The engine's time for each state of a game, per game (Kingdrops needs longer for a
/// search that ends on White's turn, see `kingdrops::review`).
#[derive(Resource, Clone, Copy, Debug)]
pub struct ReviewBudgets {
    pub five_d: Thinking,
    pub kingdrops: Thinking,
}

impl Default for ReviewBudgets {
    fn default() -> Self {
        ReviewBudgets {
            five_d: Thinking::Time(Duration::from_millis(500)),
            kingdrops: Thinking::Time(Duration::from_millis(1000)),
        }
    }
}

impl ReviewBudgets {
    /// The same thinking for every game (tests).
    pub fn all(t: Thinking) -> ReviewBudgets {
        ReviewBudgets {
            five_d: t,
            kingdrops: t,
        }
    }
}

/// The review open in game `G` (a marker type), if any, and the search of its next state.
#[derive(Resource)]
pub struct Reviewing<G: Send + Sync + 'static> {
    pub review: Option<Review>,
    task: Option<PoolTask<Option<StateEval>>>,
    game: PhantomData<G>,
}

impl<G: Send + Sync + 'static> Default for Reviewing<G> {
    fn default() -> Self {
        Reviewing {
            review: None,
            task: None,
            game: PhantomData,
        }
    }
}

impl<G: Send + Sync + 'static> Reviewing<G> {
    /// The review of this match, if one is open.
    pub fn of(&self, match_id: u64) -> Option<&Review> {
        self.review.as_ref().filter(|r| r.match_id == match_id)
    }

    /// Answers a request for the match `match_id`: `can_open` says whether it is a game
    /// that can be reviewed now, `make` makes its review. Returns the state to show.
    pub fn answer(
        &mut self,
        ask: ReviewRequest,
        match_id: u64,
        can_open: bool,
        make: impl FnOnce() -> Review,
    ) -> Option<usize> {
        // A review of another match closes.
        if self.review.as_ref().is_some_and(|r| r.match_id != match_id) {
            self.close();
        }
        match ask {
            ReviewRequest::Open if can_open && self.review.is_none() => {
                self.review = Some(make());
                self.task = None;
                None
            }
            ReviewRequest::Show(k) => {
                let r = self.review.as_mut()?;
                r.selected = Some(k);
                Some(k)
            }
            ReviewRequest::Close => {
                self.close();
                None
            }
            _ => None,
        }
    }

    pub fn close(&mut self) {
        self.review = None;
        self.task = None;
    }

    /// Starts the search of the next state not yet searched, if none is running; `search`
    /// is handed the state's index and its key and returns the search to run.
    pub fn search_next<F>(
        &mut self,
        match_id: u64,
        pool: &SearchPool,
        search: impl FnOnce(usize, MatchKey) -> Option<F>,
    ) where
        F: FnOnce(&AtomicBool) -> Option<StateEval> + Send + 'static,
    {
        if self.task.is_some() {
            return;
        }
        let Some(k) = self.of(match_id).and_then(Review::next_state) else {
            return;
        };
        let key = MatchKey::new(match_id, k);
        if let Some(f) = search(k, key) {
            self.task = Some(PoolTask::spawn(pool, key, f));
        }
    }

    /// Records the search's answer once it is in.
    pub fn poll(&mut self) {
        let Some(task) = self.task.as_mut() else {
            return;
        };
        let Some(answer) = task.poll() else {
            return;
        };
        let key = task.key;
        self.task = None;
        if let (Some(r), Some(eval)) = (self.review.as_mut(), answer)
            && r.match_id == key.match_id
        {
            r.record(key.ply, eval);
        }
    }
}
