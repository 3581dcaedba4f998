//! `timefork-cli`: the Timefork rules engine on the command line.
//!
//! Subcommands read 5DPGN games (`-` for stdin) and print one answer per line. Exit status:
//! 0 on success, 2 for input that cannot be read or is not a legal game (and for usage
//! errors, as clap does), 1 for anything else that stops a command.

mod commands;
mod cpu_clock;
mod error;
mod fiveduci;
mod input;
mod uci_io;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::error::CliError;

#[derive(Parser)]
#[command(
    name = "timefork-cli",
    version,
    about = "Timefork's 5D chess rules engine on the command line"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the number of legal actions for the player to move.
    Count {
        /// Stop counting at N and print N (0 = no cap).
        #[arg(long, value_name = "N", default_value_t = 0)]
        cap: u64,
        #[command(flatten)]
        states: StateArgs,
        /// 5DPGN game file (`-` for stdin).
        game: PathBuf,
    },
    /// Print checkmate, stalemate, check or ongoing for the player to move.
    Status {
        #[command(flatten)]
        states: StateArgs,
        /// One JSON object per state (status, side to move, present, timelines, hash).
        #[arg(long)]
        json: bool,
        /// 5DPGN game file (`-` for stdin).
        game: PathBuf,
    },
    /// Print the evaluation for White of the final state (or --at K, --each): `K SCORE`,
    /// in pawns or `M+N`/`M-N`, by the review's search (Hard) to a fixed depth or node count.
    Eval {
        #[command(flatten)]
        states: StateArgs,
        /// Whole turns deep (default 2).
        #[arg(long, value_name = "D", conflicts_with = "nodes")]
        depth: Option<u32>,
        /// Positions visited instead.
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// 5DPGN game file (`-` for stdin).
        game: PathBuf,
    },
    /// Print the game in canonical 5DPGN.
    Convert {
        /// 5DPGN game file (`-` for stdin).
        game: PathBuf,
    },
    /// Print the named variants, one per line.
    Variants,
    /// Compare the exact search with the reference and the judge (which shares no attack
    /// code with it) on every state of random games; exits 1 at the first difference.
    ReferenceCheck {
        /// A name from `timefork-cli variants`.
        #[arg(long, value_name = "NAME")]
        variant: String,
        /// Games to play.
        #[arg(long, value_name = "N", default_value_t = 100)]
        games: u64,
        /// The first game's seed; game g plays from seed + g.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Turns a game lasts at most.
        #[arg(long, value_name = "N", default_value_t = 14)]
        plies: usize,
        /// Moves the reference and the judge may try per state; a larger state ends its game.
        #[arg(long, value_name = "N", default_value_t = 100_000)]
        budget: u64,
        /// Pick every legal turn alike (by default two turns in three lean toward jumps
        /// and long turns, where the search takes its shortcuts).
        #[arg(long)]
        uniform: bool,
    },
    /// Time the legal-action search on a folder of games (perft, enumeration, mate).
    Bench {
        /// Folder of .5dpgn games.
        #[arg(
            long,
            value_name = "DIR",
            default_value = "crates/engine/tests/data/conformance"
        )]
        games: PathBuf,
        /// Node budget per decision; a state not decided within it is reported.
        #[arg(long, value_name = "N", default_value_t = 5_000_000)]
        max_nodes: u64,
    },
    /// Run the AI as a 5DUCI engine on stdin/stdout.
    Uci,
    /// Play matches between two 5DUCI engines and print the first engine's results.
    Arena {
        /// An engine: a command line speaking 5DUCI, or builtin:LEVEL
        /// (random, easy, medium, hard, max). Give exactly two.
        #[arg(long = "engine", value_name = "CMD", required = true)]
        engines: Vec<String>,
        /// Number of games (colours alternate; engine 1 is White in game 1).
        #[arg(long, value_name = "N", default_value_t = 2)]
        games: usize,
        /// Thinking time per turn, in milliseconds (1000 unless --tc is given). With --tc,
        /// sent on every `go` as well, for engines that read no clock.
        #[arg(long, value_name = "MS")]
        movetime: Option<u64>,
        /// A clock per side: BASE seconds, INC seconds added after each turn (`60+2`).
        /// An engine loses on time only when its clock runs out.
        #[arg(long, value_name = "BASE+INC")]
        tc: Option<String>,
        /// Starting position (a name from `timefork-cli variants`).
        #[arg(long, value_name = "NAME", default_value = "Standard")]
        variant: String,
        /// Openings: a file with a 5DPGN game per line, or a folder of .5dpgn files. Each
        /// game starts after an opening's moves; each opening is played with both colours.
        #[arg(long, value_name = "FILE")]
        openings: Option<PathBuf>,
        /// Folder to save every game in as 5DPGN (game-001.5dpgn, ...).
        #[arg(long, value_name = "DIR")]
        pgn_out: Option<PathBuf>,
        /// Games played at the same time.
        #[arg(long, value_name = "N", default_value_t = 1)]
        jobs: usize,
        /// A game still going after this many actions (turns of either side) is a draw.
        #[arg(long, value_name = "N", default_value_t = 150)]
        max_actions: usize,
    },
    /// "Mate in N" puzzles: verify, solve, generate.
    #[command(subcommand)]
    Puzzle(commands::puzzle::PuzzleCommand),
    /// Time the AI and check its legality in positions with many timelines.
    AiBench {
        /// Folder of .5dpgn games whose states are the start points.
        #[arg(
            long,
            value_name = "DIR",
            default_value = "crates/engine/tests/data/conformance"
        )]
        games: PathBuf,
        /// AI level.
        #[arg(long, default_value = "hard")]
        level: timefork_engine::ai::Level,
        /// Budget per turn, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 1000)]
        movetime: u64,
        /// AI turns to play.
        #[arg(long, value_name = "N", default_value_t = 200)]
        turns: usize,
        /// Only positions with at least this many timelines.
        #[arg(long, value_name = "N", default_value_t = 10)]
        min_timelines: i32,
        /// Turns thought about at the same time (one per core at most, for honest times).
        #[arg(long, value_name = "N", default_value_t = 1)]
        jobs: usize,
        /// Instead: run the AI on the tactics in DIR (5DPGN with a Goal header), each
        /// answer checked by the exact search; the last line is "N/M solved".
        #[arg(long, value_name = "DIR", conflicts_with = "mine_tactics")]
        tactics: Option<PathBuf>,
        /// Instead: find tactics in the games of --games and write them to OUT.
        #[arg(long, value_name = "OUT")]
        mine_tactics: Option<PathBuf>,
        /// With --mine-tactics: find mates in two and mates in two to avoid instead
        /// (in the states with at most 1,000 legal actions).
        #[arg(long, requires = "mine_tactics")]
        in_two: bool,
    },
    /// Kingdrops: legal turns, perft, AI self-play and a benchmark (positions in KFEN).
    Kingdrops {
        #[command(subcommand)]
        command: commands::kingdrops::KingdropsCommand,
    },
    /// The local leaderboard: `verify FILE` replays every entry.
    Leaderboard {
        #[command(subcommand)]
        command: LeaderboardCommand,
    },
    /// Play on a Timefork server: a player's ratings, a bot that plays rated games.
    Online {
        #[command(subcommand)]
        command: commands::online::OnlineCommand,
    },
    /// Timeline Wager: replay a match record, perft, AI self-play, AI bench, UCI engine.
    Wager {
        #[command(subcommand)]
        command: commands::wager::WagerCommand,
    },
}

#[derive(Subcommand)]
enum LeaderboardCommand {
    /// Replay every entry and check it ends in the human's win from the variant's start.
    Verify {
        /// A leaderboard.json file.
        file: PathBuf,
    },
}

/// Which states of a game a command looks at. State k is the position after the first k
/// actions; the default is the final state.
#[derive(Args, Clone, Copy)]
struct StateArgs {
    /// The state after the first K actions (0 = the start).
    #[arg(long, value_name = "K", conflicts_with = "each")]
    at: Option<usize>,
    /// Every state 0..=n.
    #[arg(long)]
    each: bool,
}

impl StateArgs {
    fn selection(self) -> input::Selection {
        match (self.at, self.each) {
            (_, true) => input::Selection::Each,
            (Some(k), false) => input::Selection::At(k),
            (None, false) => input::Selection::Final,
        }
    }
}

fn run(cli: Cli) -> Result<String, CliError> {
    match cli.command {
        Command::Count { cap, states, game } => {
            commands::count::run(&game, states.selection(), cap)
        }
        Command::Status { states, json, game } => {
            commands::status::run(&game, states.selection(), json)
        }
        Command::Eval {
            states,
            depth,
            nodes,
            game,
        } => {
            let budget = match nodes {
                Some(n) => commands::eval::Budget::Nodes(n),
                None => commands::eval::Budget::Depth(depth.unwrap_or(2)),
            };
            commands::eval::run(&game, states.selection(), budget)
        }
        Command::Convert { game } => commands::convert::run(&game),
        Command::Variants => Ok(commands::variants::run()),
        Command::ReferenceCheck {
            variant,
            games,
            seed,
            plies,
            budget,
            uniform,
        } => commands::reference_check::run(&commands::reference_check::CheckArgs {
            variant,
            games,
            seed,
            plies,
            budget,
            uniform,
        }),
        Command::Bench { games, max_nodes } => commands::bench::run(&games, max_nodes),
        Command::Uci => commands::uci::run(),
        Command::Arena {
            engines,
            games,
            movetime,
            tc,
            variant,
            openings,
            pgn_out,
            jobs,
            max_actions,
        } => commands::arena::run(commands::arena::ArenaArgs {
            engines,
            games,
            movetime_ms: movetime,
            tc,
            variant,
            openings,
            pgn_out,
            jobs,
            max_actions,
        }),
        Command::Puzzle(cmd) => commands::puzzle::run(cmd),
        Command::AiBench {
            games,
            level,
            movetime,
            turns,
            min_timelines,
            jobs,
            tactics,
            mine_tactics,
            in_two,
        } => match (tactics, mine_tactics) {
            (Some(dir), _) => commands::tactics::run(&dir, level, movetime),
            (None, Some(out)) if in_two => {
                commands::tactics::mine(&games, &out, 1_000, 2_000_000, true)
            }
            (None, Some(out)) => commands::tactics::mine(&games, &out, 20_000, 2_000_000, false),
            (None, None) => {
                commands::ai_bench::run(&games, level, movetime, turns, min_timelines, jobs)
            }
        },
        Command::Kingdrops { command } => commands::kingdrops::run(command),
        Command::Wager { command } => commands::wager::run(command),
        Command::Online { command } => commands::online::run(command),
        Command::Leaderboard {
            command: LeaderboardCommand::Verify { file },
        } => commands::leaderboard::verify_file(&file),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                // A closed pipe (`| head`) is not an error worth reporting.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: cannot write output: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
