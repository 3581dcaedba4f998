//! The transport: renet's reliable ordered channel over UDP, with netcode's connection
//! handshake (unencrypted: a game between two people who trust each other's address).
//! Every message is one text frame of `timefork-net`; the protocol id never changes, so
//! another release still connects and reads the frame's version head.

use bevy::prelude::*;
use bevy_renet::netcode::{
    ClientAuthentication, NetcodeClientPlugin, NetcodeClientTransport, NetcodeServerPlugin,
    NetcodeServerTransport, ServerAuthentication, ServerConfig,
};
use bevy_renet::renet::{ConnectionConfig, DefaultChannel};
use bevy_renet::{RenetClient, RenetClientPlugin, RenetServer, RenetServerPlugin};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use timefork_net::NETCODE_PROTOCOL_ID;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        RenetServerPlugin,
        NetcodeServerPlugin,
        RenetClientPlugin,
        NetcodeClientPlugin,
    ));
}

/// The one channel: reliable and in order, so a move never overtakes the one before.
pub const CHANNEL: DefaultChannel = DefaultChannel::ReliableOrdered;

/// At most this many connections at once: the seated joiner, one coming back before the
/// host noticed the old one drop, and a stranger to refuse.
const MAX_CLIENTS: usize = 4;

fn now() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// Starts listening on `bind` (port 0: any free port); returns the address it listens on.
pub fn start_host(world: &mut World, bind: SocketAddr) -> std::io::Result<SocketAddr> {
    let socket = UdpSocket::bind(bind)?;
    let addr = socket.local_addr()?;
    let config = ServerConfig {
        current_time: now(),
        max_clients: MAX_CLIENTS,
        protocol_id: NETCODE_PROTOCOL_ID,
        public_addresses: vec![addr],
        authentication: ServerAuthentication::Unsecure,
    };
    let transport = NetcodeServerTransport::new(config, socket)?;
    world.insert_resource(RenetServer::new(ConnectionConfig::default()));
    world.insert_resource(transport);
    Ok(addr)
}

/// Starts connecting to a host, from a new socket and a new client id (a host ignores a
/// second connection under an id it still holds).
pub fn start_join(world: &mut World, server: SocketAddr) -> Result<(), String> {
    let any: IpAddr = match server.ip() {
        IpAddr::V4(ip) if ip.is_loopback() => Ipv4Addr::LOCALHOST.into(),
        IpAddr::V4(_) => Ipv4Addr::UNSPECIFIED.into(),
        IpAddr::V6(_) => Ipv6Addr::UNSPECIFIED.into(),
    };
    let socket = UdpSocket::bind((any, 0)).map_err(|e| e.to_string())?;
    let auth = ClientAuthentication::Unsecure {
        protocol_id: NETCODE_PROTOCOL_ID,
        client_id: rand::random::<u64>(),
        server_addr: server,
        user_data: None,
    };
    let transport = NetcodeClientTransport::new(now(), auth, socket).map_err(|e| e.to_string())?;
    world.insert_resource(RenetClient::new(ConnectionConfig::default()));
    world.insert_resource(transport);
    Ok(())
}

/// Drops the joiner's connection at once (without telling the host: what a cable pulled
/// out does; the host notices by the silence).
pub fn drop_join(world: &mut World) {
    world.remove_resource::<NetcodeClientTransport>();
    world.remove_resource::<RenetClient>();
}

/// Closes the joiner's connection politely: the host hears of it at once.
pub fn close_join(world: &mut World) {
    if let Some(mut t) = world.remove_resource::<NetcodeClientTransport>() {
        t.disconnect();
    }
    world.remove_resource::<RenetClient>();
}

/// Stops hosting: every connection is told, then the socket closes.
pub fn stop_host(world: &mut World) {
    if let (Some(mut server), Some(mut transport)) = (
        world.remove_resource::<RenetServer>(),
        world.remove_resource::<NetcodeServerTransport>(),
    ) {
        // What was queued (a goodbye, say) goes out before the disconnect packets.
        transport.send_packets(&mut server);
        transport.disconnect_all(&mut server);
    }
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
