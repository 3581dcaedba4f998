//! `wager bench`: the AI's think times in a position with many open timelines.
//!
//! The test position: from the start, seeded random moves with a split of stake 2 (from
//! a timeline that can afford it) until the wanted number of timelines is open, then a
//! few random moves on each (never one that ends its game). With 50 open timelines each
//! holds 1 point a side. Then the AI thinks for each side in turn, with the budget from
//! `ai::think_budget_ms` (or a fixed one), and its event is applied; the report gives the
//! budgets and the wall time of each think, the longest above all.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use timefork_wager::ai::{self, AiConfig};
use timefork_wager::chess::{Color, Status};
use timefork_wager::{Action, Event, MAX_OPEN_TIMELINES, Match};

use super::engines::{parse_clock, parse_level};
use crate::error::CliError;

pub struct Args {
    pub timelines: usize,
    pub level: String,
    pub clock: String,
    pub budget_ms: Option<u64>,
    pub thinks: usize,
    pub seed: u64,
}

/// xorshift64*: the position only needs to be reproducible.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// A random legal move on `timeline` that does not end its game.
fn quiet_random_move(
    m: &Match,
    timeline: usize,
    rng: &mut Rng,
) -> Option<timefork_wager::chess::Move> {
    let game = m.timeline(timeline)?.game();
    let moves = game.legal_moves();
    let keep: Vec<_> = moves
        .into_iter()
        .filter(|&mv| {
            let mut g = game.clone();
            g.play(mv) == Ok(Status::Ongoing)
        })
        .collect();
    (!keep.is_empty()).then(|| keep[rng.below(keep.len())])
}

fn build(n: usize, seed: u64, m: &mut Match, now: &mut u64) -> Result<(), CliError> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut guard = 0;
    while m.open_count() < n {
        guard += 1;
        if guard > 10_000 {
            return Err(CliError::Failed(
                "could not build the test position".to_string(),
            ));
        }
        let can: Vec<usize> = m
            .open_timelines()
            .filter(|t| m.max_stake(t.number()).is_some())
            .map(|t| t.number())
            .collect();
        if can.is_empty() {
            return Err(CliError::Failed(
                "no timeline can split any more".to_string(),
            ));
        }
        let t = can[rng.below(can.len())];
        let side = m.timelines()[t].side_to_move();
        if let Some(mv) = quiet_random_move(m, t, &mut rng) {
            let e = Event::new(
                side,
                Action::Split {
                    timeline: t,
                    mv,
                    stake: 2,
                },
            );
            m.apply(e, *now)
                .map_err(|e| CliError::Failed(e.to_string()))?;
        }
        *now += 10;
    }
    // A few moves everywhere so the boards differ.
    for _ in 0..4 {
        let open: Vec<usize> = m.open_timelines().map(|t| t.number()).collect();
        for t in open {
            let side = m.timelines()[t].side_to_move();
            if let Some(mv) = quiet_random_move(m, t, &mut rng)
                && m.apply(Event::new(side, Action::Move { timeline: t, mv }), *now)
                    .is_ok()
            {
                *now += 10;
            }
        }
    }
    // Merge offers from the random play are refused, so the AI's thinks are moves.
    while let Some(o) = m.offers().first().cloned() {
        let side = if o.answer(Color::White).is_none() {
            Color::White
        } else {
            Color::Black
        };
        m.apply(
            Event::new(
                side,
                Action::Merge {
                    a: o.a,
                    b: o.b,
                    accept: false,
                },
            ),
            *now,
        )
        .map_err(|e| CliError::Failed(e.to_string()))?;
    }
    Ok(())
}

pub fn run(args: Args) -> Result<String, CliError> {
    let level = parse_level(&args.level)?;
    let control = parse_clock(&args.clock)?;
    if !(2..=MAX_OPEN_TIMELINES).contains(&args.timelines) {
        return Err(CliError::Input(format!(
            "--timelines {} is not between 2 and {MAX_OPEN_TIMELINES}",
            args.timelines
        )));
    }
    let mut m = Match::new(Some(control));
    let mut now = 0;
    build(args.timelines, args.seed, &mut m, &mut now)?;
    let start_open = m.open_count();
    let stop = AtomicBool::new(false);
    let mut budgets = Vec::new();
    let mut times = Vec::new();
    let mut depths = Vec::new();
    let mut worst: (f64, u64, f64) = (0.0, 0, 0.0);
    let mut cpu_times = Vec::new();
    let mut overshoot: f64 = f64::MIN;
    let mut min_open = start_open;
    let (mut moves, mut splits, mut answers) = (0, 0, 0);
    let mut side = Color::White;
    for _ in 0..args.thinks {
        if m.is_over() {
            break;
        }
        if ai::next_timeline(&m, side).is_none()
            && !m.offers().iter().any(|o| o.answer(side).is_none())
        {
            side = !side;
        }
        let budget = args
            .budget_ms
            .unwrap_or_else(|| ai::think_budget_ms(&m, side, now, level));
        let cfg = AiConfig {
            level,
            budget_ms: budget,
            seed: args.seed,
            max_nodes: 0,
        };
        let t0 = Instant::now();
        let c0 = crate::cpu_clock::seconds() * 1000.0;
        let d = ai::decide(&m, side, now, &cfg, &stop);
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        let cpu = (crate::cpu_clock::seconds() * 1000.0) - c0;
        let Some(d) = d else {
            side = !side;
            continue;
        };
        match d.event.action {
            Action::Split { .. } => splits += 1,
            Action::Merge { .. } => answers += 1,
            _ => moves += 1,
        }
        budgets.push(budget);
        times.push(ms);
        cpu_times.push(cpu);
        depths.push(d.depth);
        if ms > worst.0 {
            worst = (ms, budget, cpu);
        }
        overshoot = overshoot.max(ms - budget as f64);
        now += ms.ceil() as u64;
        if let Some(f) = m.flag_fall(now) {
            return Err(CliError::Failed(format!(
                "a clock ran out during the bench ({:?} at {} ms)",
                f.side, f.at_ms
            )));
        }
        m.apply(d.event, now).map_err(|e| {
            CliError::Failed(format!("the AI chose an illegal event {}: {e}", d.event))
        })?;
        min_open = min_open.min(m.open_count());
        side = !side;
    }
    if times.is_empty() {
        return Err(CliError::Failed("the AI never thought".to_string()));
    }
    let n = times.len() as f64;
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let budgets_f: Vec<f64> = budgets.iter().map(|&b| b as f64).collect();
    let depths_f: Vec<f64> = depths.iter().map(|&d| d as f64).collect();
    Ok(format!(
        "position: {start_open} open timelines (seed {}), {} events played to build it\n\
         level {level}, clock {control}{}\n\
         thinks: {} ({moves} moves, {splits} splits, {answers} merge answers), open timelines stayed >= {min_open}\n\
         budget ms: min {} mean {:.1} max {}\n\
         think ms (wall): mean {:.1}, longest {:.1} (its budget {} ms, CPU {:.1} ms), largest overshoot {:+.1} ms\n\
         think ms (thread CPU): mean {:.1}, longest {:.1}\n\
         depth: mean {:.1}\n\
         all events legal\n",
        args.seed,
        m.events().len() - n as usize,
        args.budget_ms
            .map_or(String::new(), |b| format!(", fixed budget {b} ms")),
        times.len(),
        budgets.iter().min().unwrap(),
        mean(&budgets_f),
        budgets.iter().max().unwrap(),
        mean(&times),
        worst.0,
        worst.1,
        worst.2,
        overshoot,
        mean(&cpu_times),
        cpu_times.iter().cloned().fold(0.0, f64::max),
        mean(&depths_f),
    ))
}
