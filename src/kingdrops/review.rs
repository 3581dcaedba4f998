//! The review of a finished Kingdrops game: every position searched in turn on the search
//! pool, the shared `review::Review` keeping the scores, and a click showing the position
//! through the history browser (`browse`).

use super::browse::KdBrowseRequest;
use super::matchplay::KdMatch;
use crate::play::GameSystems;
use crate::play::tasks::{MatchKey, PoolTask, SearchPool};
use crate::review::{Review, StateEval};
use bevy::prelude::*;
use std::time::Duration;
use timefork_kingdrops::ai::{self, AiConfig, Level, eval};
use timefork_kingdrops::{Color, Position};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KdReview>();
    app.init_resource::<KdReviewBudget>();
    app.add_message::<KdReviewRequest>();
    app.add_systems(
        Update,
        (
            apply_review_requests.in_set(GameSystems::Input),
            (start_search, poll_search)
                .chain()
                .in_set(GameSystems::Think),
        )
            .distributive_run_if(resource_exists::<KdMatch>),
    );
}

/// What the person asks of the review.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum KdReviewRequest {
    Open,
    /// Show the position after the first `k` turns.
    Show(usize),
    Close,
}

/// The engine's time for each position of the game.
#[derive(Resource, Clone, Copy, Debug)]
pub struct KdReviewBudget(pub Duration);

impl Default for KdReviewBudget {
    fn default() -> Self {
        // Kingdrops needs longer than 5D for a search that ends on White's turn.
        KdReviewBudget(Duration::from_millis(1000))
    }
}

/// The review open, if any, and the search of its next position.
#[derive(Resource, Default)]
pub struct KdReview {
    pub review: Option<Review>,
    task: Option<PoolTask<StateEval>>,
}

impl KdReview {
    pub fn of(&self, m: &KdMatch) -> Option<&Review> {
        self.review.as_ref().filter(|r| r.match_id == m.id)
    }
}

fn new_review(m: &KdMatch) -> Review {
    let positions = m.game.positions();
    let turns = m
        .game
        .turns()
        .iter()
        .zip(positions)
        .map(|(t, before)| (t.to_string(), before.side_to_move() == Color::White))
        .collect();
    Review::new(m.id, turns, eval::WIN_THRESHOLD)
}

/// The engine's word on one position; a position the game ended in (`won`: its winner, by
/// the king, the last rank or a repetition) has no turn to search.
fn evaluate(
    pos: &Position,
    won: Option<Color>,
    cfg: &AiConfig,
    stop: &std::sync::atomic::AtomicBool,
) -> StateEval {
    let for_white = |s: i32| match pos.side_to_move() {
        Color::White => s,
        Color::Black => -s,
    };
    if let Some(w) = won.or(pos.winner().map(|r| r.winner)) {
        let white = if w == Color::White {
            eval::WIN
        } else {
            -eval::WIN
        };
        return StateEval { white, best: None };
    }
    match ai::evaluate_for_review(pos, cfg, stop) {
        Some(o) => StateEval {
            white: for_white(o.score),
            best: Some(o.turn.to_string()),
        },
        None => StateEval {
            white: 0,
            best: None,
        },
    }
}

fn apply_review_requests(
    mut asks: MessageReader<KdReviewRequest>,
    m: Res<KdMatch>,
    mut state: ResMut<KdReview>,
    mut browse: MessageWriter<KdBrowseRequest>,
) {
    for ask in asks.read() {
        match *ask {
            KdReviewRequest::Open if m.is_over() && state.of(&m).is_none() => {
                state.review = Some(new_review(&m));
                state.task = None;
            }
            KdReviewRequest::Show(k) => {
                if let Some(r) = state.review.as_mut().filter(|r| r.match_id == m.id) {
                    r.selected = Some(k);
                    browse.write(KdBrowseRequest::To(k));
                }
            }
            KdReviewRequest::Close => {
                state.review = None;
                state.task = None;
            }
            _ => {}
        }
    }
    if state.review.as_ref().is_some_and(|r| r.match_id != m.id) {
        state.review = None;
        state.task = None;
    }
}

fn start_search(
    m: Res<KdMatch>,
    mut state: ResMut<KdReview>,
    budget: Res<KdReviewBudget>,
    pool: Res<SearchPool>,
) {
    if state.task.is_some() {
        return;
    }
    let Some(k) = state.of(&m).and_then(Review::next_state) else {
        return;
    };
    let Some(pos) = m.game.positions().get(k).cloned() else {
        return;
    };
    // The game's last position is won when the rules ended it there (a repetition too).
    let last = k + 1 == m.game.positions().len();
    let won = m.game.result().filter(|_| last).map(|r| r.winner);
    let key = MatchKey::new(m.id, k);
    let budget = budget.0;
    state.task = Some(PoolTask::spawn(&pool.0, key, move |stop| {
        let cfg = AiConfig {
            level: Level::Hard,
            budget,
            seed: key.seed(),
        };
        evaluate(&pos, won, &cfg, stop)
    }));
}

fn poll_search(mut state: ResMut<KdReview>) {
    let Some(task) = state.task.as_mut() else {
        return;
    };
    let Some(answer) = task.poll() else {
        return;
    };
    let key = task.key;
    state.task = None;
    if let Some(r) = state.review.as_mut()
        && r.match_id == key.match_id
    {
        r.record(key.ply, answer);
    }
}
