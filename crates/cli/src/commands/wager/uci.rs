//! `wager uci`: Timeline Wager's chess search (the one the game plays on every timeline)
//! as a standard UCI chess engine on stdin/stdout.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name Level|Hash|Clear Hash [value
//! V]`, `position startpos|fen F [moves M...]`, `go [movetime MS] [wtime MS btime MS winc
//! MS binc MS [movestogo N]] [depth D] [nodes N] [infinite]`, `stop`, `quit`. `go` thinks
//! on a thread, so `isready` and `stop` are answered while it thinks; each depth searched
//! in full prints `info depth D score cp S|mate M nodes N nps N time MS pv ...`, and the
//! answer is `bestmove M` (`bestmove 0000` when the side to move has no legal move).
//! `go infinite`, or a `go` with no limit, answers only after `stop`. A `position`, `go`
//! or `ucinewgame` that arrives while it thinks stops it first (it answers, then the
//! command is obeyed). Bad input is answered with `info string error ...` and changes
//! nothing.
//!
//! The transposition table and the move-ordering statistics are kept from one `go` to
//! the next until `ucinewgame`, as in the game.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use timefork_wager::ai::search::{
    Limits, MATE, MATE_BOUND, Progress, SLOT_BYTES, Searcher, Tables,
};
use timefork_wager::ai::{Level, chess_clock_budget_ms, position_history, search_board};
use timefork_wager::chess::{Board, Color, Move, fen, uci};

use crate::error::CliError;
use crate::uci_io::{Out, Search, finish, parse_setoption, reap};

/// The levels a UCI user may choose (Random is the game's beginner toy, not an engine).
const LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];
const DEFAULT_HASH_MB: u64 = 64;
const MAX_HASH_MB: u64 = 4096;
/// "No limit": a day.
const FOREVER: Duration = Duration::from_secs(24 * 3600);

/// The position to search: every board since the start (for repetitions).
struct GamePosition {
    boards: Vec<Board>,
}

impl GamePosition {
    fn start() -> GamePosition {
        GamePosition {
            boards: vec![Board::default()],
        }
    }

    fn board(&self) -> &Board {
        self.boards.last().expect("a position has a board")
    }

    /// `position startpos|fen F1 .. F6 [moves M ...]` (the words after `position`).
    fn parse(words: &[&str]) -> Result<GamePosition, String> {
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &words[words.len()..]),
        };
        let board = match setup.split_first() {
            Some((&"startpos", [])) => Board::default(),
            Some((&"startpos", rest)) => {
                return Err(format!("unexpected \"{}\" after startpos", rest.join(" ")));
            }
            Some((&"fen", fields)) => fen::parse(&fields.join(" ")).map_err(|e| e.to_string())?,
            Some((w, _)) => return Err(format!("expected startpos or fen, got \"{w}\"")),
            None => return Err("position needs startpos or fen".to_string()),
        };
        let mut pos = GamePosition {
            boards: vec![board],
        };
        for (i, text) in moves.iter().enumerate() {
            let board = pos.board();
            let mv =
                uci::parse(board, text).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            let mut next = board.clone();
            next.play_unchecked(uci::to_internal(board, mv));
            pos.boards.push(next);
        }
        Ok(pos)
    }
}

/// The limits of one `go`.
#[derive(Debug, Default, PartialEq)]
struct Go {
    movetime: Option<u64>,
    /// wtime, btime, winc, binc in ms.
    clock: [Option<u64>; 4],
    movestogo: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    infinite: bool,
}

impl Go {
    /// The words after `go`. Parameters this engine does not use (`ponder`, `searchmoves`
    /// with its moves, `mate`) are skipped.
    fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            let number = || {
                words
                    .get(i + 1)
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or_else(|| format!("go {key} needs a non-negative whole number"))
            };
            let slot = ["wtime", "btime", "winc", "binc"]
                .iter()
                .position(|k| *k == key);
            match key {
                "movetime" => match number()? {
                    0 => return Err("go movetime must be at least 1 ms".to_string()),
                    n => go.movetime = Some(n),
                },
                "movestogo" => go.movestogo = Some(number()?),
                "depth" => match number()? {
                    0 => return Err("go depth must be at least 1".to_string()),
                    n => go.depth = Some(n.min(u64::from(u32::MAX)) as u32),
                },
                "nodes" => match number()? {
                    0 => return Err("go nodes must be at least 1".to_string()),
                    n => go.nodes = Some(n),
                },
                "mate" => {
                    number()?;
                }
                "infinite" => {
                    go.infinite = true;
                    i += 1;
                    continue;
                }
                _ if slot.is_some() => go.clock[slot.unwrap_or(0)] = Some(number()?),
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        Ok(go)
    }

    /// The wall time the search may use (before the level takes its share), or None when
    /// it searches until told to stop.
    fn budget(&self, to_move: Color) -> Option<Duration> {
        if self.infinite {
            return None;
        }
        let (time, inc) = match to_move {
            Color::White => (self.clock[0], self.clock[2]),
            Color::Black => (self.clock[1], self.clock[3]),
        };
        let from_clock = time.map(|t| chess_clock_budget_ms(t, inc.unwrap_or(0), self.movestogo));
        match (self.movetime, from_clock) {
            (Some(m), Some(c)) => Some(m.min(c)),
            (Some(m), None) => Some(m),
            (None, Some(c)) => Some(c),
            (None, None) => None,
        }
        .map(Duration::from_millis)
    }

    /// Whether the search ends on its own (a time, a depth or a node count).
    fn is_bounded(&self, to_move: Color) -> bool {
        self.budget(to_move).is_some() || self.depth.is_some() || self.nodes.is_some()
    }
}

/// `score cp S` or `score mate M` (moves, negative when the side to move is mated).
fn score_words(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}

/// The principal variation in standard UCI moves.
fn pv_words(board: &Board, pv: &[Move]) -> String {
    let mut b = board.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &mv in pv {
        words.push(uci::format(uci::to_standard(&b, mv)));
        b.play_unchecked(mv);
    }
    words.join(" ")
}

fn info_line(board: &Board, p: &Progress, started: Instant) -> String {
    let elapsed = started.elapsed();
    let nps = (p.nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64;
    format!(
        "info depth {} score {} nodes {} nps {nps} time {} pv {}",
        p.depth,
        score_words(p.score),
        p.nodes,
        elapsed.as_millis(),
        pv_words(board, &p.pv)
    )
}

fn tt_log2_for(hash_mb: u64) -> u32 {
    let slots = (hash_mb * 1024 * 1024 / SLOT_BYTES as u64).max(1 << 10);
    63 - slots.leading_zeros()
}

/// What a `go` needs, sent to its thread.
struct Think {
    pos: Vec<Board>,
    go: Go,
    level: Level,
    tt_log2: u32,
    tables: Arc<Mutex<Option<Tables>>>,
}

fn spawn_search(think: Think, out: &Out) -> Search {
    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicBool::new(false));
    let (st, ans, o) = (Arc::clone(&stop), Arc::clone(&answered), out.clone());
    let handle = std::thread::spawn(move || {
        let line = think_and_answer(&think, &st, &o);
        // Flag first: a GUI may answer the line before this thread ends.
        ans.store(true, Ordering::SeqCst);
        o.line(&line);
    });
    Search {
        stop,
        answered,
        handle,
    }
}

/// Searches and returns the `bestmove` line (after the `info` lines).
fn think_and_answer(t: &Think, stop: &AtomicBool, out: &Out) -> String {
    let started = Instant::now();
    let board = t.pos.last().expect("a position has a board").clone();
    let to_move = board.side_to_move();
    let budget = t.go.budget(to_move);
    let limits = Limits {
        deadline: started + budget.map_or(FOREVER, |b| t.level.think_time(b)),
        max_nodes: t.go.nodes.unwrap_or(0),
        max_depth: t.go.depth.unwrap_or(u32::MAX).min(t.level.max_depth()),
    };
    let tables = t
        .tables
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .filter(|tb| tb.tt_log2() == t.tt_log2)
        .unwrap_or_else(|| Tables::new(t.tt_log2));
    let mut searcher = Searcher::with_tables(tables, &position_history(&t.pos), stop, limits);
    // Easy's noise is drawn afresh for every position of a game.
    let noise_seed = board.hash() ^ t.pos.len() as u64;
    // The last depth reported and its best move.
    let mut reported: Option<(u32, Move)> = None;
    let result = search_board(t.level, &mut searcher, &board, &[], noise_seed, &mut |p| {
        reported = Some((p.depth, p.pv[0]));
        out.line(&info_line(&board, p, started));
    });
    let line = match result {
        Some(r) => {
            // A best move the last report does not show: from a depth stopped part way
            // (once its first move was searched), or Easy's one depth of noisy scores.
            if reported.is_none_or(|(_, mv)| mv != r.best) {
                let p = Progress {
                    depth: reported.map_or(r.depth.max(1), |(d, _)| d + 1),
                    score: r.score,
                    nodes: searcher.nodes(),
                    pv: searcher.pv(&board, r.best, r.depth.max(1) as usize),
                };
                out.line(&info_line(&board, &p, started));
            }
            format!("bestmove {}", uci::format(uci::to_standard(&board, r.best)))
        }
        None => {
            let why = if board.checkers().is_empty() {
                "stalemate"
            } else {
                "checkmate"
            };
            out.line(&format!("info string no legal move ({why})"));
            "bestmove 0000".to_string()
        }
    };
    *t.tables.lock().unwrap_or_else(|e| e.into_inner()) = Some(searcher.into_tables());
    // UCI: after `go infinite` the answer waits for `stop`, even when the search is done.
    if !t.go.is_bounded(to_move) {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    line
}

pub fn run() -> Result<String, CliError> {
    let out = Out::stdout();
    let mut level = Level::Hard;
    let mut hash_mb = DEFAULT_HASH_MB;
    let tables: Arc<Mutex<Option<Tables>>> = Arc::new(Mutex::new(None));
    let mut pos = GamePosition::start();
    let mut search: Option<Search> = None;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        reap(&mut search);
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        match cmd {
            "uci" => {
                out.line("id name Timefork Wager");
                out.line("id author the Timefork developers");
                out.line("option name Level type combo default Hard var Easy var Medium var Hard");
                out.line(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                ));
                out.line("option name Clear Hash type button");
                out.line("uciok");
            }
            "isready" => out.line("readyok"),
            "ucinewgame" => {
                finish(&mut search);
                pos = GamePosition::start();
                *tables.lock().unwrap_or_else(|e| e.into_inner()) = None;
            }
            "setoption" => {
                let parsed = parse_setoption(&words);
                let (name, value) = match parsed {
                    Ok(nv) => nv,
                    Err(e) => {
                        out.line(&format!("info string error {e}"));
                        continue;
                    }
                };
                match name.to_ascii_lowercase().as_str() {
                    "level" => match value.parse::<Level>() {
                        Ok(l) if LEVELS.contains(&l) => level = l,
                        _ => out.line(&format!(
                            "info string error Level must be Easy, Medium or Hard, not \"{value}\""
                        )),
                    },
                    "hash" => match value.parse::<u64>() {
                        Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => hash_mb = mb,
                        _ => out.line(&format!(
                            "info string error Hash must be 1 to {MAX_HASH_MB} (MB), not \"{value}\""
                        )),
                    },
                    "clear hash" => {
                        finish(&mut search);
                        *tables.lock().unwrap_or_else(|e| e.into_inner()) = None;
                    }
                    _ => out.line(&format!(
                        "info string error unknown option \"{name}\" (Level, Hash, Clear Hash)"
                    )),
                }
            }
            "position" => {
                finish(&mut search);
                match GamePosition::parse(&words[1..]) {
                    Ok(p) => pos = p,
                    Err(e) => out.line(&format!("info string error position: {e}")),
                }
            }
            "go" => {
                finish(&mut search);
                match Go::parse(&words[1..]) {
                    Ok(go) => {
                        let think = Think {
                            pos: pos.boards.clone(),
                            go,
                            level,
                            tt_log2: tt_log2_for(hash_mb),
                            tables: Arc::clone(&tables),
                        };
                        search = Some(spawn_search(think, &out));
                    }
                    Err(e) => out.line(&format!("info string error {e}")),
                }
            }
            "stop" => finish(&mut search),
            "quit" => {
                finish(&mut search);
                return Ok(String::new());
            }
            _ => out.line(&format!("info string error unknown command \"{cmd}\"")),
        }
    }
    finish(&mut search);
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_lines() {
        let go = |s: &str| Go::parse(&s.split_whitespace().collect::<Vec<_>>());
        assert_eq!(
            go("wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20"),
            Ok(Go {
                clock: [Some(60_000), Some(30_000), Some(1_000), Some(500)],
                movestogo: Some(20),
                ..Go::default()
            })
        );
        assert_eq!(
            go("ponder movetime 250"),
            Ok(Go {
                movetime: Some(250),
                ..Go::default()
            })
        );
        assert!(go("movetime").is_err());
        assert!(go("movetime 0").is_err());
        assert!(go("depth x").is_err());
        // White's clock: 60 s / 21 + 0.8 s = 3657 ms, under a tenth (6 s), less 10 ms.
        let g = go("wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20").unwrap();
        assert_eq!(g.budget(Color::White), Some(Duration::from_millis(3_647)));
        // Black's: 30 s / 21 + 0.4 s = 1828 ms, less 10.
        assert_eq!(g.budget(Color::Black), Some(Duration::from_millis(1_818)));
        assert_eq!(go("infinite").unwrap().budget(Color::White), None);
        assert!(!go("").unwrap().is_bounded(Color::White));
        assert!(go("depth 3").unwrap().is_bounded(Color::White));
    }

    #[test]
    fn scores_in_uci_words() {
        assert_eq!(score_words(35), "cp 35");
        // Mate at ply 1 is mate in 1; at ply 3, mate in 2; mated at ply 2, mate -1.
        assert_eq!(score_words(MATE - 1), "mate 1");
        assert_eq!(score_words(MATE - 3), "mate 2");
        assert_eq!(score_words(-(MATE - 2)), "mate -1");
    }

    #[test]
    fn positions() {
        let p = GamePosition::parse(&["startpos", "moves", "e2e4", "e7e5", "e1e2"]).unwrap();
        assert_eq!(p.boards.len(), 4);
        assert_eq!(
            fen::format(p.board()),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2"
        );
        let e = GamePosition::parse(&["startpos", "moves", "e2e4", "e2e4"])
            .err()
            .unwrap();
        assert!(e.starts_with("move 2 (e2e4)"), "{e}");
        assert!(GamePosition::parse(&["fen", "8/8/8", "w"]).is_err());
        assert!(GamePosition::parse(&["startpos", "e2e4"]).is_err());
        let f = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let words: Vec<&str> = ["fen"]
            .into_iter()
            .chain(f.split_whitespace())
            .chain(["moves", "e1g1"])
            .collect();
        let p = GamePosition::parse(&words).unwrap();
        assert_eq!(fen::format(p.board()), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    }

    #[test]
    fn hash_sizes() {
        // 64 MB of 24-byte slots = 2,796,202: 2^21 is the largest power of two below.
        assert_eq!(SLOT_BYTES, 24);
        assert_eq!(tt_log2_for(64), 21);
        assert_eq!(tt_log2_for(1), 15);
    }
}
