//! The bot's copy of a Timeline Wager match: the record as the server has it and the
//! match's time, and one event at a time chosen by the builtin AI (both sides act at
//! once, so the bot waits for the server's answer to one event before the next).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use timefork_net::msg::{Snapshot, ToJoiner, WagerSync};
use timefork_net::online::PlayReq;
use timefork_records::Side;
use timefork_wager::ai::{AiConfig, Level, decide, think_budget_ms};
use timefork_wager::chess::Color;
use timefork_wager::{Match, TimedEvent};

use super::{Brain, GameCopy};

pub(super) struct WagerCopy {
    level: Level,
    m: Option<Match>,
    /// The match's time the server said last, and when it said it.
    time: (u64, Instant),
    /// An event sent and not yet in the record: how many of its side's events the record
    /// had when it was sent (the server's `Accepted` may come before the record's lines).
    pending: Option<usize>,
    /// An event was refused on a record this long (events) at this time: no new choice
    /// until the record moves on, or a while has passed.
    refused: Option<(usize, Instant)>,
}

impl WagerCopy {
    pub(super) fn new(level: &str) -> Result<WagerCopy, String> {
        Ok(WagerCopy {
            level: level.parse()?,
            m: None,
            time: (0, Instant::now()),
            pending: None,
            refused: None,
        })
    }

    fn now_ms(&self) -> u64 {
        let (ms, at) = self.time;
        let now = ms + at.elapsed().as_millis() as u64;
        self.m.as_ref().map_or(now, |m| now.max(m.last_event_ms()))
    }
}

impl GameCopy for WagerCopy {
    fn follow(&mut self, msg: ToJoiner) -> Result<(), String> {
        match msg {
            ToJoiner::Snapshot {
                snap: Snapshot::Wager { record, match_ms },
            } => {
                self.m = Some(Match::from_record(&record).map_err(|e| e.to_string())?);
                self.time = (match_ms, Instant::now());
                self.pending = None;
            }
            ToJoiner::Wager { sync } => match sync {
                WagerSync::Events { from, lines } => {
                    let m = self.m.as_mut().ok_or("events before the record")?;
                    let ours = m.events().len();
                    if from > ours || from + lines.len() < ours {
                        return Err(format!("events from {from}, {ours} here"));
                    }
                    for line in &lines[ours - from..] {
                        let t =
                            TimedEvent::parse_line(line).map_err(|e| format!("`{line}`: {e}"))?;
                        m.apply(t.event, t.at_ms)
                            .map_err(|e| format!("`{line}`: {e:?}"))?;
                    }
                }
                WagerSync::Time { match_ms } => self.time = (match_ms, Instant::now()),
            },
            // Both sides act at once, so an event chosen on a record a moment old may be
            // refused (the turn taken, the offer answered): the record is right, and the
            // next choice is made on the lines that follow.
            ToJoiner::Rejected { .. } => {
                self.pending = None;
                let events = self.m.as_ref().map_or(0, |m| m.events().len());
                self.refused = Some((events, Instant::now()));
            }
            _ => {}
        }
        Ok(())
    }

    fn answer(&mut self, brain: &mut Brain, id: u64, side: Side) -> Option<Vec<PlayReq>> {
        let now = self.now_ms();
        let m = self.m.as_ref()?;
        let color = side.pick(Color::White, Color::Black);
        let own = m.events().iter().filter(|e| e.event.side == color).count();
        if self.pending.is_some_and(|sent| own <= sent) {
            return None;
        }
        if let Some((events, at)) = self.refused {
            if events == m.events().len() && at.elapsed() < Duration::from_secs(2) {
                return None;
            }
            self.refused = None;
        }
        let cfg = match brain.nodes {
            Some(n) => AiConfig {
                seed: id,
                max_nodes: n,
                ..AiConfig::new(self.level, 60_000)
            },
            None => AiConfig {
                seed: id,
                ..AiConfig::new(
                    self.level,
                    think_budget_ms(m, color, now, self.level).min(brain.movetime_ms),
                )
            },
        };
        let d = decide(m, color, now, &cfg, &AtomicBool::new(false))?;
        self.pending = Some(own);
        Some(vec![PlayReq::Wager {
            event: d.event.action.to_string(),
        }])
    }
}
