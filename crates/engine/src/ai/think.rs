//! Alpha-beta with iterative deepening over whole turns.
//!
//! Each node is a position at the start of a turn; its children are the candidate turns
//! of `turns::candidates` (a beam, see there), already ordered by the static evaluation
//! of the position they lead to, so the first child is usually the best and alpha-beta
//! cuts well. At the root, children are reordered by the previous iteration's scores.
//! Leaves are the static evaluation (whose threat term is a quiescence over each
//! playable board, `quiesce`); a side in check at a leaf is asked (node-limited exact
//! search) whether it has any legal action, so mates are scored as mates.
//!
//! Move ordering (issue 15):
//! - a transposition table keyed by the multiverse's hash (`Position::position_hash`)
//!   keeps each searched node's score bound and best turn: an earlier iteration's best
//!   turn is searched first, and a deep enough entry answers at once;
//! - killer turns (two per depth) and a history table (moves that ended a search by a
//!   cutoff, weighted by depth squared) raise those moves in the beam and put the
//!   candidates that contain them first;
//! - the beam itself ranks captures of a piece that attacks a royal, and checks on the
//!   landing board or across boards, high (`turns`).
//!
//! Iterative deepening keeps the best turn of the last complete iteration (or the best of
//! a partial one whose first, previously best, turn was searched) when time runs out.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::RngExt;
use rand::rngs::StdRng;

use crate::ai::eval::{self, MATE, MATE_BOUND};
use crate::ai::level::Params;
use crate::ai::mates::MateInOne;
use crate::ai::turns::{self, Candidate};
use crate::position::{Move, Position};
use crate::search::{Limits, Outcome, find_action};

const INF: i32 = MATE + 1;

/// Node budget of the mate probe at a leaf in check.
const MATE_PROBE_NODES: u64 = 4_000;
/// Node budget of the probe at an inner node without candidates.
const EMPTY_PROBE_NODES: u64 = 20_000;
/// A blunder (`Params::blunder`) picks among the candidates scored at most this much
/// below the normal pick: it may drop a minor piece, not the queen.
const BLUNDER_MARGIN: i32 = 400;

/// Entries kept in the transposition table before it is cleared.
const TT_CAP: usize = 200_000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    /// The score is at least this (a cutoff).
    Lower,
    /// The score is at most this (no candidate reached alpha).
    Upper,
}

struct TtEntry {
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<Vec<Move>>,
}

/// A move's shape for the history table: where from and to on the board, and the jump
/// in timelines and turns (positions differ between siblings, shapes repeat).
type Shape = (i8, i8, i8, i8, i8, i8);

fn shape(m: &Move) -> Shape {
    (
        m.from.x as i8,
        m.from.y as i8,
        m.to.x as i8,
        m.to.y as i8,
        (m.to.l - m.from.l).clamp(-100, 100) as i8,
        (m.to.h - m.from.h).clamp(-100, 100) as i8,
    )
}

/// Search state kept across iterations: the transposition table, killers, history.
#[derive(Default)]
pub(crate) struct Memory {
    tt: HashMap<u64, TtEntry>,
    /// Per ply, the last two turns that caused a cutoff.
    killers: Vec<[Option<Vec<Move>>; 2]>,
    history: HashMap<Shape, i32>,
}

impl Memory {
    fn store(&mut self, key: u64, e: TtEntry) {
        if self.tt.len() >= TT_CAP {
            self.tt.clear();
        }
        self.tt.insert(key, e);
    }

    fn killer_moves(&self, ply: u32) -> impl Iterator<Item = &Move> {
        self.killers
            .get(ply as usize)
            .into_iter()
            .flat_map(|k| k.iter().flatten().flatten())
    }

    /// A cutoff at `ply` by `moves` after a search of `depth` turns.
    fn cutoff(&mut self, ply: u32, depth: u32, moves: &[Move]) {
        let p = ply as usize;
        if self.killers.len() <= p {
            self.killers.resize(p + 1, [None, None]);
        }
        let k = &mut self.killers[p];
        if k[0].as_deref() != Some(moves) {
            k[1] = k[0].take();
            k[0] = Some(moves.to_vec());
        }
        for m in moves {
            let h = self.history.entry(shape(m)).or_insert(0);
            *h = (*h + (depth * depth) as i32).min(1 << 20);
        }
    }

    /// Beam bonus of a move at `ply`: a killer move, and its history.
    fn bonus(&self, ply: u32, m: &Move) -> i32 {
        let killer = if self.killer_moves(ply).any(|k| k == m) {
            KILLER_BONUS
        } else {
            0
        };
        let hist = self.history.get(&shape(m)).copied().unwrap_or(0);
        killer + (hist * HISTORY_SCALE).min(HISTORY_MAX)
    }
}

/// Beam bonus of a killer move.
const KILLER_BONUS: i32 = 60;
/// History counts in centipawns of beam score, and their cap.
const HISTORY_SCALE: i32 = 2;
const HISTORY_MAX: i32 = 40;

/// Mate scores are stored relative to the node (so a transposition at another ply reads
/// the same distance to mate).
fn to_tt(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

pub(crate) struct Thinker<'a> {
    pub params: Params,
    pub deadline: Instant,
    pub stop: &'a AtomicBool,
    pub nodes: u64,
    /// Positions to visit at most, instead of the deadline (`ai::Limit::Nodes`).
    pub max_nodes: Option<u64>,
    pub aborted: bool,
    pub rng: StdRng,
    pub memory: Memory,
    /// Hard and Max: asks whether the opponent has a mate in one after a root candidate
    /// (`safety`); the best candidate is checked after each complete iteration.
    pub verify: Option<&'a dyn Fn(&Candidate) -> MateInOne>,
}

/// Taken off the search score of a root candidate found to lose to a mate in one, so
/// that it sorts below every other.
const LOSING: i32 = 2 * MATE;

/// What the root search settled on.
pub(crate) struct RootResult {
    pub moves: Vec<Move>,
    pub score: i32,
    pub depth: u32,
    /// Every root candidate with its score, the choice first, then best first by the
    /// scores of the last complete iteration.
    pub ranked: Vec<(Candidate, i32)>,
}

impl<'a> Thinker<'a> {
    fn time_up(&mut self) -> bool {
        if !self.aborted
            && (self.stop.load(Ordering::Relaxed)
                || Instant::now() >= self.deadline
                || self.max_nodes.is_some_and(|n| self.nodes >= n))
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn candidates(&mut self, pos: &Position, width: usize, ply: u32) -> Option<Vec<Candidate>> {
        let (deadline, stop) = (self.deadline, self.stop);
        let mut tick = 0u32;
        let mut should_stop = || {
            tick += 1;
            stop.load(Ordering::Relaxed) || (tick.is_multiple_of(4) && Instant::now() >= deadline)
        };
        let memory = &self.memory;
        let bonus = |m: &Move| memory.bonus(ply, m);
        let (c, complete) = turns::candidates_with(pos, width, &bonus, &mut should_stop);
        if !complete {
            self.aborted = true;
            return None;
        }
        Some(c)
    }

    /// A leaf: `static_eval` (if known) or the evaluation, with the mate probe in check.
    fn leaf(&mut self, pos: &Position, ply: u32, static_eval: Option<i32>) -> i32 {
        if self.time_up() {
            return 0;
        }
        self.nodes += 1;
        let mut s = static_eval.unwrap_or_else(|| eval::evaluate(pos));
        if pos.in_check() {
            let r = find_action(
                pos,
                Limits {
                    max_nodes: MATE_PROBE_NODES,
                    stop: Some(self.stop),
                },
            );
            match r {
                Outcome::Done(None) => return -(MATE - ply as i32),
                Outcome::Done(Some(_)) => {}
                Outcome::Unknown => {
                    // Stopped by the clock (or undecided within the node budget).
                    self.time_up();
                }
            }
            s -= 30;
        }
        s
    }

    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if self.time_up() {
            return 0;
        }
        if depth == 0 {
            return self.leaf(pos, ply, None);
        }
        self.nodes += 1;
        let key = pos.position_hash();
        let alpha0 = alpha;
        let mut tt_best = None;
        if let Some(e) = self.memory.tt.get(&key) {
            let sc = from_tt(e.score, ply);
            if e.depth >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => sc >= beta,
                    Bound::Upper => sc <= alpha,
                }
            {
                return sc;
            }
            tt_best = e.best.clone();
        }
        let Some(mut cands) = self.candidates(pos, self.params.inner_width, ply) else {
            return 0;
        };
        if cands.is_empty() {
            let r = find_action(
                pos,
                Limits {
                    max_nodes: EMPTY_PROBE_NODES,
                    stop: Some(self.stop),
                },
            );
            return match r {
                Outcome::Done(None) if pos.in_check() => -(MATE - ply as i32),
                Outcome::Done(None) => 0,
                // A legal action exists that the beam missed: a poor position.
                _ => self.leaf(pos, ply, None) - 100,
            };
        }
        self.order(&mut cands, tt_best.as_deref(), ply);
        let mut best = -INF;
        let mut best_moves: Option<usize> = None;
        for (i, c) in cands.iter().enumerate() {
            let s = if depth == 1 {
                -self.leaf(&c.after, ply + 1, Some(-c.static_score))
            } else {
                -self.negamax(&c.after, depth - 1, -beta, -alpha, ply + 1)
            };
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                best_moves = Some(i);
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                self.memory.cutoff(ply, depth, &c.moves);
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.memory.store(
            key,
            TtEntry {
                depth,
                score: to_tt(best, ply),
                bound,
                best: best_moves.map(|i| cands[i].moves.clone()),
            },
        );
        best
    }

    /// Orders a node's candidates: the table's best turn, then turns with a killer move,
    /// then the beam's order (static evaluation) raised by the moves' history.
    fn order(&self, cands: &mut [Candidate], tt_best: Option<&[Move]>, ply: u32) {
        let key = |c: &Candidate| -> i64 {
            if tt_best == Some(c.moves.as_slice()) {
                return i64::MIN;
            }
            let killer = c
                .moves
                .iter()
                .any(|m| self.memory.killer_moves(ply).any(|k| k == m));
            let hist: i32 = c
                .moves
                .iter()
                .map(|m| self.memory.history.get(&shape(m)).copied().unwrap_or(0))
                .sum();
            let hist = (hist * HISTORY_SCALE).min(HISTORY_MAX);
            -(i64::from(killer) * (1 << 40) + i64::from(c.static_score + hist))
        };
        cands.sort_by_cached_key(key);
    }

    /// Checks the best root candidates (`root` sorted best first by `scores`) until the
    /// first is not known to lose to a mate in one: a losing one gets the `LOSING` penalty
    /// and goes to the back. A check that cannot finish in time leaves the order.
    fn verify_best(&mut self, root: &mut Vec<Candidate>, scores: &mut Vec<i32>) {
        let Some(verify) = self.verify else { return };
        for _ in 0..root.len() {
            match root[0].safe {
                Some(false) => break, // every candidate is known to lose
                Some(true) => return,
                None => {}
            }
            match verify(&root[0]) {
                MateInOne::Found(_) => {
                    let mut c = root.remove(0);
                    let s = scores.remove(0);
                    c.safe = Some(false);
                    c.penalty += LOSING;
                    root.push(c);
                    scores.push(s - LOSING);
                }
                MateInOne::None => {
                    root[0].safe = Some(true);
                    return;
                }
                MateInOne::Unknown => return,
            }
        }
    }

    /// Iterative deepening over the root candidates (non-empty, all legal).
    pub fn root(&mut self, mut root: Vec<Candidate>) -> RootResult {
        let noisy = self.params.noise > 0;
        let mut scores: Vec<i32> = root.iter().map(|c| c.static_score - c.penalty).collect();
        let mut best = RootResult {
            moves: root[0].moves.clone(),
            score: scores[0],
            depth: 0,
            ranked: Vec::new(),
        };
        if root.len() == 1 && self.params.stop_early {
            best.ranked = root.into_iter().zip(scores).collect();
            return best;
        }
        for depth in 1..=self.params.max_depth {
            let mut alpha = -INF;
            let mut iter_best: Option<(usize, i32)> = None;
            let mut iter_scores = scores.clone();
            let mut done = 0;
            for i in 0..root.len() {
                // With noise the root keeps a full window: every score is exact.
                let a = if noisy { -INF } else { alpha };
                let pen = root[i].penalty;
                let s = if depth == 1 {
                    -self.leaf(&root[i].after, 1, Some(-root[i].static_score))
                } else {
                    -self.negamax(&root[i].after, depth - 1, -INF, -(a + pen), 1)
                } - pen;
                if self.aborted {
                    break;
                }
                done += 1;
                iter_scores[i] = s;
                if iter_best.is_none_or(|(_, b)| s > b) {
                    iter_best = Some((i, s));
                }
                alpha = alpha.max(s);
            }
            if done == root.len() {
                scores = iter_scores;
                let (bi, bs) = iter_best.unwrap();
                best = RootResult {
                    moves: root[bi].moves.clone(),
                    score: bs,
                    depth,
                    ranked: Vec::new(),
                };
                // Best first for the next iteration (stable: earlier order breaks ties).
                let mut order: Vec<usize> = (0..root.len()).collect();
                order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
                root = order.iter().map(|&i| root[i].clone()).collect();
                scores = order.iter().map(|&i| scores[i]).collect();
                if self.verify.is_some() {
                    self.verify_best(&mut root, &mut scores);
                    best.moves = root[0].moves.clone();
                    best.score = scores[0];
                }
                if self.params.stop_early && best.score.abs() >= MATE_BOUND {
                    break;
                }
            } else {
                // Stopped part-way. The first candidate (the previous best) is searched
                // first, so the best of those finished at this depth is trustworthy.
                if !noisy && let Some((bi, bs)) = iter_best {
                    best = RootResult {
                        moves: root[bi].moves.clone(),
                        score: bs,
                        depth: depth - 1,
                        ranked: Vec::new(),
                    };
                }
                break;
            }
            if self.time_up() {
                break;
            }
        }
        if noisy {
            // Pick by score plus noise among the candidates scored at the last full depth.
            let n = self.params.noise;
            let mut pick = 0;
            let mut pick_score = i32::MIN;
            for (i, s) in scores.iter().enumerate() {
                let noise = if s.abs() >= MATE_BOUND {
                    0
                } else {
                    self.rng.random_range(-n..=n)
                };
                if s + noise > pick_score {
                    pick_score = s + noise;
                    pick = i;
                }
            }
            // A blunder now and then (Easy): any candidate not far worse than the pick,
            // unless a mate is on the board (found or threatened).
            let b = self.params.blunder;
            if b > 0.0 && scores[pick].abs() < MATE_BOUND && self.rng.random_bool(b) {
                let floor = scores[pick] - BLUNDER_MARGIN;
                let ok: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] >= floor).collect();
                pick = ok[self.rng.random_range(0..ok.len())];
            }
            best.moves = root[pick].moves.clone();
            best.score = scores[pick];
        }
        // A candidate known to lose to a mate in one carries the `LOSING` penalty so that
        // it sorts last; what it is worth is being mated next, and that is its score (the
        // penalty once leaked past `MATE` into the evaluation: issue 43).
        if root
            .iter()
            .any(|c| c.moves == best.moves && c.safe == Some(false))
        {
            best.score = super::safety::MATED_NEXT;
        }
        let mut ranked: Vec<(Candidate, i32)> = root.into_iter().zip(scores).collect();
        ranked.sort_by_key(|(c, s)| (c.moves != best.moves, std::cmp::Reverse(*s)));
        best.ranked = ranked;
        best
    }
}
