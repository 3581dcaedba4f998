//! `kingdrops selfplay`: games between two built-in AIs. Each AI chooses its own setup;
//! colours alternate (game 1: the `--white` engine is White). One line per game, then the
//! score of the `--white` engine. Kingdrops has no draws; a game longer than `--max-turns`
//! turns is stopped and counted as a draw.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use timefork_kingdrops::ai::{AiConfig, Level, choose_setup, choose_turn};
use timefork_kingdrops::{Color, Game};

use crate::error::CliError;

pub struct SelfplayArgs {
    pub first: String,
    pub second: String,
    pub games: usize,
    pub movetime_ms: u64,
    pub seed: u64,
    pub max_turns: usize,
    pub records: Option<PathBuf>,
}

fn parse_engine(spec: &str) -> Result<Level, CliError> {
    let level = spec.strip_prefix("builtin:").ok_or_else(|| {
        CliError::Input(format!(
            "engine \"{spec}\": expected builtin:LEVEL (random, easy, medium, hard)"
        ))
    })?;
    level
        .parse()
        .map_err(|e| CliError::Input(format!("engine \"{spec}\": {e}")))
}

enum Outcome {
    Won(Color, String),
    Draw(String),
}

pub fn run(args: SelfplayArgs) -> Result<String, CliError> {
    let first = parse_engine(&args.first)?;
    let second = parse_engine(&args.second)?;
    if args.games == 0 {
        return Err(CliError::Input("--games must be at least 1".into()));
    }
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?;
    }
    let budget = Duration::from_millis(args.movetime_ms);
    let stop = AtomicBool::new(false);
    let mut out = String::new();
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut longest = Duration::ZERO;
    let mut total_turns = 0;
    // Per engine (first, second): completed search depths summed, and turns chosen.
    let mut depths = [(0u64, 0u64); 2];
    for g in 0..args.games {
        let first_white = g % 2 == 0;
        let (white, black) = if first_white {
            (first, second)
        } else {
            (second, first)
        };
        let game_seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
        let wp = choose_setup(Color::White, white, game_seed.wrapping_mul(2));
        let bp = choose_setup(Color::Black, black, game_seed.wrapping_mul(2) + 1);
        let mut game = Game::from_setup(&wp, &bp)
            .map_err(|e| CliError::Failed(format!("game {}: setup: {e}", g + 1)))?;
        let outcome = loop {
            if let Some(r) = game.result() {
                break Outcome::Won(r.winner, r.reason.to_string());
            }
            if game.turns().len() >= args.max_turns {
                break Outcome::Draw(format!("stopped after {} turns", args.max_turns));
            }
            let side = game.position().side_to_move();
            let level = if side == Color::White { white } else { black };
            let cfg = AiConfig {
                level,
                budget,
                seed: game_seed ^ (game.turns().len() as u64).wrapping_mul(0x9e37_79b9),
                depth: None,
            };
            let t0 = Instant::now();
            let choice = choose_turn(&game, &cfg, &stop);
            longest = longest.max(t0.elapsed());
            let engine = usize::from((side == Color::White) != first_white);
            if let Some(c) = &choice {
                depths[engine].0 += u64::from(c.depth);
                depths[engine].1 += 1;
            }
            let Some(choice) = choice else {
                break Outcome::Won(side.opponent(), format!("{side} ({level}) found no turn"));
            };
            if let Err(e) = game.play(&choice.turn) {
                break Outcome::Won(
                    side.opponent(),
                    format!(
                        "{side} ({level}) played an illegal turn {}: {e}",
                        choice.turn
                    ),
                );
            }
        };
        total_turns += game.turns().len();
        let (score, how) = match &outcome {
            Outcome::Won(c, how) => {
                let first_won = (*c == Color::White) == first_white;
                if first_won {
                    wins += 1;
                } else {
                    losses += 1;
                }
                (if *c == Color::White { "1-0" } else { "0-1" }, how.clone())
            }
            Outcome::Draw(how) => {
                draws += 1;
                ("1/2-1/2", how.clone())
            }
        };
        out.push_str(&format!(
            "game {}: White {white} Black {black}: {score} ({how}) in {} turns\n",
            g + 1,
            game.turns().len()
        ));
        if let Some(dir) = &args.records {
            let path = dir.join(format!("game-{:03}.kdr", g + 1));
            std::fs::write(&path, game.to_record())
                .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
        }
    }
    let n = args.games as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / n;
    out.push_str(&format!(
        "{} vs {}: {wins} wins, {losses} losses, {draws} draws in {} games; score {:.1}% for {}\n",
        first,
        second,
        args.games,
        100.0 * score,
        first
    ));
    let mean = |(sum, count): (u64, u64)| sum as f64 / count.max(1) as f64;
    out.push_str(&format!(
        "movetime {} ms, longest turn {} ms, {:.1} turns per game, mean search depth {} {:.2}, {} {:.2}\n",
        args.movetime_ms,
        longest.as_millis(),
        total_turns as f64 / n,
        first,
        mean(depths[0]),
        second,
        mean(depths[1])
    ));
    Ok(out)
}
