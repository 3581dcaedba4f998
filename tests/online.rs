//! The game as a client of a real Timefork server on loopback: "Play online" connects,
//! seeks and is paired with a headless client; the 5D game opens on its play screen, the
//! person's turn reaches the other player through the server, the other's turn reaches
//! the window's match through the same joiner path a LAN game uses, and a resignation
//! ends it with the players' ratings moved.

mod common;
use bevy::prelude::*;
use std::time::Duration;
use timefork::fived::matchplay::{Match, Request};
use timefork::net::NetSession;
use timefork::net::online::{OnlineLink, OnlinePhase, OnlineRequest};
use timefork::screens::Screen;
use timefork_engine::notation;
use timefork_net::msg::{FiveDReq, FiveDSync, ToJoiner};
use timefork_net::online::{ClockSpec, PlayReq, Seek, ToClient, ToServer};
use timefork_online::client::Client;
use timefork_records::{GameKind, Side};

const WAIT: Duration = Duration::from_secs(20);

/// The server on a thread of its own, on a fresh SQLite file.
fn server(dir: &std::path::Path) -> std::net::SocketAddr {
    server_with(dir, None)
}

/// The server's test certificate and key (`crates/server/tests/data`), self-signed.
fn test_tls() -> Option<(std::path::PathBuf, std::path::PathBuf)> {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/server/tests/data");
    Some((data.join("test-cert.pem"), data.join("test-key.pem")))
}

fn server_with(
    dir: &std::path::Path,
    tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
) -> std::net::SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    let db = format!("sqlite:{}", dir.join("server.db").display());
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async {
            let s = timefork_server::start(timefork_server::Config {
                listen: "127.0.0.1:0".parse().unwrap(),
                database: db,
                tls,
                limits: timefork_server::Limits::default(),
            })
            .await
            .unwrap();
            tx.send(s.addr).unwrap();
            s.run_forever().await;
        });
    });
    rx.recv().unwrap()
}

/// Frames until `done`, with the other client read in between.
fn run_until(app: &mut App, mut done: impl FnMut(&App) -> bool) {
    common::run_until(app, |a| done(a));
}

/// The other client's next frame that `pick` takes.
fn expect<T>(c: &mut Client, app: &mut App, mut pick: impl FnMut(&ToClient) -> Option<T>) -> T {
    let start = std::time::Instant::now();
    let mut seen = Vec::new();
    loop {
        assert!(
            start.elapsed() < WAIT,
            "the other client waited in vain; it saw {seen:?}; the window's note: {:?}",
            app.world()
                .get_resource::<OnlineLink>()
                .map(|l| (&l.phase, &l.note))
        );
        app.update();
        if let Some(m) = c.recv(Duration::from_millis(5)).unwrap() {
            if let Some(t) = pick(&m) {
                return t;
            }
            seen.push(format!("{m:?}").chars().take(200).collect::<String>());
        }
    }
}

fn seek() -> Seek {
    Seek {
        game: GameKind::FiveD,
        variant: Some("Standard".into()),
        clock: Some(ClockSpec {
            base_s: 600,
            increment_s: 5,
        }),
        rated: true,
        color: Some(Side::White),
        range: None,
    }
}

#[test]
fn a_5d_game_on_a_server_plays_through_the_joiners_path() {
    let dir = std::env::temp_dir().join(format!("timefork-online-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let addr = server(&dir);

    let mut app = timefork::headless_app();
    common::go(&mut app, Screen::Online);
    app.world_mut().write_message(OnlineRequest::Connect {
        server: addr.to_string(),
        name: "Window".into(),
    });
    run_until(&mut app, |a| {
        a.world()
            .get_resource::<OnlineLink>()
            .is_some_and(|l| l.phase == OnlinePhase::Ready)
    });
    // The name's key is kept in the app's settings folder.
    let config = app
        .world()
        .resource::<timefork::files::ConfigDir>()
        .0
        .clone();
    let ids = std::fs::read_to_string(config.join("online-identities.json")).unwrap();
    assert!(ids.contains("Window"), "{ids}");
    app.world_mut().write_message(OnlineRequest::Seek(seek()));
    run_until(&mut app, |a| a.world().resource::<OnlineLink>().seeking);

    let mut other = Client::connect(&addr.to_string(), WAIT).unwrap();
    other.hello("Other", None, true, WAIT).unwrap();
    other
        .send(&ToServer::Seek {
            seek: Seek {
                color: None,
                ..seek()
            },
        })
        .unwrap();
    let id = expect(&mut other, &mut app, |m| match m {
        ToClient::Started { info } => Some(info.id),
        _ => None,
    });
    // The window: a network game seen from White's side, on the 5D play screen.
    run_until(&mut app, |a| {
        a.world().get_resource::<Match>().is_some()
            && *a.world().resource::<State<Screen>>().get() == Screen::FiveDPlay
    });
    let session = app.world().resource::<NetSession>();
    assert_eq!((session.game, session.side), (GameKind::FiveD, Side::White));
    // The server's clock is the window's: 10 minutes and 5 seconds a turn.
    assert_eq!(
        app.world().resource::<Match>().time_control,
        Some(timefork::fived::matchplay::clocks::TimeControl {
            base_secs: 600,
            increment_secs: 5
        })
    );
    let info = app.world().resource::<OnlineLink>().game.clone().unwrap();
    assert_eq!(
        (info.white.name.as_str(), info.black.name.as_str()),
        ("Window", "Other")
    );

    // The person's turn: e4, submitted; the other player sees it.
    let m = app.world().resource::<Match>().clone();
    let e4 = notation::read_turn_moves(&m.pos, "(0T1)e2e4").unwrap()[0];
    app.world_mut().write_message(Request::Move(e4));
    // The server decides: the move is on the window's board once it comes back.
    run_until(&mut app, |a| {
        a.world().resource::<Match>().pos.turn_len() == 1
    });
    app.world_mut().write_message(Request::Submit);
    let text = expect(&mut other, &mut app, |m| match m {
        ToClient::Game {
            msg:
                ToJoiner::FiveD {
                    sync: FiveDSync::Actions { from: 0, text },
                },
            ..
        } => Some(text.clone()),
        _ => None,
    });
    assert_eq!(
        notation::read_actions(&m.game.position_at(0), &text).unwrap(),
        vec![vec![e4]]
    );
    // The other's answer reaches the window's match.
    other
        .send(&ToServer::Play {
            game: id,
            seq: 1,
            req: PlayReq::FiveD {
                req: FiveDReq::Move {
                    text: "(0T1)e7e5".into(),
                },
            },
        })
        .unwrap();
    other
        .send(&ToServer::Play {
            game: id,
            seq: 2,
            req: PlayReq::FiveD {
                req: FiveDReq::Submit,
            },
        })
        .unwrap();
    run_until(&mut app, |a| {
        a.world().resource::<Match>().game.actions.len() == 2
    });
    // The other resigns: the window's match is over, and its note says how, with the
    // rating moved.
    other
        .send(&ToServer::Play {
            game: id,
            seq: 3,
            req: PlayReq::FiveD {
                req: FiveDReq::Resign,
            },
        })
        .unwrap();
    run_until(&mut app, |a| {
        a.world().resource::<Match>().is_over() && a.world().resource::<OnlineLink>().note.is_some()
    });
    let note = app.world().resource::<OnlineLink>().note.clone().unwrap();
    assert!(note.starts_with("1-0"), "{note}");
    let r = app.world().resource::<OnlineLink>().ratings.unwrap();
    assert!(r.fived.rating > 1500.0 && r.fived.games == 1, "{r:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A spectator's window: a live game between two other players is listed in the lobby,
/// Watch opens it on the play screen with the whole record, every later turn arrives,
/// the window plays neither side (its input makes no request), and the ending shows.
/// The finished game is then listed, and Replay opens its record.
#[test]
fn a_spectator_window_follows_a_game_and_replays_it_after() {
    let dir = std::env::temp_dir().join(format!("timefork-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let addr = server(&dir);
    // Two players of the server's own, paired on an untimed casual 5D game.
    let mut white = Client::connect(&addr.to_string(), WAIT).unwrap();
    white.hello("Anna", None, false, WAIT).unwrap();
    let mut black = Client::connect(&addr.to_string(), WAIT).unwrap();
    black.hello("Boris", None, false, WAIT).unwrap();
    let seek = |color| Seek {
        clock: None,
        rated: false,
        color: Some(color),
        ..seek()
    };
    white
        .send(&ToServer::Seek {
            seek: seek(Side::White),
        })
        .unwrap();
    black
        .send(&ToServer::Seek {
            seek: seek(Side::Black),
        })
        .unwrap();
    let mut app = timefork::headless_app();
    let id = expect(&mut white, &mut app, |m| match m {
        ToClient::Started { info } => Some(info.id),
        _ => None,
    });
    let play = |c: &mut Client, seq: u32, req: FiveDReq| {
        c.send(&ToServer::Play {
            game: id,
            seq,
            req: PlayReq::FiveD { req },
        })
        .unwrap();
    };
    play(
        &mut white,
        1,
        FiveDReq::Move {
            text: "(0T1)e2e4".into(),
        },
    );
    play(&mut white, 2, FiveDReq::Submit);

    common::go(&mut app, Screen::Online);
    app.world_mut().write_message(OnlineRequest::Connect {
        server: addr.to_string(),
        name: "Watcher".into(),
    });
    // The lobby lists the game at once.
    run_until(&mut app, |a| {
        a.world()
            .get_resource::<OnlineLink>()
            .is_some_and(|l| l.live.iter().any(|g| g.id == id))
    });
    let info = app.world().resource::<OnlineLink>().live[0].clone();
    assert_eq!(
        (
            info.white.name.as_str(),
            info.black.name.as_str(),
            info.seat
        ),
        ("Anna", "Boris", None)
    );
    app.world_mut().write_message(OnlineRequest::Watch(info));
    // The whole record so far: White's e4 submitted.
    run_until(&mut app, |a| {
        a.world()
            .get_resource::<Match>()
            .is_some_and(|m| m.game.actions.len() == 1)
            && *a.world().resource::<State<Screen>>().get() == Screen::FiveDPlay
    });
    assert_eq!(
        app.world().resource::<NetSession>().role,
        timefork::net::Role::Watch
    );
    // The window cannot play Black's move: it is refused here, so no request leaves it,
    // and nothing changes (checked on the window itself, whatever the network's pace).
    let m = app.world().resource::<Match>().clone();
    let e5 = notation::read_turn_moves(&m.pos, "(0T1)e7e5").unwrap()[0];
    app.world_mut().write_message(Request::Move(e5));
    app.update();
    app.update();
    assert!(app.world().resource::<Match>().feedback.is_some());
    assert_eq!(app.world().resource::<Match>().pos.turn_len(), 0);
    // Black's own turn arrives in the window.
    play(
        &mut black,
        1,
        FiveDReq::Move {
            text: "(0T1)e7e5".into(),
        },
    );
    play(&mut black, 2, FiveDReq::Submit);
    run_until(&mut app, |a| {
        a.world().resource::<Match>().game.actions.len() == 2
    });
    // White resigns: the window's match ends, White's resignation, Black the winner.
    play(&mut white, 3, FiveDReq::Resign);
    run_until(&mut app, |a| a.world().resource::<Match>().is_over());
    assert_eq!(
        app.world().resource::<Match>().outcome,
        Some(timefork::fived::matchplay::Outcome::Resignation {
            winner: timefork_engine::Color::Black
        })
    );
    // Back to the lobby: the finished game is listed, and Replay opens its two turns.
    app.world_mut().write_message(OnlineRequest::LeaveGame);
    common::go(&mut app, Screen::Online);
    app.world_mut().write_message(OnlineRequest::Recent);
    run_until(&mut app, |a| {
        a.world()
            .resource::<OnlineLink>()
            .recent
            .iter()
            .any(|g| g.id == id && g.result.as_deref() == Some("0-1"))
    });
    app.world_mut().remove_resource::<Match>();
    app.world_mut().write_message(OnlineRequest::Replay(id));
    run_until(&mut app, |a| {
        a.world()
            .get_resource::<Match>()
            .is_some_and(|m| m.game.actions.len() == 2)
    });
    assert!(app.world().get_resource::<NetSession>().is_none());
    std::fs::remove_dir_all(&dir).ok();
}

/// A server whose certificate no authority signed: the window shows its fingerprint (as
/// OpenSSL computes it) and connects only once the person trusts it; the trust is kept
/// with the tokens, so the next connection asks nothing.
#[test]
fn a_self_signed_server_is_shown_and_trusted_on_first_use() {
    const FINGERPRINT: &str = "ED:55:82:0F:86:75:A6:60:39:E6:21:6F:B0:28:E0:94:C4:56:04:6B:AB:5E:7F:FD:21:29:04:46:DD:B8:BD:DF";
    let dir = std::env::temp_dir().join(format!("timefork-tofu-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let addr = server_with(&dir, test_tls());
    let at = format!("tls://{addr}");
    let mut app = timefork::headless_app();
    common::go(&mut app, Screen::Online);
    app.world_mut().write_message(OnlineRequest::Connect {
        server: at.clone(),
        name: "Tofu".into(),
    });
    run_until(&mut app, |a| {
        a.world()
            .get_resource::<OnlineLink>()
            .is_some_and(|l| matches!(l.phase, OnlinePhase::Untrusted { .. }))
    });
    assert_eq!(
        app.world().resource::<OnlineLink>().phase,
        OnlinePhase::Untrusted {
            fingerprint: FINGERPRINT.into(),
            changed: false
        }
    );
    app.world_mut()
        .write_message(OnlineRequest::TrustAndConnect {
            server: at.clone(),
            name: "Tofu".into(),
            fingerprint: FINGERPRINT.into(),
        });
    run_until(&mut app, |a| {
        a.world().resource::<OnlineLink>().phase == OnlinePhase::Ready
    });
    app.world_mut().write_message(OnlineRequest::Disconnect);
    app.update();
    // Again: no question this time.
    app.world_mut().write_message(OnlineRequest::Connect {
        server: at,
        name: "Tofu".into(),
    });
    run_until(&mut app, |a| {
        a.world()
            .get_resource::<OnlineLink>()
            .is_some_and(|l| l.phase == OnlinePhase::Ready)
    });
    std::fs::remove_dir_all(&dir).ok();
}
