//! `wager tune-data` and `wager tune`: the evaluation's weights fitted to self-play
//! results (`timefork_wager::ai::tune`).

use std::path::{Path, PathBuf};

use timefork_wager::ai::tune::{self, PlayConfig};

use crate::error::CliError;

/// The most random plies an opening may have.
const MAX_RANDOM_PLIES: usize = 40;

pub struct DataArgs {
    pub games: usize,
    pub nodes: u64,
    pub random_plies: usize,
    pub seed: u64,
    pub threads: usize,
    pub out: PathBuf,
}

/// Plays the games and writes their labelled positions to `out`, one per line.
pub fn data(a: DataArgs) -> Result<String, CliError> {
    if a.games == 0 || a.nodes == 0 {
        return Err(CliError::Input(
            "--games and --nodes must be at least 1".to_string(),
        ));
    }
    // Longer random openings mostly end or decide the game before the search plays.
    if a.random_plies > MAX_RANDOM_PLIES {
        return Err(CliError::Input(format!(
            "--random-plies {} is above the limit of {MAX_RANDOM_PLIES}",
            a.random_plies
        )));
    }
    let cfg = PlayConfig {
        games: a.games,
        nodes: a.nodes,
        random_plies: a.random_plies,
        seed: a.seed,
        threads: a.threads,
    };
    let every = (a.games / 20).max(1);
    let samples = tune::self_play(&cfg, &|done| {
        if done % every == 0 || done == a.games {
            eprintln!("{done}/{} games", a.games);
        }
    });
    let mut text: String = samples
        .iter()
        .map(tune::sample_line)
        .collect::<Vec<_>>()
        .join("\n");
    text.push('\n');
    std::fs::write(&a.out, text)
        .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", a.out.display())))?;
    Ok(format!(
        "{} positions from {} games written to {}\n",
        samples.len(),
        a.games,
        a.out.display()
    ))
}

pub struct TuneArgs {
    pub data: Vec<PathBuf>,
    pub epochs: usize,
    pub rate: f64,
    pub l2: f64,
    pub out: PathBuf,
}

fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", path.display())))
}

/// Fits the weights to the data files and writes them as `weights.rs` source to `out`.
pub fn run(a: TuneArgs) -> Result<String, CliError> {
    let mut samples = Vec::new();
    for path in &a.data {
        let more = tune::parse_samples(&read(path)?)
            .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        samples.extend(more);
    }
    if samples.is_empty() {
        return Err(CliError::Input("no positions in the data".to_string()));
    }
    let tuned = tune::tune(&samples, &tune::current_weights(), a.epochs, a.rate, a.l2);
    let names: Vec<String> = a
        .data
        .iter()
        .map(|p| {
            p.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        })
        .collect();
    let held = match tuned.held_out {
        Some((before, after)) => format!("held out {before:.5} -> {after:.5}"),
        None => "none held out (9000 positions or fewer)".to_string(),
    };
    let note = format!(
        "Fitted to {} positions ({}; every tenth block of 1000 held out), {} epochs at rate {}, l2 {}:\n\
         k {:.3}, error {:.5} -> {:.5}, {held}.",
        samples.len(),
        names.join(", "),
        a.epochs,
        a.rate,
        a.l2,
        tuned.k,
        tuned.error_before,
        tuned.error_after,
    );
    std::fs::write(&a.out, tune::weights_source(&tuned.weights, &note))
        .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", a.out.display())))?;
    Ok(format!("{note}\nwritten to {}\n", a.out.display()))
}
