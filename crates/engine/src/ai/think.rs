//! Alpha-beta with iterative deepening over whole turns.
//!
//! Each node is a position at the start of a turn; its children are the candidate turns
//! of `turns::candidates` (a beam, see there), already ordered by the static evaluation
//! of the position they lead to, so the first child is usually the best and alpha-beta
//! cuts well. At the root, children are reordered by the previous iteration's scores.
//! Leaves are the static evaluation; a side in check at a leaf is asked (node-limited
//! exact search) whether it has any legal action, so mates are scored as mates.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::RngExt;
use rand::rngs::StdRng;

use crate::ai::eval::{self, MATE, MATE_BOUND};
use crate::ai::level::Params;
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

pub(crate) struct Thinker<'a> {
    pub params: Params,
    pub deadline: Instant,
    pub stop: &'a AtomicBool,
    pub nodes: u64,
    pub aborted: bool,
    pub rng: StdRng,
}

/// What the root search settled on.
pub(crate) struct RootResult {
    pub moves: Vec<Move>,
    pub score: i32,
    pub depth: u32,
}

impl<'a> Thinker<'a> {
    fn time_up(&mut self) -> bool {
        if !self.aborted && (self.stop.load(Ordering::Relaxed) || Instant::now() >= self.deadline) {
            self.aborted = true;
        }
        self.aborted
    }

    fn candidates(&mut self, pos: &Position, width: usize) -> Option<Vec<Candidate>> {
        let (deadline, stop) = (self.deadline, self.stop);
        let mut tick = 0u32;
        let mut should_stop = || {
            tick += 1;
            stop.load(Ordering::Relaxed) || (tick.is_multiple_of(4) && Instant::now() >= deadline)
        };
        let (c, complete) = turns::candidates(pos, width, &mut should_stop);
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
        let Some(cands) = self.candidates(pos, self.params.inner_width) else {
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
        let mut best = -INF;
        for c in &cands {
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
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Iterative deepening over the root candidates (non-empty, all legal).
    pub fn root(&mut self, mut root: Vec<Candidate>) -> RootResult {
        let noisy = self.params.noise > 0;
        let mut scores: Vec<i32> = root.iter().map(|c| c.static_score).collect();
        let mut best = RootResult {
            moves: root[0].moves.clone(),
            score: scores[0],
            depth: 0,
        };
        if root.len() == 1 && self.params.stop_early {
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
                let s = if depth == 1 {
                    let after = root[i].after.clone();
                    -self.leaf(&after, 1, Some(-root[i].static_score))
                } else {
                    let after = root[i].after.clone();
                    -self.negamax(&after, depth - 1, -INF, -a, 1)
                };
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
                };
                // Best first for the next iteration (stable: earlier order breaks ties).
                let mut order: Vec<usize> = (0..root.len()).collect();
                order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
                root = order.iter().map(|&i| root[i].clone()).collect();
                scores = order.iter().map(|&i| scores[i]).collect();
                if self.params.stop_early && bs.abs() >= MATE_BOUND {
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
        best
    }
}
