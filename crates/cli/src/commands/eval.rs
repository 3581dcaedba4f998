//! `eval`: the evaluation for White of each state of a game, from the same code as the
//! game's review and analysis board (`timefork_engine::ai::for_white`), searched by Hard
//! to a fixed depth or node count so every machine prints the same. One line a state:
//! `K SCORE`, SCORE in pawns with two decimals or `M+N` / `M-N` (a mate in N actions for
//! White / for Black, each side's turn counting one).

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use timefork_engine::ai::for_white::{evaluate_for_white, score_words};
use timefork_engine::ai::{AiConfig, Level, Limit};

use crate::error::CliError;
use crate::input::{self, Selection};

/// How deep: whole turns, or positions visited.
pub enum Budget {
    Depth(u32),
    Nodes(u64),
}

pub fn run(path: &Path, sel: Selection, budget: Budget) -> Result<String, CliError> {
    let name = input::display_name(path);
    let game = input::read_game(path)?;
    let limit = match budget {
        Budget::Depth(0) => return Err(CliError::Input("--depth must be at least 1".into())),
        Budget::Nodes(0) => return Err(CliError::Input("--nodes must be at least 1".into())),
        Budget::Depth(d) => Limit::Depth(d),
        Budget::Nodes(n) => Limit::Nodes(n),
    };
    let mut out = String::new();
    for (k, pos) in input::select(&game, sel, &name)? {
        let cfg = AiConfig {
            level: Level::Hard,
            // The limit decides; the clock is only a bound no search reaches.
            budget: Duration::from_secs(24 * 3600),
            seed: 0,
            limit: Some(limit),
        };
        let (white, _) =
            evaluate_for_white(&pos, &cfg, &AtomicBool::new(false)).ok_or_else(|| {
                CliError::Failed(format!("{name}: state {k}: the search gave no answer"))
            })?;
        out.push_str(&format!("{k} {}\n", score_words(white)));
    }
    Ok(out)
}
