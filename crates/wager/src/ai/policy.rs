//! The wager decisions around the chess search: when to split and with what stake, and
//! how to answer a merge offer.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use cozy_chess::Color;

use super::history::{history_hashes, split_moves_here};
use super::search::{Limits, MATE_BOUND, Searcher};
use crate::state::{Match, Offer};

/// Splits (more timelines to play) need this much on the clock, or half the base time in
/// faster time controls.
const SPLIT_MIN_CLOCK_MS: u64 = 20_000;
/// A second line within this many centipawns of the best is worth a stake...
const SPLIT_MARGIN: i32 = 35;
/// ... if it is not worse than this for us ...
const SPLIT_FLOOR: i32 = -30;
/// ... and the position is not already decided (beyond this, keep every point on the
/// best line) nor bad for us.
const SPLIT_CEILING: i32 = 400;
const SPLIT_MIN_EVAL: i32 = -50;

/// The expected share of a timeline's points for a score in centipawns (logistic, 400 cp
/// for 10:1 odds).
pub fn expected_score(cp: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-(cp as f64) / 400.0))
}

/// Whether a split on `timeline` is worth searching a second line for.
pub(super) fn may_split(m: &Match, side: Color, timeline: usize, now_ms: u64, cap: usize) -> bool {
    if cap == 0 || m.open_count() >= cap || m.max_stake(timeline).is_none() {
        return false;
    }
    if m.timelines()[timeline].bank().total() < 8 || !split_moves_here(m, timeline).is_empty() {
        return false;
    }
    match (m.clocks_at(now_ms), m.control()) {
        (Some(c), Some(tc)) => c.get(side) >= SPLIT_MIN_CLOCK_MS.min(tc.base_ms() / 2),
        _ => true,
    }
}

/// The stake for a split whose new timeline gets the second-best line (score `second`)
/// while the original keeps the best (`best`), or None when the second line is not worth
/// it. About half the bank when the lines are equal, less as the second falls behind.
pub(super) fn split_stake(m: &Match, timeline: usize, best: i32, second: i32) -> Option<u32> {
    if best.abs() >= MATE_BOUND || second.abs() >= MATE_BOUND {
        return None;
    }
    if !(SPLIT_MIN_EVAL..=SPLIT_CEILING).contains(&best)
        || second < best - SPLIT_MARGIN
        || second < SPLIT_FLOOR
    {
        return None;
    }
    let max = m.max_stake(timeline)?;
    let bank = m.timelines()[timeline].bank().total() as f64;
    let f = (0.5 * expected_score(second) / expected_score(best)).min(0.5);
    let stake = ((bank * f) as u32 / 2 * 2).clamp(2, max);
    Some(stake)
}

/// A short, node-bounded search of a timeline's position, scored for `side`.
fn quick_score(m: &Match, timeline: usize, side: Color) -> i32 {
    let t = &m.timelines()[timeline];
    let stop = AtomicBool::new(false);
    let limits = Limits {
        deadline: Instant::now() + Duration::from_millis(250),
        max_nodes: 20_000,
        max_depth: 6,
    };
    let mut s = Searcher::new(14, &history_hashes(m, timeline), &stop, limits);
    let score = s.search(t.board(), &[]).map_or(0, |r| r.score);
    if t.side_to_move() == side {
        score
    } else {
        -score
    }
}

pub(super) fn answer_merge(m: &Match, side: Color, offer: &Offer) -> bool {
    let (a, b) = (offer.a, offer.b);
    let (ta, tb) = (&m.timelines()[a], &m.timelines()[b]);
    let (bank_a, bank_b) = (ta.bank().total() as f64, tb.bank().total() as f64);
    let ea = expected_score(quick_score(m, a, side));
    let eb = expected_score(quick_score(m, b, side));
    // The rules' survivor: more plies; on a tie the older (lower number).
    let survivor = if tb.plies() > ta.plies() { eb } else { ea };
    let keep = bank_a * ea + bank_b * eb;
    let merged = (bank_a + bank_b) * survivor;
    if (merged - keep).abs() > 0.5 {
        merged > keep
    } else {
        keep / (bank_a + bank_b) < 0.5
    }
}
