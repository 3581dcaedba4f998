//! What a timeline has been: the moves already split off its position and the positions
//! it can repeat.

use cozy_chess::{Board, Move};

use crate::state::Match;
use crate::timeline::Fork;

/// Moves already played from this very position on timelines split off it: the position
/// keeps a different move.
pub(crate) fn split_moves_here(m: &Match, timeline: usize) -> Vec<Move> {
    let here = Fork {
        parent: timeline,
        ply: m.timelines()[timeline].plies(),
    };
    m.timelines()
        .iter()
        .filter(|t| t.fork() == Some(here))
        .map(|t| t.game().moves()[here.ply])
        .collect()
}

/// Hashes of a timeline's positions before its current one, back to the last pawn move
/// or capture (older ones cannot repeat).
pub(crate) fn history_hashes(m: &Match, timeline: usize) -> Vec<u64> {
    position_history(m.timelines()[timeline].game().boards())
}

/// Hashes of the positions before the last of `boards` (a game's positions, oldest
/// first), back to the last pawn move or capture: what the search needs to see
/// repetitions.
pub fn position_history(boards: &[Board]) -> Vec<u64> {
    let Some(last) = boards.len().checked_sub(1) else {
        return Vec::new();
    };
    let window = (boards[last].halfmove_clock() as usize).min(last);
    boards[last - window..last]
        .iter()
        .map(|b| b.hash())
        .collect()
}
