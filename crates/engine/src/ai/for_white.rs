//! The evaluation for White: one definition for the analysis board, the game review and
//! `timefork-cli eval`. The search scores a position for the side to move, in centipawns
//! per timeline (`eval::per_timeline`); here it is turned to White's side, mates kept
//! apart from pawns (`eval::MATE` less the turns to it).

use std::sync::atomic::AtomicBool;

use super::{AiConfig, AiOutcome, NoChoice, choose_action, eval};
use crate::piece::Color;
use crate::position::{Move, Position};

/// The search's answer for `pos` seen from White: the score and the best action (empty
/// when there is none: mate, -`eval::MATE` for the side to move, or stalemate, 0). None
/// when the search was stopped before it knew anything.
pub fn white_view(pos: &Position, answer: Result<AiOutcome, NoChoice>) -> Option<(i32, Vec<Move>)> {
    let for_white = |score: i32| match pos.to_move {
        Color::White => score,
        Color::Black => -score,
    };
    match answer {
        Ok(o) => Some((for_white(o.score), o.action)),
        Err(NoChoice::Checkmate) => Some((for_white(-eval::MATE), Vec::new())),
        Err(NoChoice::Stalemate) => Some((0, Vec::new())),
        Err(NoChoice::Stopped) => None,
    }
}

/// Searches `pos` with `cfg` and gives the evaluation for White (see `white_view`).
pub fn evaluate_for_white(
    pos: &Position,
    cfg: &AiConfig,
    stop: &AtomicBool,
) -> Option<(i32, Vec<Move>)> {
    white_view(pos, choose_action(pos, cfg, stop))
}

/// A score for White as `timefork-cli eval` writes it: pawns with two decimals (`+1.25`,
/// `-0.40`), or a mate as `M+N` (White mates in N actions, each side's turn counting
/// one) and `M-N` (Black does); `M-0` is White checkmated now.
pub fn score_words(white: i32) -> String {
    if white.abs() >= eval::MATE_BOUND {
        // Never past `MATE` (tests/ai.rs); were one to come, it is still a mate.
        let turns = (eval::MATE - white.abs()).max(0);
        let sign = if white > 0 { '+' } else { '-' };
        return format!("M{sign}{turns}");
    }
    format!("{:+.2}", f64::from(white) / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_pawns_or_mates() {
        assert_eq!(score_words(125), "+1.25");
        assert_eq!(score_words(-40), "-0.40");
        assert_eq!(score_words(0), "+0.00");
        assert_eq!(score_words(eval::MATE - 3), "M+3");
        assert_eq!(score_words(-eval::MATE), "M-0");
        assert_eq!(score_words(-(eval::MATE - 2)), "M-2");
        assert_eq!(score_words(eval::MATE + 500), "M+0");
    }
}
