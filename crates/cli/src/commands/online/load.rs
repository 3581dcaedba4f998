//! `timefork-cli online load`: N games at once against a server, each pair of
//! connections replaying a public 5D game (the conformance games that start from the
//! standard position) move by move, one turn every `--think-ms` per game, resigning when
//! the record runs out and seeking again. It measures the time from a player's Submit
//! to the other player seeing the turn (p50, p99), and, given the server's process id
//! on this machine, the server's CPU and memory per game.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use timefork_engine::game::Game;
use timefork_engine::notation;
use timefork_net::msg::{FiveDReq, FiveDSync, ToJoiner};
use timefork_net::online::{PlayReq, Seek, ToClient, ToServer};
use timefork_online::client::Client;
use timefork_records::{GameKind, Side};

use crate::error::CliError;

/// Public games from the standard position (conformance data; see the engine's
/// `tests/data/conformance/README.md` for their source).
const RECORDS: &[&str] = &[
    include_str!("../../../../engine/tests/data/conformance/standard.5dpgn"),
    include_str!("../../../../engine/tests/data/conformance/another.5dpgn"),
    include_str!("../../../../engine/tests/data/conformance/NP.5dpgn"),
    include_str!("../../../../engine/tests/data/conformance/NP0.5dpgn"),
    include_str!("../../../../engine/tests/data/conformance/many2.5dpgn"),
    include_str!("../../../../engine/tests/data/conformance/manyChecks.5dpgn"),
    include_str!("../../../../engine/tests/data/conformance/silly.5dpgn"),
    include_str!("../../../../engine/tests/data/conformance/wide.5dpgn"),
];

#[derive(Args)]
pub struct LoadArgs {
    /// The server: HOST or HOST:PORT.
    #[arg(long)]
    server: String,
    /// Games at once (two connections each).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// How long to measure, in seconds, once every game has started.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Time between a game's turns, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// The server's process id on this machine: its CPU and memory are read from /proc.
    #[arg(long)]
    server_pid: Option<u32>,
}

struct Shared {
    records: Vec<Game>,
    /// When each turn was submitted: (game, turns before it).
    submitted: Mutex<HashMap<(u64, usize), Instant>>,
    latencies: Mutex<Vec<Duration>>,
    measuring: AtomicBool,
    stop: AtomicBool,
    started: AtomicU64,
    turns: AtomicU64,
    errors: Mutex<Vec<String>>,
}

/// Utime + stime in clock ticks, and the resident set in KiB.
fn proc_stats(pid: u32) -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some((ticks, rss))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub fn run(args: LoadArgs) -> Result<String, CliError> {
    let records: Vec<Game> = RECORDS
        .iter()
        .filter_map(|t| notation::read_game(t).ok())
        .filter(|g| g.actions.len() >= 4)
        .collect();
    let shared = Arc::new(Shared {
        records,
        submitted: Mutex::new(HashMap::new()),
        latencies: Mutex::new(Vec::new()),
        measuring: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        started: AtomicU64::new(0),
        turns: AtomicU64::new(0),
        errors: Mutex::new(Vec::new()),
    });
    let idle = args.server_pid.and_then(proc_stats);
    let run_id: u32 = rand::random::<u32>() % 1_000_000;
    let mut threads = Vec::new();
    for i in 0..args.games * 2 {
        let shared = shared.clone();
        let server = args.server.clone();
        let think = Duration::from_millis(args.think_ms);
        let name = format!("load{run_id}-{i}");
        let t = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                if let Err(e) = player(&server, &name, think, &shared) {
                    shared.errors.lock().unwrap().push(format!("{name}: {e}"));
                }
            })
            .map_err(|e| CliError::Failed(format!("cannot start a thread: {e}")))?;
        threads.push(t);
        // Connections arrive as a crowd would, not all in one instant.
        if i % 50 == 49 {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    while (shared.started.load(Ordering::Relaxed) as usize) < args.games * 2 {
        if Instant::now() > deadline {
            shared.stop.store(true, Ordering::Relaxed);
            let errors = shared.errors.lock().unwrap();
            return Err(CliError::Failed(format!(
                "only {} of {} players in a game after 120 s; {}",
                shared.started.load(Ordering::Relaxed),
                args.games * 2,
                errors.first().cloned().unwrap_or_default()
            )));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let before = args.server_pid.and_then(proc_stats);
    let t0 = Instant::now();
    shared.turns.store(0, Ordering::Relaxed);
    shared.measuring.store(true, Ordering::Relaxed);
    std::thread::sleep(Duration::from_secs(args.seconds));
    shared.measuring.store(false, Ordering::Relaxed);
    let elapsed = t0.elapsed();
    let after = args.server_pid.and_then(proc_stats);
    shared.stop.store(true, Ordering::Relaxed);
    for t in threads {
        let _ = t.join();
    }
    let mut lat = shared.latencies.lock().unwrap().clone();
    lat.sort();
    let turns = shared.turns.load(Ordering::Relaxed);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mut out = format!(
        "games {}; measured {:.1} s; turns seen {} ({:.0} a second)\n\
         submit to the other player seeing it: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms\n",
        args.games,
        elapsed.as_secs_f64(),
        turns,
        turns as f64 / elapsed.as_secs_f64(),
        ms(percentile(&lat, 0.5)),
        ms(percentile(&lat, 0.99)),
        ms(lat.last().copied().unwrap_or_default()),
    );
    if let (Some((_, idle_rss)), Some((t_before, _)), Some((t_after, rss))) = (idle, before, after)
    {
        // Linux counts CPU time in ticks of 1/100 s (USER_HZ).
        let cpu = (t_after - t_before) as f64 / 100.0 / elapsed.as_secs_f64();
        out += &format!(
            "server: CPU {:.0}% of one core; memory {} MiB, {:.0} KB a game above its idle {} MiB\n",
            cpu * 100.0,
            rss / 1024,
            (rss.saturating_sub(idle_rss)) as f64 * 1.024 / args.games as f64,
            idle_rss / 1024
        );
    }
    let errors = shared.errors.lock().unwrap();
    if !errors.is_empty() {
        out += &format!(
            "{} player(s) stopped early; first: {}\n",
            errors.len(),
            errors[0]
        );
    }
    Ok(out)
}

/// One connection: seeks, plays its side of a recorded game, seeks again.
fn player(server: &str, name: &str, think: Duration, shared: &Shared) -> Result<(), String> {
    let mut c = Client::connect(server, Duration::from_secs(30))?;
    c.hello(name, None, true, Duration::from_secs(60))
        .map_err(|e| e.to_string())?;
    let seek = ToServer::Seek {
        seek: Seek {
            game: GameKind::FiveD,
            variant: Some("Standard".into()),
            clock: None,
            rated: false,
            color: None,
            range: None,
        },
    };
    c.send(&seek)?;
    let mut counted = false;
    // The game: its id, our side, the record replayed, turns done.
    let mut game: Option<(u64, Side, usize, usize)> = None;
    let mut next_turn_at = Instant::now();
    let mut last_ping = Instant::now();
    let mut seq = 0u32;
    while !shared.stop.load(Ordering::Relaxed) {
        if let Some(msg) = c.recv(Duration::from_millis(50))? {
            match msg {
                ToClient::Started { info } => {
                    let side = info.seat.ok_or("a game without a seat")?;
                    let record = (info.id as usize) % shared.records.len();
                    game = Some((info.id, side, record, 0));
                    next_turn_at = Instant::now() + think.mul_f64(rand::random::<f64>());
                    if !counted {
                        counted = true;
                        shared.started.fetch_add(1, Ordering::Relaxed);
                    }
                }
                ToClient::Game {
                    game: id,
                    msg:
                        ToJoiner::FiveD {
                            sync: FiveDSync::Actions { from, .. },
                        },
                } => {
                    if let Some(g) = game.as_mut().filter(|g| g.0 == id) {
                        g.3 = from + 1;
                        let mine = if from % 2 == 0 {
                            Side::White
                        } else {
                            Side::Black
                        };
                        if mine != g.1 {
                            // The other player's turn reached us.
                            let at = shared.submitted.lock().unwrap().remove(&(id, from));
                            if let Some(at) = at
                                && shared.measuring.load(Ordering::Relaxed)
                            {
                                shared.latencies.lock().unwrap().push(at.elapsed());
                                shared.turns.fetch_add(1, Ordering::Relaxed);
                            }
                            next_turn_at = Instant::now() + think;
                        }
                    }
                }
                ToClient::Ended { game: id, .. } if game.is_some_and(|g| g.0 == id) => {
                    game = None;
                    c.send(&seek)?;
                }
                ToClient::Game {
                    msg: ToJoiner::Rejected { reason, .. },
                    ..
                } => return Err(format!("refused: {reason}")),
                ToClient::Refused { why } => return Err(format!("refused: {why:?}")),
                _ => {}
            }
        }
        let Some((id, side, record, done)) = game else {
            continue;
        };
        let to_move = if done % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        if to_move != side || Instant::now() < next_turn_at {
            if last_ping.elapsed() > Duration::from_secs(20) {
                c.send(&ToServer::Ping)?;
                last_ping = Instant::now();
            }
            continue;
        }
        next_turn_at = Instant::now() + Duration::from_secs(3600);
        let rec = &shared.records[record];
        let reqs: Vec<FiveDReq> = match rec.actions.get(done) {
            None => vec![FiveDReq::Resign],
            Some(action) => {
                let mut pos = rec.position_at(done);
                let mut v: Vec<FiveDReq> = action
                    .iter()
                    .map(|m| {
                        let text = notation::write_move(&pos, m);
                        pos.make_move(m);
                        FiveDReq::Move { text }
                    })
                    .collect();
                v.push(FiveDReq::Submit);
                v
            }
        };
        let n = reqs.len();
        for (k, req) in reqs.into_iter().enumerate() {
            seq += 1;
            if k + 1 == n {
                shared
                    .submitted
                    .lock()
                    .unwrap()
                    .insert((id, done), Instant::now());
            }
            c.send(&ToServer::Play {
                game: id,
                seq,
                req: PlayReq::FiveD { req },
            })?;
        }
        last_ping = Instant::now();
    }
    c.send(&ToServer::Bye).ok();
    Ok(())
}
