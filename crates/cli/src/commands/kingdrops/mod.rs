//! `kingdrops ...`: Kingdrops on the command line (legal turns, perft, AI self-play,
//! benchmark). Positions are KFEN (rules.md section 3); bad input exits with status 2.

mod bench;
mod perft;
mod selfplay;
mod turns;

use clap::Subcommand;
use timefork_kingdrops::Position;

use crate::error::CliError;

#[derive(Subcommand)]
pub enum KingdropsCommand {
    /// Print every legal turn of a position, one a line, sorted (byte order).
    Turns {
        /// The position (KFEN, quoted).
        kfen: String,
    },
    /// Count the legal turns to a depth of N turns.
    Perft {
        /// The position (KFEN, quoted).
        kfen: String,
        /// Depth in whole turns.
        depth: u32,
        /// One line per first turn with the count below it, then the total.
        #[arg(long)]
        divide: bool,
    },
    /// Play games between two built-in AIs, alternating colours.
    Selfplay {
        /// builtin:LEVEL (random, easy, medium, hard); White in the odd-numbered games.
        #[arg(long, value_name = "ENGINE")]
        white: String,
        /// builtin:LEVEL; Black in the odd-numbered games.
        #[arg(long, value_name = "ENGINE")]
        black: String,
        /// Number of games.
        #[arg(long, value_name = "N", default_value_t = 2)]
        games: usize,
        /// Thinking time per turn, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 500)]
        movetime: u64,
        /// Seed of the setups and of the AIs' random choices.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// A game still going after this many turns (both sides together) is a draw.
        #[arg(long, value_name = "N", default_value_t = 300)]
        max_turns: usize,
        /// Folder to write every game's record to (game-001.kdr, ...).
        #[arg(long, value_name = "DIR")]
        records: Option<std::path::PathBuf>,
    },
    /// Time perft (turns per second) on a few fixed positions.
    Bench {
        /// Deepest perft depth: 1 or 2 (depth 2 is over a billion turns in all).
        #[arg(long, value_name = "N", default_value_t = 2)]
        depth: u32,
    },
}

pub fn run(cmd: KingdropsCommand) -> Result<String, CliError> {
    match cmd {
        KingdropsCommand::Turns { kfen } => turns::run(&kfen),
        KingdropsCommand::Perft {
            kfen,
            depth,
            divide,
        } => perft::run(&kfen, depth, divide),
        KingdropsCommand::Selfplay {
            white,
            black,
            games,
            movetime,
            seed,
            max_turns,
            records,
        } => selfplay::run(selfplay::SelfplayArgs {
            first: white,
            second: black,
            games,
            movetime_ms: movetime,
            seed,
            max_turns,
            records,
        }),
        KingdropsCommand::Bench { depth } => bench::run(depth),
    }
}

fn read_kfen(kfen: &str) -> Result<Position, CliError> {
    Position::from_kfen(kfen).map_err(|e| CliError::Input(format!("\"{kfen}\": {e}")))
}
