//! The joining side: connect, say Hello (with the seat's token when coming back), read
//! the host's frames, try again every `NetTimings::retry` while the connection is lost,
//! and keep a saved copy when the host leaves.

use super::host::{DrawButton, Outbox};
use super::link;
use super::{NetSession, NetTimings, Role};
use bevy::prelude::*;
use bevy_renet::netcode::NetcodeClientTransport;
use bevy_renet::{RenetClient, RenetReceive, RenetSend};
use std::net::SocketAddr;
use std::time::Instant;
use timefork_i18n::tr;
use timefork_net::msg::{DrawMsg, PauseWhy, Refusal, ToHost, ToJoiner};
use timefork_net::{WireError, decode};

pub(super) fn plugin(app: &mut App) {
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
    /// The seat's token, once the host gave it.
    pub token: Option<u64>,
    /// Whether this connection has said Hello.
    hello_sent: bool,
    /// When this connection was opened.
    since: Instant,
    /// The name the host sees.
    pub name: String,
}

/// Starts joining the host at `server`.
pub fn start(world: &mut World, server: SocketAddr) -> Result<(), String> {
    link::start_join(world, server)?;
    world.insert_resource(JoinState {
        server,
        phase: Phase::Connecting,
        token: None,
        hello_sent: false,
        since: Instant::now(),
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
    let (phase, since, server) = {
        let j = world.resource::<JoinState>();
        (j.phase.clone(), j.since, j.server)
    };
    if phase != Phase::Connecting || world.contains_resource::<RenetClient>() {
        return;
    }
    if since.elapsed() < retry {
        return;
    }
    let r = link::start_join(world, server);
    let mut j = world.resource_mut::<JoinState>();
    j.since = Instant::now();
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
    client: Option<ResMut<RenetClient>>,
    mut join: ResMut<JoinState>,
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
                join.phase = Phase::Seated;
                match session.as_deref_mut() {
                    Some(s) => {
                        s.pause = None;
                        s.note = None;
                    }
                    None => commands.insert_resource(NetSession {
                        role: Role::Join,
                        game,
                        joiner_side: seat,
                        pause: None,
                        note: None,
                        draw_offer: None,
                    }),
                }
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
        && join.since.elapsed() > timings.silence + timings.retry;
    if lost || connecting_too_long {
        if lost {
            info!("the connection to the host is lost");
        }
        commands.queue(link::drop_join);
        join.phase = Phase::Connecting;
        join.since = Instant::now();
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
