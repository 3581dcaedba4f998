//! The reviewer's scenario on loopback: a server on a SQLite file; two
//! `timefork-cli online bot` processes seeking rated 5D games are paired and play; the
//! server is killed with SIGKILL in the middle of a game and started again on the same
//! file; both bots finish their games and exit 0, and `online ratings` shows both
//! players' games counted and their ratings moved. The bots think by node count, and the
//! games are untimed, so no result depends on the machine's speed.
//!
//! The server runs as a process of its own: this test binary started again on the
//! helper `server_process` (the server library, as `timefork-server` runs it).

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CLI: &str = env!("CARGO_BIN_EXE_timefork-cli");

#[test]
#[ignore = "the server process of the bots tests, run by them"]
fn server_process() {
    let addr: SocketAddr = std::env::var("TF_TEST_SERVE_ADDR")
        .expect("run by the bots test, which sets TF_TEST_SERVE_ADDR")
        .parse()
        .unwrap();
    let database = std::env::var("TF_TEST_SERVE_DB").expect("TF_TEST_SERVE_DB");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let server = timefork_server::start(timefork_server::Config {
            listen: addr,
            database,
            tls: None,
            limits: timefork_server::Limits::default(),
        })
        .await
        .unwrap();
        eprintln!("server: {} live game(s) resumed", server.restored);
        server.run_forever().await;
    });
}

fn start_server(addr: SocketAddr, db: &str) -> Child {
    let child = Command::new(std::env::current_exe().unwrap())
        .args(["server_process", "--exact", "--ignored", "--nocapture"])
        .env("TF_TEST_SERVE_ADDR", addr.to_string())
        .env("TF_TEST_SERVE_DB", db)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(addr).is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

fn ratings(server: SocketAddr, name: &str) -> serde_json::Value {
    let out = Command::new(CLI)
        .args(["online", "ratings", "--server", &server.to_string(), name])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn events(db: &Path) -> i64 {
    let url = format!("sqlite:{}", db.display());
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let store = timefork_server::store::Store::open(&url).await.unwrap();
        store.count("events").await.unwrap()
    })
}

fn bot(server: SocketAddr, name: &str, config: &Path) -> Child {
    bot_with(
        server,
        name,
        config,
        &[
            "--level", "medium", "--nodes", "3000", "--games", "2", "--clock", "none",
        ],
    )
}

fn bot_with(server: SocketAddr, name: &str, config: &Path, args: &[&str]) -> Child {
    Command::new(CLI)
        .args([
            "online",
            "bot",
            "--server",
            &server.to_string(),
            "--name",
            name,
        ])
        .args(args)
        .env("TIMEFORK_CONFIG_DIR", config)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn two_bots_play_through_a_server_killed_mid_game() {
    let dir: PathBuf = std::env::temp_dir().join(format!("timefork-bots-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db_path = dir.join("server.db");
    let db = format!("sqlite:{}", db_path.display());
    let addr = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let mut server = start_server(addr, &db);
    let bots = [
        bot(addr, "BotAnna", &dir.join("anna")),
        bot(addr, "BotBoris", &dir.join("boris")),
    ];
    // Some turns of the first game are kept, then the server dies at once.
    let deadline = Instant::now() + Duration::from_secs(120);
    while events(&db_path) < 12 {
        assert!(Instant::now() < deadline, "the bots did not start playing");
        std::thread::sleep(Duration::from_millis(100));
    }
    server.kill().unwrap();
    server.wait().unwrap();
    let mut server = start_server(addr, &db);
    for b in bots {
        let out = b.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            stdout.lines().filter(|l| l.starts_with("game ")).count(),
            2,
            "{stdout}"
        );
    }
    // Each bot's token is in its settings folder.
    for (who, name) in [("anna", "BotAnna"), ("boris", "BotBoris")] {
        let text = std::fs::read_to_string(dir.join(who).join("online-identities.json")).unwrap();
        assert!(text.contains(name), "{text}");
    }
    for name in ["BotAnna", "BotBoris"] {
        let v = ratings(addr, name);
        assert_eq!(v["fived"]["games"], 2, "{v}");
        assert_ne!(v["fived"]["rating"].as_f64().unwrap(), 1500.0, "{v}");
        assert!(v["fived"]["deviation"].as_f64().unwrap() < 350.0, "{v}");
        for other in ["wager", "kingdrops"] {
            assert_eq!(v[other]["games"], 0, "{v}");
            assert_eq!(v[other]["rating"], 1500.0, "{v}");
        }
    }
    server.kill().unwrap();
    server.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Wager and Kingdrops bots too: two of each seek the same game, are paired, play it to
/// its end by the rules or the clock, and exit 0; each game counts once in its own kind.
#[test]
fn wager_and_kingdrops_bots_play_rated_games() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("timefork-bots-wk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite:{}", dir.join("server.db").display());
    let addr = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let mut server = start_server(addr, &db);
    let kingdrops = [
        "--game",
        "kingdrops",
        "--level",
        "easy",
        "--depth",
        "1",
        "--clock",
        "none",
    ];
    // Wager is played against the match's clocks: a minute each ends it by time at worst.
    let wager = [
        "--game", "wager", "--level", "easy", "--nodes", "2000", "--clock", "60+0",
    ];
    let bots = [
        (
            "KdAnna",
            "kingdrops",
            bot_with(addr, "KdAnna", &dir.join("a"), &kingdrops),
        ),
        (
            "KdBoris",
            "kingdrops",
            bot_with(addr, "KdBoris", &dir.join("b"), &kingdrops),
        ),
        (
            "WgAnna",
            "wager",
            bot_with(addr, "WgAnna", &dir.join("c"), &wager),
        ),
        (
            "WgBoris",
            "wager",
            bot_with(addr, "WgBoris", &dir.join("d"), &wager),
        ),
    ];
    let mut played = Vec::new();
    for (name, kind, b) in bots {
        let out = b.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "{name}: {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let line = stdout
            .lines()
            .find(|l| l.starts_with("game "))
            .unwrap_or_default();
        assert!(line.contains("; rating 1500.0 -> "), "{name}: {stdout}");
        played.push((name, kind));
    }
    for (name, kind) in played {
        let v = ratings(addr, name);
        assert_eq!(v[kind]["games"], 1, "{name}: {v}");
        assert!(
            v[kind]["deviation"].as_f64().unwrap() < 350.0,
            "{name}: {v}"
        );
        for other in ["fived", "wager", "kingdrops"]
            .into_iter()
            .filter(|k| *k != kind)
        {
            assert_eq!(v[other]["games"], 0, "{name}: {v}");
        }
    }
    server.kill().unwrap();
    server.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
