//! A Timeline Wager match under authority. Both players act at once, so the table's time
//! is the match's: each request is an event of the match record without its time
//! (`L0 e2e4`, a split, a merge answer, `resign`), applied at the time it arrives, and
//! answered with the record's new lines and the time, exactly as a LAN host does. Flags
//! fall by the match's own weighted clocks, never by a player's word.

use timefork_net::msg::{Snapshot, ToJoiner, WagerSync};
use timefork_net::online::{ClockSpec, PlayReq};
use timefork_records::{GameKind, Side};
use timefork_wager::chess::Color;
use timefork_wager::outcome::EndReason;
use timefork_wager::{Action, Event, Match, TimeControl};

use super::{Played, Probe, Seats, Table};
use crate::{Ending, Reason};

pub const VARIANT: &str = "Standard";

pub struct WagerTable {
    m: Match,
    /// An ending from outside the match's rules (an abandonment, an abort).
    outside: Option<Ending>,
}

fn side_of(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The event lines of a record (its headers left out).
fn event_lines(record: &str) -> Vec<String> {
    record
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('['))
        .map(str::to_owned)
        .collect()
}

impl WagerTable {
    pub fn new(
        variant: Option<&str>,
        seats: Seats,
        spec: Option<ClockSpec>,
    ) -> Result<WagerTable, String> {
        if let Some(v) = variant.filter(|v| !v.eq_ignore_ascii_case(VARIANT)) {
            return Err(format!("Timeline Wager has no variant `{v}`"));
        }
        let control = spec
            .map(|s| TimeControl::new(u64::from(s.base_s) * 1000, u64::from(s.increment_s) * 1000))
            .transpose()?;
        let mut m = Match::new(control);
        m.set_tag("White", &seats.white);
        m.set_tag("Black", &seats.black);
        Ok(WagerTable { m, outside: None })
    }

    fn time(&self, now: u64) -> u64 {
        now.max(self.m.last_event_ms())
    }

    /// The lines from event `from` on, the time, and the ending if the match ended.
    fn since(&self, from: usize, now: u64) -> Played {
        let lines: Vec<String> = event_lines(&self.m.record())
            .into_iter()
            .skip(from)
            .collect();
        let mut syncs = Vec::new();
        if !lines.is_empty() {
            syncs.push(ToJoiner::Wager {
                sync: WagerSync::Events { from, lines },
            });
        }
        syncs.push(ToJoiner::Wager {
            sync: WagerSync::Time {
                match_ms: self.time(now),
            },
        });
        Played {
            syncs,
            moved: false,
            ended: self.ending(),
        }
    }
}

impl Table for WagerTable {
    fn kind(&self) -> GameKind {
        GameKind::Wager
    }

    fn variant(&self) -> String {
        VARIANT.into()
    }

    /// Both sides act at once: the side a request may come from is either.
    fn to_move(&self) -> Option<Side> {
        None
    }

    fn turns(&self) -> usize {
        // Each side's first event counts as its first turn.
        self.m.events().len()
    }

    fn play(&mut self, side: Side, req: &PlayReq, now: u64) -> Result<Played, String> {
        let PlayReq::Wager { event } = req else {
            return Err("not a Timeline Wager request".into());
        };
        if self.ending().is_some() {
            return Err("the match is over".into());
        }
        let action = Action::parse(event).map_err(|e| format!("`{event}`: {e}"))?;
        if action == Action::Flag {
            return Err("a flag falls by the server's clocks, not by a player's word".into());
        }
        let from = self.m.events().len();
        let at = self.time(now);
        self.m
            .apply(
                Event::new(side.pick(Color::White, Color::Black), action),
                at,
            )
            .map_err(|e| format!("`{event}`: {e}"))?;
        let mut p = self.since(from, at);
        p.moved = true;
        Ok(p)
    }

    fn end(&mut self, ending: Ending, now: u64) -> Played {
        if self.ending().is_some() {
            return Played::default();
        }
        self.outside = Some(ending);
        // The record has no comments: the ending is said in its headers.
        self.m.set_tag("Result", ending.result());
        self.m.set_tag("Termination", &ending.describe());
        let mut p = self.since(self.m.events().len(), now);
        p.ended = Some(ending);
        p
    }

    fn ending(&self) -> Option<Ending> {
        if let Some(e) = self.outside {
            return Some(e);
        }
        let r = self.m.result()?;
        let winner = r.outcome.winner().map(side_of);
        let reason = match r.reason {
            EndReason::Resignation => Reason::Resignation,
            EndReason::FlagFall | EndReason::BothFlags => Reason::TimeOut,
            EndReason::Points | EndReason::AllClosed => Reason::Rules,
        };
        Some(Ending { winner, reason })
    }

    fn tick(&mut self, now: u64) -> Option<Played> {
        if self.ending().is_some() {
            return None;
        }
        self.m.flag_fall(now)?;
        let from = self.m.events().len();
        self.m.tick(now)?;
        Some(self.since(from, now))
    }

    fn flag_at(&self, _now: u64) -> Option<u64> {
        None
    }

    /// The match's time is the table's: nothing to start or stop.
    fn start_clock(&mut self, _now: u64) {}

    fn stop_clock(&mut self, _now: u64) {}

    fn snapshot(&self, now: u64) -> Snapshot {
        Snapshot::Wager {
            record: self.record(now),
            match_ms: self.time(now),
        }
    }

    fn clocks(&self, now: u64) -> Option<ToJoiner> {
        Some(ToJoiner::Wager {
            sync: WagerSync::Time {
                match_ms: self.time(now),
            },
        })
    }

    fn record(&self, _now: u64) -> String {
        self.m.record()
    }

    fn probe(&mut self) -> Option<Probe> {
        None
    }

    fn probe_answer(&mut self, _key: usize, _ending: Option<Ending>, _now: u64) -> Option<Played> {
        None
    }

    fn draws_by_agreement(&self) -> bool {
        false
    }
}
