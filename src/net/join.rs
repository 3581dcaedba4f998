//! The joining side: connect, say Hello (with the seat's token when coming back), read
//! the host's frames, try again every `NetTimings::retry` while the connection is lost,
//! and keep a saved copy when the host leaves. The seat's token is kept on disk too, so a
//! joiner whose program quit (or crashed) takes its seat back when it joins again.

use super::host::{DrawButton, Outbox};
use super::link;
use super::session::{NetSession, NetTimings, Role};
use bevy::prelude::*;
use bevy_renet::netcode::NetcodeClientTransport;
use bevy_renet::{RenetClient, RenetReceive, RenetSend};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use timefork_i18n::tr;
use timefork_net::msg::{DrawMsg, PauseWhy, Refusal, ToHost, ToJoiner};
use timefork_net::{WireError, decode};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SeatFile>();
    app.add_message::<FromHost>();
    app.add_message::<HostLeft>();
    app.add_systems(
        PreUpdate,
        (reconnect, receive, watch_the_link)
            .chain()
            .after(RenetReceive)
            .run_if(resource_exists::<JoinState>),
    );
    app.add_systems(
        Update,
        own_draw_buttons
            .run_if(resource_exists::<JoinState>)
            .run_if(resource_exists::<NetSession>),
    );
    app.add_systems(
        PostUpdate,
        flush.before(RenetSend).run_if(resource_exists::<JoinState>),
    );
}

/// A game message from the host (the record, what happened, an answer to a request).
#[derive(Message, Debug, Clone)]
pub struct FromHost(pub ToJoiner);

/// The host left for good: each game's adapter saves its copy.
#[derive(Message, Debug, Clone, Copy)]
pub struct HostLeft;

/// Where the last seat taken is remembered (tests give each app its own).
#[derive(Resource, Debug, Clone)]
pub struct SeatFile(pub PathBuf);

impl FromWorld for SeatFile {
    fn from_world(world: &mut World) -> SeatFile {
        SeatFile(crate::files::ConfigDir::of(world).join("network-seat.json"))
    }
}

/// The seat remembered: the host's address and the token that takes the seat back.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct SavedSeat {
    server: SocketAddr,
    token: u64,
}

impl SeatFile {
    /// The token saved for a host at `server` (the same port on the same computer: a
    /// host found on the local network may be reached by another of its addresses).
    fn token_for(&self, server: SocketAddr) -> Option<u64> {
        let text = std::fs::read_to_string(&self.0).ok()?;
        let saved: SavedSeat = serde_json::from_str(&text)
            .inspect_err(|e| warn!("{}: {e}", self.0.display()))
            .ok()?;
        (saved.server.port() == server.port() && super::lan::same_host(saved.server, server))
            .then_some(saved.token)
    }

    fn remember(&self, server: SocketAddr, token: u64) {
        let text = serde_json::to_string(&SavedSeat { server, token }).expect("plain data");
        if let Err(e) = crate::files::write_atomically(&self.0, text.as_bytes()) {
            warn!("cannot remember the seat in {}: {e}", self.0.display());
        }
    }

    fn forget(&self) {
        if let Err(e) = std::fs::remove_file(&self.0)
            && e.kind() != std::io::ErrorKind::NotFound
        {
            warn!("cannot forget the seat in {}: {e}", self.0.display());
        }
    }
}

/// Where the joiner stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Connecting (or connecting again after a drop).
    Connecting,
    /// In the seat.
    Seated,
    /// The host said no, or cannot be understood; nothing more is tried.
    Refused(String),
    /// The host left.
    Over,
}

#[derive(Resource, Debug)]
pub struct JoinState {
    pub server: SocketAddr,
    pub phase: Phase,
    /// The seat's token, once the host gave it (or as saved from an earlier run).
    pub token: Option<u64>,
    /// Whether `token` came from the file and the host has not yet taken it.
    token_from_file: bool,
    /// Whether this connection has said Hello.
    hello_sent: bool,
    /// When this connection was opened (`Time<Real>`: frames, not the wall clock, in tests).
    since: Duration,
    /// The name the host sees.
    pub name: String,
}

/// Starts joining the host at `server`.
pub fn start(world: &mut World, server: SocketAddr) -> Result<(), String> {
    link::start_join(world, server)?;
    let token = world.resource::<SeatFile>().token_for(server);
    world.insert_resource(JoinState {
        server,
        phase: Phase::Connecting,
        token,
        token_from_file: token.is_some(),
        hello_sent: false,
        since: world.resource::<Time<Real>>().elapsed(),
        name: world
            .get_resource::<crate::settings::Settings>()
            .map(|s| s.player_name.clone())
            .unwrap_or_default(),
    });
    world.resource_mut::<Outbox>().0.clear();
    info!("joining {server}");
    Ok(())
}

/// Leaves on purpose: the host hears "bye" at once.
pub fn stop(world: &mut World) {
    if world.remove_resource::<JoinState>().is_none() {
        return;
    }
    if let Some(mut c) = world.get_resource_mut::<RenetClient>()
        && c.is_connected()
    {
        c.send_message(link::CHANNEL, timefork_net::encode(&ToHost::Bye));
        if let Some(mut t) = world.remove_resource::<NetcodeClientTransport>() {
            let mut client = world
                .remove_resource::<RenetClient>()
                .expect("checked above");
            let _ = t.send_packets(&mut client);
            t.disconnect();
        }
    }
    link::close_join(world);
    world.remove_resource::<NetSession>();
    world.resource_mut::<Outbox>().0.clear();
}

/// While the seat's connection is lost, a new one every `retry`.
fn reconnect(world: &mut World) {
    let retry = world.resource::<NetTimings>().retry;
    let now = world.resource::<Time<Real>>().elapsed();
    let (phase, since, server) = {
        let j = world.resource::<JoinState>();
        (j.phase.clone(), j.since, j.server)
    };
    if phase != Phase::Connecting || world.contains_resource::<RenetClient>() {
        return;
    }
    if now - since < retry {
        return;
    }
    let r = link::start_join(world, server);
    let mut j = world.resource_mut::<JoinState>();
    j.since = now;
    j.hello_sent = false;
    if let Err(e) = r {
        warn!("cannot connect to {server}: {e}");
    }
}

fn refusal_text(why: &Refusal) -> String {
    match why {
        Refusal::Version => tr!("net-refused-version"),
        Refusal::SeatTaken => tr!("net-refused-seat-taken"),
        Refusal::UnknownSeat => tr!("net-refused-unknown-seat"),
    }
}

fn receive(
    mut commands: Commands,
    time: Res<Time<Real>>,
    client: Option<ResMut<RenetClient>>,
    mut join: ResMut<JoinState>,
    seat_file: Res<SeatFile>,
    session: Option<ResMut<NetSession>>,
    mut to_game: MessageWriter<FromHost>,
    mut left: MessageWriter<HostLeft>,
) {
    let Some(mut client) = client else { return };
    let mut session = session;
    if client.is_connected() && !join.hello_sent {
        join.hello_sent = true;
        let hello = ToHost::Hello {
            name: join.name.clone(),
            rejoin: join.token,
        };
        client.send_message(link::CHANNEL, timefork_net::encode(&hello));
    }
    while let Some(bytes) = client.receive_message(link::CHANNEL) {
        let text = String::from_utf8_lossy(&bytes);
        let msg = match decode::<ToJoiner>(&text) {
            Ok(m) => m,
            Err(e @ WireError::Version { .. }) => {
                join.phase = Phase::Refused(e.to_string());
                commands.queue(link::close_join);
                return;
            }
            Err(e) => {
                warn!("a frame from the host: {e}");
                continue;
            }
        };
        match msg {
            ToJoiner::Welcome { seat, token, game } => {
                join.token = Some(token);
                join.token_from_file = false;
                join.phase = Phase::Seated;
                seat_file.remember(join.server, token);
                match session.as_deref_mut() {
                    Some(s) => {
                        s.pause = None;
                        s.note = None;
                    }
                    None => commands.insert_resource(NetSession::new(Role::Join, game, seat)),
                }
            }
            ToJoiner::Refused {
                why: Refusal::UnknownSeat,
            } if join.token_from_file => {
                // A seat of an earlier game, at a host since started again: join afresh.
                info!("the saved seat is not this game's; joining as a newcomer");
                seat_file.forget();
                join.token = None;
                join.token_from_file = false;
                join.since = time.elapsed();
                commands.queue(link::close_join);
                return;
            }
            ToJoiner::Refused { why } => {
                let text = refusal_text(&why);
                if let Some(s) = session.as_deref_mut() {
                    s.note = Some(text.clone());
                }
                join.phase = Phase::Refused(text);
                commands.queue(link::close_join);
                return;
            }
            ToJoiner::Closing => {
                join.phase = Phase::Over;
                seat_file.forget();
                if let Some(s) = session.as_deref_mut() {
                    s.pause = None;
                }
                left.write(HostLeft);
                commands.queue(link::close_join);
                return;
            }
            ToJoiner::Pause { why } => {
                if let Some(s) = session.as_deref_mut() {
                    s.pause = Some(why);
                }
            }
            ToJoiner::Resume => {
                if let Some(s) = session.as_deref_mut() {
                    s.pause = None;
                }
            }
            ToJoiner::Draw { msg } => {
                if let Some(s) = session.as_deref_mut() {
                    s.draw_offer = match msg {
                        DrawMsg::Offer => Some(s.joiner_side.opponent()),
                        DrawMsg::Accept | DrawMsg::Decline => None,
                    };
                }
            }
            other => {
                to_game.write(FromHost(other));
            }
        }
    }
}

/// A seated connection that drops or falls silent: the game stands still and a new
/// connection is tried.
fn watch_the_link(
    mut commands: Commands,
    time: Res<Time<Real>>,
    client: Option<Res<RenetClient>>,
    transport: Option<Res<NetcodeClientTransport>>,
    timings: Res<NetTimings>,
    mut join: ResMut<JoinState>,
    session: Option<ResMut<NetSession>>,
) {
    if matches!(join.phase, Phase::Refused(_) | Phase::Over) {
        return;
    }
    let lost = match (&client, &transport) {
        (Some(c), Some(t)) => {
            c.is_disconnected()
                || (c.is_connected() && t.time_since_last_received_packet() > timings.silence)
        }
        // The transport gone while seated: lost. (Between tries there is none either;
        // `reconnect` makes the next one.)
        _ => join.phase == Phase::Seated,
    };
    let connecting_too_long = client.as_ref().is_some_and(|c| c.is_connecting())
        && time.elapsed() - join.since > timings.silence + timings.retry;
    if lost || connecting_too_long {
        if lost {
            info!("the connection to the host is lost");
        }
        commands.queue(link::drop_join);
        join.phase = Phase::Connecting;
        join.since = time.elapsed();
        if let Some(mut s) = session
            && join.token.is_some()
        {
            s.pause = Some(PauseWhy::PeerLost);
        }
    }
}

/// The joiner's draw buttons go to the host; its own offer stands until answered.
fn own_draw_buttons(
    mut buttons: MessageReader<DrawButton>,
    mut session: ResMut<NetSession>,
    mut out: ResMut<Outbox>,
) {
    for DrawButton(msg) in buttons.read() {
        out.push(&ToHost::Draw { msg: *msg });
        session.draw_offer = match msg {
            DrawMsg::Offer => Some(session.joiner_side),
            DrawMsg::Accept | DrawMsg::Decline => None,
        };
    }
}

/// The outbox to the host, once seated; while the connection is lost nothing can be
/// asked (the game stands still).
fn flush(client: Option<ResMut<RenetClient>>, join: Res<JoinState>, mut out: ResMut<Outbox>) {
    let frames = std::mem::take(&mut out.0);
    let Some(mut client) = client else { return };
    if join.phase != Phase::Seated || !client.is_connected() {
        return;
    }
    for f in frames {
        client.send_message(link::CHANNEL, f);
    }
}
