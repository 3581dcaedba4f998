//! `timefork-cli wager ...`: replay (exact JSON keys and values), perft, selfplay, bench,
//! tune-data and tune.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_timefork-cli");

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("timefork-wager-test-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn file(&self, name: &str, contents: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, contents).unwrap();
        p.to_str().unwrap().to_string()
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

fn run_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn ok(out: Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

fn fails(out: Output) -> String {
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(stderr.starts_with("error: "), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(out.stdout.is_empty());
    stderr
}

const HEAD: &str = "[Mode \"Timeline Wager\"]\n[Clock \"10+10\"]\n";

#[test]
fn replay_prints_the_state_with_exact_keys_and_clocks() {
    // Split at 0 s (+2 s for White), d4 at 10 s on the 80 timeline (White spent 8 s, +8 s;
    // Black spent 2 s), e5 on L1 at 15 s (Black spent 5 s at 1 s/s, +2 s).
    let text = format!("{HEAD}0 W L0 e2e4 split 20\n10 W L0 d2d4\n15 B L1 e7e5\n");
    let dir = TempDir::new();
    let path = dir.file("m.wager", &text);
    let out = ok(run(&["wager", "replay", &path]));
    assert_eq!(out.lines().count(), 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    let expected = json!({
        "timelines": [
            {"number": 0, "fen": "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1",
             "bank": {"white": 40, "black": 40}, "open": true, "result": null},
            {"number": 1, "fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
             "bank": {"white": 10, "black": 10}, "open": true, "result": null}
        ],
        "secured": {"white": 0, "black": 0},
        "clock_ms": {"white": 602000, "black": 595000},
        "result": null
    });
    assert_eq!(v, expected);
    // The keys in the documented order.
    assert!(
        out.starts_with("{\"timelines\":[{\"number\":0,\"fen\":"),
        "{out}"
    );
    assert!(out.contains("\"secured\":{\"white\":0,\"black\":0},\"clock_ms\":{\"white\":602000,\"black\":595000},\"result\":null}"), "{out}");
    // Stdin gives the same.
    assert_eq!(ok(run_stdin(&["wager", "replay", "-"], &text)), out);
}

#[test]
fn replay_of_closed_timelines_and_a_finished_match() {
    // Untimed. L1 (stake 40) ends in fool's mate: Black secures 40. L0 and the refused /
    // accepted merge: L2 (stake 20 from L0) merges back into L0. Then Black resigns.
    let text = "[Mode \"Timeline Wager\"]\n[Clock \"-\"]\n\
                0 W L0 f2f3 split 40\n1 B L1 e7e5\n2 W L1 g2g4\n3 B L1 d8h4\n\
                4 W L0 e2e4 split 20\n5 W L0 e2e4\n6 W merge L0 L2 yes\n7 B merge L0 L2 yes\n\
                8 B resign\n";
    let out = ok(run_stdin(&["wager", "replay", "-"], text));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["clock_ms"], Value::Null);
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["secured"], json!({"white": 0, "black": 40}));
    let t = v["timelines"].as_array().unwrap();
    assert_eq!(t.len(), 3);
    // L0: 30 - 10 + 10 each; L1 mated; L2 merged (its bank as it was when it closed).
    assert_eq!(t[0]["bank"], json!({"white": 30, "black": 30}));
    assert_eq!(
        (t[0]["open"].clone(), t[0]["result"].clone()),
        (json!(true), Value::Null)
    );
    assert_eq!(
        (t[1]["open"].clone(), t[1]["result"].clone()),
        (json!(false), json!("0-1"))
    );
    assert_eq!(
        (t[2]["open"].clone(), t[2]["result"].clone()),
        (json!(false), json!("merged"))
    );
    assert_eq!(t[2]["bank"], json!({"white": 10, "black": 10}));
    for tl in t {
        let keys: Vec<&String> = tl.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 5);
    }
}

#[test]
fn replay_errors_exit_2_with_the_line() {
    let e = fails(run_stdin(
        &["wager", "replay", "-"],
        &format!("{HEAD}0 W L0 e2e4\n\n1 W L0 d2d4\n"),
    ));
    assert!(
        e.contains("<stdin>: line 5:") && e.contains("not White's turn"),
        "{e}"
    );
    let e = fails(run_stdin(&["wager", "replay", "-"], "[Mode \"5D\"]\n"));
    assert!(e.contains("line 1"), "{e}");
    let e = fails(run(&["wager", "replay", "/nonexistent/record.wager"]));
    assert!(e.contains("cannot read"), "{e}");
}

#[test]
fn perft_counts_and_divides() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(ok(run(&["wager", "perft", start, "3"])), "8902\n");
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(ok(run(&["wager", "perft", kiwi, "2"])), "2039\n");
    let out = ok(run(&["wager", "perft", kiwi, "1", "--divide"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 48 + 2);
    assert!(lines.contains(&"e1g1 1") && lines.contains(&"e1c1 1"));
    assert_eq!(lines.last(), Some(&"48"));
    fails(run(&["wager", "perft", "not a fen", "2"]));
    fails(run(&["wager", "perft", start, "11"]));
}

#[test]
fn selfplay_alternates_colours_and_saves_records() {
    let dir = TempDir::new();
    let out_dir = dir.0.join("records");
    let out = ok(run(&[
        "wager",
        "selfplay",
        "--white",
        "builtin:random",
        "--black",
        "builtin:easy",
        "--games",
        "2",
        "--clock",
        "0.02+0",
        "--seed",
        "5",
        "--record-out",
        out_dir.to_str().unwrap(),
    ]));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("match 1: builtin:random (White) vs builtin:easy (Black): "));
    assert!(lines[1].starts_with("match 2: builtin:easy (White) vs builtin:random (Black): "));
    for l in &lines[..2] {
        assert!(l.contains(" secured ") && l.contains(" splits ") && l.contains(" merges "));
    }
    assert!(out.contains("first engine builtin:random: "), "{out}");
    assert!(out.contains("\nWhite: "), "{out}");
    // Each saved record replays to its match's secured points.
    for k in 1..=2 {
        let path = out_dir.join(format!("match-00{k}.wager"));
        let v: Value =
            serde_json::from_str(&ok(run(&["wager", "replay", path.to_str().unwrap()]))).unwrap();
        let s = &v["secured"];
        let line = lines[k - 1];
        assert!(
            line.contains(&format!("secured {}-{}", s["white"], s["black"])),
            "{line} vs {s}"
        );
    }
    let e = fails(run(&[
        "wager",
        "selfplay",
        "--white",
        "hard",
        "--black",
        "builtin:easy",
    ]));
    assert!(e.contains("builtin:LEVEL"), "{e}");
    fails(run(&[
        "wager",
        "selfplay",
        "--white",
        "builtin:easy",
        "--black",
        "builtin:godlike",
    ]));
    fails(run(&[
        "wager",
        "selfplay",
        "--white",
        "builtin:easy",
        "--black",
        "builtin:easy",
        "--clock",
        "fast",
    ]));
}

#[test]
fn bench_reports_thinks() {
    let out = ok(run(&[
        "wager",
        "bench",
        "--timelines",
        "6",
        "--thinks",
        "4",
        "--budget-ms",
        "20",
        "--level",
        "medium",
    ]));
    assert!(out.starts_with("position: 6 open timelines"), "{out}");
    assert!(out.contains("thinks: 4 "), "{out}");
    assert!(out.contains("all events legal"), "{out}");
    fails(run(&["wager", "bench", "--timelines", "51"]));
    fails(run(&["wager", "bench", "--level", "genius"]));
}

#[test]
fn tune_data_and_tune_write_positions_and_weights() {
    let dir = TempDir::new();
    let data = dir.0.join("data.epd");
    let data = data.to_str().unwrap();
    let out = ok(run(&[
        "wager",
        "tune-data",
        "--games",
        "2",
        "--nodes",
        "300",
        "--out",
        data,
    ]));
    assert!(out.contains("from 2 games written to"), "{out}");
    let text = std::fs::read_to_string(data).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty());
    for line in &lines {
        // A FEN (six fields), then the result for White.
        let (fen, result) = line.rsplit_once(' ').unwrap();
        assert_eq!(fen.split(' ').count(), 6, "{line}");
        assert!(["[1.0]", "[0.5]", "[0.0]"].contains(&result), "{line}");
    }
    let weights = dir.0.join("weights.rs");
    let weights = weights.to_str().unwrap();
    let out = ok(run(&[
        "wager", "tune", data, "--epochs", "3", "--out", weights,
    ]));
    // Too few positions to hold a block of 1000 out: said so.
    assert!(out.contains("none held out"), "{out}");
    let src = std::fs::read_to_string(weights).unwrap();
    // One weight pair per term (472), in the layout of weights.rs.
    let (_, table) = src
        .split_once("pub(crate) const FITTED: [Weight; index::COUNT] = [")
        .expect("the table");
    assert_eq!(table.matches("),").count(), 472, "{src}");

    // Bad input: a missing file, a bad line (named), no positions.
    fails(run(&["wager", "tune", "/no/such/file", "--out", weights]));
    let bad = dir.file(
        "bad.epd",
        "8/8/8/8/8/8/8/K6k w - - 0 1 [1.0]\nnot a fen [0.5]\n",
    );
    let e = fails(run(&["wager", "tune", &bad, "--out", weights]));
    assert!(e.contains("line 2"), "{e}");
    let empty = dir.file("empty.epd", "\n");
    fails(run(&["wager", "tune", &empty, "--out", weights]));
    fails(run(&["wager", "tune-data", "--games", "0", "--out", data]));
    fails(run(&[
        "wager",
        "tune-data",
        "--random-plies",
        "41",
        "--out",
        data,
    ]));
}
