//! The review of a finished Kingdrops game: every position searched in turn on the search
//! pool (the shared `review::driver`), and a click showing the position through the
//! history browser (`browse`).

use super::browse::KdBrowseRequest;
use super::matchplay::KdMatch;
use crate::game_kit::history::HistoryStep;
use crate::game_kit::thinking::Thinking;
use crate::review::driver::{ReviewBudgets, ReviewedGame, Reviewing, add_review};
use crate::review::{Review, StateEval};
use bevy::prelude::*;
use std::sync::atomic::AtomicBool;
use timefork_kingdrops::ai::{self, AiConfig, Level, eval};
use timefork_kingdrops::{Color, Position};

pub(super) fn plugin(app: &mut App) {
    add_review::<Kingdrops>(app);
}

/// The marker of the Kingdrops review.
pub struct Kingdrops;

/// The review of the Kingdrops game on screen, if one is open.
pub type KdReview = Reviewing<Kingdrops>;

/// The engine's word on one position; a position the game ended in (`won`: its winner, by
/// the king, the last rank or a repetition) has no turn to search.
fn evaluate(pos: &Position, won: Option<Color>, cfg: &AiConfig, stop: &AtomicBool) -> StateEval {
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

impl ReviewedGame for Kingdrops {
    type Match = KdMatch;
    type Browse = KdBrowseRequest;

    fn can_review(m: &KdMatch) -> bool {
        m.is_over()
    }

    /// Each turn as Kingdrops move text, with its mover.
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

    fn show(k: usize) -> KdBrowseRequest {
        KdBrowseRequest(HistoryStep::To(k))
    }

    fn budget(b: &ReviewBudgets) -> Thinking {
        b.kingdrops
    }

    fn search(
        m: &KdMatch,
        k: usize,
        budget: Thinking,
        seed: u64,
    ) -> Option<impl FnOnce(&AtomicBool) -> Option<StateEval> + Send + 'static> {
        let pos = m.game.positions().get(k)?.clone();
        // The game's last position is won when the rules ended it there (a repetition too).
        let last = k + 1 == m.game.positions().len();
        let won = m.game.result().filter(|_| last).map(|r| r.winner);
        Some(move |stop: &AtomicBool| {
            let cfg = AiConfig {
                level: Level::Hard,
                budget: budget.time(),
                seed,
                depth: budget.depth(),
            };
            Some(evaluate(&pos, won, &cfg, stop))
        })
    }
}
