//! `timefork-cli wager uci` as a subprocess, driven as a chess GUI drives an engine: the
//! handshake, bad input, a whole game against a test-driven mover (with every kind of
//! `go`, including `stop` during `go infinite`) in which every reply is checked, and the
//! answers in a mate and a mated position.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use timefork_wager::chess::{Board, Color, Game, Status, fen, uci};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
            .args(["wager", "uci"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, s: &str) {
        writeln!(self.stdin, "{s}").unwrap();
    }

    fn next(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the engine answers within a minute")
    }

    /// Lines up to the first that starts with `prefix` (returned last).
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.next();
            let done = l.starts_with(prefix);
            out.push(l);
            if done {
                return out;
            }
        }
    }

    /// Lines that arrive within `wait`.
    fn during(&self, wait: Duration) -> Vec<String> {
        let mut out = Vec::new();
        let end = std::time::Instant::now() + wait;
        loop {
            let left = end.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => out.push(l),
                Err(RecvTimeoutError::Timeout) => return out,
                Err(RecvTimeoutError::Disconnected) => panic!("the engine exited"),
            }
        }
    }
}

/// A search's reply: its `info` lines, each checked, and its best move, checked legal in
/// `board` and equal to the last principal variation's first move. Returns the move and
/// the last score words (`cp 12`, `mate 3`).
fn check_reply(board: &Board, lines: &[String]) -> (String, String) {
    let (best, infos) = lines.split_last().unwrap();
    let best = best
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove line: {best}"))
        .to_string();
    let mut last_pv_first = None;
    let mut last_score = String::new();
    let mut last_depth = 0;
    for l in infos {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(w[0], "info", "unexpected line {l}");
        if w[1] == "string" {
            assert!(!l.starts_with("info string error"), "{l}");
            continue;
        }
        // info depth D score cp|mate S nodes N nps N time T pv M...
        assert_eq!(
            [w[1], w[3], w[6], w[8], w[10], w[12]],
            ["depth", "score", "nodes", "nps", "time", "pv"],
            "{l}"
        );
        let depth: u32 = w[2].parse().unwrap();
        assert!(depth > last_depth, "depths rise: {l}");
        last_depth = depth;
        assert!(w[4] == "cp" || w[4] == "mate", "{l}");
        w[5].parse::<i32>().unwrap();
        for i in [7, 9, 11] {
            w[i].parse::<u64>().unwrap();
        }
        // The principal variation is a line of legal moves from this position.
        let mut b = board.clone();
        assert!(w.len() > 13, "a pv has a move: {l}");
        for m in &w[13..] {
            let mv = uci::parse(&b, m).unwrap_or_else(|e| panic!("pv move {m} in {l}: {e}"));
            b.play_unchecked(uci::to_internal(&b, mv));
        }
        last_pv_first = Some(w[13].to_string());
        last_score = format!("{} {}", w[4], w[5]);
    }
    uci::parse(board, &best).unwrap_or_else(|e| panic!("bestmove {best}: {e}"));
    if let Some(first) = last_pv_first {
        assert_eq!(first, best, "the best move heads the last pv");
    }
    (best, last_score)
}

#[test]
fn handshake_and_bad_input() {
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello[0].starts_with("id name "));
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name Level type combo"))
    );
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    for l in &hello {
        assert!(
            l.starts_with("id ") || l.starts_with("option ") || l == "uciok",
            "{l}"
        );
    }
    for (line, mentions) in [
        ("frobnicate", "frobnicate"),
        ("setoption name Level value grandmaster", "grandmaster"),
        ("setoption name Hash value 0", "Hash"),
        ("setoption name Colour value red", "Colour"),
        ("position startpos moves e2e4 e2e4", "e2e4"),
        ("position fen 8/8/8 w - -", "8/8/8"),
        ("go movetime 0", "movetime"),
        ("go depth deep", "depth"),
    ] {
        e.send(line);
        let l = e.next();
        assert!(l.starts_with("info string error"), "{line}: {l}");
        assert!(l.contains(mentions), "{line}: {l}");
    }
    // The bad `position` changed nothing: the start position is searched.
    e.send("go depth 2");
    let r = e.until("bestmove");
    let (best, _) = check_reply(&Board::default(), &r);
    assert!(
        uci::parse(&Board::default(), &best).is_ok(),
        "a move of the start position"
    );
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn a_whole_game_through_uci() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Level value Medium");
    e.send("setoption name Hash value 16");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.send("ucinewgame");

    // The engine is White; Black is this test's mover: a capture when there is one,
    // else a move picked by a fixed sequence (a weak but legal opponent).
    let mut g = Game::new(Board::default());
    let mut moves: Vec<String> = Vec::new();
    let mut pick: u64 = 7;
    let mut engine_turn = 0;
    while g.status() == Status::Ongoing && g.plies() < 300 {
        let board = g.board().clone();
        let mv = if g.side_to_move() == Color::White {
            e.send(&format!("position startpos moves {}", moves.join(" ")));
            // Every kind of `go` in turn.
            let go = match engine_turn % 5 {
                0 => "go depth 3".to_string(),
                1 => "go movetime 40".to_string(),
                2 => "go wtime 20000 btime 20000 winc 100 binc 100".to_string(),
                3 => "go nodes 20000".to_string(),
                _ => "go infinite".to_string(),
            };
            e.send(&go);
            let reply = if go == "go infinite" {
                // No answer before `stop`, while `isready` is answered at once.
                let early = e.during(Duration::from_millis(150));
                assert!(
                    early.iter().all(|l| l.starts_with("info ")),
                    "only info before stop: {early:?}"
                );
                e.send("isready");
                let mut lines = early;
                lines.extend(e.until("readyok"));
                assert!(lines.iter().all(|l| !l.starts_with("bestmove")));
                lines.retain(|l| l != "readyok");
                e.send("stop");
                lines.extend(e.until("bestmove"));
                lines
            } else {
                e.until("bestmove")
            };
            engine_turn += 1;
            let (best, _) = check_reply(&board, &reply);
            uci::parse(&board, &best).unwrap()
        } else {
            let legal = g.legal_moves();
            let capture = legal
                .iter()
                .copied()
                .find(|m| board.piece_on(m.to).is_some());
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            capture.unwrap_or(legal[(pick >> 33) as usize % legal.len()])
        };
        moves.push(uci::format(mv));
        g.play(mv).unwrap();
    }
    // Medium mates a weak mover well within 300 plies.
    assert_eq!(
        g.status(),
        Status::Checkmate {
            winner: Color::White
        },
        "{}",
        moves.join(" ")
    );

    // A mate in one is found and scored as one; a mated side answers 0000.
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go depth 4");
    let r = e.until("bestmove");
    let board = fen::parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    assert_eq!(
        check_reply(&board, &r),
        ("a1a8".to_string(), "mate 1".to_string())
    );
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go movetime 50");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove 0000");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}
