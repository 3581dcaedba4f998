//! `arena`: matches between two 5DUCI engines, adjudicated by our rules engine.
//!
//! An engine is a command line (run as a subprocess speaking 5DUCI) or `builtin:LEVEL`
//! (our AI in-process: random, easy, medium, hard, max). Colours alternate (game 1: the
//! first engine is White). Each turn the engine to move gets `position ... moves ...` and
//! `go movetime MS`, and must answer `bestmove` with a legal whole action within MS plus a
//! grace period. An illegal or missing answer loses, and so does an engine that is not
//! ready for a new game after one restart; mate and stalemate are decided by the exact
//! search; a game longer than `--max-actions` actions is a draw.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use timefork_engine::ai::{AiConfig, Level, NoChoice, choose_action};
use timefork_engine::game::{self, Game, GameStatus};
use timefork_engine::position::Move;
use timefork_engine::search::Limits;
use timefork_engine::{Color, Position, notation, variants};

use crate::error::CliError;
use crate::fiveduci;

/// Node budget of the mate/stalemate decision before each turn. An undecided position is
/// played on (the engine to move answers); see `play_game`.
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
    pub movetime_ms: u64,
    pub variant: String,
    pub pgn_out: Option<PathBuf>,
    pub jobs: usize,
    pub max_actions: usize,
}

enum Player {
    Builtin {
        level: Level,
        seed: u64,
    },
    Process {
        child: Child,
        stdin: ChildStdin,
        lines: Receiver<String>,
    },
}

impl Player {
    fn start(spec: &str, seed: u64) -> Result<Player, String> {
        if let Some(l) = spec.strip_prefix("builtin:") {
            let level = l.parse::<Level>().map_err(|e| e.to_string())?;
            return Ok(Player::Builtin { level, seed });
        }
        let argv = split_command(spec);
        let (prog, args) = argv.split_first().ok_or("empty engine command")?;
        let mut child = Command::new(prog)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start \"{spec}\": {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        let pid = child.id();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                trace(pid, "<", &line);
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = Player::Process {
            child,
            stdin,
            lines: rx,
        };
        p.send("5duci")?;
        p.wait_for(&["5duciok"], Duration::from_secs(10))?;
        p.send("isready")?;
        p.wait_for(&["readyok"], Duration::from_secs(10))?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        if let Player::Process { stdin, child, .. } = self {
            trace(child.id(), ">", line);
            writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .map_err(|e| format!("engine closed its input: {e}"))?;
        }
        Ok(())
    }

    fn wait_for(&mut self, prefixes: &[&str], timeout: Duration) -> Result<String, String> {
        let Player::Process { lines, .. } = self else {
            return Err("not a process".to_string());
        };
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(l) => {
                    let l = l.trim().to_string();
                    let first = l.split_whitespace().next().unwrap_or("");
                    if prefixes.contains(&first) {
                        return Ok(l);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no {} within {timeout:?}", prefixes.join("/")));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("the engine exited".to_string());
                }
            }
        }
    }

    /// The engine's action for the current position of `game`, `None` for `nobestmove`.
    fn choose(
        &mut self,
        game: &Game,
        base: &str,
        history: &str,
        movetime: Duration,
        ply: usize,
    ) -> Result<Option<Vec<Move>>, String> {
        match self {
            Player::Builtin { level, seed } => {
                let stop = AtomicBool::new(false);
                let cfg = AiConfig {
                    level: *level,
                    budget: movetime,
                    seed: seed.wrapping_mul(1_000_003).wrapping_add(ply as u64),
                };
                // The same time limit as a subprocess gets: movetime plus the grace period.
                let allowed = movetime + movetime.max(Duration::from_secs(2));
                let limit = Instant::now() + allowed;
                let done = AtomicBool::new(false);
                let r = std::thread::scope(|s| {
                    s.spawn(|| {
                        while !done.load(Ordering::Relaxed) {
                            if Instant::now() >= limit {
                                stop.store(true, Ordering::Relaxed);
                                break;
                            }
                            std::thread::sleep(Duration::from_millis(5));
                        }
                    });
                    let r = choose_action(game.position(), &cfg, &stop);
                    done.store(true, Ordering::Relaxed);
                    r
                });
                match r {
                    Ok(o) => Ok(Some(o.action)),
                    Err(NoChoice::Checkmate | NoChoice::Stalemate) => Ok(None),
                    Err(NoChoice::Stopped) => Err(format!("no answer within {allowed:?}")),
                }
            }
            Player::Process { .. } => {
                let cmd = if history.is_empty() {
                    format!("position {base}")
                } else {
                    format!("position {base} moves {history}")
                };
                self.send(&cmd)?;
                self.send(&format!("go movetime {}", movetime.as_millis()))?;
                let grace = movetime.max(Duration::from_secs(2));
                let line = self.wait_for(&["bestmove", "nobestmove"], movetime + grace)?;
                if line.starts_with("nobestmove") {
                    return Ok(None);
                }
                let mut pos = game.position().clone();
                let mut moves = Vec::new();
                for w in line.split_whitespace().skip(1) {
                    if w.eq_ignore_ascii_case("submit") {
                        break;
                    }
                    let m = fiveduci::parse_lan(&pos, w)?;
                    pos.make_move(&m);
                    moves.push(m);
                }
                if moves.is_empty() {
                    return Err(format!("empty bestmove: \"{line}\""));
                }
                Ok(Some(moves))
            }
        }
    }

    fn close(self) {
        if let Player::Process {
            mut child,
            mut stdin,
            ..
        } = self
        {
            let _ = writeln!(stdin, "quit");
            let _ = stdin.flush();
            drop(stdin);
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// With `TIMEFORK_ARENA_TRACE` set, every line to and from an engine process goes to
/// stderr with the time since the epoch and the process id (to see why an engine forfeits).
fn trace(pid: u32, dir: &str, line: &str) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *ON.get_or_init(|| std::env::var_os("TIMEFORK_ARENA_TRACE").is_some()) {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        eprintln!("{:.3} {pid} {dir} {line}", t.as_secs_f64());
    }
}

/// Splits a command line on spaces, with double quotes grouping words.
fn split_command(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// How a game ended, from White's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

struct GameRecord {
    index: usize,
    /// Engine 1 played White.
    first_white: bool,
    outcome: Outcome,
    reason: String,
    pgn: String,
}

/// An engine ready for a new game: started (`5duci`, `isready`), then `5ducinewgame`
/// and, for a process, `isready` again.
fn ready_player(spec: &str, seed: u64) -> Result<Player, String> {
    let mut p = Player::start(spec, seed)?;
    let ready = p.send("5ducinewgame").and_then(|()| {
        // As UCI GUIs do: an engine may set a new game up in the background and refuse a
        // `go` until then (ftxi's engine answers "info search already running" and never
        // moves), so wait for `readyok` first.
        if let Player::Process { .. } = p {
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
fn ready_player_retried(spec: &str, seed: u64) -> Result<Player, String> {
    ready_player(spec, seed).or_else(|first| {
        ready_player(spec, seed).map_err(|second| format!("{first}; restarted: {second}"))
    })
}

/// One game. Never fails: an engine that cannot be made ready (twice) forfeits the game
/// before its first move, so one bad start does not cost the match's other games.
fn play_game(args: &ArenaArgs, start: &Position, index: usize) -> GameRecord {
    let first_white = index.is_multiple_of(2);
    let (w_spec, b_spec) = if first_white {
        (&args.engines[0], &args.engines[1])
    } else {
        (&args.engines[1], &args.engines[0])
    };
    let mut game = Game::new(start.clone());
    game.headers = vec![
        ("Board".to_string(), args.variant.clone()),
        ("White".to_string(), w_spec.clone()),
        ("Black".to_string(), b_spec.clone()),
        ("Round".to_string(), (index + 1).to_string()),
    ];
    let white = ready_player_retried(w_spec, 2 * index as u64 + 1);
    let black = ready_player_retried(b_spec, 2 * index as u64 + 2);
    let (outcome, reason) = match (white, black) {
        (Ok(w), Ok(b)) => play_moves(args, start, &mut game, [w, b]),
        (Err(e), other) => {
            if let Ok(b) = other {
                b.close();
            }
            (
                Outcome::BlackWins,
                format!("White forfeits: not ready for a new game: {e}"),
            )
        }
        (Ok(w), Err(e)) => {
            w.close();
            (
                Outcome::WhiteWins,
                format!("Black forfeits: not ready for a new game: {e}"),
            )
        }
    };
    let result = match outcome {
        Outcome::WhiteWins => "1-0",
        Outcome::BlackWins => "0-1",
        Outcome::Draw => "1/2-1/2",
    };
    game.headers
        .push(("Result".to_string(), result.to_string()));
    game.headers
        .push(("Termination".to_string(), reason.clone()));
    GameRecord {
        index,
        first_white,
        outcome,
        reason,
        pgn: notation::write_game(&game),
    }
}

/// Plays `game` out between the two ready engines (White, Black) and closes them.
fn play_moves(
    args: &ArenaArgs,
    start: &Position,
    game: &mut Game,
    mut players: [Player; 2],
) -> (Outcome, String) {
    let base = fiveduci::position_base(start);
    let mut history = String::new();
    let movetime = Duration::from_millis(args.movetime_ms);
    let (outcome, reason) = loop {
        let pos = game.position().clone();
        let side = pos.to_move;
        let loses = |c: Color| {
            if c == Color::White {
                Outcome::BlackWins
            } else {
                Outcome::WhiteWins
            }
        };
        let status = status_within(&pos, STATUS_NODES, STATUS_TIME);
        match status {
            GameStatus::Checkmate => break (loses(side), "checkmate".to_string()),
            GameStatus::Stalemate => break (Outcome::Draw, "stalemate".to_string()),
            _ => {}
        }
        if game.actions.len() >= args.max_actions {
            break (
                Outcome::Draw,
                format!("adjudicated: {} actions", args.max_actions),
            );
        }
        let idx = if side == Color::White { 0 } else { 1 };
        let ply = game.actions.len();
        match players[idx].choose(game, &base, &history, movetime, ply) {
            Err(e) => break (loses(side), format!("{side:?} forfeits: {e}")),
            Ok(None) if status == GameStatus::Unknown => {
                // The exact search could not decide within its budget: ask it again with
                // a larger one; if it still cannot, the game is drawn.
                let again = status_within(&pos, 50 * STATUS_NODES, 6 * STATUS_TIME);
                break match again {
                    GameStatus::Checkmate => (loses(side), "checkmate".to_string()),
                    GameStatus::Stalemate => (Outcome::Draw, "stalemate".to_string()),
                    GameStatus::Unknown => (
                        Outcome::Draw,
                        "adjudicated: nobestmove, and mate could not be decided".to_string(),
                    ),
                    _ => (
                        loses(side),
                        format!("{side:?} forfeits: nobestmove with legal actions left"),
                    ),
                };
            }
            Ok(None) => {
                break (
                    loses(side),
                    format!("{side:?} forfeits: nobestmove with legal actions left"),
                );
            }
            Ok(Some(moves)) => {
                if let Err(e) = game.apply_action(&moves) {
                    break (
                        loses(side),
                        format!(
                            "{side:?} forfeits: illegal action {} ({e:?})",
                            fiveduci::write_action_lan(&moves)
                        ),
                    );
                }
                if !history.is_empty() {
                    history.push(' ');
                }
                history.push_str(&fiveduci::write_action_lan(&moves));
                history.push_str(" submit");
            }
        }
    };
    for p in players {
        p.close();
    }
    (outcome, reason)
}

/// Elo difference for a score fraction (clamped away from 0 and 1).
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / p - 1.0).log10()
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
    let v = variants::by_name(&args.variant)
        .ok_or_else(|| CliError::Input(format!("unknown variant \"{}\"", args.variant)))?;
    let args = ArenaArgs {
        variant: v.name.clone(),
        ..args
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
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<GameRecord>> = Mutex::new(Vec::new());
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
                    let r = play_game(&args, &v.position, i);
                    eprintln!(
                        "game {}: {} ({})",
                        i + 1,
                        match r.outcome {
                            Outcome::WhiteWins => "1-0",
                            Outcome::BlackWins => "0-1",
                            Outcome::Draw => "1/2-1/2",
                        },
                        r.reason
                    );
                    records.lock().unwrap().push(r);
                }
            });
        }
    });
    let mut records = records.into_inner().unwrap();
    records.sort_by_key(|r| r.index);
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    let mut out = String::new();
    for r in &records {
        if let Some(dir) = &args.pgn_out {
            let path = dir.join(format!("game-{:03}.5dpgn", r.index + 1));
            std::fs::write(&path, &r.pgn)
                .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
        }
        let first_won = match r.outcome {
            Outcome::Draw => None,
            Outcome::WhiteWins => Some(r.first_white),
            Outcome::BlackWins => Some(!r.first_white),
        };
        match first_won {
            None => d += 1,
            Some(true) => w += 1,
            Some(false) => l += 1,
        }
        out.push_str(&format!(
            "game {} ({} white): {} ({})\n",
            r.index + 1,
            if r.first_white {
                "engine 1"
            } else {
                "engine 2"
            },
            match first_won {
                None => "draw",
                Some(true) => "engine 1 wins",
                Some(false) => "engine 2 wins",
            },
            r.reason
        ));
    }
    let n = (w + d + l) as f64;
    let p = (w as f64 + d as f64 / 2.0) / n;
    // Standard error of the mean score per game, 95% interval, mapped to Elo.
    let var =
        (w as f64 * (1.0 - p).powi(2) + d as f64 * (0.5 - p).powi(2) + l as f64 * p.powi(2)) / n;
    let se = (var / n).sqrt();
    let (lo, hi) = ((p - 1.96 * se).max(0.0), (p + 1.96 * se).min(1.0));
    let fmt_elo = |p: f64| {
        if p >= 1.0 - 1e-9 {
            "+inf".to_string()
        } else if p <= 1e-9 {
            "-inf".to_string()
        } else {
            format!("{:+.1}", elo(p))
        }
    };
    out.push_str(&format!(
        "engine 1: {}\nengine 2: {}\n{} games, {} ms per turn, {}, {:.1} s\n",
        args.engines[0],
        args.engines[1],
        records.len(),
        args.movetime_ms,
        args.variant,
        started.elapsed().as_secs_f64()
    ));
    out.push_str(&format!("wins {w} draws {d} losses {l}\n"));
    out.push_str(&format!("score {:.1}%\n", 100.0 * p));
    let margin = if lo <= 1e-9 || hi >= 1.0 - 1e-9 {
        "inf".to_string()
    } else {
        format!("{:.1}", (elo(hi) - elo(lo)) / 2.0)
    };
    out.push_str(&format!(
        "elo {} +/- {} (95% interval {} .. {})\n",
        fmt_elo(p),
        margin,
        fmt_elo(lo),
        fmt_elo(hi)
    ));
    Ok(out)
}
