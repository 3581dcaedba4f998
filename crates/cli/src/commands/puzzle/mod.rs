//! `puzzle`: "mate in N" puzzles: `verify` re-proves puzzle files, `solve` finds the
//! shortest mate in a game's position, `generate` makes puzzles from games and self-play.

mod args;
mod generate;
mod solve;
mod verify;

use std::path::PathBuf;

use crate::error::CliError;
use clap::Subcommand;

pub use generate::GenerateArgs;

#[derive(Subcommand)]
pub enum PuzzleCommand {
    /// Re-prove every puzzle in a file or a folder (searched recursively for .5dpgn files):
    /// one line per puzzle, then `N puzzles verified`. Exit 1 if any puzzle is wrong or
    /// could not be proved within the limits, 2 if any cannot be read.
    Verify {
        /// A puzzle file or a folder of them.
        path: PathBuf,
        /// Actions the solver may try per puzzle.
        #[arg(long, value_name = "N", default_value_t = 5_000_000)]
        max_nodes: u64,
        /// Seconds per puzzle (0 = no limit).
        #[arg(long, value_name = "S", default_value_t = 60.0)]
        time_limit: f64,
    },
    /// Find the shortest mate (at most --max-n turns) for the player to move in a game's
    /// position, and print its main line.
    Solve {
        /// The state after the first K actions (default: the final position).
        #[arg(long, value_name = "K")]
        at: Option<usize>,
        /// Largest N tried.
        #[arg(long, value_name = "N", default_value_t = 3)]
        max_n: u8,
        /// Actions the solver may try.
        #[arg(long, value_name = "N", default_value_t = 20_000_000)]
        max_nodes: u64,
        /// Seconds (0 = no limit).
        #[arg(long, value_name = "S", default_value_t = 0.0)]
        time_limit: f64,
        /// 5DPGN game (`-` for stdin).
        game: PathBuf,
    },
    /// Scan games (folders of 5DPGN and self-played games) for positions with a forced mate
    /// in 1 to --max-n turns and no shorter one, and write them as puzzle files.
    Generate(GenerateArgs),
}

pub fn run(cmd: PuzzleCommand) -> Result<String, CliError> {
    match cmd {
        PuzzleCommand::Verify {
            path,
            max_nodes,
            time_limit,
        } => verify::run(&path, max_nodes, time_limit),
        PuzzleCommand::Solve {
            at,
            max_n,
            max_nodes,
            time_limit,
            game,
        } => solve::run(&game, at, max_n, max_nodes, time_limit),
        PuzzleCommand::Generate(args) => generate::run(args),
    }
}
