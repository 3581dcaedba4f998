//! The hosting side: who sits in the joiner's seat, the game standing still while the
//! seat is empty, draw offers, and the frames to the joiner. Each game's adapter reads
//! `FromJoiner` and answers `SendSnapshot`.

use super::link;
use super::session::{NetSession, NetTimings, Role};
use bevy::prelude::*;
use bevy_renet::netcode::NetcodeServerTransport;
use bevy_renet::renet::ServerEvent;
use bevy_renet::{RenetReceive, RenetSend, RenetServer, RenetServerEvent};
use std::net::SocketAddr;
use std::time::Duration;
use timefork_net::msg::{DrawMsg, PauseWhy, Refusal, ToHost, ToJoiner};
use timefork_net::session::{Admission, DrawOffers, Seat};
use timefork_net::{WireError, decode, encode};
use timefork_records::{GameKind, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Outbox>();
    app.add_message::<FromJoiner>();
    app.add_message::<SendSnapshot>();
    app.add_message::<DrawAgreed>();
    app.add_message::<DrawButton>();
    app.add_observer(on_server_event);
    app.add_systems(
        PreUpdate,
        (receive, watch_the_seat)
            .chain()
            .after(RenetReceive)
            .run_if(resource_exists::<HostState>)
            .run_if(resource_exists::<RenetServer>),
    );
    app.add_systems(
        Update,
        own_draw_buttons
            .run_if(resource_exists::<HostState>)
            .before(crate::game_kit::GameSystems::Apply),
    );
    app.add_systems(
        PostUpdate,
        (kick_the_refused, flush)
            .before(RenetSend)
            .run_if(resource_exists::<HostState>)
            .run_if(resource_exists::<RenetServer>),
    );
    app.add_systems(
        Last,
        say_goodbye_on_exit
            .run_if(resource_exists::<HostState>)
            .before(bevy_renet::netcode::NetcodeServerPlugin::disconnect_on_exit),
    );
}

/// Frames waiting to go to the other computer (the host's to the seated joiner, the
/// joiner's to the host), sent at the end of the frame.
#[derive(Resource, Default, Debug)]
pub struct Outbox(pub Vec<String>);

impl Outbox {
    pub fn push<T: serde::Serialize>(&mut self, msg: &T) {
        self.0.push(encode(msg));
    }
}

/// A game message from the seated joiner (a request, a draw offer, a resync).
#[derive(Message, Debug, Clone)]
pub struct FromJoiner(pub ToHost);

/// The joiner (re)joined or asked again: the game's adapter sends the whole record.
#[derive(Message, Debug, Clone, Copy)]
pub struct SendSnapshot;

/// Both sides agreed to a draw: the game's adapter ends the match.
#[derive(Message, Debug, Clone, Copy)]
pub struct DrawAgreed;

/// The person at this computer offered, accepted or declined a draw (either role).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawButton(pub DrawMsg);

/// The host's side of a network game.
#[derive(Resource, Debug)]
pub struct HostState {
    pub seat: Seat,
    /// Where it listens.
    pub addr: SocketAddr,
    pub draws: DrawOffers,
    /// Connections refused, closed once their refusal has gone out (with the `Time<Real>`
    /// of the refusal).
    kick: Vec<(u64, Duration)>,
}

/// Starts hosting `game` on `bind`; the joiner will play `joiner_side`. The game stands
/// still until someone joins.
pub fn start(
    world: &mut World,
    game: GameKind,
    joiner_side: Side,
    bind: SocketAddr,
) -> std::io::Result<SocketAddr> {
    let addr = link::start_host(world, bind)?;
    world.insert_resource(NetSession {
        role: Role::Host,
        game,
        joiner_side,
        pause: Some(PauseWhy::WaitingForJoiner),
        note: None,
        draw_offer: None,
    });
    world.insert_resource(HostState {
        seat: Seat::new(joiner_side, rand::random::<u64>() | 1),
        addr,
        draws: DrawOffers::default(),
        kick: Vec::new(),
    });
    world.resource_mut::<Outbox>().0.clear();
    info!("hosting {game:?} on {addr}");
    Ok(addr)
}

/// Hosts `game` on the default port when the frame's commands run: `then` sets the game
/// up, `failed` hears why hosting could not start (the port taken, no network).
pub fn queue_hosting(
    commands: &mut Commands,
    game: GameKind,
    joiner_side: Side,
    then: impl FnOnce(&mut World) + Send + 'static,
    failed: impl FnOnce(&mut World, String) + Send + 'static,
) {
    commands.queue(move |world: &mut World| {
        let bind = (std::net::Ipv4Addr::UNSPECIFIED, timefork_net::DEFAULT_PORT).into();
        match start(world, game, joiner_side, bind) {
            Ok(_) => then(world),
            Err(e) => failed(
                world,
                timefork_i18n::tr!("net-cannot-host", error = e.to_string()),
            ),
        }
    });
}

/// Ends hosting: the joiner is told the host leaves (it keeps a saved copy).
pub fn stop(world: &mut World) {
    if world.remove_resource::<HostState>().is_none() {
        return;
    }
    if let Some(mut server) = world.get_resource_mut::<RenetServer>() {
        for c in server.clients_id() {
            server.send_message(c, link::CHANNEL, encode(&ToJoiner::Closing));
        }
    }
    link::stop_host(world);
    world.remove_resource::<NetSession>();
    world.resource_mut::<Outbox>().0.clear();
}

fn send(server: &mut RenetServer, client: u64, msg: &ToJoiner) {
    server.send_message(client, link::CHANNEL, encode(msg));
}

/// Every frame from every connection: a Hello takes the seat or is refused; the seated
/// joiner's game messages go to the adapter.
fn receive(
    time: Res<Time<Real>>,
    mut server: ResMut<RenetServer>,
    mut host: ResMut<HostState>,
    mut session: ResMut<NetSession>,
    mut to_game: MessageWriter<FromJoiner>,
    mut snapshot: MessageWriter<SendSnapshot>,
    mut agreed: MessageWriter<DrawAgreed>,
) {
    for client in server.clients_id() {
        while let Some(bytes) = server.receive_message(client, link::CHANNEL) {
            let text = String::from_utf8_lossy(&bytes);
            let msg = match decode::<ToHost>(&text) {
                Ok(m) => m,
                Err(e) => {
                    warn!("connection {client}: {e}");
                    if let WireError::Version { .. } = e {
                        // Our frame's head tells the joiner which release we are.
                        send(
                            &mut server,
                            client,
                            &ToJoiner::Refused {
                                why: Refusal::Version,
                            },
                        );
                        session.note = Some(timefork_i18n::tr!(
                            "net-host-refused-version",
                            error = e.to_string()
                        ));
                        host.kick.push((client, time.elapsed()));
                    }
                    continue;
                }
            };
            let seated = host.seat.client == Some(client);
            match msg {
                ToHost::Hello { rejoin, name } => match host.seat.admit(client, rejoin) {
                    Admission::Refuse(why) => {
                        info!("connection {client} ({name}) refused: {why:?}");
                        send(&mut server, client, &ToJoiner::Refused { why });
                        host.kick.push((client, time.elapsed()));
                    }
                    admitted => {
                        if let Admission::Rejoin {
                            replaces: Some(old),
                        } = admitted
                        {
                            server.disconnect(old);
                        }
                        host.seat.sit(client);
                        info!("connection {client} ({name}) sits as {:?}", host.seat.side);
                        send(
                            &mut server,
                            client,
                            &ToJoiner::Welcome {
                                seat: host.seat.side,
                                token: host.seat.token,
                                game: session.game,
                            },
                        );
                        snapshot.write(SendSnapshot);
                        session.pause = None;
                        session.note = None;
                        let standing = host.draws.standing();
                        if standing == Some(host.seat.side.opponent()) {
                            send(
                                &mut server,
                                client,
                                &ToJoiner::Draw {
                                    msg: DrawMsg::Offer,
                                },
                            );
                        }
                    }
                },
                _ if !seated => warn!("connection {client} is not seated: {msg:?} ignored"),
                ToHost::Bye => {
                    host.seat.leave(client);
                    session.pause = Some(PauseWhy::PeerLost);
                }
                ToHost::Resync => {
                    snapshot.write(SendSnapshot);
                }
                ToHost::Draw { msg } => {
                    let side = host.seat.side;
                    draw_message(&mut host, side, msg, &mut agreed);
                    session.draw_offer = host.draws.standing();
                }
                ToHost::Ready => {}
                other => {
                    to_game.write(FromJoiner(other));
                }
            }
        }
    }
}

/// The host's own draw buttons; the joiner hears of an offer made or withdrawn.
fn own_draw_buttons(
    mut buttons: MessageReader<DrawButton>,
    mut host: ResMut<HostState>,
    mut session: ResMut<NetSession>,
    mut out: ResMut<Outbox>,
    mut agreed: MessageWriter<DrawAgreed>,
) {
    for DrawButton(msg) in buttons.read() {
        let side = host.seat.side.opponent();
        draw_message(&mut host, side, *msg, &mut agreed);
        let standing = host.draws.standing();
        out.push(&ToJoiner::Draw {
            msg: if standing.is_some() {
                DrawMsg::Offer
            } else {
                DrawMsg::Decline
            },
        });
        session.draw_offer = standing;
    }
}

/// A draw offer or answer of `side`, by the offers' rules; both agreeing ends the game.
fn draw_message(
    host: &mut HostState,
    side: Side,
    msg: DrawMsg,
    agreed: &mut MessageWriter<DrawAgreed>,
) {
    let r = match msg {
        DrawMsg::Offer => host.draws.offer(side),
        DrawMsg::Accept => host.draws.answer(side, true),
        DrawMsg::Decline => host.draws.answer(side, false),
    };
    match r {
        Ok(true) => {
            agreed.write(DrawAgreed);
        }
        Ok(false) => {}
        Err(e) => warn!("draw message of {side:?}: {e}"),
    }
}

/// A move lapses the offer made to the side that moved; the game adapters call it.
pub fn moved(host: &mut HostState, session: &mut NetSession, out: &mut Outbox, by: Side) {
    let before = host.draws.standing();
    host.draws.moved(by);
    if before.is_some() && host.draws.standing().is_none() {
        out.push(&ToJoiner::Draw {
            msg: DrawMsg::Decline,
        });
        session.draw_offer = None;
    }
}

/// The seated connection gone (closed, timed out, or silent past `NetTimings::silence`):
/// the game stands still until the token comes back.
fn watch_the_seat(
    mut server: ResMut<RenetServer>,
    transport: Option<Res<NetcodeServerTransport>>,
    timings: Res<NetTimings>,
    mut host: ResMut<HostState>,
    mut session: ResMut<NetSession>,
) {
    let Some(c) = host.seat.client else { return };
    let silent = transport
        .and_then(|t| t.time_since_last_received_packet(c))
        .is_some_and(|d| d > timings.silence);
    if silent || !server.is_connected(c) {
        info!("the joiner's connection {c} is lost");
        if server.is_connected(c) {
            server.disconnect(c);
        }
        host.seat.leave(c);
        session.pause = Some(PauseWhy::PeerLost);
    }
}

fn on_server_event(ev: On<RenetServerEvent>) {
    match &ev.event().0 {
        ServerEvent::ClientConnected { client_id } => info!("connection {client_id} opened"),
        ServerEvent::ClientDisconnected { client_id, reason } => {
            info!("connection {client_id} closed: {reason}");
        }
    }
}

/// A refused connection is closed a moment later, when its refusal has gone out.
fn kick_the_refused(
    time: Res<Time<Real>>,
    mut server: ResMut<RenetServer>,
    mut host: ResMut<HostState>,
) {
    let wait = Duration::from_millis(300);
    let now = time.elapsed();
    host.kick.retain(|&(c, at)| {
        if now - at < wait {
            return true;
        }
        if server.is_connected(c) {
            server.disconnect(c);
        }
        false
    });
}

/// The outbox to the seated joiner; with nobody seated it is dropped (a joiner coming
/// back gets the whole record).
fn flush(mut server: ResMut<RenetServer>, host: Res<HostState>, mut out: ResMut<Outbox>) {
    let frames = std::mem::take(&mut out.0);
    let Some(c) = host.seat.client.filter(|&c| server.is_connected(c)) else {
        return;
    };
    for f in frames {
        server.send_message(c, link::CHANNEL, f);
    }
}

/// Closing the window while hosting tells the joiner the host leaves for good.
fn say_goodbye_on_exit(world: &mut World) {
    if world
        .get_resource::<Messages<AppExit>>()
        .is_some_and(|m| !m.is_empty())
    {
        stop(world);
    }
}
