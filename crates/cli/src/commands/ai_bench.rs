//! `ai-bench`: the AI's time and legality in positions with many timelines.
//!
//! Start points are the states of a folder of games (default: the conformance games) with
//! at least `--min-timelines` timelines. From each, the AI plays up to 4 turns (both
//! sides) while the position keeps that many timelines, until `--turns` AI turns have been
//! played. Every action is checked with `Game::apply_action`; every `None` is checked to be
//! mate or stalemate. Prints the turn count, the longest think, the largest overshoot of
//! the budget in percent, the mean, and the illegal count.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use timefork_engine::ai::{AiConfig, Level, NoChoice, choose_action};
use timefork_engine::game::{self, Game, GameStatus};
use timefork_engine::search::Limits;
use timefork_engine::{Position, notation};

use crate::error::CliError;

fn timelines(p: &Position) -> i32 {
    p.l_max() - p.l_min() + 1
}

pub fn run(
    dir: &Path,
    level: Level,
    movetime_ms: u64,
    turns: usize,
    min_timelines: i32,
    jobs: usize,
) -> Result<String, CliError> {
    let mut starts = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "5dpgn"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f)
            .map_err(|e| CliError::Input(format!("{}: {e}", f.display())))?;
        let g = notation::read_game(&text)
            .map_err(|e| CliError::Input(format!("{}: {e}", f.display())))?;
        starts.extend(
            g.states()
                .into_iter()
                .filter(|p| timelines(p) >= min_timelines),
        );
    }
    if starts.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no state has {min_timelines} or more timelines",
            dir.display()
        )));
    }
    let budget = Duration::from_millis(movetime_ms);
    let done = AtomicUsize::new(0);
    let next = AtomicUsize::new(0);
    // (elapsed, timelines) per turn; illegal descriptions; mates.
    let times: Mutex<Vec<(Duration, i32)>> = Mutex::new(Vec::new());
    let illegal: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mates = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| {
                let stop = AtomicBool::new(false);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if done.load(Ordering::Relaxed) >= turns {
                        break;
                    }
                    let start = &starts[i % starts.len()];
                    let mut g = Game::new(start.clone());
                    for k in 0..4 {
                        if done.fetch_add(1, Ordering::Relaxed) >= turns {
                            break;
                        }
                        let p = g.position().clone();
                        let cfg = AiConfig {
                            level,
                            budget,
                            seed: (i * 8 + k) as u64,
                            limit: None,
                        };
                        let t = Instant::now();
                        let r = choose_action(&p, &cfg, &stop);
                        let el = t.elapsed();
                        times.lock().unwrap().push((el, timelines(&p)));
                        match r {
                            Ok(o) => {
                                if let Err(e) = g.apply_action(&o.action) {
                                    illegal.lock().unwrap().push(format!(
                                        "start {i} turn {k}: {} ({e:?})",
                                        notation::write_action(&p, &o.action)
                                    ));
                                    break;
                                }
                            }
                            Err(no) => {
                                let st = game::status(&p, Limits::default());
                                let proved = matches!(
                                    (no, st),
                                    (NoChoice::Checkmate, GameStatus::Checkmate)
                                        | (NoChoice::Stalemate, GameStatus::Stalemate)
                                );
                                if !proved {
                                    illegal.lock().unwrap().push(format!(
                                        "start {i} turn {k}: {no:?} but {}",
                                        st.as_str()
                                    ));
                                } else {
                                    mates.fetch_add(1, Ordering::Relaxed);
                                }
                                break;
                            }
                        }
                        if timelines(g.position()) < min_timelines {
                            break;
                        }
                    }
                }
            });
        }
    });
    let times = times.into_inner().unwrap();
    let illegal = illegal.into_inner().unwrap();
    let n = times.len();
    let max = times.iter().map(|t| t.0).max().unwrap_or_default();
    let mean = times.iter().map(|t| t.0).sum::<Duration>() / n.max(1) as u32;
    let over = 100.0 * (max.as_secs_f64() / budget.as_secs_f64() - 1.0);
    let over_10 = times
        .iter()
        .filter(|t| t.0.as_secs_f64() > 1.1 * budget.as_secs_f64())
        .count();
    let min_tl = times.iter().map(|t| t.1).min().unwrap_or(0);
    let max_tl = times.iter().map(|t| t.1).max().unwrap_or(0);
    let mut out = format!(
        "level {level}, budget {movetime_ms} ms, {n} AI turns in positions with {min_tl}..{max_tl} timelines ({} start states)\n",
        starts.len()
    );
    out.push_str(&format!(
        "max time {:.1} ms, max overshoot {:+.1}%, turns over budget+10% {over_10}, mean time {:.1} ms\n",
        max.as_secs_f64() * 1000.0,
        over,
        mean.as_secs_f64() * 1000.0
    ));
    out.push_str(&format!(
        "illegal {}, no action at mate/stalemate {}\n",
        illegal.len(),
        mates.load(Ordering::Relaxed)
    ));
    for e in &illegal {
        out.push_str(&format!("  {e}\n"));
    }
    if !illegal.is_empty() {
        return Err(CliError::Failed(out));
    }
    Ok(out)
}
