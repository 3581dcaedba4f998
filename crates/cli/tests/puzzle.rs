//! `timefork-cli puzzle`: verify (the shipped set, wrong and unreadable puzzles), solve,
//! and generate on a one-game folder.
//!
//! The hand-made positions are the engine's puzzle tests' (crates/engine/tests/puzzle.rs
//! works their answers out): one 5x5 board, White's rooks against Black's lone king.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

const BIN: &str = env!("CARGO_BIN_EXE_timefork-cli");

/// Black Ke5, White Ra4 and Rb1: mate in 1 by (0T1)Rb5 only.
const MATE1_GAME: &str =
    "[Board \"custom\"]\n[Mode \"5D\"]\n[Size \"5x5\"]\n[4k/R4/5/5/1R3:0:1:w]\n";

/// Black Ke4, White Ra3 and Rb1: no mate in 1; mate in 2 by 1. Rb4+ K~ 2. Ra5.
fn mate2_puzzle(goal: &str) -> String {
    format!(
        "[Board \"custom\"]\n[Mode \"5D\"]\n[Size \"5x5\"]\n[Goal \"{goal}\"]\n\
         [5/4k/R4/5/1R3:0:1:w]\n"
    )
}

/// A fresh folder under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("timefork-puzzle-test-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn file(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }
    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn last_line(o: &Output) -> String {
    stdout(o).lines().last().unwrap_or("").to_string()
}

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles")
}

fn count_files(dir: &Path) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            n += count_files(&p);
        } else if p.extension().is_some_and(|x| x == "5dpgn") {
            n += 1;
        }
    }
    n
}

#[test]
fn the_shipped_puzzles_all_verify() {
    let dir = shipped();
    let total = count_files(&dir);
    assert!(total >= 40, "{total} puzzles shipped, at least 40 wanted");
    for tier in ["easy", "medium", "hard"] {
        let n = count_files(&dir.join(tier));
        assert!(n >= 10, "{n} {tier} puzzles, at least 10 wanted");
    }
    let t = Instant::now();
    let o = run(&["puzzle", "verify", dir.to_str().unwrap()]);
    eprintln!(
        "verified {total} puzzles in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(last_line(&o), format!("{total} puzzles verified"));
    assert_eq!(
        stdout(&o).lines().filter(|l| l.starts_with("ok ")).count(),
        total
    );
}

#[test]
fn a_wrong_puzzle_fails_with_status_1() {
    let d = TempDir::new();
    d.file("a-right.5dpgn", &mate2_puzzle("mate in 2"));
    d.file("b-wrong.5dpgn", &mate2_puzzle("mate in 1"));
    let o = run(&["puzzle", "verify", d.path()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(out.lines().next().unwrap().starts_with("ok "), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("FAIL ")
            && l.contains("b-wrong.5dpgn")
            && l.contains("no mate in 1")),
        "{out}"
    );
    assert_eq!(last_line(&o), "1 puzzles verified");
    assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));

    // Mate in 3 claimed where there is a mate in 2.
    let f = d.file("c-long.5dpgn", &mate2_puzzle("mate in 3"));
    let o = run(&["puzzle", "verify", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("a shorter mate exists: mate in 2"),
        "{}",
        stdout(&o)
    );
    assert_eq!(last_line(&o), "0 puzzles verified");
}

#[test]
fn an_unreadable_puzzle_fails_with_status_2() {
    let d = TempDir::new();
    d.file("good.5dpgn", &mate2_puzzle("mate in 2"));
    d.file("no-goal.5dpgn", MATE1_GAME);
    let o = run(&["puzzle", "verify", d.path()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("no [Goal"), "{}", stdout(&o));
    assert_eq!(last_line(&o), "1 puzzles verified");
    assert!(stderr(&o).starts_with("error: "));

    let o = run(&["puzzle", "verify", d.0.join("missing").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn solve_prints_the_shortest_mate_and_its_line() {
    let d = TempDir::new();
    let f = d.file("m2.5dpgn", &mate2_puzzle("mate in 2"));
    let o = run(&["puzzle", "solve", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    // 1. Rb4+ and, after either king move, 2. Ra5 (worked out in the engine's tests).
    assert!(out.starts_with("mate in 2: 1. (0T1)Rb4 / (0T1)K"), "{out}");
    assert!(out.trim_end().ends_with("2. (0T2)Ra5"), "{out}");

    let o = run(&["puzzle", "solve", "--max-n", "1", f.to_str().unwrap()]);
    assert_eq!(stdout(&o), "no mate in 1 or fewer\n");
}

#[test]
fn generate_writes_verified_puzzles() {
    let games = TempDir::new();
    games.file("mate1.5dpgn", MATE1_GAME);
    let out = TempDir::new();
    let o = run(&[
        "puzzle",
        "generate",
        "--games",
        games.path(),
        "--out",
        out.path(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("written: 1 easy, 0 medium, 0 hard"),
        "{}",
        stdout(&o)
    );
    let written = out.0.join("easy/01-custom.5dpgn");
    let text = std::fs::read_to_string(&written).unwrap();
    assert!(text.contains("[Goal \"mate in 1\"]"), "{text}");
    assert!(text.contains("[Solution \"1. (0T1)Rb5\"]"), "{text}");
    let o = run(&["puzzle", "verify", out.path()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(last_line(&o), "1 puzzles verified");
}
