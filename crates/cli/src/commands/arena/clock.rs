//! The arena's time controls: a fixed time per turn (`--movetime`), or a chess clock per
//! side (`--tc BASE+INC`), and what each engine is told on `go`.

use std::time::Duration;

use timefork_engine::Color;
use timefork_engine::ai::clock::Clock;

/// A clock's answer may arrive this much after it reached zero and still count: the time
/// a line takes through the pipes and threads between an engine and the arena.
pub const LAG: Duration = Duration::from_millis(50);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time per turn; an answer later than that plus a grace period (the larger
    /// of the time and 2 s) loses on time.
    MoveTime(Duration),
    /// A clock per side starting at `base`, `inc` added after each turn; an engine loses
    /// on time only when its clock runs out. `movetime`, when given, is sent on every `go`
    /// as well (for engines that read no clock).
    Clock {
        base: Duration,
        inc: Duration,
        movetime: Option<Duration>,
    },
}

impl TimeControl {
    /// The time control of `--tc` (if given) and `--movetime`.
    pub fn new(tc: Option<&str>, movetime_ms: Option<u64>) -> Result<TimeControl, String> {
        let movetime = match movetime_ms {
            Some(0) => return Err("--movetime must be at least 1 ms".to_string()),
            m => m.map(Duration::from_millis),
        };
        Ok(match tc {
            None => TimeControl::MoveTime(movetime.unwrap_or(Duration::from_secs(1))),
            Some(s) => {
                let (base, inc) = parse_tc(s)?;
                TimeControl::Clock {
                    base,
                    inc,
                    movetime,
                }
            }
        })
    }

    /// The clocks at the start of a game (White, Black).
    pub fn start(&self) -> [Duration; 2] {
        match *self {
            TimeControl::MoveTime(_) => [Duration::ZERO; 2],
            TimeControl::Clock { base, .. } => [base; 2],
        }
    }

    /// What the side to move is told, given the clocks.
    pub fn go(&self, clocks: [Duration; 2], side: Color) -> Go {
        match *self {
            TimeControl::MoveTime(m) => Go {
                movetime: Some(m),
                clocks: None,
                inc: Duration::ZERO,
                limit: m + m.max(Duration::from_secs(2)),
            },
            TimeControl::Clock { inc, movetime, .. } => Go {
                movetime,
                clocks: Some(clocks),
                inc,
                limit: clocks[side_index(side)] + LAG,
            },
        }
    }

    /// Charges a turn that took `used` to the clock of `side`: false when the clock ran
    /// out (a loss on time), else what is left gets the increment. With a fixed time per
    /// turn the clocks stay at zero (the limit is checked while waiting).
    pub fn after_turn(&self, clocks: &mut [Duration; 2], side: Color, used: Duration) -> bool {
        let TimeControl::Clock { inc, .. } = *self else {
            return true;
        };
        let c = &mut clocks[side_index(side)];
        if used > *c + LAG {
            *c = Duration::ZERO;
            return false;
        }
        *c = c.saturating_sub(used) + inc;
        true
    }

    /// As the match summary says it: "1000 ms per turn", "60+2 s".
    pub fn describe(&self) -> String {
        match *self {
            TimeControl::MoveTime(m) => format!("{} ms per turn", m.as_millis()),
            TimeControl::Clock {
                base,
                inc,
                movetime,
            } => {
                let mut s = format!("{}+{} s", secs(base), secs(inc));
                if let Some(m) = movetime {
                    s.push_str(&format!(", go movetime {} ms", m.as_millis()));
                }
                s
            }
        }
    }
}

fn secs(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn side_index(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// `BASE+INC` or `BASE`, in seconds (decimals allowed): `60+2`, `0.5+0.05`, `300`.
pub fn parse_tc(s: &str) -> Result<(Duration, Duration), String> {
    let bad = || format!("--tc \"{s}\": expected BASE+INC in seconds, such as 60+2 or 10+0.1");
    let (b, i) = s.trim().split_once('+').unwrap_or((s.trim(), "0"));
    let num = |t: &str| -> Result<Duration, String> {
        let v: f64 = t.trim().parse().map_err(|_| bad())?;
        if !v.is_finite() || !(0.0..=86_400.0).contains(&v) {
            return Err(bad());
        }
        Ok(Duration::from_secs_f64(v))
    };
    let (base, inc) = (num(b)?, num(i)?);
    if base.is_zero() {
        return Err(format!("--tc \"{s}\": the clock must start above zero"));
    }
    Ok((base, inc))
}

/// What one `go` says, and how long the answer may take.
pub struct Go {
    pub movetime: Option<Duration>,
    /// White's and Black's clocks, with a clock time control.
    pub clocks: Option<[Duration; 2]>,
    pub inc: Duration,
    /// The answer must come within this, or the engine loses on time.
    pub limit: Duration,
}

impl Go {
    /// The words after `go`: `movetime MS`, or `wtime W btime B winc I binc I` (and
    /// `movetime MS` when the time control has one).
    pub fn args(&self) -> String {
        let mut words = Vec::new();
        if let Some([w, b]) = self.clocks {
            let i = self.inc.as_millis();
            words.push(format!(
                "wtime {} btime {} winc {i} binc {i}",
                w.as_millis(),
                b.as_millis()
            ));
        }
        if let Some(m) = self.movetime {
            words.push(format!("movetime {}", m.as_millis()));
        }
        words.join(" ")
    }

    /// The clock of `side`, when there are clocks.
    pub fn own_clock(&self, side: Color) -> Option<Clock> {
        self.clocks.map(|c| Clock {
            remaining: c[side_index(side)],
            increment: self.inc,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_read() {
        assert_eq!(parse_tc("60+2"), Ok((ms(60_000), ms(2_000))));
        assert_eq!(parse_tc("0.5+0.05"), Ok((ms(500), ms(50))));
        assert_eq!(parse_tc("300"), Ok((ms(300_000), Duration::ZERO)));
        for bad in ["", "+2", "60+", "a+b", "-1+2", "0+1", "60+2+3"] {
            assert!(parse_tc(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn go_lines_carry_the_clocks() {
        let tc = TimeControl::new(Some("60+2"), None).unwrap();
        let go = tc.go([ms(59_500), ms(61_000)], Color::Black);
        assert_eq!(go.args(), "wtime 59500 btime 61000 winc 2000 binc 2000");
        assert_eq!(go.limit, ms(61_000) + LAG);
        let tc = TimeControl::new(Some("60+2"), Some(1000)).unwrap();
        let go = tc.go([ms(60_000); 2], Color::White);
        assert_eq!(
            go.args(),
            "wtime 60000 btime 60000 winc 2000 binc 2000 movetime 1000"
        );
        let tc = TimeControl::new(None, Some(300)).unwrap();
        let go = tc.go(tc.start(), Color::White);
        assert_eq!(go.args(), "movetime 300");
        assert_eq!(go.limit, ms(2_300));
    }

    #[test]
    fn a_clock_loses_only_when_it_runs_out() {
        let tc = TimeControl::new(Some("1+0.5"), None).unwrap();
        let mut clocks = tc.start();
        assert!(tc.after_turn(&mut clocks, Color::White, ms(900)));
        assert_eq!(clocks, [ms(600), ms(1_000)]);
        // 600 ms left: 640 ms is within the lag, 700 ms is not.
        let mut c2 = clocks;
        assert!(tc.after_turn(&mut c2, Color::White, ms(640)));
        assert_eq!(c2[0], ms(500));
        assert!(!tc.after_turn(&mut clocks, Color::White, ms(700)));
        assert_eq!(clocks[0], Duration::ZERO);
    }
}
