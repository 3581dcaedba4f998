//! `uci`: the AI as a 5DUCI engine on stdin/stdout.
//!
//! Commands: `5duci`, `isready`, `5ducinewgame`, `setoption name Level|MoveTime|Seed value
//! V`, `position ...` (see `fiveduci::parse_position`), `go [movetime MS] [wtime MS btime
//! MS winc MS binc MS] [infinite]`, `stop`, `quit`. With a clock the turn's budget is the
//! AI's share of it (`ai::clock::turn_budget`; with `movetime` as well, `movetime` kept
//! under a third of the clock); without either, the `MoveTime` option. `go` thinks on a thread, so `isready` and `stop` are answered while it
//! thinks; it ends with `bestmove M1 M2 ...` (the whole action in LAN, without `submit`)
//! or, only when the side to move has no legal action, `nobestmove`. A `position` or `go`
//! that arrives while it thinks stops it first (it answers, then the command is obeyed).
//! Bad input is answered with `info string error ...` and ignored.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use timefork_engine::ai::clock::{Clock, turn_budget};
use timefork_engine::ai::{AiConfig, Level, NoChoice, choose_action};
use timefork_engine::search::{Limits, Outcome, find_action};
use timefork_engine::{Color, Position};

use crate::error::CliError;
use crate::fiveduci;
use crate::uci_io::{Out, Search, finish, parse_setoption, reap};

pub fn run() -> Result<String, CliError> {
    let out = Out::stdout();
    let mut level = Level::Hard;
    let mut movetime = Duration::from_millis(1000);
    let mut seed: u64 = 0;
    let startpos = || {
        fiveduci::parse_position(&["startpos"])
            .expect("startpos")
            .current
    };
    let mut pos: Position = startpos();
    let mut search: Option<Search> = None;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        reap(&mut search);
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        match cmd {
            "5duci" => {
                out.line("id name Timefork");
                out.line("id author the Timefork developers");
                out.line(
                    "option name Level type combo default hard var random var easy var medium var hard var max",
                );
                out.line("option name MoveTime type spin default 1000 min 1 max 86400000");
                out.line("option name Seed type spin default 0 min 0 max 18446744073709551615");
                out.line("5duciok");
            }
            "isready" => out.line("readyok"),
            "5ducinewgame" => {
                finish(&mut search);
                pos = startpos();
            }
            "setoption" => match parse_setoption(&words) {
                Ok((name, value)) => match name.to_ascii_lowercase().as_str() {
                    "level" => match value.parse::<Level>() {
                        Ok(l) => level = l,
                        Err(e) => out.line(&format!("info string error {e}")),
                    },
                    "movetime" => match value.parse::<u64>() {
                        Ok(ms) if ms > 0 => movetime = Duration::from_millis(ms),
                        _ => out.line(&format!(
                            "info string error MoveTime must be a positive number of milliseconds, not \"{value}\""
                        )),
                    },
                    "seed" => match value.parse::<u64>() {
                        Ok(s) => seed = s,
                        Err(_) => out.line(&format!(
                            "info string error Seed must be a non-negative integer, not \"{value}\""
                        )),
                    },
                    _ => out.line(&format!(
                        "info string error unknown option \"{name}\" (Level, MoveTime, Seed)"
                    )),
                },
                Err(e) => out.line(&format!("info string error {e}")),
            },
            "position" => {
                // As UCI engines do: a new position stops the search (which still answers).
                finish(&mut search);
                match fiveduci::parse_position(&words[1..]) {
                    Ok(pc) => pos = pc.current,
                    Err(e) => out.line(&format!("info string error position: {e}")),
                }
            }
            "go" => {
                // A second `go` stops the first search (which answers) before it starts.
                finish(&mut search);
                let mut go_movetime = None;
                let mut infinite = false;
                // wtime, btime, winc, binc in milliseconds.
                let mut clock = [None; 4];
                let mut i = 1;
                let mut bad = None;
                while i < words.len() {
                    let ms = || words.get(i + 1).and_then(|v| v.parse::<u64>().ok());
                    let slot = ["wtime", "btime", "winc", "binc"]
                        .iter()
                        .position(|k| *k == words[i]);
                    match (words[i], slot) {
                        ("movetime", _) => match ms() {
                            Some(ms) if ms > 0 => {
                                go_movetime = Some(Duration::from_millis(ms));
                                i += 2;
                            }
                            _ => {
                                bad = Some("go movetime needs a positive number of milliseconds");
                                break;
                            }
                        },
                        (_, Some(k)) => match ms() {
                            Some(ms) => {
                                clock[k] = Some(Duration::from_millis(ms));
                                i += 2;
                            }
                            None => {
                                bad = Some(
                                    "go wtime, btime, winc and binc need a number of milliseconds",
                                );
                                break;
                            }
                        },
                        ("infinite", _) => {
                            infinite = true;
                            i += 1;
                        }
                        _ => i += 1, // other UCI go parameters are ignored
                    }
                }
                // The side to move's clock, if the GUI sent it.
                let (time, inc) = match pos.to_move {
                    Color::White => (clock[0], clock[2]),
                    Color::Black => (clock[1], clock[3]),
                };
                let own = time.map(|remaining| Clock {
                    remaining,
                    increment: inc.unwrap_or_default(),
                });
                let budget = if infinite {
                    Duration::from_secs(24 * 3600)
                } else if go_movetime.is_none() && own.is_none() {
                    movetime
                } else {
                    turn_budget(go_movetime, own)
                };
                if let Some(b) = bad {
                    out.line(&format!("info string error {b}"));
                    continue;
                }
                let stop = Arc::new(AtomicBool::new(false));
                let cfg = AiConfig {
                    level,
                    budget,
                    seed,
                    limit: None,
                };
                let p = pos.clone();
                let o = out.clone();
                let st = Arc::clone(&stop);
                let answered = Arc::new(AtomicBool::new(false));
                let ans = Arc::clone(&answered);
                let handle = std::thread::spawn(move || {
                    let line = match choose_action(&p, &cfg, &st) {
                        Ok(r) => {
                            o.line(&format!(
                                "info depth {} score cp {} nodes {}",
                                r.depth, r.score, r.nodes
                            ));
                            format!("bestmove {}", fiveduci::write_action_lan(&r.action))
                        }
                        Err(NoChoice::Checkmate | NoChoice::Stalemate) => "nobestmove".to_string(),
                        // `stop` came before the AI had any action: `stop` asks for the
                        // answer now, so the first legal action the exact search finds
                        // (nobestmove only if it proves there is none).
                        Err(NoChoice::Stopped) => match find_action(&p, Limits::default()) {
                            Outcome::Done(Some(moves)) => {
                                format!("bestmove {}", fiveduci::write_action_lan(&moves))
                            }
                            _ => "nobestmove".to_string(),
                        },
                    };
                    // Flag first: a UI may answer the line before this thread ends.
                    ans.store(true, Ordering::SeqCst);
                    o.line(&line);
                });
                search = Some(Search {
                    stop,
                    answered,
                    handle,
                });
            }
            "stop" => {
                finish(&mut search);
            }
            "quit" => {
                finish(&mut search);
                out.line("bye");
                return Ok(String::new());
            }
            _ => out.line(&format!("info string error unknown command \"{cmd}\"")),
        }
    }
    finish(&mut search);
    Ok(String::new())
}
