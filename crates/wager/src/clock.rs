//! The weighted clock: time controls, readings, and the exact arithmetic.
//!
//! Times are integer milliseconds since the start of the match, given by the caller; the
//! crate never reads a clock. Between two events the set of open timelines and their banks
//! do not change, so each clock runs at a constant rational rate `num / den`: `num` is the
//! sum of the banks (both shares) of the open timelines where that side is to move, `den`
//! the sum of the banks of all open timelines. Over `dt` ms a clock loses
//! `floor(dt * num / den)` ms (rounded down: the player keeps the sub-millisecond part).
//! A move earns `floor(increment * bank / den)` ms, the bank and `den` measured after the
//! move with the moved timeline counted as open (for a split: the new timeline's bank).
//! A clock's flag falls at the first millisecond where its loss reaches what was left:
//! `last_event + ceil(left * den / num)`. The same events at the same times always give
//! the same clocks, so a replayed record reproduces them to the millisecond.

use cozy_chess::Color;
use std::fmt;

/// Longest base time (a day) and increment (an hour): keeps the arithmetic far from
/// overflow.
pub const MAX_BASE_MS: u64 = 24 * 3_600_000;
pub const MAX_INCREMENT_MS: u64 = 3_600_000;

/// Base time and increment, like 10+10 (ten minutes, ten seconds a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    base_ms: u64,
    increment_ms: u64,
}

impl TimeControl {
    /// `base_ms` > 0, a whole number of thousandths of a minute (60 ms) so that the record
    /// writes it exactly in minutes.
    pub fn new(base_ms: u64, increment_ms: u64) -> Result<TimeControl, String> {
        if base_ms == 0 {
            return Err("the base time must be more than 0".to_string());
        }
        if base_ms > MAX_BASE_MS || increment_ms > MAX_INCREMENT_MS {
            return Err(format!(
                "at most {} minutes and {} seconds of increment",
                MAX_BASE_MS / 60_000,
                MAX_INCREMENT_MS / 1_000
            ));
        }
        if !base_ms.is_multiple_of(60) {
            return Err(format!(
                "base time {base_ms} ms is not a whole number of thousandths of a minute"
            ));
        }
        Ok(TimeControl {
            base_ms,
            increment_ms,
        })
    }

    pub fn base_ms(self) -> u64 {
        self.base_ms
    }

    pub fn increment_ms(self) -> u64 {
        self.increment_ms
    }

    /// Reads `M+S` (minutes + seconds of increment, decimals allowed: `10+10`, `0.5+0.25`).
    /// `-` (untimed) is the caller's business.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("clock \"{text}\" is not MINUTES+SECONDS (like 10+10)");
        let (m, s) = text.trim().split_once('+').ok_or_else(bad)?;
        // Minutes to three decimals are whole multiples of 60 ms.
        let base = parse_decimal(m, 3)
            .ok_or_else(bad)?
            .checked_mul(60)
            .ok_or_else(bad)?;
        let inc = parse_decimal(s, 3).ok_or_else(bad)?;
        TimeControl::new(base, inc).map_err(|e| format!("clock \"{text}\": {e}"))
    }
}

impl fmt::Display for TimeControl {
    /// `10+10`, `0.5+0.25`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            format_decimal(self.base_ms / 60, 3),
            format_decimal(self.increment_ms, 3)
        )
    }
}

/// Reads a non-negative decimal with at most `places` decimals as an integer count of
/// 10^-places units (`"1.5"`, 3 -> 1500).
pub fn parse_decimal(text: &str, places: u32) -> Option<u64> {
    let (int, frac) = match text.split_once('.') {
        Some((i, f)) => (i, f),
        None => (text, ""),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || !digits(int) || !digits(frac) || frac.len() > places as usize {
        return None;
    }
    if text.contains('.') && frac.is_empty() {
        return None;
    }
    let mut v: u64 = int.parse().ok()?;
    let scale = 10u64.pow(places);
    v = v.checked_mul(scale)?;
    let f: u64 = if frac.is_empty() {
        0
    } else {
        frac.parse::<u64>().ok()? * 10u64.pow(places - frac.len() as u32)
    };
    v.checked_add(f)
}

/// Writes an integer count of 10^-places units as a decimal without trailing zeros.
pub fn format_decimal(v: u64, places: u32) -> String {
    let scale = 10u64.pow(places);
    let (int, frac) = (v / scale, v % scale);
    if frac == 0 {
        return int.to_string();
    }
    let f = format!("{:0width$}", frac, width = places as usize);
    format!("{int}.{}", f.trim_end_matches('0'))
}

/// Both clocks, in milliseconds left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clocks {
    pub white_ms: u64,
    pub black_ms: u64,
}

impl Clocks {
    pub fn get(self, side: Color) -> u64 {
        match side {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }

    pub(crate) fn get_mut(&mut self, side: Color) -> &mut u64 {
        match side {
            Color::White => &mut self.white_ms,
            Color::Black => &mut self.black_ms,
        }
    }
}

/// The speed of one clock: `num / den` seconds per second (0 when `num` is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rate {
    pub num: u32,
    pub den: u32,
}

impl Rate {
    pub fn as_f64(self) -> f64 {
        if self.den == 0 {
            0.0
        } else {
            self.num as f64 / self.den as f64
        }
    }

    /// Clock time lost over `dt_ms` at this rate (rounded down).
    pub fn spent(self, dt_ms: u64) -> u64 {
        if self.num == 0 || self.den == 0 {
            return 0;
        }
        (dt_ms as u128 * self.num as u128 / self.den as u128) as u64
    }

    /// The first `dt` whose spending reaches `left_ms` (None when the clock stands still).
    pub fn runs_out_after(self, left_ms: u64) -> Option<u64> {
        if self.num == 0 || self.den == 0 {
            return None;
        }
        let t = (left_ms as u128 * self.den as u128).div_ceil(self.num as u128);
        Some(u64::try_from(t).unwrap_or(u64::MAX))
    }
}

/// `increment * part / whole`, rounded down.
pub fn scaled_increment(increment_ms: u64, part: u32, whole: u32) -> u64 {
    if whole == 0 {
        return 0;
    }
    (increment_ms as u128 * part as u128 / whole as u128) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        let tc = TimeControl::parse("10+10").unwrap();
        assert_eq!((tc.base_ms(), tc.increment_ms()), (600_000, 10_000));
        assert_eq!(tc.to_string(), "10+10");
        let tc = TimeControl::parse("0.5+0.25").unwrap();
        assert_eq!((tc.base_ms(), tc.increment_ms()), (30_000, 250));
        assert_eq!(tc.to_string(), "0.5+0.25");
        for bad in [
            "10", "+", "10+", "a+b", "0+5", "1.+2", "-1+2", "1.0001+0", "1+0.0001",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn decimals() {
        assert_eq!(parse_decimal("12.345", 3), Some(12_345));
        assert_eq!(parse_decimal("12", 3), Some(12_000));
        assert_eq!(parse_decimal("0.05", 3), Some(50));
        assert_eq!(parse_decimal("1.2345", 3), None);
        assert_eq!(format_decimal(12_345, 3), "12.345");
        assert_eq!(format_decimal(12_000, 3), "12");
        assert_eq!(format_decimal(50, 3), "0.05");
    }

    #[test]
    fn rates_round_down_and_flags_round_up() {
        // 80 of 100 points: 0.8 s/s. 1 s costs 800 ms; 1 ms costs 0.8 ms -> 0.
        let r = Rate { num: 80, den: 100 };
        assert_eq!(r.spent(1000), 800);
        assert_eq!(r.spent(1), 0);
        // 1/3 s/s over 1000 ms: 333.33 -> 333.
        assert_eq!(Rate { num: 2, den: 6 }.spent(1000), 333);
        // 1000 ms left at 1/3: runs out after 3000 ms exactly; 1001 ms left: 3003 ms
        // (3002 ms spend floor(3002/3) = 1000 < 1001, 3003 spend 1001).
        assert_eq!(Rate { num: 1, den: 3 }.runs_out_after(1000), Some(3000));
        assert_eq!(Rate { num: 1, den: 3 }.runs_out_after(1001), Some(3003));
        assert_eq!(Rate { num: 0, den: 3 }.runs_out_after(1), None);
        assert_eq!(scaled_increment(10_000, 80, 100), 8_000);
        assert_eq!(scaled_increment(10_000, 1, 3), 3_333);
    }
}
