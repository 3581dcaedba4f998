//! `wager selfplay`: AI against AI in simulated time.
//!
//! Both sides play at once, as in a real match. Each side thinks about the match as it
//! stands when its think starts; the think's wall time (measured, at least 1 ms) is the
//! simulated time it takes, so it counts on that side's clock at the clock's weighted
//! rate. The side whose think ends first has its event applied at that simulated time;
//! an event made stale meanwhile by the other side (a timeline merged away, an offer
//! withdrawn) is dropped and that side thinks again. A side with nothing to do waits
//! for the other side's next event. A clock that runs out before an event ends the match
//! at the exact millisecond. Budgets come from `ai::think_budget_ms` (the clock and the
//! timelines' weights; untimed: a fixed budget per level).

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use timefork_wager::ai::{self, AiConfig, Level};
use timefork_wager::chess::Color;
use timefork_wager::{Match, Outcome, TimeControl};

use super::engines::{parse_clock, parse_engine};
use crate::error::CliError;

pub struct Args {
    pub white: String,
    pub black: String,
    pub games: usize,
    pub clock: Option<String>,
    pub seed: u64,
    pub record_out: Option<PathBuf>,
    pub max_events: usize,
}

enum Think {
    /// Decided: the event lands at `at`.
    Ready {
        at: u64,
        event: timefork_wager::Event,
    },
    /// Nothing to do until the other side moves.
    Idle,
}

/// Plays one match; returns it and whether it finished (not stopped at the event limit).
fn play(levels: [Level; 2], control: Option<TimeControl>, seed: u64, max_events: usize) -> Match {
    let mut m = Match::new(control);
    let stop = AtomicBool::new(false);
    let mut pending: [Option<Think>; 2] = [None, None];
    let mut now = 0u64;
    while !m.is_over() && m.events().len() < max_events {
        for side in Color::ALL {
            let i = side as usize;
            if pending[i].is_some() {
                continue;
            }
            let cfg = AiConfig {
                level: levels[i],
                budget_ms: ai::think_budget_ms(&m, side, now, levels[i]),
                seed: seed.wrapping_mul(2).wrapping_add(i as u64),
                max_nodes: 0,
            };
            let t0 = Instant::now();
            let event = ai::choose_action(&m, side, now, &cfg, &stop);
            let used = (t0.elapsed().as_millis() as u64).max(1);
            pending[i] = Some(match event {
                Some(event) => Think::Ready {
                    at: now + used,
                    event,
                },
                None => Think::Idle,
            });
        }
        let next = Color::ALL
            .into_iter()
            .filter_map(|s| match pending[s as usize] {
                Some(Think::Ready { at, .. }) => Some((at, s)),
                _ => None,
            })
            .min_by_key(|&(at, s)| (at, s as usize));
        let Some((at, side)) = next else {
            // Both idle in an open match cannot happen (every open timeline has a side to
            // move); stop rather than loop.
            break;
        };
        if m.flag_fall(at).is_some() {
            m.tick(at);
            break;
        }
        now = at;
        let Some(Think::Ready { event, .. }) = pending[side as usize].take() else {
            unreachable!("chosen because it is ready");
        };
        if m.apply(event, now).is_ok() {
            let other = (!side) as usize;
            if matches!(pending[other], Some(Think::Idle)) {
                pending[other] = None;
            }
        }
    }
    m
}

fn reason(m: &Match) -> &'static str {
    match m.result().map(|r| r.reason) {
        Some(timefork_wager::EndReason::Points) => "points",
        Some(timefork_wager::EndReason::AllClosed) => "all timelines closed",
        Some(timefork_wager::EndReason::Resignation) => "resignation",
        Some(timefork_wager::EndReason::FlagFall) => "flag fall",
        Some(timefork_wager::EndReason::BothFlags) => "both flags",
        None => "event limit",
    }
}

#[derive(Default)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
}

impl Tally {
    fn add(&mut self, score2: u32) {
        match score2 {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }
    fn line(&self, name: &str, games: usize) -> String {
        let points = self.wins as f64 + self.draws as f64 / 2.0;
        format!(
            "{name}: {points}/{games} (+{} ={} -{})\n",
            self.wins, self.draws, self.losses
        )
    }
}

pub fn run(args: Args) -> Result<String, CliError> {
    let first = parse_engine(&args.white)?;
    let second = parse_engine(&args.black)?;
    let control = args.clock.as_deref().map(parse_clock).transpose()?;
    if args.games == 0 {
        return Err(CliError::Input("--games must be at least 1".to_string()));
    }
    if let Some(dir) = &args.record_out {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Input(format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut out = String::new();
    let mut first_tally = Tally::default();
    let mut white_tally = Tally::default();
    for k in 0..args.games {
        let swapped = k % 2 == 1;
        let (white, black) = if swapped {
            (second, first)
        } else {
            (first, second)
        };
        let (wname, bname) = if swapped {
            (&args.black, &args.white)
        } else {
            (&args.white, &args.black)
        };
        let mut m = play(
            [white, black],
            control,
            args.seed.wrapping_add(k as u64),
            args.max_events,
        );
        m.set_tag("White", wname);
        m.set_tag("Black", bname);
        // Points for White out of 2 (win 2, draw or unfinished 1).
        let white2 = match m.result().map(|r| r.outcome) {
            Some(Outcome::WhiteWins) => 2,
            Some(Outcome::BlackWins) => 0,
            _ => 1,
        };
        white_tally.add(white2);
        first_tally.add(if swapped { 2 - white2 } else { white2 });
        let secured = m.secured();
        let result = m.result().map_or("*", |r| r.outcome.as_str());
        out.push_str(&format!(
            "match {}: {wname} (White) vs {bname} (Black): {result} by {}, secured {}-{}, splits {}, merges {}, events {}, {:.1} s simulated\n",
            k + 1,
            reason(&m),
            secured.white,
            secured.black,
            m.split_count(),
            m.merge_count(),
            m.events().len(),
            m.last_event_ms() as f64 / 1000.0
        ));
        if let Some(dir) = &args.record_out {
            let path = dir.join(format!("match-{:03}.wager", k + 1));
            std::fs::write(&path, m.record())
                .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))?;
        }
    }
    let clock = control.map_or("untimed".to_string(), |c| c.to_string());
    out.push_str(&format!(
        "\n{} vs {}, {} matches, clock {clock}, colours alternating\n",
        args.white, args.black, args.games
    ));
    out.push_str(&first_tally.line(&format!("first engine {}", args.white), args.games));
    out.push_str(&white_tally.line("White", args.games));
    Ok(out)
}
