//! Finding a host on the local network, so nobody has to read out an address or a code.
//! The join screen broadcasts `Lan::Looking` to the discovery port (UDP 5758) every
//! second (and asks an address typed in, which a broadcast may not reach); a host whose
//! seat is empty answers `Lan::Hosting` to the sender (its room's code, or that the seat
//! awaits the player who left it), and the join screen lists every host heard from in
//! the last few seconds. Same framed, versioned JSON as the game's messages; a host of
//! another release is not listed.

use super::lan_server::LanServer;
use super::online::OnlineLink;
use bevy::prelude::*;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
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
            start_answering.run_if(resource_added::<LanServer>),
            stop_answering.run_if(resource_removed::<LanServer>),
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
    server: Option<Res<LanServer>>,
    link: Option<Res<OnlineLink>>,
) {
    let mut buf = [0u8; 1500];
    while let Ok((n, from)) = socket.0.recv_from(&mut buf) {
        let (Some(server), Some(link)) = (&server, &link) else {
            continue;
        };
        // Waiting for the other player (the room's code), or for the one who left.
        let waiting = link.game.is_none() && link.code.is_some();
        let returning = link.game.is_some() && link.claim_from.is_some();
        if !link.is_lan() || !(waiting || returning) {
            continue;
        }
        let Ok(Lan::Looking) = decode::<Lan>(&String::from_utf8_lossy(&buf[..n])) else {
            continue;
        };
        let answer = Lan::Hosting {
            game: server.seek.game,
            port: server.addr.port(),
            seat: server.joiner_side(),
            host: link.name.clone(),
            returning,
            code: if waiting { link.code.clone() } else { None },
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
    /// The room's code to join with (none when the seat awaits its player).
    pub code: Option<String>,
    /// When it was last heard (`Time<Real>`).
    seen: Duration,
}

impl FoundHost {
    /// A host as its answer says (`seen`: `Time<Real>`'s elapsed time), or None for
    /// anything but an answer.
    pub fn heard(from: IpAddr, answer: Lan, seen: Duration) -> Option<FoundHost> {
        let Lan::Hosting {
            game,
            port,
            seat,
            host,
            returning,
            code,
        } = answer
        else {
            return None;
        };
        Some(FoundHost {
            addr: SocketAddr::new(from, port),
            game,
            seat,
            name: host,
            returning,
            code,
            seen,
        })
    }
}

/// The join screen's search: its socket and the hosts heard lately.
#[derive(Resource)]
pub struct LanSearch {
    socket: Option<UdpSocket>,
    asked: Option<Duration>,
    pub found: Vec<FoundHost>,
    /// An address typed on the join screen, asked too.
    pub typed: Option<IpAddr>,
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
        typed: None,
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
        // The whole local network, this computer (broadcasts may not loop back), and an
        // address typed in.
        let typed = search.typed.into_iter();
        for to in [Ipv4Addr::BROADCAST.into(), Ipv4Addr::LOCALHOST.into()]
            .into_iter()
            .chain(typed)
        {
            if let Err(e) = socket.send_to(ask.as_bytes(), SocketAddr::new(to, port.0)) {
                debug!("cannot ask {to}: {e}");
            }
        }
    }
    let mut buf = [0u8; 1500];
    while let Ok((n, from)) = socket.recv_from(&mut buf) {
        let Some(found) = decode::<Lan>(&String::from_utf8_lossy(&buf[..n]))
            .ok()
            .and_then(|answer| FoundHost::heard(from.ip(), answer, now))
        else {
            continue;
        };
        let addr = found.addr;
        // Heard on two ways (broadcast and loopback): listed once, by its address.
        match search
            .found
            .iter_mut()
            .find(|f| f.addr.port() == addr.port() && same_host(f.addr, addr))
        {
            Some(f) => *f = found,
            None => search.found.push(found),
        }
    }
    search.found.retain(|f| now - f.seen < FORGET_AFTER);
}

/// Whether two addresses are this computer's both, or the same.
pub fn same_host(a: SocketAddr, b: SocketAddr) -> bool {
    let mine = |s: SocketAddr| s.ip().is_loopback() || Some(s.ip()) == local_address();
    a.ip() == b.ip() || (mine(a) && mine(b))
}

/// Reads an address as a person types it: `192.168.1.20`, `192.168.1.20:5757`, `[::1]:5757`
/// or a host name, with `default_port` when none is given.
pub fn parse_address(text: &str, default_port: u16) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let t = text.trim();
    if t.is_empty() {
        return Err("no address".into());
    }
    if let Ok(a) = t.parse::<SocketAddr>() {
        return Ok(a);
    }
    if let Ok(ip) = t.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, default_port));
    }
    let with_port = if t
        .rsplit_once(':')
        .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
    {
        t.to_string()
    } else {
        format!("{t}:{default_port}")
    };
    with_port
        .to_socket_addrs()
        .map_err(|e| format!("{t}: {e}"))?
        .next()
        .ok_or_else(|| format!("{t}: no address"))
}

/// This computer's address on the local network, to tell the other player (nothing is
/// sent: connecting a UDP socket only picks the route).
pub fn local_address() -> Option<IpAddr> {
    let s = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    s.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = s.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_as_people_type_them() {
        let a = |t| parse_address(t, 5757);
        assert_eq!(
            a("192.168.1.20").unwrap(),
            "192.168.1.20:5757".parse().unwrap()
        );
        assert_eq!(
            a(" 10.0.0.2:6000 ").unwrap(),
            "10.0.0.2:6000".parse().unwrap()
        );
        assert_eq!(a("[::1]:5757").unwrap(), "[::1]:5757".parse().unwrap());
        assert_eq!(a("::1").unwrap(), "[::1]:5757".parse().unwrap());
        assert_eq!(a("localhost").unwrap().port(), 5757);
        assert!(a("").is_err());
        assert!(a("no-such-host.invalid").is_err());
    }
}
