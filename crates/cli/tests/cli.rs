//! Runs the built `timefork-cli` binary on small games and checks its output and exit status.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_timefork-cli");

const STANDARD_START: &str = "[Board \"Standard\"]\n[Mode \"5D\"]\n";

/// A real game that ends in checkmate, from the test suite of the public penteract/cwmtt
/// project (`standard.5dpgn`). Per-state action counts capped at 1000, as two independent
/// engines agree on them.
const MATE_GAME: &str = "[Board \"Standard\"]
[Mode \"5D\"]
1. e3 / Nf6
2. Bb5 / e6
3. c3 / Ne4
4. Qb3 / Qf6
5. (0T5)Qb3>>x(0T1)f7~ (>L1) / (1T1)Kxf7
6. (1T2)Nf3 / (1T2)e6
7. (1T3)Nf3>>(1T2)f5 (>L2) / (1T3)Qh4
8. (1T4)e3 / (0T5)Qf6>>x(0T1)f2~ (>L-1)
";
const MATE_GAME_COUNTS: &str = "20 20 32 23 46 33 49 44 64 65 29 1000 44 1000 37 1000 0";

/// The fool's mate is not mate in 5D: the king escapes back in time with
/// `(0T3)Ke1>>(0T2)f2`, its only legal action.
const FOOLS_MATE: &str = "[Board \"Standard\"]\n[Mode \"5D\"]\n1. f3 / e6\n2. g4 / Qh4\n";

/// A file in a fresh directory under the system temp dir, removed on drop.
struct TempFile {
    dir: PathBuf,
    path: PathBuf,
}

impl TempFile {
    fn new(contents: &str) -> TempFile {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("timefork-cli-test-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.5dpgn");
        std::fs::write(&path, contents).unwrap();
        TempFile { dir, path }
    }
    fn path(&self) -> &str {
        self.path.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
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

/// Stdout of a run that must succeed.
fn ok(out: Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Stderr of a run that must fail with exit status 2 and an `error: ` message.
fn fails(out: Output) -> String {
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(stderr.starts_with("error: "), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(out.stdout.is_empty());
    stderr
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn count_standard_start_is_20() {
    let f = TempFile::new(STANDARD_START);
    assert_eq!(ok(run(&["count", f.path()])), "20\n");
    assert_eq!(ok(run(&["count", "--at", "0", f.path()])), "20\n");
}

#[test]
fn count_each_on_a_short_game() {
    let f = TempFile::new("[Board \"Standard\"]\n[Mode \"5D\"]\n1. e3 / Nf6\n2. Bb5 / e6\n");
    assert_eq!(ok(run(&["count", "--each", f.path()])), "20 20 32 23 46\n");
    assert_eq!(ok(run(&["count", "--at", "2", f.path()])), "32\n");
    assert_eq!(ok(run(&["count", f.path()])), "46\n");
}

#[test]
fn count_cap() {
    let f = TempFile::new(STANDARD_START);
    assert_eq!(ok(run(&["count", "--cap", "5", f.path()])), "5\n");
    assert_eq!(ok(run(&["count", "--cap", "20", f.path()])), "20\n");
    assert_eq!(ok(run(&["count", "--cap", "1000", f.path()])), "20\n");
    let g = TempFile::new(MATE_GAME);
    assert_eq!(
        ok(run(&["count", "--cap", "1000", "--each", g.path()])),
        format!("{MATE_GAME_COUNTS}\n")
    );
}

#[test]
fn count_reads_stdin() {
    assert_eq!(ok(run_stdin(&["count", "-"], STANDARD_START)), "20\n");
}

#[test]
fn status_of_a_checkmate_game() {
    let f = TempFile::new(MATE_GAME);
    assert_eq!(ok(run(&["status", f.path()])), "checkmate\n");
    assert_eq!(ok(run(&["status", "--at", "0", f.path()])), "ongoing\n");
    let each = ok(run(&["status", "--each", f.path()]));
    let lines: Vec<&str> = each.lines().collect();
    assert_eq!(lines.len(), 17);
    assert_eq!(lines[16], "checkmate");
    assert!(
        lines[..16].iter().all(|s| ["check", "ongoing"].contains(s)),
        "{each}"
    );
}

#[test]
fn fools_mate_is_only_check_in_5d() {
    let f = TempFile::new(FOOLS_MATE);
    assert_eq!(ok(run(&["status", f.path()])), "check\n");
    assert_eq!(ok(run(&["count", f.path()])), "1\n");
    let escape = TempFile::new(&format!("{FOOLS_MATE}3. (0T3)Ke1>>(0T2)f2\n"));
    assert_eq!(ok(run(&["status", escape.path()])), "ongoing\n");
}

#[test]
fn status_json_fields() {
    let f = TempFile::new(MATE_GAME);
    let objs = json_lines(&ok(run(&["status", "--json", f.path()])));
    assert_eq!(objs.len(), 1);
    let o = &objs[0];
    assert_eq!(o["state"], 16);
    assert_eq!(o["status"], "checkmate");
    assert_eq!(o["to_move"], "white");
    assert_eq!(o["present"]["turn"], 2);
    assert_eq!(o["present"]["color"], "white");
    let tls = o["timelines"].as_array().unwrap();
    let labels: Vec<&str> = tls.iter().map(|t| t["index"].as_str().unwrap()).collect();
    assert_eq!(labels, ["-1", "0", "1", "2"]);
    assert!(tls.iter().all(|t| t["active"] == true));
    assert_eq!(tls[1]["last_turn"], 6);
    assert_eq!(tls[1]["last_color"], "white");
    assert_eq!(tls[3]["last_turn"], 2);
    assert_eq!(tls[3]["last_color"], "black");
    let hash = o["hash"].as_str().unwrap();
    assert_eq!(hash.len(), 16);
    assert!(
        hash.chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
    );

    let each = json_lines(&ok(run(&["status", "--json", "--each", f.path()])));
    assert_eq!(each.len(), 17);
    assert_eq!(each[16], *o);
    assert_eq!(each[0]["to_move"], "white");
    assert_eq!(each[1]["to_move"], "black");
    assert_eq!(each[0]["present"]["turn"], 1);
    assert_eq!(each[0]["timelines"].as_array().unwrap().len(), 1);
    // Equal positions, equal hashes; different positions, different hashes.
    let start = TempFile::new(STANDARD_START);
    let s = json_lines(&ok(run(&["status", "--json", start.path()])));
    assert_eq!(s[0]["hash"], each[0]["hash"]);
    assert_ne!(each[0]["hash"], each[1]["hash"]);
}

#[test]
fn status_json_labels_even_timelines() {
    let f = TempFile::new("[Board \"Standard - Two Timelines\"]\n[Mode \"5D\"]\n");
    let o = &json_lines(&ok(run(&["status", "--json", f.path()])))[0];
    let labels: Vec<&str> = o["timelines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["index"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["-0", "+0"]);
}

#[test]
fn convert_rereads_to_the_same_position() {
    let f = TempFile::new(MATE_GAME);
    let hash = |path: &str| json_lines(&ok(run(&["status", "--json", "--each", path])));
    let canonical = ok(run(&["convert", f.path()]));
    assert!(
        canonical.starts_with("[Board \"Standard\"]\n"),
        "{canonical}"
    );
    let g = TempFile::new(&canonical);
    assert_eq!(hash(f.path()), hash(g.path()));
    // Canonical text is a fixed point.
    assert_eq!(ok(run(&["convert", g.path()])), canonical);
    assert_eq!(ok(run_stdin(&["convert", "-"], MATE_GAME)), canonical);
}

#[test]
fn variants_lists_the_named_variants() {
    let out = ok(run(&["variants"]));
    let names: Vec<&str> = out.lines().collect();
    assert!(names.contains(&"Standard"));
    assert!(names.contains(&"Standard - Turn Zero"));
}

fn assert_names(stderr: &str, file: &Path) {
    assert!(
        stderr.contains(file.to_str().unwrap()),
        "stderr does not name the file: {stderr}"
    );
}

#[test]
fn missing_file_exits_2() {
    let f = TempFile::new("");
    let missing = f.dir.join("no-such-game.5dpgn");
    let err = fails(run(&["count", missing.to_str().unwrap()]));
    assert_names(&err, &missing);
    fails(run(&["status", missing.to_str().unwrap()]));
    fails(run(&["convert", missing.to_str().unwrap()]));
}

/// Issue 20: a file with no game in it (empty, blank, only a comment) is an error, not an
/// empty Standard game; a file with headers and no moves is still a game.
#[test]
fn a_file_with_no_game_exits_2() {
    for text in ["", "\n\n  \n", "{ a comment and nothing else }\n"] {
        let f = TempFile::new(text);
        for cmd in ["count", "status", "convert"] {
            let err = fails(run(&[cmd, f.path()]));
            assert!(
                err.contains(&format!("no game in {}", f.path())),
                "{cmd} on {text:?}: {err}"
            );
        }
        let err = fails(run_stdin(&["count", "-"], text));
        assert!(err.contains("no game in <stdin>"), "{err}");
    }
    let headers_only = TempFile::new("[Board \"Standard\"]\n");
    assert_eq!(ok(run(&["count", headers_only.path()])), "20\n");
}

#[test]
fn garbage_exits_2() {
    let f = TempFile::new("this is not a game\n");
    let err = fails(run(&["status", f.path()]));
    assert_names(&err, &f.path);
    assert!(err.contains("line 1"), "{err}");
    let err = fails(run_stdin(&["count", "-"], "this is not a game\n"));
    assert!(err.contains("<stdin>"), "{err}");
}

#[test]
fn illegal_move_exits_2() {
    let f = TempFile::new("[Board \"Standard\"]\n[Mode \"5D\"]\n1. e4 / e5\n2. Ke3\n");
    let err = fails(run(&["count", f.path()]));
    assert_names(&err, &f.path);
    assert!(err.contains("line 4") && err.contains("Ke3"), "{err}");
    fails(run(&["convert", f.path()]));
}

#[test]
fn state_out_of_range_exits_2() {
    let f = TempFile::new(FOOLS_MATE);
    let err = fails(run(&["count", "--at", "5", f.path()]));
    assert!(
        err.contains("--at 5") && err.contains("out of range"),
        "{err}"
    );
    assert_names(&err, &f.path);
    fails(run(&["status", "--json", "--at", "99", f.path()]));
    assert_eq!(ok(run(&["count", "--at", "4", f.path()])), "1\n");
}

#[test]
fn usage_errors_exit_2() {
    let f = TempFile::new(STANDARD_START);
    assert_eq!(
        run(&["count", "--at", "1", "--each", f.path()])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(run(&["count"]).status.code(), Some(2));
    assert_eq!(run(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn bench_times_a_folder_of_games() {
    let file = TempFile::new(MATE_GAME);
    let dir = file.dir.to_str().unwrap();
    let out = run(&["bench", "--games", dir]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("perft: 17 states in 1 games"), "{text}");
    assert!(
        text.contains("undecided within 5000000 nodes: none"),
        "{text}"
    );
    assert!(text.contains("mate: game.5dpgn: checkmate"), "{text}");
}

#[test]
fn bench_on_a_missing_folder_exits_2() {
    let out = run(&["bench", "--games", "/nonexistent/timefork"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A leaderboard of two entries: Black's real checkmate in `MATE_GAME` (8 turns), and the
/// same game wrongly claimed as White's win.
fn leaderboard_json(second_human: &str) -> String {
    let entry = |human: &str| {
        serde_json::json!({
            "game": "5d", "name": "Ada", "variant": "Standard", "level": "Hard",
            "date": 1796083200u64, "turns": 8, "seconds": 300, "clock": null,
            "time_used_ms": 1000, "human": human, "record": MATE_GAME
        })
    };
    serde_json::json!({"version": 2, "entries": [entry("black"), entry(second_human)]}).to_string()
}

#[test]
fn leaderboard_verify_replays_every_entry() {
    let good = TempFile::new(&leaderboard_json("black"));
    let out = ok(run(&["leaderboard", "verify", good.path()]));
    assert_eq!(out.lines().last(), Some("2 entries verified"), "{out}");
    let bad = TempFile::new(&leaderboard_json("white"));
    let out = run(&["leaderboard", "verify", bad.path()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("FAIL 2") && err.contains("AI is not the side that was mated"),
        "{err}"
    );
    let broken = TempFile::new("{ not json");
    assert_eq!(
        run(&["leaderboard", "verify", broken.path()]).status.code(),
        Some(2)
    );
    // An entry that does not read fails in its place; the others are still checked.
    let one_unreadable = leaderboard_json("green");
    let file = TempFile::new(&one_unreadable);
    let out = run(&["leaderboard", "verify", file.path()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ok 1: "), "{err}");
    assert!(err.contains("FAIL 2: the entry does not read"), "{err}");
    assert!(err.contains("1 of 2 entries failed"), "{err}");
}

/// `reference-check` plays random games and compares every state three ways; a small run
/// finds no difference and says what it compared, the same for the same seed.
#[test]
fn reference_check_compares_random_games() {
    let args = [
        "reference-check",
        "--variant",
        "very small - open",
        "--games",
        "2",
        "--plies",
        "5",
        "--seed",
        "7",
        "--budget",
        "20000",
    ];
    let first = ok(run(&args));
    assert!(
        first.starts_with("Very Small - Open: 2 games, ") && first.contains("no difference"),
        "{first}"
    );
    let states = |t: &str| {
        t.lines()
            .next()
            .unwrap()
            .split(" games, ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    };
    let n: u32 = states(&first).parse().unwrap();
    assert!((2..=10).contains(&n), "{first}");
    assert_eq!(
        states(&ok(run(&args))),
        states(&first),
        "the same seed, the same states"
    );
    let e = fails(run(&["reference-check", "--variant", "No Such Chess"]));
    assert!(e.contains("no variant named \"No Such Chess\""), "{e}");
}

/// A public game's file (the engine's conformance set).
fn conformance(name: &str) -> String {
    format!(
        "{}/../engine/tests/data/conformance/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `eval`: the final state of a game White lost by checkmate is White mated now, `M-0`;
/// the symmetric start is about level (within half a pawn, White's move worth little
/// more); a depth of 0 is refused.
#[test]
fn eval_reads_mates_apart_from_pawns() {
    let game = conformance("manyChecks.5dpgn");
    assert_eq!(ok(run(&["eval", &game])), "52 M-0\n");
    let start = ok(run(&["eval", "--at", "0", "--depth", "1", &game]));
    let (k, score) = start.trim().split_once(' ').unwrap();
    assert_eq!(k, "0");
    let pawns: f64 = score.parse().unwrap();
    assert!(pawns.abs() <= 0.5, "{start}");
    assert!(fails(run(&["eval", "--depth", "0", &game])).contains("--depth"));
}
