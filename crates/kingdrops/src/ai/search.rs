//! Alpha-beta over whole turns with iterative deepening, on beams of candidate turns.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::RngExt;
use rand::rngs::StdRng;

use super::eval::{WIN, WIN_THRESHOLD, evaluate};
use super::level::Params;
use super::zobrist::{KeyBuild, board_hash, move_delta, off_board_hash_after_turn};
use crate::moves::Turn;
use crate::position::Position;
use crate::turn::{end_turn, has_winning_turn, play_unchecked, visit_turns};

/// A distinct turn: the hash of its resulting position and the mover's static score of
/// it (the position itself is rebuilt for the few candidates searched further).
pub(crate) struct Candidate {
    pub turn: Turn,
    pub hash: u64,
    /// The mover's static score of `after`.
    pub score: i32,
    /// `after` would occur for the third time: the turn loses.
    pub repeats: bool,
}

/// A position's turns: a winning one, or every distinct turn (best static score first,
/// third repetitions last).
pub(crate) enum Turns {
    Win(Turn),
    Candidates(Vec<Candidate>),
}

pub(crate) struct Search<'a> {
    pub params: Params,
    pub deadline: Instant,
    pub stop: &'a AtomicBool,
    pub nodes: u64,
    pub aborted: bool,
    ticks: u32,
    /// Occurrences per position hash: the game's history plus the search path.
    pub seen: HashMap<u64, u32>,
    pub rng: StdRng,
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        params: Params,
        deadline: Instant,
        stop: &'a AtomicBool,
        seen: HashMap<u64, u32>,
        rng: StdRng,
    ) -> Search<'a> {
        Search {
            params,
            deadline,
            stop,
            nodes: 0,
            aborted: false,
            ticks: 0,
            seen,
            rng,
        }
    }

    /// Whether the time is up (the clock is read every 64 calls).
    fn poll(&mut self) -> bool {
        self.ticks = self.ticks.wrapping_add(1);
        if !self.aborted
            && self.ticks.is_multiple_of(64)
            && (Instant::now() >= self.deadline || self.stop.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The distinct turns of `pos` (by resulting position). When time runs out the list
    /// is cut short; at the root (`keep_one`) it still holds at least one turn.
    pub(crate) fn turns(&mut self, pos: &Position, keep_one: bool) -> Turns {
        let mut distinct: HashSet<u64, KeyBuild> =
            HashSet::with_capacity_and_hasher(4096, KeyBuild::default());
        let mut out: Vec<Candidate> = Vec::new();
        let mut win = None;
        let base = board_hash(pos);
        // Most turns neither capture a prisoner nor drop: their off-board part is this.
        let quiet = off_board_hash_after_turn(pos);
        // One scratch position for the evaluation, copied over for each new result.
        let mut scratch = pos.clone();
        visit_turns(pos, &mut |st, turn, w| {
            if w.is_some() {
                win = Some(*turn);
                return false;
            }
            let off_board = if st.pos.reserve == pos.reserve && st.pos.prison == pos.prison {
                quiet
            } else {
                off_board_hash_after_turn(&st.pos)
            };
            let mut hash = base ^ off_board;
            for &m in turn.moves() {
                hash ^= move_delta(pos, m);
            }
            debug_assert_eq!(hash, super::zobrist::hash_after_turn(&st.pos));
            if distinct.insert(hash) {
                scratch.clone_from(&st.pos);
                end_turn(&mut scratch, false);
                let score = -evaluate(&scratch);
                let repeats = self.seen.get(&hash).copied().unwrap_or(0) >= 2;
                out.push(Candidate {
                    turn: *turn,
                    hash,
                    score,
                    repeats,
                });
            }
            !(self.poll() && (!keep_one || !out.is_empty()))
        });
        if let Some(t) = win {
            return Turns::Win(t);
        }
        out.sort_unstable_by_key(|c| (c.repeats, -c.score));
        Turns::Candidates(out)
    }

    /// The value of `pos` for its side to move, `depth` whole turns deep (at least 1).
    /// `ply` counts turns from the root (wins sooner score higher).
    pub(crate) fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        let cands = match self.turns(pos, false) {
            Turns::Win(_) => return WIN - ply,
            Turns::Candidates(c) => c,
        };
        if self.aborted {
            return 0;
        }
        if depth <= 1 {
            return self.frontier(pos, &cands, ply);
        }
        let mut best = -(WIN - ply);
        for c in cands
            .iter()
            .filter(|c| !c.repeats)
            .take(self.params.inner_width)
        {
            let after = play_unchecked(pos, &c.turn);
            *self.seen.entry(c.hash).or_insert(0) += 1;
            let v = -self.negamax(&after, depth - 1, -beta, -alpha, ply + 1);
            *self.seen.get_mut(&c.hash).expect("just added") -= 1;
            if self.aborted {
                return 0;
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// One turn deep: the best static score among turns after which the opponent cannot
    /// win at once (the candidates are sorted, so the first such turn).
    fn frontier(&mut self, pos: &Position, cands: &[Candidate], ply: i32) -> i32 {
        for c in cands.iter().filter(|c| !c.repeats) {
            if self.poll() {
                return 0;
            }
            if !has_winning_turn(&play_unchecked(pos, &c.turn)) {
                return c.score;
            }
        }
        if cands.iter().all(|c| c.repeats) {
            // Every turn makes a third repetition: this turn loses.
            -(WIN - ply)
        } else {
            // Every turn lets the opponent win next turn.
            -(WIN - ply - 1)
        }
    }

    /// The root: iterative deepening over the best candidates. Returns the chosen turn,
    /// its score and the last completed depth; with `parity`, the last completed depth of
    /// that parity (depth % 2) when one completed.
    pub(crate) fn root(
        &mut self,
        pos: &Position,
        mut cands: Vec<Candidate>,
        parity: Option<u32>,
    ) -> (Turn, i32, u32) {
        // Never choose a third repetition while another turn exists.
        if cands.iter().any(|c| !c.repeats) {
            cands.retain(|c| !c.repeats);
        }
        if cands.len() == 1 {
            let c = &cands[0];
            return (c.turn, c.score, 0);
        }
        let width = self.params.root_width.clamp(1, cands.len());
        // Depth 1: static scores (with noise), the opponent's immediate wins checked.
        let check = self.params.threat_check >= 1.0
            || (self.params.threat_check > 0.0 && self.rng.random_bool(self.params.threat_check));
        let mut scored: Vec<(i32, usize)> = Vec::new();
        for (i, c) in cands.iter().enumerate() {
            let mut v = c.score;
            if self.params.noise > 0 {
                v += self
                    .rng
                    .random_range(-self.params.noise..=self.params.noise);
            }
            scored.push((v, i));
        }
        scored.sort_by_key(|&(v, _)| -v);
        let mut values: Vec<(i32, usize)> = Vec::new();
        for &(v, i) in &scored {
            // Enough candidates once `width` are scored and one of them does not lose.
            if values.len() >= width && values.iter().any(|&(v, _)| v > -WIN_THRESHOLD) {
                break;
            }
            if self.poll() && !values.is_empty() {
                break;
            }
            let v = if check && has_winning_turn(&play_unchecked(pos, &cands[i].turn)) {
                -(WIN - 1)
            } else {
                v
            };
            values.push((v, i));
        }
        values.sort_by_key(|&(v, _)| -v);
        let (mut best_v, mut best_i) = values[0];
        let mut depth_done = 1;
        let mut of_parity = (parity == Some(1)).then_some((best_v, best_i, 1));
        // Deeper iterations over the same candidates, best first.
        let mut depth = 2;
        while depth <= self.params.max_depth && !self.aborted && best_v.abs() < WIN_THRESHOLD {
            let mut alpha = -WIN - 1;
            let mut iteration: Vec<(i32, usize)> = Vec::new();
            for &(_, i) in &values {
                let c = &cands[i];
                let after = play_unchecked(pos, &c.turn);
                *self.seen.entry(c.hash).or_insert(0) += 1;
                let v = -self.negamax(&after, depth - 1, -WIN - 1, -alpha, 1);
                *self.seen.get_mut(&c.hash).expect("just added") -= 1;
                if self.aborted {
                    break;
                }
                alpha = alpha.max(v);
                iteration.push((v, i));
            }
            if iteration.is_empty() {
                break;
            }
            // An unfinished iteration counts once its first (previously best) candidate
            // is done: the others only replace it by beating it.
            let complete = iteration.len() == values.len();
            iteration.sort_by_key(|&(v, _)| -v);
            (best_v, best_i) = iteration[0];
            if complete {
                values = iteration;
                depth_done = depth;
                if parity == Some(depth % 2) {
                    of_parity = Some((best_v, best_i, depth));
                }
            } else {
                break;
            }
            depth += 1;
        }
        if let Some((v, i, d)) = of_parity {
            return (cands[i].turn, v, d);
        }
        (cands[best_i].turn, best_v, depth_done)
    }
}
