//! Thinking time for one turn, from a fixed time per turn or from a chess clock.
//!
//! A 5D game between engines lasts 20 to 60 turns of each side, so a turn gets about a
//! thirtieth of the time left plus most of the increment. It never gets more than a
//! third of the time left: the AI can overrun its budget a little (it checks the clock
//! between moves, and a position whose beam finds no turn falls back on the exact
//! search), and the clock must outlive one bad turn.

use std::time::Duration;

/// One side's clock when it is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Added to the clock after each turn.
    pub increment: Duration,
}

/// Turns the rest of the game is assumed to last, for the share of the clock.
const TURNS_TO_GO: u32 = 30;
/// Share of the increment spent on the turn it is added after.
const INCREMENT_SHARE: f64 = 0.75;
/// Kept back from every budget for the time between the clock and the AI (process
/// start of a thread, the pipe, the answer's check).
const MARGIN: Duration = Duration::from_millis(20);

/// The budget of a turn: `movetime` when given (with a clock as well, at most a third of
/// what is left on it); else the clock's share; one second when neither is given.
pub fn turn_budget(movetime: Option<Duration>, clock: Option<Clock>) -> Duration {
    let one_ms = Duration::from_millis(1);
    let Some(c) = clock else {
        return movetime.unwrap_or(Duration::from_secs(1));
    };
    let left = c.remaining.saturating_sub(MARGIN);
    let cap = (left / 3).max(one_ms);
    match movetime {
        Some(m) => m.min(cap),
        None => (left / TURNS_TO_GO + c.increment.mul_f64(INCREMENT_SHARE))
            .min(cap)
            .max(one_ms),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_fixed_time_is_used_as_it_is() {
        assert_eq!(turn_budget(Some(ms(700)), None), ms(700));
        assert_eq!(turn_budget(None, None), ms(1000));
    }

    #[test]
    fn a_clock_gives_a_thirtieth_and_most_of_the_increment() {
        // 60 s + 2 s: (60 s - 20 ms) / 30 + 1.5 s.
        let c = Clock {
            remaining: ms(60_000),
            increment: ms(2_000),
        };
        assert_eq!(
            turn_budget(None, Some(c)),
            Duration::from_nanos(1_999_333_333 + 1_500_000_000)
        );
    }

    #[test]
    fn a_clock_nearly_out_keeps_two_thirds_back() {
        // 320 ms left, 1 s increment: a third of 300 ms, not 750 ms of the increment.
        let c = Clock {
            remaining: ms(320),
            increment: ms(1_000),
        };
        assert_eq!(turn_budget(None, Some(c)), ms(100));
        // With a fixed time as well: the same cap.
        assert_eq!(turn_budget(Some(ms(1_000)), Some(c)), ms(100));
    }

    #[test]
    fn a_fixed_time_with_a_clock_is_kept_under_a_third_of_it() {
        let c = Clock {
            remaining: ms(60_020),
            increment: ms(2_000),
        };
        assert_eq!(turn_budget(Some(ms(1_000)), Some(c)), ms(1_000));
        assert_eq!(turn_budget(Some(ms(30_000)), Some(c)), ms(20_000));
    }

    #[test]
    fn an_empty_clock_still_gives_a_millisecond() {
        let c = Clock {
            remaining: Duration::ZERO,
            increment: Duration::ZERO,
        };
        assert_eq!(turn_budget(None, Some(c)), ms(1));
    }
}
