//! Two headless windows in one process, on one network (loopback): one hosts, which runs
//! the Timefork server inside it (`net::lan_server`) and plays on it; the other joins with
//! the room's code. The server decides; both windows follow it through the same match
//! functions as a local game.
//!
//! The server keeps real time, so the waits below are for what it sends (each bounded,
//! and failing with what was seen), never for a time to pass.

mod common;
use bevy::prelude::*;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use timefork::fived::matchplay::{Match, Outcome, Player, Request};
use timefork::fived::mirror::BoardView;
use timefork::net::frames::{DrawButton, Outbox};
use timefork::net::lan::{LanPort, LanSearch};
use timefork::net::lan_server::{LanBind, LanServer};
use timefork::net::online::OnlineLink;
use timefork::net::{NetSession, Role};
use timefork::screens::Screen;
use timefork_engine::{Color, Game, Move};
use timefork_net::msg::{DrawMsg, FiveDReq, Lan, ToHost};
use timefork_net::online::{ClockSpec, Seek};
use timefork_records::{GameKind, Side};

/// How long a wait for the other window may take before the test fails.
const WAIT: Duration = Duration::from_secs(30);

/// A UDP port free now, for a window's local-network search (tests run side by side).
fn free_udp_port() -> u16 {
    std::net::UdpSocket::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A window whose hosting listens on loopback, on a port of its own.
fn window() -> App {
    let mut app = timefork::headless_app();
    app.insert_resource(LanBind("127.0.0.1:0".parse().unwrap()));
    app.insert_resource(LanPort(free_udp_port()));
    app
}

fn seek(game: GameKind, host: Side, clock: Option<ClockSpec>) -> Seek {
    Seek {
        game,
        variant: (game == GameKind::FiveD).then(|| "Standard".into()),
        clock,
        rated: false,
        color: Some(host),
        range: None,
    }
}

fn link(app: &App) -> &OnlineLink {
    app.world().resource::<OnlineLink>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// A window's link to the server, as a failed wait reports it.
fn link_state(app: &App) -> String {
    let link = app.world().get_resource::<OnlineLink>();
    format!("{:?}", link.map(|l| (&l.phase, &l.note)))
}

/// Frames of one window until `done`.
#[track_caller]
fn run_until(app: &mut App, mut done: impl FnMut(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(
            start.elapsed() < WAIT,
            "waited in vain; the link: {}",
            link_state(app)
        );
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Frames of both windows until `done`.
#[track_caller]
fn pump(a: &mut App, b: &mut App, mut done: impl FnMut(&App, &App) -> bool) {
    let start = Instant::now();
    while !done(a, b) {
        assert!(
            start.elapsed() < WAIT,
            "waited in vain; the links: {} / {}",
            link_state(a),
            link_state(b)
        );
        a.update();
        b.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Frames of both for a quarter of a second, for frames in flight.
fn settle(a: &mut App, b: &mut App) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(250) {
        a.update();
        b.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A window hosting `seek` (past the title: entering it ends a network game), once the
/// server has opened the room.
fn host(seek: Seek) -> App {
    let mut h = window();
    common::go(&mut h, Screen::FiveDNew);
    timefork::net::lan_server::host(h.world_mut(), seek).unwrap();
    common::go(&mut h, Screen::NetHost);
    run_until(&mut h, |h| link(h).code.is_some());
    h
}

fn code(h: &App) -> String {
    link(h).code.clone().unwrap()
}

fn address(h: &App) -> SocketAddr {
    h.world().resource::<LanServer>().addr
}

/// A window joining the game `h` hosts, with its room's code.
fn joiner(h: &App) -> App {
    let mut j = window();
    common::go(&mut j, Screen::NetJoin);
    timefork::net::panel::join(j.world_mut(), address(h), Some(code(h)));
    j
}

fn game(app: &App) -> &Match {
    app.world().resource::<Match>()
}

/// Both windows on the 5D play screen of the same new game.
fn connected(h: &mut App, j: &mut App) {
    pump(h, j, |h, j| {
        [h, j]
            .iter()
            .all(|a| a.world().contains_resource::<Match>() && screen(a) == Screen::FiveDPlay)
    });
}

fn same_game(h: &App, j: &App) -> bool {
    let (a, b) = (game(h), game(j));
    a.game.actions == b.game.actions
        && a.pos.turn_moves().eq(b.pos.turn_moves())
        && a.outcome == b.outcome
}

/// Plays `action` from the window of the side to move, move by move, and waits until
/// both have it.
fn play(h: &mut App, j: &mut App, action: &[Move]) {
    let n = game(h).game.actions.len();
    let host_side = h.world().resource::<NetSession>().side;
    let host_moves = (game(h).to_move() == Color::White) == (host_side == Side::White);
    for (i, mv) in action.iter().enumerate() {
        // A move is on the board once the server's answer comes: each waits for it.
        let mover = if host_moves { &mut *h } else { &mut *j };
        mover.world_mut().write_message(Request::Move(*mv));
        pump(h, j, |h, j| {
            game(h).pos.turn_len() == i + 1 && same_game(h, j)
        });
    }
    let mover = if host_moves { &mut *h } else { &mut *j };
    mover.world_mut().write_message(Request::Submit);
    pump(h, j, |h, j| {
        game(h).game.actions.len() == n + 1 && same_game(h, j)
    });
}

fn conformance_game() -> Game {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/engine/tests/data/conformance/standard.5dpgn"
    );
    timefork::fived::save::read_game_file(std::path::Path::new(path)).unwrap()
}

/// The legal move whose notation (without the board) is `text`.
fn first_move(app: &App, text: &str) -> Move {
    let m = game(app);
    let mut all = Vec::new();
    for (l, _) in m.pos.playable_boards() {
        m.pos.board_moves(l, &mut all);
    }
    *all.iter()
        .find(|mv| {
            let t = timefork_engine::notation::write_move(&m.pos, mv);
            t.split_once(')').map_or(t.as_str(), |(_, r)| r) == text
        })
        .unwrap_or_else(|| panic!("no move {text}"))
}

fn board_count(app: &mut App) -> usize {
    app.world_mut()
        .query::<&BoardView>()
        .iter(app.world())
        .count()
}

#[test]
fn a_whole_5d_game_is_hosted_in_one_window_and_played_from_another() {
    let mut h = host(seek(GameKind::FiveD, Side::White, None));
    // The host's server keeps its games in the host's settings folder.
    let config = h.world().resource::<timefork::files::ConfigDir>().0.clone();
    assert!(config.join(timefork::net::lan_server::DATABASE).exists());
    let mut j = joiner(&h);
    connected(&mut h, &mut j);
    let (hs, js) = (
        h.world().resource::<NetSession>(),
        j.world().resource::<NetSession>(),
    );
    assert_eq!(
        (hs.role, hs.side, hs.game, js.role, js.side, js.game),
        (
            Role::Play,
            Side::White,
            GameKind::FiveD,
            Role::Play,
            Side::Black,
            GameKind::FiveD
        )
    );
    assert_eq!(game(&h).players, [Player::Human, Player::Remote]);
    assert_eq!(game(&j).players, [Player::Remote, Player::Human]);
    // Both windows' players are "Player": the server took the joiner's as "Player-2".
    let info = link(&j).game.clone().unwrap();
    assert_eq!(
        (info.white.name.as_str(), info.black.name.as_str()),
        ("Player", "Player-2")
    );

    let whole = conformance_game();
    for action in &whole.actions {
        play(&mut h, &mut j, action);
    }
    pump(&mut h, &mut j, |h, j| {
        game(h).is_over() && game(j).is_over()
    });
    let Some(Outcome::Checkmate { winner }) = game(&h).outcome else {
        panic!("{:?}", game(&h).outcome);
    };
    // The side of the last action mates (White moves first in Standard).
    let last_mover = if whole.actions.len() % 2 == 1 {
        Color::White
    } else {
        Color::Black
    };
    assert_eq!(winner, last_mover);
    assert_eq!(game(&j).outcome, game(&h).outcome);
    assert_eq!(game(&j).game.actions, whole.actions);
    settle(&mut h, &mut j);
    // Each window's mirror followed: a board entity for every board of the position.
    for app in [&mut h, &mut j] {
        let boards = game(app).pos.all_boards().count();
        assert_eq!(board_count(app), boards);
    }
}

#[test]
fn the_servers_refusals_draw_offers_and_resignations_reach_both_windows() {
    let mut h = host(seek(GameKind::FiveD, Side::White, None));
    let mut j = joiner(&h);
    connected(&mut h, &mut j);
    // The joiner (Black) sends what its own checks would never let through: a move in
    // White's turn. The server refuses it; nothing changes.
    j.world_mut().resource_mut::<Outbox>().push(ToHost::FiveD {
        seq: 900,
        req: FiveDReq::Move {
            text: "(0T1)e7e5".into(),
        },
    });
    pump(&mut h, &mut j, |_, j| game(j).feedback.is_some());
    let why = game(&j).feedback.clone().unwrap();
    assert!(why.contains("not your turn"), "{why}");
    assert_eq!(game(&h).pos.turn_len(), 0);
    j.world_mut().resource_mut::<Match>().feedback = None;
    // The joiner's own window refuses a move of White's pieces before sending it.
    let e4 = first_move(&h, "e4");
    j.world_mut().write_message(Request::Move(e4));
    settle(&mut h, &mut j);
    assert_eq!((game(&h).pos.turn_len(), game(&j).pos.turn_len()), (0, 0));
    assert!(game(&j).feedback.is_some());

    play(&mut h, &mut j, &[e4]);
    // Black's pawn three squares ahead, sent as it is: the server's reason, nothing moved.
    j.world_mut().resource_mut::<Outbox>().push(ToHost::FiveD {
        seq: 901,
        req: FiveDReq::Move {
            text: "(0T1)e7e4".into(),
        },
    });
    pump(&mut h, &mut j, |_, j| {
        game(j).feedback.as_deref().is_some_and(|f| !f.is_empty())
    });
    assert_eq!(game(&h).pos.turn_len(), 0);

    // The host offers a draw; the joiner sees it and declines; the joiner offers, the
    // host accepts.
    h.world_mut().write_message(DrawButton(DrawMsg::Offer));
    pump(&mut h, &mut j, |_, j| {
        j.world().resource::<NetSession>().draw_offer == Some(Side::White)
    });
    j.world_mut().write_message(DrawButton(DrawMsg::Decline));
    pump(&mut h, &mut j, |h, _| {
        h.world().resource::<NetSession>().draw_offer.is_none()
    });
    assert!(!game(&h).is_over());
    j.world_mut().write_message(DrawButton(DrawMsg::Offer));
    pump(&mut h, &mut j, |h, _| {
        h.world().resource::<NetSession>().draw_offer == Some(Side::Black)
    });
    h.world_mut().write_message(DrawButton(DrawMsg::Accept));
    pump(&mut h, &mut j, |h, j| {
        game(h).is_over() && game(j).is_over()
    });
    assert_eq!(game(&j).outcome, Some(Outcome::DrawAgreed));
    assert_eq!(game(&h).outcome, Some(Outcome::DrawAgreed));

    // A new hosting: the joiner may not resign for the host; it resigns for itself.
    let mut h = host(seek(GameKind::FiveD, Side::White, None));
    let mut j = joiner(&h);
    connected(&mut h, &mut j);
    j.world_mut().write_message(Request::Resign(Color::White));
    settle(&mut h, &mut j);
    assert!(!game(&h).is_over());
    j.world_mut().write_message(Request::Resign(Color::Black));
    pump(&mut h, &mut j, |h, j| {
        game(h).is_over() && game(j).is_over()
    });
    assert_eq!(
        game(&h).outcome,
        Some(Outcome::Resignation {
            winner: Color::White
        })
    );
}

#[test]
fn a_second_joiner_finds_no_room_and_the_host_leaving_leaves_a_saved_copy() {
    let mut h = host(seek(GameKind::FiveD, Side::Black, None));
    let code = code(&h);
    let mut j = joiner(&h);
    connected(&mut h, &mut j);
    // The room's code is used up: a third window is told so, on its join screen.
    let mut other = window();
    common::go(&mut other, Screen::NetJoin);
    timefork::net::panel::join(other.world_mut(), address(&h), Some(code.clone()));
    pump(&mut h, &mut other, |_, o| link(o).note.is_some());
    let why = link(&other).note.clone().unwrap();
    assert!(why.contains(&code), "{why}");
    assert!(!other.world().contains_resource::<NetSession>());
    // The game goes on: the joiner (White) plays e4.
    let e4 = first_move(&j, "e4");
    play(&mut h, &mut j, &[e4]);
    // The host leaves for the title: its server stops, and the joiner keeps the game.
    common::go(&mut h, Screen::Title);
    assert!(!h.world().contains_resource::<LanServer>());
    run_until(&mut j, |j| {
        j.world().resource::<NetSession>().note.is_some()
    });
    let session = j.world().resource::<NetSession>();
    assert!(session.lost, "a game without its server stands");
    let note = session.note.clone().unwrap();
    assert!(note.contains("saved as"), "{note}");
    let path = note
        .split("saved as ")
        .nth(1)
        .unwrap()
        .trim_end_matches('.');
    let text = std::fs::read_to_string(path).unwrap();
    let saved = timefork::fived::save::read_save(&text).unwrap();
    assert_eq!(saved.game.actions.len(), 1);
    assert_eq!(saved.players, Some([Player::Human, Player::Human]));
    // The joiner's requests now go nowhere: refused at once.
    let e5 = first_move(&j, "e5");
    j.world_mut().write_message(Request::Move(e5));
    j.update();
    j.update();
    assert_eq!(game(&j).pos.turn_len(), 0);
    assert!(game(&j).feedback.is_some());
}

/// A joiner whose program quit comes back to its seat by the host's address alone: its
/// name's key was kept in its settings folder, and the server gives it the game as it
/// stands. Meanwhile the host's search answer says the seat awaits its player.
#[test]
fn a_joiner_that_quit_comes_back_to_its_seat() {
    let mut h = host(seek(GameKind::FiveD, Side::White, None));
    let mut j = joiner(&h);
    connected(&mut h, &mut j);
    let e4 = first_move(&h, "e4");
    play(&mut h, &mut j, &[e4]);
    let config = j.world().resource::<timefork::files::ConfigDir>().clone();
    drop(j);
    // The server tells the host its opponent is gone.
    run_until(&mut h, |h| link(h).claim_from.is_some());
    let port = h.world().resource::<timefork::net::lan::LanPort>().0;
    let probe = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    probe
        .set_read_timeout(Some(Duration::from_millis(20)))
        .unwrap();
    let answer = {
        let start = Instant::now();
        let mut buf = [0u8; 1500];
        loop {
            assert!(start.elapsed() < WAIT, "no answer");
            probe
                .send_to(
                    timefork_net::encode(&Lan::Looking).as_bytes(),
                    ("127.0.0.1", port),
                )
                .unwrap();
            h.update();
            if let Ok((n, _)) = probe.recv_from(&mut buf) {
                break timefork_net::decode::<Lan>(&String::from_utf8_lossy(&buf[..n])).unwrap();
            }
        }
    };
    assert!(
        matches!(
            answer,
            Lan::Hosting {
                returning: true,
                code: None,
                seat: Side::Black,
                ..
            }
        ),
        "{answer:?}"
    );

    let mut back = window();
    back.insert_resource(config);
    common::go(&mut back, Screen::NetJoin);
    timefork::net::panel::join(back.world_mut(), address(&h), None);
    pump(&mut h, &mut back, |_, b| {
        b.world().contains_resource::<Match>() && screen(b) == Screen::FiveDPlay
    });
    assert_eq!(game(&back).game.actions.len(), 1);
    assert_eq!(back.world().resource::<NetSession>().side, Side::Black);
    let e5 = first_move(&back, "e5");
    play(&mut h, &mut back, &[e5]);
    pump(&mut h, &mut back, |h, _| link(h).claim_from.is_none());
}

/// The host's port is open to anyone on the network: connections that never say hello,
/// garbage and a frame far too long do not keep the real joiner out.
#[test]
fn idle_and_hostile_connections_do_not_keep_the_joiner_out() {
    use std::io::{Read, Write};
    let mut h = host(seek(GameKind::FiveD, Side::White, None));
    let addr = address(&h);
    let idle: Vec<_> = (0..8)
        .map(|_| std::net::TcpStream::connect(addr).unwrap())
        .collect();
    let mut garbage = std::net::TcpStream::connect(addr).unwrap();
    garbage.write_all(b"\x00\xffnot a frame\n").unwrap();
    let mut huge = std::net::TcpStream::connect(addr).unwrap();
    // Written from a thread: the server may close the connection before it is all sent.
    let flood = std::thread::spawn(move || {
        let line = vec![b'{'; 4 << 20];
        let _ = huge.write_all(&line);
        let _ = huge.write_all(b"\n");
        huge
    });
    let mut j = joiner(&h);
    connected(&mut h, &mut j);
    // The garbage was answered by closing its connection.
    garbage
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut rest = Vec::new();
    let closed = garbage.read_to_end(&mut rest);
    assert!(closed.is_ok(), "{closed:?}");
    let _ = flood.join();
    drop(idle);
    let e4 = first_move(&h, "e4");
    play(&mut h, &mut j, &[e4]);
}

/// A hosted game is found by the join screen's search, with its room's code; one click
/// (here, its code) joins; once the seat is taken the host no longer answers.
#[test]
fn the_join_screen_finds_a_hosted_game_and_its_code() {
    let mut h = window();
    let port = h.world().resource::<LanPort>().0;
    common::go(&mut h, Screen::WagerNew);
    let clock = Some(ClockSpec {
        base_s: 600,
        increment_s: 10,
    });
    timefork::net::lan_server::host(h.world_mut(), seek(GameKind::Wager, Side::White, clock))
        .unwrap();
    common::go(&mut h, Screen::NetHost);
    let mut j = window();
    j.insert_resource(LanPort(port));
    common::go(&mut j, Screen::NetJoin);
    pump(&mut h, &mut j, |_, j| {
        !j.world().resource::<LanSearch>().found.is_empty()
    });
    let found = j.world().resource::<LanSearch>().found.clone();
    assert_eq!(found.len(), 1, "{found:?}");
    let f = &found[0];
    assert_eq!(
        (f.addr.port(), f.game, f.seat, f.returning),
        (address(&h).port(), GameKind::Wager, Side::Black, false)
    );
    assert_eq!(f.code, link(&h).code);
    timefork::net::panel::join(j.world_mut(), f.addr, f.code.clone());
    pump(&mut h, &mut j, |h, j| {
        screen(h) == Screen::WagerPlay && screen(j) == Screen::WagerPlay
    });
    // The seat taken, a search hears nothing.
    let probe = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    probe
        .set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    probe
        .send_to(
            timefork_net::encode(&Lan::Looking).as_bytes(),
            ("127.0.0.1", port),
        )
        .unwrap();
    for _ in 0..10 {
        h.update();
    }
    let mut buf = [0u8; 1500];
    assert!(
        probe.recv_from(&mut buf).is_err(),
        "a taken seat is offered"
    );
}

/// A network game is never kept for Continue, on either computer: it goes on only by
/// joining it again (a kept copy would be played alone while the other player waits).
#[test]
fn a_network_game_is_never_kept_for_continue() {
    use timefork::unfinished::UnfinishedDir;
    let kept = |app: &App| {
        let dir = &app.world().resource::<UnfinishedDir>().0;
        std::fs::read_dir(dir).map_or(0, |d| d.count())
    };
    let mut h = host(seek(GameKind::FiveD, Side::White, None));
    let mut j = joiner(&h);
    connected(&mut h, &mut j);
    let whole = conformance_game();
    for action in &whole.actions[..3] {
        play(&mut h, &mut j, action);
    }
    settle(&mut h, &mut j);
    assert_eq!((kept(&h), kept(&j)), (0, 0));
    // Leaving writes a kept game as it stands: still nothing on either side.
    common::go(&mut j, Screen::Title);
    common::go(&mut h, Screen::Title);
    settle(&mut h, &mut j);
    assert_eq!((kept(&h), kept(&j)), (0, 0));
}

/// Between two people over the network no engine helps either of them: no hint, no
/// analysis board, on the host or the joiner; once the game is over it may be analysed.
#[test]
fn no_engine_helps_either_player_of_a_network_game() {
    use timefork::fived::analysis::{Analysis, AnalysisRequest};
    use timefork::fived::matchplay::ai_player::{Hint, HintRequest};
    let mut h = host(seek(GameKind::FiveD, Side::White, None));
    let mut j = joiner(&h);
    connected(&mut h, &mut j);
    // The host is to move (White): its hint and its analysis are refused; so are the
    // joiner's, whose turn it is not.
    for app in [&mut h, &mut j] {
        assert!(!game(app).engine_may_help());
        app.world_mut().write_message(HintRequest);
        app.world_mut().write_message(AnalysisRequest::Start(None));
    }
    settle(&mut h, &mut j);
    for app in [&h, &j] {
        let hint = app.world().resource::<Hint>();
        assert!(!hint.thinking && hint.action.is_none(), "{hint:?}");
        assert!(!app.world().resource::<Analysis>().is_open(game(app)));
        assert_eq!(game(app).game.actions.len(), 0);
    }
    // Over (the host resigns), the game may be analysed on both sides.
    h.world_mut().write_message(Request::Resign(Color::White));
    pump(&mut h, &mut j, |h, j| {
        game(h).is_over() && game(j).is_over()
    });
    for app in [&h, &j] {
        assert!(game(app).engine_may_help());
    }
    h.world_mut().write_message(AnalysisRequest::Start(None));
    settle(&mut h, &mut j);
    assert!(h.world().resource::<Analysis>().is_open(game(&h)));
}

/// A timed game: the host's window shows the server's clock (10 minutes, 5 seconds a
/// turn), and the first turn's time is the server's.
#[test]
fn a_timed_game_shows_the_servers_clock_on_both_windows() {
    let clock = Some(ClockSpec {
        base_s: 600,
        increment_s: 5,
    });
    let mut h = host(seek(GameKind::FiveD, Side::White, clock));
    let mut j = joiner(&h);
    connected(&mut h, &mut j);
    let tc = Some(timefork::fived::matchplay::clocks::TimeControl {
        base_secs: 600,
        increment_secs: 5,
    });
    assert_eq!((game(&h).time_control, game(&j).time_control), (tc, tc));
}

// ---- Kingdrops ----

mod kingdrops {
    use super::*;
    use timefork::kingdrops::matchplay::{KdMatch, KdOutcome, KdRequest};
    use timefork::kingdrops::setup::{KdSetup, SetupRequest};
    use timefork_kingdrops::{Color as KdColor, Game as KdGame, Placement, WinReason};
    use timefork_net::msg::KdReq;

    /// The records crate's self-play game: both setups, five turns, then Black's bishop
    /// takes the white king.
    fn recorded() -> KdGame {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/crates/records/tests/data/black-captures-the-king.kingdrops"
        ))
        .unwrap();
        KdGame::from_record(&text).unwrap()
    }

    fn setup(app: &App) -> &KdSetup {
        app.world().resource::<KdSetup>()
    }

    fn the_match(app: &App) -> &KdMatch {
        app.world().resource::<KdMatch>()
    }

    fn same(h: &App, j: &App) -> bool {
        let (a, b) = (the_match(h), the_match(j));
        a.game.turns() == b.game.turns() && a.moves == b.moves && a.outcome() == b.outcome()
    }

    /// A host playing `host_side` and its joiner, both on the setup screen.
    fn both_setting_up(host_side: Side) -> (App, App) {
        let mut h = host(seek(GameKind::Kingdrops, host_side, None));
        let mut j = joiner(&h);
        pump(&mut h, &mut j, |h, j| {
            [h, j].iter().all(|a| {
                a.world().contains_resource::<KdSetup>() && screen(a) == Screen::KingdropsSetup
            })
        });
        (h, j)
    }

    #[test]
    fn a_kingdrops_game_with_its_setup_is_played_from_two_windows() {
        let game = recorded();
        let (white, black) = game.start().setup_placements().unwrap();
        let (mut h, mut j) = both_setting_up(Side::White);
        assert_eq!(setup(&j).players, [Player::Remote, Player::Human]);
        assert_eq!(setup(&h).players, [Player::Human, Player::Remote]);
        h.world_mut()
            .write_message(SetupRequest::Use(white.clone()));
        h.world_mut().write_message(SetupRequest::Ready);
        pump(&mut h, &mut j, |_, j| setup(j).done[0].is_some());
        assert_eq!(setup(&j).done[0].as_ref(), Some(&white));
        // A placement the rules refuse, sent as it is: refused with the reason, nothing kept.
        j.world_mut().resource_mut::<Outbox>().push(ToHost::Kd {
            seq: 900,
            req: KdReq::SetupReady {
                placement: "kkgqkgbr/aaaassss".into(),
            },
        });
        pump(&mut h, &mut j, |_, j| setup(j).feedback.is_some());
        assert!(setup(&h).done[1].is_none());
        j.world_mut().resource_mut::<KdSetup>().feedback = None;
        // The joiner arranges Black at its own window and is ready: the game begins on both.
        j.world_mut()
            .write_message(SetupRequest::Use(black.clone()));
        j.world_mut().write_message(SetupRequest::Ready);
        pump(&mut h, &mut j, |h, j| {
            [h, j].iter().all(|a| {
                a.world().contains_resource::<KdMatch>() && screen(a) == Screen::KingdropsPlay
            })
        });
        assert_eq!(the_match(&h).game.start(), game.start());
        assert_eq!(the_match(&j).game.start(), game.start());

        for (n, turn) in game.turns().iter().enumerate() {
            let host_moves = the_match(&h).to_move() == KdColor::White;
            for (i, mv) in turn.moves().iter().enumerate() {
                let mover = if host_moves { &mut h } else { &mut j };
                mover.world_mut().write_message(KdRequest::Move(*mv));
                pump(&mut h, &mut j, |h, j| {
                    (the_match(h).moves.len() == i + 1 || the_match(h).game.turns().len() > n)
                        && same(h, j)
                });
            }
            if the_match(&h).game.turns().len() == n {
                let mover = if host_moves { &mut h } else { &mut j };
                mover.world_mut().write_message(KdRequest::EndTurn);
            }
            pump(&mut h, &mut j, |h, j| {
                the_match(h).game.turns().len() == n + 1 && same(h, j)
            });
        }
        pump(&mut h, &mut j, |h, j| {
            the_match(h).is_over() && the_match(j).is_over()
        });
        let Some(KdOutcome::Rules(r)) = the_match(&j).outcome() else {
            panic!("{:?}", the_match(&j).outcome());
        };
        assert_eq!(
            (r.winner, r.reason),
            (KdColor::Black, WinReason::KingCaptured)
        );
        assert_eq!(the_match(&j).game.turns(), game.turns());
        assert_eq!(the_match(&h).outcome(), the_match(&j).outcome());
    }

    #[test]
    fn kingdrops_moves_out_of_turn_are_refused_and_a_draw_arrives() {
        let (mut h, mut j) = both_setting_up(Side::Black);
        // White (the joiner) sets up first, then Black (the host).
        for c in KdColor::BOTH {
            let app = if c == KdColor::White { &mut j } else { &mut h };
            app.world_mut()
                .write_message(SetupRequest::Use(Placement::standard(c)));
            app.world_mut().write_message(SetupRequest::Ready);
            let done = |a: &App| {
                a.world().contains_resource::<KdMatch>()
                    || a.world().resource::<KdSetup>().done[c.index()].is_some()
            };
            pump(&mut h, &mut j, |h, j| done(h) && done(j));
        }
        pump(&mut h, &mut j, |h, j| {
            h.world().contains_resource::<KdMatch>() && j.world().contains_resource::<KdMatch>()
        });
        // The joiner (White) moves a pawn three squares: the server's reason, nothing moved.
        j.world_mut().resource_mut::<Outbox>().push(ToHost::Kd {
            seq: 901,
            req: KdReq::Move {
                text: "e2e5".into(),
            },
        });
        pump(&mut h, &mut j, |_, j| the_match(j).feedback.is_some());
        assert!(the_match(&j).feedback.as_ref().unwrap().contains("e2e5"));
        assert!(the_match(&h).moves.is_empty());
        // A legal move, made on both.
        j.world_mut()
            .write_message(KdRequest::Move("e2e3".parse().unwrap()));
        pump(&mut h, &mut j, |h, j| {
            the_match(h).moves.len() == 1 && same(h, j)
        });
        // The host may not move in White's turn.
        h.world_mut()
            .write_message(KdRequest::Move("e7e6".parse().unwrap()));
        settle(&mut h, &mut j);
        assert_eq!(the_match(&h).moves.len(), 1);
        // A draw offered by the joiner, accepted by the host.
        j.world_mut().write_message(DrawButton(DrawMsg::Offer));
        pump(&mut h, &mut j, |h, _| {
            h.world().resource::<NetSession>().draw_offer == Some(Side::White)
        });
        h.world_mut().write_message(DrawButton(DrawMsg::Accept));
        pump(&mut h, &mut j, |h, j| {
            the_match(h).is_over() && the_match(j).is_over()
        });
        assert_eq!(the_match(&j).outcome(), Some(KdOutcome::DrawAgreed));
    }
}

// ---- Timeline Wager ----

mod wager {
    use super::*;
    use timefork::wager::matchplay::{WagerMatch, WagerRequest};
    use timefork_wager::chess::{Color as WColor, Move as WMove, uci};
    use timefork_wager::{Action, TimelineEnd};

    fn w(app: &App) -> &WagerMatch {
        app.world().resource::<WagerMatch>()
    }

    fn mv(app: &App, timeline: usize, text: &str) -> WMove {
        uci::parse(w(app).m.timeline(timeline).unwrap().board(), text).unwrap()
    }

    /// The same events at the same times, so the same banks, offers and clocks.
    fn same(h: &App, j: &App) -> bool {
        w(h).m.events() == w(j).m.events()
    }

    fn send(h: &mut App, j: &mut App, from_host: bool, side: WColor, action: Action) {
        let n = w(h).m.events().len();
        let app = if from_host { &mut *h } else { &mut *j };
        app.world_mut().write_message(WagerRequest { side, action });
        pump(h, j, |h, j| w(h).m.events().len() == n + 1 && same(h, j));
    }

    #[test]
    fn a_wager_match_with_a_split_and_a_merge_answered_in_both_windows() {
        let clock = Some(ClockSpec {
            base_s: 600,
            increment_s: 10,
        });
        let mut h = host(seek(GameKind::Wager, Side::White, clock));
        let mut j = joiner(&h);
        pump(&mut h, &mut j, |h, j| {
            [h, j].iter().all(|a| {
                a.world().contains_resource::<WagerMatch>() && screen(a) == Screen::WagerPlay
            })
        });
        assert_eq!(w(&j).players, [Player::Remote, Player::Human]);
        // The host (White) splits with e4, staking 20 (rules.md: half from each share).
        let e4 = mv(&h, 0, "e2e4");
        send(
            &mut h,
            &mut j,
            true,
            WColor::White,
            Action::Split {
                timeline: 0,
                mv: e4,
                stake: 20,
            },
        );
        for app in [&h, &j] {
            let m = &w(app).m;
            let (b0, b1) = (m.timeline(0).unwrap().bank(), m.timeline(1).unwrap().bank());
            assert_eq!((b0.white, b0.black, b1.white, b1.black), (40, 40, 10, 10));
        }
        // Each person follows their own splits only.
        assert_eq!((w(&h).viewing, w(&j).viewing), (1, 0));
        // Black answers e5 on L1 from the other window; White plays e4 on L0 too, which
        // meets L1's history: a merge offer, on both screens.
        let e5 = mv(&j, 1, "e7e5");
        send(
            &mut h,
            &mut j,
            false,
            WColor::Black,
            Action::Move {
                timeline: 1,
                mv: e5,
            },
        );
        let e4 = mv(&h, 0, "e2e4");
        send(
            &mut h,
            &mut j,
            true,
            WColor::White,
            Action::Move {
                timeline: 0,
                mv: e4,
            },
        );
        assert!(w(&h).m.offer(0, 1).is_some() && w(&j).m.offer(0, 1).is_some());
        // Each answers at their own window; one yes is not enough.
        let yes = Action::Merge {
            a: 0,
            b: 1,
            accept: true,
        };
        send(&mut h, &mut j, false, WColor::Black, yes);
        assert!(w(&h).m.offer(0, 1).is_some());
        send(&mut h, &mut j, true, WColor::White, yes);
        for app in [&h, &j] {
            let m = &w(app).m;
            assert_eq!(
                m.timeline(0).unwrap().end(),
                Some(TimelineEnd::Merged { into: 1 })
            );
            let b1 = m.timeline(1).unwrap().bank();
            assert_eq!((b1.white, b1.black), (50, 50));
        }
        // The joiner, watching the merged-away L0, now sees L1.
        assert_eq!(w(&j).viewing, 1);

        // A move on the closed timeline and a flag claim, sent as they are: refused.
        for (seq, event) in [(900, "L0 e7e5"), (901, "flag")] {
            j.world_mut().resource_mut::<WagerMatch>().feedback = None;
            j.world_mut().resource_mut::<Outbox>().push(ToHost::Wager {
                seq,
                event: event.into(),
            });
            pump(&mut h, &mut j, |_, j| w(j).feedback.is_some());
        }
        assert!(w(&h).feedback.is_none());
        // Still the split, e5, e4 and the two answers.
        assert_eq!(w(&h).m.events().len(), 5);

        // The joiner resigns: Black loses the match on both.
        send(&mut h, &mut j, false, WColor::Black, Action::Resign);
        assert!(w(&h).m.is_over() && w(&j).m.is_over());
        assert_eq!(w(&h).m.record(), w(&j).m.record());
        assert_eq!(
            w(&j).m.result().unwrap().outcome.winner(),
            Some(WColor::White)
        );
    }
}
