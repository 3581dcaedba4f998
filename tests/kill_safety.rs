//! Kill safety: a child process writes a 5D save, the settings and the leaderboard over
//! and over through the game's own writers, alternating two versions of each; the test
//! kills it at random moments, many times, and checks after every kill that each file is
//! exactly the old or the new version, never a broken one.
//!
//! Run by `cargo test` (this file has its own `main`: the same binary is the child when
//! `TIMEFORK_KILL_WRITER` names a folder). `TIMEFORK_KILLS=N` changes the number of kills.
//!
//! The child says when it has written every file once; each kill comes a random moment
//! after that, so every kill is checked however slowly the child starts. Kills go on until
//! one has landed in the middle of a write (a temporary file left behind), however the
//! moments fall on this machine: at most ten times the number asked.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use timefork::fived::matchplay::Match;
use timefork::fived::matchplay::clocks::Clocks;
use timefork::leaderboard::{Entry, Leaderboard};
use timefork::players::{AiLevel, Player};
use timefork::settings::Settings;

const DEFAULT_KILLS: usize = 60;

/// Version `v` (0 or 1) of the three files' contents. The leaderboard is large so a kill
/// often lands in the middle of writing it.
fn contents(v: usize) -> (String, Settings, Leaderboard) {
    let mut m =
        Match::from_variant("Standard", [Player::Human, Player::Ai(AiLevel::Hard)]).unwrap();
    if v == 1 {
        // The second version has one more turn.
        let mut moves = Vec::new();
        for (l, _) in m.pos.playable_boards() {
            m.pos.board_moves(l, &mut moves);
        }
        m.game.apply_action(&moves[..1]).unwrap();
        m.pos = m.game.position().clone();
    }
    let save = timefork::fived::save::save_text(&m, &Clocks::default(), None);
    let settings = Settings {
        volume: if v == 0 { 0.25 } else { 0.75 },
        player_name: format!("version {v}"),
        ..Settings::default()
    };
    let entry = |i: usize| Entry {
        game: timefork_records::GameKind::FiveD,
        name: format!("player {i} of version {v}"),
        variant: "Standard".into(),
        level: AiLevel::Easy,
        date: i as u64,
        turns: (i + v) as u32,
        seconds: 60,
        clock: None,
        time_used_ms: 1000,
        human: timefork_records::Side::White,
        record: "1. (0T1)e4 / (0T1)e5\n".repeat(20),
    };
    let board = Leaderboard {
        version: timefork_records::leaderboard::VERSION,
        entries: (0..400).map(entry).collect(),
    };
    (save, settings, board)
}

struct Files {
    save: PathBuf,
    settings: PathBuf,
    leaderboard: PathBuf,
}

fn files(dir: &Path) -> Files {
    Files {
        save: dir.join("saves/game.5dpgn"),
        settings: dir.join("settings.json"),
        leaderboard: dir.join("leaderboard.json"),
    }
}

/// The child: writes the three files forever, alternating versions, until killed.
fn writer(dir: &Path) -> ! {
    let f = files(dir);
    let versions = [contents(0), contents(1)];
    for i in 0.. {
        let (save, settings, board) = &versions[i % 2];
        timefork::files::write_atomically(&f.save, save.as_bytes()).unwrap();
        settings.save(&f.settings).unwrap();
        timefork::leaderboard::save(board, &f.leaderboard).unwrap();
        if i == 0 {
            // Every file exists from here on: the parent may kill.
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "ready").and_then(|()| out.flush());
        }
    }
    unreachable!()
}

/// Which version a file holds; panics if it is neither.
fn check(dir: &Path, kill: usize) {
    let f = files(dir);
    let versions = [contents(0), contents(1)];
    let save = std::fs::read_to_string(&f.save).unwrap();
    assert!(
        versions.iter().any(|v| v.0 == save),
        "kill {kill}: the save is neither version ({} bytes)",
        save.len()
    );
    timefork::fived::save::read_save(&save).expect("the save reads");
    let settings = Settings::load(&f.settings);
    assert!(
        versions.iter().any(|v| v.1 == settings),
        "kill {kill}: the settings are neither version: {settings:?}"
    );
    let text = std::fs::read_to_string(&f.leaderboard).unwrap();
    let board = Leaderboard::from_json(&text).unwrap_or_else(|e| panic!("kill {kill}: {e}"));
    assert!(
        versions.iter().any(|v| v.2 == board),
        "kill {kill}: the leaderboard is neither version"
    );
}

fn main() {
    if let Some(dir) = std::env::var_os("TIMEFORK_KILL_WRITER") {
        writer(Path::new(&dir));
    }
    // Under `cargo test -- --list` and the like, say what is here and stop.
    if std::env::args().any(|a| a == "--list") {
        println!("kill_safety: test");
        return;
    }
    let kills: usize = std::env::var("TIMEFORK_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_KILLS);
    let dir = std::env::temp_dir().join(format!("timefork-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let exe = std::env::current_exe().unwrap();
    // A deterministic spread of kill moments, from right after the first writes to well
    // into the loop.
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut mid_write = 0;
    let mut kill = 0;
    while kill < kills || mid_write == 0 && kill < 10 * kills {
        let mut child = Command::new(&exe)
            .env("TIMEFORK_KILL_WRITER", &dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the test binary starts again as the writer");
        let mut ready = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut ready)
            .unwrap();
        assert_eq!(ready.trim(), "ready", "the writer wrote every file once");
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        std::thread::sleep(Duration::from_millis(seed % 40));
        child.kill().expect("the writer can be killed");
        child.wait().unwrap();
        check(&dir, kill);
        // A temporary file left behind means the kill landed in the middle of a write.
        let leftovers = walk(&dir)
            .into_iter()
            .filter(|p| p.to_string_lossy().contains(".tmp"))
            .count();
        if leftovers > 0 {
            mid_write += 1;
            for p in walk(&dir)
                .into_iter()
                .filter(|p| p.to_string_lossy().contains(".tmp"))
            {
                let _ = std::fs::remove_file(p);
            }
        }
        kill += 1;
    }
    println!(
        "kill_safety: {kill} kills, {mid_write} of them in the middle of a write: every file was whole"
    );
    assert!(
        mid_write > 0,
        "no kill landed in the middle of a write: the test proved nothing"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}
