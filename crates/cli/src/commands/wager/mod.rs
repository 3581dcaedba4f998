//! `timefork-cli wager ...`: Timeline Wager on the command line (replay a match record,
//! perft, AI self-play, AI bench, the chess search as a UCI engine). The rules live in
//! `timefork-wager`.

mod bench;
mod engines;
mod perft;
mod replay;
mod selfplay;
mod tune;
mod uci;

use std::path::PathBuf;

use clap::Subcommand;

use crate::error::CliError;

#[derive(Subcommand)]
pub enum WagerCommand {
    /// Replay a match record and print the final state as one JSON object.
    Replay {
        /// Match record (`-` for stdin).
        record: PathBuf,
    },
    /// Count the leaf positions of the legal-move tree of an ordinary chess position.
    Perft {
        /// The position in FEN (quote it).
        fen: String,
        /// Plies.
        depth: u32,
        /// One line per root move (`<uci> <count>`), then the total.
        #[arg(long)]
        divide: bool,
    },
    /// Play AI matches in simulated time and print the results.
    Selfplay {
        /// White's engine in the first match: builtin:LEVEL (random, easy, medium, hard).
        #[arg(long, value_name = "ENGINE")]
        white: String,
        /// Black's engine in the first match. Colours alternate every match.
        #[arg(long, value_name = "ENGINE")]
        black: String,
        /// Number of matches.
        #[arg(long, value_name = "N", default_value_t = 2)]
        games: usize,
        /// Time control MINUTES+SECONDS (for example 5+5); untimed when absent.
        #[arg(long, value_name = "M+S")]
        clock: Option<String>,
        /// Seed of the engines' random choices (match k uses seed + k).
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
        /// Folder to save each match record in (match-001.wager, ...).
        #[arg(long, value_name = "DIR")]
        record_out: Option<PathBuf>,
        /// A match still going after this many events is stopped and counted as a draw.
        #[arg(long, value_name = "N", default_value_t = 5_000)]
        max_events: usize,
    },
    /// Time the AI's thinks in a position with many open timelines.
    Bench {
        /// Open timelines in the test position (2 to 50).
        #[arg(long, value_name = "N", default_value_t = 50)]
        timelines: usize,
        /// AI level.
        #[arg(long, default_value = "hard")]
        level: String,
        /// Time control the budgets are sized from (MINUTES+SECONDS).
        #[arg(long, value_name = "M+S", default_value = "5+5")]
        clock: String,
        /// A fixed budget per think instead of the clock-based one, in ms.
        #[arg(long, value_name = "MS")]
        budget_ms: Option<u64>,
        /// Thinks to time (alternating sides, each event applied).
        #[arg(long, value_name = "N", default_value_t = 100)]
        thinks: usize,
        /// Seed of the test position.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
    },
    /// The AI's chess search (one timeline's) as a UCI chess engine on stdin/stdout.
    Uci,
    /// Play the search against itself at a fixed node count and write quiet positions
    /// labelled with the game's result (`FEN [1.0]`), the data of `tune`.
    TuneData {
        /// Games to play.
        #[arg(long, value_name = "N", default_value_t = 1_000)]
        games: usize,
        /// Nodes searched per move.
        #[arg(long, value_name = "N", default_value_t = 5_000)]
        nodes: u64,
        /// Random plies at the start of each game (an opening a short search finds
        /// balanced).
        #[arg(long, value_name = "N", default_value_t = 8)]
        random_plies: usize,
        /// Seed of the openings (game k uses seed + k).
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, value_name = "N", default_value_t = 2)]
        threads: usize,
        /// File to write.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Fit the evaluation's weights to labelled positions (Texel's method) and write them
    /// as the source of `crates/wager/src/ai/weights.rs`.
    Tune {
        /// Files written by `tune-data`.
        #[arg(required = true, value_name = "DATA")]
        data: Vec<PathBuf>,
        /// Passes over the data.
        #[arg(long, value_name = "N", default_value_t = 1_000)]
        epochs: usize,
        /// Step size (Adam's), in centipawns.
        #[arg(long, value_name = "CP", default_value_t = 1.0)]
        rate: f64,
        /// Pull of each weight back to its present value (L2, per centipawn squared).
        #[arg(long, value_name = "X", default_value_t = 1e-6)]
        l2: f64,
        /// File to write.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
}

pub fn run(cmd: WagerCommand) -> Result<String, CliError> {
    match cmd {
        WagerCommand::Replay { record } => replay::run(&record),
        WagerCommand::Uci => uci::run(),
        WagerCommand::TuneData {
            games,
            nodes,
            random_plies,
            seed,
            threads,
            out,
        } => tune::data(tune::DataArgs {
            games,
            nodes,
            random_plies,
            seed,
            threads,
            out,
        }),
        WagerCommand::Tune {
            data,
            epochs,
            rate,
            l2,
            out,
        } => tune::run(tune::TuneArgs {
            data,
            epochs,
            rate,
            l2,
            out,
        }),
        WagerCommand::Perft { fen, depth, divide } => perft::run(&fen, depth, divide),
        WagerCommand::Selfplay {
            white,
            black,
            games,
            clock,
            seed,
            record_out,
            max_events,
        } => selfplay::run(selfplay::Args {
            white,
            black,
            games,
            clock,
            seed,
            record_out,
            max_events,
        }),
        WagerCommand::Bench {
            timelines,
            level,
            clock,
            budget_ms,
            thinks,
            seed,
        } => bench::run(bench::Args {
            timelines,
            level,
            clock,
            budget_ms,
            thinks,
            seed,
        }),
    }
}
