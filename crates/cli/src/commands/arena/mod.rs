//! `arena`: matches between two 5DUCI engines, adjudicated by our rules engine.
//!
//! An engine is a command line (run as a subprocess speaking 5DUCI) or `builtin:LEVEL`
//! (our AI in-process: random, easy, medium, hard, max). Colours alternate (game 1: the
//! first engine is White); with `--openings`, each opening is played twice, once with
//! each engine as White. Each turn the engine to move gets `position ... moves ...` and
//! `go`: `go movetime MS` (`--movetime`: an answer later than MS plus a grace period
//! loses on time), or `go wtime W btime B winc I binc I` (`--tc BASE+INC`: a clock per
//! side, lost on time only when it runs out; `--movetime` with `--tc` adds `movetime MS`
//! for engines that read no clock). An illegal answer, `nobestmove` with legal actions
//! left, or an engine that is not ready for a new game after one restart forfeits; mate
//! and stalemate are decided by the exact search; a game longer than `--max-actions`
//! actions is a draw. The summary counts engine 1's results by how the games ended
//! (`report`).

pub(crate) mod clock;
mod openings;
pub(crate) mod player;
mod report;

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use timefork_engine::game::{self, Game, GameStatus};
use timefork_engine::search::Limits;
use timefork_engine::{Color, Position, notation, variants};

use self::clock::TimeControl;
use self::openings::Opening;
use self::player::{Failure, Player};
use self::report::{Ending, Score};
use crate::error::CliError;
use crate::fiveduci;

/// Node budget of the mate/stalemate decision before each turn. An undecided position is
/// played on (the engine to move answers); see `play_moves`.
const STATUS_NODES: u64 = 2_000_000;
/// And the time it may take: with hundreds of timelines a node of the exact search can
/// cost a millisecond, and the adjudicator had held a match up for over ten minutes.
const STATUS_TIME: Duration = Duration::from_secs(10);

/// `game::status`, stopped by `nodes` or after `limit` (then `Unknown`: the game goes on,
/// and the engine to move says whether it has an action).
fn status_within(pos: &Position, nodes: u64, limit: Duration) -> GameStatus {
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            let end = Instant::now() + limit;
            while !done.load(Ordering::Relaxed) && Instant::now() < end {
                std::thread::sleep(Duration::from_millis(5));
            }
            stop.store(true, Ordering::Relaxed);
        });
        let r = game::status(
            pos,
            Limits {
                max_nodes: nodes,
                stop: Some(&stop),
            },
        );
        done.store(true, Ordering::Relaxed);
        r
    })
}

pub struct ArenaArgs {
    pub engines: Vec<String>,
    pub games: usize,
    /// `--movetime` in milliseconds (1000 when neither it nor `tc` is given).
    pub movetime_ms: Option<u64>,
    /// `--tc BASE+INC`, in seconds.
    pub tc: Option<String>,
    pub variant: String,
    /// `--openings`: a file of one-line games or a folder of 5DPGN files.
    pub openings: Option<PathBuf>,
    pub pgn_out: Option<PathBuf>,
    pub jobs: usize,
    pub max_actions: usize,
}

/// How a game ended, from White's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

impl Outcome {
    fn result(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    fn loss_of(c: Color) -> Outcome {
        match c {
            Color::White => Outcome::BlackWins,
            Color::Black => Outcome::WhiteWins,
        }
    }
}

/// How a game ended: who won, why in words (the `Termination` header), and the kind of
/// ending for the summary.
struct End {
    outcome: Outcome,
    reason: String,
    ending: Ending,
}

impl End {
    fn new(outcome: Outcome, ending: Ending, reason: impl Into<String>) -> End {
        End {
            outcome,
            reason: reason.into(),
            ending,
        }
    }
}

struct GameRecord {
    index: usize,
    /// Engine 1 played White.
    first_white: bool,
    end: End,
    pgn: String,
}

impl GameRecord {
    /// Engine 1's result.
    fn score(&self) -> Score {
        match (self.end.outcome, self.first_white) {
            (Outcome::Draw, _) => Score::Draw,
            (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => Score::Win,
            _ => Score::Loss,
        }
    }
}

/// An engine ready for a new game: started (`5duci`, `isready`), then `5ducinewgame`
/// and, for a process, `isready` again.
fn ready_player(spec: &str, seed: u64) -> Result<Player, String> {
    let mut p = Player::start(spec, seed)?;
    let ready = p.send("5ducinewgame").and_then(|()| {
        // As UCI GUIs do: an engine may set a new game up in the background and refuse a
        // `go` until then (ftxi's engine answers "info search already running" and never
        // moves), so wait for `readyok` first.
        if p.is_process() {
            p.send("isready")?;
            p.wait_for(&["readyok"], Duration::from_secs(10))?;
        }
        Ok(())
    });
    match ready {
        Ok(()) => Ok(p),
        Err(e) => {
            p.close();
            Err(e)
        }
    }
}

/// `ready_player`, tried twice: on a loaded machine an engine has missed its `readyok`
/// once in a long match, and one late start should not lose the game.
pub(crate) fn ready_player_retried(spec: &str, seed: u64) -> Result<Player, String> {
    ready_player(spec, seed).or_else(|first| {
        ready_player(spec, seed).map_err(|second| format!("{first}; restarted: {second}"))
    })
}

/// Everything a game needs from the match.
struct Match<'a> {
    args: &'a ArenaArgs,
    tc: TimeControl,
    /// The variant's start, when there are no openings.
    start: Position,
    openings: Vec<Opening>,
}

impl Match<'_> {
    /// The game that game `index` starts from: an opening (each played twice, with the
    /// colours swapped) or the variant's start.
    fn starting_game(&self, index: usize) -> (Game, Option<&str>) {
        if self.openings.is_empty() {
            let mut g = Game::new(self.start.clone());
            g.headers = vec![("Board".to_string(), self.args.variant.clone())];
            return (g, None);
        }
        let o = &self.openings[(index / 2) % self.openings.len()];
        let mut g = o.game.clone();
        g.headers
            .retain(|(k, _)| ["board", "size", "mode"].contains(&k.to_ascii_lowercase().as_str()));
        (g, Some(o.name.as_str()))
    }
}

/// One game. Never fails: an engine that cannot be made ready (twice) forfeits the game
/// before its first move, so one bad start does not cost the match's other games.
fn play_game(m: &Match, index: usize) -> GameRecord {
    let first_white = index.is_multiple_of(2);
    let engines = &m.args.engines;
    let (w_spec, b_spec) = if first_white {
        (&engines[0], &engines[1])
    } else {
        (&engines[1], &engines[0])
    };
    let (mut game, opening) = m.starting_game(index);
    game.headers.extend([
        ("White".to_string(), w_spec.clone()),
        ("Black".to_string(), b_spec.clone()),
        ("Round".to_string(), (index + 1).to_string()),
        ("TimeControl".to_string(), m.tc.describe()),
    ]);
    if let Some(name) = opening {
        game.headers.push(("Opening".to_string(), name.to_string()));
    }
    let white = ready_player_retried(w_spec, 2 * index as u64 + 1);
    let black = ready_player_retried(b_spec, 2 * index as u64 + 2);
    let not_ready =
        |side: &str, e: String| format!("{side} forfeits: not ready for a new game: {e}");
    let end = match (white, black) {
        (Ok(w), Ok(b)) => play_moves(m, &mut game, [w, b]),
        (Err(e), other) => {
            if let Ok(b) = other {
                b.close();
            }
            End::new(Outcome::BlackWins, Ending::Forfeit, not_ready("White", e))
        }
        (Ok(w), Err(e)) => {
            w.close();
            End::new(Outcome::WhiteWins, Ending::Forfeit, not_ready("Black", e))
        }
    };
    game.headers
        .push(("Result".to_string(), end.outcome.result().to_string()));
    game.headers
        .push(("Termination".to_string(), end.reason.clone()));
    GameRecord {
        index,
        first_white,
        pgn: notation::write_game(&game),
        end,
    }
}

/// Plays `game` out between the two ready engines (White, Black) and closes them.
fn play_moves(m: &Match, game: &mut Game, mut players: [Player; 2]) -> End {
    let base = fiveduci::position_base(&game.start);
    let mut history = String::new();
    for a in &game.actions {
        push_action(&mut history, a);
    }
    let mut clocks = m.tc.start();
    let end = loop {
        let pos = game.position().clone();
        let side = pos.to_move;
        let lost = Outcome::loss_of(side);
        let status = status_within(&pos, STATUS_NODES, STATUS_TIME);
        match status {
            GameStatus::Checkmate => break End::new(lost, Ending::Checkmate, "checkmate"),
            GameStatus::Stalemate => {
                break End::new(Outcome::Draw, Ending::Stalemate, "stalemate");
            }
            _ => {}
        }
        if game.actions.len() >= m.args.max_actions {
            break End::new(
                Outcome::Draw,
                Ending::ActionLimit,
                format!("adjudicated: {} actions", m.args.max_actions),
            );
        }
        let idx = if side == Color::White { 0 } else { 1 };
        let ply = game.actions.len();
        let go = m.tc.go(clocks, side);
        let t0 = Instant::now();
        let answer = players[idx].choose(game, &base, &history, &go, ply);
        let in_time = m.tc.after_turn(&mut clocks, side, t0.elapsed());
        let forfeit =
            |why: String| End::new(lost, Ending::Forfeit, format!("{side:?} forfeits: {why}"));
        match answer {
            Err(Failure::OnTime(e)) => {
                break End::new(lost, Ending::OnTime, format!("{side:?} loses on time: {e}"));
            }
            Err(Failure::Forfeit(e)) => break forfeit(e),
            _ if !in_time => {
                break End::new(
                    lost,
                    Ending::OnTime,
                    format!("{side:?} loses on time: its clock ran out"),
                );
            }
            Ok(None) if status == GameStatus::Unknown => {
                // The exact search could not decide within its budget: ask it again with
                // a larger one; if it still cannot, the game is drawn.
                let again = status_within(&pos, 50 * STATUS_NODES, 6 * STATUS_TIME);
                break match again {
                    GameStatus::Checkmate => End::new(lost, Ending::Checkmate, "checkmate"),
                    GameStatus::Stalemate => {
                        End::new(Outcome::Draw, Ending::Stalemate, "stalemate")
                    }
                    GameStatus::Unknown => End::new(
                        Outcome::Draw,
                        Ending::Undecided,
                        "adjudicated: nobestmove, and mate could not be decided",
                    ),
                    _ => forfeit("nobestmove with legal actions left".to_string()),
                };
            }
            Ok(None) => break forfeit("nobestmove with legal actions left".to_string()),
            Ok(Some(moves)) => {
                if let Err(e) = game.apply_action(&moves) {
                    break forfeit(format!(
                        "illegal action {} ({e:?})",
                        fiveduci::write_action_lan(&moves)
                    ));
                }
                push_action(&mut history, &moves);
            }
        }
    };
    for p in players {
        p.close();
    }
    end
}

/// Appends an action to a 5DUCI move history (`M1 M2 submit`).
pub(crate) fn push_action(history: &mut String, moves: &[timefork_engine::position::Move]) {
    if !history.is_empty() {
        history.push(' ');
    }
    history.push_str(&fiveduci::write_action_lan(moves));
    history.push_str(" submit");
}

pub fn run(args: ArenaArgs) -> Result<String, CliError> {
    if args.engines.len() != 2 {
        return Err(CliError::Input(
            "arena needs exactly two --engine options".to_string(),
        ));
    }
    if args.games == 0 {
        return Err(CliError::Input("--games must be at least 1".to_string()));
    }
    let tc = TimeControl::new(args.tc.as_deref(), args.movetime_ms).map_err(CliError::Input)?;
    let v = variants::by_name(&args.variant)
        .ok_or_else(|| CliError::Input(format!("unknown variant \"{}\"", args.variant)))?;
    let args = ArenaArgs {
        variant: v.name.clone(),
        ..args
    };
    let openings = match &args.openings {
        Some(path) => openings::read(path, &args.variant).map_err(CliError::Input)?,
        None => Vec::new(),
    };
    if let Some(dir) = &args.pgn_out {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?;
    }
    // A command that cannot start, or does not speak 5DUCI, is an error before the match,
    // not a forfeit in every game.
    for (i, spec) in args.engines.iter().enumerate() {
        Player::start(spec, 0)
            .map_err(|e| CliError::Input(format!("engine {} ({spec}): {e}", i + 1)))?
            .close();
    }
    let m = Match {
        args: &args,
        tc,
        start: v.position.clone(),
        openings,
    };
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<GameRecord>> = Mutex::new(Vec::new());
    let write_failed: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let jobs = args.jobs.clamp(1, args.games);
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games {
                        break;
                    }
                    let r = play_game(&m, i);
                    eprintln!(
                        "game {}: {} ({})",
                        i + 1,
                        r.end.outcome.result(),
                        r.end.reason
                    );
                    // Written as each game ends, so that a match stopped part way keeps
                    // the games it played.
                    if let Some(dir) = &args.pgn_out {
                        let path = dir.join(format!("game-{:03}.5dpgn", r.index + 1));
                        if let Err(e) = std::fs::write(&path, &r.pgn) {
                            write_failed
                                .lock()
                                .unwrap()
                                .push(format!("{}: {e}", path.display()));
                        }
                    }
                    records.lock().unwrap().push(r);
                }
            });
        }
    });
    if let Some(e) = write_failed.into_inner().unwrap().into_iter().next() {
        return Err(CliError::Failed(e));
    }
    let mut records = records.into_inner().unwrap();
    records.sort_by_key(|r| r.index);
    let mut out = String::new();
    for r in &records {
        out.push_str(&format!(
            "game {} ({} white): {} ({})\n",
            r.index + 1,
            if r.first_white {
                "engine 1"
            } else {
                "engine 2"
            },
            match r.score() {
                Score::Draw => "draw",
                Score::Win => "engine 1 wins",
                Score::Loss => "engine 2 wins",
            },
            r.end.reason
        ));
    }
    out.push_str(&format!(
        "engine 1: {}\nengine 2: {}\n{} games, {}, {}{}, {:.1} s\n",
        args.engines[0],
        args.engines[1],
        records.len(),
        m.tc.describe(),
        args.variant,
        if m.openings.is_empty() {
            String::new()
        } else {
            format!(", {} openings", m.openings.len())
        },
        started.elapsed().as_secs_f64()
    ));
    let results: Vec<(Score, Ending)> = records.iter().map(|r| (r.score(), r.end.ending)).collect();
    out.push_str(&report::summary(&results));
    Ok(out)
}
