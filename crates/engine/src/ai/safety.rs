//! Not walking into a mate in one (issue 15) or in two (issue 20).
//!
//! The search's replies come from a beam, which can miss a mate that needs moves on several
//! boards. So before Hard and Max play a turn, the exact search checks it: the opponent's
//! actions with a checking move are asked, one by one, whether they mate
//! (`mates::find_mate_in_one`), and then whether one of the opponent's checks leaves every
//! reply mated (`mate_in_two::find_mate_in_two`). The turns are taken best first; the
//! first that is safe is played. A turn whose look ran out of its time without proof either
//! way (each look has half of the time left) is kept in reserve, and played before any
//! turn proved to lose; one safe from a mate in one whose look for a mate in two ended on
//! its caps is played. When every candidate of the beam is proved to lose, other legal
//! actions are tried until one is safe or time runs out.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::ai::eval::{self, MATE, MATE_BOUND};
use crate::ai::mate_in_two::{Caps, MateInTwo, find_mate_in_two};
use crate::ai::mates::{MateInOne, Reach, find_mate_in_one_within};
use crate::ai::turns::Candidate;
use crate::position::{Move, Position};
use crate::search::{Limits, MoveOrder, legal_actions};

/// The score of a turn after which the opponent mates at once.
pub const MATED_NEXT: i32 = -(MATE - 2);
/// The score of a turn after which the opponent has a forced mate in two.
pub const MATED_IN_TWO: i32 = -(MATE - 4);

/// What the opponent has after one of our turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Threat {
    /// Neither a mate in one nor a proved mate in two.
    Nothing,
    MateInOne,
    MateInTwo,
}

/// Threats already decided, by the hash of the position after the turn (Max's second
/// thread fills it while the search runs).
pub(crate) type Verdicts = Mutex<HashMap<u64, Threat>>;

/// The opponent's threat after `after` (a position after our turn, submitted); `None`
/// when time ran out first.
pub(crate) fn threat(
    after: &Position,
    deadline: Instant,
    stop: &AtomicBool,
    reach: Reach,
) -> Option<Threat> {
    match find_mate_in_one_within(after, deadline, stop, reach) {
        MateInOne::Found(_) => return Some(Threat::MateInOne),
        MateInOne::Unknown => return None,
        MateInOne::None => {}
    }
    match find_mate_in_two(after, deadline, stop, Caps::safety_net(reach)) {
        MateInTwo::Found(_) => Some(Threat::MateInTwo),
        MateInTwo::NotFound => Some(Threat::Nothing),
        MateInTwo::Unknown => None,
    }
}

/// The least time one look of `choose_safe` is given, however little is left.
const MIN_LOOK: Duration = Duration::from_millis(20);

/// The turn to play and what is known of it.
pub(crate) struct SafePick {
    pub moves: Vec<Move>,
    pub score: i32,
}

/// What the looks proved about a turn that is not known to be safe, worst first: the
/// turn played when no safe one is found is the first of the best kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Known {
    /// The opponent has a proved mate in two.
    LosesInTwo,
    /// A look ran out of its budget: no mate was proved either way.
    Unproved,
    /// No mate in one; the look for a mate in two ran out of its share of the time.
    SafeFromOne,
}

/// The best turn known so far that is not proved safe (the first of the best kind).
#[derive(Default)]
struct Fallback(Option<(Known, SafePick)>);

impl Fallback {
    fn offer(&mut self, known: Known, pick: impl FnOnce() -> SafePick) {
        if self.0.as_ref().is_none_or(|(k, _)| known > *k) {
            self.0 = Some((known, pick()));
        }
    }

    /// Whether a turn better than one that loses in two is known.
    fn knows_better_than_losing(&self) -> bool {
        self.0.as_ref().is_some_and(|(k, _)| *k > Known::LosesInTwo)
    }

    fn or(self, pick: impl FnOnce() -> SafePick) -> SafePick {
        self.0.map_or_else(pick, |(_, p)| p)
    }
}

/// What the look for a mate in two after a turn safe from a mate in one decides: `None`,
/// play the turn; else what is known of it, for the reserve. `time_spent`: the look's share
/// of the time ran out (or the stop flag was set) before it ended.
fn after_look_in_two(look: &MateInTwo, time_spent: bool) -> Option<Known> {
    match look {
        MateInTwo::Found(_) => Some(Known::LosesInTwo),
        MateInTwo::NotFound => None,
        // Undecided because its share ran out: kept before anything else in reserve while
        // the next turns are asked.
        MateInTwo::Unknown if time_spent => Some(Known::SafeFromOne),
        // Undecided on its caps (`Caps::looks`, `walk_nodes`) with time left: no more time
        // would decide it, so the turn is played, as the net always did. Without a clock
        // (`ai::Limit`) every undecided look ends so; asking the next turns as well made
        // a review or `timefork-cli eval` of manyChecks twenty times slower.
        MateInTwo::Unknown => None,
    }
}

/// The first of `ranked` (best first) after which the opponent has neither a mate in one
/// nor (with `in_two`) a proved mate in two. Each look may take half of the time left. A
/// look that ends without proof (its share spent) does not end the choice: the next turns
/// are asked, and when none is proved safe the first turn that was not proved to lose is
/// played (one safe from a mate in one first) before one that loses in two.
/// When time runs out, the best turn known so far (or, when none is known, the one being
/// checked: nothing better is known). When every one is proved to lose, other legal
/// actions of `pos` are tried until `deadline`; when none is found, the first that at least
/// loses no sooner than in two.
pub(crate) fn choose_safe(
    pos: &Position,
    ranked: &[(Candidate, i32)],
    deadline: Instant,
    stop: &AtomicBool,
    known: Option<&Verdicts>,
    in_two: bool,
    reach: Reach,
) -> SafePick {
    let lookup = |p: &Position| {
        known.and_then(|k| {
            k.lock()
                .unwrap_or_else(|e| e.into_inner())
                .get(&p.position_hash())
                .copied()
        })
    };
    let out_of_time = || stop.load(Ordering::Relaxed) || Instant::now() >= deadline;
    // Each look may take half of the time left: a turn whose look is slow does not take
    // the time of the turns after it (a mate after a jump can take the net twice its
    // budget to find, while the next turns are decided in milliseconds).
    let share = || {
        let now = Instant::now();
        let half = (deadline.saturating_duration_since(now) / 2).max(MIN_LOOK);
        (now + half).min(deadline)
    };
    let pick = |c: &Candidate, score: i32| SafePick {
        moves: c.moves.clone(),
        score,
    };
    // Turns the search already saw mated at once are looked at last.
    let known_lost = |s: i32| s <= -MATE_BOUND;
    let order = ranked
        .iter()
        .filter(|(_, s)| !known_lost(*s))
        .chain(ranked.iter().filter(|(_, s)| known_lost(*s)));
    let mut fallback = Fallback::default();
    for (c, s) in order {
        match lookup(&c.after) {
            Some(Threat::Nothing) => return pick(c, *s),
            Some(Threat::MateInTwo) => {
                fallback.offer(Known::LosesInTwo, || pick(c, *s));
                continue;
            }
            Some(Threat::MateInOne) => continue,
            None => {}
        }
        if out_of_time() {
            return fallback.or(|| pick(c, *s));
        }
        let one = match c.safe {
            // The search checked it.
            Some(true) => MateInOne::None,
            Some(false) => continue,
            None => find_mate_in_one_within(&c.after, share(), stop, reach),
        };
        match one {
            MateInOne::Found(_) => continue,
            MateInOne::Unknown if out_of_time() => return fallback.or(|| pick(c, *s)),
            MateInOne::Unknown => {
                fallback.offer(Known::Unproved, || pick(c, *s));
                continue;
            }
            MateInOne::None => {}
        }
        if !in_two {
            return pick(c, *s);
        }
        let until = share();
        let look = find_mate_in_two(&c.after, until, stop, Caps::safety_net(reach));
        let time_spent = stop.load(Ordering::Relaxed) || Instant::now() >= until;
        match after_look_in_two(&look, time_spent) {
            Some(known) => fallback.offer(known, || pick(c, *s)),
            None => return pick(c, *s),
        }
    }
    if fallback.knows_better_than_losing() {
        return fallback.or(|| lost_pick(ranked));
    }
    // Every candidate is proved to lose: any other legal action that does not (in one,
    // then in two).
    let tried: HashSet<u64> = ranked
        .iter()
        .map(|(c, _)| c.after.position_hash())
        .collect();
    let mut it = legal_actions(
        pos,
        MoveOrder::CapturesThenChecks,
        Limits {
            max_nodes: 0,
            stop: Some(stop),
        },
    );
    let mut others = 0;
    while let Some(p) = it.next_position() {
        others += 1;
        if out_of_time() || others > reach.others {
            break;
        }
        let mut after = p.clone();
        after.submit_unchecked();
        if tried.contains(&after.position_hash()) {
            continue;
        }
        let this = || SafePick {
            moves: p.turn_moves().copied().collect(),
            score: -eval::evaluate(&after),
        };
        match find_mate_in_one_within(&after, deadline, stop, reach) {
            MateInOne::Found(_) => continue,
            MateInOne::Unknown => break,
            MateInOne::None => {}
        }
        if !in_two {
            return this();
        }
        match find_mate_in_two(&after, deadline, stop, Caps::safety_net(reach)) {
            MateInTwo::Found(_) => fallback.offer(Known::LosesInTwo, || SafePick {
                score: MATED_IN_TWO,
                ..this()
            }),
            MateInTwo::NotFound => return this(),
            MateInTwo::Unknown => return this(),
        }
    }
    fallback.or(|| lost_pick(ranked))
}

/// The best candidate, played when every turn looked at loses at once.
fn lost_pick(ranked: &[(Candidate, i32)]) -> SafePick {
    let (c, _) = &ranked[0];
    SafePick {
        moves: c.moves.clone(),
        score: MATED_NEXT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(score: i32) -> SafePick {
        SafePick {
            moves: Vec::new(),
            score,
        }
    }

    /// An undecided look for a mate in two sends its turn to the reserve only when its
    /// share of the time ran out; undecided on its caps, the turn is played.
    #[test]
    fn an_undecided_look_waits_in_reserve_only_when_its_time_ran_out() {
        assert_eq!(
            after_look_in_two(&MateInTwo::Unknown, true),
            Some(Known::SafeFromOne)
        );
        assert_eq!(after_look_in_two(&MateInTwo::Unknown, false), None);
        assert_eq!(after_look_in_two(&MateInTwo::NotFound, true), None);
        assert_eq!(
            after_look_in_two(&MateInTwo::Found(Vec::new()), false),
            Some(Known::LosesInTwo)
        );
    }

    /// What is kept in reserve while the next turns are asked: the first turn of the best
    /// kind, a turn safe from a mate in one before an unproved one before one that loses in
    /// two, whatever the order they came in.
    #[test]
    fn the_reserve_keeps_the_first_turn_of_the_best_kind() {
        let mut f = Fallback::default();
        f.offer(Known::LosesInTwo, || pick(1));
        assert!(!f.knows_better_than_losing());
        f.offer(Known::Unproved, || pick(2));
        f.offer(Known::SafeFromOne, || pick(3));
        f.offer(Known::Unproved, || pick(4));
        f.offer(Known::SafeFromOne, || pick(5));
        assert!(f.knows_better_than_losing());
        assert_eq!(f.or(|| pick(0)).score, 3);
        assert_eq!(Fallback::default().or(|| pick(0)).score, 0);
    }
}
