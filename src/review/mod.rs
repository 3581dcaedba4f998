//! Game review, shared by 5D chess and Kingdrops: the engine's evaluation of every state
//! of a finished game, one entry per turn with how much it cost the side that played it,
//! the worst turns marked with the engine's better turn, and the window with the graph
//! (`window`). Each game searches its own states (`fived::review`,
//! `kingdrops::review`) and shows the state clicked; this module knows no rules.

pub mod driver;
pub mod window;

/// Scores are drawn and compared up to this many hundredths (ten pawns): past it, a side
/// is winning and more says nothing about the turn.
pub const CAP: i32 = 1000;

/// The room the review window takes along the bottom of the screen (egui points; 0 while
/// none is open), for the camera to frame the boards above it.
#[derive(bevy::prelude::Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ReviewRoom(pub f32);

/// The engine's word on one state of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateEval {
    /// For White, in hundredths of the game's smallest piece (centipawns, or a spearman's
    /// hundredths); won positions at or beyond the review's `won`.
    pub white: i32,
    /// The engine's best turn there, as the game writes turns; `None` when the side to move
    /// has no turn (the game is over there).
    pub best: Option<String>,
}

/// How much a turn cost the side that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Verdict {
    /// The verdict for a loss of `loss` hundredths (capped scores).
    pub fn of(loss: i32) -> Verdict {
        match loss {
            l if l >= 300 => Verdict::Blunder,
            l if l >= 120 => Verdict::Mistake,
            l if l >= 50 => Verdict::Inaccuracy,
            _ => Verdict::Good,
        }
    }
}

/// One turn of the game, reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The turn's index (0 = the first turn played); it leads from state `turn` to
    /// state `turn + 1`.
    pub turn: usize,
    pub by_white: bool,
    pub played: String,
    /// The evaluation for White before and after it (capped).
    pub before: i32,
    pub after: i32,
    /// What it cost its player, in hundredths (never below zero).
    pub loss: i32,
    pub verdict: Verdict,
    /// The engine's turn in its place, when it differs from the one played.
    pub better: Option<String>,
}

/// A review in progress or done, for one match.
#[derive(Clone, Debug)]
pub struct Review {
    pub match_id: u64,
    /// Each turn as written, and whether White played it.
    pub turns: Vec<(String, bool)>,
    /// The evaluation of each state (`turns.len() + 1` of them), as they come in.
    pub states: Vec<Option<StateEval>>,
    /// Scores at or beyond this (either sign) are won positions.
    pub won: i32,
    /// The state last clicked, shown on the board.
    pub selected: Option<usize>,
}

impl Review {
    pub fn new(match_id: u64, turns: Vec<(String, bool)>, won: i32) -> Review {
        let states = vec![None; turns.len() + 1];
        Review {
            match_id,
            turns,
            states,
            won,
            selected: None,
        }
    }

    /// The next state to search, if any is left.
    pub fn next_state(&self) -> Option<usize> {
        self.states.iter().position(Option::is_none)
    }

    pub fn record(&mut self, state: usize, eval: StateEval) {
        if let Some(s) = self.states.get_mut(state) {
            *s = Some(eval);
        }
    }

    /// States searched, of all.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.states.iter().filter(|s| s.is_some()).count();
        (done, self.states.len())
    }

    pub fn is_complete(&self) -> bool {
        self.next_state().is_none()
    }

    /// A score for White, capped at `CAP` (a won position counts as the cap).
    pub fn capped(&self, white: i32) -> i32 {
        if white >= self.won {
            CAP
        } else if white <= -self.won {
            -CAP
        } else {
            white.clamp(-CAP, CAP)
        }
    }

    /// One entry per turn whose two states are searched, in the order played.
    pub fn entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        for (i, (played, by_white)) in self.turns.iter().enumerate() {
            let (Some(Some(b)), Some(Some(a))) = (self.states.get(i), self.states.get(i + 1))
            else {
                continue;
            };
            let before = self.capped(b.white);
            let after = self.capped(a.white);
            let swing = if *by_white {
                before - after
            } else {
                after - before
            };
            // The engine's own turn costs nothing, whatever two searches said of it.
            let better = b.best.clone().filter(|best| best != played);
            let loss = if better.is_some() { swing.max(0) } else { 0 };
            out.push(Entry {
                turn: i,
                by_white: *by_white,
                played: played.clone(),
                before,
                after,
                loss,
                verdict: Verdict::of(loss),
                better,
            });
        }
        out
    }
}

/// Of a review's entries, the turns that cost most (mistakes and blunders), the worst
/// first, at most `n`.
pub fn worst(entries: &[Entry], n: usize) -> Vec<&Entry> {
    let mut v: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.verdict >= Verdict::Mistake)
        .collect();
    v.sort_by_key(|e| (std::cmp::Reverse(e.loss), e.turn));
    v.truncate(n);
    v
}

/// How many turns of each side earned each verdict: `[white, black]` of
/// `[inaccuracies, mistakes, blunders]`.
pub fn tally(entries: &[Entry]) -> [[usize; 3]; 2] {
    let mut t = [[0; 3]; 2];
    for e in entries {
        let side = usize::from(!e.by_white);
        match e.verdict {
            Verdict::Inaccuracy => t[side][0] += 1,
            Verdict::Mistake => t[side][1] += 1,
            Verdict::Blunder => t[side][2] += 1,
            Verdict::Good => {}
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(white: i32, best: &str) -> StateEval {
        StateEval {
            white,
            best: Some(best.into()),
        }
    }

    fn review() -> Review {
        let turns = ["a", "b", "c"]
            .iter()
            .enumerate()
            .map(|(i, t)| (t.to_string(), i % 2 == 0))
            .collect();
        Review::new(7, turns, 100_000)
    }

    #[test]
    fn a_turn_costs_its_player_the_fall_of_their_evaluation() {
        let mut r = review();
        assert_eq!(r.progress(), (0, 4));
        assert_eq!(r.next_state(), Some(0));
        // White's "a" keeps +0.20 (the engine's own turn), Black's "b" lets it rise to
        // +2.50 where "x" was best, White's "c" throws everything into a lost position.
        r.record(0, eval(20, "a"));
        r.record(1, eval(20, "x"));
        r.record(2, eval(250, "y"));
        assert_eq!(r.entries().len(), 2, "only turns with both states searched");
        r.record(3, eval(-200_000, "z"));
        assert!(r.is_complete());
        let e = r.entries();
        assert_eq!(e.len(), 3, "one entry per turn");
        assert_eq!(
            (e[0].loss, e[0].verdict, e[0].better.clone()),
            (0, Verdict::Good, None)
        );
        assert_eq!(e[1].loss, 230);
        assert_eq!(e[1].verdict, Verdict::Mistake);
        assert_eq!(e[1].better.as_deref(), Some("x"));
        // A lost position counts as the cap: 250 down to -1000.
        assert_eq!(e[2].after, -CAP);
        assert_eq!(e[2].loss, 1250);
        assert_eq!(e[2].verdict, Verdict::Blunder);
        let worst = worst(&e, 5);
        assert_eq!(worst.iter().map(|e| e.turn).collect::<Vec<_>>(), vec![2, 1]);
        assert_eq!(tally(&e), [[0, 0, 1], [0, 1, 0]]);
    }

    #[test]
    fn a_rise_is_no_loss_and_verdicts_grow_with_the_loss() {
        let mut r = review();
        r.record(0, eval(0, "q"));
        r.record(1, eval(300, "q"));
        assert_eq!(r.entries()[0].loss, 0, "White's turn that gains");
        assert_eq!(Verdict::of(49), Verdict::Good);
        assert_eq!(Verdict::of(50), Verdict::Inaccuracy);
        assert_eq!(Verdict::of(120), Verdict::Mistake);
        assert_eq!(Verdict::of(300), Verdict::Blunder);
    }
}
