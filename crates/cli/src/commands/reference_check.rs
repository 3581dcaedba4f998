//! `reference-check`: the exact search against the reference and the judge
//! (`timefork_engine::crosscheck`) on the states of random games of one variant, for as
//! long as anyone likes. Prints what was compared; a difference ends the run with the
//! failing game's seed (to replay it) and its record.

use std::time::Instant;

use timefork_engine::crosscheck::{self, Bias, Plan, Sizes};
use timefork_engine::variants;

use crate::error::CliError;

pub struct CheckArgs {
    pub variant: String,
    pub games: u64,
    pub seed: u64,
    pub plies: usize,
    pub budget: u64,
    pub uniform: bool,
}

pub fn run(a: &CheckArgs) -> Result<String, CliError> {
    let v = variants::by_name(&a.variant).ok_or_else(|| {
        CliError::Input(format!(
            "no variant named {:?} (timefork-cli variants lists them)",
            a.variant
        ))
    })?;
    let plan = Plan {
        games: a.games,
        plies: a.plies,
        seed: a.seed,
        sizes: Sizes {
            budget: a.budget,
            ..Sizes::THOROUGH
        },
        bias: if a.uniform {
            Bias::Uniform
        } else {
            Bias::Jumps
        },
    };
    let started = Instant::now();
    let s = crosscheck::run(&v.position, &plan, |g, total| {
        if (g + 1) % 10 == 0 {
            eprintln!("{}: {} games, {} states", v.name, g + 1, total.states);
        }
    })
    .map_err(|f| {
        CliError::Failed(format!(
            "{}: the search, the reference and the judge differ.\n{f}\nreplay: timefork-cli reference-check --variant {:?} --seed {} --games 1 --plies {} --budget {}{}",
            v.name,
            a.variant,
            f.seed,
            a.plies,
            a.budget,
            if a.uniform { " --uniform" } else { "" }
        ))
    })?;
    Ok(format!(
        "{}: {} games, {} states compared three ways, no difference ({:.1} s)\n\
         every turn in every order: {} states; by sampling (over the budget): {}\n\
         states with a turn of 2+ moves: {}, of 3+ moves: {}, with a branching turn: {}\n\
         checkmates: {}, stalemates: {}, most timelines: {}\n",
        v.name,
        a.games,
        s.states,
        started.elapsed().as_secs_f64(),
        s.exhaustive,
        s.states - s.exhaustive,
        s.multi_move,
        s.three_moves,
        s.branching,
        s.checkmates,
        s.stalemates,
        s.most_timelines,
    ))
}
