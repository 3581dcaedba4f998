//! Take-back on one timeline: a player's last move there and the opponent's answer come
//! off, and the match is what it would be had they never been played. The match is its
//! events, so the new match is the old one's events less those two, replayed from the start
//! through the rules and the clocks at their own times; everything else stays as it was.

use cozy_chess::Color;

use crate::error::MatchError;
use crate::event::{Action, TimedEvent};
use crate::state::Match;

/// Why a take-back cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakeBackError {
    /// The match is over.
    Over,
    /// No such timeline, or it is closed.
    NotOpen { timeline: usize },
    /// It is not this player's move on the timeline.
    NotTheirTurn { timeline: usize, side: Color },
    /// The timeline has no move of this player followed by the opponent's answer (a
    /// split, which made a timeline, is not taken back).
    NoTurnPair { timeline: usize },
    /// A later event depends on those moves: a split from the timeline or an answer to
    /// a merge offer that involves it (event index, as in `events()`).
    Depended { timeline: usize, event: usize },
    /// Without the two moves a later event no longer applies (the clocks ran otherwise).
    Replay { event: usize, error: MatchError },
}

impl std::fmt::Display for TakeBackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TakeBackError::Over => write!(f, "the match is over"),
            TakeBackError::NotOpen { timeline } => write!(f, "L{timeline} is not open"),
            TakeBackError::NotTheirTurn { timeline, side } => {
                write!(f, "it is not {side:?}'s move on L{timeline}")
            }
            TakeBackError::NoTurnPair { timeline } => write!(
                f,
                "L{timeline} has no move followed by the opponent's answer to take back"
            ),
            TakeBackError::Depended { timeline, event } => write!(
                f,
                "event {} depends on the last moves of L{timeline}",
                event + 1
            ),
            TakeBackError::Replay { event, error } => {
                write!(f, "event {} no longer applies: {error}", event + 1)
            }
        }
    }
}

impl std::error::Error for TakeBackError {}

impl Match {
    /// The two events a take-back by `side` on `timeline` removes: `side`'s last move
    /// there and the opponent's answer, the last two moves on it (indices into `events()`).
    pub fn take_back_events(
        &self,
        timeline: usize,
        side: Color,
    ) -> Result<[usize; 2], TakeBackError> {
        if self.is_over() {
            return Err(TakeBackError::Over);
        }
        let t = self
            .timeline(timeline)
            .filter(|t| t.is_open())
            .ok_or(TakeBackError::NotOpen { timeline })?;
        if t.side_to_move() != side {
            return Err(TakeBackError::NotTheirTurn { timeline, side });
        }
        let events = self.events();
        // The last two moves played on the timeline (a split's move is on its new one).
        let mut on_it = events.iter().enumerate().rev().filter(
            |(_, e)| matches!(e.event.action, Action::Move { timeline: n, .. } if n == timeline),
        );
        let (Some((answer, a)), Some((mine, m))) = (on_it.next(), on_it.next()) else {
            return Err(TakeBackError::NoTurnPair { timeline });
        };
        if a.event.side == side || m.event.side != side {
            return Err(TakeBackError::NoTurnPair { timeline });
        }
        for (i, e) in events.iter().enumerate().skip(mine + 1) {
            let touches = match e.event.action {
                Action::Split { timeline: n, .. } => n == timeline,
                Action::Merge { a, b, .. } => a == timeline || b == timeline,
                _ => false,
            };
            if touches {
                return Err(TakeBackError::Depended { timeline, event: i });
            }
        }
        Ok([mine, answer])
    }

    /// The match as it stands less `side`'s last move on `timeline` and the answer to it.
    pub fn taken_back(&self, timeline: usize, side: Color) -> Result<Match, TakeBackError> {
        let drop = self.take_back_events(timeline, side)?;
        self.without(&drop)
    }

    /// The match replayed from its start without the events at `drop`.
    fn without(&self, drop: &[usize]) -> Result<Match, TakeBackError> {
        let mut m =
            Match::from_position(self.timelines()[0].game().start().clone(), self.control());
        for (k, v) in self.tags() {
            m.set_tag(k, v);
        }
        let kept: Vec<(usize, &TimedEvent)> = self
            .events()
            .iter()
            .enumerate()
            .filter(|(i, _)| !drop.contains(i))
            .collect();
        for (i, e) in kept {
            m.apply(e.event, e.at_ms)
                .map_err(|error| TakeBackError::Replay { event: i, error })?;
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::uci;
    use crate::event::Event;

    fn parse(m: &Match, timeline: usize, text: &str) -> cozy_chess::Move {
        let board = m.timeline(timeline).unwrap().game().board().clone();
        uci::parse(&board, text).unwrap()
    }

    /// `side` plays `text` on `timeline` at `at` ms.
    fn play(m: &mut Match, side: Color, timeline: usize, text: &str, at: u64) {
        let mv = parse(m, timeline, text);
        m.apply(Event::new(side, Action::Move { timeline, mv }), at)
            .unwrap();
    }

    /// `side` splits from `timeline` with `text` and a stake of 20.
    fn split(m: &mut Match, side: Color, timeline: usize, text: &str, at: u64) {
        let mv = parse(m, timeline, text);
        let action = Action::Split {
            timeline,
            mv,
            stake: 20,
        };
        m.apply(Event::new(side, action), at).unwrap();
    }

    #[test]
    fn the_last_move_and_its_answer_come_off_one_timeline_only() {
        let mut m = Match::new(None);
        play(&mut m, Color::White, 0, "e2e4", 1000);
        play(&mut m, Color::Black, 0, "e7e5", 2000);
        // White splits with Nf3 on a new timeline L1 (Black to move there), then plays
        // d4 on L0, and Black answers both.
        split(&mut m, Color::White, 0, "g1f3", 3000);
        play(&mut m, Color::White, 0, "d2d4", 4000);
        play(&mut m, Color::Black, 1, "b8c6", 5000);
        play(&mut m, Color::Black, 0, "e5d4", 6000);
        // On L0 White's d4 and Black's exd4 come off: L0 is back after 1. e4 e5, the
        // split and L1's Nc6 stay, and so do the banks.
        let t = m.taken_back(0, Color::White).unwrap();
        assert_eq!(t.events().len(), 4);
        let l0 = t.timeline(0).unwrap();
        assert_eq!(l0.game().moves().len(), 2);
        assert_eq!(l0.side_to_move(), Color::White);
        assert_eq!(t.timeline(1).unwrap().game().moves().len(), 4);
        assert_eq!(t.timeline(1).unwrap().side_to_move(), Color::White);
        assert_eq!(t.timelines().len(), 2);
        // L1 began with the split: only Black's Nc6 stands after it, no pair to take.
        assert_eq!(
            t.taken_back(1, Color::White).unwrap_err(),
            TakeBackError::NoTurnPair { timeline: 1 }
        );
    }

    #[test]
    fn refused_when_it_is_not_the_players_move_or_a_split_followed() {
        let mut m = Match::new(None);
        assert_eq!(
            m.taken_back(0, Color::White).unwrap_err(),
            TakeBackError::NoTurnPair { timeline: 0 }
        );
        play(&mut m, Color::White, 0, "e2e4", 1000);
        assert_eq!(
            m.taken_back(0, Color::White).unwrap_err(),
            TakeBackError::NotTheirTurn {
                timeline: 0,
                side: Color::White
            }
        );
        play(&mut m, Color::Black, 0, "e7e5", 2000);
        // Black splits from L0 after White's next move: L0's last moves are depended on.
        play(&mut m, Color::White, 0, "g1f3", 3000);
        split(&mut m, Color::Black, 0, "b8c6", 4000);
        play(&mut m, Color::Black, 0, "g8f6", 5000);
        assert_eq!(
            m.taken_back(0, Color::White).unwrap_err(),
            TakeBackError::Depended {
                timeline: 0,
                event: 3
            }
        );
        assert_eq!(
            m.taken_back(5, Color::White).unwrap_err(),
            TakeBackError::NotOpen { timeline: 5 }
        );
    }
}
