//! The review of a finished 5D game: every state searched in turn on the search pool (one
//! task at a time, so the window keeps its frames and closing stops it at once), the
//! shared `review::Review` keeping the scores, and a click showing the state through the
//! history browser.

use super::matchplay::browse::BrowseRequest;
use super::matchplay::{Match, Origin};
use crate::play::GameSystems;
use crate::play::tasks::{MatchKey, PoolTask, SearchPool};
use crate::review::{Review, StateEval};
use bevy::prelude::*;
use std::time::Duration;
use timefork_engine::ai::{self, AiConfig, Level, NoChoice, eval};
use timefork_engine::{Color, notation};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FiveDReview>();
    app.init_resource::<crate::review::ReviewRoom>();
    app.init_resource::<ReviewBudget>();
    app.add_message::<ReviewRequest>();
    app.add_systems(
        Update,
        (
            apply_review_requests.in_set(GameSystems::Input),
            (start_search, poll_search)
                .chain()
                .in_set(GameSystems::Think),
        )
            .distributive_run_if(resource_exists::<Match>),
    );
}

/// What the person asks of the review.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewRequest {
    Open,
    /// Show the state after the first `k` actions.
    Show(usize),
    Close,
}

/// The engine's time for each state of the game.
#[derive(Resource, Clone, Copy, Debug)]
pub struct ReviewBudget(pub Duration);

impl Default for ReviewBudget {
    fn default() -> Self {
        ReviewBudget(Duration::from_millis(500))
    }
}

/// The review open, if any, and the search of its next state.
#[derive(Resource, Default)]
pub struct FiveDReview {
    pub review: Option<Review>,
    task: Option<PoolTask<Option<StateEval>>>,
}

impl FiveDReview {
    /// The review of this match, if one is open.
    pub fn of(&self, m: &Match) -> Option<&Review> {
        self.review.as_ref().filter(|r| r.match_id == m.id)
    }
}

/// Whether the game on the board can be reviewed: a finished game (not a puzzle, a
/// lesson, the backdrop or an analysis line).
pub fn can_review(m: &Match) -> bool {
    m.is_over() && matches!(m.origin, Origin::Variant | Origin::File | Origin::Pasted)
}

/// The review of `m`'s game, nothing searched yet: each action in 5DPGN with its mover.
fn new_review(m: &Match) -> Review {
    let mut turns = Vec::with_capacity(m.game.actions.len());
    for (k, a) in m.game.actions.iter().enumerate() {
        let before = m.game.position_at(k);
        turns.push((
            notation::write_action(&before, a),
            before.to_move == Color::White,
        ));
    }
    Review::new(m.id, turns, eval::MATE_BOUND)
}

fn apply_review_requests(
    mut asks: MessageReader<ReviewRequest>,
    m: Res<Match>,
    mut state: ResMut<FiveDReview>,
    mut browse: MessageWriter<BrowseRequest>,
) {
    for ask in asks.read() {
        match *ask {
            ReviewRequest::Open if can_review(&m) && state.of(&m).is_none() => {
                state.review = Some(new_review(&m));
                state.task = None;
            }
            ReviewRequest::Show(k) => {
                if let Some(r) = state.review.as_mut().filter(|r| r.match_id == m.id) {
                    r.selected = Some(k);
                    browse.write(BrowseRequest::To(k));
                }
            }
            ReviewRequest::Close => {
                state.review = None;
                state.task = None;
            }
            _ => {}
        }
    }
    // A review of another match closes.
    if state.review.as_ref().is_some_and(|r| r.match_id != m.id) {
        state.review = None;
        state.task = None;
    }
}

fn start_search(
    m: Res<Match>,
    mut state: ResMut<FiveDReview>,
    budget: Res<ReviewBudget>,
    pool: Res<SearchPool>,
) {
    if state.task.is_some() {
        return;
    }
    let Some(k) = state.of(&m).and_then(Review::next_state) else {
        return;
    };
    let pos = m.game.position_at(k);
    let key = MatchKey::new(m.id, k);
    let budget = budget.0;
    state.task = Some(PoolTask::spawn(&pool.0, key, move |stop| {
        let cfg = AiConfig {
            level: Level::Hard,
            budget,
            seed: key.seed(),
        };
        let for_white = |s: i32| match pos.to_move {
            Color::White => s,
            Color::Black => -s,
        };
        match ai::choose_action(&pos, &cfg, stop) {
            Ok(o) => Some(StateEval {
                white: for_white(o.score),
                best: Some(notation::write_action(&pos, &o.action)),
            }),
            Err(NoChoice::Checkmate) => Some(StateEval {
                white: for_white(-eval::MATE),
                best: None,
            }),
            Err(NoChoice::Stalemate) => Some(StateEval {
                white: 0,
                best: None,
            }),
            Err(NoChoice::Stopped) => None,
        }
    }));
}

fn poll_search(mut state: ResMut<FiveDReview>) {
    let Some(task) = state.task.as_mut() else {
        return;
    };
    let Some(answer) = task.poll() else {
        return;
    };
    let key = task.key;
    state.task = None;
    if let (Some(r), Some(eval)) = (state.review.as_mut(), answer)
        && r.match_id == key.match_id
    {
        r.record(key.ply, eval);
    }
}
