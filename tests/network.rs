//! Two headless apps in one process, over UDP on loopback: one hosts, one joins. The host
//! decides; the joiner's copy follows through the same match functions as a local game.
//!
//! Time is the frames': every app's `Time<Real>` moves 10 ms a frame
//! (`TimeUpdateStrategy::ManualDuration`), and the network's timings, the clocks and the
//! waits below count in it, so a busy machine runs the same test (a datagram on loopback
//! is in the other socket when `send_to` returns).

mod common;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use std::net::SocketAddr;
use std::time::Duration;
use timefork::fived::matchplay::clocks::Clocks;
use timefork::fived::matchplay::{Match, Outcome, Player, Request};
use timefork::fived::mirror::{BoardView, ClockView};
use timefork::net::host::{DrawButton, HostState, Outbox};
use timefork::net::join::{JoinState, Phase};
use timefork::net::{NetSession, NetTimings, Role};
use timefork::screens::Screen;
use timefork_engine::{Color, Game, Move};
use timefork_net::msg::{DrawMsg, FiveDReq, PauseWhy, Refusal, ToHost, ToJoiner};
use timefork_records::{GameKind, Side};

/// The time one frame makes.
const FRAME: Duration = Duration::from_millis(10);

/// Frames a wait may take before the test gives up (30 s of the apps' time).
const MAX_FRAMES: u32 = 3_000;

/// Short timings, so a lost connection is noticed in half a second (50 frames), and time
/// by frames.
fn quick(app: &mut App) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.insert_resource(NetTimings {
        silence: Duration::from_millis(500),
        retry: Duration::from_millis(200),
        clocks: Duration::from_millis(50),
    });
}

fn conformance_game() -> Game {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/engine/tests/data/conformance/standard.5dpgn"
    );
    timefork::fived::save::read_game_file(std::path::Path::new(path)).unwrap()
}

/// A host of a new game of Standard in which the joiner plays `joiner`, and its address.
fn host(joiner: Side, tc: Option<u32>) -> (App, SocketAddr) {
    let mut app = timefork::headless_app();
    quick(&mut app);
    let addr = timefork::net::host::start(
        app.world_mut(),
        GameKind::FiveD,
        joiner,
        "127.0.0.1:0".parse().unwrap(),
    )
    .unwrap();
    let players = app.world().resource::<NetSession>().players();
    let tc = tc.map(|secs| timefork::fived::matchplay::clocks::TimeControl {
        base_secs: secs,
        increment_secs: 0,
    });
    let m = Match::from_variant("Standard", players).unwrap().timed(tc);
    app.insert_resource(m);
    common::go(&mut app, Screen::FiveDPlay);
    (app, addr)
}

fn joiner(addr: SocketAddr) -> App {
    let mut app = timefork::headless_app();
    quick(&mut app);
    common::go(&mut app, Screen::NetJoin);
    timefork::net::join::start(app.world_mut(), addr).unwrap();
    app
}

/// Runs both apps until `done`, at most `MAX_FRAMES` frames.
#[track_caller]
fn pump(a: &mut App, b: &mut App, mut done: impl FnMut(&mut App, &mut App) -> bool) {
    let mut frames = 0;
    while !done(a, b) {
        frames += 1;
        assert!(frames < MAX_FRAMES, "waited in vain");
        a.update();
        b.update();
    }
}

/// A few frames of both, for messages in flight.
fn settle(a: &mut App, b: &mut App) {
    for _ in 0..20 {
        a.update();
        b.update();
    }
}

fn game(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn connected(h: &mut App, j: &mut App) {
    pump(h, j, |h, j| {
        j.world().contains_resource::<Match>()
            && h.world().resource::<NetSession>().pause.is_none()
            && *j.world().resource::<State<Screen>>().get() == Screen::FiveDPlay
    });
}

fn same_game(h: &App, j: &App) -> bool {
    let (a, b) = (game(h), game(j));
    a.game.actions == b.game.actions
        && a.pos.turn_moves().eq(b.pos.turn_moves())
        && a.outcome == b.outcome
}

/// Plays `action` on the app of the side to move, move by move, and waits until both
/// have it.
fn play(h: &mut App, j: &mut App, action: &[Move]) {
    let n = game(h).game.actions.len();
    let host_side = h.world().resource::<NetSession>().own_side();
    let host_moves = (game(h).to_move() == Color::White) == (host_side == Side::White);
    for (i, mv) in action.iter().enumerate() {
        // The joiner's copy moves when the host's answer comes: each move waits for it.
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

fn board_count(app: &mut App) -> usize {
    app.world_mut()
        .query::<&BoardView>()
        .iter(app.world())
        .count()
}

#[test]
fn a_whole_5d_game_is_played_from_two_computers() {
    let (mut h, addr) = host(Side::Black, None);
    assert_eq!(
        h.world().resource::<NetSession>().pause,
        Some(PauseWhy::WaitingForJoiner)
    );
    let mut j = joiner(addr);
    connected(&mut h, &mut j);
    let s = j.world().resource::<NetSession>();
    assert_eq!(
        (s.role, s.joiner_side, s.game),
        (Role::Join, Side::Black, GameKind::FiveD)
    );
    assert_eq!(game(&j).players, [Player::Remote, Player::Human]);
    assert_eq!(game(&h).players, [Player::Human, Player::Remote]);

    let whole = conformance_game();
    for action in &whole.actions {
        play(&mut h, &mut j, action);
    }
    // The host's mate check ends it; the joiner hears it.
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
    // The joiner's mirror followed: a board entity for every board of the position.
    let boards = game(&j).pos.all_boards().count();
    assert_eq!(board_count(&mut j), boards);
}

#[test]
fn a_timed_game_waiting_for_its_joiner_shows_each_side_its_whole_time() {
    // 5 minutes a side: until the other player joins, the clocks stand still at 5:00
    // (nothing has been used), neither running.
    let (mut h, _addr) = host(Side::Black, Some(300));
    for _ in 0..10 {
        h.update();
    }
    assert_eq!(
        h.world().resource::<NetSession>().pause,
        Some(PauseWhy::WaitingForJoiner)
    );
    let views: Vec<ClockView> = h
        .world_mut()
        .query::<&ClockView>()
        .iter(h.world())
        .copied()
        .collect();
    assert_eq!(views.len(), 2, "a clock for each side");
    for c in views {
        assert!(c.timed);
        assert_eq!(c.shown, Duration::from_secs(300), "{:?}", c.color);
        assert!(!c.running, "{:?} runs before the game begins", c.color);
    }
}

#[test]
fn the_joiners_illegal_requests_are_refused_and_nothing_changes() {
    let (mut h, addr) = host(Side::White, None);
    let mut j = joiner(addr);
    connected(&mut h, &mut j);
    // The joiner (White) sends what its own checks would never let through: a pawn three
    // squares ahead, then two moves in one request.
    for text in ["(0T1)e2e5", "(0T1)e4 (0T1)d4"] {
        j.world_mut().resource_mut::<Outbox>().push(&ToHost::FiveD {
            seq: 900,
            req: FiveDReq::Move { text: text.into() },
        });
        pump(&mut h, &mut j, |_, j| game(j).feedback.is_some());
        let why = game(&j).feedback.clone().unwrap();
        // The rules' reason names the move that cannot be made.
        let named = if text.contains(' ') { "(0T1)d4" } else { text };
        assert!(why.contains(named), "{why}");
        j.world_mut().resource_mut::<Match>().feedback = None;
    }
    // Submitting with no move: the rules' own reason, as at one computer.
    j.world_mut().resource_mut::<Outbox>().push(&ToHost::FiveD {
        seq: 901,
        req: FiveDReq::Submit,
    });
    pump(&mut h, &mut j, |_, j| game(j).feedback.is_some());
    assert!(game(&j).feedback.as_ref().unwrap().contains("present"));
    assert_eq!(game(&h).pos.turn_len(), 0);
    assert!(game(&h).game.actions.is_empty());
    assert!(
        game(&h).feedback.is_none(),
        "the host's own line stays its own"
    );

    // A legal move, then the joiner tries to move for the host's side.
    let e4 = first_move(&h, "e4");
    j.world_mut().write_message(Request::Move(e4));
    pump(&mut h, &mut j, |h, j| {
        game(h).pos.turn_len() == 1 && same_game(h, j)
    });
    j.world_mut().write_message(Request::Submit);
    pump(&mut h, &mut j, |h, j| {
        game(h).game.actions.len() == 1 && same_game(h, j)
    });
    j.world_mut().resource_mut::<Outbox>().push(&ToHost::FiveD {
        seq: 902,
        req: FiveDReq::Move {
            text: "(0T1)e7e5".into(),
        },
    });
    pump(&mut h, &mut j, |_, j| game(j).feedback.is_some());
    let why = game(&j).feedback.clone().unwrap();
    assert!(why.contains("other player"), "{why}");
    assert_eq!(game(&h).pos.turn_len(), 0);
    // The joiner's own app refuses a move of the host's pieces before sending it.
    let e5 = first_move(&h, "e5");
    j.world_mut().write_message(Request::Move(e5));
    settle(&mut h, &mut j);
    assert_eq!(game(&h).pos.turn_len(), 0);
    assert_eq!(game(&j).pos.turn_len(), 0);
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

#[test]
fn a_cut_connection_pauses_both_sides_and_resumes_with_nothing_lost() {
    let (mut h, addr) = host(Side::Black, Some(600));
    let mut j = joiner(addr);
    // The joiner tries again only after the host has noticed the silence.
    j.insert_resource(NetTimings {
        silence: Duration::from_millis(500),
        retry: Duration::from_millis(1500),
        clocks: Duration::from_millis(50),
    });
    connected(&mut h, &mut j);
    let whole = conformance_game();
    for action in &whole.actions[..3] {
        play(&mut h, &mut j, action);
    }
    // The joiner (Black) is in the middle of its turn when the cable goes.
    let half = whole.actions[3][0];
    j.world_mut().write_message(Request::Move(half));
    pump(&mut h, &mut j, |h, j| {
        game(h).pos.turn_len() == 1 && same_game(h, j)
    });
    timefork::net::link::drop_join(j.world_mut());
    pump(&mut h, &mut j, |h, j| {
        h.world().resource::<NetSession>().pause == Some(PauseWhy::PeerLost)
            && j.world().resource::<NetSession>().pause == Some(PauseWhy::PeerLost)
    });
    // While paused the clocks stand still and nothing can be played.
    let used = h.world().resource::<Clocks>().used;
    h.world_mut().write_message(Request::Undo);
    for _ in 0..5 {
        h.update();
    }
    assert_eq!(h.world().resource::<Clocks>().used, used);
    assert_eq!(game(&h).pos.turn_len(), 1, "no undo while paused");
    // The joiner comes back on its own with the seat's token, and catches up.
    pump(&mut h, &mut j, |h, j| {
        h.world().resource::<NetSession>().pause.is_none()
            && j.world().resource::<NetSession>().pause.is_none()
            && j.world().resource::<JoinState>().phase == Phase::Seated
    });
    settle(&mut h, &mut j);
    assert!(same_game(&h, &j));
    // The joiner's clocks are the host's.
    let hc = h.world().resource::<Clocks>().remaining.unwrap();
    let jc = j.world().resource::<Clocks>().remaining.unwrap();
    assert!(
        hc[1].abs_diff(jc[1]) < Duration::from_millis(200),
        "{hc:?} {jc:?}"
    );
    // The game goes on to its end, from the joiner's half-made turn.
    for (i, mv) in whole.actions[3].iter().enumerate().skip(1) {
        j.world_mut().write_message(Request::Move(*mv));
        pump(&mut h, &mut j, |h, j| {
            game(h).pos.turn_len() == i + 1 && same_game(h, j)
        });
    }
    j.world_mut().write_message(Request::Submit);
    pump(&mut h, &mut j, |h, j| {
        game(h).game.actions.len() == 4 && same_game(h, j)
    });
    for action in &whole.actions[4..] {
        play(&mut h, &mut j, action);
    }
    pump(&mut h, &mut j, |h, j| {
        game(h).is_over() && game(j).is_over()
    });
    assert_eq!(game(&j).game.actions, whole.actions);
}

/// The joiner's program quits mid-game (nothing said, as a crash): started again, it
/// joins the same address, takes its seat back with the token it kept on disk, and the
/// game goes on from the host's record.
#[test]
fn a_joiner_that_quit_comes_back_to_its_seat() {
    use timefork::net::join::SeatFile;
    let (mut h, addr) = host(Side::Black, None);
    let mut j = joiner(addr);
    connected(&mut h, &mut j);
    let whole = conformance_game();
    for action in &whole.actions[..2] {
        play(&mut h, &mut j, action);
    }
    let seat_file = j.world().resource::<SeatFile>().clone();
    assert!(seat_file.0.exists(), "the seat is remembered");
    drop(j);
    for _ in 0..10 {
        h.update();
    }
    common::run_until(&mut h, |h| {
        h.world().resource::<NetSession>().pause == Some(PauseWhy::PeerLost)
    });
    // A newcomer without the token is still refused.
    let mut stranger = joiner(addr);
    pump(&mut h, &mut stranger, |_, s| {
        matches!(s.world().resource::<JoinState>().phase, Phase::Refused(_))
    });
    drop(stranger);
    // The same computer, started again.
    let mut j = timefork::headless_app();
    quick(&mut j);
    j.insert_resource(seat_file);
    common::go(&mut j, Screen::NetJoin);
    timefork::net::join::start(j.world_mut(), addr).unwrap();
    connected(&mut h, &mut j);
    settle(&mut h, &mut j);
    assert!(same_game(&h, &j));
    assert_eq!(game(&j).game.actions, whole.actions[..2]);
    assert_eq!(
        j.world().resource::<NetSession>().own_side(),
        Side::Black,
        "the same seat"
    );
    for action in &whole.actions[2..] {
        play(&mut h, &mut j, action);
    }
    pump(&mut h, &mut j, |h, j| {
        game(h).is_over() && game(j).is_over()
    });
    assert_eq!(game(&j).game.actions, whole.actions);
    // The host left at the end: the seat is forgotten.
    common::go(&mut h, Screen::Title);
    pump(&mut h, &mut j, |_, j| {
        j.world().resource::<JoinState>().phase == Phase::Over
    });
    assert!(!j.world().resource::<SeatFile>().0.exists());
}

/// A token kept from an earlier game at a host since started again: the joiner is told
/// the seat is unknown, forgets it, and joins the new game as a newcomer.
#[test]
fn a_seat_kept_from_another_game_is_forgotten_and_the_joiner_sits_down() {
    use timefork::net::join::SeatFile;
    let (mut h, addr) = host(Side::White, None);
    let mut j = timefork::headless_app();
    quick(&mut j);
    let file = j.world().resource::<SeatFile>().0.clone();
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, format!(r#"{{"server":"{addr}","token":12345}}"#)).unwrap();
    common::go(&mut j, Screen::NetJoin);
    timefork::net::join::start(j.world_mut(), addr).unwrap();
    assert_eq!(j.world().resource::<JoinState>().token, Some(12345));
    connected(&mut h, &mut j);
    assert_eq!(j.world().resource::<NetSession>().own_side(), Side::White);
    let token = h.world().resource::<HostState>().seat.token;
    assert_eq!(j.world().resource::<JoinState>().token, Some(token));
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains(&token.to_string()), "{saved}");
}

#[test]
fn resignation_and_a_draw_offer_reach_the_other_side() {
    let (mut h, addr) = host(Side::Black, None);
    let mut j = joiner(addr);
    connected(&mut h, &mut j);
    // The host offers; the joiner sees it and declines; the joiner offers, the host accepts.
    h.world_mut().write_message(DrawButton(DrawMsg::Offer));
    pump(&mut h, &mut j, |_, j| {
        j.world().resource::<NetSession>().draw_offer == Some(Side::White)
    });
    j.world_mut().write_message(DrawButton(DrawMsg::Decline));
    pump(&mut h, &mut j, |h, _| {
        h.world().resource::<HostState>().draws.standing().is_none()
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

    // A new game: the joiner resigns.
    let (mut h, addr) = host(Side::Black, None);
    let mut j = joiner(addr);
    connected(&mut h, &mut j);
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
    // Nobody resigns for the other side.
    let (mut h, addr) = host(Side::Black, None);
    let mut j = joiner(addr);
    connected(&mut h, &mut j);
    j.world_mut().write_message(Request::Resign(Color::White));
    settle(&mut h, &mut j);
    assert!(!game(&h).is_over());
}

#[test]
fn a_second_joiner_is_refused_and_the_host_leaving_leaves_a_saved_copy() {
    let (mut h, addr) = host(Side::Black, None);
    let mut j = joiner(addr);
    connected(&mut h, &mut j);
    let mut other = joiner(addr);
    pump(&mut h, &mut other, |_, o| {
        matches!(o.world().resource::<JoinState>().phase, Phase::Refused(_))
    });
    let Phase::Refused(why) = &other.world().resource::<JoinState>().phase else {
        unreachable!()
    };
    assert!(why.contains("Someone else"), "{why}");
    // The first game goes on.
    let e4 = first_move(&h, "e4");
    h.world_mut().write_message(Request::Move(e4));
    pump(&mut h, &mut j, |h, j| {
        game(h).pos.turn_len() == 1 && same_game(h, j)
    });
    h.world_mut().write_message(Request::Submit);
    pump(&mut h, &mut j, |h, j| {
        game(h).game.actions.len() == 1 && same_game(h, j)
    });
    // The host leaves for the title: the joiner keeps the game.
    common::go(&mut h, Screen::Title);
    pump(&mut h, &mut j, |_, j| {
        j.world().resource::<JoinState>().phase == Phase::Over
            && j.world().resource::<NetSession>().note.is_some()
    });
    let note = j.world().resource::<NetSession>().note.clone().unwrap();
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
    let _ = std::fs::remove_file(path);
}

/// A raw netcode client of a later release: the host answers with a refusal whose head
/// names its own release, and says so on its panel.
#[test]
fn another_release_is_refused_with_a_clear_message() {
    use bevy_renet::netcode::{ClientAuthentication, NetcodeClientTransport};
    use bevy_renet::renet::{ConnectionConfig, DefaultChannel, RenetClient};
    let (mut h, addr) = host(Side::Black, None);
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    let auth = ClientAuthentication::Unsecure {
        protocol_id: timefork_net::NETCODE_PROTOCOL_ID,
        client_id: 77,
        server_addr: addr,
        user_data: None,
    };
    let mut transport = NetcodeClientTransport::new(now, auth, socket).unwrap();
    let mut client = RenetClient::new(ConnectionConfig::default());
    let later = r#"{"proto": 99, "app": "9.9.9", "body": {"t": "hello", "name": "x", "rejoin": null, "colour": "any"}}"#;
    let mut sent = false;
    let mut answer = None;
    let dt = FRAME;
    let mut frames = 0;
    while answer.is_none() {
        frames += 1;
        assert!(frames < MAX_FRAMES, "no answer");
        client.update(dt);
        transport.update(dt, &mut client).unwrap();
        if client.is_connected() && !sent {
            client.send_message(DefaultChannel::ReliableOrdered, later);
            sent = true;
        }
        if let Some(b) = client.receive_message(DefaultChannel::ReliableOrdered) {
            answer = Some(String::from_utf8(b.to_vec()).unwrap());
        }
        transport.send_packets(&mut client).unwrap();
        h.update();
    }
    let answer = answer.unwrap();
    let head = timefork_net::head(&answer).unwrap();
    assert_eq!(head.proto, timefork_net::PROTOCOL_VERSION);
    assert_eq!(
        timefork_net::decode::<ToJoiner>(&answer).unwrap(),
        ToJoiner::Refused {
            why: Refusal::Version
        }
    );
    let note = h.world().resource::<NetSession>().note.clone().unwrap();
    assert!(
        note.contains("9.9.9") && note.contains("same release"),
        "{note}"
    );
    // The seat is still free for the right release.
    let mut j = joiner(addr);
    connected(&mut h, &mut j);
}

/// A host of a later release, answered by our joiner: the joiner says which release the
/// host runs and stops trying.
#[test]
fn a_joiner_refuses_a_host_of_another_release() {
    use bevy_renet::netcode::{NetcodeServerTransport, ServerAuthentication, ServerConfig};
    use bevy_renet::renet::{ConnectionConfig, DefaultChannel, RenetServer, ServerEvent};
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let addr = socket.local_addr().unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    let config = ServerConfig {
        current_time: now,
        max_clients: 2,
        protocol_id: timefork_net::NETCODE_PROTOCOL_ID,
        public_addresses: vec![addr],
        authentication: ServerAuthentication::Unsecure,
    };
    let mut transport = NetcodeServerTransport::new(config, socket).unwrap();
    let mut server = RenetServer::new(ConnectionConfig::default());
    let mut j = joiner(addr);
    let later = r#"{"proto": 99, "app": "9.9.9", "body": {"t": "welcome_v2"}}"#;
    let dt = FRAME;
    let mut frames = 0;
    loop {
        frames += 1;
        assert!(frames < MAX_FRAMES, "the joiner never refused");
        server.update(dt);
        transport.update(dt, &mut server).unwrap();
        while let Some(ev) = server.get_event() {
            if let ServerEvent::ClientConnected { client_id } = ev {
                server.send_message(client_id, DefaultChannel::ReliableOrdered, later);
            }
        }
        transport.send_packets(&mut server);
        j.update();
        if let Phase::Refused(why) = &j.world().resource::<JoinState>().phase {
            assert!(
                why.contains("9.9.9") && why.contains("same release"),
                "{why}"
            );
            break;
        }
    }
    assert!(!j.world().contains_resource::<NetSession>());
    assert!(!j.world().contains_resource::<Match>());
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

    fn host(joiner: Side) -> (App, SocketAddr) {
        let mut app = timefork::headless_app();
        quick(&mut app);
        let addr = timefork::net::host::start(
            app.world_mut(),
            GameKind::Kingdrops,
            joiner,
            "127.0.0.1:0".parse().unwrap(),
        )
        .unwrap();
        let players = app.world().resource::<NetSession>().players();
        app.insert_resource(KdSetup::new(players));
        common::go(&mut app, Screen::KingdropsSetup);
        (app, addr)
    }

    fn setup(app: &App) -> &KdSetup {
        app.world().resource::<KdSetup>()
    }

    fn the_match(app: &App) -> &KdMatch {
        app.world().resource::<KdMatch>()
    }

    fn screen(app: &App) -> Screen {
        *app.world().resource::<State<Screen>>().get()
    }

    fn same(h: &App, j: &App) -> bool {
        let (a, b) = (the_match(h), the_match(j));
        a.game.turns() == b.game.turns() && a.moves == b.moves && a.outcome() == b.outcome()
    }

    #[test]
    fn a_kingdrops_game_with_its_setup_is_played_from_two_computers() {
        let game = recorded();
        let (white, black) = game.start().setup_placements().unwrap();
        let (mut h, addr) = host(Side::Black);
        let mut j = joiner(addr);
        pump(&mut h, &mut j, |h, j| {
            h.world().resource::<NetSession>().pause.is_none()
                && j.world().contains_resource::<KdSetup>()
                && screen(j) == Screen::KingdropsSetup
        });
        assert_eq!(setup(&j).players, [Player::Remote, Player::Human]);
        // White (the host) sets up first: the joiner's Ready is its own turn's only.
        j.world_mut().write_message(SetupRequest::Ready);
        settle(&mut h, &mut j);
        assert!(setup(&j).feedback.is_some());
        assert!(setup(&h).done[1].is_none());
        h.world_mut()
            .write_message(SetupRequest::Use(white.clone()));
        h.world_mut().write_message(SetupRequest::Ready);
        pump(&mut h, &mut j, |_, j| setup(j).done[0].is_some());
        assert_eq!(setup(&j).done[0].as_ref(), Some(&white));
        assert_eq!(setup(&j).side, KdColor::Black);
        // A placement the rules refuse, sent as it is: refused with the reason, nothing kept.
        j.world_mut().resource_mut::<Outbox>().push(&ToHost::Kd {
            seq: 900,
            req: KdReq::SetupReady {
                placement: "kkgqkgbr/aaaassss".into(),
            },
        });
        pump(&mut h, &mut j, |_, j| setup(j).feedback.is_some());
        assert!(setup(&h).done[1].is_none());
        j.world_mut().resource_mut::<KdSetup>().feedback = None;
        // The joiner arranges Black at its own computer and is ready: the game begins on both.
        j.world_mut()
            .write_message(SetupRequest::Use(black.clone()));
        j.world_mut().write_message(SetupRequest::Ready);
        pump(&mut h, &mut j, |h, j| {
            h.world().contains_resource::<KdMatch>()
                && j.world().contains_resource::<KdMatch>()
                && screen(h) == Screen::KingdropsPlay
                && screen(j) == Screen::KingdropsPlay
        });
        assert_eq!(the_match(&h).game.start(), game.start());
        assert_eq!(the_match(&j).game.start(), game.start());
        assert_eq!(the_match(&j).players, [Player::Remote, Player::Human]);

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

    /// A host and a joiner playing `joiner`, both sides set up in the standard layout
    /// (White first, each at its own computer).
    fn standard_game(joiner_side: Side) -> (App, App) {
        let (mut h, addr) = host(joiner_side);
        let mut j = joiner(addr);
        pump(&mut h, &mut j, |h, j| {
            h.world().resource::<NetSession>().pause.is_none()
                && j.world().contains_resource::<KdSetup>()
        });
        for c in KdColor::BOTH {
            let joiners = (c == KdColor::White) == (joiner_side == Side::White);
            let app = if joiners { &mut j } else { &mut h };
            app.world_mut()
                .write_message(SetupRequest::Use(Placement::standard(c)));
            app.world_mut().write_message(SetupRequest::Ready);
            pump(&mut h, &mut j, |h, j| {
                let done = |a: &App| {
                    a.world().contains_resource::<KdMatch>()
                        || a.world().resource::<KdSetup>().done[c.index()].is_some()
                };
                done(h) && done(j)
            });
        }
        pump(&mut h, &mut j, |h, j| {
            h.world().contains_resource::<KdMatch>() && j.world().contains_resource::<KdMatch>()
        });
        (h, j)
    }

    #[test]
    fn kingdrops_moves_out_of_turn_are_refused_and_a_resignation_and_a_draw_arrive() {
        let (mut h, mut j) = standard_game(Side::White);
        // The joiner (White) moves a pawn three squares: the rules' reason, nothing moved.
        j.world_mut().resource_mut::<Outbox>().push(&ToHost::Kd {
            seq: 901,
            req: KdReq::Move {
                text: "e2e5".into(),
            },
        });
        pump(&mut h, &mut j, |_, j| the_match(j).feedback.is_some());
        assert!(the_match(&j).feedback.as_ref().unwrap().contains("e2e5"));
        assert!(the_match(&h).moves.is_empty());
        assert!(the_match(&h).feedback.is_none());
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

        // Another game: the joiner resigns.
        let (mut h, mut j) = standard_game(Side::Black);
        j.world_mut().write_message(KdRequest::Resign);
        pump(&mut h, &mut j, |h, j| {
            the_match(h).is_over() && the_match(j).is_over()
        });
        assert_eq!(
            the_match(&h).outcome(),
            Some(KdOutcome::Resigned {
                winner: KdColor::White
            })
        );
    }
}

// ---- Timeline Wager ----

mod wager {
    use super::*;
    use timefork::wager::matchplay::{WagerMatch, WagerOrigin, WagerRequest};
    use timefork_wager::chess::{Color as WColor, Move as WMove, uci};
    use timefork_wager::{Action, Match as WMatch, TimeControl, TimelineEnd};

    fn host(joiner: Side) -> (App, SocketAddr) {
        let mut app = timefork::headless_app();
        quick(&mut app);
        let addr = timefork::net::host::start(
            app.world_mut(),
            GameKind::Wager,
            joiner,
            "127.0.0.1:0".parse().unwrap(),
        )
        .unwrap();
        let players = app.world().resource::<NetSession>().players();
        let control = Some(TimeControl::parse("10+10").unwrap());
        app.insert_resource(WagerMatch::new(
            WMatch::new(control),
            players,
            WagerOrigin::New,
        ));
        common::go(&mut app, Screen::WagerPlay);
        (app, addr)
    }

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

    fn send(h: &mut App, j: &mut App, to_host: bool, side: WColor, action: Action) {
        let n = w(h).m.events().len();
        let app = if to_host { &mut *h } else { &mut *j };
        app.world_mut().write_message(WagerRequest { side, action });
        pump(h, j, |h, j| w(h).m.events().len() == n + 1 && same(h, j));
    }

    fn now(app: &App) -> u64 {
        let secs = app.world().resource::<Time<Real>>().elapsed_secs_f64();
        w(app).now_ms(secs)
    }

    #[test]
    fn a_wager_match_with_a_split_and_a_merge_answered_on_both_computers() {
        let (mut h, addr) = host(Side::Black);
        let mut j = joiner(addr);
        // The joiner tries again only after the host has noticed the silence.
        j.insert_resource(NetTimings {
            silence: Duration::from_millis(500),
            retry: Duration::from_millis(1500),
            clocks: Duration::from_millis(50),
        });
        pump(&mut h, &mut j, |h, j| {
            h.world().resource::<NetSession>().pause.is_none()
                && j.world().contains_resource::<WagerMatch>()
                && *j.world().resource::<State<Screen>>().get() == Screen::WagerPlay
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
        // Black answers e5 on L1 from the other computer; White plays e4 on L0 too, which
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
        // Each answers at their own computer; one yes is not enough.
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
            j.world_mut().resource_mut::<Outbox>().push(&ToHost::Wager {
                seq,
                event: event.into(),
            });
            pump(&mut h, &mut j, |_, j| w(j).feedback.is_some());
        }
        assert!(w(&h).feedback.is_none());
        // Still the split, e5, e4 and the two answers.
        assert_eq!(w(&h).m.events().len(), 5);

        // The cable goes: the match's time stands still on both sides, then goes on.
        timefork::net::link::drop_join(j.world_mut());
        pump(&mut h, &mut j, |h, j| {
            h.world().resource::<NetSession>().pause == Some(PauseWhy::PeerLost)
                && j.world().resource::<NetSession>().pause == Some(PauseWhy::PeerLost)
        });
        h.update();
        let stood = now(&h);
        for _ in 0..10 {
            h.update();
        }
        assert_eq!(now(&h), stood);
        pump(&mut h, &mut j, |h, j| {
            h.world().resource::<NetSession>().pause.is_none()
                && j.world().resource::<NetSession>().pause.is_none()
        });
        settle(&mut h, &mut j);
        assert!(same(&h, &j));
        assert!(now(&j).abs_diff(now(&h)) < 200, "{} {}", now(&j), now(&h));
        let (hc, jc) = (w(&h).m.clocks_at(now(&h)), w(&j).m.clocks_at(now(&h)));
        assert_eq!(hc, jc);

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

/// A host is found on the local network by the join screen's search, and stops being
/// offered once its seat is taken.
#[test]
fn the_join_screen_finds_a_host_on_the_local_network() {
    use timefork::net::lan::{LanPort, LanSearch};
    use timefork_net::msg::Lan;
    // A discovery port of this test's own (others run beside it).
    let port = std::net::UdpSocket::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut h = timefork::headless_app();
    quick(&mut h);
    h.insert_resource(LanPort(port));
    // Past the title first (entering it ends any network game).
    common::go(&mut h, Screen::WagerNew);
    let addr = timefork::net::host::start(
        h.world_mut(),
        GameKind::Wager,
        Side::White,
        "127.0.0.1:0".parse().unwrap(),
    )
    .unwrap();
    let mut j = timefork::headless_app();
    quick(&mut j);
    j.insert_resource(LanPort(port));
    common::go(&mut j, Screen::NetJoin);
    pump(&mut h, &mut j, |_, j| {
        !j.world().resource::<LanSearch>().found.is_empty()
    });
    let found = j.world().resource::<LanSearch>().found.clone();
    assert_eq!(found.len(), 1, "{found:?}");
    let f = &found[0];
    assert_eq!(
        (f.addr.port(), f.game, f.seat),
        (addr.port(), GameKind::Wager, Side::White)
    );
    // Once someone sits down, the host no longer answers.
    timefork::net::join::start(j.world_mut(), f.addr).unwrap();
    pump(&mut h, &mut j, |h, _| {
        h.world().resource::<HostState>().seat.taken_once
    });
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
    // The joiner gone, the host answers again: the seat awaits its player.
    drop(j);
    common::run_until(&mut h, |h| {
        h.world().resource::<HostState>().seat.client.is_none()
    });
    probe
        .set_read_timeout(Some(Duration::from_millis(20)))
        .unwrap();
    let answer = {
        let mut frames = 0;
        loop {
            frames += 1;
            assert!(frames < MAX_FRAMES, "no answer");
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
                ..
            }
        ),
        "{answer:?}"
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
    let (mut h, addr) = host(Side::Black, None);
    let mut j = joiner(addr);
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
    let (mut h, addr) = host(Side::Black, None);
    let mut j = joiner(addr);
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
