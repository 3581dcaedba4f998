//! `timefork-cli uci` as a subprocess: a whole game through 5DUCI (the engine against a
//! random legal mover driven by this test), every reply checked legal with the engine;
//! bad input answered with `info string error`; and the arena with tiny settings.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use timefork_engine::game::{self, Game, GameStatus};
use timefork_engine::position::{Coord, Move};
use timefork_engine::search::{Limits, find_action};
use timefork_engine::variants;

fn lan(m: &Move) -> String {
    let sq = |c: &Coord| format!("{}{}", (b'a' + c.x as u8) as char, c.y + 1);
    let b = |c: &Coord| format!("({}T{})", c.l, c.h.div_euclid(2));
    if m.is_physical() {
        format!("{}{}{}", b(&m.from), sq(&m.from), sq(&m.to))
    } else {
        format!("{}{}{}{}", b(&m.from), sq(&m.from), b(&m.to), sq(&m.to))
    }
}

/// Finds the legal move written `text` in LAN (the test's own reader).
fn read_lan(pos: &timefork_engine::Position, text: &str) -> Move {
    for (l, _) in pos.playable_boards() {
        let mut v = Vec::new();
        pos.board_moves(l, &mut v);
        if let Some(m) = v.into_iter().find(|m| lan(m) == text) {
            return m;
        }
    }
    panic!("engine move {text} is not a legal move here");
}

#[test]
fn a_whole_game_through_5duci() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut send = |s: &str| writeln!(stdin, "{s}").unwrap();
    let mut expect = |prefix: &str| -> String {
        loop {
            let l = lines.next().expect("engine output").unwrap();
            if l.starts_with(prefix) {
                return l;
            }
            assert!(
                (l.starts_with("info") && !l.starts_with("info string error"))
                    || l.starts_with("id")
                    || l.starts_with("option"),
                "unexpected line {l}"
            );
        }
    };
    send("5duci");
    expect("5duciok");
    send("setoption name Level value easy");
    send("setoption name MoveTime value 30");
    send("frobnicate");
    assert!(expect("info string error").contains("frobnicate"));
    send("position startpos moves (0T1)e2e9 submit");
    assert!(expect("info string error").contains("e2e9"));
    send("setoption name Level value grandmaster");
    assert!(expect("info string error").contains("grandmaster"));
    send("isready");
    expect("readyok");
    send("5ducinewgame");

    // The engine plays White in Standard; this test answers with the exact search's
    // first legal action (deterministic and legal).
    let start = variants::by_name("Standard").unwrap().position;
    let mut g = Game::new(start);
    let mut history = String::new();
    let mut engine_turns = 0;
    for _ in 0..40 {
        let pos = g.position().clone();
        match game::status(&pos, Limits::default()) {
            GameStatus::Checkmate | GameStatus::Stalemate => break,
            _ => {}
        }
        let moves: Vec<Move> = if g.actions.len().is_multiple_of(2) {
            send(&format!("position variant Standard moves {history}"));
            send("go movetime 30");
            let l = expect("bestmove");
            let mut p = pos.clone();
            let mut ms = Vec::new();
            for w in l.split_whitespace().skip(1) {
                let m = read_lan(&p, w);
                p.make_move(&m);
                ms.push(m);
            }
            engine_turns += 1;
            ms
        } else {
            find_action(&pos, Limits::default())
                .done()
                .flatten()
                .unwrap()
        };
        g.apply_action(&moves)
            .unwrap_or_else(|e| panic!("illegal action {moves:?}: {e:?}"));
        for m in &moves {
            history.push_str(&lan(m));
            history.push(' ');
        }
        history.push_str("submit ");
    }
    assert!(engine_turns >= 5, "the engine played {engine_turns} turns");
    // A long think is stopped by `stop` and still answers with a legal action: the
    // position has legal actions (the loop above ended with the game going on, or this
    // asserts it), so `nobestmove` would be a false claim of mate or stalemate.
    let pos = g.position().clone();
    assert!(matches!(
        game::status(&pos, Limits::default()),
        GameStatus::Ongoing | GameStatus::Check
    ));
    send(&format!("position variant Standard moves {history}"));
    send("go infinite");
    send("isready");
    expect("readyok");
    send("stop");
    let l = expect("bestmove");
    let mut p = pos.clone();
    let mut ms = Vec::new();
    for w in l.split_whitespace().skip(1) {
        let m = read_lan(&p, w);
        p.make_move(&m);
        ms.push(m);
    }
    Game::new(pos)
        .apply_action(&ms)
        .expect("a legal action after stop");
    send("quit");
    expect("bye");
    assert!(child.wait().unwrap().success());
}

#[test]
fn arena_smoke() {
    let dir = std::env::temp_dir().join(format!("timefork-arena-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
        .args([
            "arena",
            "--engine",
            "builtin:random",
            "--engine",
            "builtin:easy",
            "--games",
            "2",
            "--movetime",
            "20",
            "--max-actions",
            "40",
            "--pgn-out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("wins "), "{text}");
    assert!(text.contains("score "), "{text}");
    assert!(text.contains("elo "), "{text}");
    for i in 1..=2 {
        let pgn = std::fs::read_to_string(dir.join(format!("game-00{i}.5dpgn"))).unwrap();
        timefork_engine::notation::read_game(&pgn).expect("the saved game reads back");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 13: `stop` while the AI falls back on the exact search (`ctp1.5dpgn` state 7: in
/// check with legal actions, but the beam finds none) must still answer a legal
/// `bestmove`, never `nobestmove`.
#[test]
fn stop_in_a_position_with_legal_actions_answers_bestmove() {
    let text = include_str!("../../engine/tests/data/conformance/ctp1.5dpgn");
    let g = timefork_engine::notation::read_game(text).unwrap();
    let k = 7;
    let mut history = String::new();
    for a in &g.actions[..k] {
        for m in a {
            history.push_str(&lan(m));
            history.push(' ');
        }
        history.push_str("submit ");
    }
    let pos = g.position_at(k);
    assert_eq!(game::status(&pos, Limits::default()), GameStatus::Check);
    let (mut child, mut stdin, mut lines) = engine();
    let mut send = |s: &str| writeln!(stdin, "{s}").unwrap();
    send(&format!(
        "position variant Very Small - Open moves {history}"
    ));
    send("go infinite");
    send("stop");
    legal_answer(&pos, &answer(&mut lines));
    send("quit");
    assert!(child.wait().unwrap().success());
}

/// Spawns `timefork-cli uci`; returns the child, a line writer and the output lines.
fn engine() -> (
    std::process::Child,
    std::process::ChildStdin,
    std::io::Lines<BufReader<std::process::ChildStdout>>,
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    (child, stdin, lines)
}

/// The next line that is not `info` (an error report fails the test).
fn answer(lines: &mut std::io::Lines<BufReader<std::process::ChildStdout>>) -> String {
    loop {
        let l = lines.next().expect("engine output").unwrap();
        assert!(!l.starts_with("info string error"), "{l}");
        if !l.starts_with("info") {
            return l;
        }
    }
}

/// The action of a `bestmove` line, checked legal in `pos`.
fn legal_answer(pos: &timefork_engine::Position, line: &str) -> Vec<Move> {
    assert!(line.starts_with("bestmove "), "{line}");
    let mut p = pos.clone();
    let mut moves = Vec::new();
    for w in line.split_whitespace().skip(1) {
        let m = read_lan(&p, w);
        p.make_move(&m);
        moves.push(m);
    }
    Game::new(pos.clone())
        .apply_action(&moves)
        .unwrap_or_else(|e| panic!("{line}: {e:?}"));
    moves
}

/// Issue 13: a `position` or a `go` that arrives during a search stops it first (it
/// answers for its own position), then is obeyed, as UCI engines do; neither is answered
/// with an error. Each `go infinite` here would otherwise think for a day.
#[test]
fn position_or_go_during_a_search_stops_it() {
    let start = variants::by_name("Standard").unwrap().position;
    let (mut child, mut stdin, mut lines) = engine();
    let mut send = |s: &str| writeln!(stdin, "{s}").unwrap();
    send("setoption name Level value hard");
    // position during a search: the first search answers for the start position...
    send("position variant Standard");
    send("go infinite");
    send("position variant Standard moves (0T1)e2e3 submit");
    let first = answer(&mut lines);
    legal_answer(&start, &first);
    // ...and the next search is for the new position: Black to move after 1. e3.
    let mut after_e3 = start.clone();
    let e3 = read_lan(&after_e3, "(0T1)e2e3");
    after_e3.make_move(&e3);
    after_e3.submit_unchecked();
    send("go infinite");
    // go during a search: the search answers, and the new one starts.
    send("go movetime 50");
    legal_answer(&after_e3, &answer(&mut lines));
    legal_answer(&after_e3, &answer(&mut lines));
    send("isready");
    assert_eq!(answer(&mut lines), "readyok");
    send("quit");
    assert_eq!(answer(&mut lines), "bye");
    assert!(child.wait().unwrap().success());
}

/// The arena waits for `readyok` after `5ducinewgame` before the first `go`: an engine
/// that sets a new game up in the background refuses a `go` until then (this mock, like
/// ftxi's engine, answers "info search already running" and never moves). Before the
/// fix the mock forfeited its first turn; now it plays `(0T1)e2e3` and the one-action
/// game is a draw.
#[test]
fn arena_waits_for_readyok_after_a_new_game() {
    let dir = std::env::temp_dir().join(format!("timefork-mock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mock = dir.join("mock-engine.sh");
    std::fs::write(
        &mock,
        r#"#!/bin/sh
setting_up=0
while read -r cmd rest; do
  case "$cmd" in
    5duci) echo "id name mock"; echo "5duciok" ;;
    isready) setting_up=0; echo "readyok" ;;
    5ducinewgame) setting_up=1 ;;
    go) if [ "$setting_up" = 1 ]; then echo "info search already running"; else echo "bestmove (0T1)e2e3"; fi ;;
    quit) echo "bye"; exit 0 ;;
  esac
done
"#,
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
        .args(["arena", "--engine"])
        .arg(format!("sh {}", mock.display()))
        .args([
            "--engine",
            "builtin:random",
            "--games",
            "1",
            "--movetime",
            "50",
            "--max-actions",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("adjudicated: 1 actions"), "{text}");
    assert!(text.contains("wins 0 draws 1 losses 0"), "{text}");
}

/// Writes a mock 5DUCI engine (a shell script) into a fresh folder; returns the folder and
/// the command line that runs it.
fn mock_engine(name: &str, script: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("timefork-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mock = dir.join("mock-engine.sh");
    std::fs::write(&mock, script.replace("DIR", &dir.display().to_string())).unwrap();
    (dir, format!("sh {}", mock.display()))
}

/// An engine that is not ready for a new game forfeits that game; the match goes on, and
/// every game is scored and saved. Before, one late `readyok` (ftxi's engine, on a loaded
/// machine, in game 14 of 20) ended the whole match with an error and nothing saved.
#[test]
fn an_engine_not_ready_for_a_game_forfeits_it_and_the_match_goes_on() {
    // Starts and answers `isready`, but dies on every `5ducinewgame`.
    let (dir, mock) = mock_engine(
        "dies-on-new-game",
        r#"#!/bin/sh
while read -r cmd rest; do
  case "$cmd" in
    5duci) echo "id name mock"; echo "5duciok" ;;
    isready) echo "readyok" ;;
    5ducinewgame) exit 3 ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    let pgns = dir.join("games");
    let out = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
        .args(["arena", "--engine", "builtin:random", "--engine"])
        .arg(&mock)
        .args(["--games", "2", "--movetime", "50", "--pgn-out"])
        .arg(&pgns)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Game 1: the mock is Black; game 2: White. It forfeits both, before any move.
    assert!(
        text.contains("game 1 (engine 1 white): engine 1 wins (Black forfeits: not ready"),
        "{text}"
    );
    assert!(
        text.contains("game 2 (engine 2 white): engine 1 wins (White forfeits: not ready"),
        "{text}"
    );
    assert!(text.contains("wins 2 draws 0 losses 0"), "{text}");
    for (i, result) in [(1, "1-0"), (2, "0-1")] {
        let pgn = std::fs::read_to_string(pgns.join(format!("game-00{i}.5dpgn"))).unwrap();
        let g = timefork_engine::notation::read_game(&pgn).expect("the saved game reads back");
        assert!(g.actions.is_empty(), "{pgn}");
        assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine that fails its first new game once is restarted, and the game is played.
#[test]
fn an_engine_not_ready_once_is_restarted_and_plays() {
    // The first process to get `5ducinewgame` leaves a mark and dies; the next one plays.
    let (dir, mock) = mock_engine(
        "dies-once",
        r#"#!/bin/sh
while read -r cmd rest; do
  case "$cmd" in
    5duci) echo "id name mock"; echo "5duciok" ;;
    isready) echo "readyok" ;;
    5ducinewgame) if [ ! -e DIR/died ]; then touch DIR/died; exit 3; fi ;;
    go) echo "bestmove (0T1)e2e3" ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    let out = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
        .args(["arena", "--engine"])
        .arg(&mock)
        .args([
            "--engine",
            "builtin:random",
            "--games",
            "1",
            "--movetime",
            "50",
            "--max-actions",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(dir.join("died").exists(), "the mock never failed: {text}");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("adjudicated: 1 actions"), "{text}");
    assert!(text.contains("wins 0 draws 1 losses 0"), "{text}");
}

/// A command that does not start is an error before the match, not a forfeit per game.
#[test]
fn an_engine_that_cannot_start_is_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
        .args([
            "arena",
            "--engine",
            "builtin:random",
            "--engine",
            "/nonexistent/engine",
            "--games",
            "2",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("engine 2 (/nonexistent/engine)"), "{err}");
}

/// Issue 20: `--tc BASE+INC` gives each side a clock, sent on every `go` as `wtime`,
/// `btime`, `winc`, `binc`, and an engine loses on time only when its own clock runs out.
/// The mock (White) answers its first turn at once and thinks 8 s on its second, on a 5 s
/// clock without increment: the second turn runs the clock out. (Only the order of the
/// two matters: a machine would have to take seconds to pass one line to break it. The
/// clock's arithmetic has its own tests with a controlled time, in `arena/clock.rs`.)
#[test]
fn arena_clock_is_sent_and_lost_only_when_it_runs_out() {
    let (dir, mock) = mock_engine(
        "clock",
        r#"#!/bin/sh
n=0
while read -r cmd rest; do
  case "$cmd" in
    5duci) echo "id name mock"; echo "5duciok" ;;
    isready) echo "readyok" ;;
    go) echo "go $rest" >> DIR/go.log; n=$((n+1));
        if [ $n = 1 ]; then echo "bestmove (0T1)e2e3"; else sleep 8; echo "bestmove (0T2)d2d3"; fi ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    let out = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
        .args(["arena", "--engine"])
        .arg(&mock)
        .args(["--engine", "builtin:random", "--games", "1", "--tc", "5+0"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let log = std::fs::read_to_string(dir.join("go.log")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let gos: Vec<&str> = log.lines().collect();
    assert_eq!(gos.len(), 2, "{log}");
    assert_eq!(gos[0], "go wtime 5000 btime 5000 winc 0 binc 0", "{log}");
    // White's clock as its first turn left it (a little under 5 s); Black's as Black's.
    let wtime: u64 = gos[1].split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!((1..=5000).contains(&wtime), "{log}");
    assert!(
        text.contains("engine 2 wins (White loses on time: no bestmove/nobestmove"),
        "{text}"
    );
    assert!(text.contains("5+0 s"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("on time")
            && l.split_whitespace().collect::<Vec<_>>() == ["on", "time", "0", "1", "0"]),
        "{text}"
    );
    assert!(text.contains("wins 0 draws 0 losses 1"), "{text}");
}

/// Issue 20: `--openings` starts each game after an opening's moves, each opening twice
/// with the colours swapped; the saved games hold the opening's moves and name it.
#[test]
fn arena_openings_are_played_with_both_colours() {
    let (dir, _) = mock_engine("openings", "");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# one opening\n1. (0T1)e3 / (0T1)d6 2. (0T2)Nf3 / (0T2)Nf6\n",
    )
    .unwrap();
    let pgns = dir.join("games");
    let out = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
        .args([
            "arena",
            "--engine",
            "builtin:random",
            "--engine",
            "builtin:easy",
            "--games",
            "2",
            "--movetime",
            "20",
            "--max-actions",
            "6",
            "--openings",
        ])
        .arg(&openings)
        .arg("--pgn-out")
        .arg(&pgns)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("game 1 (engine 1 white)"), "{text}");
    assert!(text.contains("game 2 (engine 2 white)"), "{text}");
    assert!(text.contains("1 openings"), "{text}");
    for i in 1..=2 {
        let pgn = std::fs::read_to_string(pgns.join(format!("game-00{i}.5dpgn"))).unwrap();
        let g = timefork_engine::notation::read_game(&pgn).expect("the saved game reads back");
        assert!(pgn.contains("[Opening \""), "{pgn}");
        assert!(pgn.contains("(0T1)e3") && pgn.contains("(0T2)Nf6"), "{pgn}");
        // Four actions of the opening, two played, unless a mate came first.
        assert!(g.actions.len() <= 6 && g.actions.len() >= 4, "{pgn}");
        let opening = timefork_engine::notation::read_game(
            "[Board \"Standard\"]\n1. (0T1)e3 / (0T1)d6 2. (0T2)Nf3 / (0T2)Nf6\n",
        )
        .unwrap();
        assert_eq!(g.actions[..4], opening.actions[..], "{pgn}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Bad time controls and opening files are errors before the match.
#[test]
fn arena_refuses_a_bad_time_control_or_openings() {
    for args in [
        &["--tc", "sixty"][..],
        &["--tc", "0+1"][..],
        &["--movetime", "0"][..],
        &["--openings", "/nonexistent/openings.txt"][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_timefork-cli"))
            .args([
                "arena",
                "--engine",
                "builtin:random",
                "--engine",
                "builtin:random",
            ])
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}
