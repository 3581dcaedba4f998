//! How hard a puzzle is.
//!
//! The tier follows N first (each extra turn multiplies what a player must see), then how
//! much there is to take in: how many timelines, how many legal actions the attacker has
//! to choose from, how few of them solve, and whether the solution travels in time or
//! across timelines. The rule is `classify`; PUZZLES.md gives it in words.

use super::format::Tier;
use super::solver::Action;
use crate::position::Position;

/// What `classify` looks at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// N of "mate in N".
    pub n: u8,
    /// Timelines in the position (active or not).
    pub timelines: i32,
    /// Legal actions of the attacker at the start (counted up to a cap).
    pub attacker_actions: u64,
    /// First actions that solve (counted up to a cap), when counted.
    pub solving_actions: Option<u64>,
    /// Whether some action of the attacker in the main line travels (a move to another
    /// board: back in time or across timelines).
    pub travels: bool,
    /// Distinct boards (timeline, half-turn) the main line's moves leave from or land on.
    pub boards_in_line: usize,
}

/// The features of a proved puzzle: `pos`, N, its main line, the attacker's action count
/// and the number of solving first actions (when counted).
pub fn features(
    pos: &Position,
    n: u8,
    line: &[Action],
    attacker_actions: u64,
    solving_actions: Option<u64>,
) -> Features {
    let travels = line.iter().step_by(2).flatten().any(|m| !m.is_physical());
    let mut boards: Vec<(i32, i32)> = line
        .iter()
        .flatten()
        .flat_map(|m| [m.from.board(), m.to.board()])
        .collect();
    boards.sort_unstable();
    boards.dedup();
    Features {
        n,
        timelines: pos.l_max() - pos.l_min() + 1,
        attacker_actions,
        solving_actions,
        travels,
        boards_in_line: boards.len(),
    }
}

/// The tier: a mate in 1 is easy, a mate in 2 medium, a mate in 3 hard, moved one tier up
/// (to at most hard) when the position is busy: three or more timelines, or more than
/// 300 attacker actions, or a single solving first action that travels in time.
pub fn classify(f: &Features) -> Tier {
    let base = match f.n {
        0 | 1 => Tier::Easy,
        2 => Tier::Medium,
        _ => Tier::Hard,
    };
    let busy =
        f.timelines >= 3 || f.attacker_actions > 300 || (f.solving_actions == Some(1) && f.travels);
    if !busy {
        return base;
    }
    match base {
        Tier::Easy => Tier::Medium,
        _ => Tier::Hard,
    }
}
