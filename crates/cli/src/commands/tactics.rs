//! `ai-bench --tactics DIR` and `ai-bench --mine-tactics OUT`: the AI on tactics (5DPGN
//! positions with a `Goal` header, see `timefork_engine::ai::tactics`), each answer
//! checked by the exact search; and the miner that finds such positions in games.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use timefork_engine::ai::tactics::{self, Tactic, Verdict};
use timefork_engine::ai::{AiConfig, Level, choose_action};
use timefork_engine::notation::{self, read_game};
use timefork_engine::search::Limits;

use crate::error::CliError;

/// The `.5dpgn` files of a folder, sorted by name.
fn games_in(dir: &Path) -> Result<Vec<PathBuf>, CliError> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "5dpgn"))
        .collect();
    files.sort();
    Ok(files)
}

fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))
}

/// Runs the AI on every tactic of `dir`; one line per tactic, then `N/M solved`.
/// How long the exact search may check one answer. The shipped tactics take
/// milliseconds; in a position of dozens of timelines (a tactic cut from a wild game) the
/// answer is "undecided" rather than a bench that never ends.
const CHECK_TIME: Duration = Duration::from_secs(60);

/// Runs `check` with a stop flag that is set after `limit`.
fn checked_within(limit: Duration, check: impl FnOnce(&AtomicBool) -> Verdict) -> Verdict {
    let stop = AtomicBool::new(false);
    let (done, wait) = mpsc::channel::<()>();
    let flag = &stop;
    std::thread::scope(|s| {
        s.spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
                flag.store(true, Ordering::Relaxed);
            }
        });
        let v = check(&stop);
        drop(done);
        v
    })
}

pub fn run(dir: &Path, level: Level, movetime_ms: u64) -> Result<String, CliError> {
    let files = games_in(dir)?;
    if files.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no .5dpgn files",
            dir.display()
        )));
    }
    let mut list: Vec<(String, Tactic)> = Vec::new();
    for f in &files {
        let t = tactics::read_tactic(&read(f)?)
            .map_err(|e| CliError::Input(format!("{}: {e}", f.display())))?;
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        list.push((name, t));
    }
    let stop = AtomicBool::new(false);
    let mut out = String::new();
    let mut solved = 0;
    let mut longest = Duration::ZERO;
    for (i, (name, t)) in list.iter().enumerate() {
        let cfg = AiConfig {
            level,
            budget: Duration::from_millis(movetime_ms),
            seed: i as u64,
            limit: None,
        };
        let started = Instant::now();
        let r = choose_action(t.position(), &cfg, &stop);
        let took = started.elapsed();
        longest = longest.max(took);
        let searched = r
            .as_ref()
            .map(|o| format!(" (depth {}, {} nodes)", o.depth, o.nodes))
            .unwrap_or_default();
        let (verdict, shown) = match &r {
            Ok(o) => (
                checked_within(CHECK_TIME, |stop| {
                    tactics::check_answer(
                        t,
                        &o.action,
                        Limits {
                            max_nodes: 0,
                            stop: Some(stop),
                        },
                    )
                }),
                notation::write_action(t.position(), &o.action),
            ),
            Err(no) => (
                Verdict::Missed(format!("no action ({no:?})")),
                String::new(),
            ),
        };
        let word = match &verdict {
            Verdict::Solved => {
                solved += 1;
                "solved".to_string()
            }
            Verdict::Missed(why) => format!("MISSED: {why}"),
            Verdict::Illegal(why) => format!("ILLEGAL: {why}"),
            Verdict::Undecided => "UNDECIDED by the exact search".to_string(),
        };
        out.push_str(&format!(
            "{name}: {}: {word} in {:.0} ms{searched}: {shown}\n",
            t.goal.as_str(),
            took.as_secs_f64() * 1000.0
        ));
    }
    out.push_str(&format!(
        "level {level}, budget {movetime_ms} ms, longest think {:.0} ms\n",
        longest.as_secs_f64() * 1000.0
    ));
    out.push_str(&format!("{solved}/{} solved\n", list.len()));
    Ok(out)
}

/// Finds tactics in every game of `games` and writes each new one (by position) to `out`
/// as `<game>-s<state>.5dpgn`: mates in one and mates in one to avoid, or with `in_two`
/// mates in two and mates in two to avoid. Only states with at most `max_actions` legal
/// actions are looked at; each exact search gets `max_nodes` nodes.
pub fn mine(
    games: &Path,
    out: &Path,
    max_actions: u64,
    max_nodes: u64,
    in_two: bool,
) -> Result<String, CliError> {
    std::fs::create_dir_all(out).map_err(|e| CliError::Input(format!("{}: {e}", out.display())))?;
    let mut known: HashSet<u64> = HashSet::new();
    for f in games_in(out)? {
        if let Ok(t) = tactics::read_tactic(&read(&f)?) {
            known.insert(t.position().position_hash());
        }
    }
    let limits = Limits {
        max_nodes,
        stop: None,
    };
    let mut report = String::new();
    let mut written = 0;
    for f in games_in(games)? {
        let text = read(&f)?;
        let game =
            read_game(&text).map_err(|e| CliError::Input(format!("{}: {e}", f.display())))?;
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        let started = Instant::now();
        let found = if in_two {
            tactics::mine_in_two(&game, max_actions, limits)
        } else {
            tactics::mine(&game, max_actions, limits)
        };
        for (k, goal) in &found {
            let pos = game.position_at(*k);
            if !known.insert(pos.position_hash()) {
                continue;
            }
            let path = out.join(format!("{stem}-s{k:03}.5dpgn"));
            let source = format!("{}, state {k}", f.display());
            std::fs::write(&path, tactics::tactic_text(&game, *k, *goal, &source))
                .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
            report.push_str(&format!("{}: {}\n", path.display(), goal.as_str()));
            written += 1;
        }
        eprintln!(
            "{}: {} states, {} tactics, {:.1} s",
            f.display(),
            game.actions.len() + 1,
            found.len(),
            started.elapsed().as_secs_f64()
        );
    }
    report.push_str(&format!("{written} new tactics\n"));
    Ok(report)
}
