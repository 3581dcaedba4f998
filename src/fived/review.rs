//! The review of a finished 5D game: every state searched in turn on the search pool
//! (the shared `review::driver`), and a click showing the state through the history
//! browser.

use super::matchplay::browse::BrowseRequest;
use super::matchplay::{Match, Origin};
use crate::game_kit::thinking::Thinking;
use crate::review::driver::{ReviewBudgets, ReviewedGame, Reviewing, add_review};
use crate::review::{Review, StateEval};
use bevy::prelude::*;
use std::sync::atomic::AtomicBool;
use timefork_engine::ai::{self, AiConfig, Level, Limit, eval};
use timefork_engine::{Color, notation};

pub(super) fn plugin(app: &mut App) {
    add_review::<FiveD>(app);
}

/// The marker of the 5D game's review.
pub struct FiveD;

/// The review of the 5D game on screen, if one is open.
pub type FiveDReview = Reviewing<FiveD>;

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

impl ReviewedGame for FiveD {
    type Match = Match;
    type Browse = BrowseRequest;

    fn can_review(m: &Match) -> bool {
        can_review(m)
    }

    fn new_review(m: &Match) -> Review {
        new_review(m)
    }

    fn show(k: usize) -> BrowseRequest {
        BrowseRequest::To(k)
    }

    fn budget(b: &ReviewBudgets) -> Thinking {
        b.five_d
    }

    fn search(
        m: &Match,
        k: usize,
        budget: Thinking,
        seed: u64,
    ) -> Option<impl FnOnce(&AtomicBool) -> Option<StateEval> + Send + 'static> {
        let pos = m.game.position_at(k);
        Some(move |stop: &AtomicBool| {
            let cfg = AiConfig {
                level: Level::Hard,
                budget: budget.time(),
                seed,
                limit: budget.depth().map(Limit::Depth),
            };
            let (white, best) = ai::for_white::evaluate_for_white(&pos, &cfg, stop)?;
            Some(StateEval {
                white,
                best: (!best.is_empty()).then(|| notation::write_action(&pos, &best)),
            })
        })
    }
}
