//! Chess clocks: base time plus an increment per submitted turn, or untimed. The clock of
//! the side to move runs; a submitted turn adds the increment; at zero that side loses on
//! time. Time used is counted in every game (the leaderboard keeps it).
//!
//! The clock stands still while the mate check of the position on the board runs (usually
//! milliseconds), so no one can lose on time because the program was slow, and of course
//! once the game is over. An AI's thinking counts on its clock like a person's.

use super::{Match, MatchEvent, MateCheck, Outcome, Request, color_index};
use crate::audio::Cue;
use crate::game_kit::{DecidingSystems, GameSystems, PausableSystems};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use timefork_engine::Color;
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Clocks>();
    app.add_systems(
        Update,
        (
            tick.before(GameSystems::Apply).after(GameSystems::Input),
            add_increment
                .after(GameSystems::Apply)
                .before(GameSystems::Mirror),
        )
            .distributive_run_if(resource_exists::<Match>)
            // A network game's clocks are the host's; they stand still while it waits.
            .in_set(DecidingSystems)
            .in_set(PausableSystems),
    );
}

/// Base time and increment per submitted turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    pub base_secs: u32,
    pub increment_secs: u32,
}

impl TimeControl {
    /// The presets offered on the new-game screen: 5+5, 10+5, 15+10 (minutes + seconds).
    pub const PRESETS: [TimeControl; 3] = [
        TimeControl::minutes(5, 5),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
    ];

    pub const fn minutes(base_minutes: u32, increment_secs: u32) -> TimeControl {
        TimeControl {
            base_secs: base_minutes * 60,
            increment_secs,
        }
    }

    pub fn base(self) -> Duration {
        Duration::from_secs(self.base_secs.into())
    }

    pub fn increment(self) -> Duration {
        Duration::from_secs(self.increment_secs.into())
    }

    /// As people say it: "10+5" (minutes + seconds), or "90s+2" below a minute.
    pub fn name(self) -> String {
        if self.base_secs.is_multiple_of(60) {
            format!("{}+{}", self.base_secs / 60, self.increment_secs)
        } else {
            format!("{}s+{}", self.base_secs, self.increment_secs)
        }
    }

    /// `name` for the screen, in the current language ("10+5", "90s+2"). `name` itself
    /// stays as it is: the leaderboard stores it.
    pub fn label(self) -> String {
        if self.base_secs.is_multiple_of(60) {
            tr!(
                "common-clock-minutes",
                minutes = self.base_secs / 60,
                increment = self.increment_secs
            )
        } else {
            tr!(
                "common-clock-seconds",
                seconds = self.base_secs,
                increment = self.increment_secs
            )
        }
    }

    /// The PGN `TimeControl` tag's form: seconds + increment seconds ("600+5").
    pub fn tag(self) -> String {
        format!("{}+{}", self.base_secs, self.increment_secs)
    }

    pub fn parse_tag(s: &str) -> Result<TimeControl, String> {
        let (base, inc) = s
            .trim()
            .split_once('+')
            .ok_or_else(|| tr!("fived-time-control-not-tag", tag = s))?;
        let num = |t: &str, increment: bool| {
            t.trim().parse::<u32>().map_err(|_| {
                if increment {
                    tr!("fived-time-control-bad-increment", tag = s, value = t)
                } else {
                    tr!("fived-time-control-bad-base", tag = s, value = t)
                }
            })
        };
        let tc = TimeControl {
            base_secs: num(base, false)?,
            increment_secs: num(inc, true)?,
        };
        if tc.base_secs == 0 || tc.base_secs > 24 * 3600 || tc.increment_secs > 3600 {
            return Err(tr!("fived-time-control-out-of-range", tag = s));
        }
        Ok(tc)
    }

    /// Below this a clock warns (once): a fifth of the base time, between 10 s and 60 s.
    pub fn low_time(self) -> Duration {
        (self.base() / 5).clamp(Duration::from_secs(10), Duration::from_secs(60))
    }
}

/// Both clocks of the current match.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Clocks {
    pub match_id: u64,
    /// Thinking time used by White and Black.
    pub used: [Duration; 2],
    /// Time left on each clock (timed games only).
    pub remaining: Option<[Duration; 2]>,
    /// Whether each side's low-time warning has sounded.
    pub warned: [bool; 2],
}

impl Clocks {
    fn for_match(m: &Match) -> Clocks {
        Clocks {
            match_id: m.id,
            used: m.clock_start.used,
            remaining: m
                .time_control
                .map(|tc| m.clock_start.remaining.unwrap_or([tc.base(); 2])),
            warned: [false; 2],
        }
    }

    /// Whether this side's clock is under its warning threshold.
    pub fn low(&self, m: &Match, side: Color) -> bool {
        match (self.remaining, m.time_control) {
            (Some(r), Some(tc)) => r[color_index(side)] < tc.low_time(),
            _ => false,
        }
    }
}

/// Whether the side to move's clock runs now.
pub fn running(m: &Match) -> bool {
    !m.is_over() && m.mate_check != MateCheck::Running
}

fn tick(
    time: Res<Time<Real>>,
    m: Res<Match>,
    mut clocks: ResMut<Clocks>,
    mut requests: MessageWriter<Request>,
    mut cues: MessageWriter<Cue>,
) {
    if clocks.match_id != m.id {
        *clocks = Clocks::for_match(&m);
    }
    if !running(&m) {
        return;
    }
    let side = m.to_move();
    let i = color_index(side);
    let dt = time.delta();
    clocks.used[i] += dt;
    let Some(remaining) = clocks.remaining.as_mut() else {
        return;
    };
    remaining[i] = remaining[i].saturating_sub(dt);
    let flagged = remaining[i].is_zero();
    if clocks.low(&m, side) && !clocks.warned[i] {
        clocks.warned[i] = true;
        cues.write(Cue::LowTime);
    }
    if flagged {
        requests.write(Request::TimeOut(side));
    }
}

fn add_increment(mut events: MessageReader<MatchEvent>, m: Res<Match>, mut clocks: ResMut<Clocks>) {
    let Some(tc) = m.time_control else {
        events.clear();
        return;
    };
    for e in events.read() {
        if let MatchEvent::Submitted { by, .. } = e
            && clocks.match_id == m.id
            && let Some(r) = clocks.remaining.as_mut()
        {
            r[color_index(*by)] += tc.increment();
        }
    }
}

/// What the clocks showed when a match was saved (a new match starts from the base time).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ClockStart {
    pub used: [Duration; 2],
    pub remaining: Option<[Duration; 2]>,
}

/// The outcome when `side`'s clock reaches zero.
pub fn time_out(side: Color) -> Outcome {
    Outcome::TimeOut {
        winner: side.opponent(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write_the_pgn_tag() {
        let tc = TimeControl::minutes(10, 5);
        assert_eq!(tc.tag(), "600+5");
        assert_eq!(tc.name(), "10+5");
        assert_eq!(TimeControl::parse_tag("600+5"), Ok(tc));
        assert_eq!(
            TimeControl::parse_tag(" 90+2 ").map(|t| t.name()),
            Ok("90s+2".into())
        );
        assert!(
            TimeControl::parse_tag("10")
                .unwrap_err()
                .contains("BASE+INCREMENT")
        );
        assert!(
            TimeControl::parse_tag("x+5")
                .unwrap_err()
                .contains("base time")
        );
        assert!(
            TimeControl::parse_tag("0+5")
                .unwrap_err()
                .contains("out of range")
        );
        // A fifth of the base, within 10 s and 60 s: 5+5 warns under 60 s, 0:30 under 10 s.
        assert_eq!(
            TimeControl::minutes(5, 5).low_time(),
            Duration::from_secs(60)
        );
        assert_eq!(
            TimeControl::parse_tag("30+0").unwrap().low_time(),
            Duration::from_secs(10)
        );
        assert_eq!(
            TimeControl::parse_tag("200+0").unwrap().low_time(),
            Duration::from_secs(40)
        );
    }
}
