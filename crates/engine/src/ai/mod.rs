//! The AI: picks a whole legal turn (action) for the side to move.
//!
//! # Method
//!
//! Alpha-beta (negamax) with iterative deepening over whole turns, on a hand-made 5D
//! evaluation (`eval`), with candidate turns built by a beam over the boards that must be
//! played (`turns`). Each candidate is checked with the engine (`Position::can_submit`), so
//! the AI never plays an illegal turn; when the beam finds none, the exact search
//! (`search::find_action`) supplies a legal action or proves there is none.
//!
//! Why not MCTS: with random rollouts (what the public engines do) a playout in 5D chess
//! is hundreds of whole turns, each needing a legal-turn construction, so a one-second
//! budget gives only a few hundred playouts and their results are noise; random games
//! rarely end in mate. MCTS with an evaluation instead of rollouts is closer to what we
//! have, but at the 20-60 candidate turns per node and the few thousand nodes per second
//! that turn construction allows, alpha-beta with good ordering (static scores of the
//! candidates, previous iteration at the root) reaches 2-4 turns deep in Standard and finds
//! every short tactic and mate inside its beam, which is what decides games at this level.
//! The measured strengths are in the README.
//!
//! Mates across boards are where a beam fails, so Hard and Max ask the exact search
//! (issues 15 and 20): first whether they have a mate in one (`mates`: a checking beam,
//! then every action with a checking move, each checked by `find_action`), then a mate in
//! two (`mate_in_two`: a first turn after which every reply allows a proved mate in one),
//! either played at once; then, after each iteration of the search, whether the opponent
//! has a mate in one after the best turn, and before playing, whether it has a mate in one
//! or two (`safety`), taking the next turn while it does.
//!
//! Levels (`Level`): Random (a random legal action), Easy (one turn deep, heavy score
//! noise, a blunder on a quarter of its turns, at most a fifth of the budget and 200 ms),
//! Medium (the search with narrow beams, at most three turns deep, half the budget and
//! 1.5 s at most, its own mates in one and the opponent's), Hard (85% of the budget on
//! one thread: its own mates in one and two within the first 25% of that, the search to
//! 72%, the last safety check in the rest), Max (Hard's method on two threads: a second thread looks for its own mates
//! and then for the opponent's after each root candidate, while the search, with Hard's
//! beams, runs to 88% of the whole budget).

//! # Time
//!
//! `choose_action` returns within the budget plus a few milliseconds: the deadline is
//! polled between moves of the beam and at every node. The one exception is a position
//! where the beam finds no legal turn (seen with about two hundred timelines): random
//! constructions then race the exact search on a second thread (`random::any_action`),
//! which has taken minutes on its own there, until one has an action or `stop` is set.

//! # Answers
//!
//! Three answers stay apart (issue 13): an action; a proof that there is none
//! (`NoChoice::Checkmate`, `NoChoice::Stalemate`, from the exact search); and
//! `NoChoice::Stopped` when `stop` ended the thinking before any action was found. Running
//! out of the budget is not a reason to give none: past the deadline the first legal
//! action found is played. `for_white` turns an answer into the evaluation for White that
//! the analysis board, the review and `timefork-cli eval` show.

pub mod clock;
pub mod eval;
pub mod for_white;
pub mod level;
pub mod mate_in_two;
pub mod mates;
mod quiesce;
pub mod random;
mod safety;
pub mod tactics;
mod think;
pub mod turns;
mod values;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;

pub use level::{Level, ParseLevelError};

use crate::ai::mate_in_two::{Caps, MateInTwo};
use crate::ai::mates::MateInOne;
use crate::position::{Move, Position};

/// Share of the thinking time by which Hard and Max end the look for their own mate in
/// one, and then for their own mate in two (from the start of the turn).
const MATE_SHARE: f64 = 0.12;
const MATE_IN_TWO_SHARE: f64 = 0.25;
/// Share of the thinking time after which their search stops. The search checks its best
/// turn against the opponent's mates in one after each iteration; the rest of the time
/// is for the last check (`safety::choose_safe`: the opponent's mates in one and two).
const SEARCH_SHARE: f64 = 0.72;

/// Share of the thinking time one check of the search's best turn against the
/// opponent's mates in one may take (after each iteration).
const VERIFY_SHARE: f64 = 0.05;

/// Material edge from which a shuffle is penalised, and the penalty.
const SHUFFLE_EDGE: i32 = 150;
const SHUFFLE_PENALTY: i32 = 80;

/// Share of the thinking time Max's search may use: its looks for mates run beside it.
const MAX_SEARCH_SHARE: f64 = 0.88;

/// Max's second thread: its own mate in one, then in two (stored in `own_mate`, and
/// `timer` set so the search ends at once); then the opponent's mates after each of the
/// root's candidate turns, best first by static evaluation, into `verdicts`, until
/// `deadline` or `timer`.
fn helper(
    pos: &Position,
    width: usize,
    deadline: Instant,
    timer: &AtomicBool,
    verdicts: &safety::Verdicts,
    own_mate: &Mutex<Option<(Vec<Move>, i32)>>,
) {
    let found = |moves: Vec<Move>, score: i32| {
        *own_mate.lock().unwrap_or_else(|e| e.into_inner()) = Some((moves, score));
        timer.store(true, Ordering::Relaxed);
    };
    if let MateInOne::Found(m) = mates::find_mate_in_one(pos, deadline, timer) {
        return found(m, eval::MATE - 1);
    }
    if let MateInTwo::Found(m) =
        mate_in_two::find_mate_in_two(pos, deadline, timer, mate_in_two::Caps::default())
    {
        return found(m, eval::MATE - 3);
    }
    let mut tick = 0u32;
    let (cands, _) = turns::candidates(pos, width, &mut || {
        tick += 1;
        timer.load(Ordering::Relaxed) || (tick.is_multiple_of(4) && Instant::now() >= deadline)
    });
    for c in cands {
        let key = c.after.position_hash();
        let known = verdicts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(&key);
        if known {
            continue;
        }
        let Some(t) = safety::threat(&c.after, deadline, timer, mates::Reach::CLOCKED) else {
            break;
        };
        verdicts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, t);
    }
}

/// How the AI should play.
#[derive(Clone, Debug)]
pub struct AiConfig {
    pub level: Level,
    /// Time to think. Easy and Medium use only part of it (see `Level`).
    pub budget: Duration,
    /// Seed of the random choices (noise, the random mover): same seed, same play.
    pub seed: u64,
    /// Instead of the clock: a fixed amount of work (`Limit`), and every look for mates
    /// let finish. The same answer on every machine, however busy; `budget` is then not
    /// read.
    pub limit: Option<Limit>,
}

/// Work that ends a search instead of the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// This many whole turns deep (at most the level's own depth, `Level::depth`).
    Depth(u32),
    /// This many positions visited by the search (it ends the iteration under way).
    Nodes(u64),
}

impl AiConfig {
    pub fn new(level: Level, budget: Duration) -> AiConfig {
        AiConfig {
            level,
            budget,
            seed: 0,
            limit: None,
        }
    }

    /// Thinking with no clock, until `limit` (see `limit`).
    pub fn limited(level: Level, limit: Limit) -> AiConfig {
        AiConfig {
            limit: Some(limit),
            ..AiConfig::new(level, Duration::ZERO)
        }
    }
}

/// The time a search with a `Limit` is given: far more than any takes, so that no
/// deadline decides anything.
const UNTIMED: Duration = Duration::from_secs(24 * 3600);

/// The AI's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiOutcome {
    /// The moves of the action, in the order to make them.
    pub action: Vec<Move>,
    /// The search's score of the action, in centipawns per timeline from the mover's point
    /// of view (`eval::per_timeline`; mate scores are near +-`eval::MATE`).
    pub score: i32,
    /// Whole turns searched (the last complete iteration; 0 when the choice was forced).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// Why the AI gives no action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoChoice {
    /// Proved by the exact search: the side to move has no legal action and is in check.
    Checkmate,
    /// Proved by the exact search: no legal action, not in check.
    Stalemate,
    /// `stop` was set before a legal action was found (or none proved): nothing is known
    /// about the position. Never returned unless `stop` was set.
    Stopped,
}

/// A legal action for the side to move in `pos` (a position at the start of a turn).
///
/// `Err(Checkmate | Stalemate)` only when the exact search proves there is no legal
/// action. Never returns an illegal action. Thinks until the budget's deadline, then
/// returns the best action found; if the beam finds none (positions with hundreds of
/// timelines), it goes on until a random construction or the exact search finds one or
/// the exact search proves there is none, past the budget if need be.
/// `stop` ends the thinking at once: the best action found so far is returned, or
/// `Err(Stopped)` if there is none yet. Callers that cannot wait set `stop` from a timer.
pub fn choose_action(
    pos: &Position,
    cfg: &AiConfig,
    stop: &AtomicBool,
) -> Result<AiOutcome, NoChoice> {
    let start = Instant::now();
    let mut params = cfg.level.params();
    let mut think = cfg.budget.mul_f64(params.time_share);
    if let Some(mx) = params.max_time {
        think = think.min(mx);
    }
    let mut max_nodes = None;
    match cfg.limit {
        Some(Limit::Depth(depth)) => params.max_depth = depth.clamp(1, params.max_depth.max(1)),
        Some(Limit::Nodes(n)) => max_nodes = Some(n),
        None => {}
    }
    let reach = if cfg.limit.is_some() {
        think = UNTIMED;
        mates::Reach::LIMITED
    } else {
        mates::Reach::CLOCKED
    };
    let deadline = start + think;
    let mut rng = StdRng::seed_from_u64(cfg.seed ^ pos.position_hash());
    if cfg.level == Level::Random {
        let action = random::random_action(pos, &mut rng, stop, deadline)?;
        return Ok(AiOutcome {
            action,
            score: 0,
            depth: 0,
            nodes: 1,
        });
    }
    // A legal action first (a narrow beam, else the exact search), so there is always one.
    let (mut root, _) = turns::candidates(pos, 1, &mut || false);
    if root.is_empty() {
        // Random constructions race the exact search (with a hundred timelines the beam
        // can find nothing while one construction in ten works, and the exact search alone
        // can take minutes). Past the deadline, the first action found is played.
        let moves = random::any_action(pos, &mut rng, stop)?;
        let mut after = pos.clone();
        for m in &moves {
            after.make_move(m);
        }
        after.submit_unchecked();
        let static_score = -eval::evaluate(&after);
        root.push(turns::Candidate {
            moves,
            after,
            static_score,
            penalty: 0,
            safe: None,
        });
    }
    // The clock as a flag, for the exact search's node-limited probes: set at the
    // deadline or when `stop` is.
    let timer = AtomicBool::new(false);
    // The same for the looks for a mate in one and in two (Hard, Max), at their shares.
    let mate_deadline = start + think.mul_f64(MATE_SHARE);
    let mate_timer = AtomicBool::new(false);
    let mate2_deadline = start + think.mul_f64(MATE_IN_TWO_SHARE);
    let mate2_timer = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    // Max's second thread: its own mate when it finds one, and the threats it decided.
    let own_mate: Mutex<Option<(Vec<Move>, i32)>> = Mutex::new(None);
    let verdicts = safety::Verdicts::default();
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            loop {
                if finished.load(Ordering::Relaxed) {
                    break;
                }
                let now = Instant::now();
                let stopped = stop.load(Ordering::Relaxed);
                for (at, flag) in [(mate_deadline, &mate_timer), (mate2_deadline, &mate2_timer)] {
                    if now >= at || stopped {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
                if now >= deadline || stopped {
                    timer.store(true, Ordering::Relaxed);
                    break;
                }
                std::thread::sleep((deadline - now).min(Duration::from_millis(1)));
            }
        });
        // Hard and Max: a mate in one, then a mate in two, is played at once; the search
        // leaves time to check its choice against the opponent's mates (`safety`).
        let strong = matches!(cfg.level, Level::Hard | Level::Max);
        // Medium sees mates in one both ways; Hard and Max mates in two as well.
        let mates_in_one = strong || cfg.level == Level::Medium;
        // (With a `Limit`, Max thinks on one thread as Hard does: a second thread's
        // share of the work would depend on the machine.)
        let max = cfg.level == Level::Max && cfg.limit.is_none();
        // The end of the thinking: the timer thread, and Max's second thread, stop too.
        let done = || {
            finished.store(true, Ordering::Relaxed);
            timer.store(true, Ordering::Relaxed);
        };
        let forced = |moves: Vec<Move>, score: i32| {
            done();
            let r = think::RootResult {
                moves,
                score,
                depth: 1,
                ranked: Vec::new(),
            };
            (r, 1)
        };
        // Max: the looks for mates run on a second thread beside the search (`helper`).
        if max {
            s.spawn(|| {
                helper(
                    pos,
                    params.root_width,
                    deadline,
                    &timer,
                    &verdicts,
                    &own_mate,
                )
            });
        }
        if mates_in_one
            && !max
            && let MateInOne::Found(moves) =
                mates::find_mate_in_one_within(pos, mate_deadline, &mate_timer, reach)
        {
            return forced(moves, eval::MATE - 1);
        }
        if strong
            && !max
            && let MateInTwo::Found(moves) = mate_in_two::find_mate_in_two(
                pos,
                mate2_deadline,
                &mate2_timer,
                Caps::within(reach),
            )
        {
            return forced(moves, eval::MATE - 3);
        }
        let search_deadline = match cfg.level {
            Level::Max => start + think.mul_f64(MAX_SEARCH_SHARE),
            _ if mates_in_one => start + think.mul_f64(SEARCH_SHARE),
            _ => deadline,
        };
        let check = |c: &turns::Candidate| {
            let known = verdicts
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get(&c.after.position_hash())
                .copied();
            match known {
                Some(safety::Threat::MateInOne) => MateInOne::Found(Vec::new()),
                Some(_) => MateInOne::None,
                // Bounded: in a position of dozens of boards the look cannot finish, and
                // an unfinished look leaves the order as it was.
                None => {
                    let until = (Instant::now() + think.mul_f64(VERIFY_SHARE)).min(deadline);
                    mates::find_mate_in_one_within(&c.after, until, &timer, reach)
                }
            }
        };
        let mut thinker = think::Thinker {
            params,
            deadline: search_deadline,
            stop: &timer,
            nodes: 0,
            max_nodes,
            aborted: false,
            rng,
            memory: think::Memory::default(),
            verify: if mates_in_one { Some(&check) } else { None },
        };
        let mut tick = 0u32;
        let (wide, complete) = turns::candidates(pos, params.root_width, &mut || {
            tick += 1;
            timer.load(Ordering::Relaxed)
                || (tick.is_multiple_of(4) && Instant::now() >= search_deadline)
        });
        if complete && !wide.is_empty() {
            let fallback = root.pop().unwrap();
            root = wide;
            if !root.iter().any(|c| c.moves == fallback.moves) {
                root.push(fallback);
            }
        }
        // Ahead, a turn that repeats a board of two turns before is a shuffle: the search
        // is asked to prefer progress.
        if eval::material_edge(pos, pos.to_move) >= SHUFFLE_EDGE {
            for c in root.iter_mut() {
                if eval::repeats(&c.after, &c.moves) {
                    c.penalty = SHUFFLE_PENALTY;
                }
            }
        }
        let mut r = thinker.root(root);
        if let Some((moves, score)) = own_mate.lock().unwrap_or_else(|e| e.into_inner()).take() {
            return forced(moves, score);
        }
        if mates_in_one {
            let pick = safety::choose_safe(
                pos,
                &r.ranked,
                deadline,
                &timer,
                Some(&verdicts),
                strong,
                reach,
            );
            if pick.moves != r.moves {
                r.moves = pick.moves;
                r.score = pick.score;
            }
        }
        done();
        (r, thinker.nodes)
    });
    let (r, nodes) = r;
    Ok(AiOutcome {
        action: r.moves,
        score: eval::per_timeline(pos, r.score),
        depth: r.depth,
        nodes: nodes.max(1),
    })
}
