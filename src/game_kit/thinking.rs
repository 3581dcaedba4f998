//! How long a search thinks: by the clock, as players see it, or to a fixed depth, as the
//! tests ask (the same answer on any machine, however busy). Each game turns it into its
//! engine's own configuration.

use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thinking {
    /// Until this much time has passed.
    Time(Duration),
    /// This many whole turns deep (at most the level's own depth), with no clock.
    Depth(u32),
}

impl Thinking {
    /// The clock's share, `Duration::ZERO` when thinking by depth.
    pub fn time(self) -> Duration {
        match self {
            Thinking::Time(d) => d,
            Thinking::Depth(_) => Duration::ZERO,
        }
    }

    /// The depth to think to, if not by the clock.
    pub fn depth(self) -> Option<u32> {
        match self {
            Thinking::Time(_) => None,
            Thinking::Depth(d) => Some(d),
        }
    }
}
