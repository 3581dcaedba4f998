//! `bench`: the legal-action search on a folder of games, timed. One thread, so the times
//! are CPU times. Searches get a node budget so that a state the search cannot decide
//! quickly is reported as unknown instead of stalling the benchmark.

use std::path::{Path, PathBuf};

use timefork_engine::game::Game;
use timefork_engine::notation;
use timefork_engine::search::{self, Limits, Outcome};

use crate::error::CliError;

/// The games the C++ engine ftxi/5dchess_engine can read (see issue 3's targets).
const FTXI_GAMES: &[&str] = &[
    "100_timelines.5dpgn",
    "NP.5dpgn",
    "NP0.5dpgn",
    "another.5dpgn",
    "chessin5d-illegal-move-example.5dpgn",
    "ctp1.5dpgn",
    "exiledKings.5dpgn",
    "manyChecks.5dpgn",
    "silly.5dpgn",
    "small.5dpgn",
    "standard.5dpgn",
    "wide.5dpgn",
];

fn load(dir: &Path) -> Result<Vec<(String, Game)>, CliError> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "5dpgn"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no .5dpgn files",
            dir.display()
        )));
    }
    let mut games = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f)
            .map_err(|e| CliError::Input(format!("{}: {e}", f.display())))?;
        let game = notation::read_game(&text)
            .map_err(|e| CliError::Input(format!("{}: {e}", f.display())))?;
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        games.push((name, game));
    }
    Ok(games)
}

pub fn run(dir: &Path, max_nodes: u64) -> Result<String, CliError> {
    let games = load(dir)?;
    let limits = Limits {
        max_nodes,
        stop: None,
    };
    let mut out = String::new();

    // perft: the has-legal-action decision for every state.
    let (mut states, mut total, mut subset, mut decided) = (0usize, 0.0f64, 0.0f64, 0.0f64);
    let mut slowest = (0.0f64, String::new());
    let mut unknown = Vec::new();
    let mut finals = Vec::new();
    for (name, game) in &games {
        let all = game.states();
        for (k, pos) in all.iter().enumerate() {
            let t = CpuClock::start();
            let r = search::find_action(pos, limits);
            let el = t.seconds();
            states += 1;
            total += el;
            if FTXI_GAMES.contains(&name.as_str()) {
                subset += el;
            }
            match r {
                Outcome::Unknown => unknown.push(format!("{name} state {k}")),
                Outcome::Done(found) => {
                    decided += el;
                    if el > slowest.0 {
                        slowest = (el, format!("{name} state {k}"));
                    }
                    if k + 1 == all.len() && found.is_none() {
                        finals.push((name.clone(), pos.clone()));
                    }
                }
            }
        }
    }
    out += &format!(
        "perft: {states} states in {} games, {:.3} s CPU ({decided:.3} s on the decided ones); the {} games ftxi reads: {subset:.3} s CPU; slowest decided state {:.3} s ({}); undecided within {max_nodes} nodes: {}\n",
        games.len(),
        total,
        FTXI_GAMES.len(),
        slowest.0,
        slowest.1,
        if unknown.is_empty() {
            "none".to_string()
        } else {
            unknown.join(", ")
        },
    );

    // enumeration: every legal turn, uncapped.
    for (name, k) in [("another.5dpgn", None), ("test1.5dpgn", Some(15))] {
        let Some((_, game)) = games.iter().find(|(n, _)| n == name) else {
            continue;
        };
        let pos = match k {
            Some(k) => game.position_at(k),
            None => game.position().clone(),
        };
        let t = CpuClock::start();
        let r = search::count_actions(&pos, 0, Limits::default());
        let el = t.seconds();
        let state = k.map_or("final state".to_string(), |k| format!("state {k}"));
        match r {
            Outcome::Done(n) => {
                out += &format!(
                    "enumerate: {name} {state}: {n} turns in {el:.3} s CPU, {:.0} turns/s\n",
                    n as f64 / el.max(1e-9)
                )
            }
            Outcome::Unknown => {
                out += &format!("enumerate: {name} {state}: stopped after {el:.3} s\n")
            }
        }
    }

    // mate: the decision for each game whose final state has no legal action.
    for (name, pos) in finals {
        let t = CpuClock::start();
        let status = timefork_engine::game::status(&pos, limits);
        out += &format!(
            "mate: {name}: {} in {:.3} s CPU\n",
            status.as_str(),
            t.seconds()
        );
    }
    Ok(out)
}

/// CPU time of this thread, so the figures mean the same on a busy machine. (Falls back
/// to wall-clock time where the platform has no per-thread CPU clock.)
struct CpuClock {
    start: f64,
}

impl CpuClock {
    fn start() -> CpuClock {
        CpuClock {
            start: crate::cpu_clock::seconds(),
        }
    }
    fn seconds(&self) -> f64 {
        crate::cpu_clock::seconds() - self.start
    }
}
