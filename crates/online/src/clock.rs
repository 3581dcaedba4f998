//! Two clocks on a time the caller gives (milliseconds since any fixed start), so a
//! server runs them on its own time and a test on a made-up one. The side to move's
//! clock runs; a turn ends by `switch`, which adds the increment to the side that moved.

use timefork_net::msg::Clocks as WireClocks;
use timefork_net::online::ClockSpec;
use timefork_records::Side;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left per side (White, Black) when `since` was; None untimed.
    remaining: Option<[u64; 2]>,
    increment: u64,
    /// Time each side has had the move, up to `since`.
    used: [u64; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Side, u64)>,
}

fn index(side: Side) -> usize {
    side.pick(0, 1)
}

impl Clock {
    pub fn new(spec: Option<ClockSpec>) -> Clock {
        Clock {
            remaining: spec.map(|s| [u64::from(s.base_s) * 1000; 2]),
            increment: spec.map_or(0, |s| u64::from(s.increment_s) * 1000),
            used: [0; 2],
            running: None,
        }
    }

    /// Starts `side`'s clock at `now` (the first turn, after a check, after a restart);
    /// a clock running till then is charged first.
    pub fn start(&mut self, side: Side, now: u64) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops the running clock at `now`, charging it the time since it started.
    pub fn stop(&mut self, now: u64) {
        if let Some((side, since)) = self.running.take() {
            let spent = now.saturating_sub(since);
            self.used[index(side)] += spent;
            if let Some(r) = self.remaining.as_mut() {
                r[index(side)] = r[index(side)].saturating_sub(spent);
            }
        }
    }

    /// The side that moved ends its turn at `now`: it is charged, given the increment,
    /// and `next`'s clock starts.
    pub fn switch(&mut self, moved: Side, next: Side, now: u64) {
        self.stop(now);
        if let Some(r) = self.remaining.as_mut() {
            r[index(moved)] += self.increment;
        }
        self.start(next, now);
    }

    /// Time left on `side`'s clock at `now` (None untimed).
    pub fn left(&self, side: Side, now: u64) -> Option<u64> {
        let r = self.remaining?[index(side)];
        Some(match self.running {
            Some((s, since)) if s == side => r.saturating_sub(now.saturating_sub(since)),
            _ => r,
        })
    }

    /// The side whose flag has fallen at `now`, if one has.
    pub fn flagged(&self, now: u64) -> Option<Side> {
        let (side, _) = self.running?;
        (self.left(side, now) == Some(0)).then_some(side)
    }

    /// When the running side's flag falls (for a timer), if timed.
    pub fn flag_at(&self, now: u64) -> Option<u64> {
        let (side, _) = self.running?;
        self.left(side, now).map(|l| now + l)
    }

    /// The clocks as the wire has them, at `now`.
    pub fn wire(&self, now: u64) -> WireClocks {
        let used = |side: Side| {
            self.used[index(side)]
                + match self.running {
                    Some((s, since)) if s == side => now.saturating_sub(since),
                    _ => 0,
                }
        };
        WireClocks {
            remaining_ms: self.remaining.map(|_| {
                [
                    self.left(Side::White, now).unwrap_or(0),
                    self.left(Side::Black, now).unwrap_or(0),
                ]
            }),
            used_ms: [used(Side::White), used(Side::Black)],
        }
    }

    pub fn is_timed(&self) -> bool {
        self.remaining.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_to_move_is_charged_and_gets_the_increment() {
        let mut c = Clock::new(Some(ClockSpec {
            base_s: 60,
            increment_s: 2,
        }));
        c.start(Side::White, 1_000);
        // White thinks 5 s: 55 s left, then +2 s.
        assert_eq!(c.left(Side::White, 6_000), Some(55_000));
        assert_eq!(c.left(Side::Black, 6_000), Some(60_000));
        c.switch(Side::White, Side::Black, 6_000);
        assert_eq!(c.left(Side::White, 9_000), Some(57_000));
        assert_eq!(c.left(Side::Black, 9_000), Some(57_000));
        assert_eq!(c.flag_at(9_000), Some(66_000));
        assert_eq!(c.flagged(65_999), None);
        assert_eq!(c.flagged(66_000), Some(Side::Black));
        assert_eq!(
            c.wire(9_000),
            WireClocks {
                remaining_ms: Some([57_000, 57_000]),
                used_ms: [5_000, 3_000]
            }
        );
        // Stopped (a server going down), started again later: the time between is free.
        c.stop(10_000);
        c.start(Side::Black, 500_000);
        assert_eq!(c.left(Side::Black, 501_000), Some(55_000));
    }

    #[test]
    fn an_untimed_clock_only_counts_time_used() {
        let mut c = Clock::new(None);
        c.start(Side::White, 0);
        assert_eq!(c.left(Side::White, 10_000), None);
        assert_eq!(c.flagged(u64::MAX), None);
        assert_eq!(c.wire(10_000).used_ms, [10_000, 0]);
        assert!(!c.is_timed());
    }
}
