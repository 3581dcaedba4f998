//! Finding a host on the local network, so nobody has to read out an address. The join
//! screen broadcasts `Lan::Looking` to the discovery port (UDP 5758) every second; a host
//! whose seat is empty answers `Lan::Hosting` to the sender (saying whether the seat
//! awaits the player who left it), and the join
//! screen lists every host heard from in the last few seconds. Same framed, versioned
//! JSON as the game's messages; a host of another release is not listed.

use super::host::HostState;
use super::session::{NetSession, Role};
use bevy::prelude::*;
use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::time::Duration;
use timefork_net::msg::Lan;
use timefork_net::{decode, encode};
use timefork_records::{GameKind, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LanPort>();
    // The join screen looks while it is open.
    app.add_systems(OnEnter(crate::screens::Screen::NetJoin), start_looking);
    app.add_systems(OnExit(crate::screens::Screen::NetJoin), stop_looking);
    app.add_systems(
        PreUpdate,
        (
            // A host answers lookers from when it starts until it stops.
            start_answering.run_if(resource_added::<HostState>),
            stop_answering.run_if(resource_removed::<HostState>),
            answer_lookers.run_if(resource_exists::<LanAnswer>),
            look_for_hosts.run_if(resource_exists::<LanSearch>),
        ),
    );
}

/// The discovery port (tests choose a free one).
#[derive(Resource, Debug, Clone, Copy)]
pub struct LanPort(pub u16);

impl Default for LanPort {
    fn default() -> LanPort {
        LanPort(timefork_net::DISCOVERY_PORT)
    }
}

/// The host's socket on the discovery port.
#[derive(Resource)]
pub struct LanAnswer(UdpSocket);

/// Starts answering searches (the host calls it). Another host on this computer may hold
/// the port already: then this one is found by its address only.
fn start_answering(mut commands: Commands, port: Res<LanPort>, open: Option<Res<LanAnswer>>) {
    if open.is_some() {
        // Hosting stopped and started again within a frame: the socket is still open.
        return;
    }
    let port = port.0;
    match UdpSocket::bind((Ipv4Addr::UNSPECIFIED, port)).and_then(|s| {
        s.set_nonblocking(true)?;
        Ok(s)
    }) {
        Ok(s) => commands.insert_resource(LanAnswer(s)),
        Err(e) => warn!("not announced on the local network (UDP {port}: {e})"),
    }
}

fn stop_answering(mut commands: Commands) {
    commands.remove_resource::<LanAnswer>();
}

fn answer_lookers(
    socket: Res<LanAnswer>,
    host: Option<Res<HostState>>,
    session: Option<Res<NetSession>>,
    settings: Option<Res<crate::settings::Settings>>,
) {
    let mut buf = [0u8; 1500];
    while let Ok((n, from)) = socket.0.recv_from(&mut buf) {
        let (Some(host), Some(session)) = (&host, &session) else {
            continue;
        };
        if session.role != Role::Host || host.seat.client.is_some() {
            continue;
        }
        let Ok(Lan::Looking) = decode::<Lan>(&String::from_utf8_lossy(&buf[..n])) else {
            continue;
        };
        let answer = Lan::Hosting {
            game: session.game,
            port: host.addr.port(),
            seat: host.seat.side,
            host: settings
                .as_ref()
                .map(|s| s.player_name.clone())
                .unwrap_or_default(),
            returning: host.seat.taken_once,
        };
        if let Err(e) = socket.0.send_to(encode(&answer).as_bytes(), from) {
            warn!("cannot answer {from}: {e}");
        }
    }
}

/// A host heard on the local network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundHost {
    /// Where to join it.
    pub addr: SocketAddr,
    pub game: GameKind,
    /// The side the joiner would play.
    pub seat: Side,
    pub name: String,
    /// The seat awaits the player who left it.
    pub returning: bool,
    /// When it was last heard (`Time<Real>`).
    seen: Duration,
}

impl FoundHost {
    /// A host as heard now (`seen`: `Time<Real>`'s elapsed time).
    pub fn heard(
        addr: SocketAddr,
        game: GameKind,
        seat: Side,
        name: String,
        returning: bool,
        seen: Duration,
    ) -> FoundHost {
        FoundHost {
            addr,
            game,
            seat,
            name,
            returning,
            seen,
        }
    }
}

/// The join screen's search: its socket and the hosts heard lately.
#[derive(Resource)]
pub struct LanSearch {
    socket: Option<UdpSocket>,
    asked: Option<Duration>,
    pub found: Vec<FoundHost>,
}

/// How often the search asks, and how long a host stays listed without answering.
const ASK_EVERY: Duration = Duration::from_secs(1);
const FORGET_AFTER: Duration = Duration::from_secs(4);

pub fn start_looking(world: &mut World) {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))
        .and_then(|s| {
            s.set_nonblocking(true)?;
            s.set_broadcast(true)?;
            Ok(s)
        })
        .inspect_err(|e| warn!("cannot look for hosts on the local network: {e}"))
        .ok();
    world.insert_resource(LanSearch {
        socket,
        asked: None,
        found: Vec::new(),
    });
}

pub fn stop_looking(world: &mut World) {
    world.remove_resource::<LanSearch>();
}

fn look_for_hosts(time: Res<Time<Real>>, mut search: ResMut<LanSearch>, port: Res<LanPort>) {
    let search = &mut *search;
    let Some(socket) = &search.socket else { return };
    let now = time.elapsed();
    if search.asked.is_none_or(|t| now - t >= ASK_EVERY) {
        search.asked = Some(now);
        let ask = encode(&Lan::Looking);
        // The whole local network, and this computer (broadcasts may not loop back).
        for to in [Ipv4Addr::BROADCAST, Ipv4Addr::LOCALHOST] {
            if let Err(e) = socket.send_to(ask.as_bytes(), (to, port.0)) {
                debug!("cannot ask {to}: {e}");
            }
        }
    }
    let mut buf = [0u8; 1500];
    while let Ok((n, from)) = socket.recv_from(&mut buf) {
        let Ok(Lan::Hosting {
            game,
            port,
            seat,
            host,
            returning,
        }) = decode::<Lan>(&String::from_utf8_lossy(&buf[..n]))
        else {
            continue;
        };
        let addr = SocketAddr::new(from.ip(), port);
        let found = FoundHost::heard(addr, game, seat, host, returning, now);
        // Heard on two ways (broadcast and loopback): listed once, by its address.
        match search
            .found
            .iter_mut()
            .find(|f| f.addr.port() == port && same_host(f.addr, addr))
        {
            Some(f) => *f = found,
            None => search.found.push(found),
        }
    }
    search.found.retain(|f| now - f.seen < FORGET_AFTER);
}

/// Whether two addresses are this computer's both, or the same.
pub(super) fn same_host(a: SocketAddr, b: SocketAddr) -> bool {
    let mine = |s: SocketAddr| s.ip().is_loopback() || Some(s.ip()) == super::link::local_address();
    a.ip() == b.ip() || (mine(a) && mine(b))
}
