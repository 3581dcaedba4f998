//! The AI: a whole legal turn for the side to move, and a setup.
//!
//! # Method
//!
//! Alpha-beta (negamax) over whole turns with iterative deepening. A node's turns are
//! generated in full by the rules' own turn enumeration and made distinct by the position
//! they lead to (the same moves in another order, or two ways to the same position, are
//! one candidate); each candidate gets the static evaluation of its result (`eval`), which
//! orders them and picks the beam searched deeper (`Level`). A winning turn ends the
//! search of its node at once. At the frontier a candidate counts only if the opponent
//! then has no winning turn (an exact check over at most three moves), so even one turn
//! deep the AI neither misses a win nor allows one it could avoid. Positions that would
//! occur a third time lose for the mover, as in the rules (the game's history counts).
//!
//! # Time
//!
//! The deadline (the level's share of the budget) and the stop flag are polled while
//! turns are generated and between candidates, so `choose_turn` returns within the budget
//! plus a few milliseconds. The root's turns are generated before anything else and at
//! least one is always kept, so a legal turn is returned whenever one exists.

pub mod eval;
pub mod level;
mod search;
mod setup;
mod zobrist;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

pub use level::{Level, ParseLevelError};
pub use setup::choose_setup;

use crate::game::Game;
use crate::moves::Turn;
use crate::position::Position;
use search::{Search, Turns};

/// How the AI should play.
#[derive(Clone, Debug)]
pub struct AiConfig {
    pub level: Level,
    /// Time to think; Easy and Medium use only part of it (see `Level`).
    pub budget: Duration,
    /// Seed of the random choices: same seed, same play (given the same time).
    pub seed: u64,
    /// Instead of the clock: search this many whole turns deep (at most the level's own
    /// depth, `Level::depth`). The same answer on every machine; `budget` is not read.
    pub depth: Option<u32>,
}

impl AiConfig {
    pub fn new(level: Level, budget: Duration) -> AiConfig {
        AiConfig {
            level,
            budget,
            seed: 0,
            depth: None,
        }
    }

    /// Thinking `depth` whole turns deep with no clock (see `depth`).
    pub fn to_depth(level: Level, depth: u32) -> AiConfig {
        AiConfig {
            depth: Some(depth),
            ..AiConfig::new(level, Duration::ZERO)
        }
    }
}

/// The time a search to a fixed depth is given: more than any takes.
const UNTIMED: Duration = Duration::from_secs(24 * 3600);

/// The AI's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiOutcome {
    pub turn: Turn,
    /// The search's score of the turn for the mover, in hundredths of a spearman (wins
    /// and losses near +-`eval::WIN`).
    pub score: i32,
    /// Whole turns searched (the last completed iteration; 0 when the turn was forced).
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
}

/// A legal turn for the side to move in the game's current position, `None` only when
/// the game is over. The game's history counts for the repetition rule.
pub fn choose_turn(game: &Game, cfg: &AiConfig, stop: &AtomicBool) -> Option<AiOutcome> {
    if game.result().is_some() {
        return None;
    }
    let mut seen = HashMap::new();
    for p in game.positions() {
        *seen.entry(zobrist::hash(p)).or_insert(0) += 1;
    }
    think(game.position(), seen, cfg, stop, None)
}

/// `choose_turn` for a position without history.
pub fn choose_turn_in(pos: &Position, cfg: &AiConfig, stop: &AtomicBool) -> Option<AiOutcome> {
    let mut seen = HashMap::new();
    seen.insert(zobrist::hash(pos), 1);
    think(pos, seen, cfg, stop, None)
}

/// `choose_turn_in` for comparing positions along a game (the review): the score comes
/// from the last completed search in which White makes the last turn. With three moves
/// a turn, whoever moves last in a search gains much, so scores of positions searched with
/// different last movers zig-zag; with White always last they share one bias.
pub fn evaluate_for_review(pos: &Position, cfg: &AiConfig, stop: &AtomicBool) -> Option<AiOutcome> {
    let mut seen = HashMap::new();
    seen.insert(zobrist::hash(pos), 1);
    // Depth d from White to move ends on White's turn when d is odd; from Black, even.
    let parity = match pos.side_to_move() {
        crate::Color::White => 1,
        crate::Color::Black => 0,
    };
    think(pos, seen, cfg, stop, Some(parity))
}

fn think(
    pos: &Position,
    seen: HashMap<u64, u32>,
    cfg: &AiConfig,
    stop: &AtomicBool,
    parity: Option<u32>,
) -> Option<AiOutcome> {
    if pos.winner().is_some() {
        return None;
    }
    let start = Instant::now();
    let mut params = cfg.level.params();
    let mut think = cfg.budget.mul_f64(params.time_share);
    if let Some(mx) = params.max_time {
        think = think.min(mx);
    }
    if let Some(depth) = cfg.depth {
        params.max_depth = depth.clamp(1, params.max_depth.max(1));
        think = UNTIMED;
    }
    let mut rng = StdRng::seed_from_u64(cfg.seed ^ zobrist::hash(pos));
    if cfg.level == Level::Random {
        let turns = pos.legal_turns();
        let turn = turns[rng.random_range(0..turns.len())];
        return Some(AiOutcome {
            turn,
            score: 0,
            depth: 0,
            nodes: 1,
        });
    }
    let mut search = Search::new(params, start + think, stop, seen, rng);
    let cands = match search.turns(pos, true) {
        Turns::Win(turn) => {
            return Some(AiOutcome {
                turn,
                score: eval::WIN,
                depth: 1,
                nodes: 1,
            });
        }
        Turns::Candidates(c) => c,
    };
    let (turn, score, depth) = search.root(pos, cands, parity);
    Some(AiOutcome {
        turn,
        score,
        depth,
        nodes: search.nodes.max(1),
    })
}
