//! An arena engine: a 5DUCI subprocess or our AI in-process (`builtin:LEVEL`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use timefork_engine::ai::clock::turn_budget;
use timefork_engine::ai::{AiConfig, Level, NoChoice, choose_action};
use timefork_engine::game::Game;
use timefork_engine::position::Move;

use super::clock::Go;
use crate::fiveduci;

pub enum Player {
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

/// Why an engine gave no action.
pub enum Failure {
    /// No answer within the time it had: a loss on time.
    OnTime(String),
    /// An answer that breaks the protocol (an exit, a move that does not read): a forfeit.
    Forfeit(String),
}

impl Player {
    pub fn start(spec: &str, seed: u64) -> Result<Player, String> {
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

    pub fn send(&mut self, line: &str) -> Result<(), String> {
        if let Player::Process { stdin, child, .. } = self {
            trace(child.id(), ">", line);
            writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .map_err(|e| format!("engine closed its input: {e}"))?;
        }
        Ok(())
    }

    pub fn is_process(&self) -> bool {
        matches!(self, Player::Process { .. })
    }

    /// The next line that starts with one of `prefixes`; `Err` says why none came (timeout
    /// or exit).
    pub fn wait_for(&mut self, prefixes: &[&str], timeout: Duration) -> Result<String, String> {
        self.wait_line(prefixes, timeout).map_err(|f| match f {
            Failure::OnTime(e) | Failure::Forfeit(e) => e,
        })
    }

    fn wait_line(&mut self, prefixes: &[&str], timeout: Duration) -> Result<String, Failure> {
        let Player::Process { lines, .. } = self else {
            return Err(Failure::Forfeit("not a process".to_string()));
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
                    return Err(Failure::OnTime(format!(
                        "no {} within {timeout:?}",
                        prefixes.join("/")
                    )));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Failure::Forfeit("the engine exited".to_string()));
                }
            }
        }
    }

    /// The engine's action for the current position of `game` (`None` for `nobestmove`),
    /// told `go` and held to its time limit. `history` is the game's moves since `base`
    /// in 5DUCI text; `ply` numbers the turn (the builtin AI's seed).
    pub fn choose(
        &mut self,
        game: &Game,
        base: &str,
        history: &str,
        go: &Go,
        ply: usize,
    ) -> Result<Option<Vec<Move>>, Failure> {
        match self {
            Player::Builtin { level, seed } => {
                let stop = AtomicBool::new(false);
                // What `timefork-cli uci` would think for on the same `go`.
                let budget = turn_budget(go.movetime, go.own_clock(game.position().to_move));
                let cfg = AiConfig {
                    level: *level,
                    budget,
                    seed: seed.wrapping_mul(1_000_003).wrapping_add(ply as u64),
                    limit: None,
                };
                let limit = Instant::now() + go.limit;
                let done = AtomicBool::new(false);
                let r = std::thread::scope(|s| {
                    s.spawn(|| {
                        while !done.load(Ordering::Relaxed) {
                            if Instant::now() >= limit {
                                stop.store(true, Ordering::Relaxed);
                                break;
                            }
                            std::thread::sleep(Duration::from_millis(1));
                        }
                    });
                    let r = choose_action(game.position(), &cfg, &stop);
                    done.store(true, Ordering::Relaxed);
                    r
                });
                match r {
                    Ok(o) => Ok(Some(o.action)),
                    Err(NoChoice::Checkmate | NoChoice::Stalemate) => Ok(None),
                    Err(NoChoice::Stopped) => {
                        Err(Failure::OnTime(format!("no answer within {:?}", go.limit)))
                    }
                }
            }
            Player::Process { .. } => {
                let cmd = if history.is_empty() {
                    format!("position {base}")
                } else {
                    format!("position {base} moves {history}")
                };
                self.send(&cmd).map_err(Failure::Forfeit)?;
                self.send(&format!("go {}", go.args()))
                    .map_err(Failure::Forfeit)?;
                let line = self.wait_line(&["bestmove", "nobestmove"], go.limit)?;
                if line.starts_with("nobestmove") {
                    return Ok(None);
                }
                let mut pos = game.position().clone();
                let mut moves = Vec::new();
                for w in line.split_whitespace().skip(1) {
                    if w.eq_ignore_ascii_case("submit") {
                        break;
                    }
                    let m = fiveduci::parse_lan(&pos, w).map_err(Failure::Forfeit)?;
                    pos.make_move(&m);
                    moves.push(m);
                }
                if moves.is_empty() {
                    return Err(Failure::Forfeit(format!("empty bestmove: \"{line}\"")));
                }
                Ok(Some(moves))
            }
        }
    }

    pub fn close(self) {
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
