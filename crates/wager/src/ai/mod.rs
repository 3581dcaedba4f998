//! The Timeline Wager opponent.
//!
//! It plays every timeline where it is to move, one event per call: the game calls
//! `choose_action` again and again (on a task pool) with the match as it stands and the
//! time since the start; each call returns the next event for that side, or None when it
//! has nothing to do. In order:
//!
//! 1. It answers every open merge offer it has not answered (`answer_merge`).
//! 2. It picks the timeline to play (`next_timeline`: the largest bank where it is to
//!    move; the heaviest timeline also makes its clock run fastest) and searches that
//!    position (`search`: alpha-beta with quiescence, a transposition table, move
//!    ordering and iterative deepening, within the budget).
//! 3. It decides whether to split (`policy`): when the second-best move is nearly as good
//!    as the best and the position is not already decided, a second line is worth a
//!    stake. The split plays the second-best move on the new timeline with a stake of
//!    about half the bank, scaled by how the two lines compare; the original keeps the
//!    best move for the next call. At most one split per position.
//!
//! Levels: Random (a random legal move, sometimes a random split, random answers), Easy
//! (two plies plus quiescence, +-60 cp noise on every root move, a third of the budget,
//! never splits), Medium (five plies at most, 60% of the budget, splits up to 6 open
//! timelines), Hard (deepens until 95% of the budget, splits up to 12 open timelines).
//!
//! Time: the search polls the stop flag, its deadline and its node budget every 1024
//! nodes, so a call returns within the budget plus a millisecond or so, or soon after
//! `stop` is set, always with a legal event when there is anything to do. The budget is
//! the caller's: `think_budget_ms` sizes it from the clock and the timelines' weights.

mod eval;
mod history;
mod policy;
mod rng;
pub mod search;
mod see;
mod terms;
pub mod tune;
mod weights;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use cozy_chess::{Board, Color, Move};

use crate::chess::uci;
use crate::event::{Action, Event};
use crate::state::{Match, Offer};
use history::{history_hashes, split_moves_here};
use rng::SplitMix64;
use search::{Limits, Searcher};

pub use eval::evaluate;
pub use history::position_history;
pub use policy::expected_score;

/// How strongly the AI plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    fn params(self) -> Params {
        match self {
            Level::Random => Params {
                share: 1.0,
                max_depth: 0,
                noise: 0,
                split_cap: 0,
                fixed_ms: 10,
                cap_ms: 50,
            },
            Level::Easy => Params {
                share: 0.3,
                max_depth: 2,
                noise: 60,
                split_cap: 0,
                fixed_ms: 100,
                cap_ms: 300,
            },
            Level::Medium => Params {
                share: 0.6,
                max_depth: 5,
                noise: 0,
                split_cap: 6,
                fixed_ms: 300,
                cap_ms: 2_000,
            },
            Level::Hard => Params {
                share: 0.95,
                max_depth: search::MAX_DEPTH,
                noise: 0,
                split_cap: 12,
                fixed_ms: 1_000,
                cap_ms: 10_000,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.as_str() == s.to_ascii_lowercase())
            .ok_or_else(|| format!("unknown level \"{s}\" (random, easy, medium, hard)"))
    }
}

impl Level {
    /// The part of a budget this level thinks for (at least a millisecond).
    pub fn think_time(self, budget: Duration) -> Duration {
        budget
            .mul_f64(self.params().share)
            .max(Duration::from_millis(1))
    }

    /// The deepest this level searches, in plies.
    pub fn max_depth(self) -> u32 {
        self.params().max_depth
    }
}

struct Params {
    /// The part of the budget the search may use.
    share: f64,
    max_depth: u32,
    /// Root scores get uniform noise in +-noise centipawns.
    noise: i32,
    /// Splits only while fewer timelines than this are open (0: never).
    split_cap: usize,
    /// Budget per think in untimed matches.
    fixed_ms: u64,
    /// Most a think may take in timed matches.
    cap_ms: u64,
}

/// How the AI should play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiConfig {
    pub level: Level,
    /// Wall time this call may take, in ms (Easy and Medium use part of it).
    pub budget_ms: u64,
    /// Seed of the random choices (noise, the random mover): same seed, same choices.
    pub seed: u64,
    /// Search nodes per call (0: no limit). With a node budget and a generous time budget
    /// the play is deterministic (tests, reproducible self-play).
    pub max_nodes: u64,
}

impl AiConfig {
    pub fn new(level: Level, budget_ms: u64) -> AiConfig {
        AiConfig {
            level,
            budget_ms,
            seed: 0,
            max_nodes: 0,
        }
    }
}

/// The AI's choice with what the search saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub event: Event,
    /// The searched score of the move played, in centipawns for the AI (0 for answers
    /// and random moves).
    pub score: i32,
    /// Plies searched in full.
    pub depth: u32,
    pub nodes: u64,
}

/// The next event for `side`: an answer to an open merge offer, else a move (possibly
/// with a split) on one timeline where it is `side`'s turn. None when the match is over
/// or `side` has nothing to do. Never an illegal event.
pub fn choose_action(
    m: &Match,
    side: Color,
    now_ms: u64,
    cfg: &AiConfig,
    stop: &AtomicBool,
) -> Option<Event> {
    decide(m, side, now_ms, cfg, stop).map(|d| d.event)
}

/// `choose_action` with the search's numbers.
pub fn decide(
    m: &Match,
    side: Color,
    now_ms: u64,
    cfg: &AiConfig,
    stop: &AtomicBool,
) -> Option<Decision> {
    if m.is_over() {
        return None;
    }
    if let Some(o) = m.offers().iter().find(|o| o.answer(side).is_none()) {
        let accept = if cfg.level == Level::Random {
            rng_for(m, side, cfg.seed).below(2) == 0
        } else {
            answer_merge(m, side, o)
        };
        return Some(Decision {
            event: Event::new(
                side,
                Action::Merge {
                    a: o.a,
                    b: o.b,
                    accept,
                },
            ),
            score: 0,
            depth: 0,
            nodes: 0,
        });
    }
    let timeline = if cfg.level == Level::Random {
        let open: Vec<usize> = m.to_move(side).map(|t| t.number()).collect();
        if open.is_empty() {
            return None;
        }
        open[rng_for(m, side, cfg.seed).below(open.len() as u64) as usize]
    } else {
        next_timeline(m, side)?
    };
    decide_on(m, side, timeline, now_ms, cfg, stop)
}

/// The timeline the AI plays next: the open one with the largest bank where it is
/// `side`'s turn (the lowest number on a tie).
pub fn next_timeline(m: &Match, side: Color) -> Option<usize> {
    m.to_move(side)
        .max_by_key(|t| (t.bank().total(), std::cmp::Reverse(t.number())))
        .map(|t| t.number())
}

fn rng_for(m: &Match, side: Color, seed: u64) -> SplitMix64 {
    SplitMix64::new(rng_seed(m, side, seed))
}

fn rng_seed(m: &Match, side: Color, seed: u64) -> u64 {
    seed ^ (m.events().len() as u64).wrapping_mul(0x9E37_79B9) ^ side as u64
}

fn tt_log2(cfg: &AiConfig) -> u32 {
    if cfg.max_nodes > 0 {
        return (64 - cfg.max_nodes.leading_zeros()).clamp(12, 18);
    }
    match cfg.budget_ms {
        0..=50 => 14,
        51..=300 => 16,
        301..=2_000 => 18,
        _ => 20,
    }
}

/// The AI's event on one given timeline where it is `side`'s turn (for callers that
/// think about several timelines at once). None if it is not `side`'s turn there.
pub fn decide_on(
    m: &Match,
    side: Color,
    timeline: usize,
    now_ms: u64,
    cfg: &AiConfig,
    stop: &AtomicBool,
) -> Option<Decision> {
    let start = Instant::now();
    let t = m.timeline(timeline).filter(|t| t.is_open())?;
    if m.is_over() || t.side_to_move() != side {
        return None;
    }
    let board = t.board().clone();
    let legal = uci::legal_moves(&board);
    if legal.is_empty() {
        return None;
    }
    let params = cfg.level.params();
    let used = split_moves_here(m, timeline);
    let exclude: Vec<Move> = if legal.iter().all(|mv| used.contains(mv)) {
        Vec::new()
    } else {
        used.iter()
            .map(|&mv| uci::to_internal(&board, mv))
            .collect()
    };

    if cfg.level == Level::Random {
        let mut rng = rng_for(m, side, cfg.seed ^ timeline as u64);
        let mv = legal[rng.below(legal.len() as u64) as usize];
        let action = match m.max_stake(timeline) {
            Some(max) if rng.below(10) == 0 => Action::Split {
                timeline,
                mv,
                stake: 2 * (1 + rng.below(u64::from(max / 2)) as u32),
            },
            _ => Action::Move { timeline, mv },
        };
        return Some(Decision {
            event: Event::new(side, action),
            score: 0,
            depth: 0,
            nodes: 0,
        });
    }

    let think = cfg.level.think_time(Duration::from_millis(cfg.budget_ms));
    let consider_split = policy::may_split(m, side, timeline, now_ms, params.split_cap);
    let main_share = if consider_split { 0.7 } else { 1.0 };
    let limits = Limits {
        deadline: start + think.mul_f64(main_share),
        max_nodes: cfg.max_nodes,
        max_depth: params.max_depth,
    };
    let mut searcher = Searcher::new(tt_log2(cfg), &history_hashes(m, timeline), stop, limits);

    let noise_seed = rng_seed(m, side, cfg.seed ^ timeline as u64);
    let result = search_board(
        cfg.level,
        &mut searcher,
        &board,
        &exclude,
        noise_seed,
        &mut |_| {},
    )?;
    let best = uci::to_standard(&board, result.best);
    let mut nodes = result.nodes;
    let mut action = Action::Move { timeline, mv: best };

    if consider_split && result.depth >= 1 {
        let mut second_excluded = exclude.clone();
        second_excluded.push(result.best);
        searcher.set_limits(Limits {
            deadline: start + think,
            max_nodes: cfg.max_nodes.saturating_mul(2),
            max_depth: result.depth.max(1),
        });
        if let Some(second) = searcher.search(&board, &second_excluded) {
            nodes = second.nodes;
            if second.depth >= 1
                && let Some(stake) = policy::split_stake(m, timeline, result.score, second.score)
            {
                action = Action::Split {
                    timeline,
                    mv: uci::to_standard(&board, second.best),
                    stake,
                };
            }
        }
    }
    Some(Decision {
        event: Event::new(side, action),
        score: result.score,
        depth: result.depth,
        nodes,
    })
}

/// The level's move on one board, searched by `searcher` (whose limits the caller set,
/// with `Level::think_time` and `Level::max_depth`): the search's best move for Medium
/// and Hard; for Easy, the best of every root move's score plus noise drawn from
/// `noise_seed`. Moves in `exclude` are not chosen. `report` hears each finished depth
/// (Easy searches one depth and reports nothing). None when no move is left.
pub fn search_board(
    level: Level,
    searcher: &mut Searcher,
    board: &Board,
    exclude: &[Move],
    noise_seed: u64,
    report: &mut dyn FnMut(&search::Progress),
) -> Option<search::SearchResult> {
    let params = level.params();
    if params.noise == 0 {
        return searcher.search_reporting(board, exclude, report);
    }
    let mut r = searcher.score_root_moves(board, params.max_depth)?;
    let mut rng = SplitMix64::new(noise_seed);
    let noisy = r
        .root_scores
        .iter()
        .filter(|(mv, _)| !exclude.contains(mv))
        .map(|&(mv, s)| {
            (
                mv,
                s + rng.below(2 * params.noise as u64 + 1) as i32 - params.noise,
            )
        })
        .max_by_key(|&(_, s)| s);
    if let Some((mv, _)) = noisy {
        r.score = r
            .root_scores
            .iter()
            .find(|(m2, _)| *m2 == mv)
            .map_or(r.score, |x| x.1);
        r.best = mv;
    }
    Some(r)
}

/// Whether `side` accepts `offer`, by evaluation: a merge moves one bank onto the other
/// board, so it accepts when the expected points (from a short search of each board) are
/// higher after the merge; when they are equal, a side that is behind accepts (fewer,
/// larger games are the underdog's chance) and a side ahead refuses.
pub fn answer_merge(m: &Match, side: Color, offer: &Offer) -> bool {
    policy::answer_merge(m, side, offer)
}

/// A think budget for the AI's next move: in untimed matches a fixed budget per level
/// (Random 10 ms, Easy 100, Medium 300, Hard 1000); in timed ones a share of the clock.
///
/// With C ms left, increment I, the next timeline's weight w = bank / (all open banks)
/// and the clock's rate r = (banks where the AI is to move) / (all open banks), the wall
/// time is (C/25 + 0.8 I w) * w / max(r, 1/2): the clock a move may cost is proportional
/// to its timeline's weight (1/25 of what is left for a whole-match timeline, plus most
/// of the increment the move earns); while it thinks the clock runs at r, but the
/// opponent's moves on other timelines soon raise r, so at least 1/2 is assumed. Never
/// more than a tenth of C / max(r, 1/2), at least 10 ms, at most the level's cap (Random
/// 50 ms, Easy 300, Medium 2000, Hard 10000).
pub fn think_budget_ms(m: &Match, side: Color, now_ms: u64, level: Level) -> u64 {
    let p = level.params();
    let (Some(clocks), Some(control)) = (m.clocks_at(now_ms), m.control()) else {
        return p.fixed_ms;
    };
    let rate = m.clock_rate(side);
    let Some(t) = next_timeline(m, side) else {
        return p.fixed_ms.min(p.cap_ms);
    };
    if rate.den == 0 {
        return p.fixed_ms.min(p.cap_ms);
    }
    // In integers (exact): with W the bank, D all open banks, N the banks where it is to
    // move, r = max(2N, D) / 2D, and the formula above is
    // (5 C D + 100 I W) * 2 W / (125 D max(2N, D)).
    let c = u128::from(clocks.get(side));
    let inc = u128::from(control.increment_ms());
    let w = u128::from(m.timelines()[t].bank().total());
    let d = u128::from(rate.den);
    let r2 = u128::from(2 * rate.num).max(d);
    let wall = (5 * c * d + 100 * inc * w) * 2 * w / (125 * d * r2);
    let most = c * 2 * d / (r2 * 10);
    (wall.min(most) as u64).clamp(10, p.cap_ms)
}

/// A think budget for one move of an ordinary chess game on a clock (the UCI engine),
/// in ms: what is left shared over the moves to go (25 when not told), plus most (0.8)
/// of the increment; never more than a tenth of what is left, less 10 ms for the pipe
/// and the process; at least 1 ms.
pub fn chess_clock_budget_ms(remaining_ms: u64, inc_ms: u64, moves_to_go: Option<u64>) -> u64 {
    let parts = moves_to_go.map_or(25, |n| n.clamp(1, 24) + 1);
    let share = remaining_ms / parts + inc_ms * 4 / 5;
    share.min(remaining_ms / 10).saturating_sub(10).max(1)
}
