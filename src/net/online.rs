//! Playing on a Timefork server: one on the internet, or the one a local-network host
//! runs in its window (`lan_server`). The connection runs on a thread of its own
//! (`timefork_online::client`); each frame the game reads what arrived and sends what the
//! lobby and the game asked. Inside a game the server's frames become `FromServer`, and
//! what each game's network side writes to the `Outbox` (its `ToHost` requests) goes to
//! the server as the game's `Play`, `Draw` or `Resync`.

use super::frames::{DrawButton, FromServer, HostLeft, Outbox};
use super::session::{NetSession, Role};
use bevy::prelude::*;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};
use timefork_i18n::tr;
use timefork_net::msg::{DrawMsg, ToHost, ToJoiner};
use timefork_net::online::{GameInfo, PlayReq, Ratings, Seek, ToClient, ToServer};
use timefork_online::client::Client;
use timefork_online::identity::{FILE, Identities};
use timefork_online::tls::TlsError;
use timefork_records::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OnlineRequest>();
    app.add_systems(PreUpdate, receive.run_if(resource_exists::<OnlineLink>));
    app.add_systems(
        Update,
        (requests, draw_buttons.run_if(resource_exists::<OnlineLink>)),
    );
    app.add_systems(PostUpdate, flush.run_if(resource_exists::<OnlineLink>));
    app.add_systems(Update, open_records.run_if(resource_exists::<OnlineLink>));
}

/// What the person asks of the server (the online screen's buttons).
#[derive(Message, Debug, Clone, PartialEq)]
pub enum OnlineRequest {
    Connect {
        server: String,
        name: String,
    },
    /// Trust the certificate the server showed (its SHA-256 fingerprint) and connect.
    TrustAndConnect {
        server: String,
        name: String,
        fingerprint: String,
    },
    Seek(Seek),
    CancelSeek,
    Private(Seek),
    JoinCode(String),
    /// Follow a live game (from the lobby's list) as a spectator.
    Watch(GameInfo),
    /// Open a finished game's record (from the lobby's list) to replay it.
    Replay(u64),
    Live,
    Recent,
    Ratings(String),
    /// Claim the game whose opponent is gone past the limit.
    Claim,
    /// Leave the game on screen (it goes on without this computer until claimed).
    LeaveGame,
    Disconnect,
}

/// Where the connection stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OnlinePhase {
    Connecting,
    /// Said Hello: the lobby.
    Ready,
    /// The connection ended, or the server refused: why.
    Closed(String),
    /// The server's TLS certificate is signed by no authority this computer knows:
    /// its fingerprint, for the player to compare and trust. `changed`: another one was
    /// trusted for this server before.
    Untrusted {
        fingerprint: String,
        changed: bool,
    },
}

/// What the connection's thread reports.
enum LinkEvent {
    Welcome {
        name: String,
        ratings: Ratings,
        games: Vec<GameInfo>,
    },
    Frame(ToClient),
    Closed(String),
    Untrusted {
        fingerprint: String,
        changed: bool,
    },
}

/// The connection to a server and what the lobby shows of it.
#[derive(Resource)]
pub struct OnlineLink {
    pub server: String,
    pub name: String,
    pub phase: OnlinePhase,
    pub ratings: Option<Ratings>,
    pub live: Vec<GameInfo>,
    pub recent: Vec<GameInfo>,
    /// The private room's code, once the server gave it.
    pub code: Option<String>,
    pub seeking: bool,
    /// The game played now.
    pub game: Option<GameInfo>,
    /// The last thing the server said (an error, a game's end).
    pub note: Option<String>,
    /// Ratings asked of other players, by name.
    pub asked: Vec<(String, Ratings)>,
    /// When the game's other player, gone, may be claimed against.
    pub claim_from: Option<Instant>,
    /// Watching a game whose record has not come yet: an error now means it is gone.
    pub watch_pending: bool,
    /// A finished game's record the server sent, to open (its id, kind and text).
    pub record: Option<(u64, timefork_records::GameKind, String)>,
    /// A local network's server (this window's own or the host's it joined): names are
    /// made to fit, and the server going away is the host leaving.
    lan: bool,
    out: Sender<ToServer>,
    events: Mutex<Receiver<LinkEvent>>,
}

impl OnlineLink {
    /// Connects on a thread: the Hello with this computer's token for `name` at `server`
    /// (taken from, or kept in, the settings folder's `online-identities.json`).
    fn start(server: String, name: String, config: std::path::PathBuf) -> OnlineLink {
        OnlineLink::start_with(server, name, config, false)
    }

    /// Connects to a local network's server. `name` is taken, or another like it
    /// (`Name-2`, ...) when the server has it already; a key kept for a server of an
    /// earlier hosting at the same address is dropped.
    pub fn start_lan(server: String, name: String, config: std::path::PathBuf) -> OnlineLink {
        OnlineLink::start_with(server, name, config, true)
    }

    fn start_with(
        server: String,
        name: String,
        config: std::path::PathBuf,
        lan: bool,
    ) -> OnlineLink {
        let (out, out_rx) = channel::<ToServer>();
        let (ev_tx, events) = channel::<LinkEvent>();
        let (s, n) = (server.clone(), name.clone());
        std::thread::spawn(move || run_link(s, n, config, lan, out_rx, ev_tx));
        OnlineLink {
            server,
            name,
            phase: OnlinePhase::Connecting,
            ratings: None,
            live: Vec::new(),
            recent: Vec::new(),
            code: None,
            seeking: false,
            game: None,
            note: None,
            asked: Vec::new(),
            claim_from: None,
            record: None,
            watch_pending: false,
            lan,
            out,
            events: Mutex::new(events),
        }
    }

    pub fn send(&self, msg: ToServer) {
        // A closed link says so through its events.
        let _ = self.out.send(msg);
    }

    /// Whether the server is a local network's (see `start_lan`).
    pub fn is_lan(&self) -> bool {
        self.lan
    }
}

/// The connection's thread: Hello, then frames both ways until either side ends.
fn run_link(
    server: String,
    name: String,
    config: std::path::PathBuf,
    lan: bool,
    out: Receiver<ToServer>,
    events: Sender<LinkEvent>,
) {
    let path = config.join(FILE);
    let (ids, note) = Identities::load(&path);
    if let Some(n) = note {
        warn!("{n}");
    }
    // On a local network's server a name taken is another player's at this hosting:
    // another like it is tried.
    let tries = if lan { 9 } else { 1 };
    let mut attempt = Err(NoHello::NameTaken);
    for n in 1..=tries {
        let name = if n == 1 {
            name.clone()
        } else {
            format!("{name}-{n}")
        };
        attempt = say_hello(&server, &name, &ids, lan);
        if !matches!(attempt, Err(NoHello::NameTaken)) {
            break;
        }
    }
    let (mut client, welcome, name) = match attempt {
        Ok(x) => x,
        Err(NoHello::NameTaken) => {
            let why = timefork_net::online::OnlineRefusal::NameTaken;
            let _ = events.send(LinkEvent::Closed(refusal_words(&why, &name)));
            return;
        }
        Err(NoHello::Event(e)) => {
            let _ = events.send(*e);
            return;
        }
    };
    if let Some(t) = &welcome.token {
        // Read again first: another program may have kept a name meanwhile.
        let (mut on_disk, _) = Identities::load(&path);
        on_disk.set(&server, &name, t);
        if let Err(e) = on_disk.save(&path) {
            let _ = events.send(LinkEvent::Closed(tr!(
                "online-token-not-kept",
                error = e.as_str()
            )));
            return;
        }
    }
    let _ = events.send(LinkEvent::Welcome {
        name: welcome.name,
        ratings: welcome.ratings,
        games: welcome.games,
    });
    let mut last_sent = Instant::now();
    loop {
        loop {
            match out.try_recv() {
                Ok(msg) => {
                    let bye = msg == ToServer::Bye;
                    if let Err(e) = client.send(&msg) {
                        let _ = events.send(LinkEvent::Closed(e));
                        return;
                    }
                    last_sent = Instant::now();
                    if bye {
                        return;
                    }
                }
                Err(TryRecvError::Empty) => break,
                // The game let go of the link.
                Err(TryRecvError::Disconnected) => {
                    let _ = client.send(&ToServer::Bye);
                    return;
                }
            }
        }
        if last_sent.elapsed() > Duration::from_secs(20) {
            let _ = client.send(&ToServer::Ping);
            last_sent = Instant::now();
        }
        match client.recv(Duration::from_millis(30)) {
            Ok(Some(msg)) => {
                if events.send(LinkEvent::Frame(msg)).is_err() {
                    return;
                }
            }
            Ok(None) => {}
            Err(e) => {
                let _ = events.send(LinkEvent::Closed(e));
                return;
            }
        }
    }
}

/// Why a Hello did not bring a welcome.
enum NoHello {
    /// A local network's server has the name already (another may be tried).
    NameTaken,
    /// What to tell the game.
    Event(Box<LinkEvent>),
}

/// Connects and says Hello as `name` (with this computer's key for it, if one is kept):
/// the connection and the server's welcome, or the event that says why not. On a local
/// network's server a key it does not know (one of an earlier hosting) is dropped and
/// the name asked afresh.
fn say_hello(
    server: &str,
    name: &str,
    ids: &Identities,
    lan: bool,
) -> Result<(Client, timefork_online::client::Welcome, String), NoHello> {
    use timefork_net::online::OnlineRefusal as R;
    use timefork_online::client::HelloError;
    let mut token = ids.token(server, name).map(str::to_string);
    loop {
        let mut client =
            match Client::connect_trusting(server, Duration::from_secs(5), ids.trusted(server)) {
                Ok(c) => c,
                Err(TlsError::Unknown { fingerprint }) => {
                    return Err(NoHello::Event(Box::new(LinkEvent::Untrusted {
                        fingerprint,
                        changed: false,
                    })));
                }
                Err(TlsError::Changed { fingerprint, .. }) => {
                    return Err(NoHello::Event(Box::new(LinkEvent::Untrusted {
                        fingerprint,
                        changed: true,
                    })));
                }
                Err(TlsError::Other(e)) => {
                    return Err(NoHello::Event(Box::new(LinkEvent::Closed(e))));
                }
            };
        match client.hello(name, token.as_deref(), false, Duration::from_secs(10)) {
            Ok(w) => return Ok((client, w, name.to_string())),
            Err(HelloError::Refused {
                why: R::BadToken, ..
            }) if lan && token.is_some() => token = None,
            Err(HelloError::Refused {
                why: R::NameTaken, ..
            }) if lan => return Err(NoHello::NameTaken),
            Err(HelloError::Refused { why, .. }) => {
                return Err(NoHello::Event(Box::new(LinkEvent::Closed(refusal_words(
                    &why, name,
                )))));
            }
            Err(other) => {
                return Err(NoHello::Event(Box::new(LinkEvent::Closed(
                    other.to_string(),
                ))));
            }
        }
    }
}

/// The person's requests, to the server (a new connection for Connect).
fn requests(
    mut reqs: MessageReader<OnlineRequest>,
    link: Option<ResMut<OnlineLink>>,
    config: Option<Res<crate::files::ConfigDir>>,
    mut commands: Commands,
) {
    let config = config.map_or_else(crate::files::config_dir, |c| c.0.clone());
    let mut link = link;
    for r in reqs.read() {
        match (r, link.as_deref_mut()) {
            (
                OnlineRequest::TrustAndConnect {
                    server,
                    name,
                    fingerprint,
                },
                _,
            ) => {
                let path = config.join(FILE);
                let (mut ids, _) = Identities::load(&path);
                ids.trust(server.trim(), fingerprint);
                match ids.save(&path) {
                    Ok(()) => commands.insert_resource(OnlineLink::start(
                        server.trim().to_string(),
                        name.trim().to_string(),
                        config.clone(),
                    )),
                    Err(e) => warn!("the trusted certificate cannot be kept: {e}"),
                }
            }
            (OnlineRequest::Connect { server, name }, _) => {
                commands.insert_resource(OnlineLink::start(
                    server.trim().to_string(),
                    name.trim().to_string(),
                    config.clone(),
                ));
            }
            (OnlineRequest::Disconnect, Some(l)) => {
                l.send(ToServer::Bye);
                commands.remove_resource::<OnlineLink>();
                commands.remove_resource::<NetSession>();
            }
            (_, None) => {}
            (OnlineRequest::Seek(seek), Some(l)) => {
                l.code = None;
                l.send(ToServer::Seek { seek: seek.clone() });
            }
            (OnlineRequest::CancelSeek, Some(l)) => {
                l.seeking = false;
                l.code = None;
                l.send(ToServer::CancelSeek);
            }
            (OnlineRequest::Private(seek), Some(l)) => {
                l.send(ToServer::Private { seek: seek.clone() })
            }
            (OnlineRequest::JoinCode(code), Some(l)) => l.send(ToServer::JoinCode {
                code: code.trim().to_string(),
            }),
            (OnlineRequest::Watch(info), Some(l)) => {
                l.send(ToServer::Watch { game: info.id });
                watch_game(l, &mut commands, info.clone());
            }
            (OnlineRequest::Replay(game), Some(l)) => l.send(ToServer::Record { game: *game }),
            (OnlineRequest::Live, Some(l)) => l.send(ToServer::Live),
            (OnlineRequest::Recent, Some(l)) => l.send(ToServer::Recent),
            (OnlineRequest::Ratings(name), Some(l)) => l.send(ToServer::Ratings {
                name: name.trim().to_string(),
            }),
            (OnlineRequest::Claim, Some(l)) => {
                if let Some(g) = &l.game {
                    l.send(ToServer::Claim { game: g.id });
                }
            }
            (OnlineRequest::LeaveGame, Some(l)) => {
                if let Some(g) = l.game.take().filter(|g| g.seat.is_none()) {
                    l.send(ToServer::Unwatch { game: g.id });
                }
                commands.remove_resource::<NetSession>();
            }
        }
    }
}

/// What the server said, to the lobby and to the game on screen.
fn receive(
    mut link: ResMut<OnlineLink>,
    mut session: Option<ResMut<NetSession>>,
    mut to_game: MessageWriter<FromServer>,
    mut host_left: MessageWriter<HostLeft>,
    mut commands: Commands,
) {
    let events: Vec<LinkEvent> = {
        let rx = link
            .events
            .lock()
            .expect("never poisoned: no panics inside");
        std::iter::from_fn(|| rx.try_recv().ok()).collect()
    };
    for ev in events {
        match ev {
            LinkEvent::Welcome {
                name,
                ratings,
                games,
            } => {
                link.phase = OnlinePhase::Ready;
                link.name = name;
                link.ratings = Some(ratings);
                // The lobby's lists, filled at once.
                link.send(ToServer::Live);
                link.send(ToServer::Recent);
                // A game left unfinished: the server sends its record next.
                if let Some(g) = games.into_iter().find(|g| g.seat.is_some()) {
                    start_game(&mut link, &mut commands, g);
                }
            }
            LinkEvent::Untrusted {
                fingerprint,
                changed,
            } => {
                link.phase = OnlinePhase::Untrusted {
                    fingerprint,
                    changed,
                };
            }
            LinkEvent::Closed(why) => {
                link.phase = OnlinePhase::Closed(why);
                link.seeking = false;
                if let Some(s) = session.as_deref_mut() {
                    s.lost = true;
                    if link.lan && s.role == Role::Play {
                        // The host's window (and its server) is gone: the game ends here,
                        // and a copy is kept to play on at one computer.
                        host_left.write(HostLeft);
                    } else {
                        s.note = Some(tr!("online-lost"));
                    }
                }
            }
            LinkEvent::Frame(msg) => frame(
                &mut link,
                session.as_deref_mut(),
                &mut to_game,
                &mut commands,
                msg,
            ),
        }
    }
}

/// A game begins (or is taken up again): this computer joins it as the LAN joiner does.
fn start_game(link: &mut OnlineLink, commands: &mut Commands, info: GameInfo) {
    let Some(seat) = info.seat else { return };
    link.seeking = false;
    link.code = None;
    link.claim_from = None;
    commands.insert_resource(NetSession::new(Role::Play, info.kind, seat));
    link.game = Some(info);
}

/// Following a game as a spectator: this computer is its joiner without a seat.
fn watch_game(link: &mut OnlineLink, commands: &mut Commands, mut info: GameInfo) {
    info.seat = None;
    link.watch_pending = true;
    link.claim_from = None;
    link.note = None;
    commands.insert_resource(NetSession::new(Role::Watch, info.kind, Side::White));
    link.game = Some(info);
}

/// A finished game's record from the server opens as a saved game does, to replay.
fn open_records(
    mut link: ResMut<OnlineLink>,
    files: Res<crate::saved_games::GameFiles>,
    mut open: MessageWriter<crate::saved_games::OpenGame>,
) {
    let Some((game, kind, record)) = link.record.take() else {
        return;
    };
    match files.open_received(kind, &format!("game {game}"), &record) {
        Ok(o) => {
            open.write(crate::saved_games::OpenGame(o));
        }
        Err(e) => link.note = Some(e),
    }
}

fn frame(
    link: &mut OnlineLink,
    session: Option<&mut NetSession>,
    to_game: &mut MessageWriter<FromServer>,
    commands: &mut Commands,
    msg: ToClient,
) {
    let current = link.game.as_ref().map(|g| g.id);
    let own = link.game.as_ref().and_then(|g| g.seat);
    match msg {
        ToClient::Seeking => link.seeking = true,
        ToClient::Code { code } => link.code = Some(code),
        ToClient::Started { info } => start_game(link, commands, info),
        ToClient::Game { game, msg } if Some(game) == current => match msg {
            ToJoiner::Snapshot { .. } if link.watch_pending => {
                link.watch_pending = false;
                to_game.write(FromServer(msg));
            }
            ToJoiner::Draw { msg } => {
                if let (Some(s), Some(own)) = (session, own) {
                    s.draw_offer = match msg {
                        DrawMsg::Offer if s.draw_offer != Some(own) => Some(own.opponent()),
                        DrawMsg::Offer => Some(own),
                        DrawMsg::Accept | DrawMsg::Decline => None,
                    };
                }
            }
            other => {
                to_game.write(FromServer(other));
            }
        },
        ToClient::Presence {
            game,
            side,
            present,
            claim_in_ms,
        } if Some(game) == current && own.is_some_and(|own| own != side) => {
            link.claim_from = match (present, claim_in_ms) {
                (false, Some(ms)) => Some(Instant::now() + Duration::from_millis(ms)),
                (false, None) => Some(Instant::now()),
                (true, _) => None,
            };
            if let Some(s) = session {
                s.note = match (present, claim_in_ms) {
                    (false, Some(ms)) => {
                        Some(tr!("online-opponent-gone", seconds = ms.div_ceil(1000)))
                    }
                    (false, None) => Some(tr!("online-opponent-gone-now")),
                    (true, _) => None,
                };
            }
        }
        ToClient::Restarted { game } if Some(game) == current => {
            if let Some(s) = session {
                s.note = Some(tr!("online-restarted"));
            }
        }
        ToClient::Ended {
            game,
            result,
            reason,
            ratings,
        } if Some(game) == current => {
            let mut text = format!("{result} ({reason})");
            if let (Some(r), Some(own)) = (ratings, own) {
                let r = r[own.pick(0, 1)];
                text += &format!(
                    "; {}",
                    tr!(
                        "online-rating-change",
                        before = format!("{:.0}", r.before),
                        after = format!("{:.0}", r.after)
                    )
                );
                if let (Some(rs), Some(g)) = (link.ratings.as_mut(), link.game.as_ref()) {
                    rs.of_mut(g.kind).rating = r.after;
                    rs.of_mut(g.kind).deviation = r.deviation;
                    rs.of_mut(g.kind).games += 1;
                }
            }
            if let Some(s) = session {
                s.note = Some(text.clone());
            }
            link.note = Some(text);
        }
        ToClient::Record { game, kind, record } => link.record = Some((game, kind, record)),
        ToClient::LiveGames { games } => link.live = games,
        ToClient::RecentGames { games } => link.recent = games,
        ToClient::Ratings { name, ratings } => {
            if name == link.name {
                link.ratings = Some(ratings);
            }
            link.asked.retain(|(n, _)| *n != name);
            link.asked.push((name, ratings));
        }
        ToClient::Error { reason } => {
            // The game asked to watch has ended meanwhile: back to the lobby's lists.
            if link.watch_pending {
                link.watch_pending = false;
                link.game = None;
                commands.remove_resource::<NetSession>();
                link.send(ToServer::Live);
                link.send(ToServer::Recent);
            }
            link.note = Some(reason);
        }
        ToClient::Refused { why } => {
            link.phase = OnlinePhase::Closed(refusal_words(&why, &link.name));
        }
        _ => {}
    }
}

/// This side's draw buttons, to the server.
fn draw_buttons(
    mut buttons: MessageReader<DrawButton>,
    link: Res<OnlineLink>,
    session: Option<ResMut<NetSession>>,
) {
    let (Some(g), Some(mut s)) = (link.game.as_ref(), session) else {
        buttons.clear();
        return;
    };
    for DrawButton(msg) in buttons.read() {
        link.send(ToServer::Draw {
            game: g.id,
            msg: *msg,
        });
        s.draw_offer = match msg {
            DrawMsg::Offer => Some(s.side),
            DrawMsg::Accept | DrawMsg::Decline => None,
        };
    }
}

/// What the game's network side asked, to the server.
fn flush(link: Res<OnlineLink>, mut out: ResMut<Outbox>) {
    let Some((game, watching)) = link.game.as_ref().map(|g| (g.id, g.seat.is_none())) else {
        return;
    };
    for msg in std::mem::take(&mut out.0) {
        let to_server = match msg {
            ToHost::FiveD { seq, req } => ToServer::Play {
                game,
                seq,
                req: PlayReq::FiveD { req },
            },
            ToHost::Wager { seq, event } => ToServer::Play {
                game,
                seq,
                req: PlayReq::Wager { event },
            },
            ToHost::Kd { seq, req } => ToServer::Play {
                game,
                seq,
                req: PlayReq::Kd { req },
            },
            ToHost::Draw { msg } => ToServer::Draw { game, msg },
            ToHost::Resync => ToServer::Resync { game },
        };
        // A spectator asks for the record again, and nothing else.
        if !watching || matches!(to_server, ToServer::Resync { .. }) {
            link.send(to_server);
        }
    }
}

/// Back at the title: the game on screen is left (it goes on at the server until
/// claimed); the connection stays for the lobby.
pub fn leave_game(world: &mut World) {
    if let Some(mut link) = world.get_resource_mut::<OnlineLink>()
        && let Some(g) = link.game.take()
    {
        if g.seat.is_none() {
            link.send(ToServer::Unwatch { game: g.id });
        }
        world.remove_resource::<NetSession>();
    }
}

/// Why a server refused this computer, in the window's language.
fn refusal_words(why: &timefork_net::online::OnlineRefusal, name: &str) -> String {
    use timefork_net::online::OnlineRefusal as R;
    match why {
        R::Version => tr!("online-refused-version"),
        R::BadName => tr!("online-refused-bad-name", name = name),
        R::NameTaken => tr!("online-refused-name-taken", name = name),
        R::BadToken => tr!("online-refused-bad-token", name = name),
        R::InUse => tr!("online-refused-in-use", name = name),
        R::TooMany => tr!("online-refused-too-many"),
        R::Protocol => tr!("online-refused-protocol"),
    }
}

/// The side a player plays in a game the lobby lists, in words.
pub fn side_word(side: Side) -> String {
    match side {
        Side::White => tr!("online-white"),
        Side::Black => tr!("online-black"),
    }
}
